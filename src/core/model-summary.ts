// What a loaded model is made of, in the terms a reader debugging a file asks about: which node is
// a joint of which skin and which draws a mesh, the node tree in depth-first order, and how many
// joints influence each vertex. Shared by the inspect CLI (tools/inspect.ts) and the model lab
// (src/figures/lab/). Set-up work: these functions allocate.

import type { Hierarchy, Model, SkinnedPrimitive } from './model.ts';

/** What one hierarchy node is to the model. */
export interface NodeRole {
  /** Each skin that uses the node as a joint: [skin index, index in that skin's joint list]. */
  joints: [number, number][];
  /** Indices into model.meshes of the skinned meshes the node instantiates. */
  skinnedMeshes: number[];
  /** Indices into model.rigidParts of the meshes the node places rigidly. */
  rigidParts: number[];
}

/** The role of every hierarchy node, by hierarchy index. */
export function nodeRoles(model: Model): NodeRole[] {
  const roles: NodeRole[] = Array.from({ length: model.hierarchy.count }, () => ({ joints: [], skinnedMeshes: [], rigidParts: [] }));
  model.skins.forEach((skin, s) => skin.joints.forEach((node, j) => roles[node].joints.push([s, j])));
  model.meshes.forEach((mesh, m) => roles[mesh.node].skinnedMeshes.push(m));
  (model.rigidParts ?? []).forEach((part, r) => roles[part.node].rigidParts.push(r));
  return roles;
}

/** One line of the node tree: a node, how deep it is (0 = root) and whether it is its parent's last child. */
export interface TreeEntry {
  node: number;
  depth: number;
  last: boolean;
}

/**
 * Every node of `hierarchy`, depth first, each parent before its children and children in
 * hierarchy order. Iterative (an explicit stack): a file the loader accepts may chain 32,767 nodes.
 */
export function nodeTreeOrder(hierarchy: Hierarchy): TreeEntry[] {
  const children: number[][] = Array.from({ length: hierarchy.count }, () => []);
  for (let h = 0; h < hierarchy.count; h++) if (hierarchy.parents[h] >= 0) children[hierarchy.parents[h]].push(h);
  const roots: number[] = [];
  for (let h = 0; h < hierarchy.count; h++) if (hierarchy.parents[h] < 0) roots.push(h);
  const order: TreeEntry[] = [];
  const pending: TreeEntry[] = [];
  for (let i = roots.length - 1; i >= 0; i--) pending.push({ node: roots[i], depth: 0, last: i === roots.length - 1 });
  while (pending.length > 0) {
    const entry = pending.pop()!;
    order.push(entry);
    const list = children[entry.node];
    for (let i = list.length - 1; i >= 0; i--) pending.push({ node: list[i], depth: entry.depth + 1, last: i === list.length - 1 });
  }
  return order;
}

/** How the (loaded, at most 4) influences of one primitive's vertices are spread. */
export interface InfluenceStatistics {
  /** histogram[n]: vertices with exactly n non-zero weights (n = 0 … 4). */
  histogram: number[];
  /** Most non-zero weights on one vertex (0 without vertices). */
  maxInfluences: number;
  /** Smallest and largest sum of a vertex's weights (Infinity / −Infinity without vertices). */
  minWeightSum: number;
  maxWeightSum: number;
  triangles: number;
}

/** Counts the non-zero weights of every vertex of `primitive` and the range of their sums. */
export function influenceStatistics(primitive: SkinnedPrimitive): InfluenceStatistics {
  const histogram = [0, 0, 0, 0, 0];
  let minWeightSum = Infinity;
  let maxWeightSum = -Infinity;
  for (let v = 0; v < primitive.vertexCount; v++) {
    let used = 0;
    let sum = 0;
    for (let k = 0; k < 4; k++) {
      const w = primitive.weights[4 * v + k];
      if (w > 0) used++;
      sum += w;
    }
    histogram[used]++;
    minWeightSum = Math.min(minWeightSum, sum);
    maxWeightSum = Math.max(maxWeightSum, sum);
  }
  return {
    histogram,
    maxInfluences: Math.max(0, histogram.findLastIndex((count) => count > 0)),
    minWeightSum,
    maxWeightSum,
    triangles: primitive.indices ? primitive.indices.length / 3 : primitive.vertexCount / 3,
  };
}

/** The nearest ancestor of `node` (itself included) that is a joint of `skinIndex`: its index in that skin's joint list, or −1. */
export function drivingJoint(model: Model, skinIndex: number, node: number): number {
  const skin = model.skins[skinIndex];
  if (skin === undefined) return -1;
  for (let on = node; on >= 0; on = model.hierarchy.parents[on]) {
    const joint = skin.joints.indexOf(on);
    if (joint >= 0) return joint;
  }
  return -1;
}
