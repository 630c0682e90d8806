// A three-bone arm built in code: the model of chapter 1's arm figure and of the tests that check
// "rotating a parent carries its children; rotating a child leaves its parent still".
//
// Shoulder → elbow → hand, with every bone pointing along its parent's +Y (Blender's convention)
// and every joint bending about its local Z axis: the same arm, with the same numbers, as the
// worked example printed in chapter 1 (src/figures/arm/arm-example.ts). The skin is a tube, rounded at
// both ends, narrowing from shoulder to hand. Every vertex follows the bone it sits on, and within
// ±BLEND_HALF_WIDTH of a joint it blends smoothly between the two bones that meet there, so the
// elbow bends instead of breaking.
//
// Hierarchy (parents before children):
//   0 shoulder  (root, at the origin)
//   1 elbow     (child of shoulder, UPPER_ARM_LENGTH along +Y)
//   2 hand      (child of elbow, FOREARM_LENGTH along +Y)
//   3 hand_end  (child of hand, HAND_LENGTH along +Y; the bone's tip, not a joint)
//   4 arm       (the node carrying the mesh; its transform is ignored, as for every skinned mesh)
// Lengths are model units; angles are radians unless a name says degrees.

import {
  Interpolation,
  TrackPath,
  copyPose,
  createPose,
  type Clip,
  type Model,
  type Pose,
  type SkinnedPrimitive,
  type Track,
} from '../../core/model.ts';

export const UPPER_ARM_LENGTH = 2;
export const FOREARM_LENGTH = 1.5;
export const HAND_LENGTH = 0.7;
/** Half the length of the stretch of skin, centred on each joint, that two bones share. */
export const BLEND_HALF_WIDTH = 0.3;

/** Hierarchy indices of the arm's nodes. */
export const ArmNode = { SHOULDER: 0, ELBOW: 1, HAND: 2, HAND_END: 3, MESH: 4 } as const;
/** Names of the three joints, in skin order (skin joint j is hierarchy node j). */
export const ARM_JOINT_NAMES = ['shoulder', 'elbow', 'hand'] as const;
/** The pose chapter 1 starts from and computes by hand: shoulder 30°, elbow 45°, hand 0°. */
export const ARM_START_DEGREES = [30, 45, 0] as const;

/** Segments around the tube, and rings per model unit along it. */
const SIDES = 24;
const RINGS_PER_UNIT = 20;
/** Rings in each rounded end. */
const CAP_RINGS = 8;

/** Tube radius (model units) at distance `along` (model units) from the shoulder along the arm. */
function armRadius(along: number): number {
  // Radii at the shoulder, elbow, wrist, mid-hand and tip, eased in between.
  const stops: [number, number][] = [
    [0, 0.34],
    [UPPER_ARM_LENGTH, 0.24],
    [UPPER_ARM_LENGTH + FOREARM_LENGTH, 0.17],
    [UPPER_ARM_LENGTH + FOREARM_LENGTH + 0.5 * HAND_LENGTH, 0.2],
    [UPPER_ARM_LENGTH + FOREARM_LENGTH + HAND_LENGTH, 0.14],
  ];
  for (let i = 1; i < stops.length; i++) {
    const [end, endRadius] = stops[i];
    if (along <= end || i === stops.length - 1) {
      const [start, startRadius] = stops[i - 1];
      return startRadius + (endRadius - startRadius) * smoothstep(start, end, along);
    }
  }
  return stops[stops.length - 1][1];
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/**
 * The outline of the tube in a plane through its axis, from the shoulder's pole to the tip's
 * pole: four numbers per ring — distance along the arm, radius, and the outward unit normal's
 * (along, radial) components.
 */
function armProfile(): number[] {
  const length = UPPER_ARM_LENGTH + FOREARM_LENGTH + HAND_LENGTH;
  const startRadius = armRadius(0);
  const endRadius = armRadius(length);
  const profile: number[] = [];
  // Hemispherical ends: the normal points away from the sphere's centre.
  for (let i = 0; i < CAP_RINGS; i++) {
    const angle = (Math.PI / 2) * (1 - i / CAP_RINGS);
    profile.push(-startRadius * Math.sin(angle), startRadius * Math.cos(angle), -Math.sin(angle), Math.cos(angle));
  }
  const bodyRings = Math.round(length * RINGS_PER_UNIT);
  const h = 1e-4;
  for (let i = 0; i <= bodyRings; i++) {
    const along = (length * i) / bodyRings;
    // A surface of revolution with radius r(a) has the outline normal (−r′(a), 1), normalised.
    const before = Math.max(0, along - h);
    const after = Math.min(length, along + h);
    const slope = (armRadius(after) - armRadius(before)) / (after - before);
    const normalLength = Math.hypot(slope, 1);
    profile.push(along, armRadius(along), -slope / normalLength, 1 / normalLength);
  }
  for (let i = 1; i <= CAP_RINGS; i++) {
    const angle = (Math.PI / 2) * (i / CAP_RINGS);
    profile.push(length + endRadius * Math.sin(angle), endRadius * Math.cos(angle), Math.sin(angle), Math.cos(angle));
  }
  return profile;
}

/**
 * Joint indices and weights of a point at distance `along` from the shoulder: one bone, or two
 * blended smoothly across a joint. Writes 4 joints and 4 weights at offset 4·vertex (unused
 * slots stay joint 0, weight 0).
 */
function armInfluences(along: number, joints: Uint16Array, weights: Float32Array, vertex: number): void {
  const jointPositions = [UPPER_ARM_LENGTH, UPPER_ARM_LENGTH + FOREARM_LENGTH];
  const o = 4 * vertex;
  let bone = 0;
  while (bone < jointPositions.length && along > jointPositions[bone] + BLEND_HALF_WIDTH) bone++;
  const joint = jointPositions[bone];
  if (joint !== undefined && along > joint - BLEND_HALF_WIDTH) {
    // Inside the blend zone around the joint where bone `bone` hands over to bone `bone + 1`.
    const child = smoothstep(joint - BLEND_HALF_WIDTH, joint + BLEND_HALF_WIDTH, along);
    joints[o] = bone;
    joints[o + 1] = bone + 1;
    weights[o] = 1 - child;
    weights[o + 1] = child;
  } else {
    joints[o] = bone;
    weights[o] = 1;
  }
}

/** The arm's skinned tube in bind pose: positions, normals, ≤ 2 influences per vertex, triangles. */
function createArmPrimitive(): SkinnedPrimitive {
  const profile = armProfile();
  const ringCount = profile.length / 4;
  const vertexCount = ringCount * (SIDES + 1);
  const positions = new Float32Array(3 * vertexCount);
  const normals = new Float32Array(3 * vertexCount);
  const joints = new Uint16Array(4 * vertexCount);
  const weights = new Float32Array(4 * vertexCount);

  for (let ring = 0; ring < ringCount; ring++) {
    const along = profile[4 * ring];
    const radius = profile[4 * ring + 1];
    const normalAlong = profile[4 * ring + 2];
    const normalRadial = profile[4 * ring + 3];
    // The seam repeats the first vertex of each ring (SIDES + 1 per ring) so every quad is simple.
    for (let side = 0; side <= SIDES; side++) {
      const angle = (2 * Math.PI * side) / SIDES;
      const sin = Math.sin(angle);
      const cos = Math.cos(angle);
      const v = ring * (SIDES + 1) + side;
      positions[3 * v] = radius * sin;
      positions[3 * v + 1] = along;
      positions[3 * v + 2] = radius * cos;
      normals[3 * v] = normalRadial * sin;
      normals[3 * v + 1] = normalAlong;
      normals[3 * v + 2] = normalRadial * cos;
      armInfluences(along, joints, weights, v);
    }
  }

  const indices = new Uint32Array(6 * (ringCount - 1) * SIDES);
  let i = 0;
  for (let ring = 0; ring < ringCount - 1; ring++) {
    for (let side = 0; side < SIDES; side++) {
      const a = ring * (SIDES + 1) + side;
      const b = a + 1;
      const c = a + SIDES + 1;
      const d = c + 1;
      // Counter-clockwise seen from outside (glTF's front faces).
      indices[i++] = a;
      indices[i++] = b;
      indices[i++] = c;
      indices[i++] = b;
      indices[i++] = d;
      indices[i++] = c;
    }
  }
  return { vertexCount, positions, normals, joints, weights, indices };
}

/** Writes the rotation by `angle` radians about +Z into pose.rotations for `node`; returns pose. */
export function setArmJointAngle(pose: Pose, node: number, angle: number): Pose {
  const o = 4 * node;
  pose.rotations[o] = 0;
  pose.rotations[o + 1] = 0;
  pose.rotations[o + 2] = Math.sin(angle / 2);
  pose.rotations[o + 3] = Math.cos(angle / 2);
  return pose;
}

/**
 * Writes the arm's rest pose with each joint turned about Z by angles[j] (radians, skin order)
 * into out (a pose for model.hierarchy.count nodes); returns out.
 */
export function setArmPose(out: Pose, model: Model, angles: ArrayLike<number>): Pose {
  copyPose(out, model.hierarchy.rest);
  const joints = model.skins[0].joints;
  for (let joint = 0; joint < joints.length && joint < angles.length; joint++) setArmJointAngle(out, joints[joint], angles[joint]);
  return out;
}

/** The angle (radians, in (−π, π]) of a rotation about +Z stored for `node` in pose.rotations. */
export function armJointAngle(pose: Pose, node: number): number {
  const o = 4 * node;
  const angle = 2 * Math.atan2(pose.rotations[o + 2], pose.rotations[o + 3]);
  return angle > Math.PI ? angle - 2 * Math.PI : angle <= -Math.PI ? angle + 2 * Math.PI : angle;
}

/** Seconds in the arm's "wave" clip; it loops seamlessly. */
export const WAVE_DURATION = 4;
/** Keys per second of the wave clip (sampled, as an exporter bakes them). */
const WAVE_KEYS_PER_SECOND = 12;

/**
 * Joint angles (radians) of the wave at time t (seconds), written to out[0..3): it starts and
 * ends in ARM_START_DEGREES.
 */
export function waveAngles(out: number[], t: number): number[] {
  const phase = (2 * Math.PI * t) / WAVE_DURATION;
  const degrees = Math.PI / 180;
  out[0] = (ARM_START_DEGREES[0] + 25 * Math.sin(phase)) * degrees;
  out[1] = (ARM_START_DEGREES[1] + 35 * Math.sin(2 * phase)) * degrees;
  out[2] = (ARM_START_DEGREES[2] + 30 * Math.sin(2 * phase + 0.8) - 30 * Math.sin(0.8)) * degrees;
  return out;
}

/** The wave clip: one LINEAR rotation track per joint, keyed WAVE_KEYS_PER_SECOND times a second. */
function createWaveClip(): Clip {
  const keyCount = WAVE_DURATION * WAVE_KEYS_PER_SECOND + 1;
  const times = new Float32Array(keyCount);
  const values = [new Float32Array(4 * keyCount), new Float32Array(4 * keyCount), new Float32Array(4 * keyCount)];
  const angles = [0, 0, 0];
  for (let k = 0; k < keyCount; k++) {
    const t = k / WAVE_KEYS_PER_SECOND;
    times[k] = t;
    waveAngles(angles, t);
    for (let joint = 0; joint < 3; joint++) {
      values[joint][4 * k + 2] = Math.sin(angles[joint] / 2);
      values[joint][4 * k + 3] = Math.cos(angles[joint] / 2);
    }
  }
  const tracks: Track[] = values.map((trackValues, joint) => ({
    node: joint,
    path: TrackPath.ROTATION,
    interpolation: Interpolation.LINEAR,
    times,
    values: trackValues,
  }));
  return { name: 'wave', duration: WAVE_DURATION, tracks };
}

/**
 * The three-bone arm as a Model: hierarchy (rest pose = straight up, the bind pose), one skin,
 * one skinned mesh, and the "wave" clip.
 */
export function createArmModel(): Model {
  const count = 5;
  const rest = createPose(count);
  rest.translations[3 * ArmNode.ELBOW + 1] = UPPER_ARM_LENGTH;
  rest.translations[3 * ArmNode.HAND + 1] = FOREARM_LENGTH;
  rest.translations[3 * ArmNode.HAND_END + 1] = HAND_LENGTH;

  // Inverse bind matrices: each joint's bind global is a pure translation up +Y, so its inverse is
  // the opposite translation (column-major: the translation sits in elements 12..14).
  const inverseBindMatrices = new Float32Array(48);
  const jointHeights = [0, UPPER_ARM_LENGTH, UPPER_ARM_LENGTH + FOREARM_LENGTH];
  for (let joint = 0; joint < 3; joint++) {
    const o = 16 * joint;
    inverseBindMatrices[o] = inverseBindMatrices[o + 5] = inverseBindMatrices[o + 10] = inverseBindMatrices[o + 15] = 1;
    inverseBindMatrices[o + 13] = -jointHeights[joint];
  }

  return {
    hierarchy: {
      count,
      parents: Int16Array.from([-1, ArmNode.SHOULDER, ArmNode.ELBOW, ArmNode.HAND, -1]),
      names: ['shoulder', 'elbow', 'hand', 'hand_end', 'arm'],
      sourceIndex: Int32Array.from([0, 1, 2, 3, 4]),
      rest,
    },
    skins: [
      {
        name: 'arm',
        joints: Int16Array.from([ArmNode.SHOULDER, ArmNode.ELBOW, ArmNode.HAND]),
        inverseBindMatrices,
        skeleton: ArmNode.SHOULDER,
      },
    ],
    meshes: [{ name: 'arm', node: ArmNode.MESH, skin: 0, primitives: [createArmPrimitive()] }],
    clips: [createWaveClip()],
    notes: [],
  };
}
