// Building animation tracks: keys sampled from a function of time at a fixed rate, or given
// explicitly. Rotations are normalised and kept in one hemisphere from key to key, so even an
// interpolator without the shortest-arc sign flip takes the short way; looping clips repeat
// their first key exactly at the end.

import { snap } from './math.ts';
import type { ClipSpec, InterpolationName, TrackPathName, TrackSpec } from './spec.ts';

/** Width of one key's value for a path: 3 floats for translation and scale, 4 for rotation. */
export function pathWidth(path: TrackPathName): number {
  return path === 'rotation' ? 4 : 3;
}

/** Key times k / rate for k = 0 … duration·rate (the count must be a whole number of frames). */
export function keyTimes(rate: number, duration: number): number[] {
  const frames = Math.round(duration * rate);
  if (Math.abs(frames - duration * rate) > 1e-9) {
    throw new Error(`${duration} s is not a whole number of frames at ${rate} fps`);
  }
  const times: number[] = [];
  for (let k = 0; k <= frames; k++) times.push(k / rate);
  return times;
}

/**
 * A track from explicit keys. Rotation keys are normalised and must lie in the hemisphere of the
 * previous key (the generator throws otherwise); values are rounded with `snap`. For CUBICSPLINE,
 * `values` holds [in-tangent, value, out-tangent] per key, and only the value is normalised.
 */
export function createTrack(
  node: number,
  path: TrackPathName,
  interpolation: InterpolationName,
  times: number[],
  values: number[][],
): TrackSpec {
  const width = pathWidth(path);
  const groups = interpolation === 'CUBICSPLINE' ? 3 : 1;
  if (values.length !== times.length * groups) {
    throw new Error(`track on node ${node}: ${values.length} values for ${times.length} keys`);
  }
  for (let k = 1; k < times.length; k++) {
    if (!(times[k] > times[k - 1])) throw new Error(`track on node ${node}: key times must increase`);
  }
  if (times[0] !== 0) throw new Error(`track on node ${node}: the first key must be at 0 s`);
  const out = new Float32Array(values.length * width);
  let previous: number[] | null = null;
  values.forEach((value, index) => {
    if (value.length !== width) {
      throw new Error(`track on node ${node}: value of width ${value.length}, expected ${width}`);
    }
    let v = value;
    const isValue = groups === 1 || index % 3 === 1;
    if (path === 'rotation' && isValue) {
      const length = Math.hypot(v[0], v[1], v[2], v[3]);
      v = v.map((x) => x / length);
      if (previous && previous[0] * v[0] + previous[1] * v[1] + previous[2] * v[2] + previous[3] * v[3] < 0) {
        throw new Error(`track on node ${node}: key ${index} is in the opposite hemisphere of the previous one`);
      }
      previous = v;
    }
    out.set(v.map(snap), index * width);
  });
  return { node, path, interpolation, times: new Float32Array(times), values: out };
}

/**
 * A LINEAR track sampled from `valueAt(t)` at `rate` keys per second over `duration` seconds.
 * With `loops`, the last key is a copy of the first (the function must be periodic).
 * Rotation samples are flipped into the hemisphere of the previous key.
 */
export function sampleTrack(
  node: number,
  path: TrackPathName,
  rate: number,
  duration: number,
  loops: boolean,
  valueAt: (t: number) => number[],
): TrackSpec {
  const times = keyTimes(rate, duration);
  const values: number[][] = [];
  for (let k = 0; k < times.length; k++) {
    const last = k === times.length - 1;
    let value = loops && last ? values[0].slice() : valueAt(times[k]);
    if (path === 'rotation' && k > 0) {
      const p = values[k - 1];
      if (p[0] * value[0] + p[1] * value[1] + p[2] * value[2] + p[3] * value[3] < 0) {
        if (loops && last) throw new Error(`looping rotation on node ${node} does not return to its first key`);
        value = value.map((x) => -x);
      }
    }
    values.push(value);
  }
  return createTrack(node, path, 'LINEAR', times, values);
}

/**
 * Drops tracks whose every key equals `rest` (within 1e-7) and shortens tracks whose keys are
 * all equal to two keys (first and last time), keeping files small without changing the motion.
 */
export function simplifyTracks(
  tracks: TrackSpec[],
  restOf: (node: number, path: TrackPathName) => number[],
): TrackSpec[] {
  const out: TrackSpec[] = [];
  for (const track of tracks) {
    if (track.interpolation === 'CUBICSPLINE') {
      out.push(track);
      continue;
    }
    const width = pathWidth(track.path);
    const first = Array.from(track.values.subarray(0, width));
    const keyCount = track.times.length;
    let constant = true;
    for (let k = 1; k < keyCount && constant; k++) {
      for (let c = 0; c < width; c++) {
        if (Math.abs(track.values[k * width + c] - first[c]) > 1e-7) constant = false;
      }
    }
    if (!constant) {
      out.push(track);
      continue;
    }
    const rest = restOf(track.node, track.path);
    const sign = track.path === 'rotation' && dot(first, rest) < 0 ? -1 : 1;
    if (first.every((x, c) => Math.abs(x - sign * rest[c]) <= 1e-7)) continue;
    const values = new Float32Array(2 * width);
    values.set(first, 0);
    values.set(first, width);
    out.push({
      ...track,
      times: new Float32Array([track.times[0], track.times[keyCount - 1]]),
      values,
    });
  }
  return out;
}

function dot(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** Seconds: the last key time over all tracks. */
export function clipDuration(clip: ClipSpec): number {
  let duration = 0;
  for (const track of clip.tracks) duration = Math.max(duration, track.times[track.times.length - 1]);
  return duration;
}
