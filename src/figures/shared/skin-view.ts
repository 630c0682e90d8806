// The part every island shares: a canvas showing a skinned model, its WebGL context (taken,
// released, lost and restored), the orbit camera, the frame loop, the theme colours, the status
// line, and the controls every island has (play/pause, bind pose ↔ animated, skeleton overlay,
// weight paint, joint choice, reset view, optional time slider and matrix readout).
//
// Frames are drawn on demand: one after any change, and continuously only while a clip plays.
// Per-frame work reuses buffers made at set-up and allocates nothing.
//
// The element's data-state (see island-manager.ts) is derived from this object's fields by
// updateState(), the only place that writes it.

import { Playback, wrapClipTime } from '../../core/clip.ts';
import { loadGltf } from '../../core/gltf/index.ts';
import type { Model } from '../../core/model.ts';
import { animateFrame, createPlayer, showRestPose, type Player } from '../../core/frame.ts';
import { skinVertices } from '../../core/skin.ts';
import { createOrbitCamera, frameBox } from '../../gl/camera.ts';
import { placeGround, type GroundPlacement } from '../../gl/ground-pass.ts';
import { MeshView } from '../../gl/mesh-pass.ts';
import { uploadInfluences } from '../../gl/mesh.ts';
import { createRenderer, drawFrame, type RenderFrame, type Renderer } from '../../gl/renderer.ts';
import type { Island } from './island-manager.ts';
import { describeJointMatrices, MatrixReadout } from './matrix-readout.ts';
import { attachOrbitInput } from './orbit-input.ts';
import { formatNumber } from './format.ts';
import { readCssColor, watchTheme } from './theme.ts';

/** The site's base path ("/" or "/sub/"), as Vite bakes it in. */
const BASE_URL = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;
/** Framebuffer pixels per CSS pixel are capped here: sharper buys little, costs fill rate. */
const MAX_PIXEL_RATIO = 2;
/** Longest time step (seconds) a frame may advance a clip, so a stall never skips ahead. */
const MAX_FRAME_STEP = 0.1;

export interface SkinViewOptions {
  /** Draw the ground grid and contact shadow. */
  ground: boolean;
  /** Initial camera angles, radians (see OrbitCamera). */
  yaw: number;
  pitch: number;
  /** Start playing when first shown (never when the reader prefers reduced motion). */
  autoplay: boolean;
}

/** An axis-aligned box, model units (3 floats per corner). */
export interface Bounds {
  min: Float32Array;
  max: Float32Array;
}

function part<T extends Element>(host: HTMLElement, name: string): T | null {
  return host.querySelector<T>(`[data-part="${name}"]`);
}


export class SkinView implements Island {
  readonly host: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly options: SkinViewOptions;

  // What is shown; subclasses and controls change these, then call requestRender().
  model: Model | null = null;
  player: Player | null = null;
  /** Clip played (index into model.clips), −1 for none. */
  clipIndex = -1;
  /** Seconds into the clip (before looping). */
  time = 0;
  playing = false;
  showBindPose = false;
  showSkeleton = false;
  view: MeshView = MeshView.SHADED;
  /** Index into the first skin's joint list, −1 for none. */
  selectedJoint = -1;

  readonly camera = createOrbitCamera();
  holdsContext = false;

  private readonly status: HTMLElement | null;
  private readonly readout: MatrixReadout | null;
  private readonly playButton: HTMLButtonElement | null;
  private readonly timeSlider: HTMLInputElement | null;
  private readonly timeOutput: HTMLOutputElement | null;
  private readonly jointSelect: HTMLSelectElement | null;

  private gl: WebGL2RenderingContext | null = null;
  private loseContextExtension: WEBGL_lose_context | null = null;
  private renderer: Renderer | null = null;
  /** The context is lost because release() asked for it (not an accident). */
  private releasing = false;
  private contextLost = false;
  private visible = false;
  /** A message that ends the island (error, unsupported): state and text stay as set. */
  private failure: { state: 'error' | 'unsupported'; message: string } | null = null;
  private cameraMoved = false;
  /** Clip time shown in the time output, in hundredths of a second (−1: none yet). */
  private shownHundredths = -1;
  /** The message the status line shows (null: still the server-rendered text). */
  private shownMessage: string | null = null;
  private frameRequest = 0;
  private lastTimestamp = -1;
  private bounds: Bounds = { min: new Float32Array(3).fill(-1), max: new Float32Array(3).fill(1) };
  private ground: GroundPlacement | null = null;
  private readonly frame: RenderFrame;
  private readonly onAnimationFrame = (timestamp: number): void => this.renderFrame(timestamp);
  /** A hidden element whose computed colour resolves theme colours (see theme.ts). */
  private readonly colorProbe: HTMLElement;

  constructor(host: HTMLElement, options: SkinViewOptions) {
    this.host = host;
    this.options = options;
    const canvas = part<HTMLCanvasElement>(host, 'canvas');
    if (canvas === null) throw new Error('island markup has no [data-part=canvas]');
    this.canvas = canvas;
    this.status = part(host, 'status');
    const readoutRoot = part<HTMLElement>(host, 'readout');
    this.readout = readoutRoot === null ? null : new MatrixReadout(readoutRoot);
    this.playButton = part(host, 'play');
    this.timeSlider = part(host, 'time');
    this.timeOutput = part(host, 'time-output');
    this.jointSelect = part(host, 'joint');

    this.frame = {
      camera: this.camera,
      width: 1,
      height: 1,
      pixelRatio: 1,
      globals: new Float32Array(0),
      palettes: [],
      view: MeshView.SHADED,
      showSkeleton: false,
      selectedJoint: -1,
      axisLength: 1,
      colors: { mesh: new Float32Array(3), bone: new Float32Array(3), accent: new Float32Array(3), grid: new Float32Array(3) },
      ground: null,
    };
    this.colorProbe = document.createElement('span');
    this.colorProbe.hidden = true;
    canvas.after(this.colorProbe);
    this.readColors();
    watchTheme(() => {
      this.readColors();
      this.requestRender();
    });

    canvas.addEventListener('webglcontextlost', (event) => this.onContextLost(event));
    canvas.addEventListener('webglcontextrestored', () => this.onContextRestored());
    new ResizeObserver(() => this.onResize()).observe(canvas);
    this.watchPixelRatio();
    attachOrbitInput(canvas, this.camera, () => {
      this.cameraMoved = true;
      this.requestRender();
    });
    this.bindCommonControls();
    this.updateState();
  }

  // ── Island (called by the island manager) ────────────────────────────────────────────────

  acquire(): void {
    if (this.failure !== null) return;
    this.holdsContext = true;
    if (this.gl === null) {
      const gl = this.canvas.getContext('webgl2', { antialias: true, alpha: true, premultipliedAlpha: true });
      if (gl === null) {
        this.holdsContext = false;
        this.fail(
          'unsupported',
          'This interactive figure needs WebGL2, which this browser did not provide: it may be switched off, or the graphics driver may be blocked. The text around the figure describes what it shows.',
        );
        return;
      }
      this.gl = gl;
      this.loseContextExtension = gl.getExtension('WEBGL_lose_context');
      this.buildRenderer();
    } else if (this.contextLost && this.releasing) {
      // Given back by release(): ask for it again; onContextRestored rebuilds.
      this.loseContextExtension?.restoreContext();
    } else if (this.renderer === null && !this.contextLost) {
      this.buildRenderer();
    }
    this.updateState();
  }

  release(): void {
    this.holdsContext = false;
    this.cancelFrame();
    if (this.gl !== null && !this.contextLost && this.loseContextExtension !== null) {
      this.releasing = true;
      this.renderer = null;
      this.loseContextExtension.loseContext();
    }
    this.updateState();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.requestRender();
    else this.cancelFrame();
    this.updateState();
  }

  // ── For subclasses ───────────────────────────────────────────────────────────────────────

  /**
   * Shows `model` (set-up work: allocates the player, measures the bounds, frames the camera).
   * `clipIndex` picks the clip to play (−1: none).
   */
  setModel(model: Model, clipIndex: number): void {
    this.model = model;
    this.player = createPlayer(model);
    this.clipIndex = clipIndex;
    this.time = 0;
    const bounds = this.measureBounds();
    this.bounds = bounds;
    this.ground = this.options.ground ? placeGround(bounds.min, bounds.max) : null;
    const { min, max } = bounds;
    this.frame.axisLength = 0.08 * Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    this.frameCamera();
    this.fillJointSelect();
    this.playing = this.options.autoplay && clipIndex >= 0 && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.syncControls();
    if (this.holdsContext && this.gl !== null && !this.contextLost) this.buildRenderer();
    this.updateState();
  }

  /**
   * Loads public/models/`file` with the core's glTF loader, or shows why it could not be loaded
   * (the HTTP status, or the GltfError naming the JSON path) and returns null.
   */
  protected async loadModelFile(file: string): Promise<Model | null> {
    try {
      return await loadGltf(`${BASE_URL}models/${file}`);
    } catch (error) {
      this.fail('error', `The model ${file} could not be loaded.\n${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Calls `choose` with the value of the radio newly checked in the group [data-part=`part`]
   * (a ChoiceGroup), and returns the value checked now (a reload may restore another choice than
   * the first), or null when the group has none checked.
   */
  protected onChoice(part: string, choose: (value: string) => void): string | null {
    let checked: string | null = null;
    for (const radio of this.host.querySelectorAll<HTMLInputElement>(`[data-part=${part}] input[type=radio]`)) {
      if (radio.checked) checked = radio.value;
      radio.addEventListener('change', () => {
        if (radio.checked) choose(radio.value);
      });
    }
    return checked;
  }

  /**
   * Loads public/models/`file` and finds the clip named `clipName` (its first clip, or −1 when it
   * has none, for ""), or shows why it cannot — the load error, no skinned mesh, no such clip
   * (with the names it has) — and returns null.
   */
  protected async loadModelAndClip(file: string, clipName: string): Promise<{ model: Model; clipIndex: number } | null> {
    const model = await this.loadModelFile(file);
    if (model === null) return null;
    if (model.meshes.length === 0 || model.skins.length === 0) {
      this.fail('error', `The model ${file} has no skinned mesh to show.`);
      return null;
    }
    if (clipName === '') return { model, clipIndex: model.clips.length > 0 ? 0 : -1 };
    const clipIndex = model.clips.findIndex((clip) => clip.name === clipName);
    if (clipIndex < 0) {
      const names = model.clips.map((clip) => `"${clip.name}"`).join(', ') || 'none';
      this.fail('error', `The model ${file} has no clip named "${clipName}" (its clips: ${names}).`);
      return null;
    }
    return { model, clipIndex };
  }

  /** Shows `message` and stops for good (a model that failed to load, a shader error). */
  fail(state: 'error' | 'unsupported', message: string): void {
    this.failure = { state, message };
    this.cancelFrame();
    this.setControlsEnabled(false);
    // A failed island never draws again: its context goes back to the page's budget.
    if (this.holdsContext) this.release();
    this.updateState();
  }

  /** Schedules one frame (if the island is shown and ready); cheap to call often. */
  requestRender(): void {
    if (this.frameRequest === 0 && this.visible && this.renderer !== null) {
      this.frameRequest = requestAnimationFrame(this.onAnimationFrame);
    }
  }

  /**
   * Shows the first primitive of mesh `meshIndex` with other joints and weights (4 per vertex
   * each): the model keeps them (so a restored context uploads them again) and the GPU gets them
   * now. The loaded arrays are not changed.
   */
  replaceInfluences(meshIndex: number, joints: Uint16Array, weights: Float32Array): void {
    const model = this.model;
    const mesh = model?.meshes[meshIndex];
    if (model === null || mesh === undefined || mesh.primitives.length === 0) return;
    const primitive = { ...mesh.primitives[0], joints, weights };
    const meshes = model.meshes.map((m, i) => (i === meshIndex ? { ...m, primitives: [primitive, ...m.primitives.slice(1)] } : m));
    this.model = { ...model, meshes };
    if (this.renderer !== null && this.gl !== null) {
      // Renderer primitives are every mesh's primitives in order: find this mesh's first.
      let flat = 0;
      for (let i = 0; i < meshIndex; i++) flat += model.meshes[i].primitives.length;
      uploadInfluences(this.gl, this.renderer.primitives[flat].vertexArray, joints, weights);
    }
    this.requestRender();
  }

  /** Starts or stops playback; starting leaves the bind pose. */
  setPlaying(playing: boolean): void {
    this.playing = playing && this.clipIndex >= 0;
    if (this.playing) this.showBindPose = false;
    this.lastTimestamp = -1;
    this.syncControls();
    this.requestRender();
  }

  /**
   * Poses the model for this frame (fills player.locals/globals/palettes). The default plays
   * the clip, or shows the bind pose; the arm overrides it with its slider angles.
   */
  protected updatePose(): void {
    const player = this.player!;
    const clip = player.model.clips[this.clipIndex];
    if (this.showBindPose || clip === undefined) showRestPose(player);
    else animateFrame(player, clip, this.time, Playback.LOOP);
  }

  /** Seconds into the current clip that this.time samples (looped), 0 without a clip. */
  protected clipTime(): number {
    const clip = this.model?.clips[this.clipIndex];
    return clip === undefined ? 0 : wrapClipTime(this.time, clip.duration, Playback.LOOP);
  }

  /** After each frame: keeps the time slider and readout in step. Subclasses may add more. */
  protected afterFrame(): void {
    if (this.playing && this.timeSlider !== null && this.player !== null) {
      const clipTime = this.clipTime();
      this.timeSlider.valueAsNumber = clipTime;
      this.showTime(clipTime);
    }
    this.updateReadout();
  }

  /** Writes the clip time into the time output when its displayed value changes. */
  private showTime(seconds: number): void {
    const hundredths = Math.round(seconds * 100);
    if (this.timeOutput === null || hundredths === this.shownHundredths) return;
    this.shownHundredths = hundredths;
    this.timeOutput.value = `${formatNumber(seconds, 2, { fixed: true })} s`;
  }

  /** Hierarchy index of the selected joint, or −1. */
  selectedNode(): number {
    const skin = this.model?.skins[0];
    return skin !== undefined && this.selectedJoint >= 0 && this.selectedJoint < skin.joints.length ? skin.joints[this.selectedJoint] : -1;
  }

  /** Writes the selected joint's matrices into the readout (if the island has one). */
  updateReadout(): void {
    const node = this.selectedNode();
    if (this.readout === null || this.player === null || node < 0) return;
    this.readout.update(this.player.locals, 16 * node, this.player.globals, 16 * node);
  }

  /** Announces the selected joint's matrices (after a committed change, not while dragging). */
  announceReadout(): void {
    const node = this.selectedNode();
    if (this.readout === null || this.player === null || this.model === null || node < 0) return;
    this.readout.announce(describeJointMatrices(this.model.hierarchy.names[node] || `joint ${this.selectedJoint}`, this.player.locals, 16 * node, this.player.globals, 16 * node));
  }

  /** Selects a joint (index into the first skin's joint list): highlight, weight paint, readout. */
  selectJoint(joint: number): void {
    this.selectedJoint = joint;
    if (this.jointSelect !== null) this.jointSelect.value = String(joint);
    this.updateReadout();
    this.requestRender();
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────

  private buildRenderer(): void {
    if (this.gl === null || this.model === null || this.failure !== null) return;
    try {
      this.renderer = createRenderer(this.gl, this.model, this.options.ground);
    } catch (error) {
      if (this.gl.isContextLost()) return;
      this.fail('error', `This figure could not start its graphics.\n${(error as Error).message}`);
      return;
    }
    this.setControlsEnabled(true);
    this.onResize();
    this.requestRender();
  }

  private onContextLost(event: Event): void {
    // Without preventDefault the browser would never restore the context.
    event.preventDefault();
    this.contextLost = true;
    this.renderer = null;
    this.cancelFrame();
    this.updateState();
  }

  private onContextRestored(): void {
    this.contextLost = false;
    this.releasing = false;
    if (!this.holdsContext) {
      // Restored while released (the browser's doing): give it straight back.
      this.releasing = true;
      this.loseContextExtension?.loseContext();
      return;
    }
    this.buildRenderer();
    this.updateState();
  }

  private updateState(): void {
    let state: string;
    let message = '';
    if (this.failure !== null) {
      state = this.failure.state;
      message = this.failure.message;
    } else if (this.contextLost && !this.releasing) {
      state = 'lost';
      message = 'The graphics context was lost (the GPU was reset or the browser reclaimed it). The figure comes back as soon as the browser restores it.';
    } else if (!this.holdsContext) {
      state = 'idle';
    } else if (this.model === null || this.renderer === null) {
      state = 'loading';
      message = 'Loading…';
    } else {
      state = this.visible ? 'running' : 'paused';
    }
    if (this.host.dataset.state !== state) this.host.dataset.state = state;
    this.host.dataset.playing = String(this.playing);
    if (this.status !== null && this.shownMessage !== message) {
      // First line: what happened, in words; the rest: the details (file names, lines, paths).
      this.shownMessage = message;
      const newline = message.indexOf('\n');
      const title = document.createElement('strong');
      title.textContent = newline < 0 ? message : message.slice(0, newline);
      this.status.replaceChildren(title);
      if (newline >= 0) {
        const detail = document.createElement('span');
        detail.className = 'island-status-detail';
        detail.textContent = message.slice(newline + 1);
        this.status.append(detail);
      }
      this.status.hidden = message === '';
    }
  }

  private cancelFrame(): void {
    if (this.frameRequest !== 0) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.lastTimestamp = -1;
  }

  private renderFrame(timestamp: number): void {
    this.frameRequest = 0;
    const renderer = this.renderer;
    const player = this.player;
    if (renderer === null || player === null || !this.visible) return;
    // The device pixel ratio can change with no resize and, in some browsers, no media-query
    // event (see watchPixelRatio): check it here too, at the cost of one read per frame.
    if (Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO) !== this.frame.pixelRatio) this.onResize();
    const animating = this.playing && !this.showBindPose;
    if (animating && this.lastTimestamp >= 0) {
      this.time += Math.min(MAX_FRAME_STEP, Math.max(0, (timestamp - this.lastTimestamp) / 1000));
    }
    this.lastTimestamp = animating ? timestamp : -1;

    this.updatePose();
    const frame = this.frame;
    frame.globals = player.globals;
    frame.palettes = player.palettes;
    frame.view = this.view;
    frame.showSkeleton = this.showSkeleton;
    frame.selectedJoint = this.selectedJoint;
    frame.ground = this.ground;
    drawFrame(renderer, frame);
    this.afterFrame();
    if (animating) this.requestRender();
  }

  private onResize(): void {
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    const width = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    this.frame.width = width;
    this.frame.height = height;
    this.frame.pixelRatio = ratio;
    // Until the reader moves the camera, keep the model framed for the current shape.
    if (!this.cameraMoved && this.model !== null) this.frameCamera();
    this.requestRender();
  }

  /**
   * Re-sizes the framebuffer when the device pixel ratio changes without the canvas changing size
   * in CSS pixels — the window moved to a screen of another density, or a zoom level that keeps
   * the layout — so that the figure stays sharp, even paused. A media query matches only the
   * current ratio, so each change registers the next one. (renderFrame checks the ratio as well.)
   */
  private watchPixelRatio(): void {
    const query = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener(
      'change',
      () => {
        this.onResize();
        this.watchPixelRatio();
      },
      { once: true },
    );
  }

  private frameCamera(): void {
    const aspect = this.canvas.clientHeight > 0 ? this.canvas.clientWidth / this.canvas.clientHeight : 16 / 10;
    frameBox(this.camera, this.bounds.min, this.bounds.max, aspect, this.options.yaw, this.options.pitch);
  }

  /** Reads the theme's colours for the canvas (custom properties set in island.css or by the site). */
  private readColors(): void {
    const colors = this.frame.colors;
    readCssColor(colors.mesh, this.colorProbe, '--island-mesh', '#bfb4a6');
    readCssColor(colors.bone, this.colorProbe, '--island-bone', '#fbf7ef');
    readCssColor(colors.accent, this.colorProbe, '--island-accent', '#0d6b63');
    readCssColor(colors.grid, this.colorProbe, '--island-grid', '#8a8f98');
  }

  /**
   * Bounds the camera frames: the mesh over the bind pose and four moments of the clip. Islands
   * posed by their own controls override it with the poses those controls reach.
   */
  protected measureBounds(): Bounds {
    const player = this.player!;
    const clip = this.model!.clips[this.clipIndex];
    const times = clip === undefined ? [] : [0, 0.25, 0.5, 0.75].map((f) => f * clip.duration);
    return this.boundsOfPoses([() => showRestPose(player), ...times.map((t) => () => animateFrame(player, clip, t, Playback.LOOP))]);
  }

  /** Bounds of the mesh over the poses that `poses` set on the player (CPU skinning, at set-up). */
  protected boundsOfPoses(poses: (() => void)[]): Bounds {
    const model = this.model!;
    const player = this.player!;
    const min = new Float32Array([Infinity, Infinity, Infinity]);
    const max = new Float32Array([-Infinity, -Infinity, -Infinity]);
    for (const pose of poses) {
      pose();
      for (const mesh of model.meshes) {
        const palette = player.palettes[mesh.skin];
        if (palette === undefined) continue;
        for (const primitive of mesh.primitives) {
          const skinned = new Float32Array(3 * primitive.vertexCount);
          skinVertices(skinned, null, primitive, palette);
          for (let i = 0; i < skinned.length; i += 3) {
            for (let axis = 0; axis < 3; axis++) {
              const value = skinned[i + axis];
              if (value < min[axis]) min[axis] = value;
              if (value > max[axis]) max[axis] = value;
            }
          }
        }
      }
    }
    if (!(min[0] <= max[0])) {
      min.fill(-1);
      max.fill(1);
    }
    return { min, max };
  }

  private fillJointSelect(): void {
    const select = this.jointSelect;
    const model = this.model;
    if (select === null || model === null) return;
    const skin = model.skins[0];
    if (select.options.length === 0 && skin !== undefined) {
      skin.joints.forEach((node, joint) => {
        select.add(new Option(model.hierarchy.names[node] || `joint ${joint}`, String(joint)));
      });
    }
    const initial = Number(select.value);
    this.selectJoint(Number.isInteger(initial) && select.value !== '' ? initial : skin !== undefined && skin.joints.length > 0 ? 0 : -1);
  }

  private bindCommonControls(): void {
    const host = this.host;
    this.playButton?.addEventListener('click', () => this.setPlaying(!this.playing));

    for (const radio of host.querySelectorAll<HTMLInputElement>('[data-part=pose] input[type=radio]')) {
      radio.addEventListener('change', () => {
        if (!radio.checked) return;
        this.showBindPose = radio.value === 'bind';
        this.lastTimestamp = -1;
        this.syncControls();
        this.requestRender();
        this.announceReadout();
      });
    }

    const skeleton = part<HTMLInputElement>(host, 'skeleton');
    if (skeleton !== null) {
      this.showSkeleton = skeleton.checked;
      skeleton.addEventListener('change', () => {
        this.showSkeleton = skeleton.checked;
        this.requestRender();
      });
    }

    const weights = part<HTMLInputElement>(host, 'weights');
    if (weights !== null) {
      this.view = weights.checked ? MeshView.WEIGHTS : MeshView.SHADED;
      weights.addEventListener('change', () => {
        this.view = weights.checked ? MeshView.WEIGHTS : MeshView.SHADED;
        this.requestRender();
      });
    }

    this.jointSelect?.addEventListener('change', () => {
      this.selectJoint(Number(this.jointSelect!.value));
      this.announceReadout();
    });

    part<HTMLButtonElement>(host, 'reset-view')?.addEventListener('click', () => {
      this.cameraMoved = false;
      this.frameCamera();
      this.requestRender();
    });

    const slider = this.timeSlider;
    if (slider !== null) {
      slider.addEventListener('input', () => {
        if (this.playing) this.setPlaying(false);
        this.showBindPose = false;
        this.time = slider.valueAsNumber;
        this.showTime(this.time);
        this.syncControls();
        this.requestRender();
      });
      slider.addEventListener('change', () => this.announceReadout());
    }
  }

  /** Makes the controls show the current state (playing, pose, time range). */
  protected syncControls(): void {
    const host = this.host;
    host.dataset.playing = String(this.playing);
    if (this.playButton !== null) {
      const label = this.playButton.querySelector('[data-part=play-label]') ?? this.playButton;
      label.textContent = this.playing ? 'Pause' : 'Play';
      this.playButton.disabled = this.clipIndex < 0 || this.failure !== null;
    }
    for (const radio of host.querySelectorAll<HTMLInputElement>('[data-part=pose] input[type=radio]')) {
      radio.checked = (radio.value === 'bind') === this.showBindPose;
    }
    const clip = this.model?.clips[this.clipIndex];
    if (this.timeSlider !== null && clip !== undefined) {
      this.timeSlider.max = String(clip.duration);
      this.timeSlider.step = 'any';
      if (!this.playing) this.timeSlider.valueAsNumber = Math.min(this.time % clip.duration || 0, clip.duration);
      this.showTime(this.timeSlider.valueAsNumber);
    }
  }

  private setControlsEnabled(enabled: boolean): void {
    for (const control of this.host.querySelectorAll<HTMLInputElement | HTMLButtonElement | HTMLSelectElement>('input, button, select')) {
      control.disabled = !enabled;
    }
    if (enabled) this.syncControls();
  }
}
