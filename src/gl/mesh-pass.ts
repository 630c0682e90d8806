// Draw pass: skinned meshes, GPU-skinned by shaders/skin.vert and lit (or weight-painted) by
// shaders/shade.frag.

import shadeFragmentSource from '../../shaders/shade.frag?raw';
import { createProgram, uniformLocation, type ProgramInfo, type ProgramSources } from './program.ts';
import { SKIN_VERTEX_SHADER, SkinShader } from './skin-shaders.ts';

export { SKIN_VERTEX_SHADER };
export const SHADE_FRAGMENT_SHADER = { name: 'shaders/shade.frag', source: shadeFragmentSource };

/** Which colouring shade.frag applies (its u_view). */
export const MeshView = { SHADED: 0, WEIGHTS: 1 } as const;
export type MeshView = (typeof MeshView)[keyof typeof MeshView];

/** Texture unit the bone texture is bound to while drawing. */
export const PALETTE_TEXTURE_UNIT = 0;

export interface MeshPass {
  info: ProgramInfo;
  /** The vertex shader it runs and what it reads (skin-shaders.ts). */
  shader: SkinShader;
  /** u_palette, the bone texture's sampler (null for the uniform-array shader). */
  palette: WebGLUniformLocation | null;
  /** u_bones, the uniform array (null for the others). */
  bones: WebGLUniformLocation | null;
  viewProjection: WebGLUniformLocation | null;
  selectedJoint: WebGLUniformLocation | null;
  cameraPosition: WebGLUniformLocation | null;
  keyLightDirection: WebGLUniformLocation | null;
  fillLightDirection: WebGLUniformLocation | null;
  up: WebGLUniformLocation | null;
  /** u_albedo: the base colour in linear RGB. */
  albedo: WebGLUniformLocation | null;
  view: WebGLUniformLocation | null;
}

/** The program of the mesh pass that draws with `shader`: its vertex shader, lit by shade.frag (also for linkAhead). */
export const meshProgram = (shader: SkinShader): ProgramSources => [shader.vertex, SHADE_FRAGMENT_SHADER];

/** Compiles the pass's program with the vertex shader of `shader`; throws ShaderError naming the file and line. */
export function createMeshPass(gl: WebGL2RenderingContext, shader: SkinShader = SkinShader.CORRECT): MeshPass {
  const info = createProgram(gl, ...meshProgram(shader));
  return {
    info,
    shader,
    palette: uniformLocation(info, 'u_palette'),
    bones: uniformLocation(info, 'u_bones'),
    viewProjection: uniformLocation(info, 'u_viewProjection'),
    selectedJoint: uniformLocation(info, 'u_selectedJoint'),
    cameraPosition: uniformLocation(info, 'u_cameraPosition'),
    keyLightDirection: uniformLocation(info, 'u_keyLightDirection'),
    fillLightDirection: uniformLocation(info, 'u_fillLightDirection'),
    up: uniformLocation(info, 'u_up'),
    albedo: uniformLocation(info, 'u_albedo'),
    view: uniformLocation(info, 'u_view'),
  };
}

/** Per-frame inputs shared by every mesh drawn; all arrays read only. */
export interface MeshPassFrame {
  viewProjection: Float32Array;
  /** Model space, 3 floats each; light directions are unit vectors towards the light. */
  cameraPosition: Float32Array;
  keyLightDirection: Float32Array;
  fillLightDirection: Float32Array;
  /** sRGB in [0, 1], 3 floats. */
  baseColor: Float32Array;
  view: MeshView;
}

const UP = new Float32Array([0, 1, 0]);
/** frame.baseColor in linear RGB for u_albedo (sRGB^2.2, the inverse of shade.frag's toSrgb), once per frame. */
const albedo = new Float32Array(3);

/** Binds the program and sets the uniforms every mesh shares; then call setMeshPassSkin and draw. */
export function beginMeshPass(gl: WebGL2RenderingContext, pass: MeshPass, frame: MeshPassFrame): void {
  gl.useProgram(pass.info.program);
  gl.enable(gl.DEPTH_TEST);
  gl.depthMask(true);
  gl.disable(gl.BLEND);
  gl.disable(gl.CULL_FACE);
  gl.uniform1i(pass.palette, PALETTE_TEXTURE_UNIT);
  gl.uniformMatrix4fv(pass.viewProjection, false, frame.viewProjection);
  gl.uniform3fv(pass.cameraPosition, frame.cameraPosition);
  gl.uniform3fv(pass.keyLightDirection, frame.keyLightDirection);
  gl.uniform3fv(pass.fillLightDirection, frame.fillLightDirection);
  gl.uniform3fv(pass.up, UP);
  for (let c = 0; c < 3; c++) albedo[c] = frame.baseColor[c] ** 2.2;
  gl.uniform3fv(pass.albedo, albedo);
  gl.uniform1i(pass.view, frame.view);
}

// #region upload-uniform-array
/**
 * Uploads palette[0 … maxBones − 1] into u_bones (16 floats per joint, read only; allocates
 * nothing). The joints past maxBones are not uploaded: the array has no room for them.
 */
export function uploadBoneUniforms(gl: WebGL2RenderingContext, pass: MeshPass, palette: Float32Array): void {
  const joints = Math.min(pass.shader.maxBones, Math.floor(palette.length / 16));
  gl.uniformMatrix4fv(pass.bones, false, palette, 0, 16 * joints);
}
// #endregion upload-uniform-array

/** Selects the joint (index into the skin's joint list, −1 for none) whose weight the weight view paints. */
export function setMeshPassSelectedJoint(gl: WebGL2RenderingContext, pass: MeshPass, selectedJoint: number): void {
  gl.uniform1i(pass.selectedJoint, selectedJoint);
}
