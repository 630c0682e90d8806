// Deliberately wrong variants of the pipeline stages, for the chapters' break-it toggles.
//
// Each function here has the signature of the correct stage it breaks and makes exactly one of the
// classic mistakes readers make (the pitfalls listed in the chapters), so an island can swap it in
// and show what the bug looks like while everything else stays right. They follow the rules of the
// correct stages: the runtime ones output first, return `out`, allocate nothing, never throw,
// process as many nodes as every buffer holds and leave the rest of `out` untouched; the set-up
// one (limitInfluencesWithoutRenormalising) allocates and throws as limitInfluences does. Nothing
// outside the break-it toggles and the tests that pin down their wrongness should call them.
//
// Matrices are column-major 4×4s, 16 floats per node; `parents` is parents-first, −1 = root, as
// for localToGlobal (src/core/hierarchy.ts), the correct version of both functions below.

import { nodeCountOf } from './hierarchy.ts';
import { copyMat4At, multiplyMat4At } from './math.ts';
import type { SkinnedPrimitive } from './model.ts';
import { keepLargestInfluences } from './weights.ts';

/**
 * Pitfall: multiplication order. Computes G_i = L_i × G_parent instead of G_parent × L_i, into
 * outGlobals (16 floats per node); returns outGlobals.
 *
 * The child's local offset is no longer turned by its parent's rotation: a node sits at its own
 * local translation plus its parent's position turned by the node's *own* rotation, so the
 * chain's joints are placed in the wrong frame and the limb comes apart as soon as anything is
 * rotated. Pure translations commute, so a chain that only translates (such as a bind pose
 * built from bone offsets) still looks right: the bug waits until the first rotation.
 *
 * Same contract as localToGlobal: a node whose parent is not in [0, i) is a root and copies its
 * local; `outGlobals` may be `locals` (in place); never throws; processes
 * min(parents.length, locals.length / 16, outGlobals.length / 16) nodes.
 */
// #region local-to-global-reversed-order
export function localToGlobalReversedOrder(outGlobals: Float32Array, parents: Int16Array, locals: Float32Array): Float32Array {
  const count = nodeCountOf(outGlobals, parents, locals);
  for (let i = 0; i < count; i++) {
    const parent = parents[i];
    if (parent >= 0 && parent < i) multiplyMat4At(outGlobals, 16 * i, locals, 16 * i, outGlobals, 16 * parent);
    else if (outGlobals !== locals) copyMat4At(outGlobals, 16 * i, locals, 16 * i);
  }
  return outGlobals;
}
// #endregion local-to-global-reversed-order

/**
 * Pitfall: forgetting the parent (treating local transforms as global, or skipping the walk down
 * the hierarchy). Copies every node's local matrix into outGlobals as if it were its global;
 * returns outGlobals.
 *
 * Every bone is placed relative to the model's origin instead of its parent: each child keeps its
 * own bend but none of its ancestors' rotations and offsets, so the bones collapse onto the root
 * and turning a parent moves nothing below it. Roots are unaffected (their local is their global).
 *
 * Same contract as localToGlobal: `parents` only bounds the node count; `outGlobals` may be
 * `locals` (then nothing changes); never throws; processes
 * min(parents.length, locals.length / 16, outGlobals.length / 16) nodes.
 */
// #region local-to-global-without-parents
export function localToGlobalWithoutParents(outGlobals: Float32Array, parents: Int16Array, locals: Float32Array): Float32Array {
  const count = nodeCountOf(outGlobals, parents, locals);
  if (outGlobals === locals) return outGlobals;
  for (let i = 0; i < count; i++) copyMat4At(outGlobals, 16 * i, locals, 16 * i);
  return outGlobals;
}
// #endregion local-to-global-without-parents

/**
 * Pitfall: dropping influences without renormalising. As limitInfluences (src/core/weights.ts),
 * but the kept weights are stored as they were: a vertex that lost influences has weights summing
 * to s < 1, and since Σ wᵢ·(Mᵢ × v) with every Mᵢ equal to M is s·(M × v), it is pulled toward the
 * model origin by the factor s. The mesh dents exactly where two bones shared vertices — around
 * the joints — and nowhere else.
 */
export function limitInfluencesWithoutRenormalising(
  primitive: SkinnedPrimitive,
  maxInfluences: number,
): { joints: Uint16Array; weights: Float32Array } {
  return keepLargestInfluences(primitive, maxInfluences, false);
}
