// Posing helper shared by the islands whose sliders bend joints about their own z axis.

import { multiplyQuatAt } from '../core/math.ts';
import type { Pose } from '../core/model.ts';

/** The turn as a quaternion [0, 0, sin(θ/2), cos(θ/2)]; rewritten at each call (no allocation per frame). */
const turn = new Float32Array([0, 0, 0, 1]);

/**
 * Turns each node of `nodes` (hierarchy indices; −1 is skipped) by `radians` about its own z axis,
 * after its current rotation in `pose`: q ← q · q_z(radians).
 */
export function turnAboutZ(pose: Pose, nodes: readonly number[], radians: number): void {
  turn[2] = Math.sin(radians / 2);
  turn[3] = Math.cos(radians / 2);
  const rotations = pose.rotations;
  for (const node of nodes) if (node >= 0) multiplyQuatAt(rotations, 4 * node, rotations, 4 * node, turn, 0);
}
