// Draw pass: the crowd skinned on the CPU (chapter 12), loaded the first time the reader chooses
// it. The positions arrive skinned in one buffer per primitive, an instance after another; every
// instance is one draw, its POSITION pointed at its slice and its placement a constant attribute.
// The vertex shader is the crowd's with shaders/variants/skinned-on-cpu.vert spliced in too
// (positions pass through, then are placed); positions alone are skinned, so
// shaders/variants/faceted.frag lights each triangle by its own normal.
//
// Set-up functions (create…, reserve…) allocate and may throw ShaderError; per-frame functions
// (upload…, draw…) allocate nothing.

import facetedSource from '../../shaders/variants/faceted.frag?raw';
import skinnedOnCpuSource from '../../shaders/variants/skinned-on-cpu.vert?raw';
import { replaceRegions } from '../build-time/regions.ts';
import { CROWD_VERTEX_SHADER, CrowdAttribute, PLACEMENT_FLOATS, type CrowdMesh } from './crowd-pass.ts';
import { beginMeshPass, meshPassOf, SHADE_FRAGMENT_SHADER, type MeshPass, type MeshPassFrame } from './mesh-pass.ts';
import { createSkinnedVertexArray, cullFaces, SkinAttribute } from './mesh.ts';
import { createProgram, type ShaderSource } from './program.ts';
import { SkinShader } from './skin-shaders.ts';

/** The same with shaders/variants/skinned-on-cpu.vert spliced in too: positions skinned on the CPU pass through, and are placed. */
export const CROWD_SKINNED_ON_CPU_VERTEX_SHADER: ShaderSource = {
  name: 'shaders/variants/crowd.vert + skinned-on-cpu.vert (in shaders/skin.vert)',
  source: replaceRegions(CROWD_VERTEX_SHADER.source, skinnedOnCpuSource, CROWD_VERTEX_SHADER.name, 'shaders/variants/skinned-on-cpu.vert'),
};

/** shade.frag with the region of shaders/variants/faceted.frag: each triangle lit by its own normal. */
export const FACETED_FRAGMENT_SHADER: ShaderSource = {
  name: 'shaders/variants/faceted.frag (in shaders/shade.frag)',
  source: replaceRegions(SHADE_FRAGMENT_SHADER.source, facetedSource, 'shaders/shade.frag', 'shaders/variants/faceted.frag'),
};

/**
 * The CPU path's program: the shared uniforms of a MeshPass (for beginMeshPass), with the faceted
 * fragment shader. Set-up work; throws ShaderError naming the file and line.
 */
export function createCrowdCpuProgram(gl: WebGL2RenderingContext): MeshPass {
  const info = createProgram(gl, CROWD_SKINNED_ON_CPU_VERTEX_SHADER, FACETED_FRAGMENT_SHADER);
  // Not one of skin-shaders.ts's: the field only tells the renderer what to upload, and the crowd does its own.
  return meshPassOf(info, SkinShader.CORRECT);
}

/**
 * Makes room in `mesh` for `count` instances' CPU-skinned positions (keeps a buffer big enough),
 * and its vertex array for one draw per instance on first use. Set-up work.
 */
export function reserveCpuPositions(gl: WebGL2RenderingContext, mesh: CrowdMesh, count: number): void {
  mesh.oneByOne ??= createSkinnedVertexArray(gl, mesh.primitive);
  if (mesh.cpuPositions !== null && mesh.cpuCapacity >= count) return;
  if (mesh.cpuPositions !== null) gl.deleteBuffer(mesh.cpuPositions);
  mesh.cpuPositions = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, mesh.cpuPositions);
  gl.bufferData(gl.ARRAY_BUFFER, 12 * mesh.primitive.vertexCount * Math.max(1, count), gl.DYNAMIC_DRAW);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  mesh.cpuCapacity = count;
}

/**
 * Uploads instances first … first + count − 1 of `positions` (3 floats per vertex, vertexCount
 * vertices per instance, instance after instance; read only) into the CPU-skinned buffer. Returns
 * the bytes sent. Allocates nothing.
 */
export function uploadCpuPositions(gl: WebGL2RenderingContext, mesh: CrowdMesh, positions: Float32Array, first: number, count: number): number {
  if (mesh.cpuPositions === null || count <= 0) return 0;
  const floatsPerInstance = 3 * mesh.primitive.vertexCount;
  const n = Math.min(count, mesh.cpuCapacity - first);
  gl.bindBuffer(gl.ARRAY_BUFFER, mesh.cpuPositions);
  gl.bufferSubData(gl.ARRAY_BUFFER, 4 * floatsPerInstance * first, positions, floatsPerInstance * first, floatsPerInstance * n);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return 4 * floatsPerInstance * n;
}

/**
 * CPU path: draws `count` instances of every mesh with `program` (from
 * CROWD_SKINNED_ON_CPU_VERTEX_SHADER and FACETED_FRAGMENT_SHADER), one draw per instance, from
 * the CPU-skinned buffers, each placed by `placements` (PLACEMENT_FLOATS per instance, read only).
 * Returns the draw calls made. Allocates nothing.
 */
export function drawCrowdOneByOne(gl: WebGL2RenderingContext, program: MeshPass, frame: MeshPassFrame, meshes: CrowdMesh[], placements: Float32Array, count: number): number {
  beginMeshPass(gl, program, frame);
  let calls = 0;
  for (let m = 0; m < meshes.length; m++) {
    const { oneByOne, cpuPositions, cpuCapacity } = meshes[m];
    if (cpuPositions === null || oneByOne === null) continue;
    const { vao, indexCount, indexType, vertexCount, cullBackFaces } = oneByOne;
    gl.bindVertexArray(vao);
    cullFaces(gl, cullBackFaces);
    gl.bindBuffer(gl.ARRAY_BUFFER, cpuPositions);
    const n = Math.min(count, cpuCapacity, Math.floor(placements.length / PLACEMENT_FLOATS));
    for (let i = 0; i < n; i++) {
      // This instance's skinned positions, and its placement as a constant attribute (no array bound).
      gl.vertexAttribPointer(SkinAttribute.POSITION, 3, gl.FLOAT, false, 0, 12 * vertexCount * i);
      const p = PLACEMENT_FLOATS * i;
      gl.vertexAttrib4f(CrowdAttribute.PLACEMENT, placements[p], placements[p + 1], placements[p + 2], placements[p + 3]);
      if (indexCount > 0) gl.drawElements(gl.TRIANGLES, indexCount, indexType, 0);
      else gl.drawArrays(gl.TRIANGLES, 0, vertexCount);
      calls++;
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
  }
  cullFaces(gl, false);
  gl.bindVertexArray(null);
  return calls;
}
