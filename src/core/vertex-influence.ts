// One vertex's linear blend skinning, taken apart (chapters: skin weights, the skinning shader).
//
// skinVertices (src/core/skin.ts) blends the matrices first, M = Σ wᵢ·Mᵢ, and moves the vertex
// once: v′ = M × v. Matrix times vector is linear, so the same point is the weighted sum of where
// each joint alone would put the vertex:
//
//   v′ = (Σ wᵢ·Mᵢ) × v = Σ wᵢ·(Mᵢ × v)
//
// explainVertex writes both sides for one vertex: each influence's joint, weight and candidate
// position Mᵢ × v (Mᵢ = palette[jointᵢ]), and the final position, which it gets from skinVertices
// itself so that it is exactly what CPU skinning computes for that vertex.

import { transformPointAt } from './math.ts';
import type { SkinnedPrimitive } from './model.ts';
import { skinVertices } from './skin.ts';
import { MAX_INFLUENCES } from './weights.ts';

/** One vertex's skinning, taken apart; made by createVertexSkinning, overwritten by explainVertex. */
export interface VertexSkinning {
  /** The vertex explained, or −1 when the index named none (then count is 0). */
  vertex: number;
  /** Influences with a positive weight, 0 to 4, in slot order; only the first `count` entries below are meaningful. */
  count: number;
  /** Joint of each influence: an index into the skin's `joints` (and the palette), 4 entries. */
  joints: Uint16Array;
  /** Weight of each influence, in (0, 1], 4 entries. Their sum is 1 unless the weights were broken. */
  weights: Float32Array;
  /**
   * Whether each influence's joint has a matrix in the palette (1) or counts as the identity (0),
   * as skinVertices treats a joint index past the palette; 4 entries.
   */
  inPalette: Uint8Array;
  /** Candidate position of each influence, Mᵢ × (v, 1), model space, 3 floats each (12 in all). */
  candidates: Float32Array;
  /** The vertex in the bind pose, model space (3 floats). */
  bindPosition: Float32Array;
  /** The skinned position Σ wᵢ·(Mᵢ × v), as skinVertices writes it (3 floats; the bind position for no influence). */
  position: Float32Array;
}

/** A VertexSkinning for explainVertex to fill (set-up work: allocates). */
export function createVertexSkinning(): VertexSkinning {
  return {
    vertex: -1,
    count: 0,
    joints: new Uint16Array(MAX_INFLUENCES),
    weights: new Float32Array(MAX_INFLUENCES),
    inPalette: new Uint8Array(MAX_INFLUENCES),
    candidates: new Float32Array(3 * MAX_INFLUENCES),
    bindPosition: new Float32Array(3),
    position: new Float32Array(3),
  };
}

/** A one-vertex primitive that explainVertex copies the vertex into, to skin it with skinVertices (scratch; never escapes). */
const single: SkinnedPrimitive = {
  vertexCount: 1,
  positions: new Float32Array(3),
  normals: null,
  joints: new Uint16Array(MAX_INFLUENCES),
  weights: new Float32Array(MAX_INFLUENCES),
  indices: null,
};

/**
 * Explains vertex `vertex` of `primitive` skinned with `palette` (16 floats per joint, from
 * buildPalette for the primitive's skin) into `out`, and returns out: its influences with a
 * positive weight, in slot order, each with its candidate Mᵢ × v; and the final position, which
 * equals skinVertices' output for that vertex bit for bit. A joint with no matrix in the palette
 * counts as the identity, as in skinVertices.
 *
 * Ownership: out is written; primitive and palette are read only. Allocates nothing; never
 * throws: a vertex index that names no vertex (negative, not an integer, past the primitive)
 * gives vertex −1, count 0 and out's positions untouched.
 */
// #region explain-vertex
export function explainVertex(out: VertexSkinning, primitive: SkinnedPrimitive, palette: Float32Array, vertex: number): VertexSkinning {
  const vertexCount = Math.min(primitive.vertexCount, Math.floor(primitive.positions.length / 3), Math.floor(primitive.weights.length / 4));
  out.count = 0;
  if (!(Number.isInteger(vertex) && vertex >= 0 && vertex < vertexCount)) {
    out.vertex = -1;
    return out;
  }
  out.vertex = vertex;
  const paletteJoints = Math.floor(palette.length / 16);
  const p = 3 * vertex;
  out.bindPosition[0] = primitive.positions[p];
  out.bindPosition[1] = primitive.positions[p + 1];
  out.bindPosition[2] = primitive.positions[p + 2];
  for (let slot = 0; slot < MAX_INFLUENCES; slot++) {
    const weight = primitive.weights[4 * vertex + slot];
    const joint = primitive.joints[4 * vertex + slot];
    single.weights[slot] = weight;
    single.joints[slot] = joint;
    if (!(weight > 0)) continue; // skinVertices skips it too
    const i = out.count++;
    out.joints[i] = joint;
    out.weights[i] = weight;
    out.inPalette[i] = joint < paletteJoints ? 1 : 0;
    // Where this joint alone would put the vertex: Mᵢ × (v, 1).
    if (joint < paletteJoints) transformPointAt(out.candidates, 3 * i, palette, 16 * joint, primitive.positions, p);
    else out.candidates.set(out.bindPosition, 3 * i);
  }
  // The final position: the vertex, skinned on its own by skinVertices.
  single.positions[0] = out.bindPosition[0];
  single.positions[1] = out.bindPosition[1];
  single.positions[2] = out.bindPosition[2];
  skinVertices(out.position, null, single, palette);
  return out;
}
// #endregion explain-vertex
