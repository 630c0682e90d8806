// Chapter 10's worked numbers (src/figures/dual-quaternion/dual-quaternion-example.ts), against
// what can be derived by hand: the ring at a joint weighted half and half keeps cos²(θ/2) of its
// area under linear blend, all of it under dual quaternions; dual quaternions drop a scale.
import { describe, expect, it } from 'vitest';
import { computeDualQuaternionExample } from '../../src/figures/dual-quaternion/dual-quaternion-example.ts';

const example = computeDualQuaternionExample();

describe('chapter 10 worked examples', () => {
  it('linear blend keeps cos²(θ/2) of the section at a half-and-half ring; dual quaternions keep all of it', () => {
    expect(example.twists.map((row) => row.twist)).toEqual([0, 45, 90, 135, 180]);
    for (const row of example.twists) {
      const half = (row.twist * Math.PI) / 360;
      expect(row.predicted).toBeCloseTo(100 * Math.cos(half) ** 2, 9);
      expect(row.linear.section, `${row.twist}°`).toBeCloseTo(row.predicted, 4);
      expect(row.dual.section, `${row.twist}°`).toBeCloseTo(100, 4);
    }
    // Volume: linear blend loses more and more; dual quaternions stay within 1 %.
    const linear = example.twists.map((row) => row.linear.volume);
    for (let i = 1; i < linear.length; i++) expect(linear[i]).toBeLessThan(linear[i - 1]);
    expect(linear[4]).toBeCloseTo(82.447, 2);
    for (const row of example.twists) expect(Math.abs(row.dual.volume - 100)).toBeLessThan(1);
  });

  it('without sign alignment, the tube twisted 100° per joint swings a vertex across the diameter (0.5 units)', () => {
    expect(example.unaligned.twist).toBe(100);
    expect(example.unaligned.largestGap).toBeCloseTo(0.5, 4);
    expect(example.unaligned.aligned.section).toBeCloseTo(100, 4);
  });

  it('a stretch of 2 along x: linear blend doubles the width, dual quaternions keep the bind width, and the core says why', () => {
    expect(example.stretch.restWidth).toBeCloseTo(0.5, 5);
    expect(example.stretch.linearWidth).toBeCloseTo(1, 5);
    expect(example.stretch.dualWidth).toBeCloseTo(0.5, 5);
    expect(example.stretch.reason).toMatch(/scales its axes by 2\.000, 1\.000, 1\.000: a dual quaternion keeps only the rotation and the translation/);
  });

  it('bending and the wrist twist: dual quaternions keep more volume and section', () => {
    expect(example.bulge.linear.volume).toBeCloseTo(93.109, 2);
    expect(example.bulge.dual.volume).toBeGreaterThan(example.bulge.linear.volume);
    expect(example.wrist.ringCount).toBeGreaterThan(8);
    expect(example.wrist.linear.section).toBeLessThan(25);
    expect(example.wrist.dual.section).toBeGreaterThan(95);
  });
});
