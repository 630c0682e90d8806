// Assertions shared by the reader's tests: every builder-made model is read both as .gltf and as
// .glb, and the two must agree — on the Model, or on the exact error.

import { expect } from 'vitest';
import { mat4 } from 'gl-matrix';
import { GltfError, parseGltf, type ParseGltfOptions } from '../../../src/core/gltf/index.ts';
import type { Hierarchy, Model } from '../../../src/core/model.ts';
import type { GltfBuilder } from './builder.ts';

/** Parses `builder` as .gltf and as .glb, checks both give the same Model, and returns it. */
export function parseBoth(builder: GltfBuilder, options?: ParseGltfOptions): Model {
  const fromGltf = parseGltf(builder.toGltf(), options);
  const fromGlb = parseGltf(builder.toGlb(), options);
  expect(fromGlb).toEqual(fromGltf);
  return fromGltf;
}

/** The GltfError `run` throws (fails the test if it throws something else or nothing). */
export function catchGltfError(run: () => unknown): GltfError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GltfError);
    return error as GltfError;
  }
  throw new Error('expected a GltfError, but nothing was thrown');
}

/** Both encodings of `builder` fail with exactly `message`; returns the error's path. */
export function expectBothFail(builder: GltfBuilder, message: string): string {
  const fromGltf = catchGltfError(() => parseGltf(builder.toGltf()));
  const fromGlb = catchGltfError(() => parseGltf(builder.toGlb()));
  expect(fromGltf.message).toBe(message);
  expect(fromGlb.message).toBe(message);
  expect(fromGltf.path).toBe(fromGlb.path);
  expect(message.startsWith(`${fromGltf.path}: `)).toBe(true);
  return fromGltf.path;
}

/** Global matrices from the hierarchy's rest pose, by hierarchy index (gl-matrix, for checks). */
export function restGlobals(hierarchy: Hierarchy): mat4[] {
  const globals: mat4[] = [];
  const { translations: t, rotations: r, scales: s } = hierarchy.rest;
  for (let i = 0; i < hierarchy.count; i++) {
    const local = mat4.fromRotationTranslationScale(
      mat4.create(),
      [r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]],
      [t[3 * i], t[3 * i + 1], t[3 * i + 2]],
      [s[3 * i], s[3 * i + 1], s[3 * i + 2]],
    );
    const parent = hierarchy.parents[i];
    globals.push(parent === -1 ? local : mat4.multiply(mat4.create(), globals[parent], local));
  }
  return globals;
}

/** Element-wise |a − b| ≤ tolerance. */
export function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance = 1e-5): void {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  let at = -1;
  for (let i = 0; i < actual.length; i++) {
    const difference = Math.abs(actual[i] - expected[i]);
    if (!(difference <= worst)) {
      worst = difference;
      at = i;
    }
  }
  if (!(worst <= tolerance)) {
    expect.fail(`element ${at}: ${actual[at]} vs ${expected[at]} (difference ${worst} > ${tolerance})`);
  }
}

/** A quaternion equals another up to sign (q and −q are the same rotation). */
export function expectSameRotation(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance = 1e-6): void {
  const dot = actual[0] * expected[0] + actual[1] * expected[1] + actual[2] * expected[2] + actual[3] * expected[3];
  const sign = dot < 0 ? -1 : 1;
  expectClose(
    [actual[0] * sign, actual[1] * sign, actual[2] * sign, actual[3] * sign],
    [expected[0], expected[1], expected[2], expected[3]],
    tolerance,
  );
}

/** Deterministic pseudo-random numbers in [0, 1) from a 32-bit seed (mulberry32). */
export { seededRandom as mulberry32 } from '../helpers.ts';

/**
 * Everything the Model contract (src/core/model.ts) promises, checked: the first violations found,
 * or [] for a valid model. Used on every file the fuzz test manages to load.
 */
export function modelProblems(model: Model): string[] {
  const problems: string[] = [];
  const fail = (what: string) => {
    if (problems.length < 5) problems.push(what);
  };
  const allFinite = (array: ArrayLike<number>, what: string) => {
    for (let i = 0; i < array.length; i++) if (!Number.isFinite(array[i])) return fail(`${what}[${i}] is ${array[i]}`);
  };
  const { hierarchy } = model;
  const n = hierarchy.count;
  if (hierarchy.parents.length !== n || hierarchy.sourceIndex.length !== n || hierarchy.names.length !== n) {
    fail('hierarchy arrays disagree with count');
  }
  for (let i = 0; i < n; i++) {
    if (!(hierarchy.parents[i] >= -1 && hierarchy.parents[i] < i)) fail(`parents[${i}] = ${hierarchy.parents[i]}`);
  }
  if (new Set(hierarchy.sourceIndex).size !== n) fail('sourceIndex is not a permutation');
  const { translations, rotations, scales } = hierarchy.rest;
  if (translations.length !== 3 * n || rotations.length !== 4 * n || scales.length !== 3 * n) fail('rest pose sizes');
  allFinite(translations, 'rest.translations');
  allFinite(rotations, 'rest.rotations');
  allFinite(scales, 'rest.scales');
  for (let i = 0; i < n; i++) {
    const length = Math.hypot(rotations[4 * i], rotations[4 * i + 1], rotations[4 * i + 2], rotations[4 * i + 3]);
    if (Math.abs(length - 1) > 1e-5) fail(`rest rotation ${i} has length ${length}`);
  }
  model.skins.forEach((skin, s) => {
    if (skin.joints.length === 0) fail(`skin ${s} has no joints`);
    if (skin.inverseBindMatrices.length !== 16 * skin.joints.length) fail(`skin ${s} IBM size`);
    allFinite(skin.inverseBindMatrices, `skins[${s}].inverseBindMatrices`);
    skin.joints.forEach((j) => (j < 0 || j >= n) && fail(`skin ${s} joint ${j}`));
    if (skin.skeleton < -1 || skin.skeleton >= n) fail(`skin ${s} skeleton ${skin.skeleton}`);
  });
  model.meshes.forEach((mesh, m) => {
    if (mesh.node < 0 || mesh.node >= n) fail(`mesh ${m} node ${mesh.node}`);
    const skin = model.skins[mesh.skin];
    if (skin === undefined) return fail(`mesh ${m} skin ${mesh.skin}`);
    mesh.primitives.forEach((p, k) => {
      const what = `meshes[${m}].primitives[${k}]`;
      const v = p.vertexCount;
      if (p.positions.length !== 3 * v || p.joints.length !== 4 * v || p.weights.length !== 4 * v)
        fail(`${what} sizes`);
      if (p.normals !== null && p.normals.length !== 3 * v) fail(`${what} normal size`);
      allFinite(p.positions, `${what}.positions`);
      if (p.normals !== null) allFinite(p.normals, `${what}.normals`);
      for (let i = 0; i < v; i++) {
        let sum = 0;
        for (let c = 0; c < 4; c++) {
          const w = p.weights[4 * i + c];
          if (!(w >= 0 && w <= 1)) fail(`${what} weight ${i}.${c} = ${w}`);
          if (p.joints[4 * i + c] >= skin.joints.length) fail(`${what} joint ${i}.${c} = ${p.joints[4 * i + c]}`);
          sum += w;
        }
        if (Math.abs(sum - 1) > 1e-5) fail(`${what} weights of vertex ${i} sum to ${sum}`);
      }
      if (p.indices !== null) {
        if (p.indices.length % 3 !== 0) fail(`${what} index count`);
        for (let i = 0; i < p.indices.length; i++) if (p.indices[i] >= v) fail(`${what} index ${i} = ${p.indices[i]}`);
      } else if (v % 3 !== 0) fail(`${what} vertex count`);
    });
  });
  model.clips.forEach((clip, c) => {
    let duration = 0;
    clip.tracks.forEach((track, t) => {
      const what = `clips[${c}].tracks[${t}]`;
      if (track.node < 0 || track.node >= n) fail(`${what} node ${track.node}`);
      if (track.times.length === 0) return fail(`${what} has no keys`);
      allFinite(track.times, `${what}.times`);
      allFinite(track.values, `${what}.values`);
      if (track.times[0] < 0) fail(`${what} starts before 0`);
      for (let k = 1; k < track.times.length; k++) if (!(track.times[k] > track.times[k - 1])) fail(`${what} key ${k}`);
      const width = track.path === 1 ? 4 : 3;
      const perKey = track.interpolation === 2 ? 3 : 1;
      if (track.values.length !== width * perKey * track.times.length) fail(`${what} value count`);
      duration = Math.max(duration, track.times[track.times.length - 1]);
    });
    if (clip.duration !== duration) fail(`clips[${c}].duration ${clip.duration} ≠ ${duration}`);
  });
  return problems;
}
