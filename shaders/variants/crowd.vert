// A crowd in one instanced draw (chapter 12; replaces three regions of shaders/skin.vert, whose
// skinning stays line for line): per-instance attributes, every palette in one texture, and the
// skinned mesh placed in the world.

// #region palette-uniform
/** Many palettes, matrix after matrix: RGBA32F, 4 texels (columns) a matrix, width / 4 matrices a row. */
uniform sampler2D u_palette;
/** Per instance: x and z of its place on the ground (model units), cos and sin of its heading. */
layout(location = 4) in vec4 a_placement;
/** Per instance: the index in u_palette of the matrix of its joint 0. */
layout(location = 5) in uint a_paletteBase;
// #endregion palette-uniform

// #region fetch-joint-matrix
/** Joint `joint` of this instance's palette: matrix a_paletteBase + joint, four texels in a row. */
mat4 jointMatrix(uint joint) {
  int index = int(a_paletteBase + joint);
  int matricesPerRow = textureSize(u_palette, 0).x / 4;
  ivec2 first = ivec2(4 * (index % matricesPerRow), index / matricesPerRow);
  return mat4(
    texelFetch(u_palette, first, 0),
    texelFetch(u_palette, first + ivec2(1, 0), 0),
    texelFetch(u_palette, first + ivec2(2, 0), 0),
    texelFetch(u_palette, first + ivec2(3, 0), 0));
}
// #endregion fetch-joint-matrix

// #region selected-weight
  // No weight paint in a crowd. The skinned mesh is turned about +Y by the instance's heading,
  // then moved to its place.
  v_selectedWeight = 0.0;
  float c = a_placement.z;
  float s = a_placement.w;
  mat3 heading = mat3(c, 0.0, -s,  0.0, 1.0, 0.0,  s, 0.0, c);
  v_skinnedPosition = heading * v_skinnedPosition + vec3(a_placement.x, 0.0, a_placement.y);
  v_skinnedNormal = heading * v_skinnedNormal;
// #endregion selected-weight
