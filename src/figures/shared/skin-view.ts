// The island every figure extends: a skinned model, posed and drawn on demand. Owns what is shown
// (the model, its player, the clip, the time, playing or not, bind pose or not) and how a frame
// poses it (updatePose, which subclasses override), and composes the parts every island shares:
//
//   figure-canvas.ts      WebGL context, frame loop, framebuffer size, data-state, status line
//   camera-control.ts     orbit camera, framing, mouse/touch/keyboard input, reset-view button
//   playback-controls.ts  play/pause, time slider and output, data-playing  (Timeline.astro)
//   pose-toggle.ts        bind pose ↔ posed radios                          (PoseToggle.astro)
//   view-toggles.ts       skeleton overlay and weight-paint checkboxes      (ViewToggles.astro)
//   joint-picker.ts       selected joint: menu and matrix read-out
//   choice-group.ts       a "Break it" radio group                          (ChoiceGroup.astro)
//
// Frames are drawn on demand: one after any change (requestRender), and continuously only while
// a clip plays. Per-frame work reuses buffers made at set-up and allocates nothing.

import { Playback, wrapClipTime } from '../../core/clip.ts';
import { loadPackedModel, packedModelUrl } from '../../core/packed-model.ts';
import type { Model } from '../../core/model.ts';
import { animateFrame, createPlayer, showRestPose, type Player } from '../../core/frame.ts';
import { placeGround, type GroundPlacement } from '../../gl/ground-pass.ts';
import { MeshView, meshProgram } from '../../gl/mesh-pass.ts';
import { uploadInfluences } from '../../gl/mesh.ts';
import { createRenderer, drawFrame, rendererPrograms, type RenderFrame, type Renderer } from '../../gl/renderer.ts';
import type { SkinShader } from '../../gl/skin-shaders.ts';
import { CameraControl } from './camera-control.ts';
import { boundsOfPoses, clipFramingPoses, type Bounds, type SkinPositions } from './pose-bounds.ts';
import { watchChoiceGroup } from './choice-group.ts';
import { clearPlayRequest, playRequest, requestPlaying, requestStep } from './controls-before-start.ts';
import { FigureCanvas, type FailureState } from './figure-canvas.ts';
import { FramingSteps } from './framing-steps.ts';
import { describeChoices, describePose, describeSliders, FigureDescription } from './figure-description.ts';
import { formatNumber } from './format.ts';
import type { Island } from './island-manager.ts';
import { JointPicker } from './joint-picker.ts';
import { PlaybackControls } from './playback-controls.ts';
import { PoseToggle } from './pose-toggle.ts';
import { scrollingAtRest } from './scroll-rest.ts';
import { trackIslandColors } from './theme.ts';
import { ViewToggles } from './view-toggles.ts';
import { addWeightReadoutWhenPainted } from './weight-readout-on-demand.ts';

/** The site's base path ("/" or "/sub/"), as Vite bakes it in. */
const BASE_URL = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

export interface SkinViewOptions {
  /** Draw the ground grid and contact shadow. */
  ground: boolean;
  /** Initial camera angles, radians (see OrbitCamera). */
  yaw: number;
  pitch: number;
  /** Start playing when first shown (never when the reader prefers reduced motion). */
  autoplay: boolean;
}

/** A part drawn over the model after every frame (the vertex inspector's marks); see addOverlay. */
export interface SkinViewOverlay {
  /**
   * Draws over the frame just drawn with `renderer` (a new renderer after a lost context: GPU
   * resources made for the previous one are gone). Allocates nothing once set up.
   */
  draw(renderer: Renderer, frame: RenderFrame): void;
}

export class SkinView implements Island {
  readonly host: HTMLElement;
  readonly options: SkinViewOptions;

  // What is shown; subclasses and controls change these, then call requestRender().
  model: Model | null = null;
  player: Player | null = null;
  /** Clip played (index into model.clips), −1 for none. */
  clipIndex = -1;
  /** Seconds into the clip (before looping). */
  time = 0;
  playing = false;
  /** Playback speed, × the clip's own rate (the speed menu's; negative plays backwards). */
  rate = 1;
  /**
   * What a step button moves the time by, seconds: one frame at 30 per second, the walk's key
   * spacing (37 keys over 1.2 s) and PlaybackOptions.astro's default frameRate, which labels it; a
   * figure that labels another rate sets its own.
   */
  protected frameSeconds = 1 / 30;
  showBindPose = false;

  private readonly figure: FigureCanvas;
  private readonly cameraControl: CameraControl;
  private readonly playback: PlaybackControls;
  private readonly poseToggle: PoseToggle;
  private readonly viewToggles: ViewToggles;
  private readonly jointPicker: JointPicker;
  /** Everything drawFrame reads, filled in place each frame (no allocation). */
  private readonly frame: RenderFrame;
  private ground: GroundPlacement | null = null;
  /** What the camera framed when the model was shown (measureBounds, in setModel). */
  protected framedBounds: Bounds | null = null;
  /** Counts setModel calls: a first model framed in steps is dropped when another call came meanwhile. */
  private modelGeneration = 0;
  /** While the first model is framed in steps (setModel): where its boundsOfPoses calls stand. */
  private framingSteps: FramingSteps | null = null;
  /** Parts drawn over the model, in the order added (addOverlay). */
  private readonly overlays: SkinViewOverlay[] = [];
  /** The live description for screen readers (IslandStage's [data-part=description]). */
  private readonly description: FigureDescription;

  constructor(host: HTMLElement, options: SkinViewOptions) {
    this.host = host;
    this.options = options;
    this.figure = new FigureCanvas(host, {
      createRenderer: (gl) => {
        if (this.model === null) return null;
        // A figure with a weight-paint checkbox has that view's programs from the start.
        const renderer = createRenderer(gl, this.model, options.ground, this.viewToggles.offersWeights);
        this.rendererCreated(renderer);
        return renderer;
      },
      programs: () => {
        const weights = this.viewToggles.offersWeights;
        const views = weights ? [MeshView.SHADED, MeshView.WEIGHTS] : [MeshView.SHADED];
        const created = this.rendererCreatedShaders().flatMap((shader) => views.map((view) => meshProgram(shader, view)));
        return [...rendererPrograms(options.ground, weights), ...created];
      },
      advance: (seconds) => this.advance(seconds),
      draw: (renderer) => this.draw(renderer),
      resized: (width, height, pixelRatio) => this.resized(width, height, pixelRatio),
      syncControls: () => this.syncControls(),
    });
    const canvas = this.figure.canvas;
    this.cameraControl = new CameraControl(host, canvas, options.yaw, options.pitch, () => this.requestRender());
    this.frame = {
      camera: this.cameraControl.camera,
      width: 1,
      height: 1,
      pixelRatio: 1,
      globals: new Float32Array(0),
      palettes: [],
      cpuPositions: [],
      cpuNormals: [],
      view: MeshView.SHADED,
      showSkeleton: false,
      selectedJoint: -1,
      axisLength: 1,
      colors: { mesh: new Float32Array(3), bone: new Float32Array(3), accent: new Float32Array(3), grid: new Float32Array(3) },
      ground: null,
    };
    trackIslandColors(this.frame.colors, canvas, () => this.requestRender());
    this.playback = new PlaybackControls(host, {
      togglePlaying: () => (this.model === null ? requestPlaying(host, playRequest(host) !== true) : this.setPlaying(!this.playing)),
      seek: () => this.seek(),
      seekDone: () => this.announceReadout(),
      step: (direction) => (this.model === null ? requestStep(host, direction) : this.step(direction)),
      // The clip or the speed menu changed: play the clip chosen, at the speed chosen.
      playbackChanged: () => {
        this.rate = this.playback.speed;
        this.playClipNamed(this.playback.chosenClip);
        this.requestRender();
      },
    });
    this.rate = this.playback.speed;
    this.poseToggle = new PoseToggle(host, (showBindPose) => this.showPose(showBindPose));
    // The controls work before the figure starts: it starts from the pose the reader chose.
    this.showBindPose = this.poseToggle.bindChecked;
    this.viewToggles = new ViewToggles(host, () => this.requestRender());
    this.jointPicker = new JointPicker(host, (joint) => {
      // A joint chosen where nothing shows it (no skeleton, no paint, no read-out of its own)
      // would change nothing visible: the weight paint comes on to show its reach.
      if (!this.jointPicker.readsOut) this.viewToggles.showWeightsIfNothingShowsJoints();
      this.selectJoint(joint);
      this.announceReadout();
    });
    this.description = new FigureDescription(host, () => this.composeDescription());
    // Beside the weight paint's legend (ViewToggles.astro), the painted joint's weight at the vertex pointed at.
    if (host.querySelector('[data-part=weight-legend]') !== null) addWeightReadoutWhenPainted(this);
  }

  // ── Island (called by the island manager) ────────────────────────────────────────────────

  get holdsContext(): boolean {
    return this.figure.holdsContext;
  }

  acquire(): void {
    this.figure.acquire();
  }

  release(): void {
    this.figure.release();
  }

  setVisible(visible: boolean): void {
    this.figure.setVisible(visible);
  }

  // ── For subclasses ───────────────────────────────────────────────────────────────────────

  /**
   * Shows `model` (set-up work: allocates the player, measures the bounds, frames the camera).
   * `clipIndex` picks the clip to play (−1: none). The figure's first model is framed over several
   * tasks (framing-steps.ts) before it is shown; resolves false when another setModel came
   * meanwhile (that one shows its model), true once `model` is shown.
   */
  async setModel(model: Model, clipIndex: number): Promise<boolean> {
    const generation = ++this.modelGeneration;
    const player = createPlayer(model);
    // The clip menu's choice, when it names one of the model's clips (it may be chosen before the start).
    const chosen = model.clips.findIndex((clip) => clip.name === this.playback.chosenClip);
    const shownClip = chosen < 0 ? clipIndex : chosen;
    // The first model is the island's only while it is measured (measure): until it is shown, the
    // island is not started, for its controls and its renderer.
    const first = this.model === null;
    const framing = first ? new FramingSteps() : null;
    const measure = () => {
      this.model = model;
      this.player = player;
      this.clipIndex = shownClip;
      this.framingSteps = framing;
      try {
        return this.measureBounds();
      } finally {
        this.framingSteps = null;
        if (first) this.model = this.player = null;
      }
    };
    const bounds = framing === null ? measure() : await framing.measure(measure, () => generation !== this.modelGeneration);
    if (bounds === null) return false;
    this.model = model;
    this.player = player;
    this.clipIndex = shownClip;
    this.framedBounds = bounds;
    // What the reader set before the clip was known: a time slider moved (a share of the clip,
    // paused there), a Play/Pause pressed (decides over autoplay), the bind pose (paused), steps
    // (frames on from there; paused, and out of the bind pose).
    const clip = model.clips[this.clipIndex];
    const chosenFraction = this.playback.fractionChosenBeforeStart;
    const requested = playRequest(this.host);
    const steps = Number(this.host.dataset.steps) || 0;
    clearPlayRequest(this.host);
    this.time = clip !== undefined && chosenFraction !== null ? chosenFraction * clip.duration : 0;
    this.time += steps * this.frameSeconds;
    this.ground = this.options.ground ? placeGround(bounds.min, bounds.max) : null;
    const { min, max } = bounds;
    this.frame.axisLength = 0.08 * Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    this.cameraControl.frame(bounds);
    const joint = this.jointPicker.list(model);
    if (joint !== null) this.selectJoint(joint);
    const autoplay = this.options.autoplay && chosenFraction === null && !this.showBindPose && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.playing = clip !== undefined && (requested ?? autoplay);
    if (this.playing) this.showBindPose = false;
    this.syncControls();
    this.figure.sceneChanged();
    return true;
  }

  /**
   * Loads public/models/`file` in its packed form (read by the core's glTF reader at build time:
   * src/core/packed-model.ts); when it cannot be loaded, shows why (the HTTP status, or what is
   * wrong with the file) with a Retry button, and loads it again when the reader presses it.
   */
  protected async loadModelFile(file: string): Promise<Model | null> {
    for (;;) {
      try {
        const model = await loadPackedModel(packedModelUrl(BASE_URL, file));
        // What the figure does with it (bounds over several poses, a renderer) waits for the scrolling to rest.
        await scrollingAtRest();
        return model;
      } catch (error) {
        await this.figure.failUntilRetried(`The model ${file} could not be loaded.\n${(error as Error).message}`);
      }
    }
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

  /**
   * Calls `choose` with the value of the radio newly checked in the group [data-part=`part`]
   * (a ChoiceGroup), and returns the value checked now (a reload may restore another choice than
   * the first), or null when the group has none checked.
   */
  protected onChoice(part: string, choose: (value: string) => void): string | null {
    return watchChoiceGroup(this.host, part, choose);
  }

  /** Shows `message` and stops for good (a model that failed to load, a shader error). */
  fail(state: FailureState, message: string): void {
    this.figure.fail(state, message);
  }

  /**
   * The figure's own words for its live description, from numbers it computes anyway (e.g. how far
   * a mistake moves the mesh); '' for none. Read at most every ANNOUNCE_INTERVAL_MS, after a change.
   */
  protected describeState(): string {
    return '';
  }

  /**
   * A renderer was made for the model (on first show, and again after a lost context): islands
   * that draw with another skinning shader set it here (setSkinShader). May throw a SetupError.
   */
  protected rendererCreated(_renderer: Renderer): void {}

  /** The skinning shaders rendererCreated sets or prepares, whose programs are linked ahead at start-up. */
  protected rendererCreatedShaders(): SkinShader[] {
    return [];
  }

  /** The renderer of the live context, or null (not shown yet, context lost, no model). */
  protected get renderer(): Renderer | null {
    return this.figure.renderer;
  }

  /**
   * Positions and normals skinned on the CPU, one array each per renderer primitive, for the
   * SKINNED_ON_CPU shader (read, not copied; the island rewrites them before each frame).
   */
  protected setCpuSkinned(positions: Float32Array[], normals: Float32Array[]): void {
    this.frame.cpuPositions = positions;
    this.frame.cpuNormals = normals;
  }

  /** Draws `overlay` over the model after every frame from now on, after the overlays added before it. */
  addOverlay(overlay: SkinViewOverlay): void {
    this.overlays.push(overlay);
    this.requestRender();
  }

  /** Schedules one frame (if the island is shown and ready); cheap to call often. */
  requestRender(): void {
    this.figure.requestRender();
    this.description.changed();
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
    const renderer = this.figure.renderer;
    if (renderer !== null) {
      // Renderer primitives are every mesh's primitives in order: find this mesh's first.
      let flat = 0;
      for (let i = 0; i < meshIndex; i++) flat += model.meshes[i].primitives.length;
      uploadInfluences(renderer.gl, renderer.primitives[flat].vertexArray, joints, weights);
    }
    this.requestRender();
  }

  /** Starts or stops playback; starting leaves the bind pose. */
  setPlaying(playing: boolean): void {
    this.playing = playing && this.clipIndex >= 0;
    if (this.playing) this.showBindPose = false;
    this.figure.restartClock();
    this.syncControls();
    this.requestRender();
  }

  /**
   * Plays the model's clip named `name` from its start, keeping play or pause as it was, out of
   * the bind pose; nothing happens for a name the model has not (or before the model has loaded).
   */
  playClipNamed(name: string | undefined): void {
    const index = this.model?.clips.findIndex((clip) => clip.name === name) ?? -1;
    if (index < 0 || index === this.clipIndex) return;
    this.clipIndex = index;
    this.time = 0;
    this.showBindPose = false;
    this.syncControls();
    this.requestRender();
  }

  /**
   * A step button (PlaybackOptions.astro): pauses, leaves the bind pose and moves the time one
   * frame (frameSeconds) back (−1) or forward (+1) from the clip time shown.
   * Figures with their own clock override it (keys-island.ts).
   */
  protected step(direction: number): void {
    this.showBindPose = false;
    this.time = this.clipTime() + direction * this.frameSeconds;
    this.setPlaying(false);
    this.announceReadout();
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
    if (this.playing && this.player !== null) this.playback.follow(this.clipTime());
    this.updateReadout();
  }

  /** Hierarchy index of the selected joint, or −1. */
  selectedNode(): number {
    return this.jointPicker.node(this.model);
  }

  /** Writes the selected joint's matrices into the readout (if the island has one). */
  updateReadout(): void {
    this.jointPicker.showMatrices(this.model, this.player);
  }

  /** Announces the selected joint's matrices (after a committed change, not while dragging). */
  announceReadout(): void {
    this.jointPicker.announce(this.model, this.player);
  }

  /** Selects a joint (index into the first skin's joint list): highlight, weight paint, readout. */
  selectJoint(joint: number): void {
    this.jointPicker.select(joint);
    this.updateReadout();
    this.requestRender();
  }

  /**
   * Bounds the camera frames: the mesh over the bind pose and moments of the clip (clipFramingPoses,
   * as the posters frame it: clipFramedPoses in src/build-time/poster/scenes.ts). Islands posed by
   * their own controls override it with the poses those controls reach.
   */
  protected measureBounds(): Bounds {
    const player = this.player!;
    const clip = this.model!.clips[this.clipIndex];
    return this.boundsOfPoses(
      clipFramingPoses(clip?.duration ?? 0, clip === undefined, (bindPose, seconds) =>
        bindPose ? showRestPose(player) : animateFrame(player, clip!, seconds, Playback.LOOP),
      ),
    );
  }

  /** Bounds of the mesh over the poses that `poses` set on the player (CPU skinning — skinVertices, or `skin` — at set-up). */
  protected boundsOfPoses(poses: (() => void)[], skin: SkinPositions | null = null): Bounds {
    if (this.framingSteps !== null) return this.framingSteps.bounds(this.model!, this.player!, poses, skin);
    return boundsOfPoses(this.model!, this.player!, poses, skin);
  }

  /**
   * Frames other bounds than the model's (read, not copied), from the figure's initial angles; the
   * reset button then returns to them. For islands whose choices move the mesh far away.
   */
  protected frameBounds(bounds: Bounds): void {
    this.cameraControl.frame(bounds);
    this.requestRender();
  }

  /** Makes the controls show the current state (playing, pose, time range). */
  protected syncControls(): void {
    const clip = this.model?.clips[this.clipIndex];
    // Before the model has loaded, the button shows (and keeps) the reader's request.
    const waiting = this.model === null;
    const playing = waiting ? playRequest(this.host) === true : this.playing;
    this.playback.show(playing, (waiting || this.clipIndex >= 0) && !this.figure.failed, clip, this.time);
    this.poseToggle.show(this.showBindPose);
    this.description.changed();
  }

  /**
   * The live description: the pose, the clip (playing, or paused at a time), the joint shown and
   * the views, then the choices and sliders, then the figure's own words (describeState). A
   * playing clip's time is left out, so that playing announces nothing per frame.
   */
  private composeDescription(): string {
    const model = this.model;
    if (model === null || this.figure.failed) return '';
    const state: string[] = [];
    const pose = describePose(this.host);
    if (pose !== '') state.push(pose);
    const clip = model.clips[this.clipIndex];
    if (clip !== undefined) {
      const clipName = clip.name === '' ? 'the clip' : `the ${clip.name} clip`;
      // Paused, the time the slider shows: at the end of the clip that is its duration, where clipTime() has looped to 0.
      const slider = this.playback.sliderTime;
      const paused = Number.isFinite(slider) ? slider : this.clipTime();
      const speed = this.rate === 1 ? '' : ` at ${this.rate}× speed`;
      state.push(this.playing ? `playing ${clipName}${speed}` : `paused at ${formatNumber(paused, 2, { fixed: true })} s of ${clipName}${speed}`);
    }
    const node = this.jointPicker.node(model);
    const jointName = node < 0 ? '' : model.hierarchy.names[node] || `joint ${this.jointPicker.selected}`;
    if (this.viewToggles.view === MeshView.WEIGHTS) state.push(jointName === '' ? 'weights shown' : `weights of ${jointName} shown`);
    else if (jointName !== '' && (this.jointPicker.readsOut || this.viewToggles.showSkeleton)) state.push(`joint ${jointName} selected`);
    if (this.viewToggles.showSkeleton) state.push('skeleton shown');
    const sentences = [state.length > 0 ? `${state.join(', ')}.` : '', describeChoices(this.host), describeSliders(this.host), this.describeState()];
    return sentences.filter((sentence) => sentence !== '').join(' ');
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────

  /**
   * The pose toggle: bind pose or the island's pose. The bind pose pauses the clip (its time
   * stays where it was), so the button offers Play, which returns to the posed figure.
   */
  private showPose(showBindPose: boolean): void {
    this.showBindPose = showBindPose;
    if (showBindPose) this.playing = false;
    if (showBindPose && this.model === null) requestPlaying(this.host, false);
    this.figure.restartClock();
    this.syncControls();
    this.requestRender();
    this.announceReadout();
  }

  /** The time slider moved: pause, leave the bind pose and show the slider's time. */
  private seek(): void {
    // Read before pausing: pausing shows the current time on the slider.
    const time = this.playback.sliderTime;
    this.time = time;
    if (this.playing) this.setPlaying(false);
    if (this.model === null) requestPlaying(this.host, false);
    this.showBindPose = false;
    this.playback.showTime(this.time);
    this.syncControls();
    this.requestRender();
  }

  /** Frame loop, before drawing: a playing clip (not in the bind pose) moves on by `seconds`. */
  private advance(seconds: number): boolean {
    const animating = this.playing && !this.showBindPose;
    if (animating) this.time += seconds * this.rate;
    return animating;
  }

  /** Frame loop: poses the model and draws it (a renderer exists only once a model, and so a player, is set). */
  private draw(renderer: Renderer): void {
    const player = this.player!;
    this.updatePose();
    const frame = this.frame;
    frame.globals = player.globals;
    frame.palettes = player.palettes;
    frame.view = this.viewToggles.view;
    frame.showSkeleton = this.viewToggles.showSkeleton;
    frame.selectedJoint = this.jointPicker.selected;
    frame.ground = this.ground;
    drawFrame(renderer, frame);
    for (let i = 0; i < this.overlays.length; i++) this.overlays[i].draw(renderer, frame);
    this.afterFrame();
  }

  private resized(width: number, height: number, pixelRatio: number): void {
    this.frame.width = width;
    this.frame.height = height;
    this.frame.pixelRatio = pixelRatio;
    this.cameraControl.refit();
  }
}
