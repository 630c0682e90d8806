#version 300 es
// Grid lines one pixel wide at any distance (from the screen-space derivative of the grid
// coordinate), fading towards the square's edge, plus a soft shadow under the model.
// Output is premultiplied alpha.

precision highp float;

in vec2 v_ground;

/** Half the square's side, model units. */
uniform float u_halfSize;
/** Distance between grid lines, model units. */
uniform float u_spacing;
/** Radius of the contact shadow, model units. */
uniform float u_shadowRadius;
/** Line colour, sRGB, and its opacity in [0, 1]. */
uniform vec3 u_lineColor;
uniform float u_lineOpacity;

out vec4 fragColor;

void main() {
  vec2 cell = v_ground / u_spacing;
  vec2 lineDistance = abs(fract(cell - 0.5) - 0.5) / fwidth(cell);
  float line = 1.0 - min(min(lineDistance.x, lineDistance.y), 1.0);
  float radius = length(v_ground);
  float fade = 1.0 - smoothstep(0.15 * u_halfSize, u_halfSize, radius);
  float lineAlpha = line * fade * u_lineOpacity;
  float shadowAlpha = 0.22 * (1.0 - smoothstep(0.0, u_shadowRadius, radius));

  // Shadow (black) under the lines: "over" composition of the two layers.
  float alpha = lineAlpha + shadowAlpha * (1.0 - lineAlpha);
  if (alpha <= 0.002) discard;
  fragColor = vec4(u_lineColor * lineAlpha, alpha);
}
