#version 300 es
// Dual quaternion skinning on the GPU: the twin of shaders/skin.vert, with the same attributes,
// uniforms and outputs, so a pass can swap one for the other.
//
// Per vertex, in bind-pose model space:
//   a_position, a_normal  where the artist modelled the vertex (model units; unit-length normal)
//   a_joints              four indices into the skin's joint list: integers, so `uvec4` bound
//                         with vertexAttribIPointer
//   a_weights             the four joints' weights, each in [0, 1]; their sum does not matter here,
//                         since the blend is normalised
//
// Each joint's skinning transform arrives as a unit dual quaternion (real part: the rotation's
// quaternion; dual part: ½·translation·real), converted from the palette on the CPU each frame by
// paletteToDualQuaternions (src/core/dual-quaternion.ts) and uploaded by
// src/gl/dual-quaternion-texture.ts: one row per joint, texel (0, j) the real part [x, y, z, w],
// texel (1, j) the dual part.
//
// The blend is Kavan, Collins, Žára and O'Sullivan's ("Skinning with Dual Quaternions", I3D 2007,
// Algorithm 1), with each joint taken on the first influence's side of the sphere; it is the same,
// step for step, as skinVerticesWithDualQuaternions on the CPU, and the tests compare the two.
//
// Outputs, in model space: the skinned position and normal, and the selected joint's weight.

precision highp float;
precision highp int;
precision highp sampler2D;

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in uvec4 a_joints;
layout(location = 3) in vec4 a_weights;

/** RGBA32F, 2 texels wide, one row per joint of the skin: the palette as dual quaternions. */
uniform sampler2D u_palette;
/** Model space → clip space (the camera's projection × view). */
uniform mat4 u_viewProjection;
/** Index into the skin's joint list whose weight v_selectedWeight reports; −1 for none. */
uniform int u_selectedJoint;

out vec3 v_skinnedPosition;
out vec3 v_skinnedNormal;
/** Weight of the selected joint at this vertex, in [0, 1] (the weight-paint view). */
out float v_selectedWeight;

// #region fetch-dual-quaternion
/** Joint `joint`'s dual quaternion, read from its row of the texture. */
void jointDualQuaternion(uint joint, out vec4 real, out vec4 dual) {
  int row = int(joint);
  real = texelFetch(u_palette, ivec2(0, row), 0);
  dual = texelFetch(u_palette, ivec2(1, row), 0);
}
// #endregion fetch-dual-quaternion

// #region rotate
/** v turned by the unit quaternion q: v + 2·q⃗ × (q⃗ × v + q_w·v). */
vec3 rotate(vec4 q, vec3 v) {
  return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}
// #endregion rotate

void main() {
  // #region blend
  // b̂ = Σ ±wᵢ·q̂ᵢ: q̂ and −q̂ are the same transform, so each joint is taken on the side of the
  // first influence's real part (positive dot product); otherwise opposite signs would cancel.
  vec4 real = vec4(0.0);
  vec4 dual = vec4(0.0);
  vec4 firstReal = vec4(0.0);
  bool isFirst = true;
  for (int slot = 0; slot < 4; slot++) {
    float weight = a_weights[slot];
    if (!(weight > 0.0)) continue;
    vec4 jointReal, jointDual;
    jointDualQuaternion(a_joints[slot], jointReal, jointDual);
    if (isFirst) {
      firstReal = jointReal;
      isFirst = false;
    }
    float signedWeight = dot(firstReal, jointReal) < 0.0 ? -weight : weight;
    real += signedWeight * jointReal;
    dual += signedWeight * jointDual;
  }
  // #endregion blend

  // #region apply
  float lengthSquared = dot(real, real);
  if (lengthSquared > 0.0) {
    // Both parts divided by the real part's length: the real part becomes a unit quaternion.
    float inverseLength = inversesqrt(lengthSquared);
    real *= inverseLength;
    dual *= inverseLength;
    // The translation 2·dual·real*, vector part.
    vec3 translation = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
    v_skinnedPosition = rotate(real, a_position) + translation;
    // A normal only turns: a rotation is its own inverse-transpose.
    v_skinnedNormal = rotate(real, a_normal);
  } else {
    // No influence, or dual quaternions that cancel: the bind pose, as on the CPU.
    v_skinnedPosition = a_position;
    v_skinnedNormal = a_normal;
  }
  // #endregion apply

  // Sum over the slots that name the selected joint (a joint appears at most once per vertex).
  vec4 isSelected = vec4(equal(ivec4(a_joints), ivec4(u_selectedJoint)));
  v_selectedWeight = dot(a_weights, isSelected);

  gl_Position = u_viewProjection * vec4(v_skinnedPosition, 1.0);
}
