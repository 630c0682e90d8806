// What the conformance tests against three.js share: the times a clip is compared at, the scale the
// tolerances are fractions of, and the largest distance between our skinned vertices and three.js's.
import { expect } from 'vitest';
import { skinVertices, type Model } from '../../src/core/index.ts';
import type { ThreeScene } from '../../tools/three-reference.ts';

/** Times to compare a clip at, in seconds: 0, nine times evenly spread, the last key, and past the end. */
export function sampleTimes(duration: number): number[] {
  const times: number[] = [];
  for (let k = 0; k < 9; k++) times.push((duration * k) / 9);
  times.push(duration, duration * 1.37 + 0.25);
  return times;
}

/** Length of the diagonal of the box around every primitive's stored (bind-pose) positions, model units. */
export function boundingDiagonal(model: Model): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of model.meshes) {
    for (const primitive of mesh.primitives) {
      const p = primitive.positions;
      for (let i = 0; i < p.length; i += 3) {
        for (let c = 0; c < 3; c++) {
          min[c] = Math.min(min[c], p[i + c]);
          max[c] = Math.max(max[c], p[i + c]);
        }
      }
    }
  }
  return Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
}

/** Largest distance between our skinned vertices (through `player`'s palettes) and three.js's, over every skinned primitive. */
export function maxDeviation(model: Model, player: { palettes: Float32Array[] }, three: ThreeScene): number {
  let worst = 0;
  for (const mesh of model.meshes) {
    const sourceNode = model.hierarchy.sourceIndex[mesh.node];
    mesh.primitives.forEach((primitive, index) => {
      const reference = three.primitives.find((p) => p.sourceNode === sourceNode && p.primitive === index);
      if (!reference) throw new Error(`three.js has no skinned mesh for node ${sourceNode}, primitive ${index}`);
      const theirs = three.skinnedPositions(reference);
      const ours = new Float32Array(primitive.vertexCount * 3);
      skinVertices(ours, null, primitive, player.palettes[mesh.skin]);
      expect(theirs.length).toBe(ours.length);
      for (let i = 0; i < ours.length; i += 3) {
        const d = Math.hypot(ours[i] - theirs[i], ours[i + 1] - theirs[i + 1], ours[i + 2] - theirs[i + 2]);
        if (!(d <= worst)) worst = d; // NaN propagates as a failure
      }
    });
  }
  return worst;
}
