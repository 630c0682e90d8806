// The weights figure's poster (build time): the bend tube with its middle and end joints turned by
// the slider's starting angle, the smooth weights as authored, skeleton overlay on, weight paint
// of the middle joint if the figure starts with it (WeightsFigure.astro; weights-island.ts).

import { bendScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function weightsPoster({ bend, weights }: { bend: number; weights: boolean }): PosterRequest {
  return {
    key: `weights:${bend}:${weights}`,
    name: `weights-${bend}${weights ? '-paint' : ''}`,
    alt: `Still of the bend tube bent ${bend}° at its middle and end joints, skinned with its smooth weights${weights ? ' and painted with the middle joint’s weights' : ''}, its skeleton drawn over it.`,
    tall: false,
    scene: () => {
      const model = projectModel('bend-tube.glb');
      const selectedJoint = model.skins[0].joints.indexOf(model.hierarchy.names.indexOf('middle'));
      return bendScene({ yaw: 0.35, pitch: 0.1, ground: false, skeleton: true, weights, selectedJoint }, model, ['middle', 'end'], { min: -120, max: 120, value: bend });
    },
  };
}
