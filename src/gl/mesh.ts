// Vertex arrays for skinned primitives, with the attribute locations shaders/skin.vert declares.

import type { SkinnedPrimitive } from '../core/model.ts';

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
 * Smooth vertex normals for a primitive that has none: each vertex gets the normalised sum of its
 * triangles' area-weighted face normals (counter-clockwise front faces). A fresh array, 3 floats
 * per vertex; a vertex on no triangle gets +Y.
 */
export function computeVertexNormals(primitive: SkinnedPrimitive): Float32Array {
  const { positions, indices, vertexCount } = primitive;
  const normals = new Float32Array(3 * vertexCount);
  const triangleCount = Math.floor((indices === null ? vertexCount : indices.length) / 3);
  for (let t = 0; t < triangleCount; t++) {
    const a = indices === null ? 3 * t : indices[3 * t];
    const b = indices === null ? 3 * t + 1 : indices[3 * t + 1];
    const c = indices === null ? 3 * t + 2 : indices[3 * t + 2];
    const ux = positions[3 * b] - positions[3 * a], uy = positions[3 * b + 1] - positions[3 * a + 1], uz = positions[3 * b + 2] - positions[3 * a + 2];
    const vx = positions[3 * c] - positions[3 * a], vy = positions[3 * c + 1] - positions[3 * a + 1], vz = positions[3 * c + 2] - positions[3 * a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const v of [a, b, c]) {
      normals[3 * v] += nx;
      normals[3 * v + 1] += ny;
      normals[3 * v + 2] += nz;
    }
  }
  for (let v = 0; v < vertexCount; v++) {
    const x = normals[3 * v], y = normals[3 * v + 1], z = normals[3 * v + 2];
    const length = Math.hypot(x, y, z);
    if (length > 0) {
      normals[3 * v] = x / length;
      normals[3 * v + 1] = y / length;
      normals[3 * v + 2] = z / length;
    } else {
      normals[3 * v + 1] = 1;
    }
  }
  return normals;
}

/**
 * Uploads a primitive's positions, normals (computed when it has none), joints and weights, and
 * its indices (as 16-bit when every index fits), into a new vertex array. Joints are bound with
 * vertexAttribIPointer so the shader receives integers (`uvec4`), not floats.
 */
export function createSkinnedVertexArray(gl: WebGL2RenderingContext, primitive: SkinnedPrimitive): SkinnedVertexArray {
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);

  createBuffer(gl, gl.ARRAY_BUFFER, primitive.positions);
  gl.enableVertexAttribArray(SkinAttribute.POSITION);
  gl.vertexAttribPointer(SkinAttribute.POSITION, 3, gl.FLOAT, false, 0, 0);

  createBuffer(gl, gl.ARRAY_BUFFER, primitive.normals ?? computeVertexNormals(primitive));
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
