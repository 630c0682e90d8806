// Draw pass: a crowd of one skinned model (chapter 12), on the GPU path: one instanced draw call
// per primitive skins and places every instance (shaders/variants/crowd.vert spliced into
// shaders/skin.vert). Per-instance attributes say where each instance stands and where its palette
// starts in one texture that holds all the palettes (a palette atlas, crowd-buffers.ts). The CPU
// path, loaded when first chosen, is crowd-cpu-pass.ts.
//
// Set-up functions (create…, attach…) allocate and may throw ShaderError; per-frame functions
// (upload…, draw…) allocate nothing. Everything lives in one WebGL context and goes with it when
// it is lost.

import skinVertexSource from '../../shaders/skin.vert?raw';
import crowdSource from '../../shaders/variants/crowd.vert?raw';
import { replaceRegions } from '../build-time/regions.ts';
import type { SkinnedPrimitive } from '../core/model.ts';
import { beginMeshPass, createMeshPass, meshProgram, PALETTE_TEXTURE_UNIT, type MeshPass, type MeshPassFrame } from './mesh-pass.ts';
import { createSkinnedVertexArray, cullFaces, type SkinnedVertexArray } from './mesh.ts';
import type { ProgramSources, ShaderSource } from './program.ts';
import { SkinShader } from './skin-shaders.ts';
import { CrowdAttribute, PLACEMENT_FLOATS, type PaletteAtlas } from './crowd-buffers.ts';

export { CrowdAttribute, PLACEMENT_FLOATS };

/** shaders/skin.vert with the regions of shaders/variants/crowd.vert: GPU skinning, every instance's palette read from a palette atlas. */
export const CROWD_VERTEX_SHADER: ShaderSource = {
  name: 'shaders/variants/crowd.vert (in shaders/skin.vert)',
  source: replaceRegions(skinVertexSource, crowdSource, 'shaders/skin.vert', 'shaders/variants/crowd.vert'),
};

// ---------------------------------------------------------------------------------------------
// Meshes and instances.

/** One primitive of the crowd's model, drawn both ways. */
export interface CrowdMesh {
  /** The primitive, read only (the CPU path makes its own vertex array from it on first use). */
  primitive: SkinnedPrimitive;
  /** Per-vertex attributes as skin.vert reads them, plus the per-instance ones (divisor 1). */
  instanced: SkinnedVertexArray;
  /** For the CPU path (crowd-cpu-pass.ts): POSITION re-pointed at each instance's slice of cpuPositions before its draw; null until used. */
  oneByOne: SkinnedVertexArray | null;
  /** Positions skinned on the CPU, 12 bytes × vertexCount per instance, instance after instance; null until the CPU path is set up. */
  cpuPositions: WebGLBuffer | null;
  /** Instances cpuPositions has room for. */
  cpuCapacity: number;
}

/** Per-instance buffers, shared by every CrowdMesh of the crowd. */
export interface CrowdInstances {
  placements: WebGLBuffer;
  paletteBases: WebGLBuffer;
  /** Instances the buffers hold. */
  count: number;
}

/** Uploads `primitive` for instanced drawing. Set-up work. */
export function createCrowdMesh(gl: WebGL2RenderingContext, primitive: SkinnedPrimitive): CrowdMesh {
  return { primitive, instanced: createSkinnedVertexArray(gl, primitive), oneByOne: null, cpuPositions: null, cpuCapacity: 0 };
}

/**
 * Makes the per-instance buffers for `count` instances: `placements` (PLACEMENT_FLOATS per
 * instance, read only, uploaded now; static) and room for `count` palette bases (uploaded each
 * frame they change, with uploadPaletteBases). Set-up work, once per crowd size.
 */
export function createCrowdInstances(gl: WebGL2RenderingContext, placements: Float32Array, count: number): CrowdInstances {
  const placementBuffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, placementBuffer);
  gl.bufferData(gl.ARRAY_BUFFER, placements.subarray(0, PLACEMENT_FLOATS * count), gl.STATIC_DRAW);
  const paletteBases = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, paletteBases);
  gl.bufferData(gl.ARRAY_BUFFER, 4 * Math.max(1, count), gl.DYNAMIC_DRAW);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return { placements: placementBuffer, paletteBases, count };
}

/** Points `mesh`'s instanced vertex array at `instances` (set-up work, after createCrowdInstances). */
// #region instance-attributes
export function attachCrowdInstances(gl: WebGL2RenderingContext, mesh: CrowdMesh, instances: CrowdInstances): void {
  gl.bindVertexArray(mesh.instanced.vao);
  gl.bindBuffer(gl.ARRAY_BUFFER, instances.placements);
  gl.enableVertexAttribArray(CrowdAttribute.PLACEMENT);
  gl.vertexAttribPointer(CrowdAttribute.PLACEMENT, 4, gl.FLOAT, false, 0, 0);
  // Divisor 1: the attribute moves to its next value once per instance, not per vertex.
  gl.vertexAttribDivisor(CrowdAttribute.PLACEMENT, 1);
  gl.bindBuffer(gl.ARRAY_BUFFER, instances.paletteBases);
  gl.enableVertexAttribArray(CrowdAttribute.PALETTE_BASE);
  gl.vertexAttribIPointer(CrowdAttribute.PALETTE_BASE, 1, gl.UNSIGNED_INT, 0, 0);
  gl.vertexAttribDivisor(CrowdAttribute.PALETTE_BASE, 1);
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
}
// #endregion instance-attributes

/** Uploads the first `count` palette bases (matrix indices into the bound atlas, read only). Returns the bytes sent. Allocates nothing. */
export function uploadPaletteBases(gl: WebGL2RenderingContext, instances: CrowdInstances, paletteBases: Uint32Array, count: number): number {
  const n = Math.min(count, instances.count, paletteBases.length);
  gl.bindBuffer(gl.ARRAY_BUFFER, instances.paletteBases);
  gl.bufferSubData(gl.ARRAY_BUFFER, 0, paletteBases, 0, n);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return 4 * n;
}

// ---------------------------------------------------------------------------------------------
// Drawing.

/**
 * GPU path: draws `count` instances of every mesh with `program` (from CROWD_VERTEX_SHADER), each
 * skinned from `atlas` at its palette base and placed by its placement. Returns the draw calls
 * made. Allocates nothing.
 */
// #region draw-instanced
export function drawCrowdInstanced(gl: WebGL2RenderingContext, program: MeshPass, frame: MeshPassFrame, meshes: CrowdMesh[], atlas: PaletteAtlas, count: number): number {
  gl.activeTexture(gl.TEXTURE0 + PALETTE_TEXTURE_UNIT);
  gl.bindTexture(gl.TEXTURE_2D, atlas.texture);
  beginMeshPass(gl, program, frame);
  for (let m = 0; m < meshes.length; m++) {
    const { vao, indexCount, indexType, vertexCount, cullBackFaces } = meshes[m].instanced;
    gl.bindVertexArray(vao);
    cullFaces(gl, cullBackFaces);
    // One call: every vertex of every instance; gl_InstanceID 0 … count − 1 picks the instance attributes.
    if (indexCount > 0) gl.drawElementsInstanced(gl.TRIANGLES, indexCount, indexType, 0, count);
    else gl.drawArraysInstanced(gl.TRIANGLES, 0, vertexCount, count);
  }
  cullFaces(gl, false);
  gl.bindVertexArray(null);
  return meshes.length;
}
// #endregion draw-instanced

/** CROWD_VERTEX_SHADER as a SkinShader: it reads the palette from a texture, with integer joints, as skin.vert does. */
const CROWD_SKIN_SHADER: SkinShader = { ...SkinShader.CORRECT, key: 'crowd', vertex: CROWD_VERTEX_SHADER };

/** The program createCrowdGpuProgram links, for linkAhead. */
export const CROWD_GPU_PROGRAM: ProgramSources = meshProgram(CROWD_SKIN_SHADER);

/** The GPU path's program, lit by shaders/shade.frag. Set-up work; throws ShaderError. */
export function createCrowdGpuProgram(gl: WebGL2RenderingContext): MeshPass {
  return createMeshPass(gl, CROWD_SKIN_SHADER);
}

/**
 * Returns once the GPU has finished every command sent so far, by reading one pixel of the bound
 * framebuffer into `scratch` (4 bytes, caller-owned): gl.finish() may return at once — Chromium's
 * does — so only a read-back is sure to wait. Stalls the pipeline: for measuring, not for frames.
 */
export function waitForGpu(gl: WebGL2RenderingContext, scratch: Uint8Array): void {
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, scratch);
}
