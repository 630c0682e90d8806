// From a pose (T/R/S per node) to local matrices, and the matrix-free composition of rigid
// transforms (chapter: bones and the hierarchy).

import type { Pose } from './model.ts';
import { composeTRSAt, multiplyQuatAt, rotateVec3ByQuatAt } from './math.ts';

/**
 * Writes local = T × R × S for every node of `pose` into outLocals (16 floats per node,
 * column-major) and returns outLocals. Rotations are expected to be unit quaternions (the sampler
 * and the loader keep them so). Never throws: the node count is the smallest that every array
 * holds (outLocals.length / 16, translations / 3, rotations / 4, scales / 3); matrices past it are
 * left untouched.
 */
// #region compose-local
export function composeLocal(outLocals: Float32Array, pose: Pose): Float32Array {
  const translations = pose.translations;
  const rotations = pose.rotations;
  const scales = pose.scales;
  let nodeCount = Math.floor(outLocals.length / 16);
  const withTranslation = Math.floor(translations.length / 3);
  const withRotation = Math.floor(rotations.length / 4);
  const withScale = Math.floor(scales.length / 3);
  if (withTranslation < nodeCount) nodeCount = withTranslation;
  if (withRotation < nodeCount) nodeCount = withRotation;
  if (withScale < nodeCount) nodeCount = withScale;
  for (let i = 0; i < nodeCount; i++) {
    composeTRSAt(outLocals, 16 * i, translations, 3 * i, rotations, 4 * i, scales, 3 * i);
  }
  return outLocals;
}
// #endregion compose-local

/**
 * A rotation followed by a translation, x ↦ rotation·x + translation: a bone's transform without
 * scale, kept as a quaternion and a vector instead of a matrix.
 */
export interface RigidTransform {
  /** 3 floats, model units. */
  translation: Float32Array;
  /** 4 floats, unit quaternion [x, y, z, w]. */
  rotation: Float32Array;
}

/** The identity rigid transform (translation 0, rotation [0, 0, 0, 1]), freshly allocated. */
export function createRigidTransform(): RigidTransform {
  return { translation: new Float32Array(3), rotation: new Float32Array([0, 0, 0, 1]) };
}

/**
 * out = a ∘ b (apply b, then a) without matrices: rotation = qa·qb, translation = ta + qa·tb.
 * This is the matrix product A × B of the two rigid transforms, e.g. parent global × child local.
 * `out` may be `a` or `b`. Returns out.
 */
// #region combine-rigid
export function combineRigid(out: RigidTransform, a: RigidTransform, b: RigidTransform): RigidTransform {
  const tax = a.translation[0], tay = a.translation[1], taz = a.translation[2];
  // qa·tb first, into out.translation: b.translation is read completely before it is written.
  rotateVec3ByQuatAt(out.translation, 0, a.rotation, 0, b.translation, 0);
  out.translation[0] += tax;
  out.translation[1] += tay;
  out.translation[2] += taz;
  multiplyQuatAt(out.rotation, 0, a.rotation, 0, b.rotation, 0);
  return out;
}
// #endregion combine-rigid
