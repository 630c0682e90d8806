// Draw pass: meshes without a skin (Model.rigidParts), each moved by its node's global matrix every
// frame — shaders/variants/rigid.vert spliced into shaders/skin.vert, lit by shaders/shade.frag like
// the skinned meshes. Built only for a model that has rigid parts, so other figures compile nothing
// more and draw exactly as before.

import skinVertexSource from '../../shaders/skin.vert?raw';
import rigidVertexSource from '../../shaders/variants/rigid.vert?raw';
import { replaceRegions } from '../build-time/regions.ts';
import type { Model, RigidPrimitive } from '../core/model.ts';
import { determinant3At } from '../core/determinant.ts';
import { drivingJoint } from '../core/model-summary.ts';
import { beginMeshPass, meshPassOf, MeshView, shadeFragmentShader, type MeshPass, type MeshPassFrame } from './mesh-pass.ts';
import { cullFaces, SkinAttribute } from './mesh.ts';
import { createProgram, uniformLocation, type ShaderSource } from './program.ts';
import type { Renderer } from './renderer.ts';
import { SkinShader } from './skin-shaders.ts';

/** shaders/skin.vert with the regions of shaders/variants/rigid.vert replaced. */
export const RIGID_VERTEX_SHADER: ShaderSource = {
  name: 'shaders/variants/rigid.vert (in shaders/skin.vert)',
  source: replaceRegions(skinVertexSource, rigidVertexSource, 'shaders/skin.vert', 'shaders/variants/rigid.vert'),
};

/** One rigid primitive on the GPU. Its buffers live as long as the context, like a skinned one's. */
export interface RigidVertexArray {
  vao: WebGLVertexArrayObject;
  /** Its position, normal and index buffers (for disposeRenderer). */
  buffers: WebGLBuffer[];
  vertexCount: number;
  /** Indices to draw with drawElements, or 0 for drawArrays over vertexCount vertices. */
  indexCount: number;
  indexType: GLenum;
  /** Back faces are not drawn: the primitive's material is single-sided (RigidPrimitive.doubleSided). */
  cullBackFaces: boolean;
}

/** A program of the rigid parts: RIGID_VERTEX_SHADER, then shade.frag lit or weight-painting. */
export interface RigidPass {
  /** The shared uniforms (camera, lights, colour), set by beginMeshPass. */
  pass: MeshPass;
  nodeGlobal: WebGLUniformLocation | null;
  partWeight: WebGLUniformLocation | null;
}

export interface RigidParts {
  shaded: RigidPass;
  /** Made when the renderer has weight-paint programs (Renderer.weightPaint), else null. */
  weightPaint: RigidPass | null;
  /** One entry per primitive of every rigid part, in model order. */
  primitives: { vertexArray: RigidVertexArray; node: number; joint: number }[];
  /** Number of model.rigidParts (a part may have several primitives). */
  partCount: number;
  /** Draw them (a view toggle); the caller may switch it at any time. */
  visible: boolean;
  /** Primitives drawn by the last frame (0 while hidden). */
  drawnPrimitives: number;
  /** drawRigidParts, carried so the renderer draws them without importing this module. */
  draw: typeof drawRigidParts;
}

/** The rigid vertex shader with shade.frag for `view`, compiled (set-up work; throws ShaderError). */
function createRigidPass(gl: WebGL2RenderingContext, view: MeshView): RigidPass {
  const info = createProgram(gl, RIGID_VERTEX_SHADER, shadeFragmentShader(view));
  return {
    // The shader it was spliced into; no palette is read.
    pass: meshPassOf(info, SkinShader.CORRECT),
    nodeGlobal: uniformLocation(info, 'u_nodeGlobal'),
    partWeight: uniformLocation(info, 'u_partWeight'),
  };
}

function createBuffer(gl: WebGL2RenderingContext, target: GLenum, data: ArrayBufferView): WebGLBuffer {
  const buffer = gl.createBuffer();
  gl.bindBuffer(target, buffer);
  gl.bufferData(target, data, gl.STATIC_DRAW);
  return buffer;
}

/** Uploads a rigid primitive's positions, normals and indices (16-bit when they fit) into a new vertex array. */
export function createRigidVertexArray(gl: WebGL2RenderingContext, primitive: RigidPrimitive): RigidVertexArray {
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);
  const buffers = [createBuffer(gl, gl.ARRAY_BUFFER, primitive.positions)];
  gl.enableVertexAttribArray(SkinAttribute.POSITION);
  gl.vertexAttribPointer(SkinAttribute.POSITION, 3, gl.FLOAT, false, 0, 0);
  buffers.push(createBuffer(gl, gl.ARRAY_BUFFER, primitive.normals));
  gl.enableVertexAttribArray(SkinAttribute.NORMAL);
  gl.vertexAttribPointer(SkinAttribute.NORMAL, 3, gl.FLOAT, false, 0, 0);
  let indexCount = 0;
  let indexType: GLenum = gl.UNSIGNED_SHORT;
  if (primitive.indices !== null) {
    const small = primitive.vertexCount <= 65536;
    buffers.push(createBuffer(gl, gl.ELEMENT_ARRAY_BUFFER, small ? Uint16Array.from(primitive.indices) : primitive.indices));
    indexCount = primitive.indices.length;
    indexType = small ? gl.UNSIGNED_SHORT : gl.UNSIGNED_INT;
  }
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return { vao, buffers, vertexCount: primitive.vertexCount, indexCount, indexType, cullBackFaces: primitive.doubleSided === false };
}

/**
 * Compiles the rigid pass (with `weightPaint`, its weight-paint program too) and uploads every
 * rigid part of `model`, or returns null when it has none (set-up work; throws ShaderError). Each
 * primitive remembers the joint of the first skin nearest above its node, which the weight-paint
 * view lights when that joint is selected.
 */
export function createRigidParts(gl: WebGL2RenderingContext, model: Model, weightPaint = false): RigidParts | null {
  const parts = model.rigidParts ?? [];
  if (parts.length === 0) return null;
  const shaded = createRigidPass(gl, MeshView.SHADED);
  const primitives: RigidParts['primitives'] = [];
  for (const part of parts) {
    const joint = drivingJoint(model, 0, part.node);
    for (const primitive of part.primitives) primitives.push({ vertexArray: createRigidVertexArray(gl, primitive), node: part.node, joint });
  }
  return {
    shaded,
    weightPaint: weightPaint ? createRigidPass(gl, MeshView.WEIGHTS) : null,
    primitives,
    partCount: parts.length,
    visible: true,
    drawnPrimitives: 0,
    draw: drawRigidParts,
  };
}

/** Makes `renderer` draw `model`'s rigid parts from now on (set-up work; throws ShaderError). */
export function attachRigidParts(renderer: Renderer, model: Model): void {
  renderer.rigid = createRigidParts(renderer.gl, model, renderer.weightPaint);
}

/**
 * Draws every rigid primitive placed by `globals` (16 floats per hierarchy node, read only), with
 * the frame's camera and lights, lit or (with a weight-paint program) painted as `view` says.
 * `selectedJoint` (index into the first skin's joints, −1 for none) paints the parts it drives
 * with weight 1. Allocates nothing.
 */
export function drawRigidParts(
  gl: WebGL2RenderingContext,
  rigid: RigidParts,
  frame: MeshPassFrame,
  view: MeshView,
  globals: Float32Array,
  selectedJoint: number,
): void {
  rigid.drawnPrimitives = 0;
  if (!rigid.visible) return;
  const program = (view === MeshView.WEIGHTS && rigid.weightPaint) || rigid.shaded;
  beginMeshPass(gl, program.pass, frame);
  // JOINTS is a uvec4 input: with no array bound, its constant value must be integer-typed too.
  gl.vertexAttribI4ui(SkinAttribute.JOINTS, 0, 0, 0, 0);
  gl.vertexAttrib4f(SkinAttribute.WEIGHTS, 0, 0, 0, 0);
  for (let p = 0; p < rigid.primitives.length; p++) {
    const { vertexArray, node, joint } = rigid.primitives[p];
    if (16 * node + 16 > globals.length) continue;
    gl.uniformMatrix4fv(program.nodeGlobal, false, globals, 16 * node, 16);
    gl.uniform1f(program.partWeight, selectedJoint >= 0 && joint === selectedJoint ? 1 : 0);
    gl.bindVertexArray(vertexArray.vao);
    // A node that mirrors turns its counter-clockwise (front) triangles clockwise on screen (glTF).
    gl.frontFace(determinant3At(globals, 16 * node) < 0 ? gl.CW : gl.CCW);
    cullFaces(gl, vertexArray.cullBackFaces);
    if (vertexArray.indexCount > 0) gl.drawElements(gl.TRIANGLES, vertexArray.indexCount, vertexArray.indexType, 0);
    else gl.drawArrays(gl.TRIANGLES, 0, vertexArray.vertexCount);
    rigid.drawnPrimitives++;
  }
  cullFaces(gl, false);
  gl.frontFace(gl.CCW);
  gl.bindVertexArray(null);
}
