// The skin-shader figure's poster (build time): the bend tube bent by the slider's starting angle,
// its middle bone stretched across by the second slider's starting scale, skinned as
// shaders/skin.vert does ("Correct": skinVertices, normals by the inverse transpose), without
// overlay (SkinShaderFigure.astro; skin-shader-island.ts).

import { bendScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function skinShaderPoster({ bend, stretch }: { bend: number; stretch: number }): PosterRequest {
  return {
    key: `skin-shader:${bend}:${stretch}`,
    name: `skin-shader-${bend}-${stretch}`,
    alt: `Still of the bend tube bent ${bend}° with its middle bone stretched ${stretch}× across, skinned by the correct vertex shader.`,
    tall: false,
    scene: () => {
      const model = projectModel('bend-tube.glb');
      const stretched = model.hierarchy.names.indexOf('middle');
      return bendScene({ yaw: 0.35, pitch: 0.1, ground: false, skeleton: false, weights: false, selectedJoint: 0 }, model, ['middle', 'end'], { min: -120, max: 120, value: bend }, (pose) => {
        if (stretched >= 0) pose.scales[3 * stretched] = stretch;
      });
    },
  };
}
