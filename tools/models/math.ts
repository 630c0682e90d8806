// Double-precision vector, quaternion and matrix helpers for the model generator.
//
// Authoring happens in 64-bit floats and is rounded to 32 bits only when the glTF accessors are
// written, so inverse bind matrices and keyed values are as exact as the file format allows.
// Conventions match the core: quaternions [x, y, z, w], column-major 4×4 matrices (16 numbers),
// column vectors, angles in radians unless a name says degrees.

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];
/** Column-major 4×4 matrix, 16 numbers. */
export type Mat4 = number[];

export const IDENTITY_QUAT: Quat = [0, 0, 0, 1];
export const ZERO3: Vec3 = [0, 0, 0];
export const ONE3: Vec3 = [1, 1, 1];

/** Degrees → radians. */
export function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/**
 * Rounds a value within 1e-12 of a multiple of 10⁻⁶ to that multiple, so authored numbers such as
 * 0, 1 or 0.1 survive arithmetic noise (1.1 − 1 = 0.10000000000000009 becomes 0.1).
 */
export function snap(value: number): number {
  const nearest = Math.round(value * 1e6) / 1e6;
  return Math.abs(value - nearest) < 1e-12 ? nearest + 0 : value;
}

export function add3(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function sub3(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function scale3(a: Vec3, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}

/** a + b·s */
export function addScaled3(a: Vec3, b: Vec3, s: number): Vec3 {
  return [a[0] + b[0] * s, a[1] + b[1] * s, a[2] + b[2] * s];
}

export function dot3(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross3(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function length3(a: Vec3): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/** Unit vector along `a`; `a` must not be zero. */
export function normalize3(a: Vec3): Vec3 {
  return scale3(a, 1 / length3(a));
}

/** Rotation of `radiansAngle` about the unit `axis` (right-handed). */
export function quatAxisAngle(axis: Vec3, radiansAngle: number): Quat {
  const unit = normalize3(axis);
  const s = Math.sin(radiansAngle / 2);
  return [unit[0] * s, unit[1] * s, unit[2] * s, Math.cos(radiansAngle / 2)];
}

/** a·b: rotate by b first, then by a. */
export function quatMultiply(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** Inverse of a unit quaternion. */
export function quatConjugate(q: Quat): Quat {
  return [-q[0], -q[1], -q[2], q[3]];
}

export function quatNormalize(q: Quat): Quat {
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / length, q[1] / length, q[2] / length, q[3] / length];
}

/** Rotates `v` by the unit quaternion `q`. */
export function quatRotate(q: Quat, v: Vec3): Vec3 {
  const axis: Vec3 = [q[0], q[1], q[2]];
  const t = scale3(cross3(axis, v), 2);
  return add3(add3(v, scale3(t, q[3])), cross3(axis, t));
}

/** Product of rotations applied left to right: `quatChain(a, b, c)` rotates by a, then b, then c. */
export function quatChain(...rotations: Quat[]): Quat {
  let result: Quat = IDENTITY_QUAT;
  for (const rotation of rotations) result = quatMultiply(rotation, result);
  return result;
}

/**
 * The rotation whose columns are the orthonormal, right-handed axes x, y, z (x × y = z).
 * The result has w ≥ 0 and components within 1e-12 of 0 or ±1 snapped to them.
 */
export function quatFromAxes(x: Vec3, y: Vec3, z: Vec3): Quat {
  // Shoemake's method on the row-major 3×3 [x y z] columns.
  const m00 = x[0],
    m10 = x[1],
    m20 = x[2];
  const m01 = y[0],
    m11 = y[1],
    m21 = y[2];
  const m02 = z[0],
    m12 = z[1],
    m22 = z[2];
  const trace = m00 + m11 + m22;
  let q: Quat;
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    q = [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4];
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = [(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = [(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s];
  }
  if (q[3] < 0) q = [-q[0], -q[1], -q[2], -q[3]];
  return snapQuat(quatNormalize(q));
}

/** Snaps each component with `snap` (keeps exact 0, ±1 for axis-aligned rotations). */
export function snapQuat(q: Quat): Quat {
  return [snap(q[0]), snap(q[1]), snap(q[2]), snap(q[3])];
}

export function snapVec3(v: Vec3): Vec3 {
  return [snap(v[0]), snap(v[1]), snap(v[2])];
}

/** T × R × S as a column-major matrix. */
export function mat4FromTRS(t: Vec3, q: Quat, s: Vec3): Mat4 {
  const [x, y, z, w] = q;
  const xx = x * x,
    yy = y * y,
    zz = z * z;
  const xy = x * y,
    xz = x * z,
    yz = y * z,
    wx = w * x,
    wy = w * y,
    wz = w * z;
  // prettier-ignore
  return [
    (1 - 2 * (yy + zz)) * s[0], 2 * (xy + wz) * s[0], 2 * (xz - wy) * s[0], 0,
    2 * (xy - wz) * s[1], (1 - 2 * (xx + zz)) * s[1], 2 * (yz + wx) * s[1], 0,
    2 * (xz + wy) * s[2], 2 * (yz - wx) * s[2], (1 - 2 * (xx + yy)) * s[2], 0,
    t[0], t[1], t[2], 1,
  ];
}

/** a × b (column-major). */
export function mat4Multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Array<number>(16);
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row] * b[column * 4 + k];
      out[column * 4 + row] = sum;
    }
  }
  return out;
}

/**
 * Inverse of an affine matrix whose upper 3×3 block is a rotation times a positive scale per
 * axis (every node transform here). Exact for rigid transforms: transposes the rotation.
 */
export function mat4InvertAffine(m: Mat4): Mat4 {
  // Columns of the 3×3 block and their squared lengths (the squared scales).
  const c0: Vec3 = [m[0], m[1], m[2]];
  const c1: Vec3 = [m[4], m[5], m[6]];
  const c2: Vec3 = [m[8], m[9], m[10]];
  const l0 = dot3(c0, c0),
    l1 = dot3(c1, c1),
    l2 = dot3(c2, c2);
  const r0 = scale3(c0, 1 / l0),
    r1 = scale3(c1, 1 / l1),
    r2 = scale3(c2, 1 / l2);
  const t: Vec3 = [m[12], m[13], m[14]];
  // prettier-ignore
  return [
    r0[0], r1[0], r2[0], 0,
    r0[1], r1[1], r2[1], 0,
    r0[2], r1[2], r2[2], 0,
    -dot3(r0, t), -dot3(r1, t), -dot3(r2, t), 1,
  ];
}

/** m × (p, 1). */
export function mat4TransformPoint(m: Mat4, p: Vec3): Vec3 {
  return [
    m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12],
    m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
    m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14],
  ];
}

/** Cubic Hermite smoothstep: 0 below `edge0`, 1 above `edge1`, C¹ in between. */
export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** Clamps `x` to [lo, hi]. */
export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/**
 * Periodic raised-cosine bump on a phase in [0, 1): 1 at `center`, falling smoothly to 0 at a
 * phase distance of `halfWidth` (≤ 0.5), 0 beyond.
 */
export function phaseBump(phase: number, center: number, halfWidth: number): number {
  let distance = Math.abs(phase - center) % 1;
  if (distance > 0.5) distance = 1 - distance;
  if (distance >= halfWidth) return 0;
  return 0.5 * (1 + Math.cos((Math.PI * distance) / halfWidth));
}
