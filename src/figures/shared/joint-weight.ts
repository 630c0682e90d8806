// The number the weight paint shows as a colour: how strongly one joint pulls on one vertex. Pure,
// no DOM (the weight read-out, weight-readout.ts, and its tests share it).

import type { SkinnedPrimitive } from '../../core/model.ts';
import { MAX_INFLUENCES } from '../../core/weights.ts';

/** Where the legend of the weight paint puts a number under the ramp (ViewToggles.astro). */
export const WEIGHT_LEGEND_TICKS: readonly number[] = [0, 0.25, 0.5, 0.75, 1];

/**
 * The weight of joint `joint` (index into the skin's joint list) at vertex `vertex` of `primitive`:
 * the sum of the vertex's weights whose slot names that joint, 0 when none does — what skin.vert
 * passes to the weight paint as v_selectedWeight (dot(a_weights, equal(a_joints, selected))).
 * NaN for a vertex or joint out of range. Allocates nothing; never throws.
 */
export function jointWeightAt(primitive: SkinnedPrimitive, vertex: number, joint: number): number {
  if (!Number.isInteger(vertex) || vertex < 0 || vertex >= primitive.vertexCount || !Number.isInteger(joint) || joint < 0) return NaN;
  const base = MAX_INFLUENCES * vertex;
  let weight = 0;
  for (let slot = 0; slot < MAX_INFLUENCES; slot++) {
    if (primitive.joints[base + slot] === joint) weight += primitive.weights[base + slot];
  }
  return weight;
}
