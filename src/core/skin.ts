// CPU linear blend skinning (chapters: skin weights, the skinning shader).
//
// For each vertex, the skin matrix is the weighted sum of its joints' palette matrices,
// M = Σ wᵢ · palette[jointᵢ]; the skinned position is M × (p, 1). A normal is a covector: it
// transforms with the inverse-transpose of M's upper 3×3 block A, which differs from A as soon as
// the scale is non-uniform. A⁻ᵀ = cof(A) / det(A), and the division only changes the length,
// which renormalising discards — so the normal goes through the cofactor matrix (no division,
// defined even for a singular A) with det(A)'s sign, which keeps the inverse-transpose's direction
// under mirroring.
//
// The same maths runs in the vertex shader, and the two must agree; CPU skinning serves picking,
// bounds and debugging.
//
// Speed: two loops, written out rather than built from small helpers, as per-vertex JavaScript
// needs. Without normals, the position is summed as Σ wᵢ · (palette[jointᵢ] × (p, 1)) — the same
// value as M × (p, 1) up to float rounding, with three running sums instead of twelve. With
// normals, M's blocks are blended, since the cofactors need A itself. In both, slot 0's matrix is
// kept in local variables from one vertex to the next and reread only when slot 0's joint changes:
// the loader puts each vertex's largest weight in slot 0, and neighbouring vertices of a mesh
// mostly hang on the same joint, so most vertices read no palette entry for it at all. The other
// slots read their palette entry once per influence. Nothing depends on the weights' order.

import type { SkinnedPrimitive } from './model.ts';

/**
 * Skins `primitive` with `palette` (from buildPalette for the primitive's skin): writes 3 floats
 * per vertex to outPositions and, when both outNormals and primitive.normals are non-null, 3
 * unit-length floats per vertex to outNormals. Palette matrices are taken as affine: their bottom
 * rows are not read (no perspective divide, as in the shader).
 *
 * Ownership: outPositions and outNormals are caller-owned and written; primitive and palette are
 * read only. In-place skinning is allowed: outPositions may be primitive.positions and outNormals
 * may be primitive.normals (each vertex is read before it is written); no other overlap is.
 *
 * Never throws, and produces no NaN from finite input: weights are used as given (the loader makes
 * them sum to 1), in any order; a weight that is not > 0 is skipped; an influence whose joint index
 * has no matrix in the palette counts as the identity; a vertex with no positive weight keeps its
 * bind-pose position and normal; a normal the blend squashes to zero length keeps its bind-pose
 * value. The vertex count is the smallest that every array holds; vertices past it are left
 * untouched. Positions skinned with and without normals agree to float rounding (≈ 1e-7 relative).
 */
export function skinVertices(
  outPositions: Float32Array,
  outNormals: Float32Array | null,
  primitive: SkinnedPrimitive,
  palette: Float32Array,
): void {
  const positions = primitive.positions;
  const normals = primitive.normals;
  let vertexCount = primitive.vertexCount;
  if (Math.floor(positions.length / 3) < vertexCount) vertexCount = Math.floor(positions.length / 3);
  if (Math.floor(outPositions.length / 3) < vertexCount) vertexCount = Math.floor(outPositions.length / 3);
  if (Math.floor(primitive.joints.length / 4) < vertexCount) vertexCount = Math.floor(primitive.joints.length / 4);
  if (Math.floor(primitive.weights.length / 4) < vertexCount) vertexCount = Math.floor(primitive.weights.length / 4);
  let normalCount = 0;
  if (outNormals !== null && normals !== null) {
    normalCount = vertexCount;
    if (Math.floor(normals.length / 3) < normalCount) normalCount = Math.floor(normals.length / 3);
    if (Math.floor(outNormals.length / 3) < normalCount) normalCount = Math.floor(outNormals.length / 3);
  }
  // Two loops, so that the one without normals carries nothing for them.
  if (normalCount > 0) skinPositionsAndNormals(outPositions, outNormals!, primitive, palette, vertexCount, normalCount);
  else skinPositions(outPositions, primitive, palette, vertexCount);
}

/** Positions of vertices [0, count): Σ wᵢ · (palette[jointᵢ] × (p, 1)). */
function skinPositions(outPositions: Float32Array, primitive: SkinnedPrimitive, palette: Float32Array, count: number): void {
  const positions = primitive.positions;
  const joints = primitive.joints;
  const weights = primitive.weights;
  // Offsets ≥ this have no complete matrix in the palette.
  const paletteEnd = palette.length - 15;
  // Slot 0's matrix, top three rows (c0 c4 c8 c12 / c1 c5 c9 c13 / c2 c6 c10 c14), for the
  // palette offset keptOffset (−1: none yet).
  let keptOffset = -1;
  let c0 = 1, c1 = 0, c2 = 0, c4 = 0, c5 = 1, c6 = 0, c8 = 0, c9 = 0, c10 = 1, c12 = 0, c13 = 0, c14 = 0;
  for (let v = 0; v < count; v++) {
    const p = 3 * v;
    const px = positions[p], py = positions[p + 1], pz = positions[p + 2];
    const slot = 4 * v;
    const w0 = weights[slot], w1 = weights[slot + 1], w2 = weights[slot + 2], w3 = weights[slot + 3];
    let x = 0, y = 0, z = 0;
    let totalWeight = 0;
    if (w0 > 0) {
      totalWeight += w0;
      const o = 16 * joints[slot];
      if (o !== keptOffset) {
        keptOffset = o;
        if (o < paletteEnd) {
          c0 = palette[o]; c1 = palette[o + 1]; c2 = palette[o + 2];
          c4 = palette[o + 4]; c5 = palette[o + 5]; c6 = palette[o + 6];
          c8 = palette[o + 8]; c9 = palette[o + 9]; c10 = palette[o + 10];
          c12 = palette[o + 12]; c13 = palette[o + 13]; c14 = palette[o + 14];
        } else {
          c0 = 1; c1 = 0; c2 = 0; c4 = 0; c5 = 1; c6 = 0; c8 = 0; c9 = 0; c10 = 1; c12 = 0; c13 = 0; c14 = 0;
        }
      }
      x += w0 * (c0 * px + c4 * py + c8 * pz + c12);
      y += w0 * (c1 * px + c5 * py + c9 * pz + c13);
      z += w0 * (c2 * px + c6 * py + c10 * pz + c14);
    }
    if (w1 > 0) {
      totalWeight += w1;
      const o = 16 * joints[slot + 1];
      if (o < paletteEnd) {
        x += w1 * (palette[o] * px + palette[o + 4] * py + palette[o + 8] * pz + palette[o + 12]);
        y += w1 * (palette[o + 1] * px + palette[o + 5] * py + palette[o + 9] * pz + palette[o + 13]);
        z += w1 * (palette[o + 2] * px + palette[o + 6] * py + palette[o + 10] * pz + palette[o + 14]);
      } else {
        x += w1 * px;
        y += w1 * py;
        z += w1 * pz;
      }
    }
    if (w2 > 0) {
      totalWeight += w2;
      const o = 16 * joints[slot + 2];
      if (o < paletteEnd) {
        x += w2 * (palette[o] * px + palette[o + 4] * py + palette[o + 8] * pz + palette[o + 12]);
        y += w2 * (palette[o + 1] * px + palette[o + 5] * py + palette[o + 9] * pz + palette[o + 13]);
        z += w2 * (palette[o + 2] * px + palette[o + 6] * py + palette[o + 10] * pz + palette[o + 14]);
      } else {
        x += w2 * px;
        y += w2 * py;
        z += w2 * pz;
      }
    }
    if (w3 > 0) {
      totalWeight += w3;
      const o = 16 * joints[slot + 3];
      if (o < paletteEnd) {
        x += w3 * (palette[o] * px + palette[o + 4] * py + palette[o + 8] * pz + palette[o + 12]);
        y += w3 * (palette[o + 1] * px + palette[o + 5] * py + palette[o + 9] * pz + palette[o + 13]);
        z += w3 * (palette[o + 2] * px + palette[o + 6] * py + palette[o + 10] * pz + palette[o + 14]);
      } else {
        x += w3 * px;
        y += w3 * py;
        z += w3 * pz;
      }
    }
    if (totalWeight === 0) {
      // No influence: the bind-pose position.
      outPositions[p] = px;
      outPositions[p + 1] = py;
      outPositions[p + 2] = pz;
      continue;
    }
    outPositions[p] = x;
    outPositions[p + 1] = y;
    outPositions[p + 2] = z;
  }
}

/**
 * Vertices [0, count) with M = Σ wᵢ · palette[jointᵢ] (top three rows): positions M × (p, 1) and,
 * for the first normalCount of them, normals through the cofactors of M's 3×3 block, renormalised.
 */
function skinPositionsAndNormals(
  outPositions: Float32Array,
  outNormals: Float32Array,
  primitive: SkinnedPrimitive,
  palette: Float32Array,
  count: number,
  normalCount: number,
): void {
  const positions = primitive.positions;
  const normals = primitive.normals!;
  const joints = primitive.joints;
  const weights = primitive.weights;
  const paletteEnd = palette.length - 15;
  // Slot 0's matrix, kept between vertices as in skinPositions.
  let keptOffset = -1;
  let c0 = 1, c1 = 0, c2 = 0, c4 = 0, c5 = 1, c6 = 0, c8 = 0, c9 = 0, c10 = 1, c12 = 0, c13 = 0, c14 = 0;
  for (let v = 0; v < count; v++) {
    const slot = 4 * v;
    const w0 = weights[slot], w1 = weights[slot + 1], w2 = weights[slot + 2], w3 = weights[slot + 3];
    // The blended matrix's top three rows (the bottom row of an affine palette is 0 0 0 1).
    let m0 = 0, m1 = 0, m2 = 0, m4 = 0, m5 = 0, m6 = 0;
    let m8 = 0, m9 = 0, m10 = 0, m12 = 0, m13 = 0, m14 = 0;
    let totalWeight = 0;
    if (w0 > 0) {
      totalWeight += w0;
      const o = 16 * joints[slot];
      if (o !== keptOffset) {
        keptOffset = o;
        if (o < paletteEnd) {
          c0 = palette[o]; c1 = palette[o + 1]; c2 = palette[o + 2];
          c4 = palette[o + 4]; c5 = palette[o + 5]; c6 = palette[o + 6];
          c8 = palette[o + 8]; c9 = palette[o + 9]; c10 = palette[o + 10];
          c12 = palette[o + 12]; c13 = palette[o + 13]; c14 = palette[o + 14];
        } else {
          c0 = 1; c1 = 0; c2 = 0; c4 = 0; c5 = 1; c6 = 0; c8 = 0; c9 = 0; c10 = 1; c12 = 0; c13 = 0; c14 = 0;
        }
      }
      m0 += w0 * c0; m1 += w0 * c1; m2 += w0 * c2;
      m4 += w0 * c4; m5 += w0 * c5; m6 += w0 * c6;
      m8 += w0 * c8; m9 += w0 * c9; m10 += w0 * c10;
      m12 += w0 * c12; m13 += w0 * c13; m14 += w0 * c14;
    }
    if (w1 > 0) {
      totalWeight += w1;
      const o = 16 * joints[slot + 1];
      if (o < paletteEnd) {
        m0 += w1 * palette[o]; m1 += w1 * palette[o + 1]; m2 += w1 * palette[o + 2];
        m4 += w1 * palette[o + 4]; m5 += w1 * palette[o + 5]; m6 += w1 * palette[o + 6];
        m8 += w1 * palette[o + 8]; m9 += w1 * palette[o + 9]; m10 += w1 * palette[o + 10];
        m12 += w1 * palette[o + 12]; m13 += w1 * palette[o + 13]; m14 += w1 * palette[o + 14];
      } else {
        m0 += w1; m5 += w1; m10 += w1;
      }
    }
    if (w2 > 0) {
      totalWeight += w2;
      const o = 16 * joints[slot + 2];
      if (o < paletteEnd) {
        m0 += w2 * palette[o]; m1 += w2 * palette[o + 1]; m2 += w2 * palette[o + 2];
        m4 += w2 * palette[o + 4]; m5 += w2 * palette[o + 5]; m6 += w2 * palette[o + 6];
        m8 += w2 * palette[o + 8]; m9 += w2 * palette[o + 9]; m10 += w2 * palette[o + 10];
        m12 += w2 * palette[o + 12]; m13 += w2 * palette[o + 13]; m14 += w2 * palette[o + 14];
      } else {
        m0 += w2; m5 += w2; m10 += w2;
      }
    }
    if (w3 > 0) {
      totalWeight += w3;
      const o = 16 * joints[slot + 3];
      if (o < paletteEnd) {
        m0 += w3 * palette[o]; m1 += w3 * palette[o + 1]; m2 += w3 * palette[o + 2];
        m4 += w3 * palette[o + 4]; m5 += w3 * palette[o + 5]; m6 += w3 * palette[o + 6];
        m8 += w3 * palette[o + 8]; m9 += w3 * palette[o + 9]; m10 += w3 * palette[o + 10];
        m12 += w3 * palette[o + 12]; m13 += w3 * palette[o + 13]; m14 += w3 * palette[o + 14];
      } else {
        m0 += w3; m5 += w3; m10 += w3;
      }
    }

    const p = 3 * v;
    const px = positions[p], py = positions[p + 1], pz = positions[p + 2];
    if (totalWeight === 0) {
      // No influence: the bind-pose position and normal.
      outPositions[p] = px;
      outPositions[p + 1] = py;
      outPositions[p + 2] = pz;
      if (v < normalCount) {
        outNormals[p] = normals[p];
        outNormals[p + 1] = normals[p + 1];
        outNormals[p + 2] = normals[p + 2];
      }
      continue;
    }
    outPositions[p] = m0 * px + m4 * py + m8 * pz + m12;
    outPositions[p + 1] = m1 * px + m5 * py + m9 * pz + m13;
    outPositions[p + 2] = m2 * px + m6 * py + m10 * pz + m14;
    if (v >= normalCount) continue;

    // Cofactor columns: c1 × c2, c2 × c0, c0 × c1 for the columns c0, c1, c2 of the 3×3 block.
    const a0 = m5 * m10 - m6 * m9, a1 = m6 * m8 - m4 * m10, a2 = m4 * m9 - m5 * m8;
    const b0 = m9 * m2 - m10 * m1, b1 = m10 * m0 - m8 * m2, b2 = m8 * m1 - m9 * m0;
    const d0 = m1 * m6 - m2 * m5, d1 = m2 * m4 - m0 * m6, d2 = m0 * m5 - m1 * m4;
    const determinant = m0 * a0 + m1 * a1 + m2 * a2;
    const nx = normals[p], ny = normals[p + 1], nz = normals[p + 2];
    let x = a0 * nx + b0 * ny + d0 * nz;
    let y = a1 * nx + b1 * ny + d1 * nz;
    let z = a2 * nx + b2 * ny + d2 * nz;
    const lengthSquared = x * x + y * y + z * z;
    if (lengthSquared > 0 && lengthSquared < Infinity) {
      const scale = (determinant < 0 ? -1 : 1) / Math.sqrt(lengthSquared);
      x *= scale;
      y *= scale;
      z *= scale;
    } else {
      x = nx;
      y = ny;
      z = nz;
    }
    outNormals[p] = x;
    outNormals[p + 1] = y;
    outNormals[p + 2] = z;
  }
}
