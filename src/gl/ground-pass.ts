// Draw pass: a grid on the ground plane with a soft contact shadow, so a figure stands somewhere.
// Drawn after the meshes with depth testing (feet hide the grid) but no depth writes.

import groundVertexSource from '../../shaders/ground.vert?raw';
import groundFragmentSource from '../../shaders/ground.frag?raw';
import { createProgram, uniformChanged, uniformLocation, unsentUniform, type ProgramInfo, type ProgramSources } from './program.ts';

export interface GroundPass {
  info: ProgramInfo;
  vao: WebGLVertexArrayObject;
  corners: WebGLBuffer;
  viewProjection: WebGLUniformLocation | null;
  center: WebGLUniformLocation | null;
  halfSize: WebGLUniformLocation | null;
  spacing: WebGLUniformLocation | null;
  shadowRadius: WebGLUniformLocation | null;
  lineColor: WebGLUniformLocation | null;
  lineOpacity: WebGLUniformLocation | null;
  /** What the program's uniforms were last given (NaN, null: not yet): drawGroundPass sends only changes. */
  sent: { viewProjection: Float32Array; lineColor: Float32Array; lineOpacity: number; placement: GroundPlacement | null };
}

/** Where the ground goes, derived once from the model's bounds (model units). */
export interface GroundPlacement {
  /** Under the model's centre, at the lowest point of its bounds (3 floats). */
  center: Float32Array;
  halfSize: number;
  spacing: number;
  shadowRadius: number;
}

/** The ground's shaders. */
export const GROUND_PROGRAM = [
  { name: 'shaders/ground.vert', source: groundVertexSource },
  { name: 'shaders/ground.frag', source: groundFragmentSource },
] as const satisfies ProgramSources;

/** Compiles the ground program (throws ShaderError). */
export function createGroundPass(gl: WebGL2RenderingContext): GroundPass {
  const info = createProgram(gl, ...GROUND_PROGRAM);
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);
  const corners = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, corners);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return {
    info,
    vao,
    corners,
    viewProjection: uniformLocation(info, 'u_viewProjection'),
    center: uniformLocation(info, 'u_center'),
    halfSize: uniformLocation(info, 'u_halfSize'),
    spacing: uniformLocation(info, 'u_spacing'),
    shadowRadius: uniformLocation(info, 'u_shadowRadius'),
    lineColor: uniformLocation(info, 'u_lineColor'),
    lineOpacity: uniformLocation(info, 'u_lineOpacity'),
    sent: { viewProjection: unsentUniform(16), lineColor: unsentUniform(3), lineOpacity: Number.NaN, placement: null },
  };
}

/**
 * The ground under axis-aligned bounds (min and max corners, 3 floats each, +Y up): a square
 * 4.8 × the bounds' horizontal radius wide, grid lines at a round spacing (1, 2 or 5 × 10ⁿ).
 */
export function placeGround(min: ArrayLike<number>, max: ArrayLike<number>): GroundPlacement {
  const halfX = (max[0] - min[0]) / 2;
  const halfZ = (max[2] - min[2]) / 2;
  const height = max[1] - min[1];
  const reach = Math.max(Math.hypot(halfX, halfZ), 0.5 * height, 1e-3);
  const rawSpacing = reach / 3;
  const power = 10 ** Math.floor(Math.log10(rawSpacing));
  const mantissa = rawSpacing / power;
  const spacing = (mantissa < 1.5 ? 1 : mantissa < 3.5 ? 2 : 5) * power;
  return {
    center: new Float32Array([(min[0] + max[0]) / 2, min[1], (min[2] + max[2]) / 2]),
    halfSize: 2.4 * reach,
    spacing,
    shadowRadius: 1.1 * Math.max(Math.hypot(halfX, halfZ), 0.15 * height),
  };
}

/**
 * Draws the ground; `lineColor` is sRGB in [0, 1] (3 floats, read only); `placement` is not
 * changed in place (placeGround makes a new one). Sends only the uniforms that changed since the
 * pass last drew. Allocates nothing.
 */
export function drawGroundPass(
  gl: WebGL2RenderingContext,
  pass: GroundPass,
  placement: GroundPlacement,
  viewProjection: Float32Array,
  lineColor: Float32Array,
  lineOpacity: number,
): void {
  gl.useProgram(pass.info.program);
  gl.enable(gl.DEPTH_TEST);
  gl.depthMask(false);
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  const sent = pass.sent;
  if (uniformChanged(sent.viewProjection, viewProjection)) gl.uniformMatrix4fv(pass.viewProjection, false, viewProjection);
  if (sent.placement !== placement) {
    sent.placement = placement;
    gl.uniform3fv(pass.center, placement.center);
    gl.uniform1f(pass.halfSize, placement.halfSize);
    gl.uniform1f(pass.spacing, placement.spacing);
    gl.uniform1f(pass.shadowRadius, placement.shadowRadius);
  }
  if (uniformChanged(sent.lineColor, lineColor)) gl.uniform3fv(pass.lineColor, lineColor);
  if (sent.lineOpacity !== lineOpacity) {
    sent.lineOpacity = lineOpacity;
    gl.uniform1f(pass.lineOpacity, lineOpacity);
  }
  gl.bindVertexArray(pass.vao);
  gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  gl.bindVertexArray(null);
  gl.depthMask(true);
}
