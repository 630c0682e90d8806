// The model figure's poster (build time): the island's first frame — the file's clip (the named
// one, else its first) at 0 s, from the island's angles, on the ground, with the skeleton overlay
// and weight paint as the figure starts them (ModelFigure.astro; model-island.ts).

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export interface ModelPosterProps {
  model: string;
  clip?: string;
  skeleton: boolean;
  weights: boolean;
}

export function modelPoster({ model: file, clip = '', skeleton, weights }: ModelPosterProps): PosterRequest {
  const name = file.replace(/\.(glb|gltf)$/i, '');
  const extras = [skeleton ? 'its skeleton drawn over it' : '', weights ? 'painted with the weights of its first joint' : ''].filter(Boolean).join(', ');
  return {
    key: `model:${file}:${clip}:${skeleton}:${weights}`,
    name: ['model', name, clip, skeleton ? 'skeleton' : '', weights ? 'weights' : ''].filter(Boolean).join('-'),
    alt: `Still of the ${name} model at the start of its ${clip === '' ? 'first' : `“${clip}”`} clip, standing on a grid${extras === '' ? '' : `, ${extras}`}.`,
    tall: false,
    scene: () => {
      const model = projectModel(file);
      return clipScene({ yaw: 0.55, pitch: 0.16, ground: true, skeleton, weights, selectedJoint: 0 }, model, clipIndexOf(model, clip, file));
    },
  };
}
