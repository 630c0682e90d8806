// Giving a renderer's GPU objects back while its context lives on: for an island that replaces its
// model (the model lab), where each new renderer would otherwise leave the last one's buffers,
// textures and programs in GPU memory until the page closes. (A lost context frees everything by
// itself; this is only for a live one.)

import type { Renderer } from './renderer.ts';

/**
 * Deletes the vertex arrays, the buffers it knows of, the bone textures and the programs of
 * `renderer`, which must not be drawn with again. Index buffers are not tracked by the vertex
 * arrays and stay until the context goes; they are the smaller part.
 */
export function disposeRenderer(renderer: Renderer): void {
  const { gl } = renderer;
  if (gl.isContextLost()) return;
  for (const { vertexArray } of renderer.primitives) {
    for (const buffer of [vertexArray.positionBuffer, vertexArray.normalBuffer, vertexArray.cpuPositionBuffer, vertexArray.cpuNormalBuffer, vertexArray.jointBuffer, vertexArray.weightBuffer]) {
      if (buffer) gl.deleteBuffer(buffer);
    }
    gl.deleteVertexArray(vertexArray.vao);
  }
  for (const texture of [...renderer.boneTextures, ...(renderer.dualQuaternionCopy?.textures ?? [])]) gl.deleteTexture(texture.texture);
  for (const pass of renderer.meshPasses.values()) {
    gl.deleteProgram(pass.info.program);
    if (pass.weightPaint !== null) gl.deleteProgram(pass.weightPaint.info.program);
  }
  const skeleton = renderer.skeletonPass;
  gl.deleteVertexArray(skeleton.vao);
  gl.deleteBuffer(skeleton.corners);
  gl.deleteBuffer(skeleton.instances);
  gl.deleteProgram(skeleton.info.program);
  if (renderer.groundPass !== null) {
    gl.deleteVertexArray(renderer.groundPass.vao);
    gl.deleteBuffer(renderer.groundPass.corners);
    gl.deleteProgram(renderer.groundPass.info.program);
  }
  if (renderer.rigid !== null) {
    for (const { vertexArray } of renderer.rigid.primitives) {
      for (const buffer of vertexArray.buffers) gl.deleteBuffer(buffer);
      gl.deleteVertexArray(vertexArray.vao);
    }
    gl.deleteProgram(renderer.rigid.shaded.pass.info.program);
    if (renderer.rigid.weightPaint !== null) gl.deleteProgram(renderer.rigid.weightPaint.pass.info.program);
  }
}
