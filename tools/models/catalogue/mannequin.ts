// A 1.85 m humanoid of rounded limbs on 19 joints, built the way Blender's glTF exporter lays
// out a character: a bone-less "Armature" node carrying the Z-up → Y-up conversion (−90° about
// X) above the root joint "hips". The rig and the mesh are authored in the armature's Z-up
// space (X = the character's left, −Y = forward, Z = up); the inverse bind matrices invert the
// joints' world matrices, armature rotation included, so the mesh data is stored in Y-up world
// space and stands upright, facing +Z, at bind.
//
// Bind pose: T-pose. Every bone points along its +Y (Blender's convention); vertical bones have
// +Z forward, arms and feet +Z up, legs +Z forward. Weights blend over a few centimetres at
// every joint, at most four influences per vertex.
//
// Clips (all loop):
//   walk  1.2 s, 30 keys/s: in place; thighs swing 25° forward / 19° back, knees bend in swing
//         and after heel strike, feet stay flat in stance and roll at toe-off, the hips bob (the
//         lowest sole stays on the ground) and sway over the stance foot, pelvis and shoulders
//         counter-rotate, arms swing against the legs.
//   wave  3 s, 30 keys/s: from a relaxed stance the right arm rises, the forearm waves three
//         times, and the arm comes back down; the head turns towards the hand.
//   idle  4 s, 24 keys/s: breathing (chest and shoulders), a slow weight shift with the feet
//         planted, the head looking around a little.

import { assembleModel } from '../assemble.ts';
import { simplifyTracks, sampleTrack } from '../clip.ts';
import {
  IDENTITY_QUAT,
  type Quat,
  type Vec3,
  add3,
  phaseBump,
  quatAxisAngle,
  quatChain,
  radians,
  smoothstep,
} from '../math.ts';
import { type Influence, type ProfileKnot, addProfileLathe, chainInfluences, createMeshBuilder } from '../mesh.ts';
import { type Rig, addBone, addPlainNode, createRig, localRotationForDelta } from '../rig.ts';
import type { ModelSpec, TrackPathName, TrackSpec } from '../spec.ts';

// Axes of the armature (authoring) space.
const X: Vec3 = [1, 0, 0];
const Y: Vec3 = [0, 1, 0];
const Z: Vec3 = [0, 0, 1];
const FORWARD: Vec3 = [0, -1, 0];

/** Rotation about an armature-space axis, in degrees. */
function about(axis: Vec3, degrees: number): Quat {
  return quatAxisAngle(axis, radians(degrees));
}

const SIDES = [
  { suffix: 'L', sign: 1 },
  { suffix: 'R', sign: -1 },
] as const;

// Joint heights and offsets (metres, armature space).
const HIPS_Z = 1.0;
const SHOULDER_Z = 1.45;
const HIP_X = 0.1;
const HIP_JOINT_Z = 0.95;
const KNEE_Z = 0.52;
const ANKLE_Z = 0.09;
const THIGH = HIP_JOINT_Z - KNEE_Z;
const SHIN = KNEE_Z - ANKLE_Z;

interface BoneDefinition {
  name: string;
  /** Name of the parent bone; the first bone hangs from the armature node. */
  parent: string | null;
  /** Armature space, metres. */
  head: Vec3;
  tail: Vec3;
  /** Where the bone's +Z should point (Blender's roll). */
  zHint: Vec3;
}

/** The 19 bones in skin order, parents first: spine chain, arms (left, right), legs (left, right). */
function boneDefinitions(): BoneDefinition[] {
  const bones: BoneDefinition[] = [
    { name: 'hips', parent: null, head: [0, 0, HIPS_Z], tail: [0, 0, 1.1], zHint: FORWARD },
    { name: 'spine', parent: 'hips', head: [0, 0, 1.1], tail: [0, 0, 1.3], zHint: FORWARD },
    { name: 'chest', parent: 'spine', head: [0, 0, 1.3], tail: [0, 0, 1.5], zHint: FORWARD },
    { name: 'neck', parent: 'chest', head: [0, 0, 1.5], tail: [0, 0, 1.62], zHint: FORWARD },
    { name: 'head', parent: 'neck', head: [0, 0, 1.62], tail: [0, 0, 1.84], zHint: FORWARD },
  ];
  for (const { suffix, sign } of SIDES) {
    const at = (x: number): Vec3 => [sign * x, 0, SHOULDER_Z];
    bones.push(
      { name: `clavicle.${suffix}`, parent: 'chest', head: at(0.03), tail: at(0.17), zHint: Z },
      { name: `upper_arm.${suffix}`, parent: `clavicle.${suffix}`, head: at(0.17), tail: at(0.45), zHint: Z },
      { name: `lower_arm.${suffix}`, parent: `upper_arm.${suffix}`, head: at(0.45), tail: at(0.7), zHint: Z },
      { name: `hand.${suffix}`, parent: `lower_arm.${suffix}`, head: at(0.7), tail: at(0.88), zHint: Z },
    );
  }
  for (const { suffix, sign } of SIDES) {
    const x = sign * HIP_X;
    bones.push(
      { name: `upper_leg.${suffix}`, parent: 'hips', head: [x, 0, HIP_JOINT_Z], tail: [x, 0, KNEE_Z], zHint: FORWARD },
      {
        name: `lower_leg.${suffix}`,
        parent: `upper_leg.${suffix}`,
        head: [x, 0, KNEE_Z],
        tail: [x, 0, ANKLE_Z],
        zHint: FORWARD,
      },
      {
        name: `foot.${suffix}`,
        parent: `lower_leg.${suffix}`,
        head: [x, 0, ANKLE_Z],
        tail: [x, -0.15, 0.025],
        zHint: Z,
      },
    );
  }
  return bones;
}

interface Skeleton {
  rig: Rig;
  /** Skin joints (node indices), parents first. */
  joints: number[];
  /** Node index of the bone called `name`; throws for an unknown name. */
  joint: (name: string) => number;
}

function buildSkeleton(): Skeleton {
  const rig = createRig();
  const armature = addPlainNode(rig, {
    name: 'Armature',
    parent: -1,
    rotation: quatAxisAngle(X, -Math.PI / 2),
    isAuthoringSpace: true,
  });
  const byName = new Map<string, number>();
  const joint = (name: string): number => {
    const index = byName.get(name);
    if (index === undefined) throw new Error(`mannequin has no bone called ${name}`);
    return index;
  };
  for (const bone of boneDefinitions()) {
    const parent = bone.parent === null ? armature : joint(bone.parent);
    byName.set(bone.name, addBone(rig, { ...bone, parent }));
  }
  return { rig, joints: [...byName.values()], joint };
}

function buildBody(skeleton: Skeleton): ReturnType<typeof createMeshBuilder> {
  const { joint } = skeleton;
  const [hips, spine, chest, neck, head] = ['hips', 'spine', 'chest', 'neck', 'head'].map(joint);
  const mesh = createMeshBuilder();

  // Torso: hips → spine → chest by height; shoulders lean on the clavicles, the bottom of the
  // pelvis on the thighs, the top on the neck.
  const torsoWeights = (p: Vec3): Influence[] => {
    const side = p[0] >= 0 ? 'L' : 'R';
    const [clavicle, upperLeg] = [joint(`clavicle.${side}`), joint(`upper_leg.${side}`)];
    const influences = chainInfluences(p[2], [hips, spine, chest, neck], [1.09, 1.3, 1.52], [0.07, 0.07, 0.03]);
    const toClavicle = 0.7 * smoothstep(0.08, 0.17, Math.abs(p[0])) * smoothstep(1.34, 1.45, p[2]);
    const toThigh = 0.55 * smoothstep(0.97, 0.84, p[2]) * smoothstep(0, 0.1, Math.abs(p[0]));
    const scaled: Influence[] = influences.map(([joint, weight]) => [joint, weight * (1 - toClavicle - toThigh)]);
    return [...scaled, [clavicle, toClavicle], [upperLeg, toThigh]];
  };
  const torsoKnots: ProfileKnot[] = [
    [0.86, 0.115, 0.085, 0.005],
    [0.92, 0.15, 0.1, 0.01],
    [0.99, 0.165, 0.105, 0.01],
    [1.08, 0.15, 0.095, 0.005],
    [1.16, 0.135, 0.09, 0],
    [1.26, 0.15, 0.1, -0.005],
    [1.36, 0.165, 0.108, -0.01],
    [1.43, 0.162, 0.1, -0.004],
    [1.5, 0.125, 0.08, 0],
  ];
  addProfileLathe(mesh, {
    start: [0, 0, 0],
    direction: Z,
    u: X,
    knots: torsoKnots,
    step: 0.04,
    capStart: 0.06,
    capEnd: 0.05,
    segments: 24,
    exponent: 2.4,
    weights: torsoWeights,
  });

  // Neck and head.
  addProfileLathe(mesh, {
    start: [0, 0.005, 0],
    direction: Z,
    u: X,
    knots: [
      [1.47, 0.058, 0.055],
      [1.56, 0.05, 0.05],
      [1.66, 0.05, 0.052],
    ],
    step: 0.03,
    capStart: 0.02,
    capEnd: 0.02,
    segments: 14,
    weights: (p) => chainInfluences(p[2], [chest, neck, head], [1.51, 1.63], [0.03, 0.025]),
  });
  const headCenter: Vec3 = [0, -0.012, 1.735];
  addProfileLathe(mesh, {
    start: [0, headCenter[1], 0],
    direction: Z,
    u: X,
    // An egg: fuller at the cranium, narrower at the jaw.
    knots: [
      [1.66, 0.07, 0.085, -0.005],
      [1.72, 0.085, 0.1, 0],
      [1.79, 0.083, 0.098, 0.004],
      [1.83, 0.066, 0.078, 0.006],
    ],
    step: 0.025,
    capStart: 0.045,
    capEnd: 0.025,
    segments: 18,
    weights: (p) => chainInfluences(p[2], [neck, head], [1.635], [0.02]),
  });
  // Nose: shows which way the figure faces.
  addProfileLathe(mesh, {
    start: [0, -0.09, 1.715],
    direction: FORWARD,
    u: X,
    knots: [
      [0, 0.014, 0.018, 0.004],
      [0.025, 0.011, 0.012, 0],
    ],
    step: 0.02,
    capStart: 0.005,
    capEnd: 0.01,
    segments: 8,
    weights: () => [[head, 1]],
  });

  for (const { suffix, sign } of SIDES) {
    const [clavicle, upperArm, lowerArm, hand, upperLeg, lowerLeg, foot] = [
      'clavicle',
      'upper_arm',
      'lower_arm',
      'hand',
      'upper_leg',
      'lower_leg',
      'foot',
    ].map((part) => joint(`${part}.${suffix}`));
    const outward: Vec3 = [sign, 0, 0];
    // Arm: clavicle → upper arm → lower arm → hand by distance from the body's centre line.
    addProfileLathe(mesh, {
      start: [sign * 0.13, 0, SHOULDER_Z],
      direction: outward,
      u: Z,
      knots: [
        [0, 0.058, 0.058],
        [0.06, 0.062, 0.06],
        [0.16, 0.048, 0.046],
        [0.3, 0.04, 0.04],
        [0.32, 0.038, 0.038],
        [0.4, 0.04, 0.042],
        [0.52, 0.032, 0.034],
        [0.57, 0.026, 0.03],
      ],
      step: 0.045,
      capStart: 0.04,
      capEnd: 0.02,
      segments: 12,
      weights: (p) =>
        chainInfluences(Math.abs(p[0]), [clavicle, upperArm, lowerArm, hand], [0.17, 0.45, 0.7], [0.045, 0.04, 0.025]),
    });
    // Hand: a mitten, flat in Z (palm down in the T-pose), and a thumb pointing forward.
    const handWeights = (p: Vec3): Influence[] => chainInfluences(Math.abs(p[0]), [lowerArm, hand], [0.705], [0.02]);
    addProfileLathe(mesh, {
      start: [sign * 0.695, 0, SHOULDER_Z - 0.004],
      direction: outward,
      u: Z,
      knots: [
        [0, 0.02, 0.03],
        [0.05, 0.024, 0.044],
        [0.11, 0.02, 0.046],
        [0.165, 0.014, 0.038],
      ],
      step: 0.03,
      capStart: 0.02,
      capEnd: 0.025,
      segments: 12,
      weights: handWeights,
    });
    addProfileLathe(mesh, {
      start: [sign * 0.735, -0.03, SHOULDER_Z - 0.006],
      direction: [sign * 0.55, -0.835, 0],
      u: Z,
      knots: [
        [0, 0.013, 0.014],
        [0.045, 0.01, 0.011],
      ],
      step: 0.03,
      capStart: 0.004,
      capEnd: 0.01,
      segments: 8,
      weights: () => [[hand, 1]],
    });
    // Leg: hips → upper leg → lower leg → foot by depth below the hip.
    addProfileLathe(mesh, {
      start: [sign * HIP_X, 0, 0.98],
      direction: [0, 0, -1],
      u: X,
      knots: [
        [0, 0.085, 0.088],
        [0.1, 0.088, 0.09],
        [0.25, 0.075, 0.078, 0.004],
        [0.4, 0.058, 0.06],
        [0.46, 0.052, 0.055],
        [0.52, 0.054, 0.058],
        [0.62, 0.056, 0.062, -0.008],
        [0.78, 0.04, 0.042, -0.003],
        [0.89, 0.033, 0.035],
      ],
      step: 0.045,
      capStart: 0.04,
      capEnd: 0.03,
      segments: 14,
      weights: (p) =>
        chainInfluences(-p[2], [hips, upperLeg, lowerLeg, foot], [-0.97, -KNEE_Z, -0.075], [0.04, 0.05, 0.02]),
    });
    // Foot: heel at the ankle, sole on z = 0, pointing forward; its top blends into the shin.
    addProfileLathe(mesh, {
      start: [sign * HIP_X, 0.05, 0.045],
      direction: FORWARD,
      u: X,
      knots: [
        [0, 0.038, 0.04],
        [0.08, 0.044, 0.044],
        [0.16, 0.047, 0.03, -0.012],
        [0.24, 0.04, 0.02, -0.022],
      ],
      step: 0.03,
      capStart: 0.035,
      capEnd: 0.03,
      segments: 14,
      exponent: 2.5,
      weights: (p) => {
        const toShin = 0.5 * smoothstep(0.065, 0.095, p[2]) * smoothstep(-0.03, 0.02, p[1]);
        return [
          [foot, 1 - toShin],
          [lowerLeg, toShin],
        ];
      },
    });
  }
  return mesh;
}

/** Armature-space rotation of each moved bone relative to bind, plus the hips' offset. */
interface BodyPose {
  deltas: Map<number, Quat>;
  hipsOffset: Vec3;
}

/** Local keys for every joint from a BodyPose (bones without a delta follow their parent). */
function localKeys(skeleton: Skeleton, pose: BodyPose): Map<number, { rotation: Quat; translation?: Vec3 }> {
  const { rig } = skeleton;
  const worldDelta = new Map<number, Quat>();
  const keys = new Map<number, { rotation: Quat; translation?: Vec3 }>();
  for (const joint of skeleton.joints) {
    const parent = rig.nodes[joint].parent;
    const parentDelta = worldDelta.get(parent) ?? IDENTITY_QUAT;
    const delta = pose.deltas.get(joint) ?? parentDelta;
    worldDelta.set(joint, delta);
    keys.set(joint, { rotation: localRotationForDelta(rig, joint, parentDelta, delta) });
  }
  const hips = skeleton.joint('hips');
  const hipsKey = keys.get(hips)!;
  hipsKey.translation = add3(rig.nodes[hips].translation, pose.hipsOffset);
  return keys;
}

/** Tracks for a clip sampled from `poseAt`, with rest-equal tracks dropped. */
function clipTracks(skeleton: Skeleton, rate: number, duration: number, poseAt: (t: number) => BodyPose): TrackSpec[] {
  // Cache poses per key time: every track samples the same times.
  const cache = new Map<number, ReturnType<typeof localKeys>>();
  const keysAt = (t: number): ReturnType<typeof localKeys> => {
    let keys = cache.get(t);
    if (!keys) {
      keys = localKeys(skeleton, poseAt(t));
      cache.set(t, keys);
    }
    return keys;
  };
  const hips = skeleton.joint('hips');
  const tracks: TrackSpec[] = [
    sampleTrack(hips, 'translation', rate, duration, true, (t) => [...keysAt(t).get(hips)!.translation!]),
  ];
  for (const joint of skeleton.joints) {
    tracks.push(sampleTrack(joint, 'rotation', rate, duration, true, (t) => [...keysAt(t).get(joint)!.rotation]));
  }
  const restOf = (node: number, path: TrackPathName): number[] => {
    const rest = skeleton.rig.nodes[node];
    return path === 'rotation' ? [...rest.rotation] : path === 'translation' ? [...rest.translation] : [...rest.scale];
  };
  return simplifyTracks(tracks, restOf);
}

/** Upper-leg delta that swings the leg forward by `flexDegrees` and out by `outDegrees`. */
function legSwing(sign: number, flexDegrees: number, outDegrees: number): Quat {
  // A positive angle about −Y (seen from the front) lifts the left leg outwards (+X).
  return quatChain(about(X, -flexDegrees), about(Y, -sign * outDegrees));
}

/** Arm delta: lowered from the T-pose by `downDegrees`, then swung forward by `forwardDegrees`. */
function armSwing(sign: number, downDegrees: number, forwardDegrees: number): Quat {
  return quatChain(about(Y, sign * downDegrees), about(X, -forwardDegrees));
}

/**
 * The outward leg angle (degrees, for legSwing) that keeps the ankle at its bind x while the
 * hips move sideways by `hipsShiftX` metres: the leg leans back towards the planted foot.
 */
function plantedLegTilt(sign: number, hipsShiftX: number): number {
  return -sign * ((Math.asin(hipsShiftX / (THIGH + SHIN)) * 180) / Math.PI);
}

/** Heel and toe of the sole relative to the ankle at bind (armature y, z), metres. */
const SOLE_CONTACTS: [number, number][] = [
  [0.075, -ANKLE_Z],
  [-0.2, -ANKLE_Z],
];

/**
 * How far below the hip joint a leg's lowest sole point reaches (metres, in the sagittal plane)
 * with the thigh `flex`° forward, the knee bent `knee`° and the foot pitched `toeDown`° toes-down.
 */
function legReach(flex: number, knee: number, toeDown: number): number {
  const ankleDepth = THIGH * Math.cos(radians(flex)) + SHIN * Math.cos(radians(flex - knee));
  const pitch = radians(toeDown);
  // A toes-down pitch turns the sole about +X: z' = y·sin + z·cos.
  const lowest = Math.min(...SOLE_CONTACTS.map(([y, z]) => y * Math.sin(pitch) + z * Math.cos(pitch)));
  return ankleDepth - lowest;
}

function walkPose(skeleton: Skeleton, t: number, duration: number): BodyPose {
  const phase = t / duration;
  const deltas = new Map<number, Quat>();
  const turn = 2 * Math.PI * phase;
  const pelvisYaw = -5 * Math.sin(turn);
  const pelvisRoll = 3 * Math.cos(turn);
  const hipsShiftX = -0.015 * Math.cos(turn);
  let deepestReach = 0;
  for (const { suffix, sign } of SIDES) {
    const legPhase = sign > 0 ? phase : (phase + 0.5) % 1;
    // Thigh: 25° forward at heel strike (phase 0.2), 19° back at toe-off (0.7), about 10°
    // forward as it passes the stance leg (0). Knee: 59° early in swing, 16° after heel strike.
    const flex = 3 + 22 * Math.sin(2 * Math.PI * (legPhase + 0.05));
    const knee = 6 + 53 * phaseBump(legPhase, 0.97, 0.25) + 10 * phaseBump(legPhase, 0.32, 0.12);
    const toeDown =
      22 * phaseBump(legPhase, 0.7, 0.12) - 12 * phaseBump(legPhase, 0.2, 0.1) - 6 * phaseBump(legPhase, 0.05, 0.15);
    const tilt = plantedLegTilt(sign, hipsShiftX);
    deltas.set(skeleton.joint(`upper_leg.${suffix}`), legSwing(sign, flex, tilt));
    deltas.set(skeleton.joint(`lower_leg.${suffix}`), legSwing(sign, flex - knee, tilt));
    deltas.set(skeleton.joint(`foot.${suffix}`), about(X, toeDown));
    deepestReach = Math.max(deepestReach, legReach(flex, knee, toeDown));
    // Arms swing against the leg on the same side; elbows bend more when the arm is forward.
    const armForward = -20 * Math.sin(2 * Math.PI * (legPhase + 0.05));
    const elbow = 16 + (10 * (1 + Math.sin(2 * Math.PI * (legPhase + 0.55)))) / 2;
    deltas.set(skeleton.joint(`clavicle.${suffix}`), about(Y, sign * 6));
    deltas.set(skeleton.joint(`upper_arm.${suffix}`), armSwing(sign, 74, armForward));
    deltas.set(skeleton.joint(`lower_arm.${suffix}`), armSwing(sign, 74, armForward + elbow));
    deltas.set(skeleton.joint(`hand.${suffix}`), armSwing(sign, 74, armForward + elbow + 4));
  }
  deltas.set(skeleton.joint('hips'), quatChain(about(Y, pelvisRoll), about(Z, pelvisYaw)));
  deltas.set(skeleton.joint('spine'), quatChain(about(X, 2), about(Z, 0.3 * pelvisYaw)));
  deltas.set(skeleton.joint('chest'), quatChain(about(X, 3), about(Z, -0.8 * pelvisYaw)));
  deltas.set(skeleton.joint('neck'), quatChain(about(X, 1), about(Z, -0.3 * pelvisYaw)));
  deltas.set(skeleton.joint('head'), about(X, -1));
  // The leg reaching lowest stands on the ground: raise or lower the hips to put its sole there.
  const drop = deepestReach - legReach(0, 0, 0);
  return { deltas, hipsOffset: [hipsShiftX, 0, drop] };
}

/**
 * Standing at ease: arms down, breathing with period `breathPeriod` seconds (depth 0 … 1), the
 * hips shifted sideways by `shiftX` metres over planted feet.
 */
function relaxedPose(
  skeleton: Skeleton,
  t: number,
  breathPeriod: number,
  breathDepth: number,
  shiftX: number,
): BodyPose {
  const deltas = new Map<number, Quat>();
  const breath = breathDepth * Math.sin((2 * Math.PI * t) / breathPeriod);
  for (const { suffix, sign } of SIDES) {
    const tilt = plantedLegTilt(sign, shiftX);
    deltas.set(skeleton.joint(`upper_leg.${suffix}`), legSwing(sign, 0, tilt));
    deltas.set(skeleton.joint(`lower_leg.${suffix}`), legSwing(sign, 0, tilt));
    deltas.set(skeleton.joint(`foot.${suffix}`), IDENTITY_QUAT);
    deltas.set(skeleton.joint(`clavicle.${suffix}`), about(Y, sign * (5 - 1.5 * breath)));
    deltas.set(skeleton.joint(`upper_arm.${suffix}`), armSwing(sign, 76 - 1.5 * breath, 4));
    deltas.set(skeleton.joint(`lower_arm.${suffix}`), armSwing(sign, 76 - 1.5 * breath, 14 + breath));
    deltas.set(skeleton.joint(`hand.${suffix}`), armSwing(sign, 76 - 1.5 * breath, 18 + breath));
  }
  const lean = (Math.asin(shiftX / (THIGH + SHIN)) * 180) / Math.PI;
  deltas.set(skeleton.joint('hips'), about(Y, -lean));
  deltas.set(skeleton.joint('spine'), about(Y, 0.5 * lean));
  deltas.set(skeleton.joint('chest'), quatChain(about(X, 1 - 1.5 * breath), about(Y, 0.8 * lean)));
  const drop = (THIGH + SHIN) * (Math.cos(radians(lean)) - 1);
  return { deltas, hipsOffset: [shiftX, 0, drop] };
}

function idlePose(skeleton: Skeleton, t: number, duration: number): BodyPose {
  const turn = (2 * Math.PI * t) / duration;
  const pose = relaxedPose(skeleton, t, duration / 2, 1, 0.018 * Math.sin(turn));
  pose.deltas.set(skeleton.joint('neck'), quatChain(about(X, 2), about(Z, 3 * Math.sin(turn + 1))));
  pose.deltas.set(
    skeleton.joint('head'),
    quatChain(about(X, 2 * Math.sin(2 * turn)), about(Z, 8 * Math.sin(turn + 1.3))),
  );
  return pose;
}

function wavePose(skeleton: Skeleton, t: number, duration: number): BodyPose {
  // Still apart from the arm and head, so the other tracks shrink to two keys.
  const pose = relaxedPose(skeleton, t, duration, 0, -0.012);
  const raise = smoothstep(0, 0.6, t) * (1 - smoothstep(duration - 0.6, duration, t));
  // A forward swing about X reverses direction once the arm points up: from 4° forward while
  // hanging to 15° forward (−15° about X) when raised.
  const waving =
    Math.sin((2 * Math.PI * (t - 0.6)) / 0.6) *
    smoothstep(0.45, 0.75, t) *
    (1 - smoothstep(duration - 0.75, duration - 0.45, t));
  // The right arm (sign −1) rises from hanging (−76° about Y) to 50° above the horizontal.
  const down = 76 - 126 * raise;
  const forward = 4 * (1 - raise) - 15 * raise;
  const forearm = down - raise * 40 - 25 * waving;
  const right = -1;
  pose.deltas.set(skeleton.joint('clavicle.R'), about(Y, right * (5 - 12 * raise)));
  pose.deltas.set(skeleton.joint('upper_arm.R'), armSwing(right, down, forward));
  pose.deltas.set(skeleton.joint('lower_arm.R'), armSwing(right, forearm, forward + 10 * (1 - raise)));
  pose.deltas.set(
    skeleton.joint('hand.R'),
    armSwing(right, forearm - 8 * Math.sin((2 * Math.PI * (t - 0.75)) / 0.6) * raise, forward),
  );
  pose.deltas.set(skeleton.joint('head'), quatChain(about(X, -3 * raise), about(Z, -10 * raise)));
  return pose;
}

export function buildMannequin(): ModelSpec {
  const skeleton = buildSkeleton();
  const mesh = buildBody(skeleton);
  const walkDuration = 1.2;
  const waveDuration = 3;
  const idleDuration = 4;
  return assembleModel({
    name: 'mannequin',
    description:
      'A 1.85 m humanoid of rounded limbs on 19 joints with smooth weights at every joint, T-pose bind pose, under a Blender-style Z-up → Y-up "Armature" node.',
    chapters: ['Home page', 'Global inverse transform', 'Real models', 'Why skeletons'],
    notes: [
      '`Armature` (a scene root, not a joint) rotates −90° about X (quaternion [−0.707107, 0, 0, 0.707107]), turning Blender’s Z-up into glTF’s Y-up; `hips` sits under it at (0, 0, 1) with a rotation of +90° about X, so the bone points up.',
      'Armature space (metres; X = the figure’s left, −Y = forward, Z = up): hips 1.0, spine 1.1, chest 1.3, neck 1.5, head 1.62 (top of the head 1.85); clavicles from x = ±0.03 to ±0.17 at z = 1.45, upper arms to ±0.45, lower arms to ±0.70, hands to ±0.88; legs at x = ±0.1 from z = 0.95 to the knees at 0.52 and the ankles at 0.09; feet point forward.',
      'The inverse bind matrices include the armature rotation, so the mesh data is stored upright in Y-up world space; skinning with the global inverse of `Armature` gives back the Z-up view.',
      '`walk`: in place; thighs 25° forward / 19° back, knees to 59° in swing, feet flat in stance and rolling at toe-off, hips bobbing so the lowest sole stays on the ground, pelvis and shoulders counter-rotating, arms swinging against the legs.',
      '`wave`: relaxed stance; the right arm rises to 50° above horizontal, the forearm waves ±25° three times, and the arm comes back down, the head turning towards it.',
      '`idle`: breathing (chest and shoulders, 2 s period), a slow weight shift over planted feet, the head looking around.',
    ],
    rig: skeleton.rig,
    joints: skeleton.joints,
    skeleton: skeleton.joint('hips'),
    meshName: 'mannequin',
    mesh,
    material: { name: 'soft-clay', baseColor: [0.62, 0.56, 0.5, 1], metallic: 0, roughness: 0.7 },
    clips: [
      {
        name: 'walk',
        loops: true,
        tracks: clipTracks(skeleton, 30, walkDuration, (t) => walkPose(skeleton, t, walkDuration)),
      },
      {
        name: 'wave',
        loops: true,
        tracks: clipTracks(skeleton, 30, waveDuration, (t) => wavePose(skeleton, t, waveDuration)),
      },
      {
        name: 'idle',
        loops: true,
        tracks: clipTracks(skeleton, 24, idleDuration, (t) => idlePose(skeleton, t, idleDuration)),
      },
    ],
  });
}
