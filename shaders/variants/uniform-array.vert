// The bone matrices in a uniform array instead of the bone texture (replaces two regions of
// shaders/skin.vert). MAX_BONES is #defined when the program is compiled, from the device's
// MAX_VERTEX_UNIFORM_VECTORS (4 vectors per mat4) or a tutorial's fixed size (ogldev 100).

// #region palette-uniform
/** palette[0 … MAX_BONES − 1]; joints past the end are not uploaded. */
uniform mat4 u_bones[MAX_BONES];
// #endregion palette-uniform

// #region fetch-joint-matrix
/** palette[joint]. An index ≥ MAX_BONES is out of bounds: WebGL clamps it, desktop GL reads whatever is there. */
mat4 jointMatrix(uint joint) {
  return u_bones[joint];
}
// #endregion fetch-joint-matrix
