// Local → global matrices down the node hierarchy (chapter: hierarchy traversal).
//
// global(root) = local(root); global(node) = global(parent) × local(node). Because the hierarchy
// is sorted parents first (parents[i] < i), one forward loop computes every global after its
// parent's: the matrix-palette way (ozz-animation's LocalToModelJob). The recursive version walks
// the tree top-down like ogldev's ReadNodeHierarchy (with an explicit stack, so no depth is too
// deep) and gives the same matrices; it is kept to show that the two are the same computation.
//
// A node whose parent index is not in [0, i) — negative, not before it, or not a node — is
// treated as a root by every function here, so broken data can neither read a stale matrix nor
// loop forever.

import { copyMat4At, multiplyMat4At } from './math.ts';

/** For each node, the hierarchy indices of its children in increasing order. */
export type Children = number[][];

/**
 * The number of nodes a local → global pass processes: min(parents.length, locals / 16,
 * outGlobals / 16). Shared with the deliberately wrong variants in pitfalls.ts.
 */
export function nodeCountOf(outGlobals: Float32Array, parents: Int16Array, locals: Float32Array): number {
  let count = parents.length;
  const localCount = Math.floor(locals.length / 16);
  const globalCount = Math.floor(outGlobals.length / 16);
  if (localCount < count) count = localCount;
  if (globalCount < count) count = globalCount;
  return count;
}

/**
 * Writes every node's global (model-space) matrix into outGlobals (16 floats per node) with one
 * forward loop over parents-first `parents` (−1 = root); returns outGlobals. `outGlobals` may be
 * `locals` (in-place): node i's local is read before its global is written, and its parent's
 * slot already holds the parent's global. Never throws: it processes
 * min(parents.length, locals.length / 16, outGlobals.length / 16) nodes and leaves the rest untouched.
 */
// #region local-to-global
export function localToGlobal(outGlobals: Float32Array, parents: Int16Array, locals: Float32Array): Float32Array {
  const count = nodeCountOf(outGlobals, parents, locals);
  for (let i = 0; i < count; i++) {
    const parent = parents[i];
    if (parent >= 0 && parent < i) multiplyMat4At(outGlobals, 16 * i, outGlobals, 16 * parent, locals, 16 * i);
    else if (outGlobals !== locals) copyMat4At(outGlobals, 16 * i, locals, 16 * i);
  }
  return outGlobals;
}
// #endregion local-to-global

/** The children of every node (a fresh array; nodes whose parent is not in [0, i) are roots). */
export function childrenOf(parents: Int16Array): Children {
  const children: Children = [];
  for (let i = 0; i < parents.length; i++) children.push([]);
  for (let i = 0; i < parents.length; i++) {
    const parent = parents[i];
    if (parent >= 0 && parent < i) children[parent].push(i);
  }
  return children;
}

/**
 * Same result as localToGlobal, by a top-down walk from each root through `children`, which must
 * be childrenOf(parents) (compute it once and pass it in to avoid allocating one per call); returns
 * outGlobals. `outGlobals` may be `locals`. The walk is recursion written with an explicit stack,
 * so any depth works (a chain of 32,767 nodes, the loader's limit, included). It allocates a fresh
 * stack array per call (at most `count` node indices when `children` is childrenOf(parents)), so it
 * is for build-time worked examples, not for every frame. Never throws; like localToGlobal, it
 * processes min(parents.length, locals / 16, outGlobals / 16) nodes and treats a node whose parent
 * is not in [0, i) as a root.
 */
// #region local-to-global-recursive
export function localToGlobalRecursive(
  outGlobals: Float32Array,
  parents: Int16Array,
  locals: Float32Array,
  children: Children = childrenOf(parents),
): Float32Array {
  const count = nodeCountOf(outGlobals, parents, locals);
  // Nodes whose global is computed but whose children are still to visit: the call stack of the
  // recursive version (ogldev's ReadNodeHierarchy), kept in an array.
  const toVisit: number[] = [];
  for (let root = 0; root < count; root++) {
    const parent = parents[root];
    if (parent >= 0 && parent < root) continue;
    if (outGlobals !== locals) copyMat4At(outGlobals, 16 * root, locals, 16 * root);
    toVisit.push(root);
    while (toVisit.length > 0) {
      const node = toVisit.pop()!;
      const list = children[node] ?? [];
      // Last child first onto the stack, so that the children are visited in order.
      for (let c = list.length - 1; c >= 0; c--) {
        const child = list[c];
        // A `children` that is not childrenOf(parents) can neither loop back up nor reach past `count`.
        if (!(child > node && child < count)) continue;
        multiplyMat4At(outGlobals, 16 * child, outGlobals, 16 * node, locals, 16 * child);
        toVisit.push(child);
      }
    }
  }
  return outGlobals;
}
// #endregion local-to-global-recursive
