import { describe, expect, it } from 'vitest';
import { mat4, quat, vec3 } from 'gl-matrix';
import { decomposeMatrix, DECOMPOSE_TOLERANCE, parseGltf } from '../../../src/core/gltf/index.ts';
import { GltfBuilder, encodeJson, type Json } from './builder.ts';
import { ARM_ARMATURE_MATRIX, ARM_FOREARM_ROTATION, ARM_ORDER, armGlobalMatrices, riggedArm } from './fixtures.ts';
import {
  catchGltfError,
  expectBothFail,
  expectClose,
  expectSameRotation,
  mulberry32,
  parseBoth,
  restGlobals,
} from './helpers.ts';

/** A file with only nodes (no buffers), as .gltf bytes. */
function nodesOnly(nodes: unknown): Uint8Array {
  return encodeJson({ asset: { version: '2.0' }, nodes });
}

function nodesBuilder(nodes: Json[]): GltfBuilder {
  const b = new GltfBuilder();
  b.json.nodes = nodes;
  return b;
}

describe('hierarchy order', () => {
  it('keeps the file order when parents already come first', () => {
    const model = parseGltf(nodesOnly([{ children: [1, 3] }, { children: [2] }, {}, {}, { children: [5] }, {}]));
    expect([...model.hierarchy.sourceIndex]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...model.hierarchy.parents]).toEqual([-1, 0, 1, 0, -1, 4]);
  });

  it('moves children after their parents with the least reordering', () => {
    const model = parseBoth(riggedArm());
    expect([...model.hierarchy.sourceIndex]).toEqual(ARM_ORDER);
    expect(model.hierarchy.names).toEqual(['ArmMesh', 'Armature', 'Upperarm', 'Forearm', 'Tip']);
    expect([...model.hierarchy.parents]).toEqual([-1, -1, 1, 2, 3]);
    for (let i = 0; i < model.hierarchy.count; i++) expect(model.hierarchy.parents[i]).toBeLessThan(i);
  });

  it('orders a reversed chain parents first', () => {
    const model = parseGltf(nodesOnly([{}, { children: [0] }, { children: [1] }, { children: [2] }]));
    expect([...model.hierarchy.sourceIndex]).toEqual([3, 2, 1, 0]);
    expect([...model.hierarchy.parents]).toEqual([-1, 0, 1, 2]);
  });

  it('handles a deep chain without recursion limits', () => {
    const count = 20000;
    // nodes[i] is the parent of nodes[i − 1]: the root is last in the file.
    const nodes = Array.from({ length: count }, (_, i) => (i === 0 ? {} : { children: [i - 1] }));
    const model = parseGltf(nodesOnly(nodes));
    expect(model.hierarchy.count).toBe(count);
    expect(model.hierarchy.sourceIndex[0]).toBe(count - 1);
    expect(model.hierarchy.parents[count - 1]).toBe(count - 2);
  });

  it('gives names, empty when absent, and a file with no nodes an empty hierarchy', () => {
    const model = parseGltf(nodesOnly([{ name: 'a' }, {}]));
    expect(model.hierarchy.names).toEqual(['a', '']);
    const empty = parseGltf(encodeJson({ asset: { version: '2.0' } }));
    expect(empty.hierarchy.count).toBe(0);
    expect(empty.hierarchy.parents).toHaveLength(0);
    expect(empty).toMatchObject({ skins: [], meshes: [], clips: [], notes: [] });
  });
});

describe('hierarchy errors', () => {
  it('rejects an out-of-range child with the JSON path', () => {
    const nodes = [{}, {}, {}, { children: [1, 9] }, {}, {}];
    expectBothFail(nodesBuilder(nodes), 'nodes[3].children[1]: node 9 does not exist (6 nodes)');
  });

  it('rejects a node with two parents', () => {
    expectBothFail(
      nodesBuilder([{ children: [2] }, { children: [2] }, {}]),
      'nodes[1].children[0]: node 2 is already a child of node 0',
    );
    expectBothFail(
      nodesBuilder([{ children: [1, 1] }, {}]),
      'nodes[0].children[1]: node 1 is already a child of node 0',
    );
  });

  it('rejects cycles, naming the smallest node on the cycle', () => {
    expectBothFail(
      nodesBuilder([{}, {}, { children: [4] }, { children: [2] }, { children: [3] }, { children: [0] }]),
      'nodes: cycle through node 2',
    );
  });

  it('rejects a node listed as its own child as a self-reference, not as a second parent or a cycle', () => {
    expectBothFail(nodesBuilder([{}, {}, { children: [2] }]), 'nodes[2].children[0]: node 2 lists itself as a child');
    expectBothFail(nodesBuilder([{ children: [0, 0] }]), 'nodes[0].children[0]: node 0 lists itself as a child');
    expectBothFail(nodesBuilder([{ children: [1, 0] }, {}]), 'nodes[0].children[1]: node 0 lists itself as a child');
  });

  it('rejects wrong types instead of crashing', () => {
    const cases: [unknown, string][] = [
      [5, 'nodes: expected an array, got 5'],
      [[null], 'nodes[0]: expected an object, got null'],
      [[{ children: 1 }, {}], 'nodes[0].children: expected an array, got 1'],
      [[{ children: ['1'] }, {}], 'nodes[0].children[0]: expected a node index, got "1"'],
      [[{ children: [1.5] }, {}], 'nodes[0].children[0]: expected a node index, got 1.5'],
      [[{ children: [-1] }], 'nodes[0].children[0]: node -1 does not exist (1 node)'],
      [[{ name: 7 }], 'nodes[0].name: expected a string, got 7'],
      [[{ translation: [0, 0] }], 'nodes[0].translation: expected 3 numbers, got 2'],
      [[{ translation: { x: 0 } }], 'nodes[0].translation: expected an array of 3 numbers, got an object'],
      [[{ rotation: [0, 0, '0', 1] }], 'nodes[0].rotation[2]: expected a finite 32-bit float, got "0"'],
      [[{ scale: [1, 1e39, 1] }], 'nodes[0].scale[1]: expected a finite 32-bit float, got 1e+39'],
      [[{ matrix: [1, 0, 0] }], 'nodes[0].matrix: expected 16 numbers, got 3'],
      [[{ rotation: [0, 0, 0, 0] }], 'nodes[0].rotation: is a zero-length quaternion'],
    ];
    for (const [nodes, message] of cases) {
      expect(catchGltfError(() => parseGltf(nodesOnly(nodes))).message).toBe(message);
    }
    // 1e999 is valid JSON and parses to Infinity.
    const infinite = new TextEncoder().encode('{"asset":{"version":"2.0"},"nodes":[{"translation":[0,1e999,0]}]}');
    expect(catchGltfError(() => parseGltf(infinite)).message).toBe(
      'nodes[0].translation[1]: expected a finite 32-bit float, got Infinity',
    );
  });

  it('rejects more nodes than 16-bit parents can index', () => {
    const nodes = Array.from({ length: 32768 }, () => ({}));
    expect(catchGltfError(() => parseGltf(nodesOnly(nodes))).message).toBe(
      'nodes: 32768 nodes exceed the limit of 32767 (hierarchy indices are 16-bit)',
    );
    expect(parseGltf(nodesOnly(nodes.slice(1))).hierarchy.count).toBe(32767);
  });
});

describe('rest transforms', () => {
  it('defaults TRS to identity and keeps given values', () => {
    const model = parseGltf(nodesOnly([{}, { translation: [1, 2, 3], rotation: [0, 0.6, 0, 0.8], scale: [2, 3, 4] }]));
    const { translations, rotations, scales } = model.hierarchy.rest;
    expect([...translations]).toEqual([0, 0, 0, 1, 2, 3]);
    expectClose(rotations, [0, 0, 0, 1, 0, 0.6, 0, 0.8], 1e-7);
    expect([...scales]).toEqual([1, 1, 1, 2, 3, 4]);
  });

  it('normalises a rotation far from unit length and says so, keeping a nearly-unit one as authored', () => {
    const model = parseGltf(nodesOnly([{ rotation: [0, 0, 0, 2] }, { rotation: [0, 0, 0.707, 0.707] }]));
    expectClose(model.hierarchy.rest.rotations, [0, 0, 0, 1, 0, 0, 0.707, 0.707], 1e-7);
    expect(model.notes).toEqual(['nodes[0].rotation: not a unit quaternion (length 2.000); normalised']);
  });

  it('decomposes node matrices so rest globals equal the products of the file matrices', () => {
    const model = parseBoth(riggedArm());
    const expected = armGlobalMatrices();
    const globals = restGlobals(model.hierarchy);
    for (let h = 0; h < model.hierarchy.count; h++) {
      expectClose(globals[h], expected[model.hierarchy.sourceIndex[h]], 1e-6);
    }
    const armature = 1;
    const rest = model.hierarchy.rest;
    expectClose(rest.translations.subarray(3 * armature, 3 * armature + 3), [1, 0, 0.5], 1e-7);
    expectClose(rest.scales.subarray(3 * armature, 3 * armature + 3), [1.5, 1.5, 1.5], 1e-6);
    expectSameRotation(
      rest.rotations.subarray(4 * armature, 4 * armature + 4),
      mat4.getRotation(quat.create(), ARM_ARMATURE_MATRIX),
    );
    expectSameRotation(rest.rotations.subarray(4 * 3, 4 * 3 + 4), ARM_FOREARM_ROTATION);
    expect(model.notes).toEqual([]);
  });

  it('uses the matrix when a node also has TRS, and notes it', () => {
    const m = mat4.fromTranslation(mat4.create(), [4, 5, 6]);
    const model = parseGltf(nodesOnly([{ matrix: [...m], translation: [1, 1, 1] }]));
    expect([...model.hierarchy.rest.translations]).toEqual([4, 5, 6]);
    expect(model.notes).toEqual(['nodes[0]: has both matrix and translation/rotation/scale; the matrix is used']);
  });

  it('reports a sheared matrix and uses the nearest rotation and scale', () => {
    // Shear: x' = x + 0.5 y.
    const shear = [1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 2, 3, 4, 1];
    const model = parseGltf(nodesOnly([{ matrix: shear }]));
    expect(model.notes).toHaveLength(1);
    expect(model.notes[0]).toMatch(
      /^nodes\[0\]\.matrix: not a translation × rotation × scale \(shear or projection, relative error 0\.\d+\); the nearest rotation and scale are used$/,
    );
    expect([...model.hierarchy.rest.translations]).toEqual([2, 3, 4]);
    const q = model.hierarchy.rest.rotations;
    expect(Math.hypot(q[0], q[1], q[2], q[3])).toBeCloseTo(1, 6);
    // Best fit: the recomposed matrix is closer to the shear than the identity rotation with column lengths.
    const fitted = mat4.fromRotationTranslationScale(mat4.create(), [q[0], q[1], q[2], q[3]], [2, 3, 4], [
      ...model.hierarchy.rest.scales,
    ] as [number, number, number]);
    const naive = mat4.fromRotationTranslationScale(mat4.create(), [0, 0, 0, 1], [2, 3, 4], [1, Math.hypot(0.5, 1), 1]);
    const distance = (a: ArrayLike<number>) => Math.hypot(...Array.from(a, (v, i) => v - shear[i]));
    expect(distance(fitted)).toBeLessThan(distance(naive));
  });

  it('reports a projective bottom row', () => {
    const model = parseGltf(nodesOnly([{ matrix: [1, 0, 0, 0.5, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }]));
    expect(model.notes[0]).toContain(
      'nodes[0].matrix: not a translation × rotation × scale (shear or projection, relative error 0.50)',
    );
  });
});

describe('decomposeMatrix', () => {
  // gl-matrix 3.4.4's getRotation (and mat4.decompose) divide the matrix by the scale row-wise
  // instead of column-wise, so they are only right for uniform scale; for non-uniform scale the
  // reference is getRotation of the matrix with its column scales divided out.
  it('matches gl-matrix getTranslation / getRotation / getScaling on random TRS matrices', () => {
    const next = mulberry32(20240611);
    for (let trial = 0; trial < 200; trial++) {
      const axis = vec3.normalize(vec3.create(), [next() - 0.5, next() - 0.5, next() - 0.5]);
      const q = quat.setAxisAngle(quat.create(), axis, (next() * 2 - 1) * Math.PI);
      const t = vec3.fromValues((next() - 0.5) * 20, (next() - 0.5) * 20, (next() - 0.5) * 20);
      const uniform = trial % 2 === 0;
      const k = 0.1 + (trial % 7);
      const s = uniform
        ? vec3.fromValues(k, k, k)
        : vec3.fromValues(0.1 + next() * 3, 0.1 + next() * 3, 0.1 + next() * 3);
      const m = mat4.fromRotationTranslationScale(mat4.create(), q, t, s);
      const outT = new Float64Array(3);
      const outR = new Float64Array(4);
      const outS = new Float64Array(3);
      const error = decomposeMatrix(outT, outR, outS, m);
      expect(error).toBeLessThan(1e-6);
      expectClose(outT, mat4.getTranslation(vec3.create(), m), 1e-6);
      expectClose(outS, mat4.getScaling(vec3.create(), m), 1e-5);
      const scaleRemoved = mat4.scale(mat4.create(), m, vec3.inverse(vec3.create(), mat4.getScaling(vec3.create(), m)));
      expectSameRotation(outR, mat4.getRotation(quat.create(), scaleRemoved), 1e-5);
      if (uniform) expectSameRotation(outR, mat4.getRotation(quat.create(), m), 1e-5);
      expectSameRotation(outR, q, 1e-5);
      const recomposed = mat4.fromRotationTranslationScale(
        mat4.create(),
        [...outR] as quat,
        [...outT] as vec3,
        [...outS] as vec3,
      );
      expectClose(recomposed, m, 1e-5);
    }
  });

  it('turns a mirroring matrix into a negative x scale', () => {
    const m = mat4.fromRotationTranslationScale(
      mat4.create(),
      quat.setAxisAngle(quat.create(), [0, 1, 0], 0.7),
      [1, 2, 3],
      [-2, 1, 0.5],
    );
    const t = [0, 0, 0];
    const r = [0, 0, 0, 0];
    const s = [0, 0, 0];
    expect(decomposeMatrix(t, r, s, m)).toBeLessThan(1e-6);
    expectClose(s, [-2, 1, 0.5], 1e-6);
    expectSameRotation(r, quat.setAxisAngle(quat.create(), [0, 1, 0], 0.7));
  });

  it('decomposes a singular matrix (a zero scale) exactly', () => {
    const m = mat4.fromRotationTranslationScale(
      mat4.create(),
      quat.setAxisAngle(quat.create(), [1, 0, 0], 0.4),
      [0, 1, 0],
      [1, 0, 2],
    );
    const t = [0, 0, 0];
    const r = [0, 0, 0, 0];
    const s = [0, 0, 0];
    expect(decomposeMatrix(t, r, s, m)).toBeLessThan(1e-6);
    expectClose(s, [1, 0, 2], 1e-6);
    expectSameRotation(r, quat.setAxisAngle(quat.create(), [1, 0, 0], 0.4));
    expect(decomposeMatrix(t, r, s, new Float32Array(16).fill(0).fill(1, 15))).toBeLessThan(1e-12);
    expect(s).toEqual([0, 0, 0]);
    expectClose(r, [0, 0, 0, 1], 0);
  });

  it('measures shear above the tolerance and float-precision TRS below it', () => {
    const t = [0, 0, 0];
    const r = [0, 0, 0, 0];
    const s = [0, 0, 0];
    expect(decomposeMatrix(t, r, s, [1, 0, 0, 0, 0.01, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])).toBeGreaterThan(
      DECOMPOSE_TOLERANCE,
    );
    const single = new Float32Array(
      mat4.fromRotationTranslationScale(mat4.create(), [0.1, 0.7, 0.1, 0.7], [1, 2, 3], [3, 3, 3]),
    );
    expect(decomposeMatrix(t, r, s, single)).toBeLessThan(DECOMPOSE_TOLERANCE / 10);
  });
});
