// The number beside the weight paint's legend (ViewToggles.astro): the chosen joint's weight at one
// vertex, and a mark on the colour ramp where that weight sits. A part that a SkinView island
// composes, loaded when the island first paints weights (addWeightReadoutWhenPainted,
// weight-readout-on-demand.ts); it reads the island's model, player and camera, which it does not
// own, and draws nothing on the canvas (it is an overlay only to learn each frame's camera, view
// and joint).
//
// The vertex is the one under the mouse while it hovers the model; else the last one tapped or
// clicked; else the vertex inspector's (vertex-inspector.ts, data-vertex), when the island has one
// and it is on — whichever the reader chose last. The inspector lists every weight of its vertex;
// this shows only the painted joint's, next to the colours. Only while the weight paint is on does
// it pick or write anything; a hover picks at most once per animation frame, skinning the mesh on
// the CPU with the palette of the last frame drawn (skinVertices) and casting the ray through the
// pointer (pickVertex). Nothing is allocated per frame but the text of a changed number.
//
// For tests, the legend ([data-part=weight-legend]) carries data-vertex, data-joint (index into the
// skin's joints) and data-weight (the exact value) of what it shows.

import type { SkinnedPrimitive } from '../../core/model.ts';
import { createVertexPick, pickVertex } from '../../core/picking.ts';
import { skinVertices } from '../../core/skin.ts';
import { rayThroughViewPoint, type OrbitCamera } from '../../gl/camera.ts';
import { MeshView } from '../../gl/mesh-pass.ts';
import type { RenderFrame, Renderer } from '../../gl/renderer.ts';
import { formatNumber } from './format.ts';
import { jointWeightAt } from './joint-weight.ts';
import { part } from './parts.ts';
import type { SkinView, SkinViewOverlay } from './skin-view.ts';

/** A press that moves less than this (CSS pixels) before release is a tap; more, the camera's drag. */
const TAP_SLOP = 4;
/** Digits after the decimal point of the weight shown. */
const DECIMALS = 3;

export class WeightReadout implements SkinViewOverlay {
  private readonly view: SkinView;
  private readonly legend: HTMLElement;
  private readonly text: HTMLElement;
  private readonly marker: HTMLElement | null;
  private readonly canvas: HTMLCanvasElement;

  /** What the last frame showed: the weight paint on or not, its joint, the camera it was drawn with. */
  private painting = false;
  private joint = -1;
  private camera: OrbitCamera | null = null;

  /** Vertex under the hovering mouse (−1: none); the last one tapped, clicked or inspected (−1: none). */
  private hovered = -1;
  private chosen = -1;
  /** Pointer position (client pixels) waiting for the next animation frame's pick; pickPending while one is. */
  private pointerX = 0;
  private pointerY = 0;
  private pickPending = false;

  /** Positions of the primitive `skinned` was sized for (its identity tells a new model). */
  private sizedFor: Float32Array | null = null;
  /** The mesh skinned on the CPU for picking, 3 floats per vertex. */
  private skinned = new Float32Array(0);
  private readonly pick = createVertexPick();
  private readonly rayOrigin = new Float32Array(3);
  private readonly rayDirection = new Float32Array(3);

  /** What the text shows now: vertex, joint, weight in units of 10^−DECIMALS (NaN: nothing yet). */
  private shownVertex = -2;
  private shownJoint = -2;
  private shownWeight = NaN;
  private shownPrimitive: SkinnedPrimitive | null = null;

  private readonly press = { id: -1, x: 0, y: 0 };
  private readonly pickNow = (): void => {
    this.pickPending = false;
    this.hovered = this.vertexAt(this.pointerX, this.pointerY);
    this.show();
  };

  /** Finds the legend in view.host (throws when the island has no ViewToggles.astro or no canvas) and follows `view` from now on. */
  constructor(view: SkinView) {
    this.view = view;
    const legend = part<HTMLElement>(view.host, 'weight-legend');
    const text = legend === null ? null : part<HTMLElement>(legend, 'weight-at');
    const canvas = part<HTMLCanvasElement>(view.host, 'canvas');
    if (legend === null || text === null || canvas === null) {
      throw new Error('WeightReadout: the island has no weight legend with [data-part=weight-at] (ViewToggles.astro) or no canvas');
    }
    this.legend = legend;
    this.text = text;
    this.marker = part<HTMLElement>(legend, 'weight-marker');
    this.canvas = canvas;
    this.listen(view.host);
    view.addOverlay(this);
  }

  draw(_renderer: Renderer, frame: RenderFrame): void {
    this.camera = frame.camera;
    this.painting = frame.view === MeshView.WEIGHTS;
    this.joint = frame.selectedJoint;
    this.show();
  }

  /** The vertex of the model's first primitive under client point (x, y), as the last frame drew it; −1 for none. */
  private vertexAt(x: number, y: number): number {
    const mesh = this.view.model?.meshes[0];
    const primitive = mesh?.primitives[0];
    const palette = mesh === undefined ? undefined : this.view.player?.palettes[mesh.skin];
    if (!this.painting || this.camera === null || primitive === undefined || palette === undefined) return -1;
    if (this.sizedFor !== primitive.positions) {
      this.sizedFor = primitive.positions;
      this.skinned = new Float32Array(3 * primitive.vertexCount);
    }
    const rect = this.canvas.getBoundingClientRect();
    rayThroughViewPoint(this.rayOrigin, this.rayDirection, this.camera, x - rect.left, y - rect.top, rect.width, rect.height);
    skinVertices(this.skinned, null, primitive, palette);
    return pickVertex(this.pick, this.rayOrigin, this.rayDirection, this.skinned, primitive.indices).vertex;
  }

  /** Writes the number, the mark on the ramp and the data attributes, when what they show has changed. */
  private show(): void {
    if (!this.painting) return;
    const model = this.view.model;
    const primitive = model?.meshes[0]?.primitives[0] ?? null;
    const vertex = this.hovered >= 0 ? this.hovered : this.chosen;
    const joint = this.joint;
    const weight = primitive === null || vertex < 0 || joint < 0 ? NaN : jointWeightAt(primitive, vertex, joint);
    const rounded = Math.round(weight * 10 ** DECIMALS);
    if (vertex === this.shownVertex && joint === this.shownJoint && primitive === this.shownPrimitive && (rounded === this.shownWeight || (Number.isNaN(rounded) && Number.isNaN(this.shownWeight)))) return;
    this.shownVertex = vertex;
    this.shownJoint = joint;
    this.shownWeight = rounded;
    this.shownPrimitive = primitive;
    this.text.hidden = false;
    if (Number.isNaN(weight) || model === null) {
      this.text.textContent =
        joint < 0 ? 'Choose a joint to read its weights.' : 'Point at the model, or tap it, to read the weight at a vertex.';
      if (this.marker !== null) this.marker.hidden = true;
      delete this.legend.dataset.vertex;
      delete this.legend.dataset.weight;
      return;
    }
    const skin = model.skins[model.meshes[0].skin];
    const node = skin === undefined || joint >= skin.joints.length ? -1 : skin.joints[joint];
    const name = node >= 0 ? model.hierarchy.names[node] || `joint ${joint}` : `joint ${joint}`;
    this.text.textContent = `Weight of ${name} at vertex ${vertex}: ${formatNumber(weight, DECIMALS, { fixed: true })}`;
    if (this.marker !== null) {
      this.marker.hidden = false;
      this.marker.style.setProperty('--weight', String(Math.min(1, Math.max(0, weight))));
    }
    this.legend.dataset.vertex = String(vertex);
    this.legend.dataset.joint = String(joint);
    this.legend.dataset.weight = String(weight);
  }

  private listen(host: HTMLElement): void {
    const canvas = this.canvas;
    // Hover: a mouse or pen over the canvas with no button down (a drag turns the view instead).
    canvas.addEventListener('pointermove', (event) => {
      if (event.pointerType === 'touch' || event.buttons !== 0 || !this.painting) return;
      this.pointerX = event.clientX;
      this.pointerY = event.clientY;
      if (!this.pickPending) {
        this.pickPending = true;
        requestAnimationFrame(this.pickNow);
      }
    });
    canvas.addEventListener('pointerleave', () => {
      this.hovered = -1;
      this.show();
    });
    // A tap or a click chooses the vertex under it.
    canvas.addEventListener('pointerdown', (event) => {
      this.press.id = event.isPrimary ? event.pointerId : -1;
      this.press.x = event.clientX;
      this.press.y = event.clientY;
    });
    canvas.addEventListener('pointerup', (event) => {
      if (event.pointerId !== this.press.id || !this.painting) return;
      this.press.id = -1;
      if (Math.hypot(event.clientX - this.press.x, event.clientY - this.press.y) >= TAP_SLOP) return;
      const vertex = this.vertexAt(event.clientX, event.clientY);
      if (vertex < 0) return;
      this.chosen = vertex;
      if (event.pointerType === 'touch') this.hovered = -1;
      this.show();
    });
    // The vertex inspector's choice (its previous/next buttons, index field or a click), when it is on.
    const inspector = part<HTMLElement>(host, 'inspector');
    if (inspector !== null) {
      const follow = () => {
        const vertex = Number(inspector.dataset.vertex);
        if (inspector.dataset.on === 'false' || inspector.dataset.vertex === undefined || !Number.isInteger(vertex)) return;
        this.chosen = vertex;
        this.show();
      };
      new MutationObserver(follow).observe(inspector, { attributes: true, attributeFilter: ['data-vertex', 'data-on'] });
      follow();
    }
  }
}
