// An island's orbit camera and what moves it: framing the model's bounds from the figure's initial
// angles (again on every resize, until the reader moves the view), the reader's mouse, touch and
// keyboard input (orbit-input.ts), and the reset-view button of IslandStage.astro. Also measures
// the bounds to frame: the skinned mesh over a set of poses (boundsOfPoses).

import type { Player } from '../../core/frame.ts';
import type { Model } from '../../core/model.ts';
import { skinVertices } from '../../core/skin.ts';
import { createOrbitCamera, frameBox } from '../../gl/camera.ts';
import { attachOrbitInput } from './orbit-input.ts';
import { part } from './parts.ts';

/** An axis-aligned box, model units (3 floats per corner). */
export interface Bounds {
  min: Float32Array;
  max: Float32Array;
}

/** What the camera frames before any model is shown. */
const UNIT_BOUNDS: Bounds = { min: new Float32Array(3).fill(-1), max: new Float32Array(3).fill(1) };

export class CameraControl {
  /** The camera the figure draws with (see OrbitCamera). */
  readonly camera = createOrbitCamera();
  private readonly canvas: HTMLCanvasElement;
  /** Initial camera angles, radians: where framing (and the reset button) puts the view. */
  private readonly yaw: number;
  private readonly pitch: number;
  /** What the camera frames; null until a model is shown. Read only. */
  private bounds: Bounds | null = null;
  /** The reader has turned or zoomed the view since the reset button was last pressed. */
  private moved = false;

  /** Attaches the input to `canvas` and the [data-part=reset-view] button of `host`; `onChange` runs after every camera change. */
  constructor(host: HTMLElement, canvas: HTMLCanvasElement, yaw: number, pitch: number, onChange: () => void) {
    this.canvas = canvas;
    this.yaw = yaw;
    this.pitch = pitch;
    attachOrbitInput(canvas, this.camera, () => {
      this.moved = true;
      onChange();
    });
    part<HTMLButtonElement>(host, 'reset-view')?.addEventListener('click', () => {
      this.moved = false;
      this.fit();
      onChange();
    });
  }

  /** Frames `bounds` (a new model; read, not copied) from the initial angles. */
  frame(bounds: Bounds): void {
    this.bounds = bounds;
    this.fit();
  }

  /** After a resize: keeps the model framed for the canvas's new shape until the reader moves the camera. */
  refit(): void {
    if (!this.moved && this.bounds !== null) this.fit();
  }

  private fit(): void {
    const { min, max } = this.bounds ?? UNIT_BOUNDS;
    const aspect = this.canvas.clientHeight > 0 ? this.canvas.clientWidth / this.canvas.clientHeight : 16 / 10;
    frameBox(this.camera, min, max, aspect, this.yaw, this.pitch);
  }
}

/**
 * Skins one primitive's positions with `palette` and returns them (3 floats per vertex, model
 * space); the array may be reused by the next call. `mesh` and `primitive` index model.meshes.
 */
export type SkinPositions = (mesh: number, primitive: number, palette: Float32Array) => Float32Array;

/**
 * Bounds of `model`'s meshes over the poses that `poses` set on `player` (each pose fills the
 * player's palettes), by CPU skinning — skinVertices, or `skin` (a faster kernel) when given:
 * set-up work, allocates. Without any vertex, the box from −1 to 1 on each axis.
 */
export function boundsOfPoses(model: Model, player: Player, poses: (() => void)[], skin: SkinPositions | null = null): Bounds {
  const min = new Float32Array([Infinity, Infinity, Infinity]);
  const max = new Float32Array([-Infinity, -Infinity, -Infinity]);
  for (const pose of poses) {
    pose();
    for (let m = 0; m < model.meshes.length; m++) {
      const mesh = model.meshes[m];
      const palette = player.palettes[mesh.skin];
      if (palette === undefined) continue;
      for (let p = 0; p < mesh.primitives.length; p++) {
        const primitive = mesh.primitives[p];
        let skinned: Float32Array;
        if (skin !== null) skinned = skin(m, p, palette);
        else {
          skinned = new Float32Array(3 * primitive.vertexCount);
          skinVertices(skinned, null, primitive, palette);
        }
        for (let i = 0; i < skinned.length; i += 3) {
          for (let axis = 0; axis < 3; axis++) {
            const value = skinned[i + axis];
            if (value < min[axis]) min[axis] = value;
            if (value > max[axis]) max[axis] = value;
          }
        }
      }
    }
    // Meshes without a skin: placed by their node's global matrix.
    for (const part of model.rigidParts ?? []) {
      const g = player.globals.subarray(16 * part.node, 16 * part.node + 16);
      for (const primitive of part.primitives) {
        const p = primitive.positions;
        for (let i = 0; i + 2 < p.length; i += 3) {
          for (let axis = 0; axis < 3; axis++) {
            const value = g[axis] * p[i] + g[4 + axis] * p[i + 1] + g[8 + axis] * p[i + 2] + g[12 + axis];
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
