// Sampling a clip with another kernel between two rotation keys (chapter: interpolation): nlerp
// instead of slerp, or one of the deliberately wrong kernels of pitfalls.ts, so that a figure can
// compare them on the same clip. Everything else is sampleClip's (src/core/clip.ts).

import { findKeyIndex, sampleClip, type ClipCursor, type Playback } from './clip.ts';
import { Interpolation, TrackPath, type Clip, type Pose } from './model.ts';

/**
 * A kernel that blends two unit quaternions, slerpQuatAt's signature (src/core/math.ts): writes
 * the blend of a[aOffset..+4) and b[bOffset..+4) at fraction t into out[outOffset..+4), returns out.
 */
export type QuatBlend = (
  out: Float32Array,
  outOffset: number,
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
  t: number,
) => Float32Array;

/**
 * As sampleClip, except that the LINEAR rotation tracks blend their two keys with `blend` instead
 * of slerp (with slerpQuatAt itself, the result is sampleClip's exactly). Same contract: out and
 * cursor are caller-owned; allocates nothing; never throws. Returns out.
 */
export function sampleClipBlendingRotations(
  out: Pose,
  clip: Clip,
  rest: Pose,
  timeSeconds: number,
  playback: Playback,
  cursor: ClipCursor,
  blend: QuatBlend,
): Pose {
  sampleClip(out, clip, rest, timeSeconds, playback, cursor);
  const time = cursor.time;
  const rotations = out.rotations;
  for (let i = 0; i < clip.tracks.length; i++) {
    const { node, path, interpolation, times, values } = clip.tracks[i];
    if (path !== TrackPath.ROTATION || interpolation === Interpolation.STEP || interpolation === Interpolation.CUBICSPLINE) continue;
    const keyCount = Math.min(times.length, Math.floor(values.length / 4));
    // Before the first key, after the last and with a single key, sampleClip copied a key: no blend.
    if (!(node >= 0) || 4 * node + 4 > rotations.length || keyCount < 2 || !(time > times[0]) || time >= times[keyCount - 1]) continue;
    // sampleClip has just left this track's segment in the cursor (or searched without one).
    const k = i < cursor.keys.length ? cursor.keys[i] : findKeyIndex(times, keyCount, time, -1);
    const interval = times[k + 1] - times[k];
    blend(rotations, 4 * node, values, 4 * k, values, 4 * k + 4, interval > 0 ? (time - times[k]) / interval : 0);
  }
  return out;
}
