// The row-major figure's poster (build time): the island's first frame — mannequin.glb, clip "walk" at 0 s
// ("Break it" on Correct), from the island's angles, skeleton overlay on (RowMajorFigure.astro;
// row-major-island.ts).

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function rowMajorPoster(): PosterRequest {
  return {
    key: 'row-major',
    name: 'row-major',
    alt: 'Still of the mannequin at the start of its walk, its skeleton drawn over it, standing on a grid.',
    tall: false,
    scene: () => {
      const model = projectModel('mannequin.glb');
      return clipScene({ yaw: 0.55, pitch: 0.16, ground: true, skeleton: true, weights: false, selectedJoint: -1 }, model, clipIndexOf(model, 'walk', 'mannequin.glb'));
    },
  };
}
