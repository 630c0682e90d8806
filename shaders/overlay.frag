#version 300 es
// Fills the capsule set up by overlay.vert, with a one-pixel antialiased edge and a darker outline
// so bones stay readable over any surface. Output is premultiplied alpha.

precision highp float;

in vec2 v_pixel;
flat in vec2 v_startPixel;
flat in vec2 v_endPixel;
flat in vec2 v_radii;
flat in vec4 v_color;

out vec4 fragColor;

/**
 * Signed distance (pixels) from p to a capsule from (0, 0) with radius r1 to (0, h) with radius r2
 * (negative inside). When one end circle contains the other, it is that circle.
 */
float unevenCapsuleDistance(vec2 p, float r1, float r2, float h) {
  p.x = abs(p.x);
  if (h <= abs(r1 - r2)) return r1 >= r2 ? length(p) - r1 : length(p - vec2(0.0, h)) - r2;
  float b = (r1 - r2) / h;
  float a = sqrt(1.0 - b * b);
  float k = dot(p, vec2(-b, a));
  if (k < 0.0) return length(p) - r1;
  if (k > a * h) return length(p - vec2(0.0, h)) - r2;
  return dot(p, vec2(a, b)) - r1;
}

void main() {
  vec2 axis = v_endPixel - v_startPixel;
  float axisLength = length(axis);
  vec2 along = axisLength > 1e-3 ? axis / axisLength : vec2(0.0, 1.0);
  vec2 offset = v_pixel - v_startPixel;
  vec2 local = vec2(dot(offset, vec2(along.y, -along.x)), dot(offset, along));
  float distance = unevenCapsuleDistance(local, v_radii.x, v_radii.y, axisLength);

  float coverage = clamp(0.5 - distance, 0.0, 1.0) * v_color.a;
  if (coverage <= 0.0) discard;
  // Thin strokes (radius under 2 px) get no outline: it would swallow them.
  float outline = min(v_radii.x, v_radii.y) >= 2.0 ? smoothstep(-1.8, -0.8, distance) : 0.0;
  vec3 color = mix(v_color.rgb, v_color.rgb * 0.3, outline);
  fragColor = vec4(color * coverage, coverage);
}
