// Dual quaternion skinning on the CPU (chapter: beyond linear blend skinning).
//
// Linear blend skinning averages matrices, and an average of rotations is not a rotation: two
// joints twisted 180° apart, weighted half and half, average to a matrix that flattens the vertex
// onto the twist axis (the candy-wrapper collapse, measured by src/core/skin-measures.ts). Dual
// quaternion skinning (L. Kavan, S. Collins, J. Žára, C. O'Sullivan, "Skinning with Dual
// Quaternions", I3D 2007) averages each joint's rigid transform written as a unit dual quaternion
// instead, and normalises the average, which is a rigid transform again: the vertex turns halfway
// instead of shrinking.
//
// A unit dual quaternion q̂ = q + ε·q_ε holds a rotation and a translation: the real part q is the
// rotation's unit quaternion and the dual part is q_ε = ½·t·q, where t = (t, 0) is the translation
// as a pure quaternion. Storage, as gl-matrix's quat2: 8 floats per joint, real [x, y, z, w] then
// dual [x, y, z, w], in the skin's joint order (the order JOINTS_0 indexes), like the palette.
//
// Per frame, paletteToDualQuaternions converts each palette matrix once. Per vertex, the blend
// (Kavan et al., Algorithm 1) sums wᵢ·q̂ᵢ over the vertex's joints, each taken on the first
// joint's side of the sphere (q̂ and −q̂ are the same transform, and the sum of the two would
// cancel), divides the sum by its real part's length, and applies it: the rotation, then the
// translation t = 2·q_ε·q*.
//
// What a dual quaternion cannot hold: scale, shear and mirroring. The conversion keeps the rotation
// of the matrix's normalised columns and drops the rest, silently, so check a palette with
// findNonRigidJoint / describeNonRigidJoint before trusting the result. For example, every
// skinning matrix of mannequin-zup-cm.glb scales by 0.01 (centimetres to metres): dual quaternion
// skinning of that palette would draw the model 100 times too large.
//
// The same maths runs on the GPU in shaders/skin-dq.vert (src/gl/dual-quaternion-texture.ts
// uploads the dual quaternions), and the two must agree. Linear blend skinning is
// src/core/skin.ts; skinVerticesDualQuaternion takes the same arguments as its skinVertices, so a
// figure switches between the two with one call.

import { determinant3At } from './determinant.ts';
import type { SkinnedPrimitive } from './model.ts';
import { skinnedNormalCount, skinnedVertexCount } from './skin.ts';

/**
 * Largest deviation from a rotation that findNonRigidJoint accepts by default: of a column's
 * length from 1, and of the cosine between two columns from 0. Float32 palettes built from unit
 * quaternions stay within about 1e-6 of both; a scale of 1.001 is reported.
 */
export const RIGID_TOLERANCE = 1e-4;

/** The identity transform as a dual quaternion: no rotation (real [0, 0, 0, 1]), no translation. */
const IDENTITY_DUAL_QUATERNION = new Float32Array([0, 0, 0, 1, 0, 0, 0, 0]);

/**
 * The blended dual quaternion of the vertex being skinned, in doubles: real [0..4), dual [4..8).
 * Scratch owned by skinVerticesWithDualQuaternions, rewritten for every vertex.
 */
const blended = new Float64Array(8);

/**
 * The palette as dual quaternions, 8 floats per joint, for skinVerticesDualQuaternion and the
 * unaligned variant in pitfalls.ts. Owned by paletteAsDualQuaternions: it grows (a new array) when
 * a palette with more joints than it holds arrives, so a figure allocates on its first frame only.
 */
let paletteScratch = new Float32Array(8 * 64);

/**
 * Writes the dual quaternion of the rigid part of the column-major 4×4 at m[mOffset..+16) to
 * out[outOffset..+8) and returns out. Rows 0–2 are read; the bottom row is not.
 *
 * The rotation comes from the 3×3 block's columns divided by their lengths, so a scale (uniform or
 * not) is dropped; a shear gives the rotation of the nearest orthonormal frame only roughly, and a
 * mirror (negative determinant) gives a rotation that is not what the matrix does: both are for
 * findNonRigidJoint to report. The real part is written with w ≥ 0 (the sign is a choice: q and −q
 * are the same rotation, and the blend does not rely on it). A matrix with a zero-length or
 * non-finite column has no rotation to keep and becomes the identity dual quaternion (its vertices
 * stay in the bind pose). Never throws; out may not overlap m.
 */
// #region matrix-to-dual-quaternion
export function matrixToDualQuaternionAt(out: Float32Array, outOffset: number, m: Float32Array, mOffset: number): Float32Array {
  const lengthX = Math.sqrt(m[mOffset] * m[mOffset] + m[mOffset + 1] * m[mOffset + 1] + m[mOffset + 2] * m[mOffset + 2]);
  const lengthY = Math.sqrt(m[mOffset + 4] * m[mOffset + 4] + m[mOffset + 5] * m[mOffset + 5] + m[mOffset + 6] * m[mOffset + 6]);
  const lengthZ = Math.sqrt(m[mOffset + 8] * m[mOffset + 8] + m[mOffset + 9] * m[mOffset + 9] + m[mOffset + 10] * m[mOffset + 10]);
  if (!(lengthX > 0 && lengthY > 0 && lengthZ > 0 && lengthX + lengthY + lengthZ < Infinity)) {
    for (let i = 0; i < 8; i++) out[outOffset + i] = IDENTITY_DUAL_QUATERNION[i];
    return out;
  }
  // The rotation matrix R: the columns at unit length. rRC is row R, column C.
  const r00 = m[mOffset] / lengthX, r10 = m[mOffset + 1] / lengthX, r20 = m[mOffset + 2] / lengthX;
  const r01 = m[mOffset + 4] / lengthY, r11 = m[mOffset + 5] / lengthY, r21 = m[mOffset + 6] / lengthY;
  const r02 = m[mOffset + 8] / lengthZ, r12 = m[mOffset + 9] / lengthZ, r22 = m[mOffset + 10] / lengthZ;

  // R → quaternion. For a unit quaternion (x, y, z, w): 1 + trace = 4w², r21 − r12 = 4wx,
  // r01 + r10 = 4xy, and so on; solve for the largest of w, x, y, z first, so that the other
  // three are divided by a number ≥ 1/2 (Shepperd's method). At 180°, w = 0 and an axis leads.
  let x: number, y: number, z: number, w: number;
  const trace = r00 + r11 + r22;
  if (trace > 0) {
    const s = 2 * Math.sqrt(1 + trace); // 4w
    w = s / 4;
    x = (r21 - r12) / s;
    y = (r02 - r20) / s;
    z = (r10 - r01) / s;
  } else if (r00 >= r11 && r00 >= r22) {
    const s = 2 * Math.sqrt(1 + r00 - r11 - r22); // 4x
    x = s / 4;
    w = (r21 - r12) / s;
    y = (r01 + r10) / s;
    z = (r02 + r20) / s;
  } else if (r11 >= r22) {
    const s = 2 * Math.sqrt(1 + r11 - r00 - r22); // 4y
    y = s / 4;
    w = (r02 - r20) / s;
    x = (r01 + r10) / s;
    z = (r12 + r21) / s;
  } else {
    const s = 2 * Math.sqrt(1 + r22 - r00 - r11); // 4z
    z = s / 4;
    w = (r10 - r01) / s;
    x = (r02 + r20) / s;
    y = (r12 + r21) / s;
  }
  // Unit length (a sheared R gives a slightly longer or shorter one), written with w ≥ 0.
  const scale = (w < 0 ? -1 : 1) / Math.sqrt(x * x + y * y + z * z + w * w);
  x *= scale;
  y *= scale;
  z *= scale;
  w *= scale;

  // The dual part, ½·t·q: the translation (column 3) as the pure quaternion (t, 0), times q.
  const tx = m[mOffset + 12] / 2, ty = m[mOffset + 13] / 2, tz = m[mOffset + 14] / 2;
  out[outOffset] = x;
  out[outOffset + 1] = y;
  out[outOffset + 2] = z;
  out[outOffset + 3] = w;
  out[outOffset + 4] = tx * w + ty * z - tz * y;
  out[outOffset + 5] = ty * w + tz * x - tx * z;
  out[outOffset + 6] = tz * w + tx * y - ty * x;
  out[outOffset + 7] = -tx * x - ty * y - tz * z;
  return out;
}
// #endregion matrix-to-dual-quaternion

/**
 * Converts every matrix of `palette` (16 floats per joint, as buildPalette writes it) with
 * matrixToDualQuaternionAt into outDualQuaternions (8 floats per joint, same joint order) and
 * returns it. Converts min(palette / 16, outDualQuaternions / 8) joints and leaves the rest of out
 * untouched. Never throws; allocates nothing; out must not overlap palette.
 */
export function paletteToDualQuaternions(outDualQuaternions: Float32Array, palette: Float32Array): Float32Array {
  const jointCount = Math.min(Math.floor(palette.length / 16), Math.floor(outDualQuaternions.length / 8));
  for (let j = 0; j < jointCount; j++) matrixToDualQuaternionAt(outDualQuaternions, 8 * j, palette, 16 * j);
  return outDualQuaternions;
}

/**
 * `palette` converted by paletteToDualQuaternions into this module's scratch, which is returned:
 * 8 floats for each of the palette's floor(length / 16) joints, then whatever earlier calls left.
 * The array is valid until the next call (from anywhere); allocates only when the palette has more
 * joints than any before it.
 */
export function paletteAsDualQuaternions(palette: Float32Array): Float32Array {
  const jointCount = Math.floor(palette.length / 16);
  if (paletteScratch.length < 8 * jointCount) paletteScratch = new Float32Array(8 * jointCount);
  return paletteToDualQuaternions(paletteScratch, palette);
}

/** What keeps a matrix from being a rotation plus a translation (see rigidityOf). */
const Rigidity = { RIGID: 0, NOT_FINITE: 1, SCALES: 2, SHEARS: 3, MIRRORS: 4 } as const;
type Rigidity = (typeof Rigidity)[keyof typeof Rigidity];

/**
 * The first joint of `palette` whose matrix is not a rotation plus a translation, within
 * `tolerance` (see RIGID_TOLERANCE): one that scales, shears or mirrors, or holds a non-finite
 * value in its top three rows. Returns its index, or −1 when every joint is rigid and the
 * conversion to dual quaternions keeps all of the palette. Never throws; allocates nothing.
 */
export function findNonRigidJoint(palette: Float32Array, tolerance = RIGID_TOLERANCE): number {
  const jointCount = Math.floor(palette.length / 16);
  for (let j = 0; j < jointCount; j++) if (rigidityOf(palette, 16 * j, tolerance) !== Rigidity.RIGID) return j;
  return -1;
}

/**
 * What keeps joint `joint` of `palette` from being rigid, in a sentence a figure can show, or null
 * when it is a rotation plus a translation within `tolerance`: a non-finite value, a scale (the
 * column lengths), a shear (the angle between two columns) or a mirror (negative determinant).
 * Throws a RangeError when the palette has no matrix for that joint.
 */
export function describeNonRigidJoint(palette: Float32Array, joint: number, tolerance = RIGID_TOLERANCE): string | null {
  const jointCount = Math.floor(palette.length / 16);
  if (!Number.isInteger(joint) || joint < 0 || joint >= jointCount) {
    throw new RangeError(`describeNonRigidJoint: joint ${joint} is not in the palette, which holds ${jointCount} joints (${palette.length} floats)`);
  }
  const o = 16 * joint;
  const column = (c: number) => [palette[o + 4 * c], palette[o + 4 * c + 1], palette[o + 4 * c + 2]];
  const columns = [column(0), column(1), column(2)];
  const lengths = columns.map((c) => Math.hypot(c[0], c[1], c[2]));
  switch (rigidityOf(palette, o, tolerance)) {
    case Rigidity.RIGID:
      return null;
    case Rigidity.NOT_FINITE:
      return `joint ${joint}: its matrix holds a value that is not a finite number`;
    case Rigidity.SCALES:
      return `joint ${joint} scales its axes by ${lengths.map((length) => length.toPrecision(4)).join(', ')}: a dual quaternion keeps only the rotation and the translation`;
    case Rigidity.SHEARS: {
      let worst = 90;
      for (const [a, b] of [[0, 1], [0, 2], [1, 2]]) {
        const cosine = (columns[a][0] * columns[b][0] + columns[a][1] * columns[b][1] + columns[a][2] * columns[b][2]) / (lengths[a] * lengths[b]);
        const degrees = (Math.acos(Math.max(-1, Math.min(1, cosine))) * 180) / Math.PI;
        if (Math.abs(degrees - 90) > Math.abs(worst - 90)) worst = degrees;
      }
      return `joint ${joint} shears: two of its axes meet at ${worst.toFixed(2)}°, not 90°`;
    }
    case Rigidity.MIRRORS:
      return `joint ${joint} mirrors (its determinant is negative): no rotation does that`;
  }
}

/** Whether the 4×4 at m[o..+16) is a rotation plus a translation within `tolerance`, and if not, why. */
function rigidityOf(m: Float32Array, o: number, tolerance: number): Rigidity {
  for (let row = 0; row < 3; row++) {
    for (let c = 0; c < 4; c++) if (!Number.isFinite(m[o + 4 * c + row])) return Rigidity.NOT_FINITE;
  }
  const xx = m[o] * m[o] + m[o + 1] * m[o + 1] + m[o + 2] * m[o + 2];
  const yy = m[o + 4] * m[o + 4] + m[o + 5] * m[o + 5] + m[o + 6] * m[o + 6];
  const zz = m[o + 8] * m[o + 8] + m[o + 9] * m[o + 9] + m[o + 10] * m[o + 10];
  const lengthX = Math.sqrt(xx), lengthY = Math.sqrt(yy), lengthZ = Math.sqrt(zz);
  if (Math.abs(lengthX - 1) > tolerance || Math.abs(lengthY - 1) > tolerance || Math.abs(lengthZ - 1) > tolerance) return Rigidity.SCALES;
  const xy = m[o] * m[o + 4] + m[o + 1] * m[o + 5] + m[o + 2] * m[o + 6];
  const xz = m[o] * m[o + 8] + m[o + 1] * m[o + 9] + m[o + 2] * m[o + 10];
  const yz = m[o + 4] * m[o + 8] + m[o + 5] * m[o + 9] + m[o + 6] * m[o + 10];
  if (Math.abs(xy) > tolerance * lengthX * lengthY || Math.abs(xz) > tolerance * lengthX * lengthZ || Math.abs(yz) > tolerance * lengthY * lengthZ) {
    return Rigidity.SHEARS;
  }
  return determinant3At(m, o) < 0 ? Rigidity.MIRRORS : Rigidity.RIGID;
}

/**
 * Skins `primitive` by dual quaternion skinning with `palette` (from buildPalette: 16 floats per
 * joint): the same arguments, output layout and rules as skinVertices (src/core/skin.ts), so a
 * figure switches between linear blend and dual quaternion skinning with one call. Converts the
 * palette (paletteAsDualQuaternions), then skinVerticesWithDualQuaternions does the rest; see
 * there for what differs. Each palette matrix's scale, shear or mirror is dropped: check the
 * palette with findNonRigidJoint.
 *
 * Ownership: outPositions and outNormals are caller-owned and written; primitive and palette are
 * read only. In-place skinning is allowed: outPositions may be primitive.positions and outNormals
 * may be primitive.normals; no other overlap is. Never throws; allocates only on the first call
 * with a palette larger than any before.
 */
export function skinVerticesDualQuaternion(
  outPositions: Float32Array,
  outNormals: Float32Array | null,
  primitive: SkinnedPrimitive,
  palette: Float32Array,
): void {
  const dualQuaternions = paletteAsDualQuaternions(palette);
  skinVerticesWithDualQuaternions(outPositions, outNormals, primitive, dualQuaternions, Math.floor(palette.length / 16));
}

/**
 * Skins `primitive` with one dual quaternion per joint (8 floats each, as paletteToDualQuaternions
 * writes them; the first `jointCount` are the joints): writes 3 floats per vertex to outPositions
 * and, when both outNormals and primitive.normals are non-null, 3 floats per vertex to outNormals
 * (the bind normal rotated, so unit length when it was). This is what shaders/skin-dq.vert does.
 *
 * Rules, as skinVertices': a weight that is not > 0 (NaN included) is skipped; an influence whose
 * joint index is ≥ jointCount counts as the identity; the vertex count is the smallest that every
 * array holds, and vertices past it are left untouched; never throws. What differs: the weights'
 * sum does not matter, since the blend is divided by its real part's length (weights of 0.5 alone
 * act as a weight of 1); and a vertex whose blended real part has zero length or is not finite —
 * no positive weight, a zero or NaN dual quaternion — keeps its bind-pose position and normal.
 *
 * Ownership: as skinVertices; dualQuaternions is read only and must not overlap the outputs.
 */
export function skinVerticesWithDualQuaternions(
  outPositions: Float32Array,
  outNormals: Float32Array | null,
  primitive: SkinnedPrimitive,
  dualQuaternions: Float32Array,
  jointCount = Math.floor(dualQuaternions.length / 8),
): void {
  const { positions, normals, joints, weights } = primitive;
  const vertexCount = skinnedVertexCount(outPositions, primitive);
  const normalCount = skinnedNormalCount(outNormals, primitive, vertexCount);
  const knownJoints = Math.min(jointCount, Math.floor(dualQuaternions.length / 8));
  const b = blended;

  // #region skin-vertices-dual-quaternion
  for (let v = 0; v < vertexCount; v++) {
    // b̂ = Σ ±wᵢ·q̂ᵢ over the vertex's influences, each on the first one's side.
    b.fill(0);
    let firstX = 0, firstY = 0, firstZ = 0, firstW = 0; // the first influence's real part
    let isFirst = true;
    for (let slot = 4 * v; slot < 4 * v + 4; slot++) {
      const weight = weights[slot];
      if (!(weight > 0)) continue;
      const known = joints[slot] < knownJoints;
      const source = known ? dualQuaternions : IDENTITY_DUAL_QUATERNION;
      const o = known ? 8 * joints[slot] : 0;
      if (isFirst) {
        firstX = source[o];
        firstY = source[o + 1];
        firstZ = source[o + 2];
        firstW = source[o + 3];
        isFirst = false;
      }
      // q̂ and −q̂ are the same transform; added to each other they would cancel. Take the one
      // on the first influence's side: real parts with a positive dot product.
      const side = firstX * source[o] + firstY * source[o + 1] + firstZ * source[o + 2] + firstW * source[o + 3] < 0 ? -1 : 1;
      for (let c = 0; c < 8; c++) b[c] += side * weight * source[o + c];
    }
    applyBlendedDualQuaternion(outPositions, v < normalCount ? outNormals : null, positions, normals, 3 * v, b);
  }
  // #endregion skin-vertices-dual-quaternion
}

/**
 * Normalises the blended dual quaternion `blend` (8 numbers, real then dual, not yet normalised)
 * and applies it to the vertex at positions[p..+3) (and the normal at normals[p..+3), when
 * outNormals is non-null): writes the rotated and translated position to outPositions[p..+3) and
 * the rotated normal to outNormals[p..+3). A blend whose real part has zero length or is not
 * finite keeps the bind-pose position and normal. Reads the vertex before writing, so the outputs
 * may be the inputs. Never throws; allocates nothing.
 */
// #region apply-dual-quaternion
export function applyBlendedDualQuaternion(
  outPositions: Float32Array,
  outNormals: Float32Array | null,
  positions: Float32Array,
  normals: Float32Array | null,
  p: number,
  blend: Float64Array,
): void {
  const x = positions[p], y = positions[p + 1], z = positions[p + 2];
  const lengthSquared = blend[0] * blend[0] + blend[1] * blend[1] + blend[2] * blend[2] + blend[3] * blend[3];
  if (!(lengthSquared > 0 && lengthSquared < Infinity)) {
    // Nothing to normalise: the bind pose.
    outPositions[p] = x;
    outPositions[p + 1] = y;
    outPositions[p + 2] = z;
    if (outNormals !== null && normals !== null) {
      outNormals[p] = normals[p];
      outNormals[p + 1] = normals[p + 1];
      outNormals[p + 2] = normals[p + 2];
    }
    return;
  }
  // Divide both parts by the real part's length: the real part becomes a unit quaternion q.
  const inverseLength = 1 / Math.sqrt(lengthSquared);
  const qx = blend[0] * inverseLength, qy = blend[1] * inverseLength, qz = blend[2] * inverseLength, qw = blend[3] * inverseLength;
  const dx = blend[4] * inverseLength, dy = blend[5] * inverseLength, dz = blend[6] * inverseLength, dw = blend[7] * inverseLength;
  // The translation, t = 2·q_ε·q*: its vector part is 2·(q_w·d − d_w·q + q × d), with q, d the
  // vector parts of the real and dual parts (Kavan et al., Algorithm 1).
  const tx = 2 * (qw * dx - dw * qx + qy * dz - qz * dy);
  const ty = 2 * (qw * dy - dw * qy + qz * dx - qx * dz);
  const tz = 2 * (qw * dz - dw * qz + qx * dy - qy * dx);
  writeRotated(outPositions, p, qx, qy, qz, qw, x, y, z, tx, ty, tz);
  // A normal only turns: no translation, and no inverse-transpose, since a rotation is its own.
  if (outNormals !== null && normals !== null) writeRotated(outNormals, p, qx, qy, qz, qw, normals[p], normals[p + 1], normals[p + 2], 0, 0, 0);
}
// #endregion apply-dual-quaternion

/**
 * Writes (vx, vy, vz) rotated by the unit quaternion (qx, qy, qz, qw), plus (addX, addY, addZ), to
 * out[p..+3): v' = v + 2·q × (q × v + q_w·v), with q the vector part.
 */
function writeRotated(
  out: Float32Array,
  p: number,
  qx: number, qy: number, qz: number, qw: number,
  vx: number, vy: number, vz: number,
  addX: number, addY: number, addZ: number,
): void {
  const ix = qy * vz - qz * vy + qw * vx;
  const iy = qz * vx - qx * vz + qw * vy;
  const iz = qx * vy - qy * vx + qw * vz;
  out[p] = vx + 2 * (qy * iz - qz * iy) + addX;
  out[p + 1] = vy + 2 * (qz * ix - qx * iz) + addY;
  out[p + 2] = vz + 2 * (qx * iy - qy * ix) + addZ;
}
