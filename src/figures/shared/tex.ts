// TeX for the worked examples' matrices and vectors, typeset by KaTeX at build time
// (src/figures/shared/MathFigure.astro).
import { formatNumber } from './format.ts';

/** TeX for the column-major 4×4 at `offset` of `matrices`, laid out in rows as on paper. */
export function matrixTex(matrices: Float32Array, offset: number, digits = 3): string {
  const rows: string[] = [];
  for (let row = 0; row < 4; row++) {
    const cells: string[] = [];
    for (let column = 0; column < 4; column++) cells.push(formatNumber(matrices[offset + 4 * column + row], digits));
    rows.push(cells.join(' & '));
  }
  return `\\begin{bmatrix} ${rows.join(' \\\\ ')} \\end{bmatrix}`;
}

/** TeX for a vector of `count` floats at `offset` as a row tuple, e.g. (0, 0, 0.609, 0.793). */
export function tupleTex(values: Float32Array, offset = 0, count = values.length, digits = 3): string {
  const cells: string[] = [];
  for (let i = 0; i < count; i++) cells.push(formatNumber(values[offset + i], digits));
  return `(${cells.join(',\\ ')})`;
}

/** TeX for `value` in scientific notation with `digits` significant digits, e.g. 1.2 \times 10^{-7}; 0 as 0. */
export function scientificTex(value: number, digits = 2): string {
  if (value === 0) return '0';
  const [mantissa, exponent] = value.toExponential(digits - 1).split('e');
  return `${mantissa} \\times 10^{${Number(exponent)}}`;
}
