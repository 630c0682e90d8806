// The curves of the curves figure: one pointer's translation y, rotation angle, scale and angular
// speed over the whole clip, every point sampled by the core with the chosen kernel between keys,
// as SVG polyline points in a 1000 × 100 box. Pure (no DOM): CurvesFigure.astro draws the first
// curves at build time with it, curves-island.ts redraws them when the reader changes something.

import { Playback, createClipCursor, sampleClip, type ClipCursor } from '../../core/clip.ts';
import { nlerpQuatAt } from '../../core/math.ts';
import { createPose, type Clip, type Model, type Pose } from '../../core/model.ts';
import { lerpQuatAtWithoutNormalizing, sampleClipWithUnscaledTangents } from '../../core/pitfalls.ts';
import { sampleClipBlendingRotations } from '../../core/rotation-blend.ts';

/** The kernel between two keys: slerp or nlerp (rotations), and two mistakes. */
export type Sampler = 'slerp' | 'nlerp' | 'lerp' | 'unscaled';
export const SAMPLERS: readonly Sampler[] = ['slerp', 'nlerp', 'lerp', 'unscaled'];
/** The pointers, in the model's order of columns: their joints' names and samplers. */
export const POINTERS = ['step', 'linear', 'cubic'] as const;
/** Points per curve, over the whole clip. */
export const SAMPLES = 240;
/** Plots: translation y, rotation angle (degrees), scale, angular speed (degrees per second). */
export const PLOTS = 4;
/** Half the time step of the angular speed's central difference, seconds. */
const SPEED_STEP = 0.002;

// #region samplers
/** Samples `clip` at `time` (looped) into `out` with `sampler` between the keys. */
export function sampleWith(out: Pose, clip: Clip, rest: Pose, time: number, cursor: ClipCursor, sampler: Sampler): Pose {
  if (sampler === 'nlerp') return sampleClipBlendingRotations(out, clip, rest, time, Playback.LOOP, cursor, nlerpQuatAt);
  if (sampler === 'lerp') return sampleClipBlendingRotations(out, clip, rest, time, Playback.LOOP, cursor, lerpQuatAtWithoutNormalizing);
  if (sampler === 'unscaled') return sampleClipWithUnscaledTangents(out, clip, rest, time, Playback.LOOP, cursor);
  return sampleClip(out, clip, rest, time, Playback.LOOP, cursor);
}
// #endregion samplers

/**
 * The angle about z, degrees, that the local matrix built from quaternion (0, 0, z, w) turns by
 * (composeTRSAt's formula): the quaternion's own angle when it is unit length, less when it is not.
 */
export function angleOf(rotations: Float32Array, node: number): number {
  const z = rotations[4 * node + 2];
  const w = rotations[4 * node + 3];
  return (Math.atan2(2 * w * z, 1 - 2 * z * z) * 180) / Math.PI;
}

/** Samples the four plotted quantities of one pointer. */
export class PlotSampler {
  readonly values = new Float32Array(PLOTS);
  private readonly model: Model;
  private readonly clip: Clip;
  private readonly pose: Pose;
  private readonly cursor: ClipCursor;

  constructor(model: Model, clip: Clip) {
    this.model = model;
    this.clip = clip;
    this.pose = createPose(model.hierarchy.count);
    this.cursor = createClipCursor(clip.tracks.length);
  }

  /** Fills this.values with `node`'s translation y, angle, scale and angular speed at `time`. */
  at(sampler: Sampler, node: number, time: number): Float32Array {
    const { pose, clip, cursor, values } = this;
    const rest = this.model.hierarchy.rest;
    const before = Math.max(0, time - SPEED_STEP);
    const after = Math.min(clip.duration, time + SPEED_STEP);
    const angleBefore = angleOf(sampleWith(pose, clip, rest, before, cursor, sampler).rotations, node);
    const angleAfter = angleOf(sampleWith(pose, clip, rest, after, cursor, sampler).rotations, node);
    sampleWith(pose, clip, rest, time, cursor, sampler);
    values[0] = pose.translations[3 * node + 1];
    values[1] = angleOf(pose.rotations, node);
    values[2] = pose.scales[3 * node];
    values[3] = Math.abs(angleAfter - angleBefore) / (after - before);
    return values;
  }
}

/** Per plot, the value at the bottom and at the top of the box: over every pointer and kernel, so that curves compare (angular speed: from 0, the step's jumps left out), out to round numbers. */
export function plotRanges(model: Model, clip: Clip, nodes: readonly number[]): Float32Array {
  const ranges = new Float32Array(2 * PLOTS);
  for (let p = 0; p < PLOTS; p++) ranges.set([Infinity, -Infinity], 2 * p);
  const sampler = new PlotSampler(model, clip);
  for (const kernel of SAMPLERS) {
    nodes.forEach((node, pointer) => {
      for (let i = 0; i <= SAMPLES; i++) {
        const values = sampler.at(kernel, node, (i * clip.duration) / SAMPLES);
        for (let p = 0; p < PLOTS; p++) {
          if (p === 3 && pointer === 0) continue;
          ranges[2 * p] = Math.min(ranges[2 * p], values[p]);
          ranges[2 * p + 1] = Math.max(ranges[2 * p + 1], values[p]);
        }
      }
    });
  }
  ranges[6] = 0;
  // Out to round numbers: a step of 1, 2 or 5 times a power of ten, about a tenth of the span.
  for (let p = 0; p < PLOTS; p++) {
    const span = ranges[2 * p + 1] - ranges[2 * p];
    const power = 10 ** Math.floor(Math.log10(span / 10));
    const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= span / 10)!;
    if (p !== 3) ranges[2 * p] = step * Math.floor(ranges[2 * p] / step - 0.2);
    ranges[2 * p + 1] = step * Math.ceil(ranges[2 * p + 1] / step + 0.2);
  }
  return ranges;
}

/** y of `value` on plot `p` of `ranges` (0 at the top, 100 at the bottom; a little past either edge at most), one decimal. */
function plotY(ranges: Float32Array, p: number, value: number): string {
  const low = ranges[2 * p];
  const high = ranges[2 * p + 1];
  return Math.min(103, Math.max(-3, 100 - (100 * (value - low)) / (high - low))).toFixed(1);
}

export interface PlotPaths {
  /** Per plot: polyline points of the curve, of the reference (the correct kernel's, when another is chosen and changes this pointer; else ""), and a path of the keys (dots; on the speed plot, lines at the rotation keys' times). */
  curves: string[];
  references: string[];
  keys: string[];
}

/** The curves of pointer `node` (index `pointer` in POINTERS) sampled with `sampler`. Set-up work: allocates. */
export function plotPaths(model: Model, clip: Clip, node: number, pointer: number, sampler: Sampler, ranges: Float32Array): PlotPaths {
  const paths: PlotPaths = { curves: ['', '', '', ''], references: ['', '', '', ''], keys: ['', '', '', ''] };
  // The correct kernel's curve, drawn behind a wrong one where they differ: nlerp and lerp change the linear pointer, unscaled tangents the cubic one.
  const changed = sampler === 'unscaled' ? pointer === 2 : sampler !== 'slerp' && pointer === 1;
  const sampling = new PlotSampler(model, clip);
  for (let i = 0; i <= SAMPLES; i++) {
    const time = (i * clip.duration) / SAMPLES;
    const x = ((1000 * i) / SAMPLES).toFixed(1);
    for (const [kernel, lines] of [[sampler, paths.curves], [changed ? 'slerp' : null, paths.references]] as const) {
      if (kernel === null) continue;
      const values = sampling.at(kernel, node, time);
      for (let p = 0; p < PLOTS; p++) lines[p] += `${i > 0 ? ' ' : ''}${x},${plotY(ranges, p, values[p])}`;
    }
  }
  // Keys as dots at their values; on the speed plot, ticks at the rotation keys' times.
  for (const track of clip.tracks) {
    if (track.node !== node) continue;
    const stride = track.values.length / track.times.length;
    for (let k = 0; k < track.times.length; k++) {
      const x = ((1000 * track.times[k]) / clip.duration).toFixed(1);
      const v = k * stride + (stride > 4 ? stride / 3 : 0); // CUBICSPLINE: the value, after the in-tangent
      if (track.path === 0) paths.keys[0] += `M${x} ${plotY(ranges, 0, track.values[v + 1])}h0`;
      else if (track.path === 2) paths.keys[2] += `M${x} ${plotY(ranges, 2, track.values[v])}h0`;
      else {
        paths.keys[1] += `M${x} ${plotY(ranges, 1, angleOf(track.values.subarray(v, v + 4), 0))}h0`;
        paths.keys[3] += `M${x} 0V100`;
      }
    }
  }
  return paths;
}
