// Splitting a node's 4×4 `matrix` into the translation, rotation and scale the core animates.
// glTF requires node matrices to be decomposable (T × R × S); a matrix with shear or a projective
// row is not, and gets the closest T × R × S instead (the caller reports it).

/** Writable storage for a vector or quaternion (Float32Array, Float64Array or number[]). */
export type MutableVector = { [index: number]: number };

/** Relative recomposition error above which a matrix counts as not decomposable. */
export const DECOMPOSE_TOLERANCE = 1e-4;

const POLAR_ITERATIONS = 64;

/**
 * Splits column-major `m` (16 numbers) into translation (3), unit quaternion [x, y, z, w] (4) and
 * scale (3) with T × R × S ≈ m. A negative determinant (mirroring) becomes a negative x scale.
 * For a matrix with shear, the rotation is the orthogonal polar factor (the rotation nearest to
 * the matrix's 3×3 part) and each scale the matrix column projected onto the rotated axis; zero
 * columns get an axis completing a right-handed frame and scale 0.
 * Returns the largest difference between T × R × S and `m`, divided by max(1, longest column of
 * the 3×3 part): ~1e-7 for a matrix authored as TRS in single precision.
 */
export function decomposeMatrix(
  outTranslation: MutableVector,
  outRotation: MutableVector,
  outScale: MutableVector,
  m: ArrayLike<number>,
): number {
  outTranslation[0] = m[12];
  outTranslation[1] = m[13];
  outTranslation[2] = m[14];

  // Columns of the 3×3 part, column-major: a[3c + r].
  const a = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
  const lengths = [0, 1, 2].map((c) => Math.hypot(a[3 * c], a[3 * c + 1], a[3 * c + 2]));
  const longest = Math.max(lengths[0], lengths[1], lengths[2]);

  const r = new Float64Array(9);
  const negligible = 1e-12 * Math.max(longest, Number.MIN_VALUE);
  for (let c = 0; c < 3; c++) {
    if (lengths[c] > negligible) {
      for (let k = 0; k < 3; k++) r[3 * c + k] = a[3 * c + k] / lengths[c];
    }
  }
  if (Math.abs(determinant3(r)) < 1e-6) {
    orthonormalFrame(r, lengths);
  } else {
    if (determinant3(r) < 0) for (let k = 0; k < 3; k++) r[k] = -r[k];
    polarRotation(r);
  }

  for (let c = 0; c < 3; c++) {
    outScale[c] = r[3 * c] * a[3 * c] + r[3 * c + 1] * a[3 * c + 1] + r[3 * c + 2] * a[3 * c + 2];
  }
  quaternionFromRotation(outRotation, r);

  // Recompose R × S (column c of R scaled by s_c) and compare, bottom row included.
  let error = Math.max(Math.abs(m[3]), Math.abs(m[7]), Math.abs(m[11]), Math.abs(m[15] - 1));
  const q = [outRotation[0], outRotation[1], outRotation[2], outRotation[3]];
  const rotation = rotationFromQuaternion(q);
  for (let c = 0; c < 3; c++) {
    for (let k = 0; k < 3; k++) {
      error = Math.max(error, Math.abs(rotation[3 * c + k] * outScale[c] - a[3 * c + k]));
    }
  }
  return error / Math.max(1, longest);
}

function determinant3(r: ArrayLike<number>): number {
  return r[0] * (r[4] * r[8] - r[5] * r[7]) - r[3] * (r[1] * r[8] - r[2] * r[7]) + r[6] * (r[1] * r[5] - r[2] * r[4]);
}

/**
 * Replaces `r` (unit or zero columns, nearly singular) by a right-handed orthonormal frame built by
 * Gram–Schmidt from its columns, longest first; missing directions are completed.
 */
function orthonormalFrame(r: Float64Array, lengths: number[]): void {
  const order = [0, 1, 2].sort((x, y) => lengths[y] - lengths[x]);
  const basis: number[][] = [];
  for (const c of order) {
    const v = [r[3 * c], r[3 * c + 1], r[3 * c + 2]];
    for (const b of basis) {
      const d = v[0] * b[0] + v[1] * b[1] + v[2] * b[2];
      for (let k = 0; k < 3; k++) v[k] -= d * b[k];
    }
    const length = Math.hypot(v[0], v[1], v[2]);
    if (length > 1e-6) basis.push(v.map((x) => x / length));
  }
  if (basis.length === 0) basis.push([1, 0, 0]);
  if (basis.length === 1) {
    const u = basis[0];
    // Any axis not parallel to u, made orthogonal to it.
    const axis = Math.abs(u[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
    const d = axis[0] * u[0] + axis[1] * u[1] + axis[2] * u[2];
    const v = [axis[0] - d * u[0], axis[1] - d * u[1], axis[2] - d * u[2]];
    const length = Math.hypot(v[0], v[1], v[2]);
    basis.push(v.map((x) => x / length));
  }
  if (basis.length === 2) {
    const [u, v] = basis;
    basis.push([u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]);
  }
  for (let i = 0; i < 3; i++) {
    const c = order[i];
    for (let k = 0; k < 3; k++) r[3 * c + k] = basis[i][k];
  }
  if (determinant3(r) < 0) {
    const weakest = order[2];
    for (let k = 0; k < 3; k++) r[3 * weakest + k] = -r[3 * weakest + k];
  }
}

/** Newton iteration R ← (R + R⁻ᵀ) / 2, converging to the orthogonal polar factor of a non-singular R. */
function polarRotation(r: Float64Array): void {
  const inverseTranspose = new Float64Array(9);
  for (let iteration = 0; iteration < POLAR_ITERATIONS; iteration++) {
    const det = determinant3(r);
    // Cofactor matrix / det = inverse transpose.
    inverseTranspose[0] = (r[4] * r[8] - r[5] * r[7]) / det;
    inverseTranspose[1] = (r[5] * r[6] - r[3] * r[8]) / det;
    inverseTranspose[2] = (r[3] * r[7] - r[4] * r[6]) / det;
    inverseTranspose[3] = (r[2] * r[7] - r[1] * r[8]) / det;
    inverseTranspose[4] = (r[0] * r[8] - r[2] * r[6]) / det;
    inverseTranspose[5] = (r[1] * r[6] - r[0] * r[7]) / det;
    inverseTranspose[6] = (r[1] * r[5] - r[2] * r[4]) / det;
    inverseTranspose[7] = (r[2] * r[3] - r[0] * r[5]) / det;
    inverseTranspose[8] = (r[0] * r[4] - r[1] * r[3]) / det;
    let change = 0;
    for (let k = 0; k < 9; k++) {
      const next = 0.5 * (r[k] + inverseTranspose[k]);
      change = Math.max(change, Math.abs(next - r[k]));
      r[k] = next;
    }
    if (!(change > 1e-15)) return;
  }
}

/** Unit quaternion of a rotation matrix (column-major 3×3), Shepperd's method as in gl-matrix. */
function quaternionFromRotation(out: MutableVector, m: ArrayLike<number>): void {
  const trace = m[0] + m[4] + m[8];
  let x: number;
  let y: number;
  let z: number;
  let w: number;
  if (trace > 0) {
    const root = Math.sqrt(trace + 1); // 2w
    w = 0.5 * root;
    const f = 0.5 / root;
    x = (m[5] - m[7]) * f;
    y = (m[6] - m[2]) * f;
    z = (m[1] - m[3]) * f;
  } else {
    let i = 0;
    if (m[4] > m[0]) i = 1;
    if (m[8] > m[3 * i + i]) i = 2;
    const j = (i + 1) % 3;
    const k = (i + 2) % 3;
    const q = [0, 0, 0];
    const root = Math.sqrt(m[3 * i + i] - m[3 * j + j] - m[3 * k + k] + 1);
    q[i] = 0.5 * root;
    const f = 0.5 / root;
    w = (m[3 * j + k] - m[3 * k + j]) * f;
    q[j] = (m[3 * j + i] + m[3 * i + j]) * f;
    q[k] = (m[3 * k + i] + m[3 * i + k]) * f;
    [x, y, z] = q;
  }
  const length = Math.hypot(x, y, z, w);
  out[0] = x / length;
  out[1] = y / length;
  out[2] = z / length;
  out[3] = w / length;
}

/** Column-major 3×3 rotation of a unit quaternion [x, y, z, w]. */
function rotationFromQuaternion(q: number[]): number[] {
  const [x, y, z, w] = q;
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y + z * w),
    2 * (x * z - y * w),
    2 * (x * y - z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z + x * w),
    2 * (x * z + y * w),
    2 * (y * z - x * w),
    1 - 2 * (x * x + y * y),
  ];
}
