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
  /** The bind-pose POSITION and NORMAL buffers, which the GPU skins. */
  positionBuffer: WebGLBuffer;
  normalBuffer: WebGLBuffer;
  /**
   * POSITION and NORMAL skinned on the CPU, rewritten each frame while the vertex array points at
   * them (pointAtCpuSkinned); made on first use.
   */
  cpuPositionBuffer: WebGLBuffer | null;
  cpuNormalBuffer: WebGLBuffer | null;
  /** The JOINTS and WEIGHTS buffers, for uploadInfluences. */
  jointBuffer: WebGLBuffer;
  weightBuffer: WebGLBuffer;
  vertexCount: number;
  /** Indices to draw with drawElements, or 0 for drawArrays over vertexCount vertices. */
  indexCount: number;
  /** UNSIGNED_SHORT or UNSIGNED_INT when indexed. */
  indexType: GLenum;
  /** Back faces are not drawn: the primitive's material is single-sided (SkinnedPrimitive.doubleSided). */
  cullBackFaces: boolean;
}

function createBuffer(gl: WebGL2RenderingContext, target: GLenum, data: ArrayBufferView): WebGLBuffer {
  const buffer = gl.createBuffer();
  gl.bindBuffer(target, buffer);
  gl.bufferData(target, data, gl.STATIC_DRAW);
  return buffer;
}

// The JOINTS attribute of the bound vertex array, read from the buffer bound to ARRAY_BUFFER: 4
// unsigned 16-bit joint indices per vertex (SkinnedPrimitive.joints).

// #region integer-joints
function pointJointsAsIntegers(gl: WebGL2RenderingContext): void {
  // The "I" matters: the shader's `uvec4 a_joints` receives the integers 0, 1, 2… as stored.
  gl.vertexAttribIPointer(SkinAttribute.JOINTS, 4, gl.UNSIGNED_SHORT, 0, 0);
}
// #endregion integer-joints

// #region joints-as-floats
/** Chapter 8's "Break it": without the "I", each index is converted to a float (2 → 2.0). */
function pointJointsAsFloats(gl: WebGL2RenderingContext): void {
  gl.vertexAttribPointer(SkinAttribute.JOINTS, 4, gl.UNSIGNED_SHORT, false, 0, 0);
}
// #endregion joints-as-floats

/**
 * Re-points a vertex array's joints as integers (the default) or, with `asFloats`, as floats, for
 * a shader that declares them so (SkinShader.JOINTS_AS_FLOATS). Set-up work, not per frame.
 */
export function bindJoints(gl: WebGL2RenderingContext, vertexArray: SkinnedVertexArray, asFloats: boolean): void {
  gl.bindVertexArray(vertexArray.vao);
  gl.bindBuffer(gl.ARRAY_BUFFER, vertexArray.jointBuffer);
  if (asFloats) pointJointsAsFloats(gl);
  else pointJointsAsIntegers(gl);
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
}

/**
 * Uploads a primitive's positions, normals, joints and weights, and its indices (as 16-bit when
 * every index fits), into a new vertex array. Joints are bound with vertexAttribIPointer so the
 * shader receives integers (`uvec4`), not floats.
 */
export function createSkinnedVertexArray(gl: WebGL2RenderingContext, primitive: SkinnedPrimitive): SkinnedVertexArray {
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);

  const positionBuffer = createBuffer(gl, gl.ARRAY_BUFFER, primitive.positions);
  gl.enableVertexAttribArray(SkinAttribute.POSITION);
  gl.vertexAttribPointer(SkinAttribute.POSITION, 3, gl.FLOAT, false, 0, 0);

  // Loaded primitives always have normals; one built in code may not (see SkinnedPrimitive.normals).
  const normals =
    primitive.normals ??
    computeVertexNormals(new Float32Array(3 * primitive.vertexCount), primitive.positions, primitive.indices);
  const normalBuffer = createBuffer(gl, gl.ARRAY_BUFFER, normals);
  gl.enableVertexAttribArray(SkinAttribute.NORMAL);
  gl.vertexAttribPointer(SkinAttribute.NORMAL, 3, gl.FLOAT, false, 0, 0);

  const jointBuffer = createBuffer(gl, gl.ARRAY_BUFFER, primitive.joints);
  gl.enableVertexAttribArray(SkinAttribute.JOINTS);
  pointJointsAsIntegers(gl);

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
  return {
    vao,
    positionBuffer,
    normalBuffer,
    cpuPositionBuffer: null,
    cpuNormalBuffer: null,
    jointBuffer,
    weightBuffer,
    vertexCount: primitive.vertexCount,
    indexCount,
    indexType,
    cullBackFaces: primitive.doubleSided === false,
  };
}

/**
 * Points a vertex array's POSITION and NORMAL at the CPU-skinned buffers (`cpu`, for
 * SkinShader.SKINNED_ON_CPU; they are made now if needed) or back at the bind-pose ones. Set-up
 * work, not per frame.
 */
export function pointAtCpuSkinned(gl: WebGL2RenderingContext, vertexArray: SkinnedVertexArray, cpu: boolean): void {
  if (cpu && vertexArray.cpuPositionBuffer === null) {
    const bytes = 12 * vertexArray.vertexCount;
    for (const key of ['cpuPositionBuffer', 'cpuNormalBuffer'] as const) {
      const buffer = gl.createBuffer();
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ARRAY_BUFFER, bytes, gl.DYNAMIC_DRAW);
      vertexArray[key] = buffer;
    }
  }
  gl.bindVertexArray(vertexArray.vao);
  gl.bindBuffer(gl.ARRAY_BUFFER, cpu ? vertexArray.cpuPositionBuffer : vertexArray.positionBuffer);
  gl.vertexAttribPointer(SkinAttribute.POSITION, 3, gl.FLOAT, false, 0, 0);
  gl.bindBuffer(gl.ARRAY_BUFFER, cpu ? vertexArray.cpuNormalBuffer : vertexArray.normalBuffer);
  gl.vertexAttribPointer(SkinAttribute.NORMAL, 3, gl.FLOAT, false, 0, 0);
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
}

/**
 * Uploads positions and normals skinned on the CPU (3 floats per vertex each, as skinVertices
 * writes them; read only) into a vertex array's CPU-skinned buffers. Allocates nothing.
 */
export function uploadCpuSkinned(gl: WebGL2RenderingContext, vertexArray: SkinnedVertexArray, positions: Float32Array, normals: Float32Array): void {
  if (vertexArray.cpuPositionBuffer === null || vertexArray.cpuNormalBuffer === null) return;
  const floats = 3 * vertexArray.vertexCount;
  gl.bindBuffer(gl.ARRAY_BUFFER, vertexArray.cpuPositionBuffer);
  gl.bufferSubData(gl.ARRAY_BUFFER, 0, positions, 0, Math.min(floats, positions.length));
  gl.bindBuffer(gl.ARRAY_BUFFER, vertexArray.cpuNormalBuffer);
  gl.bufferSubData(gl.ARRAY_BUFFER, 0, normals, 0, Math.min(floats, normals.length));
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
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

/**
 * Culls back faces (clockwise on screen, unless gl.frontFace says otherwise) for the draws that
 * follow when `cullBackFaces`; not otherwise. Call with false after such draws: the other passes
 * draw both sides.
 */
export function cullFaces(gl: WebGL2RenderingContext, cullBackFaces: boolean): void {
  if (cullBackFaces) gl.enable(gl.CULL_FACE);
  else gl.disable(gl.CULL_FACE);
}

/** Draws the primitive (its VAO bound for the call) as triangles, culling back faces when single-sided. */
export function drawSkinnedVertexArray(gl: WebGL2RenderingContext, vertexArray: SkinnedVertexArray): void {
  gl.bindVertexArray(vertexArray.vao);
  cullFaces(gl, vertexArray.cullBackFaces);
  if (vertexArray.indexCount > 0) gl.drawElements(gl.TRIANGLES, vertexArray.indexCount, vertexArray.indexType, 0);
  else gl.drawArrays(gl.TRIANGLES, 0, vertexArray.vertexCount);
  cullFaces(gl, false);
  gl.bindVertexArray(null);
}
