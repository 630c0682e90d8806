// Small maths kernels that read and write flat Float32Arrays at offsets.
//
// Per-frame code works on big flat buffers (16 floats per matrix, 4 per quaternion, 3 per vector,
// one entry per node or joint). These kernels take the buffer and an element offset instead of a
// view, so a frame creates no subarrays and no temporary objects. Arithmetic happens in doubles
// (JavaScript numbers); only the stored results are rounded to float32.
//
// Conventions (as gl-matrix): column-major 4×4 matrices, column vectors, post-multiplication,
// quaternions [x, y, z, w]. Offsets count floats, not elements, and must leave room for the whole
// element (16 floats for a matrix, 4 for a quaternion, 3 for a vector); the kernels do not check.
//
// Aliasing: every kernel reads all of its inputs before it writes, so `out` may be any of its
// inputs at the same offset. Partially overlapping ranges (same array, different offsets that
// overlap) are not supported.
//
// A singular matrix is not an error: invertMat4At returns null for it, and the caller decides.

/**
 * Below this 1 − cos θ (θ < 0.026°), slerp blends two unit quaternions linearly: sin θ vanishes
 * there, and the lerp's shortfall from unit length, at most (1 − cos θ) / 4 = 2.5e-8, is below
 * float32's resolution at 1 (6e-8).
 */
const SLERP_PARALLEL_THRESHOLD = 1e-7;

/**
 * Copies source into out, element by element up to the shorter length (the whole array when the
 * lengths match, by one memcpy); never throws; returns out.
 */
export function copyFloats(out: Float32Array, source: Float32Array): Float32Array {
  if (out === source) return out;
  if (out.length === source.length) {
    out.set(source);
    return out;
  }
  const count = out.length < source.length ? out.length : source.length;
  for (let i = 0; i < count; i++) out[i] = source[i];
  return out;
}

/** Writes the 4×4 identity at out[outOffset..+16) and returns out. */
export function setIdentityAt(out: Float32Array, outOffset: number): Float32Array {
  out[outOffset] = 1;
  out[outOffset + 1] = 0;
  out[outOffset + 2] = 0;
  out[outOffset + 3] = 0;
  out[outOffset + 4] = 0;
  out[outOffset + 5] = 1;
  out[outOffset + 6] = 0;
  out[outOffset + 7] = 0;
  out[outOffset + 8] = 0;
  out[outOffset + 9] = 0;
  out[outOffset + 10] = 1;
  out[outOffset + 11] = 0;
  out[outOffset + 12] = 0;
  out[outOffset + 13] = 0;
  out[outOffset + 14] = 0;
  out[outOffset + 15] = 1;
  return out;
}

/** Copies the 4×4 at a[aOffset..+16) to out[outOffset..+16) and returns out. */
export function copyMat4At(out: Float32Array, outOffset: number, a: Float32Array, aOffset: number): Float32Array {
  for (let i = 0; i < 16; i++) out[outOffset + i] = a[aOffset + i];
  return out;
}

/** out = a × b for column-major 4×4 matrices at the given offsets; returns out. */
export function multiplyMat4At(
  out: Float32Array,
  outOffset: number,
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
): Float32Array {
  const a00 = a[aOffset], a01 = a[aOffset + 1], a02 = a[aOffset + 2], a03 = a[aOffset + 3];
  const a10 = a[aOffset + 4], a11 = a[aOffset + 5], a12 = a[aOffset + 6], a13 = a[aOffset + 7];
  const a20 = a[aOffset + 8], a21 = a[aOffset + 9], a22 = a[aOffset + 10], a23 = a[aOffset + 11];
  const a30 = a[aOffset + 12], a31 = a[aOffset + 13], a32 = a[aOffset + 14], a33 = a[aOffset + 15];
  // One column of b at a time: column j of the product needs only column j of b, so writing it
  // straight away is safe even when out is b.
  for (let column = 0; column < 16; column += 4) {
    const b0 = b[bOffset + column], b1 = b[bOffset + column + 1];
    const b2 = b[bOffset + column + 2], b3 = b[bOffset + column + 3];
    out[outOffset + column] = a00 * b0 + a10 * b1 + a20 * b2 + a30 * b3;
    out[outOffset + column + 1] = a01 * b0 + a11 * b1 + a21 * b2 + a31 * b3;
    out[outOffset + column + 2] = a02 * b0 + a12 * b1 + a22 * b2 + a32 * b3;
    out[outOffset + column + 3] = a03 * b0 + a13 * b1 + a23 * b2 + a33 * b3;
  }
  return out;
}

/**
 * out = T × R × S: the local matrix of translation t (3 floats), unit quaternion q (4 floats,
 * [x, y, z, w]) and scale s (3 floats), as gl-matrix's mat4.fromRotationTranslationScale; returns out.
 */
export function composeTRSAt(
  out: Float32Array,
  outOffset: number,
  t: Float32Array,
  tOffset: number,
  q: Float32Array,
  qOffset: number,
  s: Float32Array,
  sOffset: number,
): Float32Array {
  const x = q[qOffset], y = q[qOffset + 1], z = q[qOffset + 2], w = q[qOffset + 3];
  const sx = s[sOffset], sy = s[sOffset + 1], sz = s[sOffset + 2];
  const tx = t[tOffset], ty = t[tOffset + 1], tz = t[tOffset + 2];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2;
  const yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[outOffset] = (1 - (yy + zz)) * sx;
  out[outOffset + 1] = (xy + wz) * sx;
  out[outOffset + 2] = (xz - wy) * sx;
  out[outOffset + 3] = 0;
  out[outOffset + 4] = (xy - wz) * sy;
  out[outOffset + 5] = (1 - (xx + zz)) * sy;
  out[outOffset + 6] = (yz + wx) * sy;
  out[outOffset + 7] = 0;
  out[outOffset + 8] = (xz + wy) * sz;
  out[outOffset + 9] = (yz - wx) * sz;
  out[outOffset + 10] = (1 - (xx + yy)) * sz;
  out[outOffset + 11] = 0;
  out[outOffset + 12] = tx;
  out[outOffset + 13] = ty;
  out[outOffset + 14] = tz;
  out[outOffset + 15] = 1;
  return out;
}

/**
 * out = a⁻¹ for the 4×4 at a[aOffset]; returns out, or null (leaving out untouched) when a is
 * singular (determinant 0) or holds a non-finite value.
 */
export function invertMat4At(out: Float32Array, outOffset: number, a: Float32Array, aOffset: number): Float32Array | null {
  const a00 = a[aOffset], a01 = a[aOffset + 1], a02 = a[aOffset + 2], a03 = a[aOffset + 3];
  const a10 = a[aOffset + 4], a11 = a[aOffset + 5], a12 = a[aOffset + 6], a13 = a[aOffset + 7];
  const a20 = a[aOffset + 8], a21 = a[aOffset + 9], a22 = a[aOffset + 10], a23 = a[aOffset + 11];
  const a30 = a[aOffset + 12], a31 = a[aOffset + 13], a32 = a[aOffset + 14], a33 = a[aOffset + 15];
  const b00 = a00 * a11 - a01 * a10;
  const b01 = a00 * a12 - a02 * a10;
  const b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11;
  const b04 = a01 * a13 - a03 * a11;
  const b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30;
  const b07 = a20 * a32 - a22 * a30;
  const b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31;
  const b10 = a21 * a33 - a23 * a31;
  const b11 = a22 * a33 - a23 * a32;
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (det === 0 || !Number.isFinite(det)) return null;
  const inv = 1 / det;
  out[outOffset] = (a11 * b11 - a12 * b10 + a13 * b09) * inv;
  out[outOffset + 1] = (a02 * b10 - a01 * b11 - a03 * b09) * inv;
  out[outOffset + 2] = (a31 * b05 - a32 * b04 + a33 * b03) * inv;
  out[outOffset + 3] = (a22 * b04 - a21 * b05 - a23 * b03) * inv;
  out[outOffset + 4] = (a12 * b08 - a10 * b11 - a13 * b07) * inv;
  out[outOffset + 5] = (a00 * b11 - a02 * b08 + a03 * b07) * inv;
  out[outOffset + 6] = (a32 * b02 - a30 * b05 - a33 * b01) * inv;
  out[outOffset + 7] = (a20 * b05 - a22 * b02 + a23 * b01) * inv;
  out[outOffset + 8] = (a10 * b10 - a11 * b08 + a13 * b06) * inv;
  out[outOffset + 9] = (a01 * b08 - a00 * b10 - a03 * b06) * inv;
  out[outOffset + 10] = (a30 * b04 - a31 * b02 + a33 * b00) * inv;
  out[outOffset + 11] = (a21 * b02 - a20 * b04 - a23 * b00) * inv;
  out[outOffset + 12] = (a11 * b07 - a10 * b09 - a12 * b06) * inv;
  out[outOffset + 13] = (a00 * b09 - a01 * b07 + a02 * b06) * inv;
  out[outOffset + 14] = (a31 * b01 - a30 * b03 - a32 * b00) * inv;
  out[outOffset + 15] = (a20 * b03 - a21 * b01 + a22 * b00) * inv;
  return out;
}

/** out = m × (p, 1) without the perspective divide: the 3×4 affine part of m applied to point p; returns out. */
export function transformPointAt(
  out: Float32Array,
  outOffset: number,
  m: Float32Array,
  mOffset: number,
  p: Float32Array,
  pOffset: number,
): Float32Array {
  const x = p[pOffset], y = p[pOffset + 1], z = p[pOffset + 2];
  out[outOffset] = m[mOffset] * x + m[mOffset + 4] * y + m[mOffset + 8] * z + m[mOffset + 12];
  out[outOffset + 1] = m[mOffset + 1] * x + m[mOffset + 5] * y + m[mOffset + 9] * z + m[mOffset + 13];
  out[outOffset + 2] = m[mOffset + 2] * x + m[mOffset + 6] * y + m[mOffset + 10] * z + m[mOffset + 14];
  return out;
}

/** out = a · b (Hamilton product: rotating by b first, then by a); returns out. */
export function multiplyQuatAt(
  out: Float32Array,
  outOffset: number,
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
): Float32Array {
  const ax = a[aOffset], ay = a[aOffset + 1], az = a[aOffset + 2], aw = a[aOffset + 3];
  const bx = b[bOffset], by = b[bOffset + 1], bz = b[bOffset + 2], bw = b[bOffset + 3];
  out[outOffset] = ax * bw + aw * bx + ay * bz - az * by;
  out[outOffset + 1] = ay * bw + aw * by + az * bx - ax * bz;
  out[outOffset + 2] = az * bw + aw * bz + ax * by - ay * bx;
  out[outOffset + 3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

/** out = q v q* : vector v (3 floats) rotated by unit quaternion q; returns out. */
export function rotateVec3ByQuatAt(
  out: Float32Array,
  outOffset: number,
  q: Float32Array,
  qOffset: number,
  v: Float32Array,
  vOffset: number,
): Float32Array {
  const qx = q[qOffset], qy = q[qOffset + 1], qz = q[qOffset + 2], qw = q[qOffset + 3];
  const vx = v[vOffset], vy = v[vOffset + 1], vz = v[vOffset + 2];
  // v' = v + 2w (q⃗ × v) + 2 q⃗ × (q⃗ × v)
  const cx = 2 * (qy * vz - qz * vy);
  const cy = 2 * (qz * vx - qx * vz);
  const cz = 2 * (qx * vy - qy * vx);
  out[outOffset] = vx + qw * cx + (qy * cz - qz * cy);
  out[outOffset + 1] = vy + qw * cy + (qz * cx - qx * cz);
  out[outOffset + 2] = vz + qw * cz + (qx * cy - qy * cx);
  return out;
}

/** out = q / |q|; a zero or non-finite quaternion becomes the identity [0, 0, 0, 1]; returns out. */
export function normalizeQuatAt(out: Float32Array, outOffset: number, q: Float32Array, qOffset: number): Float32Array {
  writeUnitQuat(out, outOffset, q[qOffset], q[qOffset + 1], q[qOffset + 2], q[qOffset + 3]);
  return out;
}

/** out = a + (b − a)·t for 3-vectors, t in [0, 1] (not clamped); returns out. */
// #region lerp
export function lerpVec3At(
  out: Float32Array,
  outOffset: number,
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
  t: number,
): Float32Array {
  const ax = a[aOffset], ay = a[aOffset + 1], az = a[aOffset + 2];
  out[outOffset] = ax + (b[bOffset] - ax) * t;
  out[outOffset + 1] = ay + (b[bOffset + 1] - ay) * t;
  out[outOffset + 2] = az + (b[bOffset + 2] - az) * t;
  return out;
}
// #endregion lerp

/**
 * Normalised linear interpolation of unit quaternions along the shorter arc (b is negated when
 * a·b < 0), t in [0, 1]; cheaper than slerp, same end points, non-constant angular speed; returns out.
 */
// #region nlerp
export function nlerpQuatAt(
  out: Float32Array,
  outOffset: number,
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
  t: number,
): Float32Array {
  const ax = a[aOffset], ay = a[aOffset + 1], az = a[aOffset + 2], aw = a[aOffset + 3];
  let bx = b[bOffset], by = b[bOffset + 1], bz = b[bOffset + 2], bw = b[bOffset + 3];
  if (ax * bx + ay * by + az * bz + aw * bw < 0) {
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  writeUnitQuat(out, outOffset, ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t, aw + (bw - aw) * t);
  return out;
}
// #endregion nlerp

/**
 * Spherical linear interpolation of unit quaternions along the shorter arc (b is negated when
 * a·b < 0), t in [0, 1]; returns out. θ is the angle between a and b as 4-vectors (a·b divided by
 * their lengths), so keys stored slightly off unit length interpolate without growing. Within
 * SLERP_PARALLEL_THRESHOLD of parallel, where sin θ vanishes, the weights are those of a lerp:
 * the arc is then shorter than float32 resolves, and equal inputs give that input back exactly.
 */
// #region slerp
export function slerpQuatAt(
  out: Float32Array,
  outOffset: number,
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
  t: number,
): Float32Array {
  const ax = a[aOffset], ay = a[aOffset + 1], az = a[aOffset + 2], aw = a[aOffset + 3];
  const bx = b[bOffset], by = b[bOffset + 1], bz = b[bOffset + 2], bw = b[bOffset + 3];
  const dot = ax * bx + ay * by + az * bz + aw * bw;
  // q and −q are the same rotation: take b on a's side, the shorter way round.
  const side = dot < 0 ? -1 : 1;
  const cosine = (side * dot) / Math.sqrt((ax * ax + ay * ay + az * az + aw * aw) * (bx * bx + by * by + bz * bz + bw * bw));
  let weightA = 1 - t;
  let weightB = t;
  if (cosine < 1 - SLERP_PARALLEL_THRESHOLD) {
    const angle = Math.acos(cosine);
    const inverseSine = 1 / Math.sin(angle);
    weightA = Math.sin(weightA * angle) * inverseSine;
    weightB = Math.sin(weightB * angle) * inverseSine;
  }
  weightB *= side;
  out[outOffset] = weightA * ax + weightB * bx;
  out[outOffset + 1] = weightA * ay + weightB * by;
  out[outOffset + 2] = weightA * az + weightB * bz;
  out[outOffset + 3] = weightA * aw + weightB * bw;
  return out;
}
// #endregion slerp

/** Writes (x, y, z, w) / |(x, y, z, w)| at out[outOffset]; the zero or non-finite quaternion becomes the identity. */
function writeUnitQuat(out: Float32Array, outOffset: number, x: number, y: number, z: number, w: number): void {
  const lengthSquared = x * x + y * y + z * z + w * w;
  if (lengthSquared > 0 && lengthSquared < Infinity) {
    const inverseLength = 1 / Math.sqrt(lengthSquared);
    out[outOffset] = x * inverseLength;
    out[outOffset + 1] = y * inverseLength;
    out[outOffset + 2] = z * inverseLength;
    out[outOffset + 3] = w * inverseLength;
  } else {
    out[outOffset] = 0;
    out[outOffset + 1] = 0;
    out[outOffset + 2] = 0;
    out[outOffset + 3] = 1;
  }
}
