// Reading skin.vert's outputs back with transform feedback: the GPU's skinned positions and normals
// for every vertex, without drawing anything. The parity test compares them with the CPU skinning
// of src/core/skin.ts; a chapter can use it the same way.
//
// The program must be linked with transformFeedbackVaryings = SKIN_FEEDBACK_VARYINGS (createProgram
// does this with SEPARATE_ATTRIBS, so each varying goes to its own buffer).

import { PALETTE_TEXTURE_UNIT, SHADE_FRAGMENT_SHADER } from './mesh-pass.ts';
import { createProgram, uniformLocation } from './program.ts';
import { SKIN_VERTEX_SHADER } from './skin-shaders.ts';

/** The skin.vert outputs captured, in buffer order: model-space position, model-space unit normal. */
export const SKIN_FEEDBACK_VARYINGS = ['v_skinnedPosition', 'v_skinnedNormal'] as const;

/** Capture buffers for `vertexCount` vertices: 3 floats per vertex each. */
export interface SkinFeedback {
  transformFeedback: WebGLTransformFeedback;
  positions: WebGLBuffer;
  normals: WebGLBuffer;
  vertexCount: number;
}

export function createSkinFeedback(gl: WebGL2RenderingContext, vertexCount: number): SkinFeedback {
  const transformFeedback = gl.createTransformFeedback();
  const positions = gl.createBuffer();
  const normals = gl.createBuffer();
  for (const buffer of [positions, normals]) {
    gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, buffer);
    gl.bufferData(gl.TRANSFORM_FEEDBACK_BUFFER, 12 * vertexCount, gl.STREAM_READ);
  }
  gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, null);
  return { transformFeedback, positions, normals, vertexCount };
}

/**
 * Runs the bound program (its uniforms and bone texture already set) over `vao`'s first
 * feedback.vertexCount vertices as points, rasterizer off, capturing the two varyings.
 */
export function captureSkinFeedback(gl: WebGL2RenderingContext, vao: WebGLVertexArrayObject, feedback: SkinFeedback): void {
  gl.bindVertexArray(vao);
  gl.bindTransformFeedback(gl.TRANSFORM_FEEDBACK, feedback.transformFeedback);
  gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 0, feedback.positions);
  gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 1, feedback.normals);
  gl.enable(gl.RASTERIZER_DISCARD);
  gl.beginTransformFeedback(gl.POINTS);
  gl.drawArrays(gl.POINTS, 0, feedback.vertexCount);
  gl.endTransformFeedback();
  gl.disable(gl.RASTERIZER_DISCARD);
  gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 0, null);
  gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 1, null);
  gl.bindTransformFeedback(gl.TRANSFORM_FEEDBACK, null);
  gl.bindVertexArray(null);
}

/** Copies the captured data into outPositions / outNormals (3 · vertexCount floats each, caller-owned). */
export function readSkinFeedback(
  gl: WebGL2RenderingContext,
  feedback: SkinFeedback,
  outPositions: Float32Array,
  outNormals: Float32Array,
): void {
  gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, feedback.positions);
  gl.getBufferSubData(gl.TRANSFORM_FEEDBACK_BUFFER, 0, outPositions, 0, 3 * feedback.vertexCount);
  gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, feedback.normals);
  gl.getBufferSubData(gl.TRANSFORM_FEEDBACK_BUFFER, 0, outNormals, 0, 3 * feedback.vertexCount);
  gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, null);
}

/**
 * What a figure needs to read skin.vert's output back for one primitive: the program linked for
 * capture and the capture buffers. Made once per context (createSkinReadback), used as often as
 * the figure measures (readGpuSkinned).
 */
export interface SkinReadback {
  program: WebGLProgram;
  palette: WebGLUniformLocation | null;
  selectedJoint: WebGLUniformLocation | null;
  feedback: SkinFeedback;
}

/** Links shaders/skin.vert for capture (throws ShaderError) and allocates buffers for `vertexCount` vertices. */
export function createSkinReadback(gl: WebGL2RenderingContext, vertexCount: number): SkinReadback {
  const info = createProgram(gl, SKIN_VERTEX_SHADER, SHADE_FRAGMENT_SHADER, SKIN_FEEDBACK_VARYINGS);
  return {
    program: info.program,
    palette: uniformLocation(info, 'u_palette'),
    selectedJoint: uniformLocation(info, 'u_selectedJoint'),
    feedback: createSkinFeedback(gl, vertexCount),
  };
}

/**
 * Runs skin.vert over `vao` (bind-pose positions and normals, integer joints) with the palette in
 * `boneTexture`, and copies the skinned positions and unit normals into outPositions / outNormals
 * (3 floats per vertex each, caller-owned). Waits for the GPU: measurement, not per-frame drawing.
 */
export function readGpuSkinned(
  gl: WebGL2RenderingContext,
  readback: SkinReadback,
  vao: WebGLVertexArrayObject,
  boneTexture: WebGLTexture,
  outPositions: Float32Array,
  outNormals: Float32Array,
): void {
  gl.useProgram(readback.program);
  gl.activeTexture(gl.TEXTURE0 + PALETTE_TEXTURE_UNIT);
  gl.bindTexture(gl.TEXTURE_2D, boneTexture);
  gl.uniform1i(readback.palette, PALETTE_TEXTURE_UNIT);
  gl.uniform1i(readback.selectedJoint, -1);
  captureSkinFeedback(gl, vao, readback.feedback);
  readSkinFeedback(gl, readback.feedback, outPositions, outNormals);
}
