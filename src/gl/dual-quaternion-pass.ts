// Draw pass: a copy of the skinned meshes beside them, skinned with dual quaternions
// (shaders/skin-dq.vert) on the same pose, for chapter 10's figure, which compares the two. Loaded
// only by that figure: the renderer draws the copy through the function it carries
// (Renderer.dualQuaternionCopy), so that no other figure loads this code.
//
// Set-up functions (attach…) allocate and may throw RendererError; drawDualQuaternionCopy
// allocates nothing.

import type { BoneTexture } from './bone-texture.ts';
import { createDualQuaternionTexture } from './dual-quaternion-texture.ts';
import { drawMeshes, RendererError, type RenderFrame, type Renderer } from './renderer.ts';
import type { SkinShader } from './skin-shaders.ts';

/** What the copy shows: owned by the figure, which may change any field; read at every frame. */
export interface DualQuaternionCopySettings {
  /** A dual quaternion shader (dual-quaternion-shaders.ts), prepared with prepareSkinShader beforehand. */
  shader: SkinShader;
  /** How far the copy is shifted from the meshes, model units (3 floats). */
  offset: Float32Array;
  /** One per model skin: that skin's palette as dual quaternions, 8 floats per joint (paletteToDualQuaternions), rewritten before each frame. */
  dualQuaternions: Float32Array[];
}

export interface DualQuaternionCopy {
  settings: DualQuaternionCopySettings;
  /** One per model skin: 2 texels per joint (dual-quaternion-texture.ts). */
  textures: BoneTexture[];
  /** Scratch: the camera's view-projection, shifted by settings.offset (16 floats). */
  viewProjection: Float32Array;
  /** drawDualQuaternionCopy, carried so that the renderer draws the copy without importing this module. */
  draw: typeof drawDualQuaternionCopy;
}

/** Makes `renderer` draw the copy that `settings` describe, after its meshes (set-up work; throws RendererError). */
export function attachDualQuaternionCopy(renderer: Renderer, settings: DualQuaternionCopySettings): void {
  const textures = renderer.boneTextures.map((boneTexture) => {
    const texture = createDualQuaternionTexture(renderer.gl, boneTexture.jointCount);
    if (typeof texture === 'string') throw new RendererError(texture);
    return texture;
  });
  renderer.dualQuaternionCopy = { settings, textures, viewProjection: new Float32Array(16), draw: drawDualQuaternionCopy };
}

/** Draws the meshes again with settings.shader, shifted by settings.offset. Allocates nothing. */
export function drawDualQuaternionCopy(renderer: Renderer, copy: DualQuaternionCopy, frame: RenderFrame): void {
  const { settings, viewProjection: shifted } = copy;
  const pass = renderer.meshPasses.get(settings.shader.key);
  if (pass === undefined) return;
  const vp = frame.camera.viewProjection;
  const offset = settings.offset;
  shifted.set(vp);
  for (let row = 0; row < 4; row++) {
    shifted[12 + row] = vp[row] * offset[0] + vp[4 + row] * offset[1] + vp[8 + row] * offset[2] + vp[12 + row];
  }
  const meshFrame = renderer.meshFrame;
  meshFrame.viewProjection = shifted;
  drawMeshes(renderer, pass, frame, copy.textures, settings.dualQuaternions);
  meshFrame.viewProjection = vp;
}
