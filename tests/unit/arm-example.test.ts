// Chapter 1's worked example (src/figures/arm/arm-example.ts): the numbers printed on the page come from
// composeLocal, localToGlobal and combineRigid; here they are checked against values derived by
// hand from sines and cosines, independently of the core.
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/figures/shared/format.ts';
import { matrixTex, tupleTex } from '../../src/figures/shared/tex.ts';
import { armJoints, computeArmExample } from '../../src/figures/arm/arm-example.ts';

const degrees = Math.PI / 180;
const c30 = Math.cos(30 * degrees);
const s30 = Math.sin(30 * degrees);
const c75 = Math.cos(75 * degrees);
const s75 = Math.sin(75 * degrees);

/** Column-major 4×4 from rows, as written on paper. */
function fromRows(rows: number[][]): number[] {
  const out: number[] = [];
  for (let column = 0; column < 4; column++) for (let row = 0; row < 4; row++) out.push(rows[row][column]);
  return out;
}

function expectMatrix(actual: Float32Array, offset: number, expected: number[]): void {
  for (let i = 0; i < 16; i++) expect(actual[offset + i]).toBeCloseTo(expected[i], 6);
}

describe('the three-bone arm of chapter 1', () => {
  const arm = computeArmExample();

  it('is the arm the chapter describes: shoulder 30°, elbow 45° at 2 units, hand 0° at 1.5 units', () => {
    expect(armJoints.map((joint) => [joint.name, joint.angleDegrees, joint.offsetY])).toEqual([
      ['shoulder', 30, 0],
      ['elbow', 45, 2],
      ['hand', 0, 1.5],
    ]);
  });

  it('composes local = T × R × S per joint', () => {
    const c45 = Math.SQRT1_2;
    expectMatrix(arm.locals, 0, fromRows([[c30, -s30, 0, 0], [s30, c30, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]));
    expectMatrix(arm.locals, 16, fromRows([[c45, -c45, 0, 0], [c45, c45, 0, 2], [0, 0, 1, 0], [0, 0, 0, 1]]));
    expectMatrix(arm.locals, 32, fromRows([[1, 0, 0, 0], [0, 1, 0, 1.5], [0, 0, 1, 0], [0, 0, 0, 1]]));
  });

  it('chains global = parent global × local down to the hand', () => {
    const elbow = [-2 * s30, 2 * c30];
    const hand = [elbow[0] - 1.5 * s75, elbow[1] + 1.5 * c75];
    expectMatrix(arm.globals, 0, fromRows([[c30, -s30, 0, 0], [s30, c30, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]));
    expectMatrix(arm.globals, 16, fromRows([[c75, -s75, 0, elbow[0]], [s75, c75, 0, elbow[1]], [0, 0, 1, 0], [0, 0, 0, 1]]));
    expectMatrix(arm.globals, 32, fromRows([[c75, -s75, 0, hand[0]], [s75, c75, 0, hand[1]], [0, 0, 1, 0], [0, 0, 0, 1]]));
    // The figures the page prints.
    expect(formatNumber(arm.globals[16 + 12])).toBe('-1');
    expect(formatNumber(arm.globals[16 + 13])).toBe('1.732');
    expect(formatNumber(arm.globals[32 + 12])).toBe('-2.449');
    expect(formatNumber(arm.globals[32 + 13])).toBe('2.12');
    expect(formatNumber(arm.globals[16 + 0])).toBe('0.259');
    expect(formatNumber(arm.globals[16 + 1])).toBe('0.966');
  });

  it('gives the same chain with quaternions and translations (combineRigid)', () => {
    for (const [rigid, offset] of [
      [arm.elbowRigid, 16],
      [arm.handRigid, 32],
    ] as const) {
      expect(rigid.translation[0]).toBeCloseTo(arm.globals[offset + 12], 6);
      expect(rigid.translation[1]).toBeCloseTo(arm.globals[offset + 13], 6);
      expect(rigid.translation[2]).toBeCloseTo(arm.globals[offset + 14], 6);
    }
    // 30° + 45° about Z: (0, 0, sin 37.5°, cos 37.5°), worked out without the core.
    const half = (75 / 2) * (Math.PI / 180);
    const expected = [0, 0, Math.sin(half), Math.cos(half)];
    for (let i = 0; i < 4; i++) expect(arm.elbowRigid.rotation[i]).toBeCloseTo(expected[i], 6);
    expect(tupleTex(arm.elbowRigid.rotation, 0, 4)).toBe('(0,\\ 0,\\ 0.609,\\ 0.793)');
  });
});

describe('typesetting helpers', () => {
  it('formats numbers without trailing zeros or negative zero', () => {
    expect(formatNumber(-0.0000001)).toBe('0');
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(0.70710678)).toBe('0.707');
    expect(formatNumber(-1.0000001)).toBe('-1');
  });

  it('writes a column-major matrix row by row', () => {
    const m = new Float32Array(fromRows([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]));
    expect(matrixTex(m, 0)).toBe(
      '\\begin{bmatrix} 1 & 2 & 3 & 4 \\\\ 5 & 6 & 7 & 8 \\\\ 9 & 10 & 11 & 12 \\\\ 13 & 14 & 15 & 16 \\end{bmatrix}',
    );
  });
});
