// The blend figure's poster (build time): the mannequin at 0 s of the blend timeline with the
// default settings and the figure's target (poseBlend, createBlender: blend-pose.ts), framed over
// the poses its controls reach, as blend-island.ts's measureBounds frames it.

import { showRestPose } from '../../core/frame.ts';
import { boundsOfPoses } from '../shared/pose-bounds.ts';
import { projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';
import { createBlender, createBlendRig, defaultBlendSettings, poseBlend, TIMELINE_SECONDS, type BlendSettings } from './blend-pose.ts';

export function blendPoster(target: BlendSettings['target']): PosterRequest {
  return {
    key: `blend:${target}`,
    name: `blend-${target}`,
    alt: 'Still of the mannequin at the start of the blend timeline, walking before the crossfade begins, standing on a grid.',
    tall: false,
    scene: () => {
      const model = projectModel('mannequin.glb');
      const rig = createBlendRig(model);
      if (typeof rig === 'string') throw new Error(`blend poster: ${rig}`);
      const settings = { ...defaultBlendSettings(), target };
      const blender = createBlender(rig, settings);
      return {
        model,
        yaw: 0.9,
        pitch: 0.12,
        ground: true,
        skeleton: false,
        weights: false,
        selectedJoint: -1,
        pose: (player) => void poseBlend(player, blender, settings, 0),
        framing: (player) => {
          const poses: (() => void)[] = [() => showRestPose(player)];
          for (const [reached, additive] of [['wave', false], ['fast', true]] as const) {
            const reachedSettings = { ...defaultBlendSettings(), target: reached, additive };
            const reachedBlender = createBlender(rig, reachedSettings);
            for (let time = 0; time < TIMELINE_SECONDS; time += 0.4) poses.push(() => void poseBlend(player, reachedBlender, reachedSettings, time));
          }
          return boundsOfPoses(model, player, poses);
        },
      };
    },
  };
}
