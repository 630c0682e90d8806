// The numbers of the "maths you need" page (src/figures/maths/maths-example.ts) against a hand
// derivation: in two-bones.glb's "bend" clip at 0.5 s the root stands at rest and the child joint,
// one unit up +y, is turned +45° about z, so its global matrix is T(0, 1, 0) R_z(45°).
import { describe, expect, it } from 'vitest';
import { axisAngleOf, computeMathsExample, toRowMajor, transformVec4 } from '../../src/figures/maths/maths-example.ts';

const c = Math.cos(Math.PI / 4);
const s = Math.sin(Math.PI / 4);
const expectClose = (actual: ArrayLike<number>, expected: number[], digits = 6) => {
  expect(actual.length).toBe(expected.length);
  expected.forEach((value, i) => expect(actual[i], `index ${i}`).toBeCloseTo(value, digits));
};

describe('the maths page example', () => {
  const example = computeMathsExample();

  it('reads the child joint of two-bones.glb as T(0, 1, 0) R_z(45°), column-major', () => {
    expectClose(example.matrix, [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1]);
  });

  it('stores the same matrix row-major with the translation at 3, 7 and 11', () => {
    expectClose(example.rowMajor, [c, -s, 0, 0, s, c, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect([example.rowMajor[3], example.rowMajor[7], example.rowMajor[11]]).toEqual([example.matrix[12], example.matrix[13], example.matrix[14]]);
  });

  it('moves the point (w = 1) by the translation and only turns the direction (w = 0)', () => {
    expectClose(example.pointOut, [c, s + 1, 0, 1]);
    expectClose(example.directionOut, [c, s, 0, 0]);
  });

  it('gives the 45° turn about z as the unit quaternion (0, 0, sin 22.5°, cos 22.5°), and −q the same matrix', () => {
    expectClose(example.quaternion, [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)]);
    expect(example.quaternionLength).toBeCloseTo(1, 6);
    expectClose(example.axis, [0, 0, 1]);
    expect(example.angleDegrees).toBeCloseTo(45, 4);
    const rotation = [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expectClose(example.rotationMatrix, rotation);
    expectClose(example.negatedRotationMatrix, rotation);
  });
});

describe('its helpers', () => {
  it('transformVec4 multiplies a column-major matrix by a column vector, and refuses short input', () => {
    // Translation (5, 6, 7) in the last column: a point moves, a direction does not.
    const m = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1);
    expectClose(transformVec4(new Float32Array(4), m, [1, 2, 3, 1]), [6, 8, 10, 1]);
    expectClose(transformVec4(new Float32Array(4), m, [1, 2, 3, 0]), [1, 2, 3, 0]);
    expect(() => transformVec4(new Float32Array(4), m, [1, 2, 3])).toThrow('transformVec4: needs 16 matrix floats and 4 vector floats, got 16 and 3');
  });

  it('toRowMajor transposes, and refuses anything but sixteen floats', () => {
    const m = Float32Array.from({ length: 16 }, (_, i) => i);
    expect(Array.from(toRowMajor(m))).toEqual([0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15]);
    expect(() => toRowMajor(new Float32Array(9))).toThrow('toRowMajor: expected 16 floats, got 9');
  });

  it('axisAngleOf reads 90° about +x, and the identity as no turn', () => {
    const h = Math.SQRT1_2;
    const quarter = axisAngleOf(Float32Array.of(h, 0, 0, h));
    expectClose(quarter.axis, [1, 0, 0]);
    expect(quarter.angleDegrees).toBeCloseTo(90, 4);
    expect(axisAngleOf(Float32Array.of(0, 0, 0, 1)).angleDegrees).toBe(0);
  });
});
