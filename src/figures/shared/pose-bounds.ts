// Bounds of a posed model: the box the camera frames (camera-control.ts, SkinView.measureBounds)
// and each poster at build time (src/build-time/poster/), measured by skinning the mesh on the CPU
// in each pose asked for. Set-up work: it allocates, and takes milliseconds per pose on a
// character of a few thousand vertices.

import type { Player } from '../../core/frame.ts';
import type { Model } from '../../core/model.ts';
import { skinVertices } from '../../core/skin.ts';

/**
 * Moments of a clip a figure is framed on, evenly spaced from its start, besides the bind pose.
 * Four missed the top of the robot arm's reach by 14 % of its height (its gripper went off a
 * phone's stage), eight by 12 %; sixteen come within 1 % on every clip of the site's models, inside
 * the camera's 4 % margin (tests/unit/view-framing.test.ts). Skinning the mannequin 17 times on the
 * CPU takes about 5 ms, done in slices (framing-steps.ts).
 */
const FRAMED_MOMENTS = 16;

/** The times, seconds into a clip `duration` seconds long, at which a figure that plays it is framed (with the bind pose). */
export function framedClipTimes(duration: number): number[] {
  return Array.from({ length: FRAMED_MOMENTS }, (_, i) => (i / FRAMED_MOMENTS) * duration);
}

/**
 * The poses a clip figure is framed on, for boundsOfPoses: the rest pose and, unless `bindPose`,
 * the framedClipTimes of a clip `duration` seconds long, each set by `pose(bindPose, seconds)` as
 * the figure (or its poster) poses its player. Every framing of a playing clip goes through here,
 * so that a figure's first frame and its poster frame the same poses.
 */
export function clipFramingPoses(duration: number, bindPose: boolean, pose: (bindPose: boolean, seconds: number) => void): (() => void)[] {
  const poses = [() => pose(true, 0)];
  if (!bindPose) for (const seconds of framedClipTimes(duration)) poses.push(() => pose(false, seconds));
  return poses;
}

/** An axis-aligned box, model units (3 floats per corner). */
export interface Bounds {
  min: Float32Array;
  max: Float32Array;
}

/**
 * Skins primitive `primitive` of mesh `mesh` (indices into model.meshes and its primitives) with
 * `palette` and returns the skinned positions, 3 floats per vertex, model space: a faster kernel
 * than skinVertices for boundsOfPoses. The array may be the kernel's own, overwritten by its next call.
 */
export type SkinPositions = (mesh: number, primitive: number, palette: Float32Array) => Float32Array;

/**
 * Bounds of `model`'s meshes over the poses that `poses` set on `player` (each pose fills the
 * player's palettes), by CPU skinning — skinVertices, or `skin` (a faster kernel) when given:
 * set-up work, allocates. Without any vertex, the box from −1 to 1 on each axis.
 */
export function boundsOfPoses(model: Model, player: Player, poses: (() => void)[], skin: SkinPositions | null = null): Bounds {
  const box = emptyBox();
  for (const pose of poses) growBox(box, model, player, pose, skin);
  return boundsOfBox(box);
}

/** A box that holds nothing yet (min +∞, max −∞), for growBox. */
export function emptyBox(): Bounds {
  return { min: new Float32Array(3).fill(Infinity), max: new Float32Array(3).fill(-Infinity) };
}

/**
 * Grows `box` to hold `model`'s meshes in the pose that `pose` sets on `player`: one pose of
 * boundsOfPoses, for a measurement spread over several tasks (SkinView.setModel). Allocates.
 */
export function growBox(box: Bounds, model: Model, player: Player, pose: () => void, skin: SkinPositions | null): void {
  const { min, max } = box;
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

/** The bounds `box` has grown to, in new arrays; the box from −1 to 1 on each axis when it holds nothing. */
export function boundsOfBox(box: Bounds): Bounds {
  const min = new Float32Array(box.min);
  const max = new Float32Array(box.max);
  if (!(min[0] <= max[0])) {
    min.fill(-1);
    max.fill(1);
  }
  return { min, max };
}
