// The skinning shaders besides shaders/skin.vert that chapter 8 shows (the dual quaternion ones of
// chapter 10 are in dual-quaternion-shaders.ts); kept out of skin-shaders.ts so that other figures
// do not load their sources.
//
// A variant file in shaders/variants/ holds only the regions it changes; replaceRegions splices
// them into skin.vert (or skin-dq.vert), so a variant and the real shader differ exactly where the
// chapter says. See shaders/variants/README.md.

import skinVertexSource from '../../shaders/skin.vert?raw';
import jointsAsFloatsSource from '../../shaders/variants/joints-as-floats.vert?raw';
import normalsNotSkinnedSource from '../../shaders/variants/normals-not-skinned.vert?raw';
import normalsPlainMatrixSource from '../../shaders/variants/normals-plain-matrix.vert?raw';
import skinnedOnCpuSource from '../../shaders/variants/skinned-on-cpu.vert?raw';
import uniformArraySource from '../../shaders/variants/uniform-array.vert?raw';
import { variantOf } from './shader-variant.ts';
import { PaletteSource, SKIN_VERTEX_SHADER, SkinShader } from './skin-shaders.ts';

/** A variant of skin.vert that reads the bone texture, with integer joints unless said otherwise. */
function textureVariant(name: string, patch: string, options: Partial<SkinShader> = {}): SkinShader {
  return { ...SkinShader.CORRECT, key: name, vertex: variantOf(SKIN_VERTEX_SHADER, name, patch), ...options };
}

export const SkinShaderVariant = {
  JOINTS_AS_FLOATS: textureVariant('joints-as-floats', jointsAsFloatsSource, { jointsAsFloats: true }),
  NORMALS_NOT_SKINNED: textureVariant('normals-not-skinned', normalsNotSkinnedSource),
  NORMALS_PLAIN_MATRIX: textureVariant('normals-plain-matrix', normalsPlainMatrixSource),
  /** Positions and normals skinned by skinVertices on the CPU, passed through. */
  SKINNED_ON_CPU: textureVariant('skinned-on-cpu', skinnedOnCpuSource, { skinnedOnCpu: true }),
} as const satisfies Record<string, SkinShader>;

/** skin.vert reading `uniform mat4 u_bones[maxBones]` (maxBones ≥ 1) instead of the bone texture. */
export function uniformArraySkinShader(maxBones: number): SkinShader {
  const bones = Math.max(1, Math.floor(maxBones));
  const variant = variantOf(SKIN_VERTEX_SHADER, 'uniform-array', uniformArraySource);
  // MAX_BONES after the #version line, which must stay first.
  const source = variant.source.replace(/^(#version[^\n]*\n)/, `$1#define MAX_BONES ${bones}\n`);
  return { ...SkinShader.CORRECT, key: `uniform-array:${bones}`, vertex: { name: variant.name, source }, palette: PaletteSource.UNIFORM_ARRAY, maxBones: bones };
}
