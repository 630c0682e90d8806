// The palette as dual quaternions on the GPU: a float texture read with texelFetch in
// shaders/skin-dq.vert, the twin of the bone texture (bone-texture.ts) that shaders/skin.vert reads.
//
// Layout: RGBA32F, 2 texels wide, one row per joint; texel (0, j) holds joint j's real part
// [x, y, z, w] and texel (1, j) its dual part. paletteToDualQuaternions (src/core/dual-quaternion.ts)
// writes 8 floats per joint in that order, so its output is uploaded as it is. Like the bone
// texture, it needs only jointCount ≤ MAX_TEXTURE_SIZE rows (at least 2048 in WebGL2).

import { createBoneTexture, uploadBoneTexture, type BoneTexture } from './bone-texture.ts';

/**
 * The dual quaternion skinning vertex shader: same attributes, uniforms (u_palette is its
 * texture's sampler) and outputs as shaders/skin.vert, so it links with shaders/shade.frag and
 * with the transform-feedback varyings of feedback.ts.
 */
export { SKIN_DUAL_QUATERNION_VERTEX_SHADER } from './dual-quaternion-shaders.ts';

/** Texels per joint: the real part, then the dual part. */
const TEXELS_PER_JOINT = 2;

/**
 * Allocates the texture for `jointCount` joints (≥ 1 row), contents undefined until the first
 * upload. Returns a reason string instead when this GPU cannot hold that many rows.
 */
export function createDualQuaternionTexture(gl: WebGL2RenderingContext, jointCount: number): BoneTexture | string {
  return createBoneTexture(gl, jointCount, TEXELS_PER_JOINT);
}

/**
 * Uploads `dualQuaternions` (8 floats per joint, at least 8 · texture.jointCount floats; read only)
 * into the texture, leaving it bound to TEXTURE_2D on the active texture unit. Allocates nothing.
 */
export function uploadDualQuaternionTexture(gl: WebGL2RenderingContext, texture: BoneTexture, dualQuaternions: Float32Array): void {
  uploadBoneTexture(gl, texture, dualQuaternions);
}
