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
 * What a figure needs to read skin.vert's output back without making the page wait for the GPU:
 * the program linked for capture, capture buffers for each primitive, and the fence of the captures
 * in flight. Made once per context (createSkinReadback); captureGpuSkinned then fenceGpuSkinned
 * send a round of captures, and once gpuSkinnedReady says the GPU is done, readSkinFeedback
 * copies each out at no wait.
 */
export interface SkinReadback {
  program: WebGLProgram;
  palette: WebGLUniformLocation | null;
  selectedJoint: WebGLUniformLocation | null;
  /** One per primitive, sized by createSkinReadback's `vertexCounts`. */
  feedbacks: SkinFeedback[];
  /** Signalled when the GPU has run the captures fenced last; null when none are in flight. */
  fence: WebGLSync | null;
}

/** Links shaders/skin.vert for capture (throws ShaderError) and allocates buffers for primitives of `vertexCounts` vertices. */
export function createSkinReadback(gl: WebGL2RenderingContext, vertexCounts: readonly number[]): SkinReadback {
  const info = createProgram(gl, SKIN_VERTEX_SHADER, SHADE_FRAGMENT_SHADER, SKIN_FEEDBACK_VARYINGS);
  return {
    program: info.program,
    palette: uniformLocation(info, 'u_palette'),
    selectedJoint: uniformLocation(info, 'u_selectedJoint'),
    feedbacks: vertexCounts.map((count) => createSkinFeedback(gl, count)),
    fence: null,
  };
}

/**
 * Runs skin.vert over `vao` (bind-pose positions and normals, integer joints) with the palette in
 * `boneTexture`, into primitive `index`'s capture buffers. Queues the work and returns.
 */
export function captureGpuSkinned(gl: WebGL2RenderingContext, readback: SkinReadback, index: number, vao: WebGLVertexArrayObject, boneTexture: WebGLTexture): void {
  gl.useProgram(readback.program);
  gl.activeTexture(gl.TEXTURE0 + PALETTE_TEXTURE_UNIT);
  gl.bindTexture(gl.TEXTURE_2D, boneTexture);
  gl.uniform1i(readback.palette, PALETTE_TEXTURE_UNIT);
  gl.uniform1i(readback.selectedJoint, -1);
  captureSkinFeedback(gl, vao, readback.feedbacks[index]);
}

/** Ends a round of captures: the GPU signals readback.fence once it has run them (any earlier round is dropped). */
export function fenceGpuSkinned(gl: WebGL2RenderingContext, readback: SkinReadback): void {
  gl.deleteSync(readback.fence);
  readback.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  gl.flush();
}

/**
 * True, once, when the GPU has run the captures fenced last: readSkinFeedback then copies them
 * without waiting. False while they are in flight or when none are. A fence's status changes only
 * between tasks (WebGL 2), so ask from a later frame or timer, not in the task that fenced.
 */
export function gpuSkinnedReady(gl: WebGL2RenderingContext, readback: SkinReadback): boolean {
  if (readback.fence === null || gl.getSyncParameter(readback.fence, gl.SYNC_STATUS) !== gl.SIGNALED) return false;
  gl.deleteSync(readback.fence);
  readback.fence = null;
  return true;
}
