// A 4×4 matrix's handedness: whether it mirrors (negative determinant of its 3×3 block), which
// the dual-quaternion checks and the rigid parts' face culling both ask. Its own module so that
// only the code that asks for it loads it.

/** Determinant of the upper-left 3×3 block of the column-major 4×4 at m[offset]: X · (Y × Z) of its columns. */
export function determinant3At(m: Float32Array, offset: number): number {
  const o = offset;
  return (
    m[o] * (m[o + 5] * m[o + 10] - m[o + 6] * m[o + 9]) +
    m[o + 1] * (m[o + 6] * m[o + 8] - m[o + 4] * m[o + 10]) +
    m[o + 2] * (m[o + 4] * m[o + 9] - m[o + 5] * m[o + 8])
  );
}
