// The offset figure's poster (build time): the two bones, the child turned a further `bend`
// degrees, the palette built right (global × inverse bind), skeleton overlay on
// (OffsetFigure.astro; offset-island.ts).

import { bendScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function offsetPoster({ bend }: { bend: number }): PosterRequest {
  return {
    key: `offset:${bend}`,
    name: `offset-${bend}`,
    alt: `Still of two bones whose child is turned a further ${bend}°, the mesh following it with the correct offset matrices, the skeleton drawn over it.`,
    tall: false,
    scene: () =>
      bendScene({ yaw: 0.25, pitch: 0.1, ground: false, skeleton: true, weights: false, selectedJoint: 0 }, projectModel('two-bones-rotated.glb'), ['child'], { min: -150, max: 150, value: bend }),
  };
}
