// The curves figure's poster (build time): the three pointers of interpolation.glb — step, linear
// and cubic spline, left to right — at 0 s of their "keys" clip, straight on, no overlay
// (CurvesFigure.astro; curves-island.ts, whose slerp sampler is sampleClip's). The plots under the
// stage are server-rendered SVG and need no poster.

import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

export function curvesPoster(): PosterRequest {
  return {
    key: 'curves',
    name: 'curves',
    alt: 'Still of the three pointers — step, linear and cubic spline, left to right — at the first key of their clip.',
    tall: false,
    scene: () => {
      const model = projectModel('interpolation.glb');
      return clipScene({ yaw: 0, pitch: 0.05, ground: false, skeleton: false, weights: false, selectedJoint: -1 }, model, clipIndexOf(model, 'keys', 'interpolation.glb'));
    },
  };
}
