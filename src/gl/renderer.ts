// One canvas's drawing: a model's GPU data (vertex arrays, one bone texture per skin) and the
// three passes — ground, skinned meshes, skeleton overlay — run in that order each frame.
//
// Everything here lives in one WebGL context. When the context is lost every object becomes
// invalid at once: drop the Renderer and call createRenderer again after `webglcontextrestored`.

import type { Model } from '../core/model.ts';
import { SetupError } from '../core/setup-error.ts';
import { createBoneTexture, uploadBoneTexture, type BoneTexture } from './bone-texture.ts';
import { updateOrbitCamera, type OrbitCamera } from './camera.ts';
import { createGroundPass, drawGroundPass, type GroundPass, type GroundPlacement } from './ground-pass.ts';
import { createSkinnedVertexArray, drawSkinnedVertexArray, type SkinnedVertexArray } from './mesh.ts';
import {
  beginMeshPass,
  createMeshPass,
  PALETTE_TEXTURE_UNIT,
  setMeshPassSelectedJoint,
  type MeshPass,
  type MeshPassFrame,
  type MeshView,
} from './mesh-pass.ts';
import {
  createSkeletonLayout,
  createSkeletonPass,
  drawSkeletonPass,
  skeletonCapsuleCount,
  type SkeletonFrame,
  type SkeletonLayout,
  type SkeletonPass,
} from './skeleton-pass.ts';

/** Theme colours, sRGB components in [0, 1] (3 floats each), owned by the caller. */
export interface RenderColors {
  mesh: Float32Array;
  bone: Float32Array;
  accent: Float32Array;
  grid: Float32Array;
}

export interface Renderer {
  gl: WebGL2RenderingContext;
  meshPass: MeshPass;
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

/**
 * Compiles the passes and uploads `model` (set-up work; throws ShaderError or RendererError).
 * `ground` adds the ground pass.
 */
export function createRenderer(gl: WebGL2RenderingContext, model: Model, ground: boolean): Renderer {
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
  return {
    gl,
    meshPass: createMeshPass(gl),
    skeletonPass: createSkeletonPass(gl, skeletonCapsuleCount(skeletonLayout)),
    groundPass: ground ? createGroundPass(gl) : null,
    primitives,
    boneTextures,
    skeletonLayout,
    meshFrame: {
      viewProjection: new Float32Array(16),
      cameraPosition: new Float32Array(3),
      keyLightDirection: new Float32Array(3),
      fillLightDirection: new Float32Array(3),
      baseColor: new Float32Array(3),
      view: 0,
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
  view: MeshView;
  showSkeleton: boolean;
  /** Index into the first skin's joint list, or −1: weight-painted and highlighted. */
  selectedJoint: number;
  /** Length of the selected joint's drawn axes, model units. */
  axisLength: number;
  colors: RenderColors;
  ground: GroundPlacement | null;
}

/** Writes normalize(r·right + u·up + b·back) into out. */
function lightDirection(out: Float32Array, camera: OrbitCamera, r: number, u: number, b: number): void {
  let length = 0;
  for (let i = 0; i < 3; i++) {
    out[i] = r * camera.right[i] + u * camera.up[i] + b * camera.back[i];
    length += out[i] * out[i];
  }
  length = Math.sqrt(length);
  for (let i = 0; i < 3; i++) out[i] /= length;
}

/** Draws one frame into the default framebuffer (cleared to transparent). Allocates nothing. */
export function drawFrame(renderer: Renderer, frame: RenderFrame): void {
  const { gl, meshPass } = renderer;
  const { camera, colors } = frame;
  updateOrbitCamera(camera, frame.width / Math.max(frame.height, 1));
  const meshFrame = renderer.meshFrame;
  meshFrame.viewProjection = camera.viewProjection;
  meshFrame.cameraPosition = camera.position;
  // Lights ride with the camera (studio style): key from the upper left, fill from the right.
  lightDirection(meshFrame.keyLightDirection, camera, -0.45, 0.7, 0.55);
  lightDirection(meshFrame.fillLightDirection, camera, 0.8, -0.1, 0.35);
  meshFrame.baseColor = colors.mesh;
  meshFrame.view = frame.view;

  gl.viewport(0, 0, frame.width, frame.height);
  gl.clearColor(0, 0, 0, 0);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);

  gl.activeTexture(gl.TEXTURE0 + PALETTE_TEXTURE_UNIT);
  beginMeshPass(gl, meshPass, meshFrame);
  for (let s = 0; s < renderer.boneTextures.length; s++) {
    const palette = frame.palettes[s];
    if (palette === undefined) continue;
    uploadBoneTexture(gl, renderer.boneTextures[s], palette);
    setMeshPassSelectedJoint(gl, meshPass, s === 0 ? frame.selectedJoint : -1);
    for (let p = 0; p < renderer.primitives.length; p++) {
      const primitive = renderer.primitives[p];
      if (primitive.skin === s) drawSkinnedVertexArray(gl, primitive.vertexArray);
    }
  }

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
