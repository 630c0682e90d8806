#version 300 es
// Shading of a skinned mesh: soft studio lighting, or the weight-paint view of one joint.
//
// Lighting happens in linear RGB and the result is encoded back to sRGB, since the canvas is an
// sRGB surface. All directions are in model space (the space skin.vert outputs).
//
// Compiled twice (src/gl/mesh-pass.ts): as written, the lit surface; with WEIGHT_PAINT defined,
// the weight paint. Two programs rather than a branch on a uniform, which a software renderer
// (SwiftShader, the stand-in for a weak GPU) pays for at every pixel of either view.

precision highp float;

in vec3 v_skinnedPosition;
in vec3 v_skinnedNormal;
in float v_selectedWeight;

/** Camera position, model space. */
uniform vec3 u_cameraPosition;
/** Unit vectors towards the key and fill lights, model space. */
uniform vec3 u_keyLightDirection;
uniform vec3 u_fillLightDirection;
/** The model's "up" (unit vector), for the sky/ground ambient. */
uniform vec3 u_up;
/** Surface colour, linear RGB in [0, 1] (decoded once per frame by beginMeshPass, not per pixel). */
uniform vec3 u_albedo;

out vec4 fragColor;

vec3 toSrgb(vec3 linear) { return pow(linear, vec3(1.0 / 2.2)); }

// #region weight-ramp
/** Blender's weight-paint colours: 0 blue → 0.25 cyan → 0.5 green → 0.75 yellow → 1 red. */
vec3 weightColor(float weight) {
  float w = clamp(weight, 0.0, 1.0);
  if (w < 0.25) return vec3(0.0, 4.0 * w, 1.0);
  if (w < 0.5) return vec3(0.0, 1.0, 1.0 - 4.0 * (w - 0.25));
  if (w < 0.75) return vec3(4.0 * (w - 0.5), 1.0, 0.0);
  return vec3(1.0, 1.0 - 4.0 * (w - 0.75), 0.0);
}
// #endregion weight-ramp

void main() {
  // #region surface-normal
  vec3 normal = normalize(v_skinnedNormal);
  // A back face (of a double-sided material: others are culled) is lit from its visible side.
  if (!gl_FrontFacing) normal = -normal;
  // #endregion surface-normal
  vec3 toCamera = normalize(u_cameraPosition - v_skinnedPosition);

  float key = max(dot(normal, u_keyLightDirection), 0.0);
  float fill = max(dot(normal, u_fillLightDirection), 0.0);
  float facing = max(dot(normal, toCamera), 0.0);

#ifdef WEIGHT_PAINT
  // Weight paint keeps the ramp's colours readable, with light enough for shape: a surface turned
  // from the key light and seen edge-on gets 0.3, so that a limb in front of another stands out by
  // its darker edges. paint^2.2 · light encoded back to sRGB is paint · light^(1/2.2): one pow.
  float light = 0.3 + 0.5 * key + 0.2 * facing;
  fragColor = vec4(weightColor(v_selectedWeight) * pow(light, 1.0 / 2.2), 1.0);
#else
  float skyAmount = 0.5 + 0.5 * dot(normal, u_up);
  vec3 ambient = mix(vec3(0.16, 0.14, 0.13), vec3(0.34, 0.37, 0.42), skyAmount);
  vec3 halfway = normalize(u_keyLightDirection + toCamera);
  float specular = key > 0.0 ? pow(max(dot(normal, halfway), 0.0), 40.0) * 0.22 : 0.0;
  float rim = pow(1.0 - facing, 3.0) * 0.28;

  vec3 light = ambient + vec3(1.0, 0.97, 0.92) * key * 0.95 + vec3(0.55, 0.62, 0.75) * fill * 0.3;
  vec3 color = u_albedo * light + vec3(specular) + vec3(0.6, 0.7, 0.85) * rim * u_albedo;
  fragColor = vec4(toSrgb(color), 1.0);
#endif
}
