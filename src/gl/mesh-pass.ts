// Draw pass: skinned meshes, GPU-skinned by shaders/skin.vert and lit (or weight-painted) by
// shaders/shade.frag. A pass is one program: the lit one, or shade.frag compiled with WEIGHT_PAINT
// defined (the lit pass's weightPaint, made for figures that offer the weight view).

import shadeFragmentSource from '../../shaders/shade.frag?raw';
import { createProgram, uniformChanged, uniformLocation, unsentUniform, type ProgramInfo, type ProgramSources, type ShaderSource } from './program.ts';
import { SKIN_VERTEX_SHADER, SkinShader } from './skin-shaders.ts';

export { SKIN_VERTEX_SHADER };
export const SHADE_FRAGMENT_SHADER: ShaderSource = { name: 'shaders/shade.frag', source: shadeFragmentSource };

/** shade.frag's weight-paint view of one joint: WEIGHT_PAINT defined after the #version line, #line keeping the file's line numbers. */
export const WEIGHT_PAINT_FRAGMENT_SHADER: ShaderSource = {
  name: 'shaders/shade.frag (WEIGHT_PAINT)',
  source: shadeFragmentSource.replace('\n', '\n#define WEIGHT_PAINT\n#line 2\n'),
};

/** Which colouring the meshes get: shade.frag's lit surface, or its WEIGHT_PAINT compile. */
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
  /** For a SHADED pass, the WEIGHTS pass of the same vertex shader once made; drawn in its place in that view. */
  weightPaint: MeshPass | null;
  /** What the program's uniforms were last given (uniformChanged): beginMeshPass sends only changes. */
  sent: MeshPassSent;
}

/** The values a mesh pass's program holds; NaN (or −2 for the joint) before they are first sent. */
interface MeshPassSent {
  /** The sampler unit and u_up, which never change, were sent. */
  constants: boolean;
  viewProjection: Float32Array;
  cameraPosition: Float32Array;
  keyLightDirection: Float32Array;
  fillLightDirection: Float32Array;
  albedo: Float32Array;
  selectedJoint: number;
}

/** shade.frag as compiled for `view`. */
export const shadeFragmentShader = (view: MeshView): ShaderSource =>
  view === MeshView.WEIGHTS ? WEIGHT_PAINT_FRAGMENT_SHADER : SHADE_FRAGMENT_SHADER;

/** The program of the mesh pass that draws with `shader` in `view`: its vertex shader, then shade.frag (also for linkAhead). */
export const meshProgram = (shader: SkinShader, view: MeshView = MeshView.SHADED): ProgramSources => [shader.vertex, shadeFragmentShader(view)];

/** Compiles the pass's program with the vertex shader of `shader`, for `view`; throws ShaderError naming the file and line. */
export function createMeshPass(gl: WebGL2RenderingContext, shader: SkinShader = SkinShader.CORRECT, view: MeshView = MeshView.SHADED): MeshPass {
  return meshPassOf(createProgram(gl, ...meshProgram(shader, view)), shader);
}

/**
 * The pass of a linked program whose fragment shader is shade.frag's (or a variant of it) and whose
 * vertex shader is, or was spliced into, `shader`'s: the uniforms beginMeshPass sets, found by name
 * (null for those the program does not use).
 */
export function meshPassOf(info: ProgramInfo, shader: SkinShader): MeshPass {
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
    weightPaint: null,
    sent: {
      constants: false,
      viewProjection: unsentUniform(16),
      cameraPosition: unsentUniform(3),
      keyLightDirection: unsentUniform(3),
      fillLightDirection: unsentUniform(3),
      albedo: unsentUniform(3),
      selectedJoint: -2,
    },
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
}

const UP = new Float32Array([0, 1, 0]);
/** frame.baseColor in linear RGB for u_albedo (sRGB^2.2, the inverse of shade.frag's toSrgb), once per frame. */
const albedo = new Float32Array(3);

/**
 * Binds the program and sets the uniforms every mesh shares (those that changed since this pass
 * last set them); then call setMeshPassSkin and draw.
 */
export function beginMeshPass(gl: WebGL2RenderingContext, pass: MeshPass, frame: MeshPassFrame): void {
  gl.useProgram(pass.info.program);
  gl.enable(gl.DEPTH_TEST);
  gl.depthMask(true);
  gl.disable(gl.BLEND);
  gl.disable(gl.CULL_FACE);
  const sent = pass.sent;
  if (!sent.constants) {
    gl.uniform1i(pass.palette, PALETTE_TEXTURE_UNIT);
    gl.uniform3fv(pass.up, UP);
    sent.constants = true;
  }
  if (uniformChanged(sent.viewProjection, frame.viewProjection)) gl.uniformMatrix4fv(pass.viewProjection, false, frame.viewProjection);
  if (uniformChanged(sent.cameraPosition, frame.cameraPosition)) gl.uniform3fv(pass.cameraPosition, frame.cameraPosition);
  if (uniformChanged(sent.keyLightDirection, frame.keyLightDirection)) gl.uniform3fv(pass.keyLightDirection, frame.keyLightDirection);
  if (uniformChanged(sent.fillLightDirection, frame.fillLightDirection)) gl.uniform3fv(pass.fillLightDirection, frame.fillLightDirection);
  for (let c = 0; c < 3; c++) albedo[c] = frame.baseColor[c] ** 2.2;
  if (uniformChanged(sent.albedo, albedo)) gl.uniform3fv(pass.albedo, albedo);
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
  if (pass.sent.selectedJoint === selectedJoint) return;
  pass.sent.selectedJoint = selectedJoint;
  gl.uniform1i(pass.selectedJoint, selectedJoint);
}
