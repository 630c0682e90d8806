import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { localToGlobal } from '../../src/core/hierarchy.ts';
import type { Skin } from '../../src/core/model.ts';
import { multiplyMat4At } from '../../src/core/math.ts';
import { buildPalette } from '../../src/core/palette.ts';
import { axisAngle, expectClose, newSpaceGrowth, randomAffine, randomMat4, randomUnitQuat, seededRandom } from './helpers.ts';

/** Bind-time globals of a small arm: root, upper arm, forearm (each 1 up its parent's Y, turned). */
function armGlobals(): { parents: Int16Array; globals: Float32Array } {
  const parents = Int16Array.from([-1, 0, 1]);
  const locals = new Float32Array(48);
  locals.set(mat4.fromTranslation(mat4.create(), [0, 0.5, 0]), 0);
  locals.set(mat4.fromRotationTranslation(mat4.create(), axisAngle(0, 0, 1, Math.PI / 4), [0, 1, 0]), 16);
  locals.set(mat4.fromRotationTranslationScale(mat4.create(), axisAngle(1, 0, 0, 0.3), [0, 1, 0], [1, 2, 1]), 32);
  return { parents, globals: localToGlobal(new Float32Array(48), parents, locals) };
}

/** A skin whose inverse bind matrices invert the given bind-time globals, for joints `joints`. */
function skinFor(globals: Float32Array, joints: number[]): Skin {
  const inverseBindMatrices = new Float32Array(16 * joints.length);
  joints.forEach((node, j) => {
    const inverse = mat4.invert(mat4.create(), globals.subarray(16 * node, 16 * node + 16))!;
    inverseBindMatrices.set(inverse, 16 * j);
  });
  return { name: 'arm', joints: Int16Array.from(joints), inverseBindMatrices, skeleton: -1 };
}

describe('buildPalette', () => {
  it('gives identities in the bind pose (global × inverse bind = I)', () => {
    const { globals } = armGlobals();
    const skin = skinFor(globals, [2, 0, 1]);
    const palette = buildPalette(new Float32Array(48), skin, globals, null);
    for (let j = 0; j < 3; j++) expectClose(palette.subarray(16 * j, 16 * j + 16), mat4.create(), 1e-6, `joint ${j}`);
  });

  it('computes globalInverse × global[joints[j]] × inverseBind[j] in the skin’s joint order', () => {
    const random = seededRandom(501);
    const globals = new Float32Array(16 * 6);
    for (let i = 0; i < 6; i++) globals.set(randomAffine(random), 16 * i);
    const joints = [4, 1, 5];
    const inverseBindMatrices = new Float32Array(48);
    for (let j = 0; j < 3; j++) inverseBindMatrices.set(randomAffine(random), 16 * j);
    const skin: Skin = { name: 'random', joints: Int16Array.from(joints), inverseBindMatrices, skeleton: -1 };
    const globalInverse = mat4.fromRotationTranslation(mat4.create(), randomUnitQuat(random), [1, -2, 3]) as Float32Array;
    const withInverse = buildPalette(new Float32Array(48), skin, globals, globalInverse);
    const withoutInverse = buildPalette(new Float32Array(48), skin, globals, null);
    joints.forEach((node, j) => {
      const jointMatrix = mat4.multiply(
        mat4.create(),
        globals.subarray(16 * node, 16 * node + 16),
        inverseBindMatrices.subarray(16 * j, 16 * j + 16),
      );
      expectClose(withoutInverse.subarray(16 * j, 16 * j + 16), jointMatrix, 1e-5, `joint ${j}, no global inverse`);
      const rebased = mat4.multiply(mat4.create(), globalInverse, jointMatrix);
      expectClose(withInverse.subarray(16 * j, 16 * j + 16), rebased, 1e-5, `joint ${j}, with global inverse`);
    });
  });

  it('null globalInverse is the identity', () => {
    const { globals } = armGlobals();
    const skin = skinFor(globals, [0, 1, 2]);
    globals.set(mat4.fromTranslation(mat4.create(), [3, 0, 0]), 0);
    const withNull = buildPalette(new Float32Array(48), skin, globals, null);
    const withIdentity = buildPalette(new Float32Array(48), skin, globals, mat4.create() as Float32Array);
    expect(Array.from(withIdentity)).toEqual(Array.from(withNull));
  });

  it('moves a bind-pose vertex with its animated joint: a specific example', () => {
    // One joint at (0, 1, 0) in bind pose; animated: turned 90° about Z in place.
    const bind = mat4.fromTranslation(mat4.create(), [0, 1, 0]) as Float32Array;
    const skin = skinFor(bind, [0]);
    const animated = mat4.fromRotationTranslation(mat4.create(), axisAngle(0, 0, 1, Math.PI / 2), [0, 1, 0]) as Float32Array;
    const palette = buildPalette(new Float32Array(16), skin, animated, null);
    // A vertex at (1, 1, 0) — one unit along the joint's X — swings to (0, 2, 0).
    const m = palette;
    expectClose([m[0] + m[4] + m[12], m[1] + m[5] + m[13], m[2] + m[6] + m[14]], [0, 2, 0], 1e-6);
  });

  it('allows globalInverse to share memory with globals (both are read only)', () => {
    const { globals } = armGlobals();
    const skin = skinFor(globals, [1, 2]);
    const rootGlobal = globals.subarray(0, 16);
    const expected = buildPalette(new Float32Array(32), skin, globals, Float32Array.from(rootGlobal));
    const shared = buildPalette(new Float32Array(32), skin, globals, rootGlobal);
    expect(Array.from(shared)).toEqual(Array.from(expected));
    expectClose(shared.subarray(0, 16), rootGlobal, 1e-6); // root × (global₁ × global₁⁻¹)
  });

  it('equals the general 4×4 products exactly when every matrix is affine (the fast path)', () => {
    const random = seededRandom(502);
    const globals = new Float32Array(16 * 5);
    for (let i = 0; i < 5; i++) globals.set(randomAffine(random), 16 * i);
    const inverseBindMatrices = new Float32Array(64);
    for (let j = 0; j < 4; j++) inverseBindMatrices.set(randomAffine(random), 16 * j);
    const skin: Skin = { name: 'affine', joints: Int16Array.from([3, 0, 4, 3]), inverseBindMatrices, skeleton: -1 };
    const globalInverse = randomAffine(random);
    for (const rebase of [null, globalInverse]) {
      const palette = buildPalette(new Float32Array(64), skin, globals, rebase);
      skin.joints.forEach((node, j) => {
        const expected = multiplyMat4At(new Float32Array(16), 0, globals, 16 * node, inverseBindMatrices, 16 * j);
        if (rebase !== null) multiplyMat4At(expected, 0, rebase, 0, expected, 0);
        expectClose(palette.subarray(16 * j, 16 * j + 16), expected, 0, `joint ${j}, ${rebase ? 'with' : 'no'} global inverse`);
      });
    }
  });

  it('uses the general product for a non-affine inverse bind matrix, global or global inverse', () => {
    const random = seededRandom(503);
    const reference = (globals: Float32Array, node: number, inverseBind: Float32Array, j: number, rebase: Float32Array | null) => {
      const m = mat4.multiply(mat4.create(), globals.subarray(16 * node, 16 * node + 16), inverseBind.subarray(16 * j, 16 * j + 16));
      return rebase ? mat4.multiply(m, rebase, m) : m;
    };
    const affineGlobals = new Float32Array(48);
    for (let i = 0; i < 3; i++) affineGlobals.set(randomAffine(random), 16 * i);
    const affineBinds = new Float32Array(32);
    for (let j = 0; j < 2; j++) affineBinds.set(randomAffine(random), 16 * j);
    // One projective matrix in each place in turn: the skin's second inverse bind matrix (which
    // makes the whole skin take the general path), one global, the global inverse.
    const projectiveBinds = Float32Array.from(affineBinds);
    projectiveBinds.set(randomMat4(random), 16);
    const projectiveGlobals = Float32Array.from(affineGlobals);
    projectiveGlobals.set(randomMat4(random), 32);
    const cases: [string, Float32Array, Float32Array, Float32Array | null][] = [
      ['inverse bind', affineGlobals, projectiveBinds, null],
      ['global', projectiveGlobals, affineBinds, null],
      ['global inverse', affineGlobals, affineBinds, randomMat4(random)],
      ['global and global inverse', projectiveGlobals, affineBinds, randomAffine(random)],
    ];
    for (const [label, globals, inverseBindMatrices, rebase] of cases) {
      const skin: Skin = { name: label, joints: Int16Array.from([2, 1]), inverseBindMatrices, skeleton: -1 };
      const palette = buildPalette(new Float32Array(32), skin, globals, rebase);
      for (let j = 0; j < 2; j++) {
        const expected = reference(globals, skin.joints[j], inverseBindMatrices, j, rebase);
        expectClose(palette.subarray(16 * j, 16 * j + 16), expected, 1e-5, `projective ${label}, joint ${j}`);
      }
    }
  });

  it('allocates nothing per call (after a skin’s first)', () => {
    const { globals } = armGlobals();
    const skin = skinFor(globals, [0, 1, 2]);
    const out = new Float32Array(48);
    const globalInverse = mat4.fromTranslation(mat4.create(), [1, 2, 3]) as Float32Array;
    const perChunk = newSpaceGrowth((i) => buildPalette(out, skin, globals, (i & 1) === 0 ? null : globalInverse), 5_000);
    expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
  });

  describe('invalid input', () => {
    it('gives the identity for a joint whose hierarchy index has no global', () => {
      const { globals } = armGlobals();
      const skin: Skin = { name: 'bad', joints: Int16Array.from([7, -1]), inverseBindMatrices: new Float32Array(32).fill(3), skeleton: -1 };
      const palette = buildPalette(new Float32Array(32).fill(5), skin, globals, null);
      expectClose(palette.subarray(0, 16), mat4.create(), 0);
      expectClose(palette.subarray(16, 32), mat4.create(), 0);
    });

    it('processes min(joints, inverse binds, palette room) joints and leaves the rest untouched', () => {
      const { globals } = armGlobals();
      const skin = skinFor(globals, [0, 1, 2]);
      const short: Skin = { ...skin, inverseBindMatrices: skin.inverseBindMatrices.slice(0, 32) };
      const out = new Float32Array(48).fill(5);
      expect(() => buildPalette(out, short, globals, null)).not.toThrow();
      expectClose(out.subarray(16, 32), mat4.create(), 1e-6);
      expect(Array.from(out.subarray(32)).every((v) => v === 5)).toBe(true);
      const small = new Float32Array(16);
      expect(() => buildPalette(small, skin, globals, null)).not.toThrow();
      expectClose(small, mat4.create(), 1e-6);
    });

    it('treats a globalInverse shorter than 16 floats as null', () => {
      const { globals } = armGlobals();
      const skin = skinFor(globals, [0, 1]);
      globals.set(mat4.fromTranslation(mat4.create(), [0, 0, 2]), 16);
      const expected = buildPalette(new Float32Array(32), skin, globals, null);
      const palette = buildPalette(new Float32Array(32), skin, globals, new Float32Array(3));
      expect(Array.from(palette)).toEqual(Array.from(expected));
    });

    it('an empty skin writes nothing', () => {
      const out = new Float32Array(16).fill(5);
      buildPalette(out, { name: '', joints: new Int16Array(0), inverseBindMatrices: new Float32Array(0), skeleton: -1 }, new Float32Array(16), null);
      expect(Array.from(out).every((v) => v === 5)).toBe(true);
    });
  });
});
