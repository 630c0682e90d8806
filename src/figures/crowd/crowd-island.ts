// The crowd island (chapter 12): 1 to 1,000 mannequins walking, each at its own point of the loop,
// posed in JavaScript (animateFrame) or by the WebAssembly SIMD kernel (createSimdPlayer), sampled
// from the clip or read from palettes baked at BAKED_RATE, skinned on the GPU by one instanced
// draw (shaders/variants/crowd.vert) or on the CPU (skinVertices or createSimdSkinner, positions
// only) and drawn one instance at a time. Every frame is timed by stage — pose, skin, upload, draw —
// on the reader's machine; "Measure" (crowd-measure.ts) times every crowd size with the GPU waited
// for, and plots the costs. The baked, CPU and measuring parts load when first chosen.
//
// Per frame nothing is allocated: every buffer is made when the crowd's size or a switch changes
// (set-up). Skinning on the CPU is capped at CPU_SKIN_BUDGET_MS per frame, round-robin over the
// crowd, so that 1,000 characters skinned in JavaScript (a quarter of a second of work) never
// freeze the page: the instances not reached this frame show the pose they were last skinned in,
// and a paused crowd catches up over the next frames.

import { Playback, wrapClipTime } from '../../core/clip.ts';
import type { SimdPlayer } from '../../core/fast/pose-simd.ts';
import type { SimdSkinner } from '../../core/fast/skin-simd.ts';
import { animateFrame, createPlayer, showRestPose, type Player } from '../../core/frame.ts';
import { loadPackedModel, packedModelUrl } from '../../core/packed-model.ts';
import type { Clip, Model, SkinnedPrimitive } from '../../core/model.ts';
import { updateOrbitCamera } from '../../gl/camera.ts';
import { createPaletteAtlas, paletteAtlasFloats, uploadPaletteAtlas, type PaletteAtlas } from '../../gl/crowd-buffers.ts';
import {
  attachCrowdInstances,
  createCrowdGpuProgram,
  CROWD_GPU_PROGRAM,
  createCrowdInstances,
  createCrowdMesh,
  drawCrowdInstanced,
  uploadPaletteBases,
  waitForGpu,
  type CrowdInstances,
  type CrowdMesh,
} from '../../gl/crowd-pass.ts';
import { drawGroundPass, placeGround, type GroundPlacement } from '../../gl/ground-pass.ts';
import { type MeshPass, type MeshPassFrame } from '../../gl/mesh-pass.ts';
import { createRenderer, lightDirection, rendererPrograms, RendererError, type RenderColors, type Renderer } from '../../gl/renderer.ts';
import { CameraControl } from '../shared/camera-control.ts';
import { boundsOfPoses, clipFramingPoses, type Bounds } from '../shared/pose-bounds.ts';
import { watchChoiceGroup } from '../shared/choice-group.ts';
import { clearPlayRequest, playRequest, requestPlaying } from '../shared/controls-before-start.ts';
import { FigureCanvas } from '../shared/figure-canvas.ts';
import { describeChoices, describePose, FigureDescription } from '../shared/figure-description.ts';
import { formatNumber } from '../shared/format.ts';
import type { Island } from '../shared/island-manager.ts';
import { part } from '../shared/parts.ts';
import { PlaybackControls } from '../shared/playback-controls.ts';
import { PoseToggle } from '../shared/pose-toggle.ts';
import { trackIslandColors } from '../shared/theme.ts';
import { BAKED_RATE, CPU_SKIN_BUDGET_MS, CROWD_SIZES, firstSkinPrimitives, layoutCrowd, TIMING_WINDOW, type CrowdLayout } from './crowd-layout.ts';
import { bytes, milliseconds } from './crowd-format.ts';
import type { BakedCrowd } from './crowd-baked.ts';
import type { CpuCrowd } from './crowd-cpu.ts';
import type { CrowdMeasurement } from './crowd-measure.ts';

const MODEL_FILE = 'mannequin.glb';
const CLIP_NAME = 'walk';
/** The site's base path ("/" or "/sub/"), as Vite bakes it in. */
const BASE_URL = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** A frame interval above this (ms), and three times the stages' sum, is the GPU's pace: the note says so. */
const SLOW_FRAME_MS = 100;
/** Fewest milliseconds between two updates of the read-out and the data- attributes. */
const READOUT_INTERVAL = 250;
/** The live note (aria-live) speaks this long after a change of the crowd or a switch, ms … */
const NOTE_DELAY = 1000;
/** … and, while the crowd plays unchanged, at most this often, ms. */
const NOTE_INTERVAL = 10_000;
type Engine = 'javascript' | 'simd';
type Source = 'sampled' | 'baked';
type Place = 'gpu' | 'cpu';

/** Stage indices into timing arrays (crowd-plot.ts's STAGES order, TOTAL their sum, then FRAME the interval between frames: crowd-measure.ts's TIMED_PER_FRAME values). */
const POSE = 0, SKIN = 1, UPLOAD = 2, DRAW = 3, TOTAL = 4, FRAME = 5;
const TIMED = 6;

/** The fast path, loaded on first use (it is the larger part of the island's code). */
interface FastPath {
  player: SimdPlayer;
  /** One per primitive of the first skin, or null where WebAssembly SIMD cannot skin it. */
  skinners: (SimdSkinner | null)[];
}

/** Everything sized by the crowd's count, made when it changes. */
interface Crowd {
  layout: CrowdLayout;
  count: number;
  /** Every instance's palette, instance after instance (16 floats per joint), padded for the atlas. */
  palettes: Float32Array;
  /** Instance i's palette, a view of `palettes`. */
  paletteViews: Float32Array[];
  /** Per instance: its palette's first matrix in the crowd's atlas (i × joints), uploaded when sampling. */
  sampledBases: Uint32Array;
  /** Per instance: its baked frame's first matrix, rewritten each frame when playing the bake. */
  bakedBases: Uint32Array;
  /** Bounds of the crowd over the walk, for the camera and the ground. */
  bounds: Bounds;
  ground: GroundPlacement;
}

/** The GPU side of the crowd, for one renderer (a lost context takes it all). */
interface CrowdGpu {
  renderer: Renderer;
  onGpu: MeshPass;
  meshes: CrowdMesh[];
  /** Sized for `count`; rebuilt with the crowd. */
  count: number;
  instances: CrowdInstances;
  atlas: PaletteAtlas;
  /** The baked palettes' atlas once the crowd has played them in this context, else null. */
  bakedAtlas: PaletteAtlas | null;
  /** The CPU path's program once the crowd has been skinned on the CPU in this context, else null. */
  onCpu: MeshPass | null;
  /** Which bases the instance buffer holds now. */
  bases: 'sampled' | 'baked' | 'none';
}

class CrowdIsland implements Island {
  private readonly host: HTMLElement;
  private readonly figure: FigureCanvas;
  private readonly cameraControl: CameraControl;
  private readonly playback: PlaybackControls;
  private readonly poseToggle: PoseToggle;
  private readonly colors: RenderColors = { mesh: new Float32Array(3), bone: new Float32Array(3), accent: new Float32Array(3), grid: new Float32Array(3) };
  private readonly meshFrame: MeshPassFrame = {
    viewProjection: new Float32Array(16),
    cameraPosition: new Float32Array(3),
    keyLightDirection: new Float32Array(3),
    fillLightDirection: new Float32Array(3),
    baseColor: new Float32Array(3),
  };

  // What is shown.
  private model: Model | null = null;
  private clip: Clip | null = null;
  private clipIndex = -1;
  private primitives: SkinnedPrimitive[] = [];
  private jointCount = 0;
  private player: Player | null = null;
  private fast: FastPath | null = null;
  /** The CPU path (crowd-cpu.ts), loaded when first chosen. */
  private cpu: CpuCrowd | null = null;
  /** null: not tried yet; a string: why the fast path is unavailable here. */
  private fastProblem: string | null = null;
  /** The baked walk (crowd-baked.ts), loaded and baked when first chosen. */
  private baked: BakedCrowd | null = null;
  /** Palette of the rest pose (16 floats per joint). */
  private restPalette = new Float32Array(0);
  /** Bounds of one mannequin over the walk, model space. */
  private modelBounds: Bounds | null = null;
  private crowd: Crowd | null = null;
  private gpu: CrowdGpu | null = null;

  private count = 100;
  private engine: Engine = 'javascript';
  private source: Source = 'sampled';
  private place: Place = 'gpu';
  /** Seconds on the figure's clock; instance i is at time + timeOffsets[i] in the clip. */
  private time = 0;
  private playing = false;
  private showBindPose = false;

  // Timing: the last TIMING_WINDOW frames' milliseconds per stage, frame after frame.
  private readonly timings = new Float64Array(TIMED * TIMING_WINDOW);
  private readonly averages = new Float64Array(TIMED);
  private timedFrames = 0;
  private lastFrameStart = -1;
  private uploadedBytes = 0;
  private drawCalls = 0;
  private lastReadout = -Infinity;
  private lastNote = -Infinity;
  /** When the note is next to be written (ms, performance.now()), or Infinity when none is pending. */
  private noteDue = Infinity;
  /** The measurement running, null when none (its module loads on the first "Measure"). */
  private measurement: CrowdMeasurement | null = null;
  private measuring = false;
  /** Where a measured frame reads one pixel back to wait for the GPU. */
  private readonly pixel = new Uint8Array(4);

  private readonly readouts: Map<string, HTMLElement>;
  private readonly note: HTMLElement | null;
  private readonly measureButton: HTMLButtonElement | null;
  /** The live description for screen readers (IslandStage's [data-part=description]). */
  private readonly description: FigureDescription;

  constructor(host: HTMLElement) {
    this.host = host;
    this.figure = new FigureCanvas(host, {
      createRenderer: (gl) => this.createRenderer(gl),
      programs: () => [...rendererPrograms(true, false), CROWD_GPU_PROGRAM],
      advance: (seconds) => this.advance(seconds),
      draw: (renderer) => this.draw(renderer),
      resized: () => this.cameraControl.refit(),
      syncControls: () => this.syncControls(),
    });
    const canvas = this.figure.canvas;
    // Fit frames the whole crowd, which its bounds hold over the walk (skinning every mannequin on
    // the CPU to measure one moment would add nothing to them).
    this.cameraControl = new CameraControl(host, canvas, 0.5, 0.42, () => this.figure.requestRender(), () => this.crowd?.bounds ?? null);
    trackIslandColors(this.colors, canvas, () => this.figure.requestRender());
    this.playback = new PlaybackControls(host, {
      // Before the model has loaded, a press is a request the start follows (controls-before-start.ts).
      togglePlaying: () => (this.player === null ? requestPlaying(host, playRequest(host) !== true) : this.setPlaying(!this.playing)),
      seek: () => this.seek(),
      seekDone: () => this.scheduleNote(),
    });
    this.poseToggle = new PoseToggle(host, (showBindPose) => {
      this.showBindPose = showBindPose;
      if (showBindPose) this.playing = false;
      if (showBindPose && this.player === null) requestPlaying(host, false);
      this.figure.restartClock();
      this.poseChanged();
      this.syncControls();
    });
    this.showBindPose = this.poseToggle.bindChecked;
    this.description = new FigureDescription(host, () => this.describe());
    this.readouts = new Map(Array.from(host.querySelectorAll<HTMLElement>('[data-readout]'), (element) => [element.dataset.readout!, element]));
    this.note = part(host, 'crowd-note');
    this.measureButton = part(host, 'measure');
    this.measureButton?.addEventListener('click', () => this.startMeasurement());

    const size = watchChoiceGroup(host, 'crowd-size', (value) => this.setCount(Number(value)));
    if (size !== null) this.count = Number(size);
    const engine = watchChoiceGroup(host, 'crowd-engine', (value) => void this.setEngine(value as Engine));
    const source = watchChoiceGroup(host, 'crowd-source', (value) => void this.setSource(value as Source));
    const place = watchChoiceGroup(host, 'crowd-place', (value) => void this.setPlace(value as Place));
    void this.load(engine === 'simd', source === 'baked', place === 'cpu');
  }

  // ── Island ───────────────────────────────────────────────────────────────────────────────

  get holdsContext(): boolean {
    return this.figure.holdsContext;
  }

  acquire(): void {
    this.figure.acquire();
  }

  release(): void {
    this.gpu = null;
    this.figure.release();
  }

  setVisible(visible: boolean): void {
    this.figure.setVisible(visible);
  }

  // ── Set-up ───────────────────────────────────────────────────────────────────────────────

  private async load(wantsFastPath: boolean, wantsBaked: boolean, wantsCpu: boolean): Promise<void> {
    let model: Model | null = null;
    while (model === null) {
      try {
        model = await loadPackedModel(packedModelUrl(BASE_URL, MODEL_FILE));
      } catch (error) {
        await this.figure.failUntilRetried(`The model ${MODEL_FILE} could not be loaded.\n${(error as Error).message}`);
      }
    }
    const clipIndex = model.clips.findIndex((clip) => clip.name === CLIP_NAME);
    if (model.skins.length === 0 || clipIndex < 0) {
      this.figure.fail('error', `The model ${MODEL_FILE} has no skin or no clip named "${CLIP_NAME}".`);
      return;
    }
    this.model = model;
    this.clipIndex = clipIndex;
    this.clip = model.clips[clipIndex];
    this.primitives = firstSkinPrimitives(model);
    this.jointCount = model.skins[0].joints.length;
    const player = createPlayer(model);
    this.player = player;
    showRestPose(player);
    this.restPalette = Float32Array.from(player.palettes[0]);
    const clip = this.clip;
    this.modelBounds = boundsOfPoses(
      model,
      player,
      clipFramingPoses(clip.duration, false, (bindPose, seconds) => (bindPose ? showRestPose(player) : animateFrame(player, clip, seconds, Playback.LOOP))),
    );
    // The time slider, Play/Pause and the pose switch work before the start: it starts from them.
    const chosenFraction = this.playback.fractionChosenBeforeStart;
    const requested = playRequest(this.host);
    clearPlayRequest(this.host);
    if (chosenFraction !== null) this.time = chosenFraction * clip.duration;
    this.playing = requested ?? (chosenFraction === null && !this.showBindPose && !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    if (this.playing) this.showBindPose = false;
    this.buildCrowd(this.count);
    if (wantsFastPath) await this.setEngine('simd');
    if (wantsBaked) await this.setSource('baked');
    if (wantsCpu) await this.setPlace('cpu');
    this.figure.sceneChanged();
    this.syncControls();
    this.settingsChanged();
  }

  /** Allocates everything sized by `count` instances and frames them. Set-up work. */
  private buildCrowd(count: number): void {
    const clip = this.clip!;
    const layout = layoutCrowd(count, clip.duration);
    const matrices = count * this.jointCount;
    const palettes = new Float32Array(paletteAtlasFloats(matrices));
    const stride = 16 * this.jointCount;
    const sampledBases = new Uint32Array(count);
    for (let i = 0; i < count; i++) sampledBases[i] = i * this.jointCount;
    const { min, max } = this.modelBounds!;
    const reach = Math.max(Math.abs(min[0]), Math.abs(max[0]), Math.abs(min[2]), Math.abs(max[2]));
    const bounds: Bounds = {
      min: new Float32Array([-layout.halfWidth - reach, min[1], -layout.halfDepth - reach]),
      max: new Float32Array([layout.halfWidth + reach, max[1], layout.halfDepth + reach]),
    };
    this.crowd = {
      layout,
      count,
      palettes,
      paletteViews: Array.from({ length: count }, (_, i) => palettes.subarray(i * stride, (i + 1) * stride)),
      sampledBases,
      bakedBases: new Uint32Array(count),
      bounds,
      ground: placeGround(bounds.min, bounds.max),
    };
    this.count = count;
    if (this.place === 'cpu') this.cpu?.resize(count);
    this.cameraControl.frame(bounds);
    this.poseChanged();
  }

  /** The renderer (for the ground and the context's life) and the crowd's GPU side. Set-up work; throws SetupErrors. */
  private createRenderer(gl: WebGL2RenderingContext): Renderer | null {
    if (this.model === null || this.crowd === null) return null;
    const renderer = createRenderer(gl, this.model, true);
    const meshes = this.primitives.map((primitive) => createCrowdMesh(gl, primitive));
    const placeholder = createPaletteAtlas(gl, 1);
    if (typeof placeholder === 'string') throw new RendererError(placeholder);
    this.gpu = {
      renderer,
      onGpu: createCrowdGpuProgram(gl),
      meshes,
      count: 0,
      instances: createCrowdInstances(gl, new Float32Array(4), 1),
      atlas: placeholder,
      bakedAtlas: null,
      onCpu: null,
      bases: 'none',
    };
    this.sizeGpu(this.gpu);
    this.prepareBakedOnGpu(this.gpu);
    return renderer;
  }

  /** Sizes the GPU side for the current crowd (set-up work; throws RendererError when the GPU cannot hold it). */
  private sizeGpu(gpu: CrowdGpu): void {
    const crowd = this.crowd!;
    const gl = gpu.renderer.gl;
    if (gpu.count === crowd.count) return;
    const atlas = createPaletteAtlas(gl, crowd.count * this.jointCount);
    if (typeof atlas === 'string') throw new RendererError(atlas);
    gl.deleteTexture(gpu.atlas.texture);
    gl.deleteBuffer(gpu.instances.placements);
    gl.deleteBuffer(gpu.instances.paletteBases);
    gpu.atlas = atlas;
    gpu.instances = createCrowdInstances(gl, crowd.layout.placements, crowd.count);
    for (const mesh of gpu.meshes) attachCrowdInstances(gl, mesh, gpu.instances);
    gpu.count = crowd.count;
    this.reserveCpuOnGpu(gpu);
    gpu.bases = 'none';
  }

  /** Loads the fast path (first use) and builds its player and skinners, or says why it cannot. */
  private async loadFastPath(): Promise<FastPath | null> {
    if (this.fast !== null || this.fastProblem !== null) return this.fast;
    try {
      const [{ createSimdPlayer }, { createSimdSkinner }] = await Promise.all([import('../../core/fast/pose-simd.ts'), import('../../core/fast/skin-simd.ts')]);
      const player = this.model === null ? null : createSimdPlayer(this.model);
      if (player === null) {
        this.fastProblem = 'No WebAssembly SIMD here: posed in JavaScript.';
        return null;
      }
      this.fast = { player, skinners: this.primitives.map((primitive) => createSimdSkinner(primitive, this.jointCount)) };
    } catch (error) {
      this.fastProblem = `No WebAssembly kernel (${(error as Error).message}): posed in JavaScript.`;
    }
    return this.fast;
  }

  // ── Controls ─────────────────────────────────────────────────────────────────────────────

  private setCount(count: number): void {
    if (!CROWD_SIZES.includes(count as (typeof CROWD_SIZES)[number]) || this.model === null) return;
    this.resize(count);
    this.settingsChanged();
  }

  /** Rebuilds the crowd (and its GPU side) for `count` instances; on a GPU that cannot hold it, says so and fails. */
  private resize(count: number): void {
    this.buildCrowd(count);
    if (this.gpu !== null) {
      try {
        this.sizeGpu(this.gpu);
      } catch (error) {
        this.figure.fail('error', `The crowd of ${count.toLocaleString('en')} does not fit on this GPU.\n${(error as Error).message}`);
      }
    }
  }

  private async setEngine(engine: Engine): Promise<void> {
    if (engine === 'simd' && (await this.loadFastPath()) === null) {
      this.engine = 'javascript';
      this.syncControls();
      this.settingsChanged();
      return;
    }
    this.engine = engine;
    this.settingsChanged();
  }

  private async setSource(source: Source): Promise<void> {
    if (source === 'baked' && this.baked === null) {
      try {
        const { BakedCrowd } = await import('./crowd-baked.ts');
        this.baked = new BakedCrowd(this.player!, this.clip!);
      } catch (error) {
        this.figure.fail('error', `The figure's baked palettes could not be made.\n${(error as Error).message}`);
        return;
      }
    }
    this.source = source;
    if (this.gpu !== null) this.prepareBakedOnGpu(this.gpu);
    this.settingsChanged();
  }

  /** Playing the bake: its atlas on the GPU (set-up work, once per context; a GPU that cannot hold it ends the figure). */
  private prepareBakedOnGpu(gpu: CrowdGpu): void {
    if (this.source !== 'baked' || this.baked === null || gpu.bakedAtlas !== null) return;
    const atlas = this.baked.createAtlas(gpu.renderer.gl);
    if (typeof atlas === 'string') this.figure.fail('error', atlas);
    else gpu.bakedAtlas = atlas;
  }

  private async setPlace(place: Place): Promise<void> {
    if (place === 'cpu' && this.cpu === null) {
      try {
        const { CpuCrowd } = await import('./crowd-cpu.ts');
        this.cpu = new CpuCrowd(this.primitives);
      } catch (error) {
        this.figure.fail('error', `The figure's CPU skinning could not be loaded.\n${(error as Error).message}`);
        return;
      }
    }
    this.place = place;
    if (place === 'cpu') {
      this.cpu!.resize(this.count);
      if (this.gpu !== null) {
        try {
          this.reserveCpuOnGpu(this.gpu);
        } catch (error) {
          this.figure.fail('error', `This figure could not start its CPU skinning.\n${(error as Error).message}`);
          return;
        }
      }
    }
    this.settingsChanged();
  }

  /** On the CPU path: its program and buffers for the current crowd (set-up work; throws ShaderError). */
  private reserveCpuOnGpu(gpu: CrowdGpu): void {
    const cpu = this.cpu;
    if (this.place !== 'cpu' || cpu === null) return;
    gpu.onCpu ??= cpu.createProgram(gpu.renderer.gl);
    cpu.reserveOnGpu(gpu.renderer.gl, gpu.meshes);
  }

  private setPlaying(playing: boolean): void {
    this.playing = playing;
    if (playing) this.showBindPose = false;
    this.figure.restartClock();
    this.syncControls();
    this.figure.requestRender();
    this.scheduleNote();
  }

  /** The time slider moved: pause there (instance 0's clip time is the slider's). */
  private seek(): void {
    this.time = this.playback.sliderTime;
    if (this.playing) this.setPlaying(false);
    if (this.player === null) requestPlaying(this.host, false);
    this.showBindPose = false;
    this.playback.showTime(this.time);
    this.syncControls();
    this.poseChanged();
  }

  private syncControls(): void {
    // Before the model has loaded, the button shows (and keeps) the reader's request.
    const waiting = this.player === null;
    this.playback.show(waiting ? playRequest(this.host) === true : this.playing, (waiting || this.clip !== null) && !this.figure.failed, this.clip ?? undefined, this.time);
    this.poseToggle.show(this.showBindPose);
    const check = (group: string, value: string) => {
      for (const radio of this.host.querySelectorAll<HTMLInputElement>(`[data-part=${group}] input[type=radio]`)) radio.checked = radio.value === value;
    };
    check('crowd-size', String(this.count));
    check('crowd-engine', this.engine);
    check('crowd-source', this.source);
    check('crowd-place', this.place);
    if (this.measureButton !== null) this.measureButton.disabled = this.measuring || this.figure.renderer === null;
    this.description.changed();
  }

  /** The live description: the pose, playing or paused (and when), the switches. */
  private describe(): string {
    const clip = this.clip;
    if (this.player === null || clip === null || this.figure.failed) return '';
    const state = [describePose(this.host)];
    if (this.showBindPose) state.push(`${this.count.toLocaleString('en')} mannequins in the bind pose`);
    else if (this.playing) state.push(`${this.count.toLocaleString('en')} mannequins walking`);
    else state.push(`${this.count.toLocaleString('en')} mannequins paused at ${formatNumber(wrapClipTime(this.time, clip.duration, Playback.LOOP), 2, { fixed: true })} s of the walk`);
    return `${state.filter((words) => words !== '').join(', ')}. ${describeChoices(this.host)}`.trim();
  }

  /** A switch or the size changed: new timings to gather, a note to write. */
  private settingsChanged(): void {
    this.timedFrames = 0;
    this.lastFrameStart = -1;
    this.host.dataset.count = String(this.count);
    this.host.dataset.engine = this.engine;
    this.host.dataset.source = this.source;
    this.host.dataset.place = this.place;
    this.poseChanged();
    this.scheduleNote();
  }

  /** The crowd's pose changed (time, bind pose, switch): every CPU-skinned instance is out of date. */
  private poseChanged(): void {
    this.cpu?.outdate();
    this.figure.requestRender();
  }

  private scheduleNote(): void {
    this.noteDue = performance.now() + NOTE_DELAY;
    this.figure.requestRender();
  }

  // ── Frames ───────────────────────────────────────────────────────────────────────────────

  /** Moves the clock on while playing; keeps frames coming while CPU skinning catches up or a measurement runs. */
  private advance(seconds: number): boolean {
    if (this.measuring) return true;
    if (this.playing && !this.showBindPose) {
      this.time += seconds;
      this.cpu?.outdate();
      return true;
    }
    // Still: frames only while CPU skinning catches up or the note waits for its numbers.
    return (this.place === 'cpu' && this.cpu !== null && this.cpu.stale > 0) || this.noteDue !== Infinity;
  }

  /** One frame: pose, skin, upload, draw, each timed. */
  private draw(renderer: Renderer): void {
    const measurement = this.measurement;
    if (measurement !== null) this.prepareMeasuredFrame(measurement);
    const crowd = this.crowd;
    const gpu = this.gpu;
    if (crowd === null || gpu === null || gpu.renderer !== renderer) return;
    const gl = renderer.gl;
    const measuring = measurement !== null;
    // Measuring: nothing of earlier frames (or of the page's compositing) left for a stage to wait on.
    if (measuring) waitForGpu(gl, this.pixel);

    const frameStart = performance.now();
    this.posePalettes(crowd);
    const posed = performance.now();
    const cpu = this.place === 'cpu' ? this.cpu : null;
    const skinners = this.engine === 'simd' && this.fast !== null ? this.fast.skinners : null;
    // A still crowd skinned on the CPU and caught up has nothing to skin or send: such a frame is drawn, not timed.
    const idle = cpu !== null && cpu.stale === 0 && measurement === null;
    if (cpu !== null && !idle) cpu.skin(this, measurement === null ? CPU_SKIN_BUDGET_MS : Infinity, skinners);
    const skinnedAt = performance.now();
    const uploadedBytes = cpu === null ? this.upload(gpu, crowd) : idle ? 0 : cpu.upload(gl, gpu.meshes);
    if (measuring) waitForGpu(gl, this.pixel);
    const uploaded = performance.now();
    const drawCalls = this.drawCrowd(gpu, crowd);
    if (measuring) waitForGpu(gl, this.pixel);
    const drawn = performance.now();
    if (idle) {
      this.afterFrame(drawn);
      return;
    }
    this.uploadedBytes = uploadedBytes;
    this.drawCalls = drawCalls;

    const slot = TIMED * (this.timedFrames % TIMING_WINDOW);
    this.timings[slot + POSE] = posed - frameStart;
    this.timings[slot + SKIN] = skinnedAt - posed;
    this.timings[slot + UPLOAD] = uploaded - skinnedAt;
    this.timings[slot + DRAW] = drawn - uploaded;
    this.timings[slot + TOTAL] = drawn - frameStart;
    // The interval between frames only while they follow each other (playing): else it measures the reader's pauses.
    this.timings[slot + FRAME] = this.playing && this.lastFrameStart >= 0 ? frameStart - this.lastFrameStart : 0;
    this.lastFrameStart = this.playing ? frameStart : -1;
    this.timedFrames++;

    if (measurement !== null) this.recordMeasuredFrame(measurement, slot);
    else this.afterFrame(drawn);
  }

  /** The pose stage: every instance's palette (sampled, or the rest pose), or its baked frame's base. */
  private posePalettes(crowd: Crowd): void {
    const { count, palettes, bakedBases } = crowd;
    const offsets = crowd.layout.timeOffsets;
    const stride = 16 * this.jointCount;
    if (this.showBindPose) {
      for (let i = 0; i < count; i++) palettes.set(this.restPalette, i * stride);
      return;
    }
    if (this.source === 'baked' && this.baked !== null) {
      this.baked.frameBases(bakedBases, this.time, offsets, count);
      return;
    }
    const clip = this.clip!;
    const fast = this.engine === 'simd' ? this.fast : null;
    if (fast !== null) {
      // #region pose-simd
      // One WebAssembly call per instance poses the whole skeleton; its palette is copied out.
      const simd = fast.player;
      for (let i = 0; i < count; i++) {
        simd.evaluate(this.clipIndex, this.time + offsets[i], Playback.LOOP);
        palettes.set(simd.palettes[0], i * stride);
      }
      // #endregion pose-simd
      return;
    }
    // #region pose-javascript
    // The teaching path: one player, posed for each instance in turn; its palette is copied out.
    const player = this.player!;
    for (let i = 0; i < count; i++) {
      animateFrame(player, clip, this.time + offsets[i], Playback.LOOP);
      palettes.set(player.palettes[0], i * stride);
    }
    // #endregion pose-javascript
  }

  /** The crowd shows the baked palettes (chosen, made, and not in the bind pose). */
  private playsBake(): boolean {
    return this.source === 'baked' && this.baked !== null && !this.showBindPose;
  }

  /** The palette instance `i` is skinned with on the CPU: its own, or its baked frame's (PaletteSource). */
  paletteOf(i: number): Float32Array {
    const crowd = this.crowd!;
    if (this.playsBake()) return this.baked!.paletteOf(crowd.bakedBases[i]);
    return crowd.paletteViews[i];
  }

  /** The upload stage on the GPU path; returns the bytes sent. */
  private upload(gpu: CrowdGpu, crowd: Crowd): number {
    const gl = gpu.renderer.gl;
    if (this.playsBake()) {
      gpu.bases = 'baked';
      return uploadPaletteBases(gl, gpu.instances, crowd.bakedBases, crowd.count);
    }
    let bytes = uploadPaletteAtlas(gl, gpu.atlas, crowd.palettes, crowd.count * this.jointCount);
    if (gpu.bases !== 'sampled') {
      bytes += uploadPaletteBases(gl, gpu.instances, crowd.sampledBases, crowd.count);
      gpu.bases = 'sampled';
    }
    return bytes;
  }

  /** The draw stage: the crowd and the ground. Returns the draw calls of the crowd. */
  private drawCrowd(gpu: CrowdGpu, crowd: Crowd): number {
    const { renderer } = gpu;
    const gl = renderer.gl;
    const canvas = this.figure.canvas;
    const camera = this.cameraControl.camera;
    updateOrbitCamera(camera, canvas.width, canvas.height);
    const frame = this.meshFrame;
    frame.viewProjection = camera.viewProjection;
    frame.cameraPosition = camera.position;
    lightDirection(frame.keyLightDirection, camera, -0.45, 0.7, 0.55);
    lightDirection(frame.fillLightDirection, camera, 0.8, -0.1, 0.35);
    frame.baseColor = this.colors.mesh;
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    let calls: number;
    if (this.place === 'cpu' && this.cpu !== null && gpu.onCpu !== null) {
      calls = this.cpu.draw(gl, gpu.onCpu, frame, gpu.meshes, crowd.layout.placements);
    } else {
      const atlas = this.playsBake() && gpu.bakedAtlas !== null ? gpu.bakedAtlas : gpu.atlas;
      calls = drawCrowdInstanced(gl, gpu.onGpu, frame, gpu.meshes, atlas, crowd.count);
    }
    if (renderer.groundPass !== null) drawGroundPass(gl, renderer.groundPass, crowd.ground, camera.viewProjection, this.colors.grid, 0.32);
    return calls;
  }

  // ── Read-outs ────────────────────────────────────────────────────────────────────────────

  /** After a live frame: the slider follows instance 0; read-outs and the note when due. */
  private afterFrame(now: number): void {
    if (this.playing && this.clip !== null) this.playback.follow(wrapClipTime(this.time, this.clip.duration, Playback.LOOP));
    // Paused frames are few (a change, or CPU skinning catching up): each one shows its numbers.
    if (!this.playing || now - this.lastReadout >= READOUT_INTERVAL) {
      this.lastReadout = now;
      this.updateReadouts();
    }
    const noteDue = now >= this.noteDue || (this.playing && now - this.lastNote >= NOTE_INTERVAL);
    if (noteDue && this.timedFrames > 0) {
      this.noteDue = Infinity;
      this.lastNote = now;
      this.updateNote();
    }
  }

  /** Averages of the last TIMING_WINDOW frames into this.averages (the frame interval over the frames that had one). */
  private average(): void {
    const frames = Math.min(this.timedFrames, TIMING_WINDOW);
    this.averages.fill(0);
    let intervals = 0;
    for (let f = 0; f < frames; f++) {
      for (let s = 0; s < FRAME; s++) this.averages[s] += this.timings[TIMED * f + s] / frames;
      const interval = this.timings[TIMED * f + FRAME];
      if (interval > 0) {
        this.averages[FRAME] += interval;
        intervals++;
      }
    }
    this.averages[FRAME] = intervals > 0 ? this.averages[FRAME] / intervals : 0;
  }

  private updateReadouts(): void {
    this.average();
    const a = this.averages;
    const host = this.host;
    const set = (name: string, text: string) => {
      const element = this.readouts.get(name);
      if (element !== undefined && element.textContent !== text) element.textContent = text;
    };
    set('pose', milliseconds(a[POSE]));
    set('skin', this.place === 'cpu' ? milliseconds(a[SKIN]) : 'on the GPU');
    set('upload', milliseconds(a[UPLOAD]));
    set('draw', milliseconds(a[DRAW]));
    set('frame', a[FRAME] > 0 ? milliseconds(a[FRAME]) : '—');
    set('skin-detail', this.place === 'cpu' ? `${(this.cpu?.skinned ?? 0).toLocaleString('en')} of ${this.count.toLocaleString('en')} this frame` : 'in the vertex shader');
    set('upload-detail', bytes(this.uploadedBytes));
    set('draw-detail', this.drawCalls === 1 ? '1 call' : `${this.drawCalls.toLocaleString('en')} calls`);
    host.dataset.poseMs = String(a[POSE]);
    host.dataset.skinMs = String(a[SKIN]);
    host.dataset.uploadMs = String(a[UPLOAD]);
    host.dataset.drawMs = String(a[DRAW]);
    host.dataset.frameMs = String(a[FRAME]);
    host.dataset.uploadedBytes = String(this.uploadedBytes);
    host.dataset.drawCalls = String(this.drawCalls);
    host.dataset.skinnedInstances = String((this.cpu?.skinned ?? 0));
    host.dataset.stale = String(this.place === 'cpu' ? (this.cpu?.stale ?? 0) : 0);
  }

  /** The live description: what runs, and what it costs here. */
  private updateNote(): void {
    if (this.note === null) return;
    this.updateReadouts();
    const a = this.averages;
    const n = this.count.toLocaleString('en');
    const posedBy = this.showBindPose
      ? 'in the bind pose'
      : this.source === 'baked'
        ? `played from palettes baked at ${BAKED_RATE} frames per second`
        : this.engine === 'simd'
          ? 'posed by the WebAssembly SIMD kernel'
          : 'posed in JavaScript';
    const skinnedOn = this.place === 'cpu'
      ? `skinned on the CPU by ${this.engine === 'simd' && this.fast !== null ? 'createSimdSkinner' : 'skinVertices'} (${(this.cpu?.skinned ?? 0).toLocaleString('en')} of them in the last frame, within ${CPU_SKIN_BUDGET_MS} ms; the others keep their last pose)`
      : 'skinned on the GPU in one instanced draw';
    // Frames far slower than the stages' sum: the GPU (or a software renderer standing in for one) sets the pace.
    const gpuBound = a[FRAME] > SLOW_FRAME_MS && a[FRAME] > 3 * a[TOTAL];
    const frame =
      a[FRAME] > 0
        ? ` A frame every ${milliseconds(a[FRAME])}${gpuBound ? ': the GPU, drawing every vertex of every mannequin, sets that pace here, not the stages above' : ''}.`
        : '';
    const fastProblem = this.fastProblem === null ? '' : ` ${this.fastProblem}`;
    this.note.textContent =
      `${n} ${this.count === 1 ? 'mannequin' : 'mannequins'}, ${posedBy}, ${skinnedOn}. On this machine: pose ${milliseconds(a[POSE])}` +
      `${this.place === 'cpu' ? `, skin ${milliseconds(a[SKIN])}` : ''}, upload ${milliseconds(a[UPLOAD])} (${bytes(this.uploadedBytes)}), ` +
      `draw ${milliseconds(a[DRAW])} to issue ${this.drawCalls === 1 ? '1 call' : `${this.drawCalls.toLocaleString('en')} calls`}.${frame}${fastProblem}`;
  }

  // ── Measuring ────────────────────────────────────────────────────────────────────────────

  private async startMeasurement(): Promise<void> {
    if (this.measuring || this.crowd === null) return;
    this.measuring = true;
    this.syncControls();
    const { CrowdMeasurement } = await import('./crowd-measure.ts');
    this.measurement = new CrowdMeasurement(this.count, this.time, this.playing);
    this.playing = false;
    this.host.dataset.measuring = 'true';
    if (this.note !== null) this.note.textContent = 'Measuring every crowd size with these switches, waiting for the GPU after each stage…';
    this.syncControls();
    this.figure.requestRender();
  }

  /** Before a measured frame: the size being measured, and a clock that moves on (so each frame has work to do). */
  private prepareMeasuredFrame(measurement: CrowdMeasurement): void {
    const count = measurement.size;
    if (this.crowd?.count !== count) this.resize(count);
    this.time += 1 / 60;
    this.cpu?.outdate();
  }

  private recordMeasuredFrame(measurement: CrowdMeasurement, slot: number): void {
    if (!measurement.record(this.timings, slot)) return;
    this.measurement = null;
    this.measuring = false;
    delete this.host.dataset.measuring;
    this.time = measurement.time;
    this.resize(measurement.count);
    this.playing = measurement.playing;
    this.figure.restartClock();
    void import('./crowd-measure.ts').then(({ showMeasurement }) => {
      const sentence = showMeasurement(this.host, measurement.results, this.place === 'gpu');
      if (this.note !== null) this.note.textContent = sentence;
      this.lastNote = performance.now();
      this.noteDue = Infinity;
    });
    this.timedFrames = 0;
    this.lastFrameStart = -1;
    this.poseChanged();
    this.syncControls();
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new CrowdIsland(host);
}
