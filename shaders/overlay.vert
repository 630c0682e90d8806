#version 300 es
// The skeleton overlay: bones, joints and joint axes, each drawn as a capsule of constant on-screen
// size (a tapered stroke with round ends; a disc when both ends coincide). One instanced quad per
// capsule; the fragment shader cuts the capsule out of the quad with a distance function.

precision highp float;

/** Corner of the unit quad, components in {−1, 1}: x runs along the capsule, y across it. */
layout(location = 0) in vec2 a_corner;
/** Per capsule: its two end points in model space. */
layout(location = 1) in vec3 a_start;
layout(location = 2) in vec3 a_end;
/** Per capsule: radius at the start and at the end, in framebuffer pixels. */
layout(location = 3) in vec2 a_radii;
/** Per capsule: sRGB colour with straight (not premultiplied) alpha. */
layout(location = 4) in vec4 a_color;

/** Model space → clip space. */
uniform mat4 u_viewProjection;
/** Framebuffer size in pixels. */
uniform vec2 u_viewportSize;

/** This fragment's position in framebuffer pixels. */
out vec2 v_pixel;
flat out vec2 v_startPixel;
flat out vec2 v_endPixel;
flat out vec2 v_radii;
flat out vec4 v_color;

vec2 toPixels(vec4 clipPosition) {
  // The orbit camera keeps the model in front of it; the clamp only guards the division.
  return (clipPosition.xy / max(clipPosition.w, 1e-6) * 0.5 + 0.5) * u_viewportSize;
}

void main() {
  vec2 startPixel = toPixels(u_viewProjection * vec4(a_start, 1.0));
  vec2 endPixel = toPixels(u_viewProjection * vec4(a_end, 1.0));
  vec2 axis = endPixel - startPixel;
  float axisLength = length(axis);
  vec2 along = axisLength > 1e-3 ? axis / axisLength : vec2(1.0, 0.0);
  vec2 across = vec2(-along.y, along.x);
  // One more pixel than the widest radius leaves room for the antialiased edge.
  float reach = max(a_radii.x, a_radii.y) + 1.0;
  vec2 pixel = (a_corner.x < 0.0 ? startPixel : endPixel) + (a_corner.x * along + a_corner.y * across) * reach;

  v_pixel = pixel;
  v_startPixel = startPixel;
  v_endPixel = endPixel;
  v_radii = a_radii;
  v_color = a_color;
  gl_Position = vec4(pixel / u_viewportSize * 2.0 - 1.0, 0.0, 1.0);
}
