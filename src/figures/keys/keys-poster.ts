// The keys figure's poster (build time): the island's first frame — mannequin.glb, clip "walk" at 0 s
// ("Break it" on Correct), from the island's angles, skeleton overlay off (KeysFigure.astro;
// keys-island.ts).

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function keysPoster(): PosterRequest {
  return {
    key: 'keys',
    name: 'keys',
    alt: 'Still of the mannequin at the start of its walk, seen from its right front, standing on a grid.',
    tall: false,
    scene: () => {
      const model = projectModel('mannequin.glb');
      return clipScene({ yaw: 0.9, pitch: 0.12, ground: true, skeleton: false, weights: false, selectedJoint: 0 }, model, clipIndexOf(model, 'walk', 'mannequin.glb'));
    },
  };
}
