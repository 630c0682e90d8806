// Skin weights: which bones move each vertex, and how much (chapter: skin weights).
//
// The GPU wants influences per vertex — a fixed number of (joint, weight) slots, four here, read
// as two vec4 attributes — while many tools store them per bone: Assimp's aiBone lists the
// vertices it moves, and so do FBX clusters. vertexInfluencesFromBones turns the second layout
// into the first. limitInfluences keeps fewer influences per vertex (one gives rigid skinning).
// Both keep the largest weights and renormalise them to sum 1, because a vertex whose weights sum
// to s is scaled by s about the model origin (see pitfalls.ts).
//
// These run at load or set-up time: they allocate their results and throw a SetupError on input
// they cannot use, with a message naming the bone and entry.

import type { SkinnedPrimitive } from './model.ts';
import { SetupError } from './setup-error.ts';

/** Influence slots per vertex: JOINTS_0 / WEIGHTS_0 hold four, and the shaders read one uvec4 of joints and one vec4 of weights. */
export const MAX_INFLUENCES = 4;

/** One bone's influences, Assimp style: parallel lists of vertex indices and weights. */
export interface BoneInfluences {
  vertices: ArrayLike<number>;
  weights: ArrayLike<number>;
}

/** Influences per vertex, 4 slots each (unused slots: joint 0, weight 0). */
export interface VertexInfluences {
  /** 4 per vertex: the index of the bone (in the list given), largest weight first. */
  joints: Uint16Array;
  /** 4 per vertex, each in [0, 1], summing to 1 for every vertex with an influence. */
  weights: Float32Array;
  /** Vertices that had more than 4 non-zero influences: the 4 largest were kept and renormalised. */
  overflowing: number[];
  /** Vertices that no bone moves (all weights 0): they keep their bind-pose position only if the caller binds them. */
  unweighted: number[];
}

/**
 * Per-vertex influences from per-bone lists (bone b → joint b). Zero and negative weights are
 * skipped; a bone listing a vertex twice adds the weights. Each vertex keeps its 4 largest
 * influences, largest first (a tie keeps the bone listed first), renormalised to sum 1; the
 * vertices that had more are listed in `overflowing`, never dropped in silence.
 * Throws a SetupError naming the bone and entry for a vertex index outside [0, vertexCount), a
 * non-finite weight, or lists of different lengths.
 */
// #region vertex-influences-from-bones
export function vertexInfluencesFromBones(bones: readonly BoneInfluences[], vertexCount: number): VertexInfluences {
  if (bones.length > 65536) throw new SetupError(`${bones.length} bones: joint indices are 16-bit, at most 65536 bones`);
  // Gather every vertex's (bone, weight) pairs first: a vertex may have any number of them.
  const perVertex: [number, number][][] = Array.from({ length: vertexCount }, () => []);
  bones.forEach((bone, b) => {
    if (bone.vertices.length !== bone.weights.length) {
      throw new SetupError(`bone ${b}: ${bone.vertices.length} vertex indices but ${bone.weights.length} weights`);
    }
    for (let i = 0; i < bone.vertices.length; i++) {
      const vertex = bone.vertices[i];
      const weight = bone.weights[i];
      if (!Number.isInteger(vertex) || vertex < 0 || vertex >= vertexCount) {
        throw new SetupError(`bone ${b}, entry ${i}: vertex ${vertex} is outside the mesh's ${vertexCount} vertices`);
      }
      if (!Number.isFinite(weight)) throw new SetupError(`bone ${b}, entry ${i}: weight ${weight} is not a finite number`);
      if (weight <= 0) continue;
      const pairs = perVertex[vertex];
      const existing = pairs.find(([joint]) => joint === b);
      if (existing !== undefined) existing[1] += weight;
      else pairs.push([b, weight]);
    }
  });

  const joints = new Uint16Array(MAX_INFLUENCES * vertexCount);
  const weights = new Float32Array(MAX_INFLUENCES * vertexCount);
  const overflowing: number[] = [];
  const unweighted: number[] = [];
  perVertex.forEach((pairs, v) => {
    if (pairs.length === 0) {
      unweighted.push(v);
      return;
    }
    if (pairs.length > MAX_INFLUENCES) overflowing.push(v);
    const candidateWeights = Float64Array.from(pairs, ([, weight]) => weight);
    writeLargestInfluences(joints, weights, 4 * v, pairs.map(([joint]) => joint), candidateWeights, pairs.length, MAX_INFLUENCES, true);
  });
  return { joints, weights, overflowing, unweighted };
}
// #endregion vertex-influences-from-bones

// #region limit-influences
/**
 * Keeps at most `maxInfluences` (1–4) influences per vertex of `primitive`: its largest weights,
 * largest first, renormalised to sum 1 — with 1, rigid skinning (each vertex follows its
 * strongest bone alone). Returns new joint and weight arrays (4 slots per vertex); the primitive
 * is not changed. A vertex without influence keeps none. Throws a SetupError for any other count.
 */
export function limitInfluences(primitive: SkinnedPrimitive, maxInfluences: number): { joints: Uint16Array; weights: Float32Array } {
  return keepLargestInfluences(primitive, maxInfluences, true);
}
// #endregion limit-influences

/**
 * limitInfluences, with the renormalisation switchable: `renormalise` false is the pitfall that
 * pitfalls.ts shows (limitInfluencesWithoutRenormalising); everything else passes true.
 */
export function keepLargestInfluences(
  primitive: SkinnedPrimitive,
  maxInfluences: number,
  renormalise: boolean,
): { joints: Uint16Array; weights: Float32Array } {
  if (!(Number.isInteger(maxInfluences) && maxInfluences >= 1 && maxInfluences <= MAX_INFLUENCES)) {
    throw new SetupError(`maxInfluences must be an integer from 1 to ${MAX_INFLUENCES}, got ${maxInfluences}`);
  }
  const joints = new Uint16Array(MAX_INFLUENCES * primitive.vertexCount);
  const weights = new Float32Array(MAX_INFLUENCES * primitive.vertexCount);
  const candidateJoints = new Uint16Array(MAX_INFLUENCES);
  const candidateWeights = new Float64Array(MAX_INFLUENCES);
  for (let v = 0; v < primitive.vertexCount; v++) {
    let used = 0;
    for (let slot = 4 * v; slot < 4 * v + 4; slot++) {
      if (!(primitive.weights[slot] > 0)) continue;
      candidateJoints[used] = primitive.joints[slot];
      candidateWeights[used++] = primitive.weights[slot];
    }
    writeLargestInfluences(joints, weights, 4 * v, candidateJoints, candidateWeights, used, maxInfluences, renormalise);
  }
  return { joints, weights };
}

// #region keep-largest
/**
 * Writes the `count` (1–4) largest of the first `used` candidates — joint `joints[i]` with weight
 * `weights[i]`, every weight > 0 — into the 4 slots at `offset` of outJoints/outWeights, largest
 * first (the earlier candidate wins a tie); with `renormalise`, divided by their sum so that they
 * add up to 1. Slots past the kept ones are left as they are. The candidates' weights are consumed
 * (set to −1 as they are picked). Allocates nothing: the glTF loader runs it on every vertex.
 */
export function writeLargestInfluences(
  outJoints: Uint16Array,
  outWeights: Float32Array,
  offset: number,
  joints: ArrayLike<number>,
  weights: Float64Array,
  used: number,
  count: number,
  renormalise: boolean,
): void {
  const kept = Math.min(used, count);
  let sum = 0;
  for (let slot = 0; slot < kept; slot++) {
    let best = 0;
    for (let i = 1; i < used; i++) if (weights[i] > weights[best]) best = i;
    outJoints[offset + slot] = joints[best];
    outWeights[offset + slot] = weights[best];
    sum += weights[best];
    weights[best] = -1; // picked
  }
  if (renormalise) for (let slot = 0; slot < kept; slot++) outWeights[offset + slot] = outWeights[offset + slot] / sum;
}
// #endregion keep-largest
