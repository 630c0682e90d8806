import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { createPose } from '../../src/core/model.ts';
import { combineRigid, composeLocal, createRigidTransform, type RigidTransform } from '../../src/core/pose.ts';
import { axisAngle, expectClose, expectFinite, randomIn, randomUnitQuat, seededRandom } from './helpers.ts';

/** A rigid transform from plain values. */
function rigid(translation: number[], rotation: ArrayLike<number>): RigidTransform {
  return { translation: new Float32Array(translation), rotation: Float32Array.from(rotation) };
}

/** The 4×4 of a rigid transform, by gl-matrix. */
function matrixOf(transform: RigidTransform): mat4 {
  return mat4.fromRotationTranslation(mat4.create(), transform.rotation, transform.translation);
}

/** A random rigid transform: translation in [−3, 3)³, uniform rotation. */
function randomRigid(random: () => number): RigidTransform {
  return rigid([randomIn(random, -3, 3), randomIn(random, -3, 3), randomIn(random, -3, 3)], randomUnitQuat(random));
}

describe('composeLocal', () => {
  it('matches gl-matrix mat4.fromRotationTranslationScale for every node', () => {
    const random = seededRandom(301);
    const count = 12;
    const pose = createPose(count);
    for (let i = 0; i < count; i++) {
      pose.translations.set([randomIn(random, -5, 5), randomIn(random, -5, 5), randomIn(random, -5, 5)], 3 * i);
      pose.rotations.set(randomUnitQuat(random), 4 * i);
      pose.scales.set([randomIn(random, 0.2, 3), randomIn(random, 0.2, 3), randomIn(random, -3, -0.2)], 3 * i);
    }
    const locals = composeLocal(new Float32Array(16 * count), pose);
    for (let i = 0; i < count; i++) {
      const expected = mat4.fromRotationTranslationScale(
        mat4.create(),
        pose.rotations.subarray(4 * i, 4 * i + 4),
        pose.translations.subarray(3 * i, 3 * i + 3),
        pose.scales.subarray(3 * i, 3 * i + 3),
      );
      expectClose(locals.subarray(16 * i, 16 * i + 16), expected, 1e-5, `node ${i}`);
    }
  });

  it('builds T × R × S, not another order: a specific node', () => {
    const pose = createPose(2);
    pose.translations.set([0, 5, 0], 3);
    pose.rotations.set(axisAngle(0, 0, 1, Math.PI / 2), 4);
    pose.scales.set([3, 1, 1], 3);
    const locals = composeLocal(new Float32Array(32), pose);
    expectClose(locals.subarray(0, 16), mat4.create(), 0, 'identity node');
    // The point (1, 0, 0): scaled to (3, 0, 0), turned to (0, 3, 0), moved to (0, 8, 0).
    const m = locals.subarray(16, 32);
    expectClose([m[0] + m[12], m[1] + m[13], m[2] + m[14]], [0, 8, 0], 1e-6);
  });

  it('returns outLocals', () => {
    const out = new Float32Array(16);
    expect(composeLocal(out, createPose(1))).toBe(out);
  });

  describe('invalid input', () => {
    it('processes only the nodes every array holds and leaves the rest of outLocals untouched', () => {
      const pose = createPose(3);
      const longer = new Float32Array(16 * 5).fill(7);
      composeLocal(longer, pose);
      expectClose(longer.subarray(32, 48), mat4.create(), 0);
      expect(Array.from(longer.subarray(48)).every((v) => v === 7)).toBe(true);
      const shorter = new Float32Array(16 * 2);
      expect(() => composeLocal(shorter, pose)).not.toThrow();
      expectClose(shorter.subarray(16), mat4.create(), 0);
      const truncated = { ...createPose(3), rotations: new Float32Array(4) };
      const out = new Float32Array(48).fill(7);
      composeLocal(out, truncated);
      expect(out[16]).toBe(7);
    });

    it('an empty pose writes nothing', () => {
      const out = new Float32Array(16).fill(3);
      composeLocal(out, createPose(0));
      expect(Array.from(out).every((v) => v === 3)).toBe(true);
    });

    it('a zero quaternion or zero scale stays finite', () => {
      const pose = createPose(1);
      pose.rotations.fill(0);
      pose.scales.fill(0);
      expectFinite(composeLocal(new Float32Array(16), pose));
    });
  });
});

describe('combineRigid', () => {
  it('equals the matrix product A × B of the two transforms', () => {
    const random = seededRandom(311);
    for (let trial = 0; trial < 50; trial++) {
      const a = randomRigid(random), b = randomRigid(random);
      const out = combineRigid(createRigidTransform(), a, b);
      const expected = mat4.multiply(mat4.create(), matrixOf(a), matrixOf(b));
      expectClose(matrixOf(out), expected, 1e-5);
    }
  });

  it('gives a specific result: parent turned 90° about Z at (1, 0, 0), child 1 along its X', () => {
    const parent = rigid([1, 0, 0], axisAngle(0, 0, 1, Math.PI / 2));
    const child = rigid([1, 0, 0], axisAngle(0, 0, 1, Math.PI / 2));
    const out = combineRigid(createRigidTransform(), parent, child);
    expectClose(out.translation, [1, 1, 0], 1e-6);
    expectClose(out.rotation, axisAngle(0, 0, 1, Math.PI), 1e-6);
  });

  it('allows out to be a, b, or both', () => {
    const random = seededRandom(312);
    const a = randomRigid(random), b = randomRigid(random);
    const expected = combineRigid(createRigidTransform(), a, b);
    const intoA = rigid(Array.from(a.translation), a.rotation);
    combineRigid(intoA, intoA, b);
    expectClose(intoA.translation, expected.translation, 1e-6, 'out === a');
    expectClose(intoA.rotation, expected.rotation, 1e-6, 'out === a');
    const intoB = rigid(Array.from(b.translation), b.rotation);
    combineRigid(intoB, a, intoB);
    expectClose(intoB.translation, expected.translation, 1e-6, 'out === b');
    expectClose(intoB.rotation, expected.rotation, 1e-6, 'out === b');
    const square = rigid(Array.from(a.translation), a.rotation);
    const expectedSquare = combineRigid(createRigidTransform(), a, a);
    combineRigid(square, square, square);
    expectClose(square.translation, expectedSquare.translation, 1e-6, 'out === a === b');
    expectClose(square.rotation, expectedSquare.rotation, 1e-6, 'out === a === b');
  });

  describe('invalid input', () => {
    it('a zero quaternion in a leaves tb unrotated and the rotation zero, without NaN', () => {
      const a = rigid([1, 2, 3], [0, 0, 0, 0]);
      const out = combineRigid(createRigidTransform(), a, rigid([4, 5, 6], axisAngle(1, 0, 0, 1)));
      expectFinite(out.translation);
      expectClose(out.translation, [5, 7, 9], 0);
      expectClose(out.rotation, [0, 0, 0, 0], 0);
    });
  });
});
