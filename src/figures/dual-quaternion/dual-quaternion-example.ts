// The worked numbers of chapter 10, computed at build time by the code the figure runs: the bend
// tube and the mannequin posed by poseTwist, skinned by linear blend (skinVertices) and by dual
// quaternions (skinVerticesDualQuaternion, and its pitfall without sign alignment), and measured
// with measureTwist: the cross-section at the twisted joint and the enclosed volume, in % of the
// bind pose's.
import { readProjectModel } from '../../build-time/project-models.ts';
import { describeNonRigidJoint, skinVerticesDualQuaternion } from '../../core/dual-quaternion.ts';
import { createPlayer } from '../../core/frame.ts';
import { skinVerticesDualQuaternionWithoutSignAlignment } from '../../core/pitfalls-beyond.ts';
import { skinVertices } from '../../core/skin.ts';
import { measureTwist, poseTwist, prepareTwistSubject, TWIST_SETUPS, type TwistModel, type TwistPose, type TwistSubject } from './twist-pose.ts';

/** Twists of the tube's end joint the chapter tabulates, degrees. */
export const TWISTS = [0, 45, 90, 135, 180] as const;

/** The twist per joint where the end joint, at twice that in the model, is past 180° and the unaligned blend breaks, degrees. */
export const UNALIGNED_TWIST = 100;
/** The bend of the bulge example, degrees (both tube joints). */
export const BULGE_BEND = 120;
/** The stretch of the scale example (the tube's middle bone along x). */
export const STRETCH = 2;
/** The mannequin's wrist twist, degrees. */
export const WRIST_TWIST = 150;

export interface Measured {
  section: number;
  volume: number;
}

export interface DualQuaternionExample {
  /** Per twist of the tube: linear blend, dual quaternions, and cos²(θ/2) × 100, the ring's area under linear blend derived by hand. */
  twists: { twist: number; linear: Measured; dual: Measured; predicted: number }[];
  unaligned: { twist: number; aligned: Measured; unaligned: Measured; largestGap: number };
  bulge: { bend: number; linear: Measured; dual: Measured };
  stretch: { stretch: number; reason: string; linearWidth: number; dualWidth: number; restWidth: number };
  wrist: { twist: number; linear: Measured; dual: Measured; ringCount: number };
}

function subjectOf(choice: TwistModel): TwistSubject {
  const subject = prepareTwistSubject(readProjectModel(TWIST_SETUPS[choice].file), choice);
  if (typeof subject === 'string') throw new Error(subject);
  return subject;
}

type Skinner = typeof skinVertices;

/** Poses `subject` and skins it with `skin`; returns the positions. */
function skinned(subject: TwistSubject, pose: TwistPose, skin: Skinner): Float32Array {
  const player = createPlayer(subject.model);
  poseTwist(player, subject.joints, pose);
  const positions = new Float32Array(3 * subject.primitive.vertexCount);
  skin(positions, null, subject.primitive, player.palettes[0]);
  return positions;
}

function measured(subject: TwistSubject, pose: TwistPose, skin: Skinner): Measured {
  return measureTwist(subject, skinned(subject, pose, skin));
}

/** Width along x of the vertices whose bind-pose y lies within 0.1 of `y` (the tube's girth there). */
function widthAt(subject: TwistSubject, positions: Float32Array, y: number): number {
  let min = Infinity;
  let max = -Infinity;
  const bind = subject.primitive.positions;
  for (let v = 0; v < subject.primitive.vertexCount; v++) {
    if (Math.abs(bind[3 * v + 1] - y) > 0.1) continue;
    min = Math.min(min, positions[3 * v]);
    max = Math.max(max, positions[3 * v]);
  }
  return max - min;
}

export function computeDualQuaternionExample(): DualQuaternionExample {
  const tube = subjectOf('tube');
  const twists = TWISTS.map((twist) => {
    const pose = { twist, bend: 0, stretch: 1 };
    const half = (twist * Math.PI) / 360;
    return { twist, linear: measured(tube, pose, skinVertices), dual: measured(tube, pose, skinVerticesDualQuaternion), predicted: 100 * Math.cos(half) ** 2 };
  });

  const unalignedPose = { twist: UNALIGNED_TWIST, bend: 0, stretch: 1 };
  const aligned = skinned(tube, unalignedPose, skinVerticesDualQuaternion);
  const unaligned = skinned(tube, unalignedPose, skinVerticesDualQuaternionWithoutSignAlignment);
  let largestGap = 0;
  for (let i = 0; i < aligned.length; i += 3) {
    largestGap = Math.max(largestGap, Math.hypot(aligned[i] - unaligned[i], aligned[i + 1] - unaligned[i + 1], aligned[i + 2] - unaligned[i + 2]));
  }

  const bulgePose = { twist: 0, bend: BULGE_BEND, stretch: 1 };
  const stretchPose = { twist: 0, bend: 0, stretch: STRETCH };
  const stretchPlayer = createPlayer(tube.model);
  poseTwist(stretchPlayer, tube.joints, stretchPose);
  const middleY = 1.5;

  const mannequin = subjectOf('mannequin');
  const wristPose = { twist: WRIST_TWIST, bend: 0, stretch: 1 };
  return {
    twists,
    unaligned: { twist: UNALIGNED_TWIST, aligned: measureTwist(tube, aligned), unaligned: measureTwist(tube, unaligned), largestGap },
    bulge: { bend: BULGE_BEND, linear: measured(tube, bulgePose, skinVertices), dual: measured(tube, bulgePose, skinVerticesDualQuaternion) },
    stretch: {
      stretch: STRETCH,
      reason: describeNonRigidJoint(stretchPlayer.palettes[0], tube.stretchJoint) ?? '',
      linearWidth: widthAt(tube, skinned(tube, stretchPose, skinVertices), middleY),
      dualWidth: widthAt(tube, skinned(tube, stretchPose, skinVerticesDualQuaternion), middleY),
      restWidth: widthAt(tube, tube.primitive.positions, middleY),
    },
    wrist: { twist: WRIST_TWIST, linear: measured(mannequin, wristPose, skinVertices), dual: measured(mannequin, wristPose, skinVerticesDualQuaternion), ringCount: mannequin.ringCount },
  };
}
