// What the chapter modules share: numbers as the question prose prints them, points
// pushed through a matrix, one node's matrix cut out of a buffer. Build time only.
import { transformPointAt } from '../core/math.ts';
import { formatNumber } from '../figures/shared/format.ts';

/** `value` with at most `decimals` decimals, trailing zeros dropped, a true minus sign. */
export function num(value: number, decimals = 2): string {
  return formatNumber(value, decimals, { minus: '\u2212' });
}

/** "(x, y, z)" with `decimals` decimals each. */
export function tuple(values: ArrayLike<number>, decimals = 2): string {
  return `(${Array.from(values, (value) => num(value, decimals)).join(', ')})`;
}

/** matrix × point (w = 1), as a new 3-float array. */
export function transformPoint(matrix: Float32Array, point: ArrayLike<number>, matrixOffset = 0): Float32Array {
  return transformPointAt(new Float32Array(3), 0, matrix, matrixOffset, Float32Array.from(point), 0);
}

/** The 16 floats of matrix `index` in a buffer of column-major 4×4s. */
export function matrixAt(matrices: Float32Array, index: number): Float32Array {
  if (!(index >= 0 && 16 * index + 16 <= matrices.length)) throw new Error(`matrixAt: no matrix ${index} in ${matrices.length / 16}`);
  return matrices.slice(16 * index, 16 * index + 16);
}

/** The unit quaternion [x, y, z, w] of a turn of `degrees` about +z. */
export function turnAboutZ(degrees: number): [number, number, number, number] {
  const half = (degrees * Math.PI) / 360;
  return [0, 0, Math.sin(half), Math.cos(half)];
}

/** The hierarchy index of the node named `name`, or an Error naming the file. */
export function nodeNamed(names: readonly string[], name: string, file: string): number {
  const index = names.indexOf(name);
  if (index < 0) throw new Error(`${file} has no node "${name}"`);
  return index;
}

/** As num, with the ASCII minus TeX expects (inside $…$). */
export function texNum(value: number, decimals = 2): string {
  return formatNumber(value, decimals);
}
