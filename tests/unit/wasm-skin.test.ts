import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mat4 } from 'gl-matrix';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlayer, Playback, skinVertices, type SkinnedPrimitive } from '../../src/core/index.ts';
import { createSimdSkinner, simdSkinnerModuleSize } from '../../src/core/fast/skin-simd.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { expectClose, newSpaceGrowth, paletteOf, poseAt, primitiveOf, randomIn, randomUnitQuat, seededRandom } from './helpers.ts';

const MODELS_DIRECTORY = fileURLToPath(new URL('../../public/models/', import.meta.url));
const MODEL_FILES = readdirSync(MODELS_DIRECTORY).filter((file) => file.endsWith('.glb')).sort();

/** A random primitive: 1–4 influences per vertex, unsorted weights summing to 1. */
function randomPrimitive(random: () => number, vertexCount: number, jointCount: number): SkinnedPrimitive {
  const positions: number[] = [], joints: number[] = [], weights: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    positions.push(randomIn(random, -50, 50), randomIn(random, -50, 50), randomIn(random, -50, 50));
    const used = 1 + Math.floor(random() * 4);
    const raw = [0, 0, 0, 0].map((_, s) => (s < used ? random() + 0.05 : 0));
    const sum = raw.reduce((a, b) => a + b, 0);
    for (let s = 0; s < 4; s++) {
      joints.push(s < used ? Math.floor(random() * jointCount) : 0);
      weights.push(raw[s] / sum);
    }
  }
  return primitiveOf(positions, joints, weights);
}

/** A random palette of TRS matrices with non-uniform (sometimes negative) scale. */
function randomPalette(random: () => number, jointCount: number): Float32Array {
  const matrices: mat4[] = [];
  for (let j = 0; j < jointCount; j++) {
    const scale: [number, number, number] = [randomIn(random, 0.3, 2), randomIn(random, 0.3, 2), randomIn(random, 0.3, 2)];
    if (random() < 0.2) scale[0] = -scale[0];
    const translation: [number, number, number] = [randomIn(random, -30, 30), randomIn(random, -30, 30), randomIn(random, -30, 30)];
    matrices.push(mat4.fromRotationTranslationScale(mat4.create(), randomUnitQuat(random), translation, scale));
  }
  return paletteOf(matrices);
}

/** skinVertices' positions, in a fresh array of the primitive's size. */
function scalarPositions(primitive: SkinnedPrimitive, palette: Float32Array): Float32Array {
  const out = new Float32Array(3 * primitive.vertexCount);
  skinVertices(out, null, primitive, palette);
  return out;
}

/** Asserts `actual` equals `expected` within 1e-6 of the largest coordinate's magnitude. */
function expectSameSkinning(actual: Float32Array, expected: Float32Array, label: string): void {
  let magnitude = 0;
  for (let i = 0; i < expected.length; i++) magnitude = Math.max(magnitude, Math.abs(expected[i]));
  expectClose(actual, expected, 1e-6 * Math.max(magnitude, 1e-30), label);
}

function skinnerOf(primitive: SkinnedPrimitive, paletteJointCount: number) {
  const skinner = createSimdSkinner(primitive, paletteJointCount);
  if (skinner === null) throw new Error('WebAssembly SIMD is unavailable in this runtime');
  return skinner;
}

describe('createSimdSkinner', () => {
  it('is available in Node 24 and its module stays small', () => {
    expect(createSimdSkinner(primitiveOf([0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]), 1)).not.toBeNull();
    expect(simdSkinnerModuleSize()).toBeLessThan(512);
  });

  for (const file of MODEL_FILES) {
    it(`matches skinVertices on ${file}: rest pose and every clip at several times`, () => {
      const model = loadModelFile(`${MODELS_DIRECTORY}${file}`);
      const player = createPlayer(model);
      const skinners = model.meshes.map((mesh) => mesh.primitives.map((primitive) => skinnerOf(primitive, model.skins[mesh.skin].joints.length)));
      const poses: [number, number][] = [[-1, 0]];
      model.clips.forEach((clip, c) => {
        for (const fraction of [0, 0.13, 0.37, 0.5, 0.81, 1]) poses.push([c, fraction * clip.duration]);
      });
      let compared = 0;
      for (const [clip, time] of poses) {
        poseAt(player, clip, time, Playback.CLAMP);
        model.meshes.forEach((mesh, m) => {
          const palette = player.palettes[mesh.skin];
          mesh.primitives.forEach((primitive, p) => {
            const skinned = skinners[m][p].skin(palette);
            expect(skinned.length).toBe(3 * primitive.vertexCount);
            expectSameSkinning(skinned, scalarPositions(primitive, palette), `${file} mesh ${m} primitive ${p} clip ${clip} t=${time}`);
            compared += primitive.vertexCount;
          });
        });
      }
      expect(compared).toBeGreaterThan(0);
    });
  }

  it('matches skinVertices on random primitives: 1–4 unsorted influences, mirrored and non-uniform scale', () => {
    const random = seededRandom(701);
    for (const vertexCount of [1, 2, 3, 17, 500]) {
      const jointCount = 9;
      const primitive = randomPrimitive(random, vertexCount, jointCount);
      const skinner = skinnerOf(primitive, jointCount);
      for (let pose = 0; pose < 4; pose++) {
        const palette = randomPalette(random, jointCount);
        expectSameSkinning(skinner.skin(palette), scalarPositions(primitive, palette), `${vertexCount} vertices, pose ${pose}`);
      }
    }
  });

  it('returns the same view at every call, skinner-owned: the caller writing into it changes nothing else', () => {
    const random = seededRandom(702);
    const primitive = randomPrimitive(random, 40, 4);
    const positionsBefore = primitive.positions.slice();
    const palette = randomPalette(random, 4);
    const skinner = skinnerOf(primitive, 4);
    const first = skinner.skin(palette);
    first.fill(Number.NaN);
    const second = skinner.skin(palette);
    expect(second).toBe(first);
    expectSameSkinning(second, scalarPositions(primitive, palette), 'after the caller overwrote the view');
    expect(Array.from(primitive.positions)).toEqual(Array.from(positionsBefore));
  });

  it('copies the primitive at creation and the palette at each call; two skinners are independent', () => {
    const random = seededRandom(703);
    const primitive = randomPrimitive(random, 30, 3);
    const palette = randomPalette(random, 3);
    const expected = scalarPositions(primitive, palette);
    const skinner = skinnerOf(primitive, 3);
    const other = skinnerOf(randomPrimitive(random, 30, 3), 3);
    primitive.positions.fill(1000);
    primitive.weights.fill(0);
    const skinned = skinner.skin(palette);
    other.skin(randomPalette(random, 3));
    expectSameSkinning(skinned, expected, 'primitive changed after creation, other skinner run');
    const kept = skinned.slice();
    palette.fill(0);
    expect(Array.from(skinned)).toEqual(Array.from(kept));
  });

  describe('invalid input, as skinVertices', () => {
    const translate = (x: number, y: number, z: number) => mat4.fromTranslation(mat4.create(), [x, y, z]);

    it('a vertex with all weights zero (or negative, or NaN) keeps its bind-pose position', () => {
      const primitive = primitiveOf([1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1], [0, 0, 0, 0, -1, -0.5, 0, 0, Number.NaN, 0, 0, 0]);
      const palette = paletteOf([translate(5, 5, 5), mat4.fromScaling(mat4.create(), [0, 0, 0])]);
      const skinned = skinnerOf(primitive, 2).skin(palette);
      expect(Array.from(skinned)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(Array.from(skinned)).toEqual(Array.from(scalarPositions(primitive, palette)));
    });

    it('skips weights that are not > 0 and uses positive weights as given (no renormalisation)', () => {
      const primitive = primitiveOf([1, 0, 0], [0, 1, 2, 0], [0.5, -0.25, Number.NaN, 0.25]);
      const palette = paletteOf([translate(4, 0, 0), translate(100, 100, 100), translate(-100, 0, 0)]);
      const skinned = skinnerOf(primitive, 3).skin(palette);
      // (0.5 + 0.25) · ((1, 0, 0) + (4, 0, 0))
      expectClose(skinned, [3.75, 0, 0], 1e-6);
      expectSameSkinning(skinned, scalarPositions(primitive, palette), 'partial weights');
    });

    it('a joint index past the palette counts as the identity', () => {
      const primitive = primitiveOf([1, 2, 3, 1, 2, 3], [0, 7, 0, 0, 65535, 0, 0, 0], [0.5, 0.5, 0, 0, 1, 0, 0, 0]);
      const palette = paletteOf([translate(10, 0, 0)]);
      const skinned = skinnerOf(primitive, 1).skin(palette);
      expectClose(skinned, [6, 2, 3, 1, 2, 3], 1e-6);
      expectSameSkinning(skinned, scalarPositions(primitive, palette), 'out-of-range joints');
    });

    it('a palette shorter than paletteJointCount: the missing matrices count as the identity', () => {
      const primitive = primitiveOf([1, 2, 3, 1, 2, 3, 1, 2, 3], [0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
      const skinner = skinnerOf(primitive, 3);
      const full = paletteOf([translate(10, 0, 0), translate(0, 10, 0), translate(0, 0, 10)]);
      expectClose(skinner.skin(full), [11, 2, 3, 1, 12, 3, 1, 2, 13], 1e-6);
      // 1.5 matrices: the half matrix is not used.
      const short = full.slice(0, 24);
      expectClose(skinner.skin(short), [11, 2, 3, 1, 2, 3, 1, 2, 3], 1e-6);
      expect(Array.from(skinner.skin(short))).toEqual(Array.from(scalarPositions(primitive, short)));
      expectClose(skinner.skin(new Float32Array(0)), [1, 2, 3, 1, 2, 3, 1, 2, 3], 0);
      // Back to a full palette: nothing of the short calls lingers.
      expectClose(skinner.skin(full), [11, 2, 3, 1, 12, 3, 1, 2, 13], 1e-6);
    });

    it('a palette longer than paletteJointCount: the extra matrices are not read', () => {
      const primitive = primitiveOf([1, 2, 3, 1, 2, 3], [0, 0, 0, 0, 1, 0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0]);
      const palette = paletteOf([translate(10, 0, 0), translate(0, 10, 0)]);
      expectClose(skinnerOf(primitive, 1).skin(palette), [11, 2, 3, 1, 2, 3], 1e-6);
    });

    it('the vertex count is the smallest every array holds; empty and degenerate inputs never throw', () => {
      const primitive = primitiveOf([1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
      const skinner = skinnerOf(primitive, 1);
      expect(skinner.vertexCount).toBe(2);
      expectClose(skinner.skin(paletteOf([translate(1, 1, 1)])), [2, 3, 4, 5, 6, 7], 1e-6);
      const empty = skinnerOf(primitiveOf([], [], []), 0);
      expect(empty.vertexCount).toBe(0);
      expect(empty.skin(new Float32Array(0)).length).toBe(0);
      const odd = skinnerOf({ ...primitiveOf([1, 2, 3], [0, 0, 0, 0], [1, 0, 0, 0]), vertexCount: Number.NaN }, -3);
      expect(odd.vertexCount).toBe(0);
      expect(odd.paletteJointCount).toBe(0);
      expect(odd.skin(new Float32Array(16)).length).toBe(0);
    });
  });

  it('allocates nothing per call', () => {
    const random = seededRandom(704);
    const primitive = randomPrimitive(random, 64, 5);
    const palettes = [randomPalette(random, 5), randomPalette(random, 5)];
    const skinner = skinnerOf(primitive, 5);
    const perChunk = newSpaceGrowth((i) => skinner.skin(palettes[i & 1]), 5_000);
    expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
  });

  describe('without WebAssembly', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it('returns null, so that callers fall back to skinVertices', async () => {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', undefined);
      const fresh = await import('../../src/core/fast/skin-simd.ts');
      expect(fresh.createSimdSkinner(primitiveOf([0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]), 1)).toBeNull();
    });
  });
});
