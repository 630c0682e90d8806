import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { childrenOf, localToGlobal, localToGlobalRecursive } from '../../src/core/hierarchy.ts';
import { createPose, type Pose } from '../../src/core/model.ts';
import { composeLocal } from '../../src/core/pose.ts';
import { axisAngle, expectClose, expectFinite, newSpaceGrowth, randomAffine, randomIn, randomUnitQuat, seededRandom } from './helpers.ts';

/** A random parents-first hierarchy with a few roots. */
function randomParents(random: () => number, count: number): Int16Array {
  const parents = new Int16Array(count);
  for (let i = 0; i < count; i++) parents[i] = i === 0 || random() < 0.1 ? -1 : Math.floor(random() * i);
  return parents;
}

/** Random affine locals, 16 floats per node, with moderate entries so products stay well-scaled. */
function randomLocals(random: () => number, count: number): Float32Array {
  const locals = new Float32Array(16 * count);
  for (let i = 0; i < count; i++) {
    const m = randomAffine(random);
    for (let k = 0; k < 12; k++) m[k] *= 0.5;
    locals.set(m, 16 * i);
  }
  return locals;
}

/** Brute force: multiply the locals from the root down the chain of ancestors, with gl-matrix. */
function referenceGlobal(parents: Int16Array, locals: Float32Array, node: number): mat4 {
  const chain: number[] = [];
  for (let n = node; n >= 0; n = parents[n]) chain.unshift(n);
  const global = mat4.create();
  for (const n of chain) mat4.multiply(global, global, locals.subarray(16 * n, 16 * n + 16));
  return global;
}

const translationY = (y: number) => mat4.fromTranslation(mat4.create(), [0, y, 0]) as Float32Array;

describe('localToGlobal', () => {
  it('matches the product of the locals along each root-to-node chain', () => {
    const random = seededRandom(401);
    const count = 40;
    const parents = randomParents(random, count);
    const locals = randomLocals(random, count);
    const globals = localToGlobal(new Float32Array(16 * count), parents, locals);
    for (let i = 0; i < count; i++) {
      const expected = referenceGlobal(parents, locals, i);
      const scale = Math.max(1, ...Array.from(expected, Math.abs));
      expectClose(globals.subarray(16 * i, 16 * i + 16), expected, 1e-5 * scale, `node ${i}`);
    }
  });

  it('stacks a chain: three bones one unit up each, the middle one turned 90° about Z', () => {
    const parents = Int16Array.from([-1, 0, 1]);
    const locals = new Float32Array(48);
    locals.set(translationY(1), 0);
    locals.set(mat4.fromRotationTranslation(mat4.create(), axisAngle(0, 0, 1, Math.PI / 2), [0, 1, 0]), 16);
    locals.set(translationY(1), 32);
    const globals = localToGlobal(new Float32Array(48), parents, locals);
    // The third bone's origin: up 2, then one unit along the turned Y axis, which points to −X.
    expectClose(globals.subarray(44, 47), [-1, 2, 0], 1e-6);
  });

  it('allows outGlobals === locals (in place): each local is read before its global is written', () => {
    const random = seededRandom(402);
    const count = 30;
    const parents = randomParents(random, count);
    const locals = randomLocals(random, count);
    const expected = localToGlobal(new Float32Array(16 * count), parents, locals);
    const inPlace = Float32Array.from(locals);
    expect(localToGlobal(inPlace, parents, inPlace)).toBe(inPlace);
    expect(Array.from(inPlace)).toEqual(Array.from(expected));
  });

  describe('invalid input', () => {
    it('treats a node whose parent does not come before it as a root', () => {
      const parents = Int16Array.from([-1, 2, 0, 99, -7]);
      const locals = new Float32Array(80);
      for (let i = 0; i < 5; i++) locals.set(translationY(i + 1), 16 * i);
      const globals = localToGlobal(new Float32Array(80), parents, locals);
      expect(globals[16 + 13]).toBe(2); // parent 2 comes after node 1: root
      expect(globals[32 + 13]).toBe(4); // 1 + 3
      expect(globals[48 + 13]).toBe(4); // parent 99 is no node: root
      expect(globals[64 + 13]).toBe(5); // −7: root
    });

    it('processes min(parents, locals, outGlobals) nodes and leaves the rest untouched', () => {
      const parents = Int16Array.from([-1, 0, 1, 2]);
      const locals = new Float32Array(48);
      for (let i = 0; i < 3; i++) locals.set(translationY(1), 16 * i);
      const out = new Float32Array(80).fill(9);
      expect(() => localToGlobal(out, parents, locals)).not.toThrow();
      expect(out[32 + 13]).toBe(3);
      expect(Array.from(out.subarray(48)).every((v) => v === 9)).toBe(true);
      const short = new Float32Array(16);
      localToGlobal(short, parents, locals);
      expect(short[13]).toBe(1);
    });

    it('an empty hierarchy writes nothing', () => {
      const out = new Float32Array(16).fill(4);
      localToGlobal(out, new Int16Array(0), new Float32Array(0));
      expect(Array.from(out).every((v) => v === 4)).toBe(true);
    });
  });
});

describe('childrenOf', () => {
  it('lists each node’s children in increasing order', () => {
    expect(childrenOf(Int16Array.from([-1, 0, 0, 1, -1, 4, 1]))).toEqual([[1, 2], [3, 6], [], [], [5], [], []]);
  });

  describe('invalid input', () => {
    it('leaves out parent links that do not point to an earlier node', () => {
      expect(childrenOf(Int16Array.from([-1, 3, 0, 0, 40]))).toEqual([[2, 3], [], [], [], []]);
      expect(childrenOf(new Int16Array(0))).toEqual([]);
    });
  });
});

describe('localToGlobalRecursive', () => {
  it('gives exactly the same matrices as the forward loop', () => {
    const random = seededRandom(411);
    for (let trial = 0; trial < 5; trial++) {
      const count = 50;
      const parents = randomParents(random, count);
      const locals = randomLocals(random, count);
      const loop = localToGlobal(new Float32Array(16 * count), parents, locals);
      const recursive = localToGlobalRecursive(new Float32Array(16 * count), parents, locals);
      expect(Array.from(recursive)).toEqual(Array.from(loop));
      const withChildren = localToGlobalRecursive(new Float32Array(16 * count), parents, locals, childrenOf(parents));
      expect(Array.from(withChildren)).toEqual(Array.from(loop));
    }
  });

  it('allows outGlobals === locals', () => {
    const random = seededRandom(412);
    const parents = randomParents(random, 20);
    const locals = randomLocals(random, 20);
    const expected = localToGlobal(new Float32Array(320), parents, locals);
    const inPlace = Float32Array.from(locals);
    localToGlobalRecursive(inPlace, parents, inPlace);
    expect(Array.from(inPlace)).toEqual(Array.from(expected));
  });

  it('handles a chain 2000 nodes deep', () => {
    const count = 2000;
    const parents = new Int16Array(count).map((_, i) => i - 1);
    const locals = new Float32Array(16 * count);
    for (let i = 0; i < count; i++) locals.set(translationY(0.5), 16 * i);
    const globals = localToGlobalRecursive(new Float32Array(16 * count), parents, locals);
    expect(globals[16 * (count - 1) + 13]).toBe(1000);
  });

  it('handles a chain as deep as the loader allows (32,767 nodes), like the forward loop', () => {
    // Rigid locals (unit rotation, small translation) keep the products well-scaled at any depth.
    const random = seededRandom(415);
    const count = 32767;
    const parents = new Int16Array(count).map((_, i) => i - 1);
    const locals = new Float32Array(16 * count);
    const local = mat4.create();
    for (let i = 0; i < count; i++) {
      mat4.fromRotationTranslation(local, randomUnitQuat(random), [randomIn(random, -1, 1), 0.5, 0]);
      locals.set(local, 16 * i);
    }
    const loop = localToGlobal(new Float32Array(16 * count), parents, locals);
    const walked = localToGlobalRecursive(new Float32Array(16 * count), parents, locals);
    expect(walked.every((x, i) => x === loop[i])).toBe(true);
    expectFinite(walked);
    // In place, and with the children passed in, too.
    const inPlace = Float32Array.from(locals);
    localToGlobalRecursive(inPlace, parents, inPlace, childrenOf(parents));
    expect(inPlace.every((x, i) => x === loop[i])).toBe(true);
  });

  it('handles a deep chain with a branch at every node (a long comb)', () => {
    const count = 30001;
    // Node 2k + 1 continues the spine from node 2k − 1 (node 0 for k = 0); node 2k + 2 is a leaf.
    const parents = new Int16Array(count).map((_, i) => (i === 0 ? -1 : i % 2 === 1 ? Math.max(0, i - 2) : i - 1));
    const locals = new Float32Array(16 * count);
    for (let i = 0; i < count; i++) locals.set(translationY(0.25), 16 * i);
    const loop = localToGlobal(new Float32Array(16 * count), parents, locals);
    const walked = localToGlobalRecursive(new Float32Array(16 * count), parents, locals);
    expect(walked.every((x, i) => x === loop[i])).toBe(true);
  });

  describe('invalid input', () => {
    it('matches the forward loop on broken parent links and mismatched lengths', () => {
      const parents = Int16Array.from([-1, 2, 0, 99, -7, 3]);
      const locals = randomLocals(seededRandom(413), 6);
      for (const outCount of [6, 4, 8]) {
        const loop = localToGlobal(new Float32Array(16 * outCount).fill(2), parents, locals);
        const recursive = localToGlobalRecursive(new Float32Array(16 * outCount).fill(2), parents, locals);
        expect(Array.from(recursive), `out of ${outCount} nodes`).toEqual(Array.from(loop));
      }
    });

    it('ignores children lists that do not match the parents', () => {
      const parents = Int16Array.from([-1, 0, 1]);
      const locals = randomLocals(seededRandom(414), 3);
      const expected = localToGlobal(new Float32Array(48), parents, locals);
      const out = new Float32Array(48);
      // A cycle and an out-of-range child must neither hang nor throw.
      expect(() => localToGlobalRecursive(out, parents, locals, [[1, 0], [2, 1, 7], [0]])).not.toThrow();
      expect(Array.from(out)).toEqual(Array.from(expected));
    });
  });
});

/** A random pose: translations in [−2, 2), uniform rotations, scales in [0.5, 2) with some mirrored. */
function randomPose(random: () => number, count: number): Pose {
  const pose = createPose(count);
  for (let i = 0; i < count; i++) {
    pose.translations.set([randomIn(random, -2, 2), randomIn(random, -2, 2), randomIn(random, -2, 2)], 3 * i);
    pose.rotations.set(randomUnitQuat(random), 4 * i);
    pose.scales.set([randomIn(random, 0.5, 2), randomIn(random, 0.5, 2), randomIn(random, 0.5, 2) * (random() < 0.2 ? -1 : 1)], 3 * i);
  }
  return pose;
}
