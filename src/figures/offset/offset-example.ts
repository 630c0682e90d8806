// The worked example of chapter 4, computed by the skinning core at build time from the project's
// own model files (public/models): the inverse bind matrices of three skins — a single bone at
// the origin, a child one unit up, the same child turned 45° — and one vertex of the turned child
// taken into bone space and out again after the child turns a further 45°.
import type { Model } from '../../core/model.ts';
import { readProjectModel } from '../../build-time/project-models.ts';
import { animateFrame, createPlayer } from '../../core/frame.ts';
import { transformPointAt } from '../../core/math.ts';

/** The vertex, bind-pose model space: half a unit along the turned child bone (from (0, 1, 0) toward up-left at 45°). */
export const OFFSET_VERTEX = [-Math.SQRT1_2 / 2, 1 + Math.SQRT1_2 / 2, 0] as const;
/** The child's further turn about its z axis, degrees. */
export const OFFSET_TURN_DEGREES = 45;

export interface OffsetExample {
  /** Inverse bind matrices, 16 floats each, as stored in the files. */
  singleBone: Float32Array;
  childUp: Float32Array;
  childTurned: Float32Array;
  /** The vertex in the turned child's bone space: inverseBind × v. */
  inBoneSpace: Float32Array;
  /** The turned child's global after the further turn, and its skinning matrix global × inverseBind. */
  global: Float32Array;
  skinning: Float32Array;
  /** The vertex skinned by the child alone: skinning × v. */
  skinned: Float32Array;
}

/** The inverse bind matrix of the joint named `joint` in `model`'s first skin. */
function inverseBindOf(model: Model, joint: string): Float32Array {
  const skin = model.skins[0];
  const j = skin.joints.findIndex((node) => model.hierarchy.names[node] === joint);
  if (j < 0) throw new Error(`no joint "${joint}" in the model`);
  return skin.inverseBindMatrices.slice(16 * j, 16 * j + 16);
}

export function computeOffsetExample(root: string = process.cwd()): OffsetExample {
  const turned = readProjectModel('two-bones-rotated.glb', root);
  const childTurned = inverseBindOf(turned, 'child');
  const inBoneSpace = transformPointAt(new Float32Array(3), 0, childTurned, 0, Float32Array.from(OFFSET_VERTEX), 0);

  // Turn the child a further 45° about z: from 45° at bind time to 90°.
  const player = createPlayer(turned);
  const child = turned.hierarchy.names.indexOf('child');
  const total = ((45 + OFFSET_TURN_DEGREES) * Math.PI) / 360;
  player.pose.rotations.set([0, 0, Math.sin(total), Math.cos(total)], 4 * child);
  animateFrame(player, null);
  const j = turned.skins[0].joints.indexOf(child);
  const skinning = player.palettes[0].slice(16 * j, 16 * j + 16);
  return {
    singleBone: inverseBindOf(readProjectModel('single-bone.glb', root), 'bone'),
    childUp: inverseBindOf(readProjectModel('two-bones.glb', root), 'child'),
    childTurned,
    inBoneSpace,
    global: player.globals.slice(16 * child, 16 * child + 16),
    skinning,
    skinned: transformPointAt(new Float32Array(3), 0, skinning, 0, Float32Array.from(OFFSET_VERTEX), 0),
  };
}
