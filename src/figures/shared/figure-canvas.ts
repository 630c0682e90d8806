// The drawing side of an island: its canvas and WebGL context (taken and given back for the island
// manager, lost and restored by the browser), the renderer built on that context, the frame loop,
// the framebuffer size, the element's data-state, the status line and the full-screen button
// (full-screen.ts). What is drawn, and when a clip keeps the loop going, is the scene's business
// (FigureScene, implemented by SkinView).
//
// Frames are drawn on demand: requestRender() schedules one (when the island is in view and has a
// renderer), and the scene keeps asking for the next one only while a clip plays.
//
// The element's data-state (see island-manager.ts) is derived from this object's fields by
// updateState(), the only place that writes it. A failure (fail()) ends the island for good.

import { gpuFinished } from '../../gl/gpu-fence.ts';
import { gpuIdle, wantsAntialias, warmUpGpu } from '../../gl/gpu-process.ts';
import { dropLinkedAhead, linkAhead, type ProgramSources } from '../../gl/program.ts';
import type { Renderer } from '../../gl/renderer.ts';
import { attachFullScreenButton } from './full-screen.ts';
import { resumeIsland, type Island } from './island-manager.ts';
import { part } from './parts.ts';
import { scrolledSince, scrollingAtRest } from './scroll-rest.ts';

/** Framebuffer pixels per CSS pixel are capped here: sharper buys little, costs fill rate. */
const MAX_PIXEL_RATIO = 2;
/** Longest time step (seconds) a frame may advance a clip, so a stall never skips ahead. */
const MAX_FRAME_STEP = 0.1;

/** Longest wait, ms, for a figure's first frame before the next figure may start (startUp). */
const FIRST_FRAME_WAIT = 1000;

/**
 * Figures start one at a time, page-wide (FigureCanvas.startUp): this resolves when the start-up
 * begun last is over. A start-up's blocking calls then find the GPU process free, not busy with
 * another figure's first frame.
 */
let lastStartUp: Promise<void> = Promise.resolve();

/**
 * Resolves when the page's scrolling rests (scroll-rest.ts) and then the GPU process is free;
 * scrolling again meanwhile starts the wait over.
 */
async function quietMoment(): Promise<void> {
  for (;;) {
    const lastScroll = await scrollingAtRest();
    await gpuIdle();
    if (!scrolledSince(lastScroll)) return;
  }
}

/** The data-state of an island that failed for good. */
export type FailureState = 'error' | 'unsupported';

/** What a FigureCanvas asks of the figure it shows. */
export interface FigureScene {
  /** Builds the GPU resources of the current model on `gl`, or returns null while there is none; may throw. */
  createRenderer(gl: WebGL2RenderingContext): Renderer | null;
  /** The programs createRenderer will link, linked ahead at start-up (linkAhead); optional. */
  programs?(): readonly ProgramSources[];
  /**
   * Moves the figure's time on by `seconds` (0 to MAX_FRAME_STEP; 0 on the first frame after a
   * still one or a restartClock()); returns true while it animates, which schedules the next frame.
   */
  advance(seconds: number): boolean;
  /** Poses and draws one frame with `renderer`. */
  draw(renderer: Renderer): void;
  /** The framebuffer is now `width` × `height` pixels, `pixelRatio` of them per CSS pixel. */
  resized(width: number, height: number, pixelRatio: number): void;
  /** The island's controls were just enabled: make them show the current state. */
  syncControls(): void;
}

export class FigureCanvas implements Island {
  readonly canvas: HTMLCanvasElement;
  private readonly host: HTMLElement;
  private readonly scene: FigureScene;
  private readonly status: HTMLElement | null;
  /** The still of the first frame (IslandStage's poster), hidden while the canvas shows a frame; may be absent. */
  private readonly poster: HTMLElement | null;
  /** The canvas shows a frame drawn since the context was (re)gained. */
  private drawn = false;

  private gl: WebGL2RenderingContext | null = null;
  /** WEBGL_lose_context, asked for when first used (loseContext()): a context's first getExtension waits for the GPU process. */
  private loseContextExtension: WEBGL_lose_context | null = null;
  private currentRenderer: Renderer | null = null;
  private holding = false;
  /** startUp() has not built the first renderer yet: the context is on its way. */
  private startingUp = false;
  /** sceneChanged() is waiting for the GPU process to build the first renderer. */
  private buildPending = false;
  /** Called when the frame drawn first after startUp has been drawn by the GPU (null otherwise). */
  private onFirstFrameFinished: (() => void) | null = null;
  /** The context is lost because release() asked for it (not an accident). */
  private releasing = false;
  private contextLost = false;
  private visible = false;
  /** A message that ends the island (error, unsupported): state and text stay as set. */
  private failure: { state: FailureState; message: string } | null = null;
  /** The message the status line shows (null: still the server-rendered text). */
  private shownMessage: string | null = null;
  /** Pending requestAnimationFrame id, 0 for none. */
  private frameRequest = 0;
  /** Timestamp (ms) of the previous frame while the scene animates, −1 otherwise. */
  private lastTimestamp = -1;
  /** Framebuffer pixels per CSS pixel at the last resize (1 to MAX_PIXEL_RATIO). */
  private pixelRatio = 1;
  private readonly onAnimationFrame = (timestamp: number): void => this.renderFrame(timestamp);

  /** Takes the [data-part=canvas] and [data-part=status] of `host`; throws when there is no canvas. */
  constructor(host: HTMLElement, scene: FigureScene) {
    const canvas = part<HTMLCanvasElement>(host, 'canvas');
    if (canvas === null) throw new Error('island markup has no [data-part=canvas]');
    this.host = host;
    this.scene = scene;
    this.canvas = canvas;
    this.status = part(host, 'status');
    this.poster = part(host, 'poster');
    canvas.addEventListener('webglcontextlost', (event) => this.onContextLost(event));
    canvas.addEventListener('webglcontextrestored', () => this.onContextRestored());
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.watchPixelRatio();
    attachFullScreenButton(host);
    this.updateState();
  }

  /** The GPU resources drawn with, null while there are none (no context, lost, or no model yet). */
  get renderer(): Renderer | null {
    return this.currentRenderer;
  }

  /** True once fail() has ended the island. */
  get failed(): boolean {
    return this.failure !== null;
  }

  // ── Island (called by the island manager) ────────────────────────────────────────────────

  get holdsContext(): boolean {
    return this.holding;
  }

  acquire(): void {
    if (this.failure !== null) return;
    this.holding = true;
    if (this.gl === null) {
      if (!this.startingUp) void this.startUp();
    } else if (this.contextLost && this.releasing) {
      // Given back by release(): ask for it again; onContextRestored rebuilds.
      this.loseContext()?.restoreContext();
    } else if (this.canBuild && this.currentRenderer === null) {
      this.buildRenderer();
    }
    this.updateState();
  }

  release(): void {
    this.holding = false;
    this.drawn = false;
    this.cancelFrame();
    const extension = this.contextLost ? null : this.loseContext();
    if (extension !== null) {
      this.releasing = true;
      this.currentRenderer = null;
      extension.loseContext();
    }
    this.updateState();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.requestRender();
    else this.cancelFrame();
    this.updateState();
  }

  // ── For the scene ────────────────────────────────────────────────────────────────────────

  /**
   * The scene has a new model: builds its renderer if the context is live — now when it replaces
   * one (the reader chose another model), else (the first model, arriving after the context) as
   * soon as the GPU process is free.
   */
  sceneChanged(): void {
    if (this.canBuild) {
      if (this.currentRenderer !== null) this.buildRenderer();
      else if (!this.buildPending) {
        this.buildPending = true;
        void quietMoment().then(() => {
          this.buildPending = false;
          if (this.canBuild && this.currentRenderer === null) this.buildRenderer();
          this.updateState();
        });
      }
    }
    this.updateState();
  }

  /** Shows `message` and stops for good (a model that failed to load, a shader error). */
  fail(state: FailureState, message: string): void {
    this.failure = { state, message };
    this.drawn = false;
    this.cancelFrame();
    this.enableControls(false);
    // The status line says what went wrong; the live description of the figure no longer applies.
    part(this.host, 'description')?.replaceChildren();
    // A failed island never draws again: its context goes back to the page's budget.
    if (this.holding) this.release();
    this.updateState();
  }

  /**
   * Shows `message` (a model that could not be loaded: the network, a missing file) as fail() does,
   * with a Retry button in the status line; resolves when the reader presses it, the island
   * back to loading (and taking a context again if it is in view), for the caller to load again.
   */
  failUntilRetried(message: string): Promise<void> {
    this.fail('error', message);
    const status = this.status;
    if (status === null) return new Promise(() => {});
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'island-button island-retry';
    retry.dataset.part = 'retry';
    retry.textContent = 'Retry';
    status.append(retry);
    return new Promise((resolve) => {
      retry.addEventListener(
        'click',
        () => {
          const hadFocus = document.activeElement === retry;
          retry.remove();
          this.failure = null;
          this.updateState();
          resumeIsland(this.host);
          // The button is gone: keep the keyboard in the figure, on its view.
          if (hadFocus) this.canvas.focus({ preventScroll: true });
          resolve();
        },
        { once: true },
      );
    });
  }

  /** Schedules one frame (if the island is shown and ready); cheap to call often. */
  requestRender(): void {
    if (this.frameRequest === 0 && this.visible && this.currentRenderer !== null) {
      this.frameRequest = requestAnimationFrame(this.onAnimationFrame);
    }
  }

  /** The next frame advances the scene by 0 s (after play, pause or a pose switch). */
  restartClock(): void {
    this.lastTimestamp = -1;
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────

  /** The island holds a live context and is not starting up (startUp builds its own renderer). */
  private get canBuild(): boolean {
    return this.holding && this.gl !== null && !this.contextLost && !this.startingUp;
  }

  /**
   * The first acquire(), in steps that each end a task, so that none holds the page for long, and
   * each made when the scrolling rests and the GPU process is free (quietMoment), so that its
   * blocking calls do not wait: the context (its framebuffer already the canvas's size, so it is
   * not made twice), then — once the GPU process has set it up — the renderer and its programs,
   * then the first frame. The next figure starts when that frame has been drawn by the GPU.
   */
  private async startUp(): Promise<void> {
    this.startingUp = true;
    const previous = lastStartUp;
    let finished!: () => void;
    lastStartUp = new Promise((resolve) => (finished = resolve));
    try {
      await warmUpGpu();
      await previous;
      if (!this.holding || this.failure !== null) return;
      this.sizeFramebuffer();
      await quietMoment();
      if (!this.holding || this.failure !== null) return;
      const gl = this.canvas.getContext('webgl2', { antialias: wantsAntialias(), alpha: true, premultipliedAlpha: true });
      if (gl === null) {
        this.holding = false;
        this.fail(
          'unsupported',
          'This interactive figure needs WebGL2, which this browser did not provide: it may be switched off, or the graphics driver may be blocked. The text around the figure describes what it shows.',
        );
        return;
      }
      this.gl = gl;
      // The links run in the GPU process while the page waits without blocking; buildRenderer takes them.
      linkAhead(gl, this.scene.programs?.() ?? []);
      await gpuFinished(gl);
      await quietMoment();
      if (!this.holding || this.contextLost || this.failure !== null) return;
      this.buildRenderer();
      // From here a new model (sceneChanged) rebuilds as usual, while the next figure waits.
      this.startingUp = false;
      if (this.currentRenderer === null) return;
      await new Promise<void>((resolve) => {
        this.onFirstFrameFinished = resolve;
        setTimeout(resolve, FIRST_FRAME_WAIT);
      });
    } finally {
      this.onFirstFrameFinished = null;
      this.startingUp = false;
      // A renderer built takes its programs and drops the rest (buildRenderer); with none built yet,
      // they are kept for the one built when the model arrives (sceneChanged), if this context can.
      if (this.gl !== null && !this.canBuild) dropLinkedAhead(this.gl);
      finished();
      this.updateState();
    }
  }

  private buildRenderer(): void {
    if (this.gl === null || this.failure !== null) return;
    let renderer: Renderer | null;
    try {
      renderer = this.scene.createRenderer(this.gl);
    } catch (error) {
      if (this.gl.isContextLost()) return;
      this.fail('error', `This figure could not start its graphics.\n${(error as Error).message}`);
      return;
    }
    if (renderer === null) return;
    // Programs linked ahead that this renderer did not take are not needed any more.
    dropLinkedAhead(this.gl);
    this.currentRenderer = renderer;
    this.enableControls(true);
    this.resize();
    this.requestRender();
  }

  private onContextLost(event: Event): void {
    // Without preventDefault the browser would never restore the context.
    event.preventDefault();
    this.contextLost = true;
    this.drawn = false;
    this.currentRenderer = null;
    // Programs still linked ahead died with the context.
    if (this.gl !== null) dropLinkedAhead(this.gl);
    this.cancelFrame();
    this.updateState();
  }

  /** The context's WEBGL_lose_context (null without a context, or where the browser lacks it). */
  private loseContext(): WEBGL_lose_context | null {
    this.loseContextExtension ??= this.gl?.getExtension('WEBGL_lose_context') ?? null;
    return this.loseContextExtension;
  }

  private onContextRestored(): void {
    this.contextLost = false;
    this.releasing = false;
    if (!this.holding) {
      // Restored while released (the browser's doing): give it straight back.
      this.releasing = true;
      this.loseContext()?.loseContext();
      return;
    }
    this.buildRenderer();
    this.updateState();
  }

  /** Every control of the island (input, button, select) works only while the figure can draw. */
  private enableControls(enabled: boolean): void {
    for (const control of this.host.querySelectorAll<HTMLInputElement | HTMLButtonElement | HTMLSelectElement>('input, button, select')) {
      control.disabled = !enabled;
    }
    if (enabled) this.scene.syncControls();
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
    } else if (!this.holding) {
      state = 'idle';
    } else if (this.currentRenderer === null) {
      // Held, with nothing to draw yet: the model is loading, or the context is coming back.
      state = 'loading';
      message = 'Loading…';
    } else {
      state = this.visible ? 'running' : 'paused';
    }
    if (this.host.dataset.state !== state) this.host.dataset.state = state;
    if (this.poster !== null && this.poster.hidden !== this.drawn) this.poster.hidden = this.drawn;
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
    const renderer = this.currentRenderer;
    if (renderer === null || !this.visible) return;
    // The device pixel ratio can change with no resize and, in some browsers, no media-query
    // event (see watchPixelRatio): check it here too, at the cost of one read per frame.
    if (Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO) !== this.pixelRatio) this.resize();
    const seconds = this.lastTimestamp < 0 ? 0 : Math.min(MAX_FRAME_STEP, Math.max(0, (timestamp - this.lastTimestamp) / 1000));
    const animating = this.scene.advance(seconds);
    this.lastTimestamp = animating ? timestamp : -1;
    this.scene.draw(renderer);
    if (!this.drawn) {
      this.drawn = true;
      this.updateState();
      const onFinished = this.onFirstFrameFinished;
      if (onFinished !== null) void gpuFinished(renderer.gl).then(onFinished);
    }
    if (animating) this.requestRender();
  }

  /** Sizes the framebuffer: the canvas's CSS size × the pixel ratio (capped at MAX_PIXEL_RATIO). */
  private sizeFramebuffer(): void {
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    const width = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    this.pixelRatio = ratio;
  }

  private resize(): void {
    this.sizeFramebuffer();
    this.scene.resized(this.canvas.width, this.canvas.height, this.pixelRatio);
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
        this.resize();
        this.watchPixelRatio();
      },
      { once: true },
    );
  }
}
