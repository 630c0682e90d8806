// The dual quaternion figure's poster (build time): the bend tube twisted and bent by the sliders'
// starting values, skinned twice — linear blend (skinVertices) on the left, dual quaternions
// (skinVerticesDualQuaternion) on the right, TWIST_SETUPS.tube.offset apart — framed as
// dual-quaternion-island.ts's measureBounds frames it.

import { skinVerticesDualQuaternion } from '../../core/dual-quaternion.ts';
import { boundsOfPoses } from '../shared/pose-bounds.ts';
import { projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';
import { poseTwist, prepareTwistSubject, TWIST_SETUPS } from './twist-pose.ts';

export function dualQuaternionPoster({ twist, bend }: { twist: number; bend: number }): PosterRequest {
  return {
    key: `dual-quaternion:${twist}:${bend}`,
    name: `dual-quaternion-${twist}-${bend}`,
    alt: `Still of the bend tube twisted ${twist}° and bent ${bend}°, twice: linear blend skinning on the left pinches it, dual quaternions on the right keep its girth.`,
    tall: false,
    scene: () => {
      const setup = TWIST_SETUPS.tube;
      const model = projectModel(setup.file);
      const subject = prepareTwistSubject(model, 'tube');
      if (typeof subject === 'string') throw new Error(`dual quaternion poster: ${subject}`);
      const pose = { twist, bend, stretch: 1 };
      return {
        model: subject.model,
        yaw: 0,
        pitch: 0.12,
        ground: false,
        skeleton: false,
        weights: false,
        selectedJoint: -1,
        pose: (player) => poseTwist(player, subject.joints, pose),
        twin: { offset: [setup.offset, 0, 0], skin: skinVerticesDualQuaternion },
        framing: (player) => {
          const bounds = boundsOfPoses(subject.model, player, [() => poseTwist(player, subject.joints, pose)]);
          const { min, max } = bounds;
          const size = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
          for (let axis = 0; axis < 3; axis++) {
            min[axis] -= 0.15 * size;
            max[axis] += 0.15 * size;
          }
          max[0] += setup.offset;
          return bounds;
        },
      };
    },
  };
}
