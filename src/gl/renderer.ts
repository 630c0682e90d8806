// One canvas's drawing: a model's GPU data (vertex arrays, one bone texture per skin) and the
// three passes — ground, skinned meshes, skeleton overlay — run in that order each frame.
//
// Everything here lives in one WebGL context. When the context is lost every object becomes
// invalid at once: drop the Renderer and call createRenderer again after `webglcontextrestored`.

import type { Model } from '../core/model.ts';
import { SetupError } from '../core/setup-error.ts';
import { createBoneTexture, uploadBoneTexture, type BoneTexture } from './bone-texture.ts';
import { updateOrbitCamera, type OrbitCamera } from './camera.ts';
import { createGroundPass, drawGroundPass, GROUND_PROGRAM, type GroundPass, type GroundPlacement } from './ground-pass.ts';
import {
  bindJoints,
  createSkinnedVertexArray,
  drawSkinnedVertexArray,
  pointAtCpuSkinned,
  uploadCpuSkinned,
  type SkinnedVertexArray,
} from './mesh.ts';
import {
  beginMeshPass,
  createMeshPass,
  MeshView,
  PALETTE_TEXTURE_UNIT,
  meshProgram,
  setMeshPassSelectedJoint,
  uploadBoneUniforms,
  type MeshPass,
  type MeshPassFrame,
} from './mesh-pass.ts';
import {
  createSkeletonLayout,
  createSkeletonPass,
  drawSkeletonPass,
  OVERLAY_PROGRAM,
  skeletonCapsuleCount,
  type SkeletonFrame,
  type SkeletonLayout,
  type SkeletonPass,
} from './skeleton-pass.ts';
import { PaletteSource, SkinShader } from './skin-shaders.ts';
import type { RigidParts } from './rigid-pass.ts';
import type { DualQuaternionCopy } from './dual-quaternion-pass.ts';
import type { ProgramSources } from './program.ts';

/** Theme colours, sRGB components in [0, 1] (3 floats each), owned by the caller. */
export interface RenderColors {
  mesh: Float32Array;
  bone: Float32Array;
  accent: Float32Array;
  grid: Float32Array;
}

export interface Renderer {
  gl: WebGL2RenderingContext;
  /** The pass drawing the meshes now; setSkinShader swaps it. */
  meshPass: MeshPass;
  /** Mesh passes compiled so far, by SkinShader.key (the SHADED ones; each holds its weightPaint). */
  meshPasses: Map<string, MeshPass>;
  /** Every mesh pass (and the rigid parts) has its weight-paint program: the figure offers the weight view. */
  weightPaint: boolean;
  skeletonPass: SkeletonPass;
  groundPass: GroundPass | null;
  /** One entry per primitive of every skinned mesh. */
  primitives: { vertexArray: SkinnedVertexArray; skin: number }[];
  /** One per model skin, same order as model.skins. */
  boneTextures: BoneTexture[];
  /** Overlay of the first skin. */
  skeletonLayout: SkeletonLayout;
  /** Per-frame inputs of the passes, refilled by drawFrame (reused so a frame allocates nothing). */
  meshFrame: MeshPassFrame;
  skeletonFrame: SkeletonFrame;
  /**
   * The model's meshes without a skin, drawn after the skinned ones, or null: set by the figures
   * that show such models (attachRigidParts, rigid-pass.ts), so that the others do not load that code.
   */
  rigid: RigidParts | null;
  /**
   * A copy of the skinned meshes drawn beside them with dual quaternions, or null: set by the
   * figure that compares the two (attachDualQuaternionCopy, dual-quaternion-pass.ts).
   */
  dualQuaternionCopy: DualQuaternionCopy | null;
}

/**
 * Thrown by createRenderer for what the GPU cannot do (besides ShaderError for shader problems);
 * both are SetupErrors.
 */
export class RendererError extends SetupError {
  constructor(message: string) {
    super(message);
    this.name = 'RendererError';
  }
}

/** The programs createRenderer(gl, model, `ground`, `weightPaint`) links, for linkAhead. */
export function rendererPrograms(ground: boolean, weightPaint: boolean): ProgramSources[] {
  const programs: ProgramSources[] = [meshProgram(SkinShader.CORRECT), OVERLAY_PROGRAM];
  if (ground) programs.push(GROUND_PROGRAM);
  if (weightPaint) programs.push(meshProgram(SkinShader.CORRECT, MeshView.WEIGHTS));
  return programs;
}

/**
 * Compiles the passes and uploads `model` (set-up work; throws ShaderError or RendererError).
 * `ground` adds the ground pass; `weightPaint`, the weight-paint programs.
 */
export function createRenderer(gl: WebGL2RenderingContext, model: Model, ground: boolean, weightPaint = false): Renderer {
  const boneTextures: BoneTexture[] = [];
  for (const skin of model.skins) {
    const texture = createBoneTexture(gl, skin.joints.length);
    if (typeof texture === 'string') throw new RendererError(texture);
    boneTextures.push(texture);
  }
  const primitives: Renderer['primitives'] = [];
  for (const mesh of model.meshes) {
    for (const primitive of mesh.primitives) {
      primitives.push({ vertexArray: createSkinnedVertexArray(gl, primitive), skin: mesh.skin });
    }
  }
  const skeletonLayout = createSkeletonLayout(model, 0);
  const meshPass = createMeshPass(gl);
  if (weightPaint) meshPass.weightPaint = createMeshPass(gl, SkinShader.CORRECT, MeshView.WEIGHTS);
  return {
    gl,
    meshPass,
    meshPasses: new Map([[SkinShader.CORRECT.key, meshPass]]),
    weightPaint,
    skeletonPass: createSkeletonPass(gl, skeletonCapsuleCount(skeletonLayout)),
    groundPass: ground ? createGroundPass(gl) : null,
    primitives,
    boneTextures,
    skeletonLayout,
    rigid: null,
    dualQuaternionCopy: null,
    meshFrame: {
      viewProjection: new Float32Array(16),
      cameraPosition: new Float32Array(3),
      keyLightDirection: new Float32Array(3),
      fillLightDirection: new Float32Array(3),
      baseColor: new Float32Array(3),
    },
    skeletonFrame: {
      viewProjection: new Float32Array(16),
      width: 1,
      height: 1,
      pixelRatio: 1,
      globals: new Float32Array(0),
      selectedNode: -1,
      axisLength: 1,
      boneColor: new Float32Array(3),
      accentColor: new Float32Array(3),
    },
  };
}

/**
 * The mesh pass running `shader`, compiled now if it is the first use: for setSkinShader, and for
 * the dual quaternion copy, whose shaders must be prepared before the frame. Set-up work; throws ShaderError.
 */
export function prepareSkinShader(renderer: Renderer, shader: SkinShader): MeshPass {
  let pass = renderer.meshPasses.get(shader.key);
  if (pass === undefined) {
    pass = createMeshPass(renderer.gl, shader);
    if (renderer.weightPaint) pass.weightPaint = createMeshPass(renderer.gl, shader, MeshView.WEIGHTS);
    renderer.meshPasses.set(shader.key, pass);
  }
  return pass;
}

/**
 * Draws the meshes with the vertex shader `shader` from now on (compiled on first use),
 * re-pointing the vertex arrays' attributes the shader reads differently. Set-up work. Throws
 * ShaderError when the shader does not compile on this device (a uniform array too big for it),
 * leaving the current one in place.
 */
export function setSkinShader(renderer: Renderer, shader: SkinShader): void {
  const { gl } = renderer;
  const pass = prepareSkinShader(renderer, shader);
  const previous = renderer.meshPass.shader;
  renderer.meshPass = pass;
  for (const { vertexArray } of renderer.primitives) {
    if (previous.jointsAsFloats !== shader.jointsAsFloats) bindJoints(gl, vertexArray, shader.jointsAsFloats);
    if (previous.skinnedOnCpu !== shader.skinnedOnCpu) pointAtCpuSkinned(gl, vertexArray, shader.skinnedOnCpu);
  }
}

/** What one frame shows; every array is read only and owned by the caller. */
export interface RenderFrame {
  camera: OrbitCamera;
  /** Framebuffer size in pixels and pixels per CSS pixel. */
  width: number;
  height: number;
  pixelRatio: number;
  /** Global matrices of the hierarchy (16 floats per node), for the overlay. */
  globals: Float32Array;
  /** One palette per model skin (16 floats per joint). */
  palettes: Float32Array[];
  /**
   * For a shader with skinnedOnCpu: positions and normals skinned on the CPU, one array each per
   * renderer primitive (3 floats per vertex); ignored by the other shaders.
   */
  cpuPositions: Float32Array[];
  cpuNormals: Float32Array[];
  view: MeshView;
  showSkeleton: boolean;
  /** Index into the first skin's joint list, or −1: weight-painted and highlighted. */
  selectedJoint: number;
  /** Length of the selected joint's drawn axes, model units. */
  axisLength: number;
  colors: RenderColors;
  ground: GroundPlacement | null;
}

/** Writes normalize(r·right + u·up + b·back) of `camera` into out: a light riding with the camera. */
export function lightDirection(out: Float32Array, camera: OrbitCamera, r: number, u: number, b: number): void {
  let length = 0;
  for (let i = 0; i < 3; i++) {
    out[i] = r * camera.right[i] + u * camera.up[i] + b * camera.back[i];
    length += out[i] * out[i];
  }
  length = Math.sqrt(length);
  for (let i = 0; i < 3; i++) out[i] /= length;
}

/**
 * Draws every skinned mesh with `shaded` (or, in the weight view, its weightPaint pass) and
 * renderer.meshFrame: uploads each skin's palette where the pass's shader reads it — the uniform
 * array, or textures[s] (the bone textures; the dual quaternion copy passes its own, with
 * `palettes` in its layout) — and, for SKINNED_ON_CPU, the CPU-skinned vertices. Allocates nothing.
 */
export function drawMeshes(
  renderer: Renderer,
  shaded: MeshPass,
  frame: RenderFrame,
  textures: BoneTexture[] = renderer.boneTextures,
  palettes: Float32Array[] = frame.palettes,
): void {
  const { gl } = renderer;
  const pass = (frame.view === MeshView.WEIGHTS && shaded.weightPaint) || shaded;
  gl.activeTexture(gl.TEXTURE0 + PALETTE_TEXTURE_UNIT);
  beginMeshPass(gl, pass, renderer.meshFrame);
  const onCpu = pass.shader.skinnedOnCpu;
  for (let s = 0; s < textures.length; s++) {
    const palette = palettes[s];
    if (palette === undefined) continue;
    if (pass.shader.palette === PaletteSource.UNIFORM_ARRAY) uploadBoneUniforms(gl, pass, palette);
    else uploadBoneTexture(gl, textures[s], palette);
    setMeshPassSelectedJoint(gl, pass, s === 0 ? frame.selectedJoint : -1);
    for (let p = 0; p < renderer.primitives.length; p++) {
      const primitive = renderer.primitives[p];
      if (primitive.skin !== s) continue;
      if (onCpu && p < frame.cpuPositions.length) {
        uploadCpuSkinned(gl, primitive.vertexArray, frame.cpuPositions[p], frame.cpuNormals[p]);
      }
      drawSkinnedVertexArray(gl, primitive.vertexArray);
    }
  }
}

/** Draws one frame into the default framebuffer (cleared to transparent). Allocates nothing. */
export function drawFrame(renderer: Renderer, frame: RenderFrame): void {
  const { gl, meshPass } = renderer;
  const { camera, colors } = frame;
  updateOrbitCamera(camera, frame.width, frame.height);
  const meshFrame = renderer.meshFrame;
  meshFrame.viewProjection = camera.viewProjection;
  meshFrame.cameraPosition = camera.position;
  // Lights ride with the camera (studio style): key from the upper left, fill from the right.
  lightDirection(meshFrame.keyLightDirection, camera, -0.45, 0.7, 0.55);
  lightDirection(meshFrame.fillLightDirection, camera, 0.8, -0.1, 0.35);
  meshFrame.baseColor = colors.mesh;

  gl.viewport(0, 0, frame.width, frame.height);
  gl.clearColor(0, 0, 0, 0);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);

  drawMeshes(renderer, meshPass, frame);
  const copy = renderer.dualQuaternionCopy;
  if (copy !== null) copy.draw(renderer, copy, frame);

  if (renderer.rigid !== null) renderer.rigid.draw(gl, renderer.rigid, meshFrame, frame.view, frame.globals, frame.selectedJoint);

  if (renderer.groundPass !== null && frame.ground !== null) {
    drawGroundPass(gl, renderer.groundPass, frame.ground, camera.viewProjection, colors.grid, 0.32);
  }

  if (frame.showSkeleton) {
    const joints = renderer.skeletonLayout.joints;
    const selectedNode = frame.selectedJoint >= 0 && frame.selectedJoint < joints.length ? joints[frame.selectedJoint] : -1;
    const skeletonFrame = renderer.skeletonFrame;
    skeletonFrame.viewProjection = camera.viewProjection;
    skeletonFrame.width = frame.width;
    skeletonFrame.height = frame.height;
    skeletonFrame.pixelRatio = frame.pixelRatio;
    skeletonFrame.globals = frame.globals;
    skeletonFrame.selectedNode = selectedNode;
    skeletonFrame.axisLength = frame.axisLength;
    skeletonFrame.boneColor = colors.bone;
    skeletonFrame.accentColor = colors.accent;
    drawSkeletonPass(gl, renderer.skeletonPass, renderer.skeletonLayout, skeletonFrame);
  }
}
