// Which vertex shader skins the meshes, and where it reads the bone matrices from. Every figure
// runs shaders/skin.vert (bone texture, integer joints): SkinShader.CORRECT, the only one this
// module — loaded by every figure — carries. The others (chapter 8's uniform array and "Break it"
// mistakes, chapter 10's dual quaternions) are in skin-shader-variants.ts, loaded only by the
// figures that show them.

import skinVertexSource from '../../shaders/skin.vert?raw';
import type { ShaderSource } from './program.ts';

export const SKIN_VERTEX_SHADER: ShaderSource = { name: 'shaders/skin.vert', source: skinVertexSource };

/** Where a skinning shader reads the palette, and so what the renderer uploads each frame. */
export const PaletteSource = {
  /** The bone texture u_palette: 4 RGBA32F texels per joint (bone-texture.ts). */
  TEXTURE: 0,
  /** `uniform mat4 u_bones[maxBones]` (uploadBoneUniforms). */
  UNIFORM_ARRAY: 1,
  /** u_palette as dual quaternions: 2 texels per joint (RenderFrame.dualQuaternions). */
  DUAL_QUATERNIONS: 2,
} as const;
export type PaletteSource = (typeof PaletteSource)[keyof typeof PaletteSource];

/** A skinning vertex shader and what it expects of the renderer. */
export interface SkinShader {
  /** Unique name, e.g. "correct" or "uniform-array:100": the key of the renderer's program cache. */
  key: string;
  vertex: ShaderSource;
  palette: PaletteSource;
  /** Size of u_bones for PaletteSource.UNIFORM_ARRAY, else 0. */
  maxBones: number;
  /** The joints are bound with vertexAttribPointer (chapter 8's "Break it"), not vertexAttribIPointer. */
  jointsAsFloats: boolean;
  /** POSITION and NORMAL arrive skinned on the CPU (RenderFrame.cpuPositions / cpuNormals). */
  skinnedOnCpu: boolean;
}

/** shaders/skin.vert: the bone texture, integer joints, inverse-transpose normals. */
const CORRECT: SkinShader = {
  key: 'correct',
  vertex: SKIN_VERTEX_SHADER,
  palette: PaletteSource.TEXTURE,
  maxBones: 0,
  jointsAsFloats: false,
  skinnedOnCpu: false,
};

export const SkinShader = { CORRECT } as const;

// #region uniform-capacity
/** Vectors shaders/skin.vert spends on uniforms besides the bones: u_viewProjection (4) and u_selectedJoint (1). */
export const OTHER_VERTEX_UNIFORM_VECTORS = 5;

/**
 * How many mat4 bones a `uniform mat4 u_bones[N]` can hold on a device whose vertex shaders
 * get `maxVertexUniformVectors` vec4 uniforms (gl.MAX_VERTEX_UNIFORM_VECTORS; WebGL2 guarantees
 * 256): each mat4 takes 4 vectors, after the shader's other uniforms.
 */
export function uniformArrayBoneCapacity(maxVertexUniformVectors: number): number {
  return Math.max(0, Math.floor((maxVertexUniformVectors - OTHER_VERTEX_UNIFORM_VECTORS) / 4));
}
// #endregion uniform-capacity

/** Vectors a `uniform mat4 u_bones[bones]` array needs, with the shader's other uniforms. */
export function uniformVectorsForBones(bones: number): number {
  return 4 * bones + OTHER_VERTEX_UNIFORM_VECTORS;
}
