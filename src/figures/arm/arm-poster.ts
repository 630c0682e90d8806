// The arm figure's poster (build time): the three-bone arm at its sliders' starting angles
// (ARM_START_DEGREES), "Break it" on Correct, skeleton overlay on, framed as the island frames it:
// over the rest pose and the framedClipTimes of the wave clip (arm-island.ts, SkinView.measureBounds).

import { animateFrame } from '../../core/frame.ts';
import { boundsOfPoses } from '../shared/pose-bounds.ts';
import { clipFramedPoses } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';
import { ARM_START_DEGREES, createArmModel, setArmPose } from './arm-model.ts';

export function armPoster(): PosterRequest {
  return {
    key: 'arm',
    name: 'arm',
    alt: `Still of the three-bone arm with its skeleton drawn over it: the shoulder turned ${ARM_START_DEGREES[0]}°, the elbow ${ARM_START_DEGREES[1]}° and the hand ${ARM_START_DEGREES[2]}°.`,
    tall: true,
    scene: () => {
      const model = createArmModel();
      const angles = ARM_START_DEGREES.map((degrees) => (degrees * Math.PI) / 180);
      return {
        model,
        yaw: -0.2,
        pitch: 0.08,
        ground: false,
        skeleton: true,
        weights: false,
        selectedJoint: -1,
        pose: (player) => {
          setArmPose(player.pose, model, angles);
          animateFrame(player, null);
        },
        framing: (player) => boundsOfPoses(model, player, clipFramedPoses(player, 0)),
      };
    },
  };
}
