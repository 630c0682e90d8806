// The inspector figure's poster (build time): the mannequin at 0 s of its walk, framed as the
// island frames it — a box 0.7 × 0.9 × 0.7 m around the vertex inspected first, the most evenly
// blended one (mostEvenlyBlended) — on the ground, without the vertex marks (inspector-island.ts).

import { mostEvenlyBlended } from '../shared/vertex-inspector.ts';
import { clipIndexOf, clipScene, projectModel } from '../../build-time/poster/scenes.ts';
import type { PosterRequest } from '../../build-time/poster/poster.ts';

/** Half the framed box's size, metres (x, y, z): inspector-island.ts's FRAME_HALF_SIZE. */
const FRAME_HALF_SIZE = [0.35, 0.45, 0.35];

export function inspectorPoster(): PosterRequest {
  return {
    key: 'inspector',
    name: 'inspector',
    alt: 'Still of the mannequin at the start of its walk, seen close around the vertex the inspector takes apart first.',
    tall: true,
    scene: () => {
      const model = projectModel('mannequin.glb');
      const scene = clipScene({ yaw: 0.55, pitch: 0.16, ground: true, skeleton: false, weights: false, selectedJoint: 0 }, model, clipIndexOf(model, 'walk', 'mannequin.glb'));
      const primitive = model.meshes[0].primitives[0];
      const vertex = mostEvenlyBlended(primitive);
      const min = new Float32Array(3), max = new Float32Array(3);
      for (let axis = 0; axis < 3; axis++) {
        min[axis] = primitive.positions[3 * vertex + axis] - FRAME_HALF_SIZE[axis];
        max[axis] = primitive.positions[3 * vertex + axis] + FRAME_HALF_SIZE[axis];
      }
      return { ...scene, framing: () => ({ min, max }) };
    },
  };
}
