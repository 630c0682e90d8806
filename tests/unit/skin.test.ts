import { mat3, mat4, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import type { SkinnedPrimitive } from '../../src/core/model.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { expectClose, expectFinite, newSpaceGrowth, paletteOf, primitiveOf, randomIn, randomUnitQuat, seededRandom } from './helpers.ts';

/** A random primitive with `vertexCount` vertices, 1–4 influences each over `jointCount` joints. */
function randomPrimitive(random: () => number, vertexCount: number, jointCount: number): SkinnedPrimitive {
  const positions: number[] = [], normals: number[] = [], joints: number[] = [], weights: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    positions.push(randomIn(random, -2, 2), randomIn(random, -2, 2), randomIn(random, -2, 2));
    const n = vec3.normalize(vec3.create(), [randomIn(random, -1, 1), randomIn(random, -1, 1), randomIn(random, -1, 1)]);
    normals.push(...n);
    const used = 1 + Math.floor(random() * 4);
    const raw = [0, 0, 0, 0].map((_, s) => (s < used ? random() + 0.05 : 0));
    const sum = raw.reduce((a, b) => a + b, 0);
    for (let s = 0; s < 4; s++) {
      joints.push(s < used ? Math.floor(random() * jointCount) : 0);
      weights.push(raw[s] / sum);
    }
  }
  return primitiveOf(positions, joints, weights, normals);
}

/** A random palette of TRS matrices with non-uniform (sometimes negative) scale. */
function randomPalette(random: () => number, jointCount: number): Float32Array {
  const matrices: mat4[] = [];
  for (let j = 0; j < jointCount; j++) {
    const scale: [number, number, number] = [randomIn(random, 0.3, 2), randomIn(random, 0.3, 2), randomIn(random, 0.3, 2)];
    if (random() < 0.2) scale[0] = -scale[0];
    matrices.push(mat4.fromRotationTranslationScale(mat4.create(), randomUnitQuat(random), [randomIn(random, -3, 3), randomIn(random, -3, 3), randomIn(random, -3, 3)], scale));
  }
  return paletteOf(matrices);
}

/** The reference for one vertex: blend the matrices with gl-matrix, then transform; normals by mat3.normalFromMat4. */
function referenceVertex(primitive: SkinnedPrimitive, palette: Float32Array, v: number): { position: vec3; normal: vec3 | null } {
  const blended = new Float32Array(16) as mat4;
  for (let s = 0; s < 4; s++) {
    const j = primitive.joints[4 * v + s];
    mat4.multiplyScalarAndAdd(blended, blended, palette.subarray(16 * j, 16 * j + 16), primitive.weights[4 * v + s]);
  }
  const position = vec3.transformMat4(vec3.create(), primitive.positions.subarray(3 * v, 3 * v + 3), blended);
  if (!primitive.normals) return { position, normal: null };
  const normalMatrix = mat3.normalFromMat4(mat3.create(), blended);
  const normal = vec3.transformMat3(vec3.create(), primitive.normals.subarray(3 * v, 3 * v + 3), normalMatrix!);
  return { position, normal: vec3.normalize(normal, normal) };
}

describe('skinVertices', () => {
  it('matches blended matrices from gl-matrix, normals through the inverse-transpose (mirroring included)', () => {
    const random = seededRandom(601);
    const jointCount = 7;
    const primitive = randomPrimitive(random, 300, jointCount);
    const palette = randomPalette(random, jointCount);
    const positions = new Float32Array(900), normals = new Float32Array(900);
    skinVertices(positions, normals, primitive, palette);
    for (let v = 0; v < primitive.vertexCount; v++) {
      const expected = referenceVertex(primitive, palette, v);
      expectClose(positions.subarray(3 * v, 3 * v + 3), expected.position, 1e-4, `position ${v}`);
      expectClose(normals.subarray(3 * v, 3 * v + 3), expected.normal!, 1e-4, `normal ${v}`);
    }
  });

  it('equals the weighted sum of each joint’s transformed position (linear blend)', () => {
    const random = seededRandom(602);
    const primitive = randomPrimitive(random, 50, 4);
    const palette = randomPalette(random, 4);
    const positions = new Float32Array(150);
    skinVertices(positions, null, primitive, palette);
    for (let v = 0; v < 50; v++) {
      const sum = vec3.create();
      for (let s = 0; s < 4; s++) {
        const j = primitive.joints[4 * v + s];
        const moved = vec3.transformMat4(vec3.create(), primitive.positions.subarray(3 * v, 3 * v + 3), palette.subarray(16 * j, 16 * j + 16));
        vec3.scaleAndAdd(sum, sum, moved, primitive.weights[4 * v + s]);
      }
      expectClose(positions.subarray(3 * v, 3 * v + 3), sum, 1e-4, `vertex ${v}`);
    }
  });

  it('a specific blend: 25 % of a 90° turn about Z plus 75 % of a lift by 2', () => {
    const turn = mat4.fromRotation(mat4.create(), Math.PI / 2, [0, 0, 1]);
    const lift = mat4.fromTranslation(mat4.create(), [0, 2, 0]);
    const primitive = primitiveOf([1, 0, 0], [0, 1, 0, 0], [0.25, 0.75, 0, 0]);
    const out = new Float32Array(3);
    skinVertices(out, null, primitive, paletteOf([turn, lift]));
    // 0.25·(0, 1, 0) + 0.75·(1, 2, 0) = (0.75, 1.75, 0)
    expectClose(out, [0.75, 1.75, 0], 1e-6);
  });

  it('skins normals by the inverse-transpose: scale (2, 1, 1) tilts a 45° normal towards Y', () => {
    const stretch = mat4.fromScaling(mat4.create(), [2, 1, 1]);
    const primitive = primitiveOf([0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [Math.SQRT1_2, Math.SQRT1_2, 0]);
    const positions = new Float32Array(3), normals = new Float32Array(3);
    skinVertices(positions, normals, primitive, paletteOf([stretch]));
    // Inverse-transpose = diag(1/2, 1, 1): (0.5, 1, 0) normalised. The plain matrix would give (2, 1, 0).
    expectClose(normals, [0.5 / Math.hypot(0.5, 1), 1 / Math.hypot(0.5, 1), 0], 1e-6);
  });

  it('keeps the inverse-transpose direction under a mirror (negative determinant)', () => {
    const mirror = mat4.fromScaling(mat4.create(), [-1, 1, 1]);
    const primitive = primitiveOf([1, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0]);
    const positions = new Float32Array(3), normals = new Float32Array(3);
    skinVertices(positions, normals, primitive, paletteOf([mirror]));
    expectClose(positions, [-1, 0, 0], 0);
    expectClose(normals, [-1, 0, 0], 1e-7);
  });

  it('an identity palette leaves positions and normals as they are', () => {
    const primitive = randomPrimitive(seededRandom(603), 20, 3);
    const identities = paletteOf([mat4.create(), mat4.create(), mat4.create()]);
    const positions = new Float32Array(60), normals = new Float32Array(60);
    skinVertices(positions, normals, primitive, identities);
    expectClose(positions, primitive.positions, 1e-6);
    expectClose(normals, primitive.normals!, 1e-6);
  });

  it('allows in-place skinning: outPositions === positions and outNormals === normals', () => {
    const random = seededRandom(604);
    const primitive = randomPrimitive(random, 40, 5);
    const palette = randomPalette(random, 5);
    const positions = new Float32Array(120), normals = new Float32Array(120);
    skinVertices(positions, normals, primitive, palette);
    skinVertices(primitive.positions, primitive.normals, primitive, palette);
    expect(Array.from(primitive.positions)).toEqual(Array.from(positions));
    expect(Array.from(primitive.normals!)).toEqual(Array.from(normals));
  });

  it('follows slot 0’s joint as it changes, repeats, returns or is missing, from vertex to vertex', () => {
    // Slot 0's matrix is kept between vertices: runs of one joint, alternation, a joint with no
    // palette matrix (the identity) in the middle of a run, and a vertex whose slot 0 is unused.
    const random = seededRandom(606);
    const jointCount = 4;
    const palette = randomPalette(random, jointCount);
    const slot0 = [0, 0, 0, 1, 0, 1, 1, 9, 9, 1, 2, 2, 3, 3, 3, 0];
    const positions: number[] = [], normals: number[] = [], joints: number[] = [], weights: number[] = [];
    slot0.forEach((joint, v) => {
      positions.push(randomIn(random, -2, 2), randomIn(random, -2, 2), randomIn(random, -2, 2));
      normals.push(...vec3.normalize(vec3.create(), [randomIn(random, -1, 1), randomIn(random, -1, 1), 1]));
      const second = (joint + 1) % jointCount;
      if (v === 5) {
        joints.push(joint, second, 0, 0);
        weights.push(0, 1, 0, 0); // slot 0 unused: only slot 1 counts
      } else if (v % 3 === 0) {
        joints.push(joint, second, 0, 0);
        weights.push(0.7, 0.3, 0, 0);
      } else {
        joints.push(joint, 0, 0, 0);
        weights.push(1, 0, 0, 0);
      }
    });
    const primitive = primitiveOf(positions, joints, weights, normals);
    const identityPalette = new Float32Array(16 * 10);
    identityPalette.set(palette);
    for (let j = jointCount; j < 10; j++) identityPalette.set(mat4.create(), 16 * j);
    const outPositions = new Float32Array(positions.length), outNormals = new Float32Array(positions.length);
    const onlyPositions = new Float32Array(positions.length);
    skinVertices(outPositions, outNormals, primitive, palette);
    skinVertices(onlyPositions, null, primitive, palette);
    for (let v = 0; v < slot0.length; v++) {
      // Joint 9 has no matrix in `palette`: the identity, which identityPalette holds explicitly.
      const expected = referenceVertex(primitive, identityPalette, v);
      expectClose(outPositions.subarray(3 * v, 3 * v + 3), expected.position, 1e-5, `position ${v}`);
      expectClose(onlyPositions.subarray(3 * v, 3 * v + 3), expected.position, 1e-5, `position ${v}, no normals`);
      expectClose(outNormals.subarray(3 * v, 3 * v + 3), expected.normal!, 1e-5, `normal ${v}`);
    }
  });

  it('gives the same positions, up to float rounding, with or without normals', () => {
    const random = seededRandom(607);
    const primitive = randomPrimitive(random, 500, 9);
    const palette = randomPalette(random, 9);
    const withNormals = new Float32Array(1500), withoutNormals = new Float32Array(1500);
    skinVertices(withNormals, new Float32Array(1500), primitive, palette);
    skinVertices(withoutNormals, null, primitive, palette);
    expectClose(withoutNormals, withNormals, 2e-6);
  });

  it('allocates nothing per call, with and without normals', () => {
    const random = seededRandom(608);
    const primitive = randomPrimitive(random, 64, 5);
    const palette = randomPalette(random, 5);
    const positions = new Float32Array(192), normals = new Float32Array(192);
    const perChunk = newSpaceGrowth((i) => skinVertices(positions, (i & 1) === 0 ? normals : null, primitive, palette), 5_000);
    expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
  });

  describe('invalid input', () => {
    it('a vertex with all weights zero keeps its bind-pose position and normal', () => {
      const primitive = primitiveOf([1, 2, 3], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1]);
      const positions = new Float32Array(3), normals = new Float32Array(3);
      skinVertices(positions, normals, primitive, paletteOf([mat4.fromTranslation(mat4.create(), [5, 5, 5]), mat4.fromScaling(mat4.create(), [0, 0, 0])]));
      expect(Array.from(positions)).toEqual([1, 2, 3]);
      expect(Array.from(normals)).toEqual([0, 0, 1]);
    });

    it('skips NaN and negative weights', () => {
      const lift = mat4.fromTranslation(mat4.create(), [0, 1, 0]);
      const primitive = primitiveOf([0, 0, 0], [0, 1, 0, 0], [1, NaN, -0.5, 0]);
      const positions = new Float32Array(3);
      skinVertices(positions, null, primitive, paletteOf([lift, mat4.create()]));
      expect(Array.from(positions)).toEqual([0, 1, 0]);
    });

    it('uses weights as given when they do not sum to 1 (as the shader does)', () => {
      const lift = mat4.fromTranslation(mat4.create(), [0, 2, 0]);
      const primitive = primitiveOf([1, 0, 0], [0, 0, 0, 0], [0.5, 0, 0, 0]);
      const positions = new Float32Array(3);
      skinVertices(positions, null, primitive, paletteOf([lift]));
      expectClose(positions, [0.5, 1, 0], 0);
    });

    it('an influence whose joint has no palette matrix counts as the identity, in every slot', () => {
      const lift = mat4.fromTranslation(mat4.create(), [0, 2, 0]);
      for (let slot = 0; slot < 4; slot++) {
        const joints = [0, 0, 0, 0], weights = [0, 0, 0, 0];
        joints[slot] = 9;
        weights[slot] = 0.5;
        weights[(slot + 1) % 4] = 0.5;
        const positions = new Float32Array(3);
        skinVertices(positions, null, primitiveOf([1, 1, 1], joints, weights), paletteOf([lift]));
        // 0.5·(1, 1, 1) + 0.5·(1, 3, 1)
        expectClose(positions, [1, 2, 1], 0, `slot ${slot}`);
      }
    });

    it('reads all four influences (each slot alone, with weight 1)', () => {
      const palette = paletteOf([0, 1, 2, 3].map((j) => mat4.fromTranslation(mat4.create(), [j + 1, 0, 0])));
      for (let slot = 0; slot < 4; slot++) {
        const joints = [3, 2, 1, 0], weights = [0, 0, 0, 0];
        weights[slot] = 1;
        const positions = new Float32Array(3);
        skinVertices(positions, null, primitiveOf([0, 0, 0], joints, weights), palette);
        expectClose(positions, [4 - slot, 0, 0], 0, `slot ${slot}`);
      }
    });

    it('a blend that collapses the normal keeps the bind normal instead of NaN', () => {
      // 50 % identity + 50 % a half turn about Y: the blended 3×3 is diag(0, 1, 0), singular.
      const halfTurn = mat4.fromScaling(mat4.create(), [-1, 1, -1]); // exactly 180° about Y
      const primitive = primitiveOf([1, 1, 1], [0, 1, 0, 0], [0.5, 0.5, 0, 0], [0, 0, 1]);
      const positions = new Float32Array(3), normals = new Float32Array(3);
      skinVertices(positions, normals, primitive, paletteOf([mat4.create(), halfTurn]));
      expectClose(positions, [0, 1, 0], 0);
      expect(Array.from(normals)).toEqual([0, 0, 1]);
      // Nearly singular (a rounded half turn): some finite unit normal, never NaN.
      const roundedHalfTurn = mat4.fromRotation(mat4.create(), Math.PI, [0, 1, 0]);
      skinVertices(positions, normals, primitive, paletteOf([mat4.create(), roundedHalfTurn]));
      expectFinite(normals);
      expectClose(Math.hypot(...normals), 1, 1e-6);
    });

    it('a NaN palette entry leaves the normal finite (bind normal) even though the position is NaN', () => {
      const broken = new Float32Array(16).fill(NaN);
      const primitive = primitiveOf([1, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0]);
      const positions = new Float32Array(3), normals = new Float32Array(3);
      expect(() => skinVertices(positions, normals, primitive, broken)).not.toThrow();
      expect(Array.from(normals)).toEqual([0, 1, 0]);
    });

    it('processes the vertices every array holds and leaves the rest untouched', () => {
      const primitive = primitiveOf([1, 0, 0, 2, 0, 0, 3, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], [1, 0, 0, 1, 0, 0, 1, 0, 0]);
      const palette = paletteOf([mat4.fromTranslation(mat4.create(), [0, 1, 0])]);
      const short = new Float32Array(6);
      expect(() => skinVertices(short, null, primitive, palette)).not.toThrow();
      expect(Array.from(short)).toEqual([1, 1, 0, 2, 1, 0]);
      const long = new Float32Array(12).fill(7);
      const fewWeights = { ...primitive, weights: primitive.weights.slice(0, 8), vertexCount: 99 };
      const normals = new Float32Array(3).fill(7);
      skinVertices(long, normals, fewWeights, palette);
      expect(Array.from(long)).toEqual([1, 1, 0, 2, 1, 0, 7, 7, 7, 7, 7, 7]);
      expect(Array.from(normals)).toEqual([1, 0, 0]);
    });

    it('leaves outNormals untouched when the primitive has no normals', () => {
      const primitive = primitiveOf([1, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]);
      const normals = new Float32Array(3).fill(7);
      skinVertices(new Float32Array(3), normals, primitive, paletteOf([mat4.create()]));
      expect(Array.from(normals)).toEqual([7, 7, 7]);
    });

    it('an empty primitive or palette does not throw', () => {
      expect(() => skinVertices(new Float32Array(0), null, primitiveOf([], [], []), new Float32Array(0))).not.toThrow();
      const out = new Float32Array(3);
      skinVertices(out, null, primitiveOf([4, 5, 6], [0, 0, 0, 0], [1, 0, 0, 0]), new Float32Array(0));
      expect(Array.from(out)).toEqual([4, 5, 6]);
    });
  });
});
