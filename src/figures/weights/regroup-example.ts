// A worked example of chapter 2, computed by the skinning core at build time: the mannequin's
// weights regrouped bone by bone, as Assimp delivers them (each aiBone with its list of
// (vertex, weight) pairs), then turned back into four slots per vertex by vertexInfluencesFromBones.
import { readProjectModel } from '../../build-time/project-models.ts';
import { vertexInfluencesFromBones } from '../../core/weights.ts';
import type { SkinnedPrimitive } from '../../core/model.ts';

export interface RegroupExample {
  vertexCount: number;
  /** Bones with at least one weighted vertex, and (vertex, weight) entries over all of them. */
  boneCount: number;
  entryCount: number;
  /** Vertices whose joints and weights came back as the file has them (weights within 1e-6). */
  matchingVertices: number;
  /** Largest |weight back − weight in the file| over every slot. */
  largestWeightDifference: number;
  /** Vertices that had more than four influences, or none. */
  overflowing: number;
  unweighted: number;
}

/** Joint → weight of vertex `v`'s positive influences in four-slot arrays. */
function influencesOf(joints: Uint16Array, weights: Float32Array, v: number): Map<number, number> {
  const influences = new Map<number, number>();
  for (let s = 4 * v; s < 4 * v + 4; s++) if (weights[s] > 0) influences.set(joints[s], (influences.get(joints[s]) ?? 0) + weights[s]);
  return influences;
}

/**
 * A primitive's four slots per vertex regrouped per bone, as Assimp delivers them: for each of the
 * skin's `jointCount` joints, the vertices it moves (ascending) and their weights (positive only).
 */
export function perBoneLists(primitive: SkinnedPrimitive, jointCount: number): { vertices: number[]; weights: number[] }[] {
  const bones: { vertices: number[]; weights: number[] }[] = Array.from({ length: jointCount }, () => ({ vertices: [], weights: [] }));
  for (let slot = 0; slot < 4 * primitive.vertexCount; slot++) {
    if (!(primitive.weights[slot] > 0)) continue;
    bones[primitive.joints[slot]].vertices.push(Math.floor(slot / 4));
    bones[primitive.joints[slot]].weights.push(primitive.weights[slot]);
  }
  return bones;
}

export function computeRegroupExample(root: string = process.cwd()): RegroupExample {
  const model = readProjectModel('mannequin.glb', root);
  const primitive = model.meshes[0].primitives[0];
  const bones = perBoneLists(primitive, model.skins[model.meshes[0].skin].joints.length);
  const back = vertexInfluencesFromBones(bones, primitive.vertexCount);
  let matchingVertices = 0;
  let largestWeightDifference = 0;
  for (let v = 0; v < primitive.vertexCount; v++) {
    const file = influencesOf(primitive.joints, primitive.weights, v);
    const ours = influencesOf(back.joints, back.weights, v);
    let same = file.size === ours.size;
    for (const [joint, weight] of file) {
      const difference = Math.abs((ours.get(joint) ?? 0) - weight);
      largestWeightDifference = Math.max(largestWeightDifference, difference);
      if (!ours.has(joint) || difference > 1e-6) same = false;
    }
    if (same) matchingVertices++;
  }
  return {
    vertexCount: primitive.vertexCount,
    boneCount: bones.filter((bone) => bone.vertices.length > 0).length,
    entryCount: bones.reduce((sum, bone) => sum + bone.vertices.length, 0),
    matchingVertices,
    largestWeightDifference,
    overflowing: back.overflowing.length,
    unweighted: back.unweighted.length,
  };
}
