// The bind pose: the pose the mesh was modelled and skinned in (chapter: bind pose).
//
// A skinned file carries two poses of its skeleton. The nodes' own transforms give the rest pose,
// which a player shows when no clip runs. The bind pose — where each joint stood when the mesh
// was bound to it — is stored only implicitly, in the inverse bind matrices: joint j's global
// transform at bind time is the inverse of its inverse bind matrix. Exporters normally write the
// two alike, and then the rest pose skins the mesh to exactly its stored shape (every palette
// matrix is the identity); when they differ, the mesh is deformed before anything is animated.
// These functions find the bind pose, measure how far the rest pose is from it, and bind a skin
// in a given pose. They run at load or set-up time, not per frame.

import { invertMat4At, multiplyMat4At, setIdentityAt } from './math.ts';
import type { Skin } from './model.ts';

/** Matrices of the skin's joints, 16 floats each: min(joints, inverse binds) of them. */
function jointCountOf(skin: Skin): number {
  return Math.min(skin.joints.length, Math.floor(skin.inverseBindMatrices.length / 16));
}

// #region bind-globals
/**
 * The bind pose as the skin records it: joint j's global (model-space) transform when the mesh
 * was bound, the inverse of its inverse bind matrix, into `out` (16 floats per joint, skin order).
 * A singular inverse bind matrix (no bind pose to recover) gives NaN for that joint. Returns out.
 */
export function bindGlobalsOf(out: Float32Array, skin: Skin): Float32Array {
  const count = Math.min(jointCountOf(skin), Math.floor(out.length / 16));
  for (let j = 0; j < count; j++) {
    if (invertMat4At(out, 16 * j, skin.inverseBindMatrices, 16 * j) === null) out.fill(NaN, 16 * j, 16 * j + 16);
  }
  return out;
}
// #endregion bind-globals

/** product ← globals[joint j] × inverseBind[j] (joint j's skinning matrix); false when the joint names no node in `globals`. */
function skinningMatrixOf(product: Float32Array, skin: Skin, globals: Float32Array, j: number): boolean {
  const node = skin.joints[j];
  if (!(node >= 0 && node < Math.floor(globals.length / 16))) return false;
  multiplyMat4At(product, 0, globals, 16 * node, skin.inverseBindMatrices, 16 * j);
  return true;
}

/** The largest |a[i] − b[i]| over 16 entries; NaN when any entry is NaN. */
function largestDifference(a: Float32Array, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < 16; i++) {
    const difference = Math.abs(a[i] - b[i]);
    if (!(difference <= worst)) worst = difference; // NaN propagates
  }
  return worst;
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

// #region bind-pose-deviation
/**
 * How far the pose given by `globals` (16 floats per hierarchy node, e.g. the rest pose's) is
 * from the skin's bind pose, per joint: the largest entry of |globals[joint] × inverseBind[j] − I|,
 * into `out` (one float per joint). 0 means the joint is exactly where the mesh was bound to it
 * (its skinning matrix is the identity); for a rigid joint, a translation error shows as a
 * distance in model units and a rotation error of θ radians as about θ. A joint naming no node
 * in `globals` gets NaN. Returns out.
 */
export function bindPoseDeviation(out: Float32Array, skin: Skin, globals: Float32Array): Float32Array {
  const count = Math.min(jointCountOf(skin), out.length);
  const product = new Float32Array(16);
  for (let j = 0; j < count; j++) {
    out[j] = skinningMatrixOf(product, skin, globals, j) ? largestDifference(product, IDENTITY) : NaN;
  }
  return out;
}
// #endregion bind-pose-deviation

// #region bind-pose-deformation
/**
 * How much the pose given by `globals` deforms the mesh, per joint: the largest entry of
 * |P_j − P_0|, where P_j = globals[joint j] × inverseBind[j] is joint j's skinning matrix and
 * P_0 the first joint's, into `out` (one float per joint). 0 for every joint means the pose moves
 * the whole mesh as one rigid block (or not at all): its skinning matrices all agree, as they do
 * in the bind pose itself, or when a bone-less node above the skeleton places the model (a Z-up to
 * Y-up rotation, say) without the inverse bind matrices knowing. A joint naming no node in
 * `globals` gets NaN (and so do all joints when the first names none). Returns out.
 */
export function bindPoseDeformation(out: Float32Array, skin: Skin, globals: Float32Array): Float32Array {
  const count = Math.min(jointCountOf(skin), out.length);
  const first = new Float32Array(16);
  const product = new Float32Array(16);
  if (count > 0 && !skinningMatrixOf(first, skin, globals, 0)) first.fill(NaN);
  for (let j = 0; j < count; j++) {
    out[j] = skinningMatrixOf(product, skin, globals, j) ? largestDifference(product, first) : NaN;
  }
  return out;
}
// #endregion bind-pose-deformation

/**
 * Inverse bind matrices that bind `skin`'s joints in the pose given by `globals` (16 floats per
 * hierarchy node): the inverse of each joint's global, into `out` (16 floats per joint). A joint
 * naming no node, or whose global is singular, gets the identity. Returns out.
 *
 * This is what an exporter does at bind time. Binding in a pose other than the one the mesh was
 * modelled in is the mistake chapter 3's "Break it" shows: the mesh's vertices are still those of
 * the modelled pose, so every skinning matrix then moves them by the difference between the two.
 */
export function inverseBindMatricesFor(out: Float32Array, skin: Skin, globals: Float32Array): Float32Array {
  const count = Math.min(skin.joints.length, Math.floor(out.length / 16));
  const nodeCount = Math.floor(globals.length / 16);
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    if (!(node >= 0 && node < nodeCount) || invertMat4At(out, 16 * j, globals, 16 * node) === null) setIdentityAt(out, 16 * j);
  }
  return out;
}
