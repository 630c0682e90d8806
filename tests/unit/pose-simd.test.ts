// The WebAssembly SIMD pose kernel (src/core/fast/pose-simd.ts) against the JavaScript player it must
// equal: every project model and clip, playback, seeks, looping and clamping, odd times, clip
// switches, hand-set poses, a global inverse, and a hand-made model full of edge cases — with and
// without fused multiply-add.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mat4 } from 'gl-matrix';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { animateFrame, createPlayer, Playback, wrapClipTime, type Player } from '../../src/core/index.ts';
import { Interpolation, TrackPath, createPose, type Model, type Track } from '../../src/core/model.ts';
import { createSimdPlayer, simdPoseModuleSize, wrapTimeInPlace, type SimdPlayer } from '../../src/core/fast/pose-simd.ts';
import { localToGlobal } from '../../src/core/hierarchy.ts';
import { composeLocal } from '../../src/core/pose.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { newSpaceGrowth, poseAt, randomIn, randomMat4, randomUnitQuat, seededRandom } from './helpers.ts';

const MODELS_DIRECTORY = fileURLToPath(new URL('../../public/models/', import.meta.url));
const MODEL_FILES = readdirSync(MODELS_DIRECTORY).filter((file) => file.endsWith('.glb')).sort();

/** Allowed difference, as a fraction of the largest magnitude in the array compared (at least 1). */
const RELATIVE_TOLERANCE = 2e-6;
/**
 * Chains up to this many nodes deep get RELATIVE_TOLERANCE as it is; deeper ones (tentacle.glb:
 * 300) get it times √(depth / this), as float32 rounding piles up like a random walk, one
 * matrix product per level.
 */
const TOLERATED_DEPTH = 16;

const tolerances = new WeakMap<Model, number>();

/** RELATIVE_TOLERANCE for `model`, widened for hierarchies deeper than TOLERATED_DEPTH. */
function toleranceFor(model: Model): number {
  const known = tolerances.get(model);
  if (known !== undefined) return known;
  const { parents } = model.hierarchy;
  let deepest = 0;
  for (let node = 0; node < parents.length; node++) {
    let depth = 1;
    for (let ancestor = parents[node]; ancestor >= 0 && depth <= parents.length; ancestor = parents[ancestor]) depth++;
    deepest = Math.max(deepest, depth);
  }
  const tolerance = RELATIVE_TOLERANCE * Math.sqrt(Math.max(1, deepest / TOLERATED_DEPTH));
  tolerances.set(model, tolerance);
  return tolerance;
}

const VARIANTS = [
  { label: 'fused multiply-add', fusedMultiplyAdd: true },
  { label: 'multiply then add', fusedMultiplyAdd: false },
];

function simdPlayerOf(model: Model, fusedMultiplyAdd: boolean): SimdPlayer {
  const player = createSimdPlayer(model, { fusedMultiplyAdd });
  if (player === null) throw new Error('WebAssembly SIMD is unavailable in this runtime');
  expect(player.fusedMultiplyAdd).toBe(fusedMultiplyAdd);
  return player;
}

/** The largest |a[i] − b[i]| relative to max(1, largest |b[i]|); NaN anywhere gives Infinity. */
function relativeDeviation(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let scale = 1, worst = 0;
  for (let i = 0; i < b.length; i++) scale = Math.max(scale, Math.abs(b[i]));
  for (let i = 0; i < b.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= worst)) worst = Number.isNaN(d) ? Infinity : d;
  }
  return worst / scale;
}

/** Asserts that the SIMD player's state equals the JavaScript player's after the same call. */
function expectSame(simd: SimdPlayer, reference: Player, label: string): void {
  const tolerance = toleranceFor(reference.model);
  expect(relativeDeviation(simd.globals, reference.globals), `${label}: globals`).toBeLessThanOrEqual(tolerance);
  reference.palettes.forEach((palette, s) =>
    expect(relativeDeviation(simd.palettes[s], palette), `${label}: palette ${s}`).toBeLessThanOrEqual(tolerance),
  );
}

/** Evaluates both players at `time` and compares them. */
function step(simd: SimdPlayer, reference: Player, clip: number, time: number, playback: Playback): void {
  simd.evaluate(clip, time, playback);
  poseAt(reference, clip, time, playback);
  const sampled = reference.model.clips[clip];
  const clipTime = sampled === undefined || !Number.isInteger(clip) ? 0 : wrapClipTime(time, sampled.duration, playback);
  expect(simd.clipIndex, 'clipIndex').toBe(sampled === undefined || !Number.isInteger(clip) ? -1 : clip);
  expect(Object.is(simd.clipTime, clipTime), `clipTime ${simd.clipTime} vs ${clipTime}`).toBe(true);
  expectSame(simd, reference, `clip ${clip} at ${time} s (${playback === Playback.LOOP ? 'loop' : 'clamp'})`);
}

/** Playback at 60 frames per second past the end, random seeks, and odd times. */
function exercise(simd: SimdPlayer, reference: Player, clip: number, duration: number, seed: number): void {
  const random = seededRandom(seed);
  const span = Math.max(duration, 0.1);
  for (let t = -0.1; t < 2.3 * span; t += 1 / 60) step(simd, reference, clip, t, Playback.LOOP);
  for (let i = 0; i < 40; i++) step(simd, reference, clip, randomIn(random, -span, 3 * span), i % 2 === 0 ? Playback.LOOP : Playback.CLAMP);
  for (let t = 1.5 * span; t > -0.2; t -= 1 / 30) step(simd, reference, clip, t, Playback.CLAMP); // backwards
  for (const t of [0, duration, -duration, 2 * duration, NaN, Infinity, -Infinity, 1e-9, duration - 1e-9]) {
    step(simd, reference, clip, t, Playback.LOOP);
    step(simd, reference, clip, t, Playback.CLAMP);
  }
}

describe('createSimdPlayer', () => {
  it('is available in Node 24, with and without fused multiply-add, and its module stays small', () => {
    const model = loadModelFile(`${MODELS_DIRECTORY}single-bone.glb`);
    for (const { fusedMultiplyAdd } of VARIANTS) expect(simdPlayerOf(model, fusedMultiplyAdd)).not.toBeNull();
    expect(simdPoseModuleSize(true)).toBeLessThan(8_192);
    expect(simdPoseModuleSize(false)).toBeLessThan(8_192);
  });

  for (const { label, fusedMultiplyAdd } of VARIANTS) {
    describe(label, () => {
      for (const file of MODEL_FILES) {
        it(`matches createPlayer on ${file}: rest pose, then every clip played, sought and clamped`, () => {
          const model = loadModelFile(`${MODELS_DIRECTORY}${file}`);
          const simd = simdPlayerOf(model, fusedMultiplyAdd);
          const reference = createPlayer(model);
          expectSame(simd, reference, 'after creation (rest pose)');
          model.clips.forEach((clip, c) => exercise(simd, reference, c, clip.duration, 17 + c));
          step(simd, reference, -1, 0.5, Playback.LOOP);
        });
      }

      it('matches createPlayer on a hand-made model full of edge cases', () => {
        const model = edgeCaseModel();
        const simd = simdPlayerOf(model, fusedMultiplyAdd);
        const reference = createPlayer(model);
        expectSame(simd, reference, 'after creation (rest pose)');
        model.clips.forEach((clip, c) => exercise(simd, reference, c, clip.duration, 101 + c));
      });

      it('matches createPlayer when tracks and clips share key arrays and clips move separate subtrees', () => {
        const model = sharedKeysModel();
        const simd = simdPlayerOf(model, fusedMultiplyAdd);
        const reference = createPlayer(model);
        expectSame(simd, reference, 'after creation (rest pose)');
        model.clips.forEach((clip, c) => exercise(simd, reference, c, clip.duration, 201 + c));
        const random = seededRandom(13);
        for (let i = 0; i < 40; i++) step(simd, reference, Math.floor(randomIn(random, -1, model.clips.length)), randomIn(random, 0, 3), Playback.LOOP);
      });

      it('switches clips, returns to the rest pose and recovers after a hand-set pose', () => {
        const model = loadModelFile(`${MODELS_DIRECTORY}mannequin.glb`);
        const simd = simdPlayerOf(model, fusedMultiplyAdd);
        const reference = createPlayer(model);
        const random = seededRandom(5);
        for (let i = 0; i < 60; i++) {
          const clip = Math.floor(randomIn(random, -1, model.clips.length));
          step(simd, reference, clip, randomIn(random, 0, 4), Playback.LOOP);
          step(simd, reference, clip, simd.time + 1 / 60, Playback.LOOP);
          if (i % 7 === 3) {
            const pose = randomPose(random, model.hierarchy.count);
            reference.pose.translations.set(pose.translations);
            reference.pose.rotations.set(pose.rotations);
            reference.pose.scales.set(pose.scales);
            animateFrame(reference, null);
            simd.updateMatrices(pose);
            expectSame(simd, reference, 'hand-set pose');
          }
        }
      });

      it('applies a global inverse (not affine), and stops when it is set back to null', () => {
        const model = loadModelFile(`${MODELS_DIRECTORY}mannequin.glb`);
        const simd = simdPlayerOf(model, fusedMultiplyAdd);
        const reference = createPlayer(model);
        const random = seededRandom(9);
        for (let i = 0; i < 30; i++) {
          const globalInverse = i % 3 === 2 ? null : randomMat4(random);
          simd.globalInverse = globalInverse;
          reference.globalInverse = globalInverse;
          step(simd, reference, 0, i / 60, Playback.LOOP);
          step(simd, reference, 0, (i + 1) / 60, Playback.LOOP);
        }
      });
    });
  }

  it('hands back the pose it sampled (readPose) and takes a hand-set one (updateMatrices)', () => {
    const model = loadModelFile(`${MODELS_DIRECTORY}mannequin.glb`);
    const simd = simdPlayerOf(model, true);
    const reference = createPlayer(model);
    const pose = createPose(model.hierarchy.count);
    for (const time of [0, 0.37, 1.1]) {
      simd.evaluate(0, time, Playback.LOOP);
      poseAt(reference, 0, time, Playback.LOOP);
      simd.readPose(pose);
      expect(relativeDeviation(pose.translations, reference.pose.translations)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
      expect(relativeDeviation(pose.rotations, reference.pose.rotations)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
      expect(relativeDeviation(pose.scales, reference.pose.scales)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
    }
    const random = seededRandom(3);
    const handSet = randomPose(random, model.hierarchy.count);
    simd.updateMatrices(handSet);
    const back = simd.readPose(createPose(model.hierarchy.count));
    expect(Array.from(back.rotations)).toEqual(Array.from(handSet.rotations));
    expect(Array.from(back.translations)).toEqual(Array.from(handSet.translations));
    expect(Array.from(back.scales)).toEqual(Array.from(handSet.scales));
  });

  it('stores each distinct key array once: clips that reuse a sampler cost a few records each, not a copy', () => {
    const keyCount = 10_000;
    const times = Float32Array.from({ length: keyCount }, (_, k) => k / 30);
    const values = new Float32Array(4 * keyCount);
    const random = seededRandom(21);
    for (let k = 0; k < keyCount; k++) values.set(randomUnitQuat(random), 4 * k);
    const modelWith = (clipCount: number, copies: boolean): Model => {
      const model = edgeCaseModel();
      model.clips = Array.from({ length: clipCount }, (_, c) => ({
        name: `clip ${c}`,
        duration: times[keyCount - 1],
        tracks: [1, 2, 3].map((node) => ({
          node, path: TrackPath.ROTATION, interpolation: Interpolation.LINEAR,
          times: copies ? times.slice() : times, values: copies ? values.slice() : values,
        })),
      }));
      return model;
    };
    const bytesOf = (model: Model) => simdPlayerOf(model, true).globals.buffer.byteLength;
    const one = bytesOf(modelWith(1, false));
    // One clip holds its keys once (not once per track): 112 bytes per rotation key.
    expect(one).toBeLessThan(112 * keyCount + 65_536 + 65_536);
    // 100 clips more: a few hundred bytes of records each.
    for (const copies of [false, true]) expect(bytesOf(modelWith(101, copies)), copies ? 'equal copies' : 'shared arrays').toBeLessThanOrEqual(one + 65_536);
  });

  it('keeps its views and allocates nothing per frame (10,000 frames)', () => {
    const model = loadModelFile(`${MODELS_DIRECTORY}mannequin.glb`);
    const simd = simdPlayerOf(model, true);
    const palette = simd.palettes[0];
    const globals = simd.globals;
    const growth = newSpaceGrowth((i) => simd.evaluate(0, i / 60, Playback.LOOP), 10_000);
    expect(growth, `${(growth / 10_000).toFixed(2)} bytes per frame`).toBeLessThan(8_000);
    expect(simd.palettes[0]).toBe(palette);
    expect(simd.globals).toBe(globals);
  });

  describe('without WebAssembly', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it('returns null, so that callers fall back to createPlayer', async () => {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', undefined);
      const fresh = await import('../../src/core/fast/pose-simd.ts');
      expect(fresh.createSimdPlayer(loadModelFile(`${MODELS_DIRECTORY}single-bone.glb`))).toBeNull();
    });
  });
});

/** A random local pose: translations in ±3, unit rotations, scales in ±[0.5, 2) (some negative). */
function randomPose(random: () => number, nodeCount: number) {
  const pose = createPose(nodeCount);
  for (let i = 0; i < nodeCount; i++) {
    for (let c = 0; c < 3; c++) {
      pose.translations[3 * i + c] = randomIn(random, -3, 3);
      pose.scales[3 * i + c] = randomIn(random, 0.5, 2) * (random() < 0.1 ? -1 : 1);
    }
    pose.rotations.set(randomUnitQuat(random), 4 * i);
  }
  return pose;
}

/** A track with `keyCount` random keys at `times` (or evenly spaced), for node `node`. */
function randomTrack(
  random: () => number,
  node: number,
  path: number,
  interpolation: number,
  times: Float32Array,
): Track {
  const width = path === TrackPath.ROTATION ? 4 : 3;
  const groups = interpolation === Interpolation.CUBICSPLINE ? 3 : 1;
  const values = new Float32Array(times.length * groups * width);
  for (let k = 0; k < times.length * groups; k++) {
    if (width === 4) values.set(randomUnitQuat(random), 4 * k);
    else for (let c = 0; c < 3; c++) values[3 * k + c] = randomIn(random, -2, 2);
  }
  return { node, path: path as Track['path'], interpolation: interpolation as Track['interpolation'], times, values };
}

/**
 * Six nodes (a root with non-uniform scale, a chain, a branch, a bone-less leaf), two skins that
 * share joints (one naming a node that does not exist, one with a non-affine inverse bind and
 * fewer inverse binds than joints), and clips with every kind of track and every kind of bad one.
 */
function edgeCaseModel(): Model {
  const random = seededRandom(2024);
  const nodeCount = 6;
  const parents = Int16Array.from([-1, 0, 1, 2, 1, -1]);
  const rest = randomPose(random, nodeCount);
  rest.scales.set([1, 1, 1], 3 * 2); // a unit scale among the others
  const globals = localToGlobal(new Float32Array(16 * nodeCount), parents, composeLocal(new Float32Array(16 * nodeCount), rest));
  const inverseOf = (node: number) => mat4.invert(mat4.create(), globals.subarray(16 * node, 16 * node + 16))!;
  const skinA = new Float32Array(16 * 4);
  [0, 1, 2, 3].forEach((node, j) => skinA.set(inverseOf(node), 16 * j));
  const skinB = new Float32Array(16 * 2);
  skinB.set(inverseOf(3), 0);
  skinB.set(randomMat4(random), 16); // not affine
  const even = (count: number, last: number) => Float32Array.from({ length: count }, (_, k) => (count === 1 ? last : (last * k) / (count - 1)));
  const uneven = Float32Array.from([0.05, 0.1, 0.4, 0.45, 1.3, 1.31, 2]);

  // Rotation keys far apart (up to 180°, with negative dot products), on a timeline shared with a translation.
  const wide = randomTrack(random, 1, TrackPath.ROTATION, Interpolation.LINEAR, even(9, 2));
  // Nearly equal rotation keys (θ → 0); keys 3 and 4 exactly equal.
  const close = randomTrack(random, 2, TrackPath.ROTATION, Interpolation.LINEAR, uneven);
  const base = randomUnitQuat(random);
  for (let k = 0; k < uneven.length; k++) {
    const nudge = k === 3 || k === 4 ? 0 : 1e-3;
    close.values.set(base.map((value) => value + randomIn(random, -nudge, nudge)), 4 * k);
  }
  // Keys stored a little off unit length, as some files do.
  const offUnit = randomTrack(random, 3, TrackPath.ROTATION, Interpolation.LINEAR, even(5, 1.5));
  for (let i = 0; i < offUnit.values.length; i++) offUnit.values[i] *= 0.9997;
  // CUBICSPLINE rotation with one degenerate (zero) key, CUBICSPLINE translation, STEP scale.
  const cubicRotation = randomTrack(random, 4, TrackPath.ROTATION, Interpolation.CUBICSPLINE, even(6, 2));
  cubicRotation.values.fill(0, 3 * 4 * 2, 3 * 4 * 3);
  const cubicTranslation = randomTrack(random, 0, TrackPath.TRANSLATION, Interpolation.CUBICSPLINE, uneven);
  const stepScale = randomTrack(random, 2, TrackPath.SCALE, Interpolation.STEP, even(4, 1.9));
  const linearScale = randomTrack(random, 0, TrackPath.SCALE, Interpolation.LINEAR, even(9, 2));
  const sharedTranslation = randomTrack(random, 1, TrackPath.TRANSLATION, Interpolation.LINEAR, even(9, 2));
  // A single key; an unknown interpolation (sampled as LINEAR); a later track on the same target wins.
  const single = randomTrack(random, 5, TrackPath.TRANSLATION, Interpolation.LINEAR, Float32Array.of(0.7));
  const unknownInterpolation = randomTrack(random, 3, TrackPath.TRANSLATION, 7, even(3, 1));
  const overridden = randomTrack(random, 4, TrackPath.TRANSLATION, Interpolation.LINEAR, even(3, 1));
  const overriding = randomTrack(random, 4, TrackPath.TRANSLATION, Interpolation.STEP, even(4, 1.2));
  // Constant tracks (every key the same): alone on its target; and after a varying track on the same target, which it overrides.
  const constant = (track: Track) => {
    const width = track.path === TrackPath.ROTATION ? 4 : 3;
    for (let i = width; i < track.values.length; i++) track.values[i] = track.values[i % width];
    return track;
  };
  const constantAlone = constant(randomTrack(random, 5, TrackPath.SCALE, Interpolation.LINEAR, even(5, 2)));
  const constantAfterVarying = constant(randomTrack(random, 0, TrackPath.SCALE, Interpolation.STEP, even(3, 1)));
  // Tracks sampleClip skips: unknown path, node out of range, no whole key; and one with fewer values than times.
  const unknownPath = randomTrack(random, 1, 5, Interpolation.LINEAR, even(3, 1));
  const missingNode = randomTrack(random, 42, TrackPath.ROTATION, Interpolation.LINEAR, even(3, 1));
  const noWholeKey: Track = { node: 2, path: TrackPath.TRANSLATION, interpolation: Interpolation.LINEAR, times: even(3, 1), values: new Float32Array(2) };
  const short = randomTrack(random, 5, TrackPath.ROTATION, Interpolation.LINEAR, even(6, 2.5));
  short.values = short.values.subarray(0, 4 * 4 + 2);

  const tracks = [
    wide, close, offUnit, cubicRotation, cubicTranslation, stepScale, linearScale, sharedTranslation,
    single, unknownInterpolation, overridden, overriding, unknownPath, missingNode, noWholeKey, short,
    constantAlone, constantAfterVarying,
  ];
  return {
    hierarchy: { count: nodeCount, parents, names: ['root', 'a', 'b', 'c', 'd', 'loose'], sourceIndex: Int32Array.from([0, 1, 2, 3, 4, 5]), rest },
    skins: [
      { name: 'four', joints: Int16Array.from([0, 1, 2, 3]), inverseBindMatrices: skinA, skeleton: 0 },
      { name: 'shared', joints: Int16Array.from([3, 99, 1]), inverseBindMatrices: skinB, skeleton: -1 },
    ],
    meshes: [],
    clips: [
      { name: 'everything', duration: 2.5, tracks },
      { name: 'one key', duration: 0, tracks: [single] },
      { name: 'nothing usable', duration: 1, tracks: [unknownPath, missingNode, noWholeKey] },
    ],
    notes: [],
  };
}

/**
 * Key arrays shared as a loader shares them, and more: a forest of 12 nodes (one with a parent
 * after it, so a root) under three skins that share joints; clips whose tracks share times and
 * values objects, hold equal copies of them, read shorter prefixes of them (values cut short), use
 * one rotation array both stepped and slerped, and one array of equal keys both as constant tracks
 * and as two tracks on one target (so not constant); and
 * varying tracks on disjoint, nested and adjacent subtrees, so that a clip moves several spans.
 */
function sharedKeysModel(): Model {
  const random = seededRandom(4242);
  const nodeCount = 12;
  //                          0   1  2  3  4  5   6  7  8  9  10  11
  const parents = Int16Array.from([-1, 0, 1, 1, 0, 4, -1, 6, 7, 6, 11, 9]);
  const rest = randomPose(random, nodeCount);
  const globals = localToGlobal(new Float32Array(16 * nodeCount), parents, composeLocal(new Float32Array(16 * nodeCount), rest));
  const inverseBinds = (joints: number[]) => {
    const matrices = new Float32Array(16 * joints.length);
    joints.forEach((node, j) => matrices.set(mat4.invert(mat4.create(), globals.subarray(16 * node, 16 * node + 16))!, 16 * j));
    return matrices;
  };
  const skinJoints = [[0, 1, 2, 3, 4, 5], [5, 2, 8, 10, 11, 7], [11, 3, 9, 1, 6]];
  const even = (count: number, last: number) => Float32Array.from({ length: count }, (_, k) => (last * k) / (count - 1));
  const times = even(7, 2);
  const rotation = randomTrack(random, 2, TrackPath.ROTATION, Interpolation.LINEAR, times);
  const translation = randomTrack(random, 5, TrackPath.TRANSLATION, Interpolation.LINEAR, times);
  const cubic = randomTrack(random, 8, TrackPath.SCALE, Interpolation.CUBICSPLINE, even(5, 1.5));
  const constantValues = new Float32Array(3 * times.length).map((_, i) => [1.5, 0.5, 2][i % 3]);
  const on = (track: Track, node: number, change: Partial<Track> = {}): Track => ({ ...track, node, ...change });
  const clips = [
    {
      name: 'shared objects, several spans',
      tracks: [
        rotation, on(rotation, 3), on(rotation, 7), on(rotation, 10), translation, on(translation, 9),
        cubic, on(cubic, 11), on(translation, 0, { path: TrackPath.SCALE, values: constantValues }),
        on(rotation, 4, { interpolation: Interpolation.STEP }),
      ],
    },
    {
      name: 'equal copies and shorter prefixes',
      tracks: [
        on(rotation, 11, { times: times.slice(), values: rotation.values.slice() }),
        on(rotation, 5, { values: rotation.values.subarray(0, 4 * 4) }),
        on(translation, 1, { times: times.slice(), values: translation.values.subarray(0, 3 * 3 + 2) }),
        on(translation, 6, { path: TrackPath.SCALE, values: constantValues }),
        on(translation, 7, { path: TrackPath.SCALE, values: constantValues, times: times.slice() }),
        on(translation, 7, { path: TrackPath.SCALE, values: constantValues, interpolation: Interpolation.STEP }),
        on(translation, 8, { path: TrackPath.SCALE, values: constantValues, interpolation: Interpolation.STEP }),
        on(cubic, 2, { values: cubic.values.slice() }),
      ],
    },
    { name: 'the same arrays again, one node', tracks: [on(rotation, 10), on(translation, 10)] },
  ];
  return {
    hierarchy: { count: nodeCount, parents, names: Array.from({ length: nodeCount }, () => ''), sourceIndex: Int32Array.from({ length: nodeCount }, (_, i) => i), rest },
    skins: skinJoints.map((joints, s) => ({ name: `skin ${s}`, joints: Int16Array.from(joints), inverseBindMatrices: inverseBinds(joints), skeleton: -1 })),
    meshes: [],
    clips: clips.map((clip) => ({ ...clip, duration: Math.max(...clip.tracks.map((track) => track.times[track.times.length - 1])) })),
    notes: [],
  };
}

describe('wrapTimeInPlace', () => {
  it('maps any time to clip time exactly as wrapClipTime does, through the holder field', () => {
    const random = seededRandom(77);
    const durations = [1, 0.7, 2.5, 1 / 3, 0, -1, NaN, Infinity];
    const times = [0, 0.3, 1, 2.5, -0.25, -3, 7.5, 1e9, -1e-17, NaN, Infinity, -Infinity, ...Array.from({ length: 40 }, () => randomIn(random, -10, 10))];
    for (const duration of durations) {
      const clip = { name: 'c', duration, tracks: [] };
      for (const time of times) {
        for (const playback of [Playback.LOOP, Playback.CLAMP]) {
          const holder = { time };
          wrapTimeInPlace(holder, clip, playback);
          const expected = wrapClipTime(time, duration, playback);
          expect(Object.is(holder.time, expected), `t = ${time}, d = ${duration}, ${playback}: ${holder.time} vs ${expected}`).toBe(true);
        }
      }
    }
  });
});
