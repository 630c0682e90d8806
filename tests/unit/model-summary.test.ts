// What a loaded model is made of (src/core/model-summary.ts), shared by the inspect CLI and the
// model lab: node roles, the depth-first tree order, influence statistics, the joint driving a node.
import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../src/core/gltf/index.ts';
import type { Hierarchy } from '../../src/core/model.ts';
import { drivingJoint, influenceStatistics, nodeRoles, nodeTreeOrder } from '../../src/core/model-summary.ts';
import { fan, riggedArm } from './gltf/fixtures.ts';

function chain(parents: number[]): Hierarchy {
  return { count: parents.length, parents: Int16Array.from(parents), names: parents.map((_, i) => `n${i}`), sourceIndex: Int32Array.from(parents.keys()), rest: null as never };
}

describe('model summary', () => {
  it('walks the tree depth first, children in order, marking each last child', () => {
    // 0 ─┬─ 1 ─── 3
    //    └─ 2
    // 4 (a second root)
    const order = nodeTreeOrder(chain([-1, 0, 0, 1, -1]));
    expect(order).toEqual([
      { node: 0, depth: 0, last: false },
      { node: 1, depth: 1, last: false },
      { node: 3, depth: 2, last: true },
      { node: 2, depth: 1, last: true },
      { node: 4, depth: 0, last: true },
    ]);
  });

  it('walks a 30,000-deep chain without recursion', () => {
    const parents = Array.from({ length: 30000 }, (_, i) => i - 1);
    const order = nodeTreeOrder(chain(parents));
    expect(order[29999]).toEqual({ node: 29999, depth: 29999, last: true });
  });

  it('tells joints, skinned meshes and rigid parts apart', () => {
    const b = riggedArm();
    b.json.nodes.push({ name: 'Plate', mesh: 0 });
    b.json.nodes[4].children = [5];
    const model = parseGltf(b.toGlb());
    const roles = nodeRoles(model);
    const bySource = (source: number) => roles[model.hierarchy.sourceIndex.indexOf(source)];
    expect(bySource(2)).toEqual({ joints: [[0, 0]], skinnedMeshes: [], rigidParts: [] });
    expect(bySource(1)).toEqual({ joints: [[0, 1]], skinnedMeshes: [], rigidParts: [] });
    expect(bySource(0)).toEqual({ joints: [], skinnedMeshes: [0], rigidParts: [] });
    expect(bySource(5)).toEqual({ joints: [], skinnedMeshes: [], rigidParts: [0] });
    // The plate hangs under Tip (no bone) under Forearm, joint 1.
    expect(drivingJoint(model, 0, model.hierarchy.sourceIndex.indexOf(5))).toBe(1);
    expect(drivingJoint(model, 0, model.hierarchy.sourceIndex.indexOf(3))).toBe(-1);
    expect(drivingJoint(model, 1, 0)).toBe(-1);
  });

  it('counts influences per vertex after loading, and the range of weight sums', () => {
    // The fan's vertices after loading: 4 kept of 6, 4 (renormalised), 1 (bound to the nearest joint).
    const stats = influenceStatistics(parseGltf(fan().toGlb()).meshes[0].primitives[0]);
    expect(stats.histogram).toEqual([0, 1, 0, 0, 2]);
    expect(stats.maxInfluences).toBe(4);
    expect(stats.minWeightSum).toBeCloseTo(1, 6);
    expect(stats.maxWeightSum).toBeCloseTo(1, 6);
    expect(stats.triangles).toBe(1);
  });
});
