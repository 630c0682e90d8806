// The numbers of the "maths you need" page (src/pages/maths.mdx), computed at build time by the
// core from a real model: two-bones.glb played with createPlayer/animateFrame at BEND_TIME_SECONDS
// of its "bend" clip. One matrix, the child joint's global, serves all three sections: a point
// and a direction through it, its sixteen floats in memory, and the quaternion of its rotation.
import { composeTRSAt, transformPointAt } from '../../core/math.ts';
import { animateFrame, createPlayer } from '../../core/frame.ts';
import { readProjectModel } from '../../build-time/project-models.ts';

/** The model and clip the page reads. */
export const MATHS_MODEL = 'two-bones.glb';
export const MATHS_CLIP = 'bend';
/** Seconds into the clip: the child joint is bent there, its rotation and translation both non-trivial. */
export const BEND_TIME_SECONDS = 0.5;
/** The joint whose global matrix the page shows. */
export const MATHS_JOINT = 'child';
/** The point and the direction pushed through the matrix, model units (w is 1 and 0). */
export const SAMPLE_POINT: readonly [number, number, number] = [1, 0, 0];
export const SAMPLE_DIRECTION: readonly [number, number, number] = [1, 0, 0];

export interface MathsExample {
  /** The joint's global matrix, column-major: element (row r, column c) at 4c + r. */
  matrix: Float32Array;
  /** The same sixteen numbers in row-major order, as Assimp's aiMatrix4x4 stores them. */
  rowMajor: Float32Array;
  /** matrix × (SAMPLE_POINT, 1) and matrix × (SAMPLE_DIRECTION, 0): x, y, z, w. */
  pointOut: Float32Array;
  directionOut: Float32Array;
  /** The joint's rotation at that time, [x, y, z, w], as the clip's keys interpolate it. */
  quaternion: Float32Array;
  /** √(x² + y² + z² + w²) of `quaternion`. */
  quaternionLength: number;
  /** The rotation as axis (unit 3-vector) and angle, degrees in [0, 360]. */
  axis: Float32Array;
  angleDegrees: number;
  /** T × R × S of `quaternion` alone (no translation, unit scale), and of its negation. */
  rotationMatrix: Float32Array;
  negatedRotationMatrix: Float32Array;
}

/** out = m × v for the column-major 4×4 m and the 4-vector v = (x, y, z, w); returns out. */
export function transformVec4(out: Float32Array, m: Float32Array, v: ArrayLike<number>): Float32Array {
  if (m.length < 16 || v.length < 4) throw new Error(`transformVec4: needs 16 matrix floats and 4 vector floats, got ${m.length} and ${v.length}`);
  const [x, y, z, w] = [v[0], v[1], v[2], v[3]];
  for (let row = 0; row < 4; row++) out[row] = m[row] * x + m[4 + row] * y + m[8 + row] * z + m[12 + row] * w;
  return out;
}

/** The row-major order of a column-major 4×4: its transpose, sixteen floats. */
export function toRowMajor(columnMajor: Float32Array): Float32Array {
  if (columnMajor.length !== 16) throw new Error(`toRowMajor: expected 16 floats, got ${columnMajor.length}`);
  const out = new Float32Array(16);
  for (let row = 0; row < 4; row++) for (let column = 0; column < 4; column++) out[4 * row + column] = columnMajor[4 * column + row];
  return out;
}

/** The axis and angle (degrees, 0–360) of the unit quaternion q = [x, y, z, w]; the axis is +x for no rotation. */
export function axisAngleOf(q: Float32Array): { axis: Float32Array; angleDegrees: number } {
  const w = Math.min(1, Math.max(-1, q[3]));
  const halfSine = Math.hypot(q[0], q[1], q[2]);
  const angleDegrees = (2 * Math.acos(w) * 180) / Math.PI;
  const axis = halfSine < 1e-9 ? Float32Array.of(1, 0, 0) : Float32Array.of(q[0] / halfSine, q[1] / halfSine, q[2] / halfSine);
  return { axis, angleDegrees };
}

let cached: MathsExample | null = null;

/** Plays the clip to BEND_TIME_SECONDS and reads everything the page prints; computed once. */
export function computeMathsExample(): MathsExample {
  if (cached !== null) return cached;
  const model = readProjectModel(MATHS_MODEL);
  const clip = model.clips.find((each) => each.name === MATHS_CLIP);
  if (clip === undefined) throw new Error(`${MATHS_MODEL} has no clip "${MATHS_CLIP}"`);
  const joint = model.hierarchy.names.indexOf(MATHS_JOINT);
  if (joint < 0) throw new Error(`${MATHS_MODEL} has no node "${MATHS_JOINT}"`);
  const player = createPlayer(model);
  animateFrame(player, clip, BEND_TIME_SECONDS);

  const matrix = player.globals.slice(16 * joint, 16 * joint + 16);
  const pointOut = transformVec4(new Float32Array(4), matrix, [...SAMPLE_POINT, 1]);
  const directionOut = transformVec4(new Float32Array(4), matrix, [...SAMPLE_DIRECTION, 0]);
  // The core's own point transform must agree with the w = 1 product printed on the page.
  const corePoint = transformPointAt(new Float32Array(3), 0, matrix, 0, Float32Array.from(SAMPLE_POINT), 0);
  if (corePoint.some((value, i) => Math.abs(value - pointOut[i]) > 1e-6)) throw new Error('computeMathsExample: transformVec4 and transformPointAt disagree');

  const quaternion = player.pose.rotations.slice(4 * joint, 4 * joint + 4);
  const negated = quaternion.map((value) => -value);
  const zero = new Float32Array(3);
  const unitScale = Float32Array.of(1, 1, 1);
  const rotationMatrix = composeTRSAt(new Float32Array(16), 0, zero, 0, quaternion, 0, unitScale, 0);
  const negatedRotationMatrix = composeTRSAt(new Float32Array(16), 0, zero, 0, negated, 0, unitScale, 0);
  const { axis, angleDegrees } = axisAngleOf(quaternion);
  if (rotationMatrix.some((value, i) => Math.abs(value - negatedRotationMatrix[i]) > 1e-6)) throw new Error('computeMathsExample: q and −q give different matrices');
  // The parent stands at rest at this time, so the global's rotation block is this joint's own rotation.
  for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) {
    if (Math.abs(rotationMatrix[i] - matrix[i]) > 1e-6) throw new Error(`computeMathsExample: the global's rotation block is not the joint's keyed rotation at ${BEND_TIME_SECONDS} s`);
  }

  cached = {
    matrix,
    rowMajor: toRowMajor(matrix),
    pointOut,
    directionOut,
    quaternion,
    quaternionLength: Math.hypot(quaternion[0], quaternion[1], quaternion[2], quaternion[3]),
    axis,
    angleDegrees,
    rotationMatrix,
    negatedRotationMatrix,
  };
  return cached;
}
