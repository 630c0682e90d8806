// An island's orbit camera and what moves it: framing the model's bounds from the figure's initial
// angles (again on every resize, until the reader moves the view), the reader's mouse, touch and
// keyboard input (orbit-input.ts), and the buttons on the stage of IslandStage.astro: Fit, Reset
// view, and the turn, tilt and zoom steps. Also measures the bounds to frame: the skinned mesh over
// a set of poses (boundsOfPoses).
//
// Fit frames what the figure draws at that moment, from the angles the reader has turned to: the
// mesh skinned once on the CPU with the palettes of the last frame (boundsOfPoses over no new
// pose), or what the island measures itself (its measureShown, e.g. with a second copy beside the
// first). Reset view returns to the figure's own framing, from its initial angles.

import type { Player } from '../../core/frame.ts';
import type { Model } from '../../core/model.ts';
import { aimAtBox, createOrbitCamera, frameBox } from '../../gl/camera.ts';
import { mountedIsland } from './island-manager.ts';
import { attachOrbitInput, stepView } from './orbit-input.ts';
import { part } from './parts.ts';
import { boundsOfPoses, type Bounds } from './pose-bounds.ts';

/**
 * What Fit asks of the island it belongs to, as the island manager mounted it: measureShown() if
 * the island draws more than its model's mesh posed by its player; otherwise the model and player
 * a SkinView shows (public fields), whose palettes hold the pose of the last frame drawn.
 */
interface FitSubject {
  measureShown?: () => Bounds | null;
  model?: Model | null;
  player?: Player | null;
}

/** What the camera frames before any model is shown. */
const UNIT_BOUNDS: Bounds = { min: new Float32Array(3).fill(-1), max: new Float32Array(3).fill(1) };

/** Bounds of what the island mounted on `host` draws now, or null (not started, no model). Allocates. */
function measureMountedIsland(host: HTMLElement): Bounds | null {
  const island = mountedIsland(host) as FitSubject | undefined;
  if (island === undefined) return null;
  if (island.measureShown) return island.measureShown();
  const { model, player } = island;
  return model && player ? boundsOfPoses(model, player, [() => {}]) : null;
}

export class CameraControl {
  /** The camera the figure draws with (see OrbitCamera). */
  readonly camera = createOrbitCamera();
  private readonly canvas: HTMLCanvasElement;
  /** Initial camera angles, radians: where framing (and the reset button) puts the view. */
  private readonly yaw: number;
  private readonly pitch: number;
  /** What the camera frames; null until a model is shown. Read only. */
  private bounds: Bounds | null = null;
  /** What Fit framed last, and from which angles (radians); null while the figure's own framing holds. */
  private fitted: { bounds: Bounds; yaw: number; pitch: number } | null = null;
  /** The reader has turned or zoomed the view since the reset button (or Fit) was last pressed. */
  private moved = false;
  /** Bounds of what the figure draws now, for Fit; null while there is nothing to frame. */
  private readonly measureShown: () => Bounds | null;
  /** The stage's live line that says what Fit and Reset view did ([data-part=view-status]). */
  private readonly viewStatus: HTMLElement | null;

  /**
   * Attaches the input to `canvas` and the view buttons of `host` ([data-part=fit-view],
   * [data-part=reset-view], [data-view-step]); `onChange` runs after every camera change.
   * `measureShown` gives the bounds Fit frames; by default, those of the island mounted on `host`.
   */
  constructor(host: HTMLElement, canvas: HTMLCanvasElement, yaw: number, pitch: number, onChange: () => void, measureShown?: () => Bounds | null) {
    this.canvas = canvas;
    this.yaw = yaw;
    this.pitch = pitch;
    this.measureShown = measureShown ?? (() => measureMountedIsland(host));
    this.viewStatus = part(host, 'view-status');
    const moved = () => {
      this.moved = true;
      onChange();
    };
    attachOrbitInput(canvas, this.camera, moved);
    part<HTMLButtonElement>(host, 'reset-view')?.addEventListener('click', () => {
      this.moved = false;
      this.fitted = null;
      this.fit();
      this.announce('View reset.');
      onChange();
    });
    part<HTMLButtonElement>(host, 'fit-view')?.addEventListener('click', () => {
      if (this.fitShown()) onChange();
    });
    // IslandStage's steps: each takes the step of the key it names (data-view-step).
    for (const button of host.querySelectorAll<HTMLButtonElement>('[data-view-step]')) {
      button.addEventListener('click', (event) => {
        if (stepView(this.camera, button.dataset.viewStep ?? '', event.shiftKey)) moved();
      });
    }
  }

  /** Frames `bounds` (a new model; read, not copied) from the initial angles. */
  frame(bounds: Bounds): void {
    this.bounds = bounds;
    this.fitted = null;
    this.fit();
  }

  /**
   * Frames what the figure draws now (Fit), from the angles the view has now, and says so in the
   * stage's live line; returns false, changing nothing, while there is nothing to frame.
   */
  fitShown(): boolean {
    const bounds = this.measureShown();
    if (bounds === null) return false;
    this.fitted = { bounds, yaw: this.camera.yaw, pitch: this.camera.pitch };
    this.moved = false;
    this.fit();
    this.announce('View fitted.');
    return true;
  }

  /** After a resize: keeps the model (or what Fit framed) framed for the canvas's new shape until the reader moves the camera. */
  refit(): void {
    if (!this.moved && (this.bounds !== null || this.fitted !== null)) this.fit();
  }

  private fit(): void {
    const aspect = this.canvas.clientHeight > 0 ? this.canvas.clientWidth / this.canvas.clientHeight : 16 / 10;
    const fitted = this.fitted;
    if (fitted !== null) {
      aimAtBox(this.camera, fitted.bounds.min, fitted.bounds.max, aspect, fitted.yaw, fitted.pitch);
      return;
    }
    const { min, max } = this.bounds ?? UNIT_BOUNDS;
    frameBox(this.camera, min, max, aspect, this.yaw, this.pitch);
  }

  /** Writes `text` into the live line; the same words again are written differently, so that they are read again. */
  private announce(text: string): void {
    if (this.viewStatus === null) return;
    this.viewStatus.textContent = this.viewStatus.textContent === text ? `${text}\u00a0` : text;
  }
}
