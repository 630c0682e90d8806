#version 300 es
// A square on the ground plane under the model; ground.frag draws a fading grid and a soft contact
// shadow on it.

precision highp float;

/** Corner of the unit square, components in {−1, 1}. */
layout(location = 0) in vec2 a_corner;

/** Model space → clip space. */
uniform mat4 u_viewProjection;
/** Centre of the square, model space (on the ground under the model's centre). */
uniform vec3 u_center;
/** Half the square's side, model units. */
uniform float u_halfSize;

/** Position on the ground relative to u_center, model units (x, z). */
out vec2 v_ground;

void main() {
  v_ground = a_corner * u_halfSize;
  gl_Position = u_viewProjection * vec4(u_center + vec3(v_ground.x, 0.0, v_ground.y), 1.0);
}
