// The bind figure's poster (build time): the island's first frame — mannequin.glb, clip "walk" at 0 s
// shown in the rest pose as the island opens, from the island's angles, skeleton overlay on (BindFigure.astro;
// bind-island.ts).

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function bindPoster(): PosterRequest {
  return {
    key: 'bind',
    name: 'bind',
    alt: 'Still of the mannequin in its rest pose (the T-pose it was modelled in), bound as modelled, its skeleton drawn over it, standing on a grid.',
    tall: false,
    scene: () => {
      const model = projectModel('mannequin.glb');
      return clipScene({ yaw: 0.55, pitch: 0.16, ground: true, skeleton: true, weights: false, selectedJoint: 0 }, model, clipIndexOf(model, 'walk', 'mannequin.glb'), { bindPose: true });
    },
  };
}
