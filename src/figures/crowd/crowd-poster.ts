// The crowd figure's poster (build time): `count` mannequins laid out by layoutCrowd, each at its
// own offset into the walk at clock 0, turned and placed as placeInstance places them, on the
// ground, framed over the crowd's bounds from the island's angles (crowd-island.ts).

import { Playback } from '../../core/clip.ts';
import { animateFrame } from '../../core/frame.ts';
import { boundsOfPoses } from '../shared/pose-bounds.ts';
import { clipFramedPoses, clipIndexOf, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';
import { layoutCrowd, placeInstance } from './crowd-layout.ts';

export function crowdPoster(count: number): PosterRequest {
  return {
    key: `crowd:${count}`,
    name: `crowd-${count}`,
    alt: `Still of ${count} mannequins in a loose grid, each at its own moment of the walk, on a grid floor.`,
    tall: false,
    // A hundred small figures: 48 colours keep the file near 40 KB and look the same.
    colors: 48,
    scene: () => {
      const model = projectModel('mannequin.glb');
      const clipIndex = clipIndexOf(model, 'walk', 'mannequin.glb');
      const clip = model.clips[clipIndex];
      const layout = layoutCrowd(count, clip.duration);
      return {
        model,
        yaw: 0.5,
        pitch: 0.42,
        ground: true,
        skeleton: false,
        weights: false,
        selectedJoint: -1,
        pose: (player) => animateFrame(player, clip, 0, Playback.LOOP),
        copies: {
          count,
          pose: (player, copy) => animateFrame(player, clip, layout.timeOffsets[copy], Playback.LOOP),
          place: (positions, normals, copy) => {
            placeInstance(positions, positions, layout, copy);
            placeInstance(normals, normals, layout, copy, true);
          },
        },
        framing: (player) => {
          const { min, max } = boundsOfPoses(model, player, clipFramedPoses(player, clipIndex));
          const reach = Math.max(Math.abs(min[0]), Math.abs(max[0]), Math.abs(min[2]), Math.abs(max[2]));
          return {
            min: new Float32Array([-layout.halfWidth - reach, min[1], -layout.halfDepth - reach]),
            max: new Float32Array([layout.halfWidth + reach, max[1], layout.halfDepth + reach]),
          };
        },
      };
    },
  };
}
