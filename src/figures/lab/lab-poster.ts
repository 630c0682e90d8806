// The model lab's poster (build time): the model the lab opens first (`file`, the page's default)
// at 0 s of its first clip, on the ground, skeleton overlay on, as lab-island.ts starts it.

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function labPoster(file: string): PosterRequest {
  const name = file.replace(/\.(glb|gltf)$/i, '');
  return {
    key: `lab:${file}`,
    name: `lab-${name}`,
    alt: `Still of ${name}, the model the lab opens first, at the start of its first clip, its skeleton drawn over it, standing on a grid.`,
    tall: false,
    scene: () => {
      const model = projectModel(file);
      return clipScene({ yaw: 0.55, pitch: 0.16, ground: true, skeleton: true, weights: false, selectedJoint: 0 }, model, clipIndexOf(model, '', file));
    },
  };
}
