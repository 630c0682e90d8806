// Skin weights (src/core/weights.ts) and the renormalisation pitfall (src/core/pitfalls.ts).
import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { limitInfluencesWithoutRenormalising } from '../../src/core/pitfalls.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { SetupError } from '../../src/core/setup-error.ts';
import { limitInfluences, MAX_INFLUENCES, vertexInfluencesFromBones, type BoneInfluences } from '../../src/core/weights.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { expectClose, paletteOf, primitiveOf, randomIn, seededRandom } from './helpers.ts';

const MANNEQUIN = new URL('../../public/models/mannequin.glb', import.meta.url).pathname;

/** `run` throws a SetupError whose message contains (string) or matches (RegExp) `message`. */
function expectSetupError(run: () => unknown, message: string | RegExp): void {
  expect(run).toThrow(SetupError);
  expect(run).toThrow(message);
}

/** The (joint, weight) pairs of vertex v with weight > 0, as a map. */
function influencesOf(joints: ArrayLike<number>, weights: ArrayLike<number>, v: number): Map<number, number> {
  const map = new Map<number, number>();
  for (let s = 4 * v; s < 4 * v + 4; s++) if (weights[s] > 0) map.set(joints[s], weights[s]);
  return map;
}

describe('vertexInfluencesFromBones', () => {
  it('turns per-bone lists into four slots per vertex, largest first, renormalised', () => {
    const bones: BoneInfluences[] = [
      { vertices: [0, 1, 2], weights: [1, 0.25, 0.5] },
      { vertices: [1, 2], weights: [0.75, 0.5] },
    ];
    const result = vertexInfluencesFromBones(bones, 4);
    expect(Array.from(result.joints.subarray(0, 12))).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]);
    expect(Array.from(result.weights.subarray(0, 12))).toEqual([1, 0, 0, 0, 0.75, 0.25, 0, 0, 0.5, 0.5, 0, 0]);
    expect(result.unweighted).toEqual([3]); // no bone lists vertex 3
    expect(result.overflowing).toEqual([]);
  });

  it('skips zero and negative weights, adds a vertex listed twice by one bone, and renormalises sums that are not 1', () => {
    const result = vertexInfluencesFromBones(
      [
        { vertices: [0, 0, 1], weights: [0.2, 0.2, 0] },
        { vertices: [0, 1], weights: [0.4, -3] },
      ],
      2,
    );
    expect(Array.from(result.joints.subarray(0, 2))).toEqual([0, 1]); // 0.2 + 0.2 against 0.4: a tie keeps bone order
    expectClose(result.weights.subarray(0, 2), [0.5, 0.5]);
    expect(result.unweighted).toEqual([1]);
  });

  it('keeps the four largest of more than four influences, renormalised, and lists the vertex', () => {
    const weights = [0.05, 0.3, 0.1, 0.25, 0.2, 0.1];
    const bones = weights.map((weight) => ({ vertices: [0], weights: [weight] }));
    const result = vertexInfluencesFromBones(bones, 1);
    expect(result.overflowing).toEqual([0]);
    expect(Array.from(result.joints)).toEqual([1, 3, 4, 2]); // 0.3, 0.25, 0.2, then the first 0.1
    expectClose(result.weights, [0.3 / 0.85, 0.25 / 0.85, 0.2 / 0.85, 0.1 / 0.85], 1e-7);
  });

  it('gives back a loaded model’s influences when fed its own data bone by bone (the Assimp layout)', () => {
    const model = loadModelFile(MANNEQUIN);
    const primitive = model.meshes[0].primitives[0];
    const jointCount = model.skins[0].joints.length;
    const bones: { vertices: number[]; weights: number[] }[] = Array.from({ length: jointCount }, () => ({ vertices: [], weights: [] }));
    for (let s = 0; s < 4 * primitive.vertexCount; s++) {
      if (primitive.weights[s] > 0) {
        bones[primitive.joints[s]].vertices.push(Math.floor(s / 4));
        bones[primitive.joints[s]].weights.push(primitive.weights[s]);
      }
    }
    const result = vertexInfluencesFromBones(bones, primitive.vertexCount);
    expect(result.overflowing).toEqual([]);
    expect(result.unweighted).toEqual([]);
    for (let v = 0; v < primitive.vertexCount; v++) {
      const theirs = influencesOf(primitive.joints, primitive.weights, v);
      const ours = influencesOf(result.joints, result.weights, v);
      expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
      for (const [joint, weight] of theirs) expectClose(ours.get(joint)!, weight, 1e-6, `vertex ${v} joint ${joint}`);
    }
  });

  describe('refuses input it cannot use with a SetupError naming the bone and entry', () => {
    it('a vertex index outside the mesh', () => {
      expectSetupError(
        () => vertexInfluencesFromBones([{ vertices: [0], weights: [1] }, { vertices: [1, 7], weights: [1, 1] }], 4),
        "bone 1, entry 1: vertex 7 is outside the mesh's 4 vertices",
      );
      expectSetupError(() => vertexInfluencesFromBones([{ vertices: [-1], weights: [1] }], 4), /bone 0, entry 0: vertex -1/);
      expectSetupError(() => vertexInfluencesFromBones([{ vertices: [0.5], weights: [1] }], 4), /vertex 0\.5/);
    });
    it('a weight that is not a finite number', () => {
      expectSetupError(() => vertexInfluencesFromBones([{ vertices: [0, 1], weights: [1, NaN] }], 4), 'bone 0, entry 1: weight NaN is not a finite number');
    });
    it('lists of different lengths', () => {
      expectSetupError(() => vertexInfluencesFromBones([{ vertices: [0, 1], weights: [1] }], 4), 'bone 0: 2 vertex indices but 1 weights');
    });
    it('more bones than 16-bit joint indices can name', () => {
      const bones = Array.from({ length: 65537 }, () => ({ vertices: [], weights: [] }));
      expectSetupError(() => vertexInfluencesFromBones(bones, 4), '65537 bones: joint indices are 16-bit, at most 65536 bones');
    });
    it('names its type SetupError', () => {
      try {
        vertexInfluencesFromBones([{ vertices: [9], weights: [1] }], 4);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).name).toBe('SetupError');
      }
    });
  });
});

describe('limitInfluences', () => {
  // Vertex 0: one bone; vertex 1: two; vertex 2: three (unsorted); vertex 3: none.
  const primitive = primitiveOf(
    new Array(12).fill(0),
    [2, 0, 0, 0, 0, 1, 0, 0, 3, 1, 2, 0, 0, 0, 0, 0],
    [1, 0, 0, 0, 0.3, 0.7, 0, 0, 0.2, 0.5, 0.3, 0, 0, 0, 0, 0],
  );

  it('with 4, changes nothing but the order: largest first', () => {
    const { joints, weights } = limitInfluences(primitive, MAX_INFLUENCES);
    expect(Array.from(joints)).toEqual([2, 0, 0, 0, 1, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0, 0]);
    expectClose(weights, [1, 0, 0, 0, 0.7, 0.3, 0, 0, 0.5, 0.3, 0.2, 0, 0, 0, 0, 0], 1e-7);
  });

  it('with 2, keeps the two largest and renormalises them', () => {
    const { joints, weights } = limitInfluences(primitive, 2);
    expect(Array.from(joints.subarray(8, 12))).toEqual([1, 2, 0, 0]);
    expectClose(weights.subarray(8, 12), [0.625, 0.375, 0, 0], 1e-7);
  });

  it('with 1, is rigid skinning: every vertex follows its strongest bone alone, exactly', () => {
    const { joints, weights } = limitInfluences(primitive, 1);
    expect(Array.from(joints)).toEqual([2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(weights)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    const random = seededRandom(4);
    const positions = Array.from({ length: 12 }, () => randomIn(random, -2, 2));
    const matrices = [0, 1, 2, 3].map((j) => mat4.fromRotationTranslation(mat4.create(), [0, Math.sin(j), 0, Math.cos(j)], [j, -j, 2 * j]));
    const rigid = primitiveOf(positions, Array.from(joints), Array.from(weights));
    const skinned = new Float32Array(12);
    skinVertices(skinned, null, rigid, paletteOf(matrices));
    for (const v of [0, 1, 2]) {
      const expected = [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]] as [number, number, number];
      const moved = [0, 0, 0] as [number, number, number];
      // The vertex through its one bone's matrix (column-major).
      const m = matrices[joints[4 * v]];
      for (let r = 0; r < 3; r++) moved[r] = m[r] * expected[0] + m[4 + r] * expected[1] + m[8 + r] * expected[2] + m[12 + r];
      expectClose(skinned.subarray(3 * v, 3 * v + 3), moved, 1e-5, `vertex ${v}`);
    }
  });

  it('refuses a count outside 1–4', () => {
    for (const bad of [0, 5, 1.5, NaN]) expectSetupError(() => limitInfluences(primitive, bad), /maxInfluences must be an integer from 1 to 4/);
  });
});

describe('pitfall: limitInfluencesWithoutRenormalising', () => {
  it('leaves sums below 1 where influences were dropped, and skinning then scales those vertices about the origin', () => {
    const model = loadModelFile(MANNEQUIN);
    const primitive = model.meshes[0].primitives[0];
    const broken = limitInfluencesWithoutRenormalising(primitive, 1);
    const correct = limitInfluences(primitive, 1);
    expect(Array.from(broken.joints)).toEqual(Array.from(correct.joints));
    let dented = 0;
    // Every bone moved by the same matrix M: a correct vertex lands on M × v; a broken one on s·(M × v).
    const m = mat4.fromRotationTranslation(mat4.create(), [0, 0.3826834, 0, 0.9238795], [0.5, 1, -2]);
    const palette = paletteOf(new Array(model.skins[0].joints.length).fill(m));
    const skinnedBroken = new Float32Array(3 * primitive.vertexCount);
    const skinnedCorrect = new Float32Array(3 * primitive.vertexCount);
    skinVertices(skinnedBroken, null, { ...primitive, ...broken }, palette);
    skinVertices(skinnedCorrect, null, { ...primitive, ...correct }, palette);
    for (let v = 0; v < primitive.vertexCount; v++) {
      const sum = broken.weights[4 * v];
      const original = influencesOf(primitive.joints, primitive.weights, v);
      // The one weight kept is the vertex's largest, as it was: below 1 wherever bones shared the vertex.
      expect(sum).toBe(Math.max(...original.values()));
      if (sum < 1) dented++;
      expectClose(skinnedBroken.subarray(3 * v, 3 * v + 3), Array.from(skinnedCorrect.subarray(3 * v, 3 * v + 3), (x) => sum * x), 1e-4, `vertex ${v}`);
    }
    expect(dented).toBeGreaterThan(100); // the mannequin shares vertices between bones at every joint
  });
});
