// Where the crowd of chapter 12 stands and when each of its members is in its clip: a grid on the
// ground, loosened a little, every instance turned a little and started at its own point of the
// loop, so that no two neighbours walk in step. Pure and deterministic: the figure lays out its
// crowd with it, and the tests place the same instances to check the shader.

import type { Model, SkinnedPrimitive } from '../../core/model.ts';
import { PLACEMENT_FLOATS } from '../../gl/crowd-buffers.ts';

/** The crowd sizes the figure offers and measures. */
export const CROWD_SIZES = [1, 10, 100, 1000] as const;

/** Frames per second of the palettes the figure bakes and plays. */
export const BAKED_RATE = 30;

/** Most milliseconds of CPU skinning per frame in the figure; at least one instance is skinned whatever it costs. */
export const CPU_SKIN_BUDGET_MS = 12;

/** Frames the figure's live read-out averages. */
export const TIMING_WINDOW = 30;

/**
 * Measuring, a crowd size whose frame takes longer than this (ms) is the last one measured: the
 * next, ten times larger, would hold the page for about ten times as long per frame (a software
 * renderer drawing 1,000 mannequins takes seconds).
 */
export const LAST_SIZE_ABOVE_MS = 250;

/** The skinned primitives of `model`'s first skin: what the crowd draws. */
export function firstSkinPrimitives(model: Model): SkinnedPrimitive[] {
  return model.meshes.filter((mesh) => mesh.skin === 0).flatMap((mesh) => mesh.primitives);
}

/** Metres between neighbours on the grid. */
export const CROWD_SPACING = 0.9;

/** The golden ratio's fractional part: i × it, modulo 1, spreads any number of instances evenly over [0, 1). */
const GOLDEN_FRACTION = 0.6180339887498949;

export interface CrowdLayout {
  count: number;
  /** PLACEMENT_FLOATS per instance: x, z (metres), cos and sin of the heading (a turn about +Y). */
  placements: Float32Array;
  /** Per instance, seconds added to the figure's clock: spread over [0, clip duration). Instance 0's is 0. */
  timeOffsets: Float32Array;
  /** Half the grid's extent along x and z, metres (0 for one instance). */
  halfWidth: number;
  halfDepth: number;
}

/**
 * Lays out `count` instances (≥ 1) of a clip lasting `clipDuration` seconds. Instance 0 stands at
 * the middle of its grid cell, faces +Z unturned and starts at the clip's start. Set-up work,
 * allocates; throws a RangeError for a count that is not a positive integer.
 */
export function layoutCrowd(count: number, clipDuration: number): CrowdLayout {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`A crowd needs a whole number of instances, at least 1 (got ${count}).`);
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const placements = new Float32Array(PLACEMENT_FLOATS * count);
  const timeOffsets = new Float32Array(count);
  const duration = clipDuration > 0 && Number.isFinite(clipDuration) ? clipDuration : 0;
  for (let i = 0; i < count; i++) {
    const column = i % columns;
    const row = Math.floor(i / columns);
    // Small, fixed wobbles (0 for instance 0): a fifth of the spacing at most, headings within ±20°.
    const x = (column - (columns - 1) / 2) * CROWD_SPACING + 0.2 * CROWD_SPACING * Math.sin(1.7 * i);
    const z = (row - (rows - 1) / 2) * CROWD_SPACING + 0.2 * CROWD_SPACING * Math.sin(3.1 * i);
    const heading = ((20 * Math.PI) / 180) * Math.sin(2.4 * i);
    placements.set([x, z, Math.cos(heading), Math.sin(heading)], PLACEMENT_FLOATS * i);
    timeOffsets[i] = ((i * GOLDEN_FRACTION) % 1) * duration;
  }
  return {
    count,
    placements,
    timeOffsets,
    halfWidth: ((columns - 1) / 2 + 0.2) * CROWD_SPACING * (count > 1 ? 1 : 0),
    halfDepth: ((rows - 1) / 2 + 0.2) * CROWD_SPACING * (count > 1 ? 1 : 0),
  };
}

/**
 * Writes `positions` (3 floats per vertex, model space, read only) turned and moved as instance
 * `instance` of `layout` stands — or, with `directions`, only turned (for normals) — into `out`
 * (same length; may be `positions`): what shaders/variants/crowd.vert does after skinning, on the CPU.
 * Returns out. Allocates nothing.
 */
export function placeInstance(out: Float32Array, positions: Float32Array, layout: CrowdLayout, instance: number, directions = false): Float32Array {
  const p = PLACEMENT_FLOATS * instance;
  const x = directions ? 0 : layout.placements[p];
  const z = directions ? 0 : layout.placements[p + 1];
  const c = layout.placements[p + 2], s = layout.placements[p + 3];
  for (let v = 0; v + 2 < positions.length; v += 3) {
    const px = positions[v], py = positions[v + 1], pz = positions[v + 2];
    out[v] = c * px + s * pz + x;
    out[v + 1] = py;
    out[v + 2] = -s * px + c * pz + z;
  }
  return out;
}
