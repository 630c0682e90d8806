// The global-inverse figure's poster (build time): the island's first frame — mannequin-zup-cm.glb, clip "walk" at 0 s
// ("Break it" on Correct), from the island's angles, skeleton overlay on (GlobalInverseFigure.astro;
// global-inverse-island.ts).

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function globalInversePoster(): PosterRequest {
  return {
    key: 'global-inverse',
    name: 'global-inverse',
    alt: 'Still of the mannequin exported in centimetres with Z up, drawn correctly: standing at the start of its walk, its skeleton drawn over it, on a grid.',
    tall: false,
    scene: () => {
      const model = projectModel('mannequin-zup-cm.glb');
      return clipScene({ yaw: 0.55, pitch: 0.16, ground: true, skeleton: true, weights: false, selectedJoint: 0 }, model, clipIndexOf(model, 'walk', 'mannequin-zup-cm.glb'));
    },
  };
}
