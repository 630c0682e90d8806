// The cpu-gpu figure's poster (build time): the island's first frame — mannequin.glb, clip "walk" at 0 s
// ("Break it" on Correct), from the island's angles, skeleton overlay off (CpuGpuFigure.astro;
// cpu-gpu-island.ts).

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function cpuGpuPoster(): PosterRequest {
  return {
    key: 'cpu-gpu',
    name: 'cpu-gpu',
    alt: 'Still of the mannequin at the start of its walk, skinned on the GPU, standing on a grid.',
    tall: false,
    scene: () => {
      const model = projectModel('mannequin.glb');
      return clipScene({ yaw: 0.55, pitch: 0.16, ground: true, skeleton: false, weights: false, selectedJoint: 0 }, model, clipIndexOf(model, 'walk', 'mannequin.glb'));
    },
  };
}
