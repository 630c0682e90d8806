import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/figures/shared/format.ts';
import { formatEntry } from '../../src/figures/shared/matrix-readout.ts';

describe('formatNumber', () => {
  it('rounds to the given decimals and drops trailing zeros by default (worked examples)', () => {
    expect(formatNumber(2.1204)).toBe('2.12');
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(0.70710678)).toBe('0.707');
    expect(formatNumber(-1.0000001)).toBe('-1');
    expect(formatNumber(10, 0)).toBe('10');
    expect(formatNumber(100)).toBe('100');
  });

  it('keeps trailing zeros when fixed (read-outs whose columns must not jitter)', () => {
    expect(formatNumber(0.5, 2, { fixed: true })).toBe('0.50');
    expect(formatNumber(1.25, 2, { fixed: true })).toBe('1.25');
    expect(formatNumber(3, 2, { fixed: true })).toBe('3.00');
  });

  it('writes the chosen minus sign and never a negative zero', () => {
    expect(formatNumber(-0.5, 2, { fixed: true, minus: '\u2212' })).toBe('\u22120.50');
    expect(formatNumber(-0.001, 2, { fixed: true, minus: '\u2212' })).toBe('0.00');
    expect(formatNumber(-0.0000001)).toBe('0');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-2.5)).toBe('-2.5');
  });

  it('writes NaN and infinities as JavaScript does', () => {
    expect(formatNumber(NaN)).toBe('NaN');
    expect(formatNumber(Infinity, 2, { fixed: true })).toBe('Infinity');
    expect(formatNumber(-Infinity)).toBe('-Infinity');
  });
});

describe('formatEntry (matrix read-out)', () => {
  it('writes two fixed decimals with a true minus sign', () => {
    expect(formatEntry(-0.5)).toBe('\u22120.50');
    expect(formatEntry(0.866)).toBe('0.87');
    expect(formatEntry(-0.004)).toBe('0.00');
  });
});
