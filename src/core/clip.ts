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
//
// Allocation: V8 boxes a floating-point number (a 16-byte heap object) whenever one crosses a call
// that the optimiser did not inline, as an argument or a return value, while storing one into an
// object's number field overwrites the field in place. So the time travels in cursor.time:
// sampleClip only stores it there (small enough to be inlined into its caller), and the functions
// that do the work — sampleClipAtCursorTime and sampleTrack — pass each other only integers and
// objects. Their formulas are those of wrapClipTime, findKeyIndex, lerpVec3At and slerpQuatAt,
// written out in place (slerp's weights by a short power series when the keys are close, which is
// faster than the sines and as exact); the tests check that the results agree.

import {
  Interpolation,
  TrackPath,
  type Clip,
  type Pose,
  type Track,
} from './model.ts';
import { copyFloats, normalizeQuatAt } from './math.ts';

/**
 * Above this cos θ (θ < 25.8°, the angle between two key quaternions) sampleClip evaluates the
 * slerp weights by a power series instead of trigonometry; both agree to 2e-9.
 */
const SERIES_MIN_COSINE = 0.9;

/** What happens past the end of a clip: wrap around (LOOP) or hold the last pose (CLAMP). */
export const Playback = { LOOP: 0, CLAMP: 1 } as const;
export type Playback = (typeof Playback)[keyof typeof Playback];

/**
 * Per-clip sampling state, owned by the caller (one per clip being played, made once by
 * createClipCursor). It only speeds sampling up: any cursor, even a stale one or one made for
 * another clip, gives the same sampled values.
 */
export interface ClipCursor {
  /**
   * Per track: the index k of the key segment [k, k + 1] used last, in [0, keyCount − 2]
   * (0 for a track with fewer than two keys). Tracks beyond its length are sampled by binary search.
   */
  readonly keys: Int32Array;
  /**
   * Seconds: the clip time the last sampleClip sampled, after looping or clamping (0 initially).
   * sampleClipAtCursorTime reads the time to sample from here.
   */
  time: number;
}

/** A cursor for `clip`, every track starting at its first key segment. */
export function createClipCursor(clip: Clip): ClipCursor {
  return { keys: new Int32Array(clip.tracks.length), time: 0 };
}

/** Moves every track of `cursor` back to its first key segment and time 0; returns cursor. */
export function resetClipCursor(cursor: ClipCursor): ClipCursor {
  cursor.keys.fill(0);
  cursor.time = 0;
  return cursor;
}

/**
 * Maps any time in seconds to clip time: LOOP → [0, duration) by positive modulo, CLAMP (and any
 * other playback value) → [0, duration]; non-finite time → 0; duration ≤ 0 or non-finite → 0.
 */
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

/**
 * The key segment [k, k + 1] for `timeSeconds`: the last key k with times[k] ≤ time, clamped to
 * [0, keyCount − 2] (0 when keyCount < 2). Tries `hint` and the two segments after it first
 * (O(1) during playback), then binary search (upper_bound); a hint of −1 forces the search.
 * `times` must be non-decreasing over [0, keyCount); keyCount ≤ times.length.
 */
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

/**
 * Replaces holder.time (seconds, any value) by the time in `clip` it maps to, exactly as
 * wrapClipTime(holder.time, clip.duration, playback) computes it. The time goes in and out through
 * the field, so that no number is boxed on the way (see "Allocation" above).
 */
export function wrapTimeInPlace(holder: { time: number }, clip: Clip, playback: Playback): void {
  const timeSeconds = holder.time;
  const duration = clip.duration;
  let time = 0;
  if (Number.isFinite(timeSeconds) && duration > 0 && duration !== Infinity) {
    if (playback === Playback.LOOP) {
      time = timeSeconds % duration;
      if (time < 0) time += duration;
      if (!(time < duration)) time = 0;
    } else {
      // Math.min/max keep every branch a plain double (a mix of returned inputs and computed
      // values makes the optimiser box the result).
      time = Math.min(Math.max(timeSeconds, 0), duration);
    }
  }
  holder.time = time + 0; // + 0 turns −0 into 0
}

/**
 * Samples `clip` at `timeSeconds` into `out`: copies `rest` (the hierarchy's rest pose), then
 * overwrites every channel a track drives; leaves the clip time it sampled in cursor.time.
 * Returns out.
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
  // The time goes on in a field rather than as an argument (see "Allocation" above).
  cursor.time = timeSeconds;
  return sampleClipAtCursorTime(out, clip, rest, playback, cursor);
}

/**
 * sampleClip with the time in seconds taken from cursor.time (any value; replaced by the clip time
 * sampled). For callers that keep the time in a field, so that no number is boxed on the way.
 */
export function sampleClipAtCursorTime(
  out: Pose,
  clip: Clip,
  rest: Pose,
  playback: Playback,
  cursor: ClipCursor,
): Pose {
  // #region rest-then-keys
  // Every node starts from its rest transform; each keyed channel then replaces its part of it.
  copyFloats(out.translations, rest.translations);
  copyFloats(out.rotations, rest.rotations);
  copyFloats(out.scales, rest.scales);

  wrapTimeInPlace(cursor, clip, playback);

  const tracks = clip.tracks;
  for (let i = 0; i < tracks.length; i++) {
    const track = tracks[i];
    const path = track.path;
    let target: Float32Array;
    let width: number;
    if (path === TrackPath.ROTATION) {
      target = out.rotations;
      width = 4;
    } else if (path === TrackPath.TRANSLATION) {
      target = out.translations;
      width = 3;
    } else if (path === TrackPath.SCALE) {
      target = out.scales;
      width = 3;
    } else {
      continue;
    }
    const node = track.node;
    if (!(node >= 0) || (node + 1) * width > target.length) continue;
    sampleTrack(target, node * width, width, track, i, cursor);
  }
  // #endregion rest-then-keys
  return out;
}

/**
 * Writes track number `trackIndex` at clip time cursor.time to target[targetOffset..+width) and
 * stores the key segment it used in cursor.keys[trackIndex] (when the cursor has that slot).
 */
function sampleTrack(
  target: Float32Array,
  targetOffset: number,
  width: number,
  track: Track,
  trackIndex: number,
  cursor: ClipCursor,
): void {
  const time = cursor.time;
  const cursorKeys = cursor.keys;
  const times = track.times;
  const values = track.values;
  const interpolation = track.interpolation;
  const cubic = interpolation === Interpolation.CUBICSPLINE;
  // Floats per key: the value, or in-tangent, value and out-tangent for CUBICSPLINE.
  const stride = cubic ? 3 * width : width;
  // Offset of the value inside a key's group.
  const valueOffset = cubic ? width : 0;
  // min(times.length, whole keys in values); the multiplication spares well-formed tracks a division.
  let keyCount = times.length;
  if (values.length < keyCount * stride) keyCount = Math.floor(values.length / stride);
  if (keyCount === 0) return;
  const hasSlot = trackIndex < cursorKeys.length;

  if (keyCount === 1 || !(time > times[0])) {
    copyKey(target, targetOffset, values, valueOffset, width);
    if (hasSlot) cursorKeys[trackIndex] = 0;
    return;
  }
  const lastSegment = keyCount - 2;
  if (time >= times[keyCount - 1]) {
    copyKey(target, targetOffset, values, (keyCount - 1) * stride + valueOffset, width);
    if (hasSlot) cursorKeys[trackIndex] = lastSegment;
    return;
  }

  // The segment [k, k + 1] holding the time, as findKeyIndex finds it: the remembered segment or
  // one of the two after it, else binary search.
  let k = -1;
  const hint = hasSlot ? cursorKeys[trackIndex] : -1;
  if (hint >= 0 && hint <= lastSegment && times[hint] <= time) {
    if (time < times[hint + 1]) k = hint;
    else if (hint + 1 <= lastSegment && time < times[hint + 2]) k = hint + 1;
    else if (hint + 2 <= lastSegment && time < times[hint + 3]) k = hint + 2;
  }
  if (k < 0) {
    let low = 1;
    let high = keyCount - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (times[middle] > time) high = middle;
      else low = middle + 1;
    }
    k = low - 1;
  }
  if (hasSlot) cursorKeys[trackIndex] = k;

  if (interpolation === Interpolation.STEP) {
    copyKey(target, targetOffset, values, k * stride, width);
    return;
  }
  const startTime = times[k];
  const interval = times[k + 1] - startTime;
  // Fraction of the way from key k to key k + 1, in [0, 1).
  const u = interval > 0 ? (time - startTime) / interval : 0;

  if (cubic) {
    // glTF Hermite form: tangents are per second, so they are scaled by the key interval.
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
    // A blend of unit quaternions is not unit length: renormalise (the float32 round trip costs < 1e-7).
    if (width === 4) normalizeQuatAt(target, targetOffset, target, targetOffset);
    return;
  }

  const a = k * width;
  const b = a + width;
  if (width === 3) {
    const ax = values[a], ay = values[a + 1], az = values[a + 2];
    target[targetOffset] = ax + (values[b] - ax) * u;
    target[targetOffset + 1] = ay + (values[b + 1] - ay) * u;
    target[targetOffset + 2] = az + (values[b + 2] - az) * u;
    return;
  }
  // Slerp along the shorter arc: q = wA·a + wB·b with wA = sin((1 − u)θ) / sin θ and
  // wB = sin(uθ) / sin θ, where cos θ = a·b / (|a| |b|) — the weights slerpQuatAt computes.
  const ax = values[a], ay = values[a + 1], az = values[a + 2], aw = values[a + 3];
  let bx = values[b], by = values[b + 1], bz = values[b + 2], bw = values[b + 3];
  let cosine = ax * bx + ay * by + az * bz + aw * bw;
  if (cosine < 0) {
    cosine = -cosine;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  // θ is the angle between the keys as 4-vectors. Dividing by their lengths matters for keys
  // stored a little off unit length (four decimals in a file): equal keys must give θ = 0.
  const lengthProduct = Math.sqrt((ax * ax + ay * ay + az * az + aw * aw) * (bx * bx + by * by + bz * bz + bw * bw));
  if (lengthProduct > 0) cosine /= lengthProduct;
  let weightA = 1 - u;
  let weightB = u;
  if (cosine >= SERIES_MIN_COSINE) {
    // Close keys, the usual case between frames: sin(tθ) / sin θ = t · Σ eᵢ(t) (cos θ − 1)ⁱ with
    // e₀ = 1, eᵢ = eᵢ₋₁ (t² − i²) / (i (2i + 1)). Six terms, in Horner form, come within 2e-9 of the
    // sines here (float32 resolves 6e-8), need no trigonometry, and never divide by sin θ, so they
    // stay exact as θ → 0.
    const d = cosine - 1;
    const squareA = weightA * weightA;
    const squareB = weightB * weightB;
    let sumA = 1 + d * (squareA - 25) * (1 / 55);
    let sumB = 1 + d * (squareB - 25) * (1 / 55);
    sumA = 1 + d * (squareA - 16) * (1 / 36) * sumA;
    sumB = 1 + d * (squareB - 16) * (1 / 36) * sumB;
    sumA = 1 + d * (squareA - 9) * (1 / 21) * sumA;
    sumB = 1 + d * (squareB - 9) * (1 / 21) * sumB;
    sumA = 1 + d * (squareA - 4) * (1 / 10) * sumA;
    sumB = 1 + d * (squareB - 4) * (1 / 10) * sumB;
    sumA = 1 + d * (squareA - 1) * (1 / 3) * sumA;
    sumB = 1 + d * (squareB - 1) * (1 / 3) * sumB;
    weightA *= sumA;
    weightB *= sumB;
  } else {
    // Here sin θ > 0.43: the division is well conditioned.
    const angle = Math.acos(cosine);
    const inverseSine = 1 / Math.sqrt(1 - cosine * cosine);
    weightA = Math.sin(weightA * angle) * inverseSine;
    weightB = Math.sin(weightB * angle) * inverseSine;
  }
  target[targetOffset] = weightA * ax + weightB * bx;
  target[targetOffset + 1] = weightA * ay + weightB * by;
  target[targetOffset + 2] = weightA * az + weightB * bz;
  target[targetOffset + 3] = weightA * aw + weightB * bw;
}

/** Copies `width` floats of one key value from values[valueOffset] to target[targetOffset]. */
function copyKey(
  target: Float32Array,
  targetOffset: number,
  values: Float32Array,
  valueOffset: number,
  width: number,
): void {
  for (let c = 0; c < width; c++) target[targetOffset + c] = values[valueOffset + c];
}
