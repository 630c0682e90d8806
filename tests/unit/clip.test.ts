import { quat } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import {
  Playback,
  createClipCursor,
  findKeyIndex,
  resetClipCursor,
  sampleClip,
  wrapClipTime,
  type ClipCursor,
} from '../../src/core/clip.ts';
import { slerpQuatAt } from '../../src/core/math.ts';
import { Interpolation, TrackPath, createPose, type Clip, type Pose, type Track } from '../../src/core/model.ts';
import {
  axisAngle,
  boxedNumbers,
  expectClose,
  expectFinite,
  newSpaceGrowth,
  randomIn,
  randomUnitQuat,
  seededRandom,
} from './helpers.ts';

/** A track from plain arrays. */
function track(node: number, path: TrackPath, interpolation: Interpolation, times: number[], values: number[]): Track {
  return { node, path, interpolation, times: new Float32Array(times), values: new Float32Array(values) };
}

/** A clip whose duration is the last key time over all tracks, as the loader computes it. */
function clipOf(tracks: Track[], name = 'test'): Clip {
  let duration = 0;
  for (const t of tracks) if (t.times.length > 0) duration = Math.max(duration, t.times[t.times.length - 1]);
  return { name, duration, tracks };
}

/** A rest pose for `count` nodes with distinctive, non-identity values. */
function distinctiveRest(count: number): Pose {
  const rest = createPose(count);
  for (let i = 0; i < count; i++) {
    rest.translations.set([i + 0.1, i + 0.2, i + 0.3], 3 * i);
    rest.rotations.set(axisAngle(0, 0, 1, 0.1 * (i + 1)), 4 * i);
    rest.scales.set([1 + i, 2 + i, 3 + i], 3 * i);
  }
  return rest;
}

/** Samples once with a fresh cursor. */
function sampleAt(clip: Clip, rest: Pose, time: number, playback: Playback = Playback.CLAMP): Pose {
  return sampleClip(createPose(rest.scales.length / 3), clip, rest, time, playback, createClipCursor(clip.tracks.length));
}

// ── Brute-force reference: linear scan for the key, gl-matrix for slerp, Hermite written out. ──

/** Clip time by the floor-free formula ((t mod d) + d) mod d, for comparison with wrapClipTime. */
function referenceClipTime(time: number, duration: number, playback: Playback): number {
  if (!Number.isFinite(time) || !(duration > 0)) return 0;
  if (playback === Playback.LOOP) {
    const wrapped = ((time % duration) + duration) % duration;
    return wrapped >= duration ? 0 : wrapped;
  }
  return Math.min(Math.max(time, 0), duration);
}

/** The value of `t` (a track) at clip time `time`, by linear scan. */
function referenceTrackValue(t: Track, time: number): number[] {
  const width = t.path === TrackPath.ROTATION ? 4 : 3;
  const cubic = t.interpolation === Interpolation.CUBICSPLINE;
  const stride = cubic ? 3 * width : width;
  const at = (offset: number) => Array.from(t.values.slice(offset, offset + width));
  const valueOf = (k: number) => at(k * stride + (cubic ? width : 0));
  const n = t.times.length;
  if (n === 1 || time <= t.times[0]) return valueOf(0);
  if (time >= t.times[n - 1]) return valueOf(n - 1);
  let k = 0;
  while (t.times[k + 1] <= time) k++;
  const interval = t.times[k + 1] - t.times[k];
  const u = (time - t.times[k]) / interval;
  if (t.interpolation === Interpolation.STEP) return valueOf(k);
  if (cubic) {
    const v0 = valueOf(k), v1 = valueOf(k + 1);
    const outTangent = at(k * stride + 2 * width), inTangent = at((k + 1) * stride);
    const p = v0.map(
      (_, c) =>
        (2 * u ** 3 - 3 * u ** 2 + 1) * v0[c] +
        (u ** 3 - 2 * u ** 2 + u) * interval * outTangent[c] +
        (-2 * u ** 3 + 3 * u ** 2) * v1[c] +
        (u ** 3 - u ** 2) * interval * inTangent[c],
    );
    if (width === 4) return Array.from(quat.normalize(quat.create(), p as [number, number, number, number]));
    return p;
  }
  if (width === 4) {
    return Array.from(quat.slerp(quat.create(), valueOf(k) as quat, valueOf(k + 1) as quat, u));
  }
  const a = valueOf(k), b = valueOf(k + 1);
  return a.map((_, c) => a[c] + (b[c] - a[c]) * u);
}

/** The whole reference pose: rest, then each track's value. */
function referencePose(clip: Clip, rest: Pose, time: number, playback: Playback): Pose {
  const out = createPose(rest.scales.length / 3);
  out.translations.set(rest.translations);
  out.rotations.set(rest.rotations);
  out.scales.set(rest.scales);
  const clipTime = referenceClipTime(time, clip.duration, playback);
  for (const t of clip.tracks) {
    const value = referenceTrackValue(t, clipTime);
    const target = t.path === TrackPath.ROTATION ? out.rotations : t.path === TrackPath.TRANSLATION ? out.translations : out.scales;
    target.set(value, t.node * value.length);
  }
  return out;
}

/** The key segment by linear scan: last k with times[k] ≤ time, clamped to [0, n − 2]. */
function referenceSegment(times: Float32Array, keyCount: number, time: number): number {
  if (keyCount < 2) return 0;
  let k = 0;
  for (let i = 0; i < keyCount; i++) if (times[i] <= time) k = i;
  return Math.min(k, keyCount - 2);
}

/** Strictly increasing key times: `count` keys from `start`, gaps in [0.01, 0.3). */
function randomTimes(random: () => number, count: number, start: number): number[] {
  const times = [start];
  for (let i = 1; i < count; i++) times.push(times[i - 1] + randomIn(random, 0.01, 0.3));
  return Array.from(new Float32Array(times));
}

/** A clip over `nodeCount` nodes with every path and interpolation, different key counts per track. */
function randomClip(random: () => number, nodeCount: number): Clip {
  const tracks: Track[] = [];
  const interpolations = [Interpolation.STEP, Interpolation.LINEAR, Interpolation.CUBICSPLINE];
  for (let node = 0; node < nodeCount; node++) {
    for (const path of [TrackPath.TRANSLATION, TrackPath.ROTATION, TrackPath.SCALE]) {
      if (random() < 0.2) continue;
      const interpolation = interpolations[Math.floor(random() * 3)];
      const keyCount = 1 + Math.floor(random() * 25);
      const times = randomTimes(random, keyCount, random() < 0.5 ? 0 : randomIn(random, 0, 0.5));
      const width = path === TrackPath.ROTATION ? 4 : 3;
      const values: number[] = [];
      let previous = randomUnitQuat(random);
      for (let k = 0; k < keyCount; k++) {
        const groups = interpolation === Interpolation.CUBICSPLINE ? 3 : 1;
        for (let g = 0; g < groups; g++) {
          const isValue = groups === 1 || g === 1;
          if (width === 4 && isValue) {
            // Random rotations, some of them on the opposite hemisphere of the previous key.
            const q = randomUnitQuat(random);
            if (quat.dot(q, previous) > 0 && random() < 0.5) quat.scale(q, q, -1);
            previous = q;
            values.push(...q);
          } else {
            for (let c = 0; c < width; c++) values.push(randomIn(random, -2, 2));
          }
        }
      }
      tracks.push(track(node, path, interpolation, times, values));
    }
  }
  return clipOf(tracks);
}

/** Exact equality of two poses (same floats, bit for bit). */
function expectSamePose(actual: Pose, expected: Pose, label: string): void {
  expect(Array.from(actual.translations), `${label} translations`).toEqual(Array.from(expected.translations));
  expect(Array.from(actual.rotations), `${label} rotations`).toEqual(Array.from(expected.rotations));
  expect(Array.from(actual.scales), `${label} scales`).toEqual(Array.from(expected.scales));
}

/** Tolerance equality of two poses, each rotation compared up to sign (q and −q are one rotation). */
function expectClosePose(actual: Pose, expected: Pose, tolerance: number, label: string): void {
  expectClose(actual.translations, expected.translations, tolerance, `${label} translations`);
  expectClose(actual.scales, expected.scales, tolerance, `${label} scales`);
  // q and −q are the same rotation; compare each quaternion up to sign.
  for (let i = 0; i < actual.rotations.length; i += 4) {
    const a = actual.rotations.slice(i, i + 4), e = expected.rotations.slice(i, i + 4);
    const sign = a[0] * e[0] + a[1] * e[1] + a[2] * e[2] + a[3] * e[3] < 0 ? -1 : 1;
    expectClose(a.map((c) => c * sign), e, tolerance, `${label} rotation of node ${i / 4}`);
  }
}

describe('wrapClipTime', () => {
  it('LOOP wraps with a positive modulo into [0, duration); t = duration maps to 0', () => {
    expect(wrapClipTime(0.5, 2, Playback.LOOP)).toBe(0.5);
    expect(wrapClipTime(2, 2, Playback.LOOP)).toBe(0);
    expect(wrapClipTime(4, 2, Playback.LOOP)).toBe(0);
    expect(wrapClipTime(5.5, 2, Playback.LOOP)).toBe(1.5);
    expect(wrapClipTime(-0.5, 2, Playback.LOOP)).toBe(1.5);
    expect(wrapClipTime(-2, 2, Playback.LOOP)).toBe(0); // +0, not −0
    expect(wrapClipTime(-0, 2, Playback.CLAMP)).toBe(0);
  });

  it('CLAMP clamps into [0, duration]; t = duration stays duration', () => {
    expect(wrapClipTime(0.5, 2, Playback.CLAMP)).toBe(0.5);
    expect(wrapClipTime(2, 2, Playback.CLAMP)).toBe(2);
    expect(wrapClipTime(7, 2, Playback.CLAMP)).toBe(2);
    expect(wrapClipTime(-1, 2, Playback.CLAMP)).toBe(0);
  });

  describe('invalid input', () => {
    it('treats non-finite times as 0', () => {
      for (const playback of [Playback.LOOP, Playback.CLAMP]) {
        expect(wrapClipTime(NaN, 2, playback)).toBe(0);
        expect(wrapClipTime(Infinity, 2, playback)).toBe(0);
        expect(wrapClipTime(-Infinity, 2, playback)).toBe(0);
      }
    });

    it('returns 0 for a zero, negative, NaN or infinite duration', () => {
      for (const duration of [0, -1, NaN, Infinity]) {
        expect(wrapClipTime(1.5, duration, Playback.LOOP)).toBe(0);
        expect(wrapClipTime(1.5, duration, Playback.CLAMP)).toBe(0);
      }
    });

    it('never returns the duration itself in LOOP, even for a tiny negative time', () => {
      const wrapped = wrapClipTime(-1e-20, 2, Playback.LOOP);
      expect(wrapped).toBeGreaterThanOrEqual(0);
      expect(wrapped).toBeLessThan(2);
    });

    it('clamps for a playback value that is neither LOOP nor CLAMP', () => {
      expect(wrapClipTime(5, 2, 7 as Playback)).toBe(2);
    });
  });
});

describe('findKeyIndex', () => {
  it('agrees with a linear scan for every hint, including −1 (pure binary search)', () => {
    const random = seededRandom(101);
    for (let trial = 0; trial < 200; trial++) {
      const keyCount = 1 + Math.floor(random() * 30);
      const times = new Float32Array(randomTimes(random, keyCount, randomIn(random, 0, 1)));
      const last = times[keyCount - 1];
      const time = random() < 0.2 ? times[Math.floor(random() * keyCount)] : randomIn(random, -0.5, last + 0.5);
      const expected = referenceSegment(times, keyCount, time);
      for (let hint = -1; hint <= keyCount; hint++) {
        expect(findKeyIndex(times, keyCount, time, hint), `keys ${keyCount}, time ${time}, hint ${hint}`).toBe(expected);
      }
    }
  });

  it('returns the segment containing the time: times [0, 1, 2, 3] at 2.5 → 2, at 1 → 1', () => {
    const times = new Float32Array([0, 1, 2, 3]);
    expect(findKeyIndex(times, 4, 2.5, -1)).toBe(2);
    expect(findKeyIndex(times, 4, 2.5, 0)).toBe(2);
    expect(findKeyIndex(times, 4, 1, 0)).toBe(1);
    expect(findKeyIndex(times, 4, 0.999, 2)).toBe(0);
  });

  describe('invalid input', () => {
    it('returns 0 for fewer than two keys and clamps out-of-range times', () => {
      expect(findKeyIndex(new Float32Array(0), 0, 1, 0)).toBe(0);
      expect(findKeyIndex(new Float32Array([3]), 1, 5, 7)).toBe(0);
      const times = new Float32Array([0, 1, 2]);
      expect(findKeyIndex(times, 3, -5, 1)).toBe(0);
      expect(findKeyIndex(times, 3, 50, 0)).toBe(1);
    });

    it('terminates on NaN time and on a huge or fractional hint', () => {
      const times = new Float32Array([0, 1, 2, 3]);
      expect(findKeyIndex(times, 4, NaN, 1)).toBeGreaterThanOrEqual(0);
      expect(findKeyIndex(times, 4, 1.5, 1e9)).toBe(1);
      expect(findKeyIndex(times, 4, 1.5, -7)).toBe(1);
    });
  });
});

describe('sampleClip', () => {
  it('LINEAR: lerps translations and scales between the two surrounding keys', () => {
    const clip = clipOf([
      track(0, TrackPath.TRANSLATION, Interpolation.LINEAR, [0, 1], [0, 0, 0, 2, 4, 6]),
      track(0, TrackPath.SCALE, Interpolation.LINEAR, [0, 2], [1, 1, 1, 3, 5, 1]),
    ]);
    const pose = sampleAt(clip, createPose(1), 0.25);
    expectClose(pose.translations, [0.5, 1, 1.5], 1e-6);
    expectClose(pose.scales, [1.25, 1.5, 1], 1e-6);
  });

  it('LINEAR: slerps rotations (45° is halfway through 90° about Y) and matches gl-matrix', () => {
    const a = axisAngle(0, 1, 0, 0), b = axisAngle(0, 1, 0, Math.PI / 2);
    const clip = clipOf([track(0, TrackPath.ROTATION, Interpolation.LINEAR, [1, 3], [...a, ...b])]);
    const pose = sampleAt(clip, createPose(1), 2);
    expectClose(pose.rotations, [0, Math.sin(Math.PI / 8), 0, Math.cos(Math.PI / 8)], 1e-6);
    const quarter = sampleAt(clip, createPose(1), 1.5);
    expectClose(quarter.rotations, quat.slerp(quat.create(), a, b, 0.25), 1e-6);
  });

  it('LINEAR: takes the shorter arc when consecutive keys lie on opposite hemispheres', () => {
    const a = axisAngle(1, 0, 0, 0.2);
    const b = axisAngle(1, 0, 0, 0.8).map((c) => -c);
    const clip = clipOf([track(0, TrackPath.ROTATION, Interpolation.LINEAR, [0, 1], [...a, ...b])]);
    const pose = sampleAt(clip, createPose(1), 0.5);
    // Halfway along the short arc is a 0.5 rad rotation about X (up to sign).
    const q = pose.rotations;
    const sign = q[3] < 0 ? -1 : 1;
    expectClose(q.map((c) => c * sign), axisAngle(1, 0, 0, 0.5), 1e-6);
  });

  it('LINEAR: nearly parallel keys interpolate at unit length, without a division by sin θ → 0', () => {
    const a = axisAngle(0, 0, 1, 1), b = axisAngle(0, 0, 1, 1.0028);
    const clip = clipOf([track(0, TrackPath.ROTATION, Interpolation.LINEAR, [0, 1], [...a, ...b])]);
    const q = sampleAt(clip, createPose(1), 0.5).rotations;
    expectClose(Math.hypot(...q), 1, 5e-8);
    expectClose(q, axisAngle(0, 0, 1, 1.0014), 1e-7);
  });

  it('LINEAR: rotations equal slerpQuatAt for key angles from 0 to 180°, either side of the series threshold', () => {
    const random = seededRandom(205);
    const viaKernel = new Float32Array(4);
    const keys = new Float32Array(8);
    // Angles between the two key rotations; cos(θ/2) = 0.9 (the switch to the series) is at 0.902 rad.
    const angles = [0, 1e-6, 1e-3, 0.1, 0.5, 0.85, 0.9, 0.90198, 0.902, 0.90202, 0.95, 1.5, 2.5, 3.1];
    for (const angle of angles) {
      for (let trial = 0; trial < 40; trial++) {
        const a = randomUnitQuat(random);
        const axis = randomUnitQuat(random); // a random direction, from its vector part
        const length = Math.hypot(axis[0], axis[1], axis[2]);
        const turn = axisAngle(axis[0] / length, axis[1] / length, axis[2] / length, angle);
        keys.set(a, 0);
        keys.set(quat.multiply(quat.create(), a, turn), 4);
        if (random() < 0.5) for (let c = 4; c < 8; c++) keys[c] = -keys[c];
        const u = trial === 0 ? 0.5 : random();
        const clip = clipOf([track(0, TrackPath.ROTATION, Interpolation.LINEAR, [0, 1], Array.from(keys))]);
        const sampled = sampleAt(clip, createPose(1), u).rotations;
        const label = `angle ${angle}, u ${u}`;
        slerpQuatAt(viaKernel, 0, keys, 0, keys, 4, u);
        expectClose(sampled, viaKernel, 1.2e-7, label);
        // The same slerp in double precision, from the same float32 keys: only the output rounding
        // (≤ 3e-8 per component) separates the two.
        let cosine = 0;
        for (let c = 0; c < 4; c++) cosine += keys[c] * keys[4 + c];
        const sign = cosine < 0 ? -1 : 1;
        cosine = Math.min(1, Math.abs(cosine));
        const theta = Math.acos(cosine);
        const weightA = theta < 1e-9 ? 1 - u : Math.sin((1 - u) * theta) / Math.sin(theta);
        const weightB = theta < 1e-9 ? u : Math.sin(u * theta) / Math.sin(theta);
        const exact = [0, 1, 2, 3].map((c) => weightA * keys[c] + sign * weightB * keys[4 + c]);
        expectClose(sampled, exact, angle < 0.01 ? 1e-7 : 4e-8, label);
      }
    }
  });

  it('LINEAR: keys stored slightly off unit length (0.707, 0.707) hold still and do not grow', () => {
    // As in Khronos' SimpleSkin: |(0, 0, 0.707, 0.707)| = 0.99985. Two equal keys are a held pose.
    const held = [0, 0, 0.707, 0.707];
    const clip = clipOf([
      track(0, TrackPath.ROTATION, Interpolation.LINEAR, [0, 1, 2], [0, 0, 0.383, 0.924, ...held, ...held]),
    ]);
    expectClose(sampleAt(clip, createPose(1), 1.5).rotations, held, 6e-8);
    // Between unequal keys the length is interpolated between theirs, not inflated.
    const q = sampleAt(clip, createPose(1), 0.5).rotations;
    const lengthA = Math.hypot(0.383, 0.924), lengthB = Math.hypot(0.707, 0.707);
    expect(Math.hypot(...q)).toBeLessThanOrEqual(Math.max(lengthA, lengthB) + 1e-7);
    expect(Math.hypot(...q)).toBeGreaterThanOrEqual(Math.min(lengthA, lengthB) - 1e-7);
  });

  it('STEP: holds key k until key k + 1 is reached', () => {
    const clip = clipOf([track(0, TrackPath.TRANSLATION, Interpolation.STEP, [0, 1, 2], [1, 0, 0, 2, 0, 0, 3, 0, 0])]);
    expect(sampleAt(clip, createPose(1), 0.999).translations[0]).toBe(1);
    expect(sampleAt(clip, createPose(1), 1).translations[0]).toBe(2);
    expect(sampleAt(clip, createPose(1), 1.5).translations[0]).toBe(2);
    expect(sampleAt(clip, createPose(1), 2).translations[0]).toBe(3);
  });

  it('CUBICSPLINE: matches a hand-computed Hermite value (tangents scaled by the key interval)', () => {
    // Keys at 0 s and 2 s (Δ = 2). Per key: in-tangent, value, out-tangent.
    // x: v0 = 1, b0 = 0.5, a1 = −1, v1 = 3.  y: v0 = 0, b0 = 1, a1 = 1, v1 = 0.  z: constant 4.
    // At t = 0.5 s, u = 0.25: h00 = 0.84375, h10 = 0.140625, h01 = 0.15625, h11 = −0.046875.
    // x = 0.84375·1 + 0.140625·2·0.5 + 0.15625·3 + (−0.046875)·2·(−1) = 1.546875
    // y = 0.140625·2·1 + (−0.046875)·2·1 = 0.1875
    const values = [
      9, 9, 9, /* value */ 1, 0, 4, /* out */ 0.5, 1, 0,
      -1, 1, 0, /* value */ 3, 0, 4, /* out */ 9, 9, 9,
    ];
    const clip = clipOf([track(0, TrackPath.TRANSLATION, Interpolation.CUBICSPLINE, [0, 2], values)]);
    expectClose(sampleAt(clip, createPose(1), 0.5).translations, [1.546875, 0.1875, 4], 1e-6);
    // At the keys: the key values, whatever the (unused) outer tangents hold.
    expectClose(sampleAt(clip, createPose(1), 0).translations, [1, 0, 4], 0);
    expectClose(sampleAt(clip, createPose(1), 2).translations, [3, 0, 4], 0);
  });

  it('CUBICSPLINE: normalises rotations after the Hermite blend', () => {
    const v0 = axisAngle(0, 0, 1, 0), v1 = axisAngle(0, 0, 1, 1.2);
    const b0 = [0, 0, 0.4, 0], a1 = [0, 0, 0.1, -0.2];
    const values = [0, 0, 0, 0, ...v0, ...b0, ...a1, ...v1, 0, 0, 0, 0];
    const clip = clipOf([track(0, TrackPath.ROTATION, Interpolation.CUBICSPLINE, [0, 1], values)]);
    const q = sampleAt(clip, createPose(1), 0.5).rotations;
    // u = 0.5, Δ = 1: h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = −0.125.
    const raw = [0, 1, 2, 3].map((c) => 0.5 * v0[c] + 0.125 * b0[c] + 0.5 * v1[c] - 0.125 * a1[c]);
    const length = Math.hypot(...raw);
    expectClose(q, raw.map((c) => c / length), 1e-6);
    expectClose(Math.hypot(...q), 1, 1e-6);
  });

  it('LOOP and CLAMP at 0, inside, exactly at the duration and past the end', () => {
    // x keys: 0 → 10 → 4 at 0, 1, 2 s; duration 2 s.
    const clip = clipOf([track(0, TrackPath.TRANSLATION, Interpolation.LINEAR, [0, 1, 2], [0, 0, 0, 10, 0, 0, 4, 0, 0])]);
    const x = (time: number, playback: Playback) => sampleAt(clip, createPose(1), time, playback).translations[0];
    expect(x(0, Playback.LOOP)).toBe(0);
    expect(x(1, Playback.LOOP)).toBe(10);
    expect(x(2, Playback.LOOP)).toBe(0); // wraps to 0 s: the first key
    expect(x(2, Playback.CLAMP)).toBe(4); // the last key
    expectClose(x(2.5, Playback.LOOP), 5, 1e-6); // = 0.5 s
    expect(x(2.5, Playback.CLAMP)).toBe(4);
    expectClose(x(-0.5, Playback.LOOP), 7, 1e-6); // = 1.5 s
    expect(x(-0.5, Playback.CLAMP)).toBe(0);
    expectClose(x(7.25, Playback.LOOP), 8.5, 1e-6); // = 1.25 s → 10 + (4 − 10)·0.25
    // −1e-20 s wraps to 2 − 1e-20, which rounds to the duration itself: that is time 0, not the end.
    expect(x(-1e-20, Playback.LOOP)).toBe(0);
  });

  it('holds the first key before it and the last key after it, per track', () => {
    const clip = clipOf([
      track(0, TrackPath.TRANSLATION, Interpolation.LINEAR, [0.5, 1], [1, 1, 1, 2, 2, 2]),
      track(0, TrackPath.SCALE, Interpolation.LINEAR, [0, 3], [1, 1, 1, 4, 4, 4]),
    ]);
    expectClose(sampleAt(clip, createPose(1), 0.2).translations, [1, 1, 1], 0);
    expectClose(sampleAt(clip, createPose(1), 2).translations, [2, 2, 2], 0);
    expectClose(sampleAt(clip, createPose(1), 2).scales, [3, 3, 3], 1e-6);
  });

  it('a single key is constant', () => {
    const clip = clipOf([track(0, TrackPath.ROTATION, Interpolation.LINEAR, [0.7], [...axisAngle(0, 1, 0, 1)])]);
    for (const time of [0, 0.7, 5]) expectClose(sampleAt(clip, createPose(1), time).rotations, axisAngle(0, 1, 0, 1), 0);
  });

  it('samples tracks with different key counts independently', () => {
    const clip = clipOf([
      track(0, TrackPath.TRANSLATION, Interpolation.LINEAR, [0, 2], [0, 0, 0, 2, 0, 0]),
      track(0, TrackPath.SCALE, Interpolation.LINEAR, [0, 0.5, 1, 1.5, 2], [1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 1, 1, 1]),
    ]);
    const pose = sampleAt(clip, createPose(1), 1.25);
    expectClose(pose.translations, [1.25, 0, 0], 1e-6);
    expectClose(pose.scales, [1.5, 1.5, 1.5], 1e-6);
  });

  it('copies the rest pose and overwrites only the tracked channels', () => {
    const rest = distinctiveRest(3);
    const clip = clipOf([track(1, TrackPath.TRANSLATION, Interpolation.LINEAR, [0, 1], [5, 5, 5, 7, 7, 7])]);
    const out = createPose(3);
    out.translations.fill(-99);
    out.rotations.fill(-99);
    out.scales.fill(-99);
    sampleClip(out, clip, rest, 0.5, Playback.CLAMP, createClipCursor(clip.tracks.length));
    const expectedTranslations = Float32Array.from(rest.translations);
    expectedTranslations.set([6, 6, 6], 3);
    expectClose(out.translations, expectedTranslations, 1e-6);
    expectClose(out.rotations, rest.rotations, 0);
    expectClose(out.scales, rest.scales, 0);
  });

  it('cursor playback, binary search and a brute-force reference agree on random seek/playback sequences', () => {
    const random = seededRandom(202);
    for (let trial = 0; trial < 6; trial++) {
      const nodeCount = 8;
      const clip = randomClip(random, nodeCount);
      const rest = distinctiveRest(nodeCount);
      const playing = createClipCursor(clip.tracks.length);
      // A cursor with no per-track state forces the binary search for every track.
      const searchOnly: ClipCursor = { keys: new Int32Array(0), time: 0 };
      const withCursor = createPose(nodeCount);
      const withSearch = createPose(nodeCount);
      let time = 0;
      for (let step = 0; step < 400; step++) {
        const r = random();
        if (r < 0.6) time += randomIn(random, 0, 1 / 30); // playback at ≥ 30 frames per second
        else if (r < 0.7) time += randomIn(random, 0.2, 1); // a skip forward
        else if (r < 0.85) time = randomIn(random, -1, 2 * clip.duration + 1); // a seek anywhere
        else {
          // Exactly on a key time.
          const t = clip.tracks[Math.floor(random() * clip.tracks.length)];
          time = t.times[Math.floor(random() * t.times.length)];
        }
        const playback = random() < 0.5 ? Playback.LOOP : Playback.CLAMP;
        sampleClip(withCursor, clip, rest, time, playback, playing);
        sampleClip(withSearch, clip, rest, time, playback, searchOnly);
        const label = `trial ${trial} step ${step} t=${time}`;
        expect(playing.time, label).toBe(wrapClipTime(time, clip.duration, playback));
        expectSamePose(withCursor, withSearch, label);
        expectClosePose(withCursor, referencePose(clip, rest, time, playback), 2e-5, label);
        // The cursor holds the segment a linear scan finds.
        const clipTime = wrapClipTime(time, clip.duration, playback);
        clip.tracks.forEach((t, i) => {
          const width = t.path === TrackPath.ROTATION ? 4 : 3;
          const stride = t.interpolation === Interpolation.CUBICSPLINE ? 3 * width : width;
          const keyCount = Math.min(t.times.length, t.values.length / stride);
          if (keyCount >= 2 && clipTime > t.times[0] && clipTime < t.times[keyCount - 1]) {
            expect(playing.keys[i], `${label} track ${i}`).toBe(referenceSegment(t.times, keyCount, clipTime));
          }
        });
      }
    }
  });

  it('resetClipCursor moves every track back to its first segment without changing results', () => {
    const clip = randomClip(seededRandom(203), 4);
    const rest = distinctiveRest(4);
    const cursor = createClipCursor(clip.tracks.length);
    const a = sampleClip(createPose(4), clip, rest, clip.duration * 0.9, Playback.CLAMP, cursor);
    resetClipCursor(cursor);
    expect(Array.from(cursor.keys).every((k) => k === 0)).toBe(true);
    const b = sampleClip(createPose(4), clip, rest, clip.duration * 0.9, Playback.CLAMP, cursor);
    expectSamePose(a, b, 'after reset');
    expect(cursor.time).toBeCloseTo(clip.duration * 0.9, 6);
  });

  it('createClipCursor / resetClipCursor: an empty clip gets an empty cursor that samples fine', () => {
    const empty: Clip = { name: 'empty', duration: 0, tracks: [] };
    const cursor = resetClipCursor(createClipCursor(empty.tracks.length));
    expect(cursor.keys.length).toBe(0);
    const rest = distinctiveRest(1);
    expectSamePose(sampleClip(createPose(1), empty, rest, 3, Playback.LOOP, cursor), rest, 'empty clip');
  });

  describe('invalid input', () => {
    const clip = clipOf([
      track(0, TrackPath.TRANSLATION, Interpolation.LINEAR, [0, 1], [1, 2, 3, 4, 5, 6]),
      track(1, TrackPath.ROTATION, Interpolation.LINEAR, [0, 1], [...axisAngle(0, 1, 0, 0.5), ...axisAngle(0, 1, 0, 1.5)]),
    ]);
    const rest = distinctiveRest(2);

    it('samples NaN and ±Infinity times as time 0, in both playback modes', () => {
      for (const playback of [Playback.LOOP, Playback.CLAMP]) {
        const atZero = sampleAt(clip, rest, 0, playback);
        for (const time of [NaN, Infinity, -Infinity]) {
          const pose = sampleAt(clip, rest, time, playback);
          expectSamePose(pose, atZero, `time ${time}`);
          expectFinite(pose.translations);
          expectFinite(pose.rotations);
        }
      }
    });

    it('an empty clip yields the rest pose at any time', () => {
      const empty: Clip = { name: 'empty', duration: 0, tracks: [] };
      for (const time of [0, 1, -3, NaN]) expectSamePose(sampleAt(empty, rest, time, Playback.LOOP), rest, `time ${time}`);
    });

    it('a clip whose keys are all at 0 (duration 0) yields its first keys at any time', () => {
      const still = clipOf([track(0, TrackPath.TRANSLATION, Interpolation.LINEAR, [0], [7, 8, 9])]);
      expect(still.duration).toBe(0);
      for (const time of [0, 0.5, 100]) {
        expectClose(sampleAt(still, rest, time, Playback.LOOP).translations.slice(0, 3), [7, 8, 9], 0);
      }
    });

    it('a clip with a NaN duration samples time 0', () => {
      const broken: Clip = { ...clip, duration: NaN };
      expectSamePose(sampleAt(broken, rest, 0.7, Playback.LOOP), sampleAt(clip, rest, 0, Playback.LOOP), 'NaN duration');
    });

    it('a track without keys, or with values for fewer keys than times, uses the keys it has', () => {
      const noKeys = clipOf([track(0, TrackPath.TRANSLATION, Interpolation.LINEAR, [], [])]);
      expectSamePose(sampleAt(noKeys, rest, 0.5), rest, 'no keys');
      const shortValues = clipOf([track(0, TrackPath.TRANSLATION, Interpolation.LINEAR, [0, 1, 2], [1, 1, 1, 3, 3])]);
      expectClose(sampleAt(shortValues, rest, 1.5).translations.slice(0, 3), [1, 1, 1], 0);
      const shortCubic = clipOf([track(0, TrackPath.TRANSLATION, Interpolation.CUBICSPLINE, [0, 1], [0, 0, 0, 5, 5, 5, 0, 0, 0, 1])]);
      expectClose(sampleAt(shortCubic, rest, 0.5).translations.slice(0, 3), [5, 5, 5], 0);
    });

    it('ignores tracks whose node has no slot in out, or whose path is unknown', () => {
      const broken = clipOf([
        track(5, TrackPath.TRANSLATION, Interpolation.LINEAR, [0, 1], [1, 1, 1, 2, 2, 2]),
        track(-1, TrackPath.SCALE, Interpolation.LINEAR, [0, 1], [1, 1, 1, 2, 2, 2]),
        track(0, 9 as TrackPath, Interpolation.LINEAR, [0, 1], [1, 1, 1, 2, 2, 2]),
      ]);
      let pose: Pose | undefined;
      expect(() => (pose = sampleAt(broken, rest, 0.5))).not.toThrow();
      expectSamePose(pose!, rest, 'ignored tracks');
    });

    it('samples an unknown interpolation value as LINEAR', () => {
      const odd = clipOf([track(0, TrackPath.TRANSLATION, 7 as Interpolation, [0, 1], [0, 0, 0, 2, 2, 2])]);
      expectClose(sampleAt(odd, rest, 0.25).translations.slice(0, 3), [0.5, 0.5, 0.5], 1e-6);
    });

    it('a cursor made for another clip, or holding garbage, changes nothing', () => {
      const expected = sampleAt(clip, rest, 0.4);
      for (const keys of [new Int32Array(0), new Int32Array(1), Int32Array.from([1e6, -5, 3, 3, 3])]) {
        const pose = sampleClip(createPose(2), clip, rest, 0.4, Playback.CLAMP, { keys, time: 0 });
        expectSamePose(pose, expected, `cursor ${Array.from(keys)}`);
      }
    });

    it('an out pose with fewer nodes than rest gets the common prefix and no throw', () => {
      const small = createPose(1);
      expect(() => sampleClip(small, clip, rest, 0.5, Playback.CLAMP, createClipCursor(clip.tracks.length))).not.toThrow();
      expectClose(small.translations, [2.5, 3.5, 4.5], 1e-6);
      expectClose(small.rotations, rest.rotations.slice(0, 4), 0);
    });

    it('duplicate key times (zero-length segments) produce no NaN', () => {
      const duplicated = clipOf([track(0, TrackPath.TRANSLATION, Interpolation.CUBICSPLINE, [0, 1, 1, 2], new Array(36).fill(1))]);
      for (const time of [0.5, 1, 1.5]) expectFinite(sampleAt(duplicated, rest, time).translations, `time ${time}`);
    });
  });
});
