// Blending clips (src/core/blend.ts) against hand-computed poses, and the two blending pitfalls
// of src/core/pitfalls-beyond.ts against the values their comments derive.
import { mat3, mat4, quat } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import {
  CrossfadeClock,
  applyAdditivePose,
  blendPoses,
  createCrossfade,
  crossfadeWeight,
  footSlideDistance,
  makeAdditivePose,
  sampleCrossfade,
  synchronisedPhase,
  traceFootSliding,
  type FootPoint,
  type PoseStream,
} from '../../src/core/blend.ts';
import { Playback, createClipCursor, sampleClip } from '../../src/core/clip.ts';
import { localToGlobal } from '../../src/core/hierarchy.ts';
import { transformPointAt } from '../../src/core/math.ts';
import { Interpolation, TrackPath, createMatrices, createPose, type Clip, type Hierarchy, type Pose, type Track } from '../../src/core/model.ts';
import { blendMatricesElementWise, blendPosesWithoutNormalizing } from '../../src/core/pitfalls-beyond.ts';
import { composeLocal } from '../../src/core/pose.ts';
import { SetupError } from '../../src/core/setup-error.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { axisAngle, boxedNumbers, expectClose, newSpaceGrowth, randomIn, randomUnitQuat, seededRandom } from './helpers.ts';

const DEGREES = Math.PI / 180;
const Z = [0, 0, 1] as const;
const X = [1, 0, 0] as const;

/** A one-node pose from plain values. */
function poseOf(translation: number[], rotation: ArrayLike<number>, scale: number[]): Pose {
  return { translations: new Float32Array(translation), rotations: new Float32Array(rotation), scales: new Float32Array(scale) };
}

/** A pose of `count` nodes with random translations, unit rotations and positive scales. */
function randomPose(random: () => number, count: number): Pose {
  const pose = createPose(count);
  for (let i = 0; i < count; i++) {
    pose.translations.set([randomIn(random, -2, 2), randomIn(random, -2, 2), randomIn(random, -2, 2)], 3 * i);
    pose.rotations.set(randomUnitQuat(random), 4 * i);
    pose.scales.set([randomIn(random, 0.5, 2), randomIn(random, 0.5, 2), randomIn(random, 0.5, 2)], 3 * i);
  }
  return pose;
}

const clonePose = (pose: Pose): Pose => ({
  translations: pose.translations.slice(),
  rotations: pose.rotations.slice(),
  scales: pose.scales.slice(),
});

/** Node i's quaternion, as a plain array. */
const rotationOf = (pose: Pose, i = 0) => Array.from(pose.rotations.subarray(4 * i, 4 * i + 4));

/** Asserts two quaternions are one rotation (q or −q) within `tolerance`. */
function expectSameRotation(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance = 1e-6, label = ''): void {
  const dot = actual[0] * expected[0] + actual[1] * expected[1] + actual[2] * expected[2] + actual[3] * expected[3];
  const sign = dot < 0 ? -1 : 1;
  expectClose(Array.from(actual, (v) => sign * v), expected, tolerance, label);
}

function track(node: number, path: TrackPath, times: number[], values: number[]): Track {
  return { node, path, interpolation: Interpolation.LINEAR, times: new Float32Array(times), values: new Float32Array(values) };
}

function clipOf(name: string, tracks: Track[]): Clip {
  return { name, duration: Math.max(...tracks.map((t) => t.times[t.times.length - 1])), tracks };
}

/** A copy of `clip` played `factor` times faster (key times divided by factor). */
function spedUp(clip: Clip, factor: number): Clip {
  return {
    name: `${clip.name}×${factor}`,
    duration: clip.duration / factor,
    tracks: clip.tracks.map((t) => ({ ...t, times: t.times.map((time) => time / factor) })),
  };
}

const mannequin = loadModelFile('public/models/mannequin.glb');
const clipNamed = (name: string) => mannequin.clips.find((clip) => clip.name === name)!;
const walk = clipNamed('walk');
const wave = clipNamed('wave');
const nodeNamed = (name: string) => mannequin.hierarchy.names.indexOf(name);
const nodeCount = mannequin.hierarchy.count;

/** The mannequin sampled once, with a fresh cursor. */
function sampled(clip: Clip, time: number, playback: Playback = Playback.LOOP): Pose {
  return sampleClip(createPose(nodeCount), clip, mannequin.hierarchy.rest, time, playback, createClipCursor(clip.tracks.length));
}

describe('blendPoses', () => {
  const random = seededRandom(7);
  const a = randomPose(random, 12);
  const b = randomPose(random, 12);
  // Every other node of B on the far side of the sphere: the ends must still be B as given.
  for (let i = 0; i < 12; i += 2) for (let c = 0; c < 4; c++) b.rotations[4 * i + c] *= -1;

  it('gives A exactly at weight 0 and B exactly at weight 1, bit for bit', () => {
    const out = createPose(12);
    blendPoses(out, a, b, 0);
    expect(out).toEqual(a);
    blendPoses(out, a, b, 1);
    expect(out).toEqual(b);
  });

  it('half-way between 0° and 90° about Z: 45° about Z, translations and scales averaged', () => {
    const a1 = poseOf([0, 0, 0], axisAngle(...Z, 0), [1, 1, 1]);
    const b1 = poseOf([2, 4, -6], axisAngle(...Z, 90 * DEGREES), [3, 2, 0.5]);
    const out = blendPoses(createPose(1), a1, b1, 0.5);
    // 45° about Z: [0, 0, sin 22.5°, cos 22.5°].
    expectClose(out.rotations, [0, 0, 0.3826834, 0.9238795], 1e-7);
    expectClose(out.translations, [1, 2, -3], 1e-7);
    expectClose(out.scales, [2, 1.5, 0.75], 1e-7);
  });

  it('a quarter of the way from 30° to 120° about X: 52.5° (slerp turns at a constant rate)', () => {
    const out = blendPoses(createPose(1), poseOf([0, 0, 0], axisAngle(...X, 30 * DEGREES), [1, 1, 1]), poseOf([0, 0, 0], axisAngle(...X, 120 * DEGREES), [1, 1, 1]), 0.25);
    // 52.5° about X: [sin 26.25°, 0, 0, cos 26.25°].
    expectClose(out.rotations, [0.4422887, 0, 0, 0.8968727], 1e-7);
  });

  it('takes the shorter arc when the dot product is negative', () => {
    // −q for 90° about Z is the same rotation; the dot with the identity is −cos 45° < 0.
    const minusQuarter = Array.from(axisAngle(...Z, 90 * DEGREES), (v) => -v);
    const out = blendPoses(createPose(1), poseOf([0, 0, 0], [0, 0, 0, 1], [1, 1, 1]), poseOf([0, 0, 0], minusQuarter, [1, 1, 1]), 0.5);
    // The short way: 45° about Z. The long way would be 135° the other way, [0, 0, −sin 67.5°, cos 67.5°].
    expectClose(out.rotations, [0, 0, 0.3826834, 0.9238795], 1e-7);
  });

  it('gives the same result when out is A or B (aliasing)', () => {
    for (const weight of [0, 0.3, 1]) {
      const expected = blendPoses(createPose(12), a, b, weight);
      const intoA = clonePose(a);
      blendPoses(intoA, intoA, b, weight);
      expect(intoA, `out = A, weight ${weight}`).toEqual(expected);
      const intoB = clonePose(b);
      blendPoses(intoB, a, intoB, weight);
      expect(intoB, `out = B, weight ${weight}`).toEqual(expected);
    }
  });

  it('allocates nothing', () => {
    const out = createPose(12);
    const weights = boxedNumbers(Array.from({ length: 100 }, (_, i) => i / 99));
    // The code allocates nothing itself; V8 may box the weight it passes to a kernel it did not
    // inline (as for sampleClip, tests/unit/clip-allocation.test.ts): at most 16 bytes per node.
    expect(newSpaceGrowth((i) => blendPoses(out, a, b, weights[i % 100]), 5_000) / 5_000).toBeLessThan(16 * 12);
  });

  it('throws a clear error for a weight that is NaN or outside [0, 1], and for poses of different sizes', () => {
    const out = createPose(12);
    for (const weight of [Number.NaN, -0.01, 1.01, Infinity]) {
      expect(() => blendPoses(out, a, b, weight)).toThrow(new RangeError(`blendPoses: the weight must be a number in [0, 1], got ${weight}`));
    }
    expect(() => blendPoses(out, a, createPose(11), 0.5)).toThrow(/blendPoses: poseB has 11 nodes, out has 12/);
    expect(() => blendPoses(createPose(13), a, b, 0.5)).toThrow(/blendPoses: poseA has 12 nodes, out has 13/);
    const broken = { ...clonePose(a), rotations: new Float32Array(47) };
    expect(() => blendPoses(out, broken, b, 0.5)).toThrow(/blendPoses: poseA is not a whole pose: 36 translation, 47 rotation and 36 scale floats/);
  });
});

describe('crossfades', () => {
  // One node. Clip A over 2 s: x from 0 to 2 m, a turn about Z from 0° to 90°. Clip B over 2 s:
  // y from 0 to 20 m, a turn about X from 0° to 60°. Linear keys, so each value is proportional
  // to the clip time and the pose at any time is known by hand.
  const rest = poseOf([0, 0, 0], [0, 0, 0, 1], [1, 1, 1]);
  const clipA = clipOf('A', [
    track(0, TrackPath.TRANSLATION, [0, 2], [0, 0, 0, 2, 0, 0]),
    track(0, TrackPath.ROTATION, [0, 2], [0, 0, 0, 1, ...axisAngle(...Z, 90 * DEGREES)]),
  ]);
  const clipB = clipOf('B', [
    track(0, TrackPath.TRANSLATION, [0, 2], [0, 0, 0, 0, 20, 0]),
    track(0, TrackPath.ROTATION, [0, 2], [0, 0, 0, 1, ...axisAngle(...X, 60 * DEGREES)]),
  ]);
  const fade = createCrossfade({ clipA, clipB, rest, fadeStartSeconds: 0.5, fadeDurationSeconds: 1, clock: CrossfadeClock.SEPARATE });

  it('weights B by 0 before the fade, linearly during it and by 1 after it', () => {
    expect([0, 0.5, 0.75, 1, 1.25, 1.5, 3].map((t) => crossfadeWeight(t, 0.5, 1))).toEqual([0, 0, 0.25, 0.5, 0.75, 1, 1]);
  });

  it('at the fade start is clip A at that time (B not yet in)', () => {
    const out = sampleCrossfade(createPose(1), fade, 0.5);
    // A at 0.5 s: x = 0.5, 22.5° about Z.
    expectClose(out.translations, [0.5, 0, 0], 1e-7);
    expectClose(out.rotations, [0, 0, Math.sin(11.25 * DEGREES), Math.cos(11.25 * DEGREES)], 1e-7);
    expect([fade.weight, fade.timeA, fade.timeB]).toEqual([0, 0.5, 0]);
  });

  it('at the fade end is clip B, started at the fade start, exactly', () => {
    const out = sampleCrossfade(createPose(1), fade, 1.5);
    // B at 1 s on its own clock: y = 10, 30° about X.
    expectClose(out.translations, [0, 10, 0], 1e-6);
    expectClose(out.rotations, [Math.sin(15 * DEGREES), 0, 0, Math.cos(15 * DEGREES)], 1e-7);
    expect([fade.weight, fade.timeA, fade.timeB]).toEqual([1, 1.5, 1]);
  });

  it('half-way is the even blend of A at 1 s and B at 0.5 s', () => {
    const out = sampleCrossfade(createPose(1), fade, 1);
    // A at 1 s: x = 1, 45° about Z. B at 0.5 s: y = 5, 15° about X. Half of each translation, and
    // the slerp half-way, which is the normalised sum of the two quaternions.
    expectClose(out.translations, [0.5, 2.5, 0], 1e-6);
    const qa = [0, 0, Math.sin(22.5 * DEGREES), Math.cos(22.5 * DEGREES)];
    const qb = [Math.sin(7.5 * DEGREES), 0, 0, Math.cos(7.5 * DEGREES)];
    const sum = qa.map((v, c) => v + qb[c]);
    const length = Math.hypot(...sum);
    expectClose(out.rotations, sum.map((v) => v / length), 1e-7); // [0.0666795, 0, 0.1954933, 0.9784390]
    expect(fade.weight).toBe(0.5);
  });

  it('walk → wave on the mannequin: A at the start, B at the end, their blend between', () => {
    const mannequinFade = createCrossfade({ clipA: walk, clipB: wave, rest: mannequin.hierarchy.rest, fadeStartSeconds: 0.9, fadeDurationSeconds: 0.6, clock: CrossfadeClock.SEPARATE });
    const out = createPose(nodeCount);
    expect(sampleCrossfade(out, mannequinFade, 0.9)).toEqual(sampled(walk, 0.9));
    expect(sampleCrossfade(out, mannequinFade, 1.5)).toEqual(sampled(wave, 0.6));
    sampleCrossfade(out, mannequinFade, 1.2);
    const expected = blendPoses(createPose(nodeCount), sampled(walk, 1.2), sampled(wave, 0.3), 0.5);
    expectClose(out.translations, expected.translations, 1e-6);
    expectClose(out.rotations, expected.rotations, 1e-6);
  });

  it('allocates nothing per sample', () => {
    const mannequinFade = createCrossfade({ clipA: walk, clipB: wave, rest: mannequin.hierarchy.rest, fadeStartSeconds: 1, fadeDurationSeconds: 2, clock: CrossfadeClock.SYNCHRONISED });
    const out = createPose(nodeCount);
    const times = boxedNumbers(Array.from({ length: 400 }, (_, i) => i / 100));
    // As for blendPoses: nothing but, perhaps, one boxed weight per node passed to a kernel.
    expect(newSpaceGrowth((i) => sampleCrossfade(out, mannequinFade, times[i % 400]), 5_000) / 5_000).toBeLessThan(16 * nodeCount);
  });

  it('refuses a fade that does not last, a synchronised clip without a duration, and bad times or buffers', () => {
    const options = { clipA, clipB, rest, fadeStartSeconds: 0, clock: CrossfadeClock.SEPARATE };
    for (const duration of [0, -1, Number.NaN, Infinity]) {
      expect(() => createCrossfade({ ...options, fadeDurationSeconds: duration })).toThrow(SetupError);
      expect(() => createCrossfade({ ...options, fadeDurationSeconds: duration })).toThrow(
        `createCrossfade: the fade duration must be a positive number of seconds, got ${duration}`,
      );
    }
    expect(() => createCrossfade({ ...options, fadeStartSeconds: Number.NaN, fadeDurationSeconds: 1 })).toThrow(/fade start must be a finite/);
    const still = clipOf('still', [track(0, TrackPath.TRANSLATION, [0], [1, 2, 3])]);
    expect(() => createCrossfade({ ...options, clipB: still, fadeDurationSeconds: 1, clock: CrossfadeClock.SYNCHRONISED })).toThrow(
      'createCrossfade: a synchronised crossfade needs clips that last; "still" lasts 0 s',
    );
    expect(() => sampleCrossfade(createPose(1), fade, Number.NaN)).toThrow(/sampleCrossfade: the time must be a finite number of seconds, got NaN/);
    expect(() => sampleCrossfade(createPose(2), fade, 1)).toThrow(/blendPoses: poseA has 1 nodes, out has 2/);
  });
});

describe('synchronised crossfades', () => {
  // Walk (1.2 s) into a hand-built 2 s clip whose only track moves the mesh node's x by 1 m per
  // second, so the node's x in clip B is the time B was sampled at.
  const meshNode = nodeNamed('mannequin');
  const clock = clipOf('clock', [track(meshNode, TrackPath.TRANSLATION, [0, 2], [0, 0, 0, 2, 0, 0])]);
  const start = 0.6;
  const length = 1;
  const fade = createCrossfade({ clipA: walk, clipB: clock, rest: mannequin.hierarchy.rest, fadeStartSeconds: start, fadeDurationSeconds: length, clock: CrossfadeClock.SYNCHRONISED });

  it('advances the phase at 1 / 1.2 s before the fade, 1 / 2 s after it, and by the closed form in between', () => {
    expect(synchronisedPhase(0.3, start, length, 1.2, 2)).toBeCloseTo(0.25, 12);
    // Fade start: 0.6 / 1.2 = 0.5. Fade end: 0.5 + 1 / (2 − 1.2) · ln(2 / 1.2) = 0.5 + 1.25 · 0.5108256.
    expect(synchronisedPhase(0.6, start, length, 1.2, 2)).toBeCloseTo(0.5, 12);
    expect(synchronisedPhase(1.6, start, length, 1.2, 2)).toBeCloseTo(1.138532, 6);
    // Half-way (D = 1.6 s): 0.5 + 1.25 · ln(1.6 / 1.2) = 0.5 + 1.25 · 0.2876821.
    expect(synchronisedPhase(1.1, start, length, 1.2, 2)).toBeCloseTo(0.8596026, 6);
    expect(synchronisedPhase(2.6, start, length, 1.2, 2)).toBeCloseTo(1.138532 + 0.5, 6);
    // Equal durations: the plain t / duration, through the limit of the closed form.
    expect(synchronisedPhase(1.3, start, length, 1.2, 1.2)).toBeCloseTo(1.3 / 1.2, 12);
    expect(synchronisedPhase(1.3, start, length, 1.2, 1.2 * (1 + 1e-12))).toBeCloseTo(1.3 / 1.2, 9);
  });

  it('matches a numerical integral of the blended playback rate 1 / ((1 − w)·1.2 + w·2)', () => {
    for (const time of [0.7, 1.0, 1.45, 1.6, 2.2]) {
      const steps = 200_000;
      let phase = 0;
      for (let s = 0; s < steps; s++) {
        const t = ((s + 0.5) / steps) * time; // midpoint rule
        const w = Math.min(Math.max((t - start) / length, 0), 1);
        phase += time / steps / ((1 - w) * 1.2 + w * 2);
      }
      expect(synchronisedPhase(time, start, length, 1.2, 2), `${time} s`).toBeCloseTo(phase, 8);
    }
  });

  it('samples the walk at φ × 1.2 s and the hand-built clip at φ × 2 s', () => {
    const out = createPose(nodeCount);
    for (const time of [0.3, 0.6, 0.85, 1.1, 1.6, 2.3]) {
      sampleCrossfade(out, fade, time);
      const phase = synchronisedPhase(time, start, length, walk.duration, 2);
      expect(fade.phase).toBe(phase);
      expectClose(fade.timeA, phase * walk.duration, 1e-12);
      expect(fade.timeB).toBe(phase * 2);
      const weight = crossfadeWeight(time, start, length);
      // Clip B's clock, read back from the pose: x = B's time, looped into [0, 2).
      const timeB = (phase * 2) % 2;
      expectClose(out.translations[3 * meshNode], weight * timeB, 2e-6, `${time} s: the mesh node's x`);
      // Every other node: the walk at φ × 1.2 s, blended with the rest pose that clip B leaves there.
      const expected = blendPoses(createPose(nodeCount), sampled(walk, phase * walk.duration), sampled(clock, phase * 2), weight);
      expectClose(out.rotations, expected.rotations, 1e-6, `${time} s`);
    }
    // Hand values: at the fade's middle (1.1 s) B is sampled at 2 × 0.8596026 = 1.7192052 s…
    sampleCrossfade(out, fade, 1.1);
    expectClose(out.translations[3 * meshNode], 0.5 * 1.7192052, 2e-6);
    // …and at its end (1.6 s) at 2 × 1.138532 = 2.277064 s, which loops to 0.277064 s.
    sampleCrossfade(out, fade, 1.6);
    expectClose(out.translations[3 * meshNode], 0.277064, 2e-6);
  });

  it('blends a walk with a faster copy of itself into the walk at one phase: no pose the walk does not have', () => {
    const fast = spedUp(walk, 1.5);
    const walkFade = createCrossfade({ clipA: walk, clipB: fast, rest: mannequin.hierarchy.rest, fadeStartSeconds: 0.6, fadeDurationSeconds: 1.2, clock: CrossfadeClock.SYNCHRONISED });
    const out = createPose(nodeCount);
    for (let time = 0; time <= 3; time += 0.1) {
      sampleCrossfade(out, walkFade, time);
      const walkAtPhase = sampled(walk, walkFade.phase * walk.duration);
      expectClose(out.translations, walkAtPhase.translations, 1e-5, `${time} s`);
      for (let i = 0; i < nodeCount; i++) expectSameRotation(rotationOf(out, i), rotationOf(walkAtPhase, i), 1e-5, `${time} s, node ${i}`);
    }
  });
});

describe('additive layers', () => {
  const random = seededRandom(11);

  it('applying delta(pose, reference) with weight 1 to the reference gives the pose back', () => {
    for (let trial = 0; trial < 20; trial++) {
      const pose = randomPose(random, 8);
      const reference = randomPose(random, 8);
      const delta = makeAdditivePose(createPose(8), pose, reference);
      const back = applyAdditivePose(createPose(8), reference, delta, 1);
      expectClose(back.translations, pose.translations, 1e-6);
      expectClose(back.scales, pose.scales, 1e-6);
      for (let i = 0; i < 8; i++) expectSameRotation(rotationOf(back, i), rotationOf(pose, i), 1e-6);
    }
  });

  it('weight 0 gives the base exactly', () => {
    const base = randomPose(random, 8);
    const delta = makeAdditivePose(createPose(8), randomPose(random, 8), randomPose(random, 8));
    expect(applyAdditivePose(createPose(8), base, delta, 0)).toEqual(base);
  });

  it('a 90° delta about Z on a 30° base: 120° at weight 1, 75° at weight 0.5', () => {
    const reference = poseOf([1, 1, 1], [0, 0, 0, 1], [2, 2, 2]);
    const pose = poseOf([1, 3, 1], axisAngle(...Z, 90 * DEGREES), [3, 2, 1]);
    const delta = makeAdditivePose(createPose(1), pose, reference);
    expectClose(delta.translations, [0, 2, 0]);
    expectClose(delta.rotations, [0, 0, Math.SQRT1_2, Math.SQRT1_2], 1e-7);
    expectClose(delta.scales, [1.5, 1, 0.5]);
    const base = poseOf([5, 0, 0], axisAngle(...Z, 30 * DEGREES), [4, 4, 4]);
    const full = applyAdditivePose(createPose(1), base, delta, 1);
    // 120° about Z: [0, 0, sin 60°, cos 60°].
    expectClose(full.rotations, [0, 0, 0.8660254, 0.5], 1e-7);
    expectClose(full.translations, [5, 2, 0]);
    expectClose(full.scales, [6, 4, 2]);
    const half = applyAdditivePose(createPose(1), base, delta, 0.5);
    // 30° + 45° = 75° about Z: [0, 0, sin 37.5°, cos 37.5°].
    expectClose(half.rotations, [0, 0, 0.6087614, 0.7933533], 1e-7);
    expectClose(half.translations, [5, 1, 0]);
    // Scale ratio lerped from 1: 4 · (1 + 0.5 · (1.5 − 1)) = 5.
    expectClose(half.scales, [5, 4, 3]);
  });

  it('takes the delta on the right, q_ref⁻¹·q, and applies it as base·delta: about the bone\'s own axes', () => {
    // Reference 30° about Z, pose 120° about Z: the delta is 90° about Z.
    const delta = makeAdditivePose(createPose(1), poseOf([0, 0, 0], axisAngle(...Z, 120 * DEGREES), [1, 1, 1]), poseOf([0, 0, 0], axisAngle(...Z, 30 * DEGREES), [1, 1, 1]));
    expectClose(delta.rotations, axisAngle(...Z, 90 * DEGREES), 1e-7);
    // On a base turned 90° about X: base·delta = (√½, 0, 0, √½)·(0, 0, √½, √½). By hand,
    // w = ½ − 0 and v = √½·(0, 0, √½) + √½·(√½, 0, 0) + (√½, 0, 0) × (0, 0, √½) = (½, −½, ½).
    const out = applyAdditivePose(createPose(1), poseOf([0, 0, 0], axisAngle(...X, 90 * DEGREES), [1, 1, 1]), delta, 1);
    expectClose(out.rotations, [0.5, -0.5, 0.5, 0.5], 1e-7);
    // The other side, delta·base, would be (½, ½, ½, ½): a different rotation.
    expect(Math.abs(out.rotations[1] - 0.5)).toBeGreaterThan(0.9);
  });

  it('accepts out as an input (aliasing)', () => {
    const pose = randomPose(random, 6);
    const reference = randomPose(random, 6);
    const delta = makeAdditivePose(createPose(6), pose, reference);
    const intoPose = clonePose(pose);
    expect(makeAdditivePose(intoPose, intoPose, reference)).toEqual(delta);
    const intoReference = clonePose(reference);
    expect(makeAdditivePose(intoReference, pose, intoReference)).toEqual(delta);
    const base = randomPose(random, 6);
    const expected = applyAdditivePose(createPose(6), base, delta, 0.4);
    const intoBase = clonePose(base);
    expect(applyAdditivePose(intoBase, intoBase, delta, 0.4)).toEqual(expected);
    const intoDelta = clonePose(delta);
    expect(applyAdditivePose(intoDelta, base, intoDelta, 0.4)).toEqual(expected);
  });

  it('allocates nothing when applying a layer', () => {
    const base = randomPose(random, 20);
    const delta = makeAdditivePose(createPose(20), randomPose(random, 20), randomPose(random, 20));
    const out = createPose(20);
    const weights = boxedNumbers(Array.from({ length: 10 }, (_, i) => i / 9));
    // As for blendPoses: nothing but, perhaps, one boxed weight per node passed to slerpQuatAt.
    expect(newSpaceGrowth((i) => applyAdditivePose(out, base, delta, weights[i % 10]), 5_000) / 5_000).toBeLessThan(16 * 20);
  });

  describe('the wave on top of the walk, the wave\'s first frame as the reference', () => {
    const waveStart = sampled(wave, 0);
    const upperArm = nodeNamed('upper_arm.R');
    const hand = nodeNamed('hand.R');
    /** The right hand's world position (metres, Y up). */
    const handAt = (pose: Pose) => {
      const globals = createMatrices(nodeCount);
      localToGlobal(globals, mannequin.hierarchy.parents, composeLocal(globals, pose));
      return Array.from(globals.subarray(16 * hand + 12, 16 * hand + 15));
    };
    const layered = (time: number, reference: Pose, weight = 1) => {
      const delta = makeAdditivePose(createPose(nodeCount), sampled(wave, time), reference);
      return applyAdditivePose(createPose(nodeCount), sampled(walk, time), delta, weight);
    };

    it('adds nothing at the wave\'s first frame, and nothing to the nodes the wave holds still', () => {
      const out = layered(0, waveStart);
      expectClose(out.translations, sampled(walk, 0).translations, 1e-6);
      for (let i = 0; i < nodeCount; i++) expectSameRotation(rotationOf(out, i), rotationOf(sampled(walk, 0), i), 1e-6, `node ${i}`);
      // The legs are still tracks in the wave: the walk's legs go on unchanged all through it.
      const later = layered(1.4, waveStart);
      for (const name of ['upper_leg.L', 'lower_leg.R', 'foot.L', 'hips']) {
        expectSameRotation(rotationOf(later, nodeNamed(name)), rotationOf(sampled(walk, 1.4), nodeNamed(name)), 1e-6, name);
      }
    });

    it('turns the right arm by the wave\'s own turn on top of the walk\'s (gl-matrix reference)', () => {
      for (const time of [0.5, 1.2, 1.9]) {
        const walkArm = quat.clone(rotationOf(sampled(walk, time), upperArm) as unknown as quat);
        const waveArm = rotationOf(sampled(wave, time), upperArm) as unknown as quat;
        const startArm = rotationOf(waveStart, upperArm) as unknown as quat;
        const expected = quat.multiply(quat.create(), walkArm, quat.multiply(quat.create(), quat.invert(quat.create(), startArm), waveArm));
        expectSameRotation(rotationOf(layered(time, waveStart), upperArm), expected, 1e-6, `${time} s`);
      }
    });

    it('raises the walking figure\'s right hand as the wave does, while the rest pose as reference would not', () => {
      // The wave's arm peaks around 1.5 s: the walking hand goes up by tens of centimetres.
      const walkHand = handAt(sampled(walk, 1.5));
      const wavingHand = handAt(layered(1.5, waveStart));
      expect(wavingHand[1] - walkHand[1]).toBeGreaterThan(0.3);
      // The rest pose is the T-pose: its delta also holds "arms down from horizontal", which the
      // walk's arms already are, so they would be lowered twice — at the wave's first frame, where
      // nothing should change, the hand is already thrown far from where the walk holds it.
      const restReferenced = handAt(layered(0, mannequin.hierarchy.rest));
      const walkStart = handAt(sampled(walk, 0));
      expect(Math.hypot(...restReferenced.map((v, c) => v - walkStart[c]))).toBeGreaterThan(0.3);
    });
  });

  it('throws a clear error for a weight outside [0, 1], poses of different sizes and a zero reference scale', () => {
    const base = createPose(2);
    const delta = createPose(2);
    for (const weight of [Number.NaN, -0.5, 1.5]) {
      expect(() => applyAdditivePose(createPose(2), base, delta, weight)).toThrow(`applyAdditivePose: the weight must be a number in [0, 1], got ${weight}`);
    }
    expect(() => applyAdditivePose(createPose(2), base, createPose(3), 0.5)).toThrow(/applyAdditivePose: delta has 3 nodes, out has 2/);
    expect(() => makeAdditivePose(createPose(2), createPose(1), createPose(2))).toThrow(/makeAdditivePose: pose has 1 nodes, outDelta has 2/);
    const flat = createPose(2);
    flat.scales[4] = 0;
    expect(() => makeAdditivePose(createPose(2), createPose(2), flat)).toThrow('makeAdditivePose: referencePose scales node 1 by 0, which no ratio can undo');
  });
});

describe('foot sliding', () => {
  // A treadmill biped: a root and two feet that are points. Each foot, over a 1 s cycle, stands
  // for half a cycle, sliding back at a constant 2 · 0.6 m / 1 s = 1.2 m/s from z = +0.3 to −0.3,
  // then swings forward through the air (0.1 m up at the middle of the swing). Walking it over
  // ground at 1.2 m/s plants the standing foot exactly.
  const STRIDE = 0.6;
  const CYCLE = 1;
  const GROUND_SPEED = (2 * STRIDE) / CYCLE;
  const biped: Hierarchy = {
    count: 3,
    parents: new Int16Array([-1, 0, 0]),
    names: ['root', 'foot.L', 'foot.R'],
    sourceIndex: new Int32Array([0, 1, 2]),
    rest: createPose(3),
  };
  const half = STRIDE / 2;
  const stride = clipOf('stride', [
    // Left: stands from 0 to 0.5 s, swings from 0.5 to 1 s.
    track(1, TrackPath.TRANSLATION, [0, 0.5, 0.75, 1], [0, 0, half, 0, 0, -half, 0, 0.1, 0, 0, 0, half]),
    // Right: swings from 0 to 0.5 s, stands from 0.5 to 1 s.
    track(2, TrackPath.TRANSLATION, [0, 0.25, 0.5, 1], [0, 0, -half, 0, 0.1, 0, 0, 0, half, 0, 0, -half]),
  ]);
  const feet: FootPoint[] = [{ joint: 'foot.L' }, { joint: 'foot.R' }];
  /** The stream plus the distance walked, `distance(t)` metres along +Z, on the root. */
  const walked = (stream: PoseStream, distance: (t: number) => number): PoseStream => (out, t) => {
    stream(out, t);
    out.translations[2] += distance(t);
    return out;
  };
  const cursor = createClipCursor(2);
  const inPlace: PoseStream = (out, t) => sampleClip(out, stride, biped.rest, t, Playback.LOOP, cursor);

  it('in place, the standing foot is the lowest and moves back at the walking speed', () => {
    const trace = traceFootSliding(inPlace, biped, feet, 0, 1, 201);
    for (const [time, foot] of [[0.2, 0], [0.4, 0], [0.6, 1], [0.9, 1]] as const) {
      const s = Math.round(time * 200);
      expect(trace.lowest[s], `${time} s`).toBe(foot);
      expectClose(trace.heights[s], 0, 1e-7);
      expectClose([trace.velocities[2 * s], trace.velocities[2 * s + 1]], [0, -GROUND_SPEED], 1e-4, `${time} s`);
      expectClose(trace.speeds[s], GROUND_SPEED, 1e-4);
    }
  });

  it('walked over the ground at that speed, the standing foot stays put: a slide of one step at each change of foot', () => {
    const trace = traceFootSliding(walked(inPlace, (t) => GROUND_SPEED * t), biped, feet, 0, 1, 201);
    const still = Array.from(trace.speeds).filter((speed) => speed < 1e-3).length;
    expect(still).toBeGreaterThanOrEqual(197);
    // The sample after a change of foot measures the newly standing foot's last step of swing: at
    // most 2.4 m/s (1.2 m/s forward over the body, which moves at 1.2 m/s) × 5 ms = 0.012 m each,
    // at 0, 0.5 and 1 s.
    expect(footSlideDistance(trace)).toBeLessThan(0.037);
  });

  // Crossfade the stride into itself 1.5 times faster, half a cycle out of step (the fade starts
  // at 0.5 s), over 1 s. The ground speed follows the blend: in a synchronised blend each clip
  // covers one stride pair per cycle, so the distance is 2 · 0.6 m per unit of phase; with
  // separate clocks the speed is blended linearly, 1.2 → 1.8 m/s.
  const fast = spedUp(stride, 1.5);
  const start = 0.5;
  const length = 1;
  const slideOf = (clock: CrossfadeClock) => {
    const fade = createCrossfade({ clipA: stride, clipB: fast, rest: biped.rest, fadeStartSeconds: start, fadeDurationSeconds: length, clock });
    const distance =
      clock === CrossfadeClock.SYNCHRONISED
        ? (t: number) => 2 * STRIDE * synchronisedPhase(t, start, length, CYCLE, CYCLE / 1.5)
        : (t: number) => {
            const faded = Math.min(Math.max(t - start, 0), length);
            return GROUND_SPEED * t + 0.5 * GROUND_SPEED * (faded * faded / (2 * length) + Math.max(t - start - length, 0));
          };
    return traceFootSliding(walked((out, t) => sampleCrossfade(out, fade, t), distance), biped, feet, start, start + length, 401);
  };

  it('slides far less through a synchronised crossfade than with each clip on its own clock', () => {
    const synchronised = slideOf(CrossfadeClock.SYNCHRONISED);
    const separate = slideOf(CrossfadeClock.SEPARATE);
    // Measured: 0.0029 m synchronised (one sample at a change of foot) against 0.572 m with
    // separate clocks, where the standing foot skates at up to 2.6 m/s.
    expect(footSlideDistance(synchronised)).toBeLessThan(0.01);
    expect(footSlideDistance(separate)).toBeGreaterThan(0.4);
    // Out of step, the blended feet also leave the ground together (1.8 cm at most, measured);
    // in step, one of them is always down.
    expect(Math.max(...separate.heights)).toBeGreaterThan(0.01);
    expect(Math.max(...synchronised.heights)).toBeLessThan(1e-6);
  });

  it('follows a heel and a toe on the mannequin: its walk, crossfaded with separate clocks, lifts both feet', () => {
    // Heel and toe of each sole, placed in the foot joint's space with its inverse bind matrix
    // (bind positions from tools/models/catalogue/mannequin.ts: heel 0.075 m behind the ankle,
    // toe 0.2 m ahead, sole at y = 0; the figure faces +Z, its left at +X).
    const skin = mannequin.skins[0];
    const soles: FootPoint[] = [];
    for (const [name, x] of [['foot.L', 0.1], ['foot.R', -0.1]] as const) {
      const joint = Array.from(skin.joints).indexOf(nodeNamed(name));
      for (const z of [-0.075, 0.2]) {
        const offset = transformPointAt(new Float32Array(3), 0, skin.inverseBindMatrices, 16 * joint, new Float32Array([x, 0, z]), 0);
        soles.push({ joint: name, offset: [offset[0], offset[1], offset[2]] });
      }
    }
    const fast = spedUp(walk, 1.5);
    const heightOf = (clock: CrossfadeClock) => {
      const fade = createCrossfade({ clipA: walk, clipB: fast, rest: mannequin.hierarchy.rest, fadeStartSeconds: 0.6, fadeDurationSeconds: 1.2, clock });
      return Math.max(...traceFootSliding((out, t) => sampleCrossfade(out, fade, t), mannequin.hierarchy, soles, 0.6, 1.8, 241).heights);
    };
    // Measured: the lowest sole point stays within 0.7 cm of the ground when synchronised, and
    // rises 1.5 cm when the two walks are blended half a cycle out of step.
    expect(heightOf(CrossfadeClock.SYNCHRONISED)).toBeLessThan(0.01);
    expect(heightOf(CrossfadeClock.SEPARATE)).toBeGreaterThan(0.012);
  });

  it('throws a clear error for unknown joints, too few samples and times that do not run forward', () => {
    expect(() => traceFootSliding(inPlace, biped, [{ joint: 'toe' }], 0, 1, 10)).toThrow('traceFootSliding: the hierarchy has no node named "toe"');
    expect(() => traceFootSliding(inPlace, biped, [], 0, 1, 10)).toThrow(/give 1 to 255 foot points, got 0/);
    expect(() => traceFootSliding(inPlace, biped, feet, 0, 1, 1)).toThrow(/sample count must be an integer ≥ 2, got 1/);
    expect(() => traceFootSliding(inPlace, biped, feet, 1, 1, 10)).toThrow(/end after the start, got 1 to 1 s/);
    expect(() => traceFootSliding(inPlace, biped, feet, 0, Number.NaN, 10)).toThrow(RangeError);
  });
});

describe('blending pitfalls', () => {
  const identity = axisAngle(...Z, 0);
  const quarter = axisAngle(...Z, 90 * DEGREES);
  /** Local matrices of one node per rotation, unit translation along Y and unit scale. */
  const localsOf = (...rotations: Float32Array[]) => {
    const locals = createMatrices(rotations.length);
    rotations.forEach((q, i) => locals.set(mat4.fromRotationTranslation(mat4.create(), q, [0, 1, 0]), 16 * i));
    return locals;
  };
  const rotationBlock = (m: Float32Array) => mat3.fromMat4(mat3.create(), m as unknown as mat4);

  it('blending matrices element-wise shrinks the bone: 0° and 90° about Z at 0.5 give a determinant of cos² 45° = 0.5', () => {
    const out = blendMatricesElementWise(createMatrices(1), localsOf(identity), localsOf(quarter), 0.5);
    // ½(I + Rz(90°)): columns (½, ½, 0), (−½, ½, 0), (0, 0, 1).
    expectClose(Array.from(rotationBlock(out)), [0.5, 0.5, 0, -0.5, 0.5, 0, 0, 0, 1], 1e-7);
    expectClose(mat3.determinant(rotationBlock(out)), 0.5, 1e-7);
    // Each in-plane column has length cos 45°: a child one unit along the bone lands 0.7071 away.
    expectClose(Math.hypot(out[0], out[1], out[2]), Math.SQRT1_2, 1e-7);
    const child = transformPointAt(new Float32Array(3), 0, out, 0, new Float32Array([0, 1, 0]), 0);
    expectClose(Math.hypot(child[0], child[1] - out[13], child[2]), Math.SQRT1_2, 1e-7);
    // The pose blend keeps the bone whole: 45° about Z, determinant 1.
    const right = composeLocal(createMatrices(1), blendPoses(createPose(1), poseOf([0, 1, 0], identity, [1, 1, 1]), poseOf([0, 1, 0], quarter, [1, 1, 1]), 0.5));
    expectClose(mat3.determinant(rotationBlock(right)), 1, 1e-6);
    // Two rotations 180° apart cancel: the in-plane block vanishes.
    const opposite = blendMatricesElementWise(createMatrices(1), localsOf(identity), localsOf(axisAngle(...Z, Math.PI)), 0.5);
    expectClose([opposite[0], opposite[1], opposite[4], opposite[5]], [0, 0, 0, 0], 1e-7);
  });

  it('blending matrices element-wise is exact at the ends, accepts out as an input, and checks its input', () => {
    const a = localsOf(identity, quarter);
    const b = localsOf(quarter, identity);
    expect(blendMatricesElementWise(createMatrices(2), a, b, 0)).toEqual(a);
    expect(blendMatricesElementWise(createMatrices(2), a, b, 1)).toEqual(b);
    const expected = blendMatricesElementWise(createMatrices(2), a, b, 0.25);
    const intoA = a.slice();
    expect(blendMatricesElementWise(intoA, intoA, b, 0.25)).toEqual(expected);
    expect(() => blendMatricesElementWise(createMatrices(2), a, b, Number.NaN)).toThrow('blendMatricesElementWise: the weight must be a number in [0, 1], got NaN');
    expect(() => blendMatricesElementWise(createMatrices(2), a, createMatrices(1), 0.5)).toThrow(/same number of 4×4 matrices, got 32, 32 and 16 floats/);
  });

  it('lerping rotations without normalising turns 38.8° instead of 45° and keeps 0.963 of the bone, half-way from 0° to 90°', () => {
    const out = blendPosesWithoutNormalizing(createPose(1), poseOf([0, 1, 0], identity, [1, 1, 1]), poseOf([0, 1, 0], quarter, [1, 1, 1]), 0.5);
    // The quaternion is (identity + q90) / 2, of length cos 22.5°.
    expectClose(Math.hypot(...rotationOf(out)), Math.cos(22.5 * DEGREES), 1e-7);
    // composeTRSAt of k·q (q unit) is (1 − k²)·I + k²·Rz(45°), k² = cos² 22.5° = (1 + cos 45°) / 2.
    const k2 = (1 + Math.SQRT1_2) / 2;
    const column = [1 - k2 + k2 * Math.SQRT1_2, k2 * Math.SQRT1_2];
    const local = composeLocal(createMatrices(1), out);
    expectClose([local[0], local[1]], column, 1e-6);
    expectClose(Math.hypot(local[0], local[1]), 0.9626924, 1e-6);
    expectClose((Math.atan2(local[1], local[0]) * 180) / Math.PI, 38.82495, 1e-4);
    // Ends exact, translation and scale as blendPoses; the same checks.
    expect(blendPosesWithoutNormalizing(createPose(1), poseOf([0, 0, 0], identity, [1, 1, 1]), poseOf([2, 0, 0], quarter, [3, 3, 3]), 1)).toEqual(poseOf([2, 0, 0], quarter, [3, 3, 3]));
    expect(() => blendPosesWithoutNormalizing(createPose(1), createPose(1), createPose(2), 0.5)).toThrow(/blendPosesWithoutNormalizing: poseB has 2 nodes, out has 1/);
    expect(() => blendPosesWithoutNormalizing(createPose(1), createPose(1), createPose(1), 2)).toThrow(/the weight must be a number in \[0, 1\], got 2/);
  });
});
