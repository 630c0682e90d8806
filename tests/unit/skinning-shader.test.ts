// Chapter 8's numbers and the code behind its figures: the float bits of a joint index, the uniform
// array's capacity, the normal under a non-uniform scale (plain matrix against the
// inverse-transpose, derived by hand), the angle and distance measures the CPU/GPU note uses, and
// the shader variants spliced from shaders/variants/ into shaders/skin.vert.
import { readFileSync } from 'node:fs';
import { mat3, mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { listRegions, extractRegion, RegionError, replaceRegions } from '../../src/build-time/regions.ts';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import { Playback } from '../../src/core/clip.ts';
import { animateFrame, createPlayer } from '../../src/core/frame.ts';
import { largestNormalAngle, largestPointDistance } from '../../src/core/normals.ts';
import { jointIndexAsFloatBits, skinNormalsWithPlainMatrix } from '../../src/core/pitfalls-shader.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { DualQuaternionShader } from '../../src/gl/dual-quaternion-shaders.ts';
import { SkinShaderVariant, uniformArraySkinShader } from '../../src/gl/skin-shader-variants.ts';
import { SkinShader, uniformArrayBoneCapacity, uniformVectorsForBones } from '../../src/gl/skin-shaders.ts';
import { computeShaderExample } from '../../src/figures/skin-shader/shader-example.ts';
import { seededRandom, randomIn } from './helpers.ts';

const DEGREES = 180 / Math.PI;

describe('joint indices bound as floats (jointIndexAsFloatBits)', () => {
  it('gives the IEEE 754 bits of the index as a float, read as an unsigned integer', () => {
    // 1.0 = sign 0, exponent 127 (0x7F << 23), mantissa 0 → 0x3F800000; 2.0 = exponent 128 → 0x40000000;
    // 18.0 = 1.125 × 2⁴ → exponent 131 (0x83 << 23 = 0x41800000) + mantissa 0.125 × 2²³ = 0x100000.
    expect(jointIndexAsFloatBits(0)).toBe(0);
    expect(jointIndexAsFloatBits(1)).toBe(0x3f800000);
    expect(jointIndexAsFloatBits(2)).toBe(0x40000000);
    expect(jointIndexAsFloatBits(18)).toBe(0x41900000);
    expect(jointIndexAsFloatBits(1)).toBe(1065353216);
  });
});

describe('the uniform array', () => {
  it('holds ⌊(vectors − 5) / 4⌋ matrices: 4 vectors per mat4 after u_viewProjection and u_selectedJoint', () => {
    expect(uniformArrayBoneCapacity(256)).toBe(62);
    expect(uniformArrayBoneCapacity(1024)).toBe(254);
    expect(uniformArrayBoneCapacity(4096)).toBe(1022);
    expect(uniformArrayBoneCapacity(4)).toBe(0);
    expect(uniformVectorsForBones(100)).toBe(405);
    expect(uniformVectorsForBones(128)).toBe(517);
    // The capacity is the largest array whose vectors fit.
    for (const vectors of [256, 300, 1024, 4096]) {
      const bones = uniformArrayBoneCapacity(vectors);
      expect(uniformVectorsForBones(bones)).toBeLessThanOrEqual(vectors);
      expect(uniformVectorsForBones(bones + 1)).toBeGreaterThan(vectors);
    }
  });

  it('counts the uniforms skin.vert really declares besides the palette', () => {
    const source = readFileSync('shaders/skin.vert', 'utf8');
    const uniforms = [...source.matchAll(/^uniform\s+(\w+)\s+(\w+)/gm)].map((match) => `${match[1]} ${match[2]}`);
    expect(uniforms).toEqual(['sampler2D u_palette', 'mat4 u_viewProjection', 'int u_selectedJoint']);
    // mat4 = 4 vectors, int = 1: the 5 of OTHER_VERTEX_UNIFORM_VECTORS (samplers take none).
    expect(uniformVectorsForBones(0)).toBe(5);
  });
});

describe('normals under a non-uniform scale', () => {
  const stretch = new Float32Array([2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const primitive = {
    vertexCount: 1,
    positions: new Float32Array([0, 0, 0]),
    normals: new Float32Array([Math.SQRT1_2, Math.SQRT1_2, 0]),
    joints: new Uint16Array([0, 0, 0, 0]),
    weights: new Float32Array([1, 0, 0, 0]),
    indices: null,
  };

  it('the plain matrix turns (1,1,0)/√2 to (2,1,0)/√5, the inverse-transpose to (1,2,0)/√5: 36.87° apart', () => {
    const plain = skinNormalsWithPlainMatrix(new Float32Array(3), primitive, stretch);
    const correct = new Float32Array(3);
    skinVertices(new Float32Array(3), correct, primitive, stretch);
    // A = diag(2, 1, 1): A n ∝ (2, 1, 0); A⁻ᵀ n ∝ (1/2, 1, 0) ∝ (1, 2, 0). Both normalised by √5.
    expect(plain[0]).toBeCloseTo(2 / Math.sqrt(5), 6);
    expect(plain[1]).toBeCloseTo(1 / Math.sqrt(5), 6);
    expect(correct[0]).toBeCloseTo(1 / Math.sqrt(5), 6);
    expect(correct[1]).toBeCloseTo(2 / Math.sqrt(5), 6);
    // atan(2) − atan(1/2) = 63.435° − 26.565° = 36.870°.
    expect(largestNormalAngle(plain, correct, 1) * DEGREES).toBeCloseTo(36.8699, 3);
    const example = computeShaderExample();
    expect(example.normal.degrees).toBeCloseTo(36.8699, 3);
    expect(example.normal.plain[0]).toBeCloseTo(0.894427, 5);
    expect(example.normal.correct[1]).toBeCloseTo(0.894427, 5);
  });

  it('agrees with the inverse-transpose on rigid vertices of the walk, and not where two rotations blend', () => {
    const model = readProjectModel('mannequin.glb');
    const player = createPlayer(model);
    const primitive = model.meshes[0].primitives[0];
    const floats = 3 * primitive.vertexCount;
    for (const time of [0, 0.37, 0.9]) {
      animateFrame(player, model.clips[0], time, Playback.LOOP);
      const correct = new Float32Array(floats);
      skinVertices(new Float32Array(floats), correct, primitive, player.palettes[0]);
      const plain = skinNormalsWithPlainMatrix(new Float32Array(floats), primitive, player.palettes[0]);
      let rigid = 0;
      let blended = 0;
      for (let v = 0; v < primitive.vertexCount; v++) {
        const angle = largestNormalAngle(plain.subarray(3 * v), correct.subarray(3 * v), 1) * DEGREES;
        if (primitive.weights[4 * v] === 1) rigid = Math.max(rigid, angle);
        else blended = Math.max(blended, angle);
      }
      // A rotation's inverse-transpose is itself; a weighted sum of two rotations is not a rotation.
      expect(rigid, `t = ${time}`).toBeLessThan(1e-3);
      expect(blended, `t = ${time}`).toBeGreaterThan(1);
    }
    const { walkNormals } = computeShaderExample();
    expect(walkNormals.degrees).toBeCloseTo(9.975, 2);
    console.log('walk normals', walkNormals);
    expect(walkNormals.rigidDegrees).toBeLessThan(1e-3);
    expect(walkNormals.influences).toBeGreaterThan(1);
  });

  it('matches gl-matrix: normalize(A · n) summed over the joints, on random weighted vertices', () => {
    const random = seededRandom(8);
    const matrices = [0, 1].map(() => {
      const m = mat4.create();
      mat4.fromRotationTranslationScale(m, [0.2, 0.3, 0.1, 0.927], [1, 2, 3], [randomIn(random, 0.5, 2), randomIn(random, 0.5, 2), randomIn(random, 0.5, 2)]);
      return m;
    });
    const palette = new Float32Array([...matrices[0], ...matrices[1]]);
    const weight = 0.3;
    const normal = [0.48, 0.6, 0.64];
    const out = skinNormalsWithPlainMatrix(new Float32Array(3), {
      vertexCount: 1,
      positions: new Float32Array(3),
      normals: new Float32Array(normal),
      joints: new Uint16Array([0, 1, 0, 0]),
      weights: new Float32Array([weight, 1 - weight, 0, 0]),
      indices: null,
    }, palette);
    const expected = [0, 1, 2].map((row) =>
      [0, 1].reduce((sum, j) => sum + (j === 0 ? weight : 1 - weight) * [0, 1, 2].reduce((s, c) => s + mat3.fromMat4(mat3.create(), matrices[j])[3 * c + row] * normal[c], 0), 0),
    );
    const length = Math.hypot(...expected);
    for (let i = 0; i < 3; i++) expect(out[i]).toBeCloseTo(expected[i] / length, 6);
  });
});

describe('the CPU/GPU comparison measures', () => {
  it('measures tiny angles accurately (atan2 of cross and dot), where acos of the dot would round', () => {
    const angle = 1e-6;
    const a = new Float32Array([1, 0, 0]);
    const b = new Float32Array([Math.cos(angle), Math.sin(angle), 0]);
    expect(largestNormalAngle(a, b, 1)).toBeCloseTo(angle, 9);
    expect(largestNormalAngle(a, new Float32Array([-1, 0, 0]), 1)).toBeCloseTo(Math.PI, 9);
    expect(largestNormalAngle(a, new Float32Array([NaN, 0, 0]), 1)).toBe(Math.PI);
    expect(largestNormalAngle(a, b, 0)).toBe(0);
  });

  it('gives the largest distance over the vertices counted', () => {
    const a = new Float32Array([0, 0, 0, 1, 1, 1, 5, 5, 5]);
    const b = new Float32Array([0, 0, 1, 1, 1, 4, 0, 0, 0]);
    expect(largestPointDistance(a, b, 2)).toBe(3);
    expect(largestPointDistance(a, b, 3)).toBeCloseTo(Math.sqrt(75), 12);
    expect(largestPointDistance(a, new Float32Array([NaN, 0, 0]), 1)).toBe(Infinity);
  });
});

describe('the chapter worked example (shader-example.ts)', () => {
  it('computes the numbers the chapter quotes', () => {
    const example = computeShaderExample();
    expect(example.floatBits.map((entry) => entry.hex)).toEqual(['0x00000000', '0x3F800000', '0x40000000', '0x41900000']);
    expect(example.uniformCapacity).toEqual([{ vectors: 256, bones: 62 }, { vectors: 1024, bones: 254 }, { vectors: 4096, bones: 1022 }]);
    expect(example.tutorialArrays).toEqual([{ source: 'ogldev', bones: 100, vectors: 405 }, { source: 'the Habr article', bones: 128, vectors: 517 }]);
    // position 12 + normal 12 + uv 8, then u8 joints 4 + unorm8 weights 4, or 16 + 16.
    expect(example.layout).toMatchObject({ vertexCount: 3198, compact: 40, floats: 64, compactTotal: 127920, floatsTotal: 204672 });
    expect(example.boneTexture).toEqual({ joints: 19, bytes: 1216 });
  });
});

describe('shader variants (shaders/variants/, spliced by replaceRegions)', () => {
  const base = readFileSync('shaders/skin.vert', 'utf8');

  it('each variant differs from its base shader only inside the regions its file names', () => {
    const dualQuaternionBase = readFileSync('shaders/skin-dq.vert', 'utf8');
    const variants = [...Object.values(SkinShaderVariant), DualQuaternionShader.WITHOUT_SIGN_ALIGNMENT, uniformArraySkinShader(100)];
    expect(variants.map((shader) => shader.key).sort()).toEqual(
      ['dual-quaternion-without-sign-alignment', 'joints-as-floats', 'normals-not-skinned', 'normals-plain-matrix', 'skinned-on-cpu', 'uniform-array:100'],
    );
    for (const shader of variants) {
      const name = shader.key.replace(/:\d+$/, '');
      const patch = readFileSync(`shaders/variants/${name}.vert`, 'utf8');
      const from = name.startsWith('dual-quaternion') ? dualQuaternionBase : base;
      const variant = shader.vertex.source.replace(/^#define MAX_BONES 100\n/m, '');
      expect(shader.vertex.name).toBe(`shaders/variants/${name}.vert (in ${name.startsWith('dual-quaternion') ? 'shaders/skin-dq.vert' : 'shaders/skin.vert'})`);
      const changed = listRegions(patch);
      expect(changed.length, name).toBeGreaterThan(0);
      for (const region of listRegions(from)) {
        const original = extractRegion(from, region).code;
        // A region that contains a changed one is compared through that one.
        if (!changed.includes(region) && changed.some((inner) => original.includes(extractRegion(from, inner).code))) continue;
        const expected = changed.includes(region) ? extractRegion(patch, region).code : original;
        expect(extractRegion(variant, region).code, `${name}: ${region}`).toBe(expected);
      }
      // Outside the regions, the base's lines, in order.
      const outside = (source: string) => {
        const lines = source.split('\n');
        const kept: string[] = [];
        let depth = 0;
        for (const line of lines) {
          if (/^\s*\/\/\s*#region/.test(line)) depth++;
          else if (/^\s*\/\/\s*#endregion/.test(line)) depth--;
          else if (depth === 0) kept.push(line);
        }
        return kept;
      };
      expect(outside(variant), name).toEqual(outside(from));
    }
  });

  it('defines MAX_BONES right after #version for the uniform array only, and says where each shader reads the palette', () => {
    const shader = uniformArraySkinShader(128);
    expect(shader.vertex.source.split('\n').slice(0, 2)).toEqual(['#version 300 es', '#define MAX_BONES 128']);
    expect(shader.vertex.source).toMatch(/uniform mat4 u_bones\[MAX_BONES\];/);
    expect(shader.vertex.source).not.toMatch(/uniform sampler2D u_palette/);
    expect(shader).toMatchObject({ key: 'uniform-array:128', maxBones: 128, palette: 1 });
    expect(SkinShaderVariant.NORMALS_NOT_SKINNED.vertex.source).not.toMatch(/MAX_BONES/);
    expect(SkinShader.CORRECT.vertex.source).toBe(base);
    expect(SkinShaderVariant.JOINTS_AS_FLOATS.jointsAsFloats).toBe(true);
    expect(SkinShaderVariant.SKINNED_ON_CPU.skinnedOnCpu).toBe(true);
    expect(DualQuaternionShader.CORRECT.palette).toBe(2);
  });

  it('replaceRegions names the region a patch asks for that the base lacks', () => {
    expect(() => replaceRegions('// #region a\nx\n// #endregion a\n', '// #region b\ny\n// #endregion b\n', 'base.vert', 'patch.vert')).toThrow(RegionError);
    expect(() => replaceRegions('// #region a\nx\n// #endregion a\n', '// #region b\ny\n// #endregion b\n', 'base.vert', 'patch.vert')).toThrow(/patch\.vert:1: region "b" is not in base\.vert \(regions there: a\)/);
    expect(replaceRegions('1\n// #region a\nx\n// #endregion a\n2\n// #region c\nz\n// #endregion\n', '// #region c\nZ\nZ\n// #endregion c\n// #region a\n// #endregion a\n')).toBe(
      '1\n// #region a\n// #endregion a\n2\n// #region c\nZ\nZ\n// #endregion\n',
    );
  });
});
