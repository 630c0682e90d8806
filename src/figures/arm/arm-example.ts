// The worked example of chapter 1, computed by the skinning core itself at build time so the
// numbers printed on the page are the numbers the code produces: a three-node arm (shoulder →
// elbow → hand) in the XY plane, every bone pointing along its parent's +Y as Blender draws bones,
// every joint rotating about Z.
import { createMatrices, createPose, type Pose } from '../../core/model.ts';
import { composeLocal, combineRigid, createRigidTransform, type RigidTransform } from '../../core/pose.ts';
import { localToGlobal } from '../../core/hierarchy.ts';
import {
  ARM_JOINT_NAMES,
  ARM_START_DEGREES,
  FOREARM_LENGTH,
  UPPER_ARM_LENGTH,
  setArmJointAngle,
} from './arm-model.ts';

export interface ArmJoint {
  name: string;
  /** Rotation about +Z relative to the parent, degrees (counter-clockwise seen from +Z). */
  angleDegrees: number;
  /** Offset from the parent's origin along the parent's +Y, model units (0 for the root). */
  offsetY: number;
}

/**
 * The arm of chapter 1's live figure (src/figures/arm/arm-model.ts) in its starting pose: shoulder at
 * the origin, upper arm 2 units, forearm 1.5 units; shoulder 30°, elbow 45°, hand 0°.
 */
export const armJoints: readonly ArmJoint[] = ARM_JOINT_NAMES.map((name, i) => ({
  name,
  angleDegrees: ARM_START_DEGREES[i],
  offsetY: [0, UPPER_ARM_LENGTH, FOREARM_LENGTH][i],
}));

/** Parent of each joint: a chain. */
export const armParents = new Int16Array([-1, 0, 1]);

/** The arm's pose: translation (0, offsetY, 0), rotation about Z, unit scale, per joint. */
export function armPose(joints: readonly ArmJoint[] = armJoints): Pose {
  const pose = createPose(joints.length);
  joints.forEach((joint, i) => {
    pose.translations[3 * i + 1] = joint.offsetY;
    setArmJointAngle(pose, i, (joint.angleDegrees * Math.PI) / 180);
  });
  return pose;
}

export interface ArmExample {
  joints: readonly ArmJoint[];
  pose: Pose;
  /** 16 floats per joint, column-major: composeLocal(pose). */
  locals: Float32Array;
  /** 16 floats per joint, column-major: localToGlobal(armParents, locals). */
  globals: Float32Array;
  /** The elbow's global as a rigid transform, by combineRigid(shoulder global, elbow local). */
  elbowRigid: RigidTransform;
  /** The hand's global as a rigid transform, by combineRigid(elbow global, hand local). */
  handRigid: RigidTransform;
}

function rigidOfJoint(pose: Pose, i: number): RigidTransform {
  const rigid = createRigidTransform();
  rigid.translation.set(pose.translations.subarray(3 * i, 3 * i + 3));
  rigid.rotation.set(pose.rotations.subarray(4 * i, 4 * i + 4));
  return rigid;
}

/** Runs the core on the arm: pose → composeLocal → localToGlobal, and the matrix-free chain. */
export function computeArmExample(joints: readonly ArmJoint[] = armJoints): ArmExample {
  const pose = armPose(joints);
  const locals = composeLocal(createMatrices(joints.length), pose);
  const globals = localToGlobal(createMatrices(joints.length), armParents.subarray(0, joints.length), locals);
  // The root's global is its local; then each child: parent global ∘ child local.
  const shoulderGlobal = rigidOfJoint(pose, 0);
  const elbowRigid = combineRigid(createRigidTransform(), shoulderGlobal, rigidOfJoint(pose, 1));
  const handRigid = combineRigid(createRigidTransform(), elbowRigid, rigidOfJoint(pose, 2));
  return { joints, pose, locals, globals, elbowRigid, handRigid };
}
