// The deliberately wrong variants of chapter 8 (the skinning shader), run by its figure's "Break
// it" choices and measured by its worked example and exercises. Same rules as src/core/pitfalls.ts
// — each is the correct computation with one documented mistake — kept apart so that chapter 8's
// figures, which need these two alone, do not load the other chapters' pitfalls.

import type { SkinnedPrimitive } from './model.ts';

/** Shares its bytes with floatBitsView: the reinterpretation jointIndexAsFloatBits performs. */
const floatView = new Float32Array(1);
const floatBitsView = new Uint32Array(floatView.buffer);

/**
 * Pitfall: joint indices bound with vertexAttribPointer (no "I") into an integer input. The index
 * becomes a float (2 → 2.0), and a desktop driver that draws anyway hands the shader that float's
 * IEEE 754 bit pattern as the integer: 0 stays 0, 1 reads 1065353216, 2 reads 1073741824. Returns
 * that integer for a joint index in [0, 2²⁴].
 */
export function jointIndexAsFloatBits(index: number): number {
  floatView[0] = index;
  return floatBitsView[0];
}

/**
 * Pitfall: normals turned by the skin matrix's 3×3 block A itself instead of its inverse-transpose
 * (shaders/variants/normals-plain-matrix.vert, on the CPU). Same contract as skinVertices'
 * normals: writes 3 unit floats per vertex to outNormals (caller-owned) for primitive (read only)
 * posed by palette; a vertex with no positive weight, or a normal squashed to zero, keeps its
 * bind-pose normal. Right under rotation and uniform scale; under non-uniform scale the normal
 * leans towards the stretched axis. Allocates nothing. Returns outNormals.
 */
export function skinNormalsWithPlainMatrix(outNormals: Float32Array, primitive: SkinnedPrimitive, palette: Float32Array): Float32Array {
  const { normals, joints, weights } = primitive;
  if (normals === null) return outNormals;
  const vertexCount = Math.min(primitive.vertexCount, Math.floor(normals.length / 3), Math.floor(outNormals.length / 3), Math.floor(joints.length / 4), Math.floor(weights.length / 4));
  const paletteJoints = Math.floor(palette.length / 16);
  for (let v = 0; v < vertexCount; v++) {
    const nx = normals[3 * v], ny = normals[3 * v + 1], nz = normals[3 * v + 2];
    let x = 0, y = 0, z = 0;
    for (let slot = 4 * v; slot < 4 * v + 4; slot++) {
      const weight = weights[slot];
      const joint = joints[slot];
      if (!(weight > 0)) continue;
      if (joint >= paletteJoints) {
        x += weight * nx;
        y += weight * ny;
        z += weight * nz;
        continue;
      }
      // n' += w · A n, A the joint matrix's upper 3×3 block (columns 0, 4, 8).
      const o = 16 * joint;
      x += weight * (palette[o] * nx + palette[o + 4] * ny + palette[o + 8] * nz);
      y += weight * (palette[o + 1] * nx + palette[o + 5] * ny + palette[o + 9] * nz);
      z += weight * (palette[o + 2] * nx + palette[o + 6] * ny + palette[o + 10] * nz);
    }
    const length = Math.hypot(x, y, z);
    const keep = !(length > 0 && length < Infinity);
    outNormals[3 * v] = keep ? nx : x / length;
    outNormals[3 * v + 1] = keep ? ny : y / length;
    outNormals[3 * v + 2] = keep ? nz : z / length;
  }
  return outNormals;
}
