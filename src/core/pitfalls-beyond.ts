// The deliberately wrong variants of chapters 10 and 11 (dual quaternion skinning, blending
// clips), run by their figures' "Break it" choices. Same rules as src/core/pitfalls.ts — each is
// the correct function with one documented mistake, and a figure runs it — kept apart so that the
// figures of chapters 1–9 do not load the dual quaternion and blending code these need.

import { checkBlendWeight, sharedNodeCount } from './blend.ts';
import { applyBlendedDualQuaternion, paletteAsDualQuaternions } from './dual-quaternion.ts';
import { lerpVec3At } from './math.ts';
import type { Pose, SkinnedPrimitive } from './model.ts';
import { skinnedNormalCount, skinnedVertexCount } from './skin.ts';
import { lerpQuatAtWithoutNormalizing } from './pitfalls.ts';

// ── Beyond: blending clips ──────────────────────────────────────────────────────────────────────
// Two wrong ways to do what blendPoses (src/core/blend.ts) does, with its checks: a weight
// outside [0, 1] or buffers of different sizes throw a RangeError; otherwise they allocate
// nothing, accept `out` as one of the inputs, and return out.

/**
 * Pitfall: blending matrices instead of transforms. Mixes two sets of 4×4 matrices (the joints'
 * locals, or their globals) element by element, out = (1 − w)·A + w·B, where blendPoses mixes
 * translation, rotation and scale. A weighted sum of two rotation matrices is not a rotation: for
 * two rotations θ apart about one axis, the in-plane columns of the blend have length cos(θ/2) at
 * w = 0.5 (cos 45° ≈ 0.707 for 90°), so the rotation block's determinant drops to cos²(θ/2),
 * 0.5 for 90°, and every bone shrinks toward its joint, down to nothing for two poses 180° apart.
 * Blending globals also lets a child's position cut the corner its parent turns, off the arc it
 * should follow. All three arrays hold 16 floats per matrix and the same number of them.
 */
// #region blend-matrices-element-wise
export function blendMatricesElementWise(outMatrices: Float32Array, matricesA: Float32Array, matricesB: Float32Array, weight: number): Float32Array {
  checkBlendWeight('blendMatricesElementWise', weight);
  if (matricesA.length % 16 !== 0 || matricesB.length !== matricesA.length || outMatrices.length !== matricesA.length) {
    throw new RangeError(
      `blendMatricesElementWise: out, A and B must hold the same number of 4×4 matrices, got ${outMatrices.length}, ${matricesA.length} and ${matricesB.length} floats`,
    );
  }
  for (let i = 0; i < matricesA.length; i++) outMatrices[i] = matricesA[i] + (matricesB[i] - matricesA[i]) * weight;
  return outMatrices;
}
// #endregion blend-matrices-element-wise

/** The names blendPosesWithoutNormalizing's errors give its poses, as blendPoses's do. */
const BLENDED_POSES: readonly [string, string, string] = ['out', 'poseA', 'poseB'];

/**
 * Pitfall: blending rotations with a lerp and no normalisation. As blendPoses, but each node's
 * two rotations are mixed with lerpQuatAtWithoutNormalizing (above): the straight line between
 * the quaternions, the short way round, left shorter than 1 — by cos(θ/4) half-way between two
 * rotations θ apart. composeTRSAt expects unit quaternions; given k·q with q unit, it builds
 * (1 − k²)·I + k²·R(q), part rotation and part identity, which turns too little and shrinks the
 * bone: half-way between two poses 90° apart about one axis (k² = cos² 22.5°), the bone turns
 * 38.8° instead of 45° and keeps 0.963 of its length. Keys 1/30 s apart hide the mistake; two
 * clips far apart (a wave against a walk, a crouch against a stand) show it at once.
 */
// #region blend-poses-without-normalizing
export function blendPosesWithoutNormalizing(out: Pose, poseA: Pose, poseB: Pose, weight: number): Pose {
  checkBlendWeight('blendPosesWithoutNormalizing', weight);
  const nodeCount = sharedNodeCount('blendPosesWithoutNormalizing', BLENDED_POSES, out, poseA, poseB);
  for (let i = 0; i < nodeCount; i++) {
    lerpVec3At(out.translations, 3 * i, poseA.translations, 3 * i, poseB.translations, 3 * i, weight);
    lerpQuatAtWithoutNormalizing(out.rotations, 4 * i, poseA.rotations, 4 * i, poseB.rotations, 4 * i, weight); // never normalised
    lerpVec3At(out.scales, 3 * i, poseA.scales, 3 * i, poseB.scales, 3 * i, weight);
  }
  return out;
}
// #endregion blend-poses-without-normalizing

// ── Beyond linear blend skinning: dual quaternions ─────────────────────────────────────────────
// A skinning function with skinVerticesDualQuaternion's signature (src/core/dual-quaternion.ts).

/** The unaligned blend of the vertex being skinned, real then dual; scratch, rewritten per vertex. */
const unalignedBlend = new Float64Array(8);

/**
 * Pitfall: dual quaternions blended without choosing sides. As skinVerticesDualQuaternion, but
 * each joint's dual quaternion is added as the conversion wrote it, without first negating the
 * ones whose real part has a negative dot product with the first joint's. q̂ and −q̂ are the same
 * transform, and the converter writes every real part with w ≥ 0, so two joints whose turns from
 * the bind pose straddle 180° — one at 170°, the next at 190°, which is stored as −170° — arrive
 * from opposite sides of the sphere: their half-and-half sum nearly cancels, and what is left, a
 * turn of 0° instead of 180°, snaps the vertices between them back to the bind pose while both
 * bones are turned. Joints on the same side give skinVerticesDualQuaternion's result. Same
 * contract: never throws, allocates only on a first, larger palette.
 */
// #region skin-dual-quaternion-without-sign-alignment
export function skinVerticesDualQuaternionWithoutSignAlignment(
  outPositions: Float32Array,
  outNormals: Float32Array | null,
  primitive: SkinnedPrimitive,
  palette: Float32Array,
): void {
  const dualQuaternions = paletteAsDualQuaternions(palette);
  const jointCount = Math.floor(palette.length / 16);
  const { positions, normals, joints, weights } = primitive;
  const vertexCount = skinnedVertexCount(outPositions, primitive);
  const normalCount = skinnedNormalCount(outNormals, primitive, vertexCount);
  const b = unalignedBlend;
  for (let v = 0; v < vertexCount; v++) {
    b.fill(0);
    for (let slot = 4 * v; slot < 4 * v + 4; slot++) {
      const weight = weights[slot];
      if (!(weight > 0)) continue;
      if (joints[slot] >= jointCount) {
        b[3] += weight; // the identity: real part [0, 0, 0, 1]
        continue;
      }
      // Added as stored, whichever side of the sphere it is on.
      for (let c = 0; c < 8; c++) b[c] += weight * dualQuaternions[8 * joints[slot] + c];
    }
    applyBlendedDualQuaternion(outPositions, v < normalCount ? outNormals : null, positions, normals, 3 * v, b);
  }
}
// #endregion skin-dual-quaternion-without-sign-alignment

