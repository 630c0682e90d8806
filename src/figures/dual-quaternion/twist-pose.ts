// The pose of chapter 10's figure and worked examples: one model's named joints twisted about
// their bone, bent about +z and stretched along x, each in the joint's own axes after its rest
// rotation. Shared by the island (every frame) and dual-quaternion-example.ts (at build time), so
// the page's numbers and the figure's picture come from the same pose.

import { animateFrame, type Player } from '../../core/frame.ts';
import { invertMat4At, multiplyQuatAt } from '../../core/math.ts';
import { copyPose, type Model, type SkinnedPrimitive } from '../../core/model.ts';
import { enclosedVolume, findSectionRing, sectionArea } from '../../core/skin-measures.ts';

const DEGREES = Math.PI / 180;

export type TwistModel = 'tube' | 'mannequin';

/** Which joints of each model the pose moves (by name), and how far apart the figure's two copies stand (model units, along x). */
/**
 * Which joints of each model the pose moves (by name): each twisted joint turns by the twist
 * relative to its parent, so the last one turns twice as far in the model; the cross-section is
 * measured at the last twisted joint. And how far apart the figure's two copies stand (model
 * units, along x).
 */
export const TWIST_SETUPS: Record<TwistModel, { file: string; twist: readonly string[]; bend: readonly string[]; stretch: string; offset: number; sectionTolerance: number }> = {
  tube: { file: 'bend-tube.glb', twist: ['middle', 'end'], bend: ['middle', 'end'], stretch: 'middle', offset: 1.4, sectionTolerance: 1e-4 },
  mannequin: { file: 'mannequin.glb', twist: ['lower_arm.L', 'hand.L'], bend: ['lower_arm.L'], stretch: 'lower_arm.L', offset: 2.1, sectionTolerance: 0.012 },
};

/** Hierarchy indices of the joints the pose moves. */
export interface TwistJoints {
  twist: readonly number[];
  bend: readonly number[];
  stretch: number;
}

/** The hierarchy indices of `setup`'s joints in `model`, or null when one is missing. */
export function findTwistJoints(model: Model, setup: (typeof TWIST_SETUPS)[TwistModel]): TwistJoints | null {
  const names = model.hierarchy.names;
  const find = (list: readonly string[]) => list.map((name) => names.indexOf(name));
  const joints = { twist: find(setup.twist), bend: find(setup.bend), stretch: names.indexOf(setup.stretch) };
  return joints.twist.includes(-1) || joints.stretch < 0 || joints.bend.includes(-1) ? null : joints;
}

/** Slider values: degrees about the bone (+y) per twisted joint, degrees about +z, and the scale along x (1 = none). */
export interface TwistPose {
  twist: number;
  bend: number;
  stretch: number;
}

/** The turn being applied, [x, y, z, w]; scratch owned by turnNode. */
const turn = new Float32Array(4);

/** Rotates node `node` of `rotations` (4 floats per node) by `degrees` about its own axis 0 = x, 1 = y, 2 = z. */
function turnNode(rotations: Float32Array, node: number, axis: number, degrees: number): void {
  turn.fill(0);
  turn[axis] = Math.sin((degrees * DEGREES) / 2);
  turn[3] = Math.cos((degrees * DEGREES) / 2);
  multiplyQuatAt(rotations, 4 * node, rotations, 4 * node, turn, 0);
}

/**
 * Poses `player` (its model's rest pose, then the twist, bend and stretch of `pose` on `joints`)
 * and fills its locals, globals and palettes. Allocates nothing.
 */
// #region twist-pose
export function poseTwist(player: Player, joints: TwistJoints, pose: TwistPose): void {
  copyPose(player.pose, player.model.hierarchy.rest);
  const rotations = player.pose.rotations;
  for (const node of joints.twist) turnNode(rotations, node, 1, pose.twist);
  for (const node of joints.bend) turnNode(rotations, node, 2, pose.bend);
  player.pose.scales[3 * joints.stretch] = pose.stretch;
  animateFrame(player, null);
}
// #endregion twist-pose

/** A model ready to be posed and measured: its joints, and the section ring at the twisted joint with its bind-pose measures. */
export interface TwistSubject {
  model: Model;
  primitive: SkinnedPrimitive;
  joints: TwistJoints;
  /** Index of the stretched joint in the first skin's joint list. */
  stretchJoint: number;
  /** The vertices of the cross-section through the twisted joint, across its bone, in order around it. */
  ring: Uint32Array;
  ringCount: number;
  /** Bind-pose section area and enclosed volume (model units squared and cubed). */
  restSection: number;
  restVolume: number;
}

/** Finds `choice`'s joints and section ring in `model` (set-up work), or says what is missing. */
export function prepareTwistSubject(model: Model, choice: TwistModel): TwistSubject | string {
  const setup = TWIST_SETUPS[choice];
  const primitive = model.meshes[0]?.primitives[0];
  const joints = findTwistJoints(model, setup);
  if (primitive === undefined || model.skins.length === 0 || joints === null) {
    return `The model ${setup.file} lacks the mesh or the joints this figure moves (${[...setup.twist, ...setup.bend].join(', ')}).`;
  }
  // The plane through the twisted joint, across its bone (its global +y at bind).
  const skin = model.skins[0];
  const global = new Float32Array(16);
  invertMat4At(global, 0, skin.inverseBindMatrices, 16 * skin.joints.indexOf(joints.twist[joints.twist.length - 1]));
  const ring = new Uint32Array(primitive.vertexCount);
  const ringCount = findSectionRing(ring, primitive.positions, [global[12], global[13], global[14]], [global[4], global[5], global[6]], setup.sectionTolerance);
  return {
    model,
    primitive,
    joints,
    stretchJoint: skin.joints.indexOf(joints.stretch),
    ring,
    ringCount,
    restSection: sectionArea(primitive.positions, ring, ringCount),
    restVolume: enclosedVolume(primitive.positions, primitive.indices),
  };
}

/** The section area and enclosed volume of `positions` (the subject's mesh skinned), in % of the bind pose's. */
export function measureTwist(subject: TwistSubject, positions: Float32Array): { section: number; volume: number } {
  const share = (value: number, rest: number) => (rest === 0 ? 0 : (100 * value) / rest);
  return {
    section: share(sectionArea(positions, subject.ring, subject.ringCount), subject.restSection),
    volume: share(enclosedVolume(positions, subject.primitive.indices), subject.restVolume),
  };
}
