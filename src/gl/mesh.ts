// Vertex arrays for skinned primitives, with the attribute locations shaders/skin.vert declares.

import type { SkinnedPrimitive } from '../core/model.ts';
import { computeVertexNormals } from '../core/normals.ts';

/** `layout(location = …)` of the skinned-mesh attributes in shaders/skin.vert. */
export const SkinAttribute = { POSITION: 0, NORMAL: 1, JOINTS: 2, WEIGHTS: 3 } as const;

/**
 * One primitive's vertex array and how to draw it. Its buffers live as long as the context: a
 * model is uploaded once per context, and a lost context takes them all at once.
 */
export interface SkinnedVertexArray {
  vao: WebGLVertexArrayObject;
  /** The JOINTS and WEIGHTS buffers, for uploadInfluences. */
  jointBuffer: WebGLBuffer;
  weightBuffer: WebGLBuffer;
  vertexCount: number;
  /** Indices to draw with drawElements, or 0 for drawArrays over vertexCount vertices. */
  indexCount: number;
  /** UNSIGNED_SHORT or UNSIGNED_INT when indexed. */
  indexType: GLenum;
}

function createBuffer(gl: WebGL2RenderingContext, target: GLenum, data: ArrayBufferView): WebGLBuffer {
  const buffer = gl.createBuffer();
  gl.bindBuffer(target, buffer);
  gl.bufferData(target, data, gl.STATIC_DRAW);
  return buffer;
}

/**
 * Uploads a primitive's positions, normals, joints and weights, and its indices (as 16-bit when
 * every index fits), into a new vertex array. Joints are bound with vertexAttribIPointer so the
 * shader receives integers (`uvec4`), not floats.
 */
export function createSkinnedVertexArray(gl: WebGL2RenderingContext, primitive: SkinnedPrimitive): SkinnedVertexArray {
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);

  createBuffer(gl, gl.ARRAY_BUFFER, primitive.positions);
  gl.enableVertexAttribArray(SkinAttribute.POSITION);
  gl.vertexAttribPointer(SkinAttribute.POSITION, 3, gl.FLOAT, false, 0, 0);

  // Loaded primitives always have normals; one built in code may not (see SkinnedPrimitive.normals).
  const normals =
    primitive.normals ??
    computeVertexNormals(new Float32Array(3 * primitive.vertexCount), primitive.positions, primitive.indices);
  createBuffer(gl, gl.ARRAY_BUFFER, normals);
  gl.enableVertexAttribArray(SkinAttribute.NORMAL);
  gl.vertexAttribPointer(SkinAttribute.NORMAL, 3, gl.FLOAT, false, 0, 0);

  // #region integer-joints
  const jointBuffer = createBuffer(gl, gl.ARRAY_BUFFER, primitive.joints);
  gl.enableVertexAttribArray(SkinAttribute.JOINTS);
  // The "I" matters: vertexAttribPointer would hand the shader floats (pitfall: joints as floats).
  gl.vertexAttribIPointer(SkinAttribute.JOINTS, 4, gl.UNSIGNED_SHORT, 0, 0);
  // #endregion integer-joints

  const weightBuffer = createBuffer(gl, gl.ARRAY_BUFFER, primitive.weights);
  gl.enableVertexAttribArray(SkinAttribute.WEIGHTS);
  gl.vertexAttribPointer(SkinAttribute.WEIGHTS, 4, gl.FLOAT, false, 0, 0);

  let indexCount = 0;
  let indexType: GLenum = gl.UNSIGNED_SHORT;
  if (primitive.indices !== null) {
    const small = primitive.vertexCount <= 65536;
    const data = small ? Uint16Array.from(primitive.indices) : primitive.indices;
    createBuffer(gl, gl.ELEMENT_ARRAY_BUFFER, data);
    indexCount = primitive.indices.length;
    indexType = small ? gl.UNSIGNED_SHORT : gl.UNSIGNED_INT;
  }
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return { vao, jointBuffer, weightBuffer, vertexCount: primitive.vertexCount, indexCount, indexType };
}

/**
 * Replaces a vertex array's joints and weights (4 per vertex each, as in SkinnedPrimitive), e.g.
 * to show the same mesh with other weights. Arrays shorter than the vertex array's are uploaded
 * as far as they go.
 */
export function uploadInfluences(gl: WebGL2RenderingContext, vertexArray: SkinnedVertexArray, joints: Uint16Array, weights: Float32Array): void {
  gl.bindBuffer(gl.ARRAY_BUFFER, vertexArray.jointBuffer);
  gl.bufferSubData(gl.ARRAY_BUFFER, 0, joints.subarray(0, 4 * vertexArray.vertexCount));
  gl.bindBuffer(gl.ARRAY_BUFFER, vertexArray.weightBuffer);
  gl.bufferSubData(gl.ARRAY_BUFFER, 0, weights.subarray(0, 4 * vertexArray.vertexCount));
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
}

/** Draws the primitive (its VAO bound for the call) as triangles. */
export function drawSkinnedVertexArray(gl: WebGL2RenderingContext, vertexArray: SkinnedVertexArray): void {
  gl.bindVertexArray(vertexArray.vao);
  if (vertexArray.indexCount > 0) gl.drawElements(gl.TRIANGLES, vertexArray.indexCount, vertexArray.indexType, 0);
  else gl.drawArrays(gl.TRIANGLES, 0, vertexArray.vertexCount);
  gl.bindVertexArray(null);
}
