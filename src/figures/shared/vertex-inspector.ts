// The vertex inspector: the whole of skinning for one vertex, live. A part that any SkinView island
// composes (new VertexInspector(this), with VertexInspector.astro in its markup); it draws over the
// island's frames as a SkinViewOverlay and reads the island's model and player, which it does not
// own. For the chosen vertex of the model's first mesh (its first primitive) it shows:
//
//   in the view     each influence's candidate Mᵢ × v as a ghost point in that influence's colour,
//                   a line from each to the final position, and the final point
//   in the readout  the bind-pose vertex v; per influence its joint (by name), weight wᵢ, skinning
//                   matrix Mᵢ = palette[jointᵢ] and candidate Mᵢ × v; the sum Σ wᵢ·(Mᵢ × v)
//
// The numbers come from the core (explainVertex, src/core/vertex-influence.ts), every frame, from
// the palette the frame was drawn with: they follow the clip, the time slider, the pose toggle and
// any "Break it" choice that changes the palette or the weights. The reader chooses the vertex with
// the previous/next buttons, the index field, or by clicking (tapping) the model: a press that moves
// less than CLICK_SLOP before it is released picks, a longer one is the camera's drag. Picking skins
// the mesh on the CPU (skinVertices) and casts the ray through the pointer (pickVertex).
//
// Switched off, it draws nothing, computes nothing and ignores clicks: the view is the island's
// own, pixel for pixel. Per-frame work allocates nothing but the text of the cells that changed.
//
// For tests and tools, the element [data-part=inspector] carries data-vertex (the vertex shown) and,
// after a click, data-pick ("hit" or "miss") and data-ray (origin x y z, unit direction x y z, model
// space) — the ray the vertex was picked with.

import type { SkinnedPrimitive } from '../../core/model.ts';
import { createVertexPick, pickVertex } from '../../core/picking.ts';
import { skinVertices } from '../../core/skin.ts';
import { createVertexSkinning, explainVertex } from '../../core/vertex-influence.ts';
import { MAX_INFLUENCES } from '../../core/weights.ts';
import { rayThroughViewPoint, type OrbitCamera } from '../../gl/camera.ts';
import { createInspectorPass, drawInspectorPass, type InspectorMarks, type InspectorPass } from '../../gl/inspector-pass.ts';
import type { RenderFrame, Renderer } from '../../gl/renderer.ts';
import { formatNumber } from './format.ts';
import { part } from './parts.ts';
import type { SkinView, SkinViewOverlay } from './skin-view.ts';
import { readCssColor, watchTheme } from './theme.ts';

/** A press that moves less than this (CSS pixels) before release is a click that picks; more, a drag. */
const CLICK_SLOP = 4;
/** The live summary changes at most this often (milliseconds), so a playing clip does not flood it. */
const ANNOUNCE_INTERVAL = 4000;
/** Digits after the decimal point in the readout. */
const DECIMALS = 3;
const SCALE = 10 ** DECIMALS;

/** Number cells of one influence, in this order within its NumberCells. */
const WEIGHT_CELL = 0;
const MATRIX_CELLS = 1; // 16 cells, row by row as on screen
const CANDIDATE_CELLS = 17; // 3
const SUM_WEIGHT_CELL = 20;
const SUM_CANDIDATE_CELLS = 21; // 3
const CELLS_PER_INFLUENCE = 24;

/** Text cells that show numbers with DECIMALS digits; a cell is rewritten only when its rounded value changes. */
class NumberCells {
  private readonly elements: HTMLElement[];
  /** The value each cell shows, in units of 10^−DECIMALS (NaN: not written yet). */
  private readonly shown: Float64Array;

  constructor(elements: HTMLElement[]) {
    this.elements = elements;
    this.shown = new Float64Array(elements.length).fill(NaN);
  }

  /** Shows `value` in cell `index`; returns true when the text changed. */
  set(index: number, value: number): boolean {
    const rounded = Math.round(value * SCALE);
    if (this.shown[index] === rounded) return false;
    this.shown[index] = rounded;
    const element = this.elements[index];
    if (element !== undefined) element.textContent = formatNumber(rounded / SCALE, DECIMALS, { fixed: true, minus: '\u2212' });
    return true;
  }
}

/** One influence's part of the readout: its card and its term of the sum. */
interface InfluenceView {
  card: HTMLElement;
  term: HTMLElement | null;
  jointName: HTMLElement | null;
  jointIndex: HTMLElement | null;
  paletteIndex: HTMLElement | null;
  cells: NumberCells;
  /** Joint shown (index into the skin's joints), −1 for none yet. */
  shownJoint: number;
}

export class VertexInspector implements SkinViewOverlay {
  private readonly view: SkinView;
  private readonly root: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly toggle: HTMLInputElement | null;
  private readonly chooser: HTMLElement | null;
  private readonly body: HTMLElement | null;
  private readonly indexInput: HTMLInputElement | null;
  private readonly countText: HTMLElement | null;
  private readonly note: HTMLElement | null;
  private readonly summary: HTMLElement | null;
  private readonly influenceViews: InfluenceView[];
  private readonly bindCells: NumberCells;
  private readonly finalCells: NumberCells;

  /** Switched on: draws, computes and picks. */
  private on: boolean;
  /** The vertex shown (index into the first primitive's vertices); −1 until a model is shown. */
  private vertex = -1;
  /** The vertex the markup asks to start on, or −1 for the most evenly blended one. */
  private readonly startVertex: number;
  /** Positions of the primitive the readout was set up for (its identity tells a new model). */
  private shownPositions: Float32Array | null = null;
  private vertexCount = 0;
  /** Influences shown in the readout (−1: not yet). */
  private shownCount = -1;

  /** The vertex taken apart, rewritten each frame (explainVertex). */
  private readonly influences = createVertexSkinning();
  /** The whole mesh skinned on the CPU, for picking (3 floats per vertex; sized per model). */
  private skinned = new Float32Array(0);
  private readonly pick = createVertexPick();
  private readonly rayOrigin = new Float32Array(3);
  private readonly rayDirection = new Float32Array(3);
  /** The camera of the last frame drawn, which a click's ray is cast with; null before the first frame. */
  private camera: OrbitCamera | null = null;

  private pass: InspectorPass | null = null;
  /** The renderer `pass` was made for: another one (a restored context) needs a new pass. */
  private passRenderer: Renderer | null = null;
  private readonly marks: InspectorMarks;

  /** The press that may become a click: pointer id (−1: none), where it went down, CSS pixels. */
  private pressId = -1;
  private pressX = 0;
  private pressY = 0;
  private pointersDown = 0;

  /** performance.now() of the last summary written; a committed change announces at once. */
  private lastAnnounced = -Infinity;
  private announceNow = false;
  private trailingTimer = 0;
  private readonly onTrailing = (): void => {
    this.trailingTimer = 0;
    this.view.requestRender();
  };

  /** Finds the inspector's markup in view.host (throws when there is none) and draws over `view` from now on. */
  constructor(view: SkinView) {
    const root = part<HTMLElement>(view.host, 'inspector');
    const canvas = part<HTMLCanvasElement>(view.host, 'canvas');
    if (root === null || canvas === null) throw new Error('VertexInspector: the island has no [data-part=inspector] (VertexInspector.astro) or no canvas');
    this.view = view;
    this.root = root;
    this.canvas = canvas;
    this.toggle = part<HTMLInputElement>(root, 'inspector-on');
    this.chooser = part(root, 'inspector-chooser');
    this.body = part(root, 'inspector-body');
    this.indexInput = part<HTMLInputElement>(root, 'vertex-index');
    this.countText = part(root, 'vertex-count');
    this.note = part(root, 'inspector-note');
    this.summary = part(root, 'inspector-summary');
    const start = Number(root.dataset.startVertex);
    this.startVertex = root.dataset.startVertex !== undefined && Number.isInteger(start) && start >= 0 ? start : -1;
    this.on = this.toggle === null ? true : this.toggle.checked;

    const fields = (element: Element, name: string) => Array.from(element.querySelectorAll<HTMLElement>(`[data-field="${name}"]`));
    this.influenceViews = Array.from(root.querySelectorAll<HTMLElement>('[data-part=influence]')).map((card, slot) => {
      const term = root.querySelector<HTMLElement>(`[data-part=sum-term][data-slot="${slot}"]`);
      const cells = [
        ...fields(card, 'weight'),
        ...Array.from(card.querySelectorAll<HTMLElement>('table[data-field=matrix] tbody td')),
        ...fields(card, 'candidate'),
        ...(term === null ? [] : [...fields(term, 'weight'), ...fields(term, 'candidate')]),
      ];
      return {
        card,
        term,
        jointName: card.querySelector<HTMLElement>('[data-field=joint]'),
        jointIndex: card.querySelector<HTMLElement>('[data-field=joint-index]'),
        paletteIndex: card.querySelector<HTMLElement>('[data-field=palette-index]'),
        cells: new NumberCells(cells.length === CELLS_PER_INFLUENCE ? cells : []),
        shownJoint: -1,
      };
    });
    this.bindCells = new NumberCells(fields(root, 'bind'));
    this.finalCells = new NumberCells(fields(root, 'final'));

    const ghostColors = Array.from({ length: MAX_INFLUENCES }, () => new Float32Array(3));
    this.marks = {
      viewProjection: new Float32Array(16),
      width: 1,
      height: 1,
      pixelRatio: 1,
      count: 0,
      candidates: this.influences.candidates,
      position: this.influences.position,
      ghostColors,
      finalColor: new Float32Array(3),
      haloColor: new Float32Array(3),
    };
    this.trackColors();
    this.listen();
    this.showOn();
    view.addOverlay(this);
  }

  /** The vertex the inspector starts on for `primitive`: the markup's choice, else the most evenly blended one. */
  startVertexOf(primitive: SkinnedPrimitive): number {
    const count = Math.min(primitive.vertexCount, Math.floor(primitive.positions.length / 3));
    return this.startVertex >= 0 && this.startVertex < count ? this.startVertex : mostEvenlyBlended(primitive);
  }

  /** Shows vertex `vertex` (wrapped into the mesh's range) and announces it. */
  select(vertex: number): void {
    const count = this.vertexCount;
    if (count === 0 || !Number.isFinite(vertex)) return;
    const wrapped = ((Math.round(vertex) % count) + count) % count;
    this.vertex = wrapped;
    this.root.dataset.vertex = String(wrapped);
    if (this.indexInput !== null && this.indexInput.valueAsNumber !== wrapped) this.indexInput.value = String(wrapped);
    this.announceNow = true;
    this.view.requestRender();
  }

  // ── SkinViewOverlay ──────────────────────────────────────────────────────────────────────

  draw(renderer: Renderer, frame: RenderFrame): void {
    this.camera = frame.camera;
    if (!this.on) return;
    const model = this.view.model;
    const player = this.view.player;
    const mesh = model?.meshes[0];
    const primitive = mesh?.primitives[0];
    if (model === null || player === null || mesh === undefined || primitive === undefined) return;
    const palette = player.palettes[mesh.skin];
    if (palette === undefined) return;
    if (primitive.positions !== this.shownPositions) this.showPrimitive(primitive);
    if (this.pass === null || this.passRenderer !== renderer) {
      try {
        this.pass = createInspectorPass(renderer.gl);
        this.passRenderer = renderer;
      } catch (error) {
        if (renderer.gl.isContextLost()) return;
        this.view.fail('error', `The vertex inspector could not start its graphics.\n${(error as Error).message}`);
        return;
      }
    }

    const influences = explainVertex(this.influences, primitive, palette, this.vertex);
    const marks = this.marks;
    marks.viewProjection = frame.camera.viewProjection;
    marks.width = frame.width;
    marks.height = frame.height;
    marks.pixelRatio = frame.pixelRatio;
    marks.count = influences.count;
    drawInspectorPass(renderer.gl, this.pass, marks);
    this.showNumbers(palette);
    this.announce();
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────

  /**
   * A new model (or the first): sizes the picking buffer and the chooser, and chooses the start
   * vertex (the vertex shown before indexes another mesh: it is not kept). Set-up work.
   */
  private showPrimitive(primitive: SkinnedPrimitive): void {
    this.shownPositions = primitive.positions;
    this.vertexCount = Math.min(primitive.vertexCount, Math.floor(primitive.positions.length / 3));
    this.skinned = new Float32Array(3 * this.vertexCount);
    if (this.indexInput !== null) this.indexInput.max = String(Math.max(0, this.vertexCount - 1));
    if (this.countText !== null) this.countText.textContent = `(0 to ${Math.max(0, this.vertexCount - 1)})`;
    this.select(this.startVertexOf(primitive));
  }

  /** Writes the readout from this.influences; only cells whose rounded value changed are touched. */
  private showNumbers(palette: Float32Array): void {
    const influences = this.influences;
    const count = influences.count;
    if (count !== this.shownCount) {
      this.influenceViews.forEach((view, slot) => {
        view.card.hidden = slot >= count;
        if (view.term !== null) view.term.hidden = slot >= count;
      });
      this.shownCount = count;
    }
    for (let i = 0; i < 3; i++) {
      this.bindCells.set(i, influences.bindPosition[i]);
      this.finalCells.set(i, influences.position[i]);
    }
    for (let slot = 0; slot < count && slot < this.influenceViews.length; slot++) {
      const view = this.influenceViews[slot];
      const joint = influences.joints[slot];
      if (view.shownJoint !== joint) this.showJoint(view, joint);
      const cells = view.cells;
      const weight = influences.weights[slot];
      cells.set(WEIGHT_CELL, weight);
      cells.set(SUM_WEIGHT_CELL, weight);
      const inPalette = influences.inPalette[slot] === 1;
      for (let row = 0; row < 4; row++) {
        for (let column = 0; column < 4; column++) {
          // A joint with no matrix in the palette counts as the identity, as in skinVertices.
          const value = inPalette ? palette[16 * joint + 4 * column + row] : row === column ? 1 : 0;
          cells.set(MATRIX_CELLS + 4 * row + column, value);
        }
      }
      for (let axis = 0; axis < 3; axis++) {
        const candidate = influences.candidates[3 * slot + axis];
        cells.set(CANDIDATE_CELLS + axis, candidate);
        cells.set(SUM_CANDIDATE_CELLS + axis, candidate);
      }
    }
  }

  /** Names joint `joint` (index into the skin's joints) in an influence's card. Runs when the vertex or its weights change. */
  private showJoint(view: InfluenceView, joint: number): void {
    view.shownJoint = joint;
    const model = this.view.model;
    const skin = model?.skins[model.meshes[0]?.skin ?? 0];
    const node = skin !== undefined && joint < skin.joints.length ? skin.joints[joint] : -1;
    if (view.jointName !== null) view.jointName.textContent = node >= 0 ? model!.hierarchy.names[node] || `joint ${joint}` : `joint ${joint} (not in the skin)`;
    if (view.jointIndex !== null) view.jointIndex.textContent = String(joint);
    if (view.paletteIndex !== null) view.paletteIndex.textContent = String(joint);
  }

  /**
   * Writes the live summary: at once after a committed change (a vertex chosen), otherwise at most
   * every ANNOUNCE_INTERVAL, with a last one when the numbers stop changing.
   */
  private announce(): void {
    if (this.summary === null) return;
    const now = performance.now();
    const wait = this.lastAnnounced + ANNOUNCE_INTERVAL - now;
    if (!this.announceNow && wait > 0) {
      if (this.trailingTimer === 0) this.trailingTimer = window.setTimeout(this.onTrailing, wait);
      return;
    }
    this.announceNow = false;
    this.lastAnnounced = now;
    const text = this.describe();
    if (this.summary.textContent !== text) this.summary.textContent = text;
  }

  /** One sentence for screen readers: the vertex, its joints and weights, where it is drawn. */
  private describe(): string {
    const { count, joints, weights, position } = this.influences;
    const model = this.view.model;
    const skin = model?.skins[model.meshes[0]?.skin ?? 0];
    const number = (value: number) => formatNumber(value, 2, { minus: '\u2212' });
    const parts: string[] = [];
    for (let i = 0; i < count; i++) {
      const node = skin !== undefined && joints[i] < skin.joints.length ? skin.joints[joints[i]] : -1;
      const name = node >= 0 ? model!.hierarchy.names[node] || `joint ${joints[i]}` : `joint ${joints[i]}`;
      parts.push(`${name} ${number(weights[i])}`);
    }
    const influences = count === 0 ? 'no joint' : parts.join(', ');
    return `Vertex ${this.vertex}: ${influences}; skinned position (${number(position[0])}, ${number(position[1])}, ${number(position[2])}).`;
  }

  /** Casts the ray through the view point (clientX, clientY) and shows the vertex it picks, if any. */
  private pickAt(clientX: number, clientY: number): void {
    const model = this.view.model;
    const player = this.view.player;
    const mesh = model?.meshes[0];
    const primitive = mesh?.primitives[0];
    const palette = mesh === undefined ? undefined : player?.palettes[mesh.skin];
    if (!this.on || this.camera === null || primitive === undefined || palette === undefined || primitive.positions !== this.shownPositions) return;
    const rect = this.canvas.getBoundingClientRect();
    rayThroughViewPoint(this.rayOrigin, this.rayDirection, this.camera, clientX - rect.left, clientY - rect.top, rect.width, rect.height);
    // The mesh as the frame drew it: the palette of the last frame, on the CPU.
    skinVertices(this.skinned, null, primitive, palette);
    const pick = pickVertex(this.pick, this.rayOrigin, this.rayDirection, this.skinned, primitive.indices);
    this.root.dataset.ray = [...this.rayOrigin, ...this.rayDirection].join(' ');
    this.root.dataset.pick = pick.vertex >= 0 ? 'hit' : 'miss';
    if (this.note !== null) {
      this.note.hidden = pick.vertex >= 0;
      this.note.textContent = pick.vertex >= 0 ? '' : `No part of the model there: still vertex ${this.vertex}.`;
    }
    if (pick.vertex >= 0) this.select(pick.vertex);
  }

  private showOn(): void {
    this.root.dataset.on = String(this.on);
    if (this.chooser !== null) this.chooser.hidden = !this.on;
    if (this.body !== null) this.body.hidden = !this.on;
    if (!this.on && this.note !== null) this.note.hidden = true;
  }

  private listen(): void {
    this.toggle?.addEventListener('change', () => {
      this.on = this.toggle!.checked;
      this.showOn();
      if (this.on) this.announceNow = true;
      this.view.requestRender();
    });
    part<HTMLButtonElement>(this.root, 'vertex-previous')?.addEventListener('click', () => this.select(this.vertex - 1));
    part<HTMLButtonElement>(this.root, 'vertex-next')?.addEventListener('click', () => this.select(this.vertex + 1));
    const input = this.indexInput;
    if (input !== null) {
      // While typing, a valid index shows at once; leaving the field (or Enter) puts back the one shown.
      input.addEventListener('input', () => {
        const value = input.valueAsNumber;
        if (Number.isInteger(value) && value >= 0 && value < this.vertexCount) this.select(value);
      });
      input.addEventListener('change', () => {
        const value = input.valueAsNumber;
        if (Number.isInteger(value) && value >= 0 && value < this.vertexCount) this.select(value);
        else input.value = String(this.vertex);
      });
    }

    // A click or a tap picks; the camera's drag (orbit-input.ts) sees the same events and turns the
    // view, so a press counts as a click only if it stays within CLICK_SLOP and no second pointer joins.
    const canvas = this.canvas;
    canvas.addEventListener('pointerdown', (event) => {
      this.pointersDown++;
      if (this.pointersDown > 1 || (event.pointerType === 'mouse' && event.button !== 0)) {
        this.pressId = -1;
        return;
      }
      this.pressId = event.pointerId;
      this.pressX = event.clientX;
      this.pressY = event.clientY;
    });
    canvas.addEventListener('pointermove', (event) => {
      if (event.pointerId === this.pressId && Math.hypot(event.clientX - this.pressX, event.clientY - this.pressY) >= CLICK_SLOP) this.pressId = -1;
    });
    canvas.addEventListener('pointerup', (event) => {
      this.pointersDown = Math.max(0, this.pointersDown - 1);
      if (event.pointerId !== this.pressId) return;
      this.pressId = -1;
      if (Math.hypot(event.clientX - this.pressX, event.clientY - this.pressY) < CLICK_SLOP) this.pickAt(event.clientX, event.clientY);
    });
    canvas.addEventListener('pointercancel', (event) => {
      this.pointersDown = Math.max(0, this.pointersDown - 1);
      if (event.pointerId === this.pressId) this.pressId = -1;
    });
  }

  /** Keeps the marks' colours equal to the theme's --inspector-* properties (VertexInspector.astro). */
  private trackColors(): void {
    const probe = document.createElement('span');
    probe.hidden = true;
    this.root.append(probe);
    const read = () => {
      const { ghostColors, finalColor, haloColor } = this.marks;
      const fallbacks = ['#d55e00', '#0072b2', '#009e73', '#cc79a7'];
      ghostColors.forEach((color, i) => readCssColor(color, probe, `--inspector-influence-${i + 1}`, fallbacks[i]));
      readCssColor(finalColor, probe, '--inspector-final', '#1d2126');
      readCssColor(haloColor, probe, '--inspector-halo', '#ffffff');
    };
    read();
    watchTheme(() => {
      read();
      this.view.requestRender();
    });
  }
}

/**
 * The vertex whose influences are the most evenly shared: the largest second-largest weight (then
 * the largest third, the lowest index) — a vertex at a joint, where blending shows. Set-up work.
 */
export function mostEvenlyBlended(primitive: SkinnedPrimitive): number {
  let best = 0;
  let bestSecond = -1;
  let bestThird = -1;
  const sorted = new Float32Array(4);
  for (let v = 0; v < primitive.vertexCount; v++) {
    sorted.set(primitive.weights.subarray(4 * v, 4 * v + 4));
    sorted.sort().reverse();
    if (sorted[1] > bestSecond || (sorted[1] === bestSecond && sorted[2] > bestThird)) {
      best = v;
      bestSecond = sorted[1];
      bestThird = sorted[2];
    }
  }
  return best;
}
