#version 300 es
// Linear blend skinning on the GPU: the vertex shader of every skinned mesh on this site.
//
// Per vertex, in bind-pose model space:
//   a_position, a_normal  where the artist modelled the vertex (model units; unit-length normal)
//   a_joints              four indices into the skin's joint list: integers, so `uvec4` bound
//                         with vertexAttribIPointer (bound as floats they would arrive as 1.0, 2.0…)
//   a_weights             the four joints' weights, each in [0, 1], summing to 1
//
// The skinning matrices (the palette, palette[j] = globalInverse × global[joint j] × inverseBind[j],
// computed on the CPU each frame by src/core/palette.ts) live in a float texture, one matrix per
// row: texel (c, j) holds column c of palette[j]. A texture has no uniform-array limit, so any
// skeleton fits.
//
// Outputs, in model space: the skinned position and normal. They feed the fragment shader and are
// also captured with transform feedback by the tests that compare this shader with the CPU
// skinning of src/core/skin.ts.

precision highp float;
precision highp int;
precision highp sampler2D;

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
// #region joint-attribute
layout(location = 2) in uvec4 a_joints;
// #endregion joint-attribute
layout(location = 3) in vec4 a_weights;

// #region palette-uniform
/** RGBA32F, 4 texels wide, one row per joint of the skin. */
uniform sampler2D u_palette;
// #endregion palette-uniform
/** Model space → clip space (the camera's projection × view). */
uniform mat4 u_viewProjection;
/** Index into the skin's joint list whose weight v_selectedWeight reports; −1 for none. */
uniform int u_selectedJoint;

out vec3 v_skinnedPosition;
out vec3 v_skinnedNormal;
/** Weight of the selected joint at this vertex, in [0, 1] (the weight-paint view). */
out float v_selectedWeight;

// #region fetch-joint-matrix
/** palette[joint], read column by column from the bone texture. */
mat4 jointMatrix(uint joint) {
  int row = int(joint);
  return mat4(
    texelFetch(u_palette, ivec2(0, row), 0),
    texelFetch(u_palette, ivec2(1, row), 0),
    texelFetch(u_palette, ivec2(2, row), 0),
    texelFetch(u_palette, ivec2(3, row), 0));
}
// #endregion fetch-joint-matrix

void main() {
  // #region skin
  // The skin matrix: the weighted sum of the four joints' matrices.
  mat4 skin = a_weights.x * jointMatrix(a_joints.x)
            + a_weights.y * jointMatrix(a_joints.y)
            + a_weights.z * jointMatrix(a_joints.z)
            + a_weights.w * jointMatrix(a_joints.w);
  v_skinnedPosition = (skin * vec4(a_position, 1.0)).xyz;
  // #endregion skin

  // #region skin-normal
  // A normal transforms with the inverse-transpose of the 3×3 block A. The cofactor matrix is
  // det(A) · A⁻ᵀ: the same direction up to det(A)'s sign, with no division. Its columns are cross
  // products of A's columns.
  mat3 a = mat3(skin);
  mat3 cofactor = mat3(cross(a[1], a[2]), cross(a[2], a[0]), cross(a[0], a[1]));
  float determinant = dot(a[0], cofactor[0]);
  vec3 normal = cofactor * a_normal;
  float lengthSquared = dot(normal, normal);
  // A blend can squash a normal to nothing (two joints twisted 180° apart, weighted half and
  // half): then the bind-pose normal is the best guess left, as on the CPU.
  v_skinnedNormal = lengthSquared > 0.0
      ? normal * (inversesqrt(lengthSquared) * (determinant < 0.0 ? -1.0 : 1.0))
      : a_normal;
  // #endregion skin-normal

  // #region selected-weight
  // Sum over the slots that name the selected joint (a joint appears at most once per vertex).
  vec4 isSelected = vec4(equal(ivec4(a_joints), ivec4(u_selectedJoint)));
  v_selectedWeight = dot(a_weights, isSelected);
  // #endregion selected-weight

  gl_Position = u_viewProjection * vec4(v_skinnedPosition, 1.0);
}
