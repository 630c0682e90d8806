// The skinning shaders besides shaders/skin.vert, for the figures that show them (chapters 8 and
// 10); kept out of skin-shaders.ts so that other figures do not load their sources.
//
// A variant file in shaders/variants/ holds only the regions it changes; replaceRegions splices
// them into skin.vert (or skin-dq.vert), so a variant and the real shader differ exactly where the
// chapter says. See shaders/variants/README.md.

import skinVertexSource from '../../shaders/skin.vert?raw';
import skinDualQuaternionSource from '../../shaders/skin-dq.vert?raw';
import dualQuaternionWithoutSignAlignmentSource from '../../shaders/variants/dual-quaternion-without-sign-alignment.vert?raw';
import jointsAsFloatsSource from '../../shaders/variants/joints-as-floats.vert?raw';
import normalsNotSkinnedSource from '../../shaders/variants/normals-not-skinned.vert?raw';
import normalsPlainMatrixSource from '../../shaders/variants/normals-plain-matrix.vert?raw';
import skinnedOnCpuSource from '../../shaders/variants/skinned-on-cpu.vert?raw';
import uniformArraySource from '../../shaders/variants/uniform-array.vert?raw';
import { replaceRegions } from '../build-time/regions.ts';
import type { ShaderSource } from './program.ts';
import { PaletteSource, SKIN_VERTEX_SHADER, SkinShader } from './skin-shaders.ts';

/** shaders/skin-dq.vert: dual quaternion skinning, same attributes, uniforms and outputs as skin.vert. */
export const SKIN_DUAL_QUATERNION_VERTEX_SHADER: ShaderSource = { name: 'shaders/skin-dq.vert', source: skinDualQuaternionSource };

/** `base` with the regions of shaders/variants/`name`.vert spliced in. */
function variantOf(base: ShaderSource, name: string, patch: string): ShaderSource {
  const file = `shaders/variants/${name}.vert`;
  // Compile errors name the variant; their line numbers count the spliced source's lines.
  return { name: `${file} (in ${base.name})`, source: replaceRegions(base.source, patch, base.name, file) };
}

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
  /** shaders/skin-dq.vert: the palette as dual quaternions (paletteToDualQuaternions), blended rigidly. */
  DUAL_QUATERNION: { ...SkinShader.CORRECT, key: 'dual-quaternion', vertex: SKIN_DUAL_QUATERNION_VERTEX_SHADER, palette: PaletteSource.DUAL_QUATERNIONS },
  DUAL_QUATERNION_WITHOUT_SIGN_ALIGNMENT: {
    ...SkinShader.CORRECT,
    key: 'dual-quaternion-without-sign-alignment',
    vertex: variantOf(SKIN_DUAL_QUATERNION_VERTEX_SHADER, 'dual-quaternion-without-sign-alignment', dualQuaternionWithoutSignAlignmentSource),
    palette: PaletteSource.DUAL_QUATERNIONS,
  },
} as const satisfies Record<string, SkinShader>;

/** skin.vert reading `uniform mat4 u_bones[maxBones]` (maxBones ≥ 1) instead of the bone texture. */
export function uniformArraySkinShader(maxBones: number): SkinShader {
  const bones = Math.max(1, Math.floor(maxBones));
  const variant = variantOf(SKIN_VERTEX_SHADER, 'uniform-array', uniformArraySource);
  // MAX_BONES after the #version line, which must stay first.
  const source = variant.source.replace(/^(#version[^\n]*\n)/, `$1#define MAX_BONES ${bones}\n`);
  return { ...SkinShader.CORRECT, key: `uniform-array:${bones}`, vertex: { name: variant.name, source }, palette: PaletteSource.UNIFORM_ARRAY, maxBones: bones };
}
