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
// The same maths runs in the vertex shader (shaders/skin.vert), and the two must agree; CPU
// skinning serves picking, bounds and debugging. For many vertices per frame, the fast path
// (src/core/fast/skin-simd.ts) runs the same sum four lanes at a time.

import type { SkinnedPrimitive } from './model.ts';

/**
 * The skin matrix of the vertex being skinned, M = Σ wᵢ · palette[jointᵢ], column-major, in
 * doubles; its bottom row is not used. Scratch owned by skinVertices, rewritten for every vertex.
 */
const skinMatrix = new Float64Array(16);

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
 * untouched.
 */
/**
 * How many vertices a skinning function can write: the smallest count that `primitive`'s
 * positions, joints and weights (and its own vertexCount) and outPositions all hold.
 */
export function skinnedVertexCount(outPositions: Float32Array, primitive: SkinnedPrimitive): number {
  return Math.min(
    primitive.vertexCount,
    Math.floor(primitive.positions.length / 3),
    Math.floor(outPositions.length / 3),
    Math.floor(primitive.joints.length / 4),
    Math.floor(primitive.weights.length / 4),
  );
}

/** How many of the first `vertexCount` vertices get a normal: 0 without outNormals or primitive.normals. */
export function skinnedNormalCount(outNormals: Float32Array | null, primitive: SkinnedPrimitive, vertexCount: number): number {
  const normals = primitive.normals;
  return outNormals === null || normals === null ? 0 : Math.min(vertexCount, Math.floor(normals.length / 3), Math.floor(outNormals.length / 3));
}

export function skinVertices(
  outPositions: Float32Array,
  outNormals: Float32Array | null,
  primitive: SkinnedPrimitive,
  palette: Float32Array,
): void {
  const { positions, normals, joints, weights } = primitive;
  const vertexCount = skinnedVertexCount(outPositions, primitive);
  const normalCount = skinnedNormalCount(outNormals, primitive, vertexCount);
  const paletteJoints = Math.floor(palette.length / 16);
  const m = skinMatrix;

  // #region skin-vertices
  for (let v = 0; v < vertexCount; v++) {
    // M = Σ wᵢ · palette[jointᵢ] over the vertex's four influences.
    m.fill(0);
    let totalWeight = 0;
    for (let slot = 4 * v; slot < 4 * v + 4; slot++) {
      const weight = weights[slot];
      if (!(weight > 0)) continue;
      totalWeight += weight;
      addWeightedMatrix(m, palette, joints[slot], paletteJoints, weight);
    }
    const p = 3 * v;
    const x = positions[p], y = positions[p + 1], z = positions[p + 2];
    if (totalWeight === 0) {
      // No influence: the bind-pose position (and normal).
      outPositions[p] = x;
      outPositions[p + 1] = y;
      outPositions[p + 2] = z;
      if (v < normalCount) skinNormal(outNormals!, normals!, p, null);
      continue;
    }
    // position = M × (p, 1)
    outPositions[p] = m[0] * x + m[4] * y + m[8] * z + m[12];
    outPositions[p + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    outPositions[p + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
    if (v < normalCount) skinNormal(outNormals!, normals!, p, m);
  }
  // #endregion skin-vertices
}

/**
 * m += weight · palette[joint] for the top three rows (12 of 16 floats); a joint with no matrix in
 * the palette (index ≥ paletteJoints) counts as the identity.
 */
function addWeightedMatrix(m: Float64Array, palette: Float32Array, joint: number, paletteJoints: number, weight: number): void {
  if (joint >= paletteJoints) {
    m[0] += weight;
    m[5] += weight;
    m[10] += weight;
    return;
  }
  const o = 16 * joint;
  for (let column = 0; column < 16; column += 4) {
    m[column] += weight * palette[o + column];
    m[column + 1] += weight * palette[o + column + 1];
    m[column + 2] += weight * palette[o + column + 2];
  }
}

/**
 * Writes the normal at normals[p..+3) turned by the skin matrix m (null: kept as it is) to
 * outNormals[p..+3): through the cofactors of m's 3×3 block, with det's sign, renormalised; a
 * normal squashed to zero (or overflowing) keeps its bind-pose value.
 */
// #region skin-normal
function skinNormal(outNormals: Float32Array, normals: Float32Array, p: number, m: Float64Array | null): void {
  const nx = normals[p], ny = normals[p + 1], nz = normals[p + 2];
  let x = nx, y = ny, z = nz;
  if (m !== null) {
    // Cofactor columns: c1 × c2, c2 × c0, c0 × c1 for the columns c0, c1, c2 of the 3×3 block.
    const a0 = m[5] * m[10] - m[6] * m[9], a1 = m[6] * m[8] - m[4] * m[10], a2 = m[4] * m[9] - m[5] * m[8];
    const b0 = m[9] * m[2] - m[10] * m[1], b1 = m[10] * m[0] - m[8] * m[2], b2 = m[8] * m[1] - m[9] * m[0];
    const d0 = m[1] * m[6] - m[2] * m[5], d1 = m[2] * m[4] - m[0] * m[6], d2 = m[0] * m[5] - m[1] * m[4];
    const determinant = m[0] * a0 + m[1] * a1 + m[2] * a2;
    x = a0 * nx + b0 * ny + d0 * nz;
    y = a1 * nx + b1 * ny + d1 * nz;
    z = a2 * nx + b2 * ny + d2 * nz;
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
  }
  outNormals[p] = x;
  outNormals[p + 1] = y;
  outNormals[p + 2] = z;
}
// #endregion skin-normal
