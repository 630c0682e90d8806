// Sampling an animation clip: clip + time → the local T/R/S of every node (chapter: interpolation).
//
// sampleClip is a runtime job in ozz-animation's style: it writes a caller-owned Pose, allocates
// nothing and never throws. Keys are found through a ClipCursor that remembers, per track, the key
// segment used last: during playback time moves forward by a fraction of a key, so the segment is
// found in O(1) by stepping at most two keys; any other jump (a seek, a loop wrap, playing
// backwards) falls back to a binary search (upper_bound) over the key times.
//
// Time semantics (seconds):
//   - A non-finite time (NaN, ±Infinity) is treated as 0.
//   - LOOP wraps with a positive modulo into [0, duration): t = duration (and every multiple of
//     it) maps to 0 and so samples the first keys, exactly as fmod-based players do (three.js's
//     AnimationMixer with LoopRepeat, Assimp-based tutorials). For a clip authored to loop, the
//     first and last keys hold the same pose, so the seam is invisible. Negative times wrap too:
//     −0.25 s in a 1 s clip samples 0.75 s.
//   - CLAMP clamps into [0, duration]: t ≥ duration samples the last keys (three.js's LoopOnce with
//     clampWhenFinished); t < 0 samples time 0.
//   - A clip whose duration is not a positive finite number samples time 0.
// Per track: before its first key → the first key's value; at or after its last key → the last
// key's value; a single key → that value at every time. Tracks have independent key times.

import { Interpolation, TrackPath, type Clip, type Pose, type Track } from './model.ts';
import { copyFloats, lerpVec3At, normalizeQuatAt, slerpQuatAt } from './math.ts';

/** What happens past the end of a clip: wrap around (LOOP) or hold the last pose (CLAMP). */
export const Playback = { LOOP: 0, CLAMP: 1 } as const;
export type Playback = (typeof Playback)[keyof typeof Playback];

/**
 * Sampling state, owned by the caller (made once by createClipCursor). It only speeds sampling up:
 * any cursor, even a stale one or one last used with another clip, gives the same sampled values.
 */
export interface ClipCursor {
  /**
   * Per track: the index k of the key segment [k, k + 1] used last, in [0, keyCount − 2]
   * (0 for a track with fewer than two keys). Tracks beyond its length are sampled by binary search.
   */
  readonly keys: Int32Array;
  /** Seconds: the clip time being sampled, after looping or clamping; written by sampleClip. */
  time: number;
}

/** A cursor for clips of up to `trackCount` tracks, every track starting at its first key segment. */
export function createClipCursor(trackCount: number): ClipCursor {
  return { keys: new Int32Array(Math.max(0, Math.floor(trackCount) || 0)), time: 0 };
}

/** Moves every track of `cursor` back to its first key segment; returns cursor. */
export function resetClipCursor(cursor: ClipCursor): ClipCursor {
  cursor.keys.fill(0);
  return cursor;
}

/**
 * Maps any time in seconds to clip time: LOOP → [0, duration) by positive modulo, CLAMP (and any
 * other playback value) → [0, duration]; non-finite time → 0; duration ≤ 0 or non-finite → 0.
 */
// #region wrap-clip-time
export function wrapClipTime(timeSeconds: number, durationSeconds: number, playback: Playback): number {
  if (!Number.isFinite(timeSeconds)) return 0;
  if (!(durationSeconds > 0) || durationSeconds === Infinity) return 0;
  if (playback === Playback.LOOP) {
    let wrapped = timeSeconds % durationSeconds;
    if (wrapped < 0) wrapped += durationSeconds;
    // A tiny negative remainder plus the duration rounds to the duration itself; + 0 turns −0 into 0.
    return wrapped < durationSeconds ? wrapped + 0 : 0;
  }
  return Math.min(Math.max(timeSeconds, 0), durationSeconds);
}
// #endregion wrap-clip-time

/**
 * The key segment [k, k + 1] for `timeSeconds`: the last key k with times[k] ≤ time, clamped to
 * [0, keyCount − 2] (0 when keyCount < 2). Tries `hint` and the two segments after it first
 * (O(1) during playback), then binary search (upper_bound); a hint of −1 forces the search.
 * `times` must be non-decreasing over [0, keyCount); keyCount ≤ times.length.
 */
// #region find-key
export function findKeyIndex(times: Float32Array, keyCount: number, timeSeconds: number, hint: number): number {
  const lastSegment = keyCount - 2;
  if (lastSegment <= 0) return 0;
  if (hint >= 0 && hint <= lastSegment && times[hint] <= timeSeconds) {
    if (timeSeconds < times[hint + 1]) return hint;
    if (hint + 1 <= lastSegment && timeSeconds < times[hint + 2]) return hint + 1;
    if (hint + 2 <= lastSegment && timeSeconds < times[hint + 3]) return hint + 2;
  }
  // upper_bound over keys [1, keyCount − 1): the first key later than the time; keyCount − 1 if none.
  let low = 1;
  let high = keyCount - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle] > timeSeconds) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}
// #endregion find-key

/**
 * Samples `clip` at `timeSeconds` into `out`: copies `rest` (the hierarchy's rest pose), then
 * overwrites every channel a track drives. Returns out.
 *
 * Ownership: out and cursor are caller-owned and written; clip and rest are read only. `out` must
 * not be `rest` (the rest pose would be overwritten). Never throws; invalid data is skipped, not
 * guessed at: a track whose node has no slot in `out`, or whose path is unknown, is ignored; a
 * track's usable key count is min(times.length, whole keys in values), and a track with none keeps
 * the rest value; an unknown interpolation value samples as LINEAR; when out and rest differ in
 * length, only the common prefix of each array is copied.
 */
export function sampleClip(
  out: Pose,
  clip: Clip,
  rest: Pose,
  timeSeconds: number,
  playback: Playback,
  cursor: ClipCursor,
): Pose {
  // #region rest-then-keys
  // Every node starts from its rest transform; each keyed channel then replaces its part of it.
  copyFloats(out.translations, rest.translations);
  copyFloats(out.rotations, rest.rotations);
  copyFloats(out.scales, rest.scales);

  cursor.time = wrapClipTime(timeSeconds, clip.duration, playback);
  const tracks = clip.tracks;
  for (let i = 0; i < tracks.length; i++) {
    const track = tracks[i];
    const target = channelOf(out, track.path);
    if (target === null) continue;
    const width = track.path === TrackPath.ROTATION ? 4 : 3;
    const node = track.node;
    if (!(node >= 0) || (node + 1) * width > target.length) continue;
    sampleTrack(target, node * width, width, track, cursor, i);
  }
  // #endregion rest-then-keys
  return out;
}

/** The pose array a track path writes (translations, rotations or scales), or null for an unknown path. */
export function channelOf(pose: Pose, path: TrackPath): Float32Array | null {
  if (path === TrackPath.TRANSLATION) return pose.translations;
  if (path === TrackPath.ROTATION) return pose.rotations;
  if (path === TrackPath.SCALE) return pose.scales;
  return null;
}

/**
 * Writes `track`'s value at clip time `time` (seconds) to target[targetOffset..+width), width 3
 * (translation, scale) or 4 (rotation), and records the key segment it used in
 * cursorKeys[trackIndex] when the cursor has that slot.
 */
// #region sample-track
function sampleTrack(
  target: Float32Array,
  targetOffset: number,
  width: number,
  track: Track,
  cursor: ClipCursor,
  trackIndex: number,
): void {
  const time = cursor.time;
  const cursorKeys = cursor.keys;
  const { times, values, interpolation } = track;
  const cubic = interpolation === Interpolation.CUBICSPLINE;
  // Floats per key: the value, or in-tangent, value and out-tangent for CUBICSPLINE.
  const stride = cubic ? 3 * width : width;
  // Where a key's value starts inside its group of floats.
  const valueOffset = cubic ? width : 0;
  const keyCount = Math.min(times.length, Math.floor(values.length / stride));
  if (keyCount === 0) return;

  // #region hold-ends
  // Before the first key (or a single key): hold the first value. After the last: hold the last.
  let k: number;
  if (keyCount === 1 || !(time > times[0])) k = 0;
  else if (time >= times[keyCount - 1]) k = keyCount - 1;
  else k = -1;
  if (k >= 0) {
    copyKey(target, targetOffset, values, k * stride + valueOffset, width);
    if (trackIndex < cursorKeys.length) cursorKeys[trackIndex] = Math.max(0, Math.min(k, keyCount - 2));
    return;
  }
  // #endregion hold-ends

  // The two keys around the time: the cursor's segment or one just after it, else binary search.
  const hint = trackIndex < cursorKeys.length ? cursorKeys[trackIndex] : -1;
  k = findKeyIndex(times, keyCount, time, hint);
  if (trackIndex < cursorKeys.length) cursorKeys[trackIndex] = k;
  const interval = times[k + 1] - times[k];
  // Fraction of the way from key k to key k + 1, in [0, 1).
  const u = interval > 0 ? (time - times[k]) / interval : 0;

  if (interpolation === Interpolation.STEP) {
    copyKey(target, targetOffset, values, k * stride, width);
  } else if (cubic) {
    // #region hermite
    // glTF's CUBICSPLINE: each key holds in-tangent, value, out-tangent. The cubic Hermite form,
    // with the tangents (per second) scaled by the key interval.
    const u2 = u * u;
    const u3 = u2 * u;
    const h00 = 2 * u3 - 3 * u2 + 1;
    const h10 = (u3 - 2 * u2 + u) * interval;
    const h01 = -2 * u3 + 3 * u2;
    const h11 = (u3 - u2) * interval;
    const startValue = k * stride + width;
    const startOutTangent = startValue + width;
    const endInTangent = (k + 1) * stride;
    const endValue = endInTangent + width;
    for (let c = 0; c < width; c++) {
      target[targetOffset + c] =
        h00 * values[startValue + c] +
        h10 * values[startOutTangent + c] +
        h01 * values[endValue + c] +
        h11 * values[endInTangent + c];
    }
    // A blend of unit quaternions is not unit length: renormalise.
    if (width === 4) normalizeQuatAt(target, targetOffset, target, targetOffset);
    // #endregion hermite
  } else if (width === 4) {
    slerpQuatAt(target, targetOffset, values, 4 * k, values, 4 * k + 4, u);
  } else {
    lerpVec3At(target, targetOffset, values, 3 * k, values, 3 * k + 3, u);
  }
}
// #endregion sample-track

/** Copies `width` floats of one key value from values[valueOffset] to target[targetOffset]. */
function copyKey(target: Float32Array, targetOffset: number, values: Float32Array, valueOffset: number, width: number): void {
  for (let c = 0; c < width; c++) target[targetOffset + c] = values[valueOffset + c];
}
