// The matrix palette on the GPU: a float texture read with texelFetch in shaders/skin.vert.
//
// Layout: RGBA32F, 4 texels wide, one row per joint; texel (c, j) holds column c of palette[j]. A
// column-major Float32Array palette (16 floats per joint, as src/core/palette.ts writes it) is
// therefore uploaded as it is, with no repacking. Uniform arrays would cap the joint count at what
// MAX_VERTEX_UNIFORM_VECTORS allows (as low as 256 vectors = 64 matrices on some devices); the
// texture only needs jointCount ≤ MAX_TEXTURE_SIZE rows (at least 2048 in WebGL2).

/** A palette texture for one skin. */
export interface BoneTexture {
  texture: WebGLTexture;
  /** Number of rows (joints). */
  jointCount: number;
  /** RGBA32F texels per row: 4 for a matrix (one per column), 2 for a dual quaternion. */
  texelsPerJoint: number;
}

/**
 * Allocates the texture for `jointCount` joints (≥ 1), contents undefined until the first upload.
 * Returns a reason string instead when this GPU cannot hold that many rows.
 */
export function createBoneTexture(gl: WebGL2RenderingContext, jointCount: number, texelsPerJoint = 4): BoneTexture | string {
  const rows = Math.max(1, jointCount);
  const maxSize = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  if (rows > maxSize) {
    return `The skeleton has ${jointCount} joints, but this GPU's textures hold at most ${maxSize} rows.`;
  }
  // #region create-bone-texture
  const texture = gl.createTexture();
  if (texture === null) return 'Could not create the bone texture (is the WebGL context lost?).';
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, texelsPerJoint, rows);
  // texelFetch ignores filtering, but the texture must still be complete: float textures are not
  // filterable without an extension, so NEAREST, one level.
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.bindTexture(gl.TEXTURE_2D, null);
  // #endregion create-bone-texture
  return { texture, jointCount: rows, texelsPerJoint };
}

/**
 * Uploads `palette` (4 · texelsPerJoint floats per joint — 16 for matrices —, at least that times
 * boneTexture.jointCount floats; read only)
 * into the texture, leaving it bound to TEXTURE_2D on the active texture unit. Allocates nothing.
 */
export function uploadBoneTexture(gl: WebGL2RenderingContext, boneTexture: BoneTexture, palette: Float32Array): void {
  // #region upload-bone-texture
  gl.bindTexture(gl.TEXTURE_2D, boneTexture.texture);
  gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, boneTexture.texelsPerJoint, boneTexture.jointCount, gl.RGBA, gl.FLOAT, palette, 0);
  // #endregion upload-bone-texture
}
