// The bone-limit figure's poster (build time): the island's first frame — tentacle.glb, clip "curl" at 0 s
// ("Break it" on Correct), from the island's angles, skeleton overlay off (BoneLimitFigure.astro;
// bone-limit-island.ts).

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function boneLimitPoster(): PosterRequest {
  return {
    key: 'bone-limit',
    name: 'bone-limit',
    alt: 'Still of the 300-joint tentacle at the start of its curl, standing on a grid.',
    tall: false,
    scene: () => {
      const model = projectModel('tentacle.glb');
      return clipScene({ yaw: 0.6, pitch: 0.12, ground: true, skeleton: false, weights: false, selectedJoint: 0 }, model, clipIndexOf(model, 'curl', 'tentacle.glb'));
    },
  };
}
