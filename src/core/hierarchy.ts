// Local → global matrices down the node hierarchy (chapter: hierarchy traversal).
//
// global(root) = local(root); global(node) = global(parent) × local(node). Because the hierarchy
// is sorted parents first (parents[i] < i), one forward loop computes every global after its
// parent's: the matrix-palette way (ozz-animation's LocalToModelJob). The recursive version walks
// the tree top-down like ogldev's ReadNodeHierarchy and gives the same matrices; it is kept to
// show that the two are the same computation. composeGlobals does composeLocal (pose.ts) and the
// forward loop in one pass, faster, for the per-frame path of the player.
//
// A node whose parent index is not in [0, i) — negative, not before it, or not a node — is
// treated as a root by every function here, so broken data can neither read a stale matrix nor
// recurse forever.

import type { Pose } from './model.ts';
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
 * Same result as localToGlobal, by recursion from each root down through `children`, which must be
 * childrenOf(parents) (compute it once and pass it in to avoid allocating one per call); returns
 * outGlobals. `outGlobals` may be `locals`. Recursion depth equals the hierarchy depth: real
 * skeletons are a few dozen deep, while a chain of tens of thousands of nodes could exhaust the
 * call stack — the forward loop of localToGlobal has no such limit.
 */
// #region local-to-global-recursive
export function localToGlobalRecursive(
  outGlobals: Float32Array,
  parents: Int16Array,
  locals: Float32Array,
  children: Children = childrenOf(parents),
): Float32Array {
  const count = nodeCountOf(outGlobals, parents, locals);
  for (let i = 0; i < count; i++) {
    const parent = parents[i];
    if (parent >= 0 && parent < i) continue;
    if (outGlobals !== locals) copyMat4At(outGlobals, 16 * i, locals, 16 * i);
    visitChildren(outGlobals, locals, children, i, count);
  }
  return outGlobals;
}

/** Computes the globals of the descendants of `node`, whose own global is already in outGlobals. */
function visitChildren(
  outGlobals: Float32Array,
  locals: Float32Array,
  children: Children,
  node: number,
  count: number,
): void {
  const list = children[node];
  if (list === undefined) return;
  for (let c = 0; c < list.length; c++) {
    const child = list[c];
    // A `children` that is not childrenOf(parents) can neither loop back up nor reach past `count`.
    if (!(child > node && child < count)) continue;
    multiplyMat4At(outGlobals, 16 * child, outGlobals, 16 * node, locals, 16 * child);
    visitChildren(outGlobals, locals, children, child, count);
  }
}
// #endregion local-to-global-recursive

/**
 * composeLocal then localToGlobal in a single pass over the nodes, for the per-frame path: writes
 * every node's local = T × R × S into outLocals and its global into outGlobals (16 floats per
 * node each); returns outGlobals. The results are those of the two stages, bit for bit (up to the
 * sign of zero): each local is rounded to float32 exactly as stored before it enters the product.
 *
 * Why it is faster: a T × R × S matrix and every product of such are affine (bottom row
 * 0 0 0 1), so global = parentGlobal × local needs only the top three rows of both, 36 multiplies
 * instead of 64 (multiplyAffineAt); and the local enters the product from registers instead of
 * being read back. The formulas are those of composeTRSAt and multiplyAffineAt, written out here
 * because V8 would not inline both kernels into one loop.
 *
 * Ownership: outLocals and outGlobals are caller-owned and written, the pose is read only.
 * outGlobals may be outLocals (it then ends up holding the globals, as localToGlobal in place);
 * no other overlap is allowed. Never throws: it processes min(parents.length, outLocals / 16,
 * outGlobals / 16, translations / 3, rotations / 4, scales / 3) nodes and leaves the rest
 * untouched; a node whose parent is not in [0, i) is a root, as in localToGlobal.
 */
export function composeGlobals(
  outLocals: Float32Array,
  outGlobals: Float32Array,
  parents: Int16Array,
  pose: Pose,
): Float32Array {
  const translations = pose.translations;
  const rotations = pose.rotations;
  const scales = pose.scales;
  let count = nodeCountOf(outGlobals, parents, outLocals);
  if (Math.floor(translations.length / 3) < count) count = Math.floor(translations.length / 3);
  if (Math.floor(rotations.length / 4) < count) count = Math.floor(rotations.length / 4);
  if (Math.floor(scales.length / 3) < count) count = Math.floor(scales.length / 3);
  const round = Math.fround;
  for (let i = 0; i < count; i++) {
    const q = 4 * i, v = 3 * i, o = 16 * i;
    // local = T × R × S (composeTRSAt), rounded to float32 as stored.
    const x = rotations[q], y = rotations[q + 1], z = rotations[q + 2], w = rotations[q + 3];
    const sx = scales[v], sy = scales[v + 1], sz = scales[v + 2];
    const x2 = x + x, y2 = y + y, z2 = z + z;
    const xx = x * x2, xy = x * y2, xz = x * z2;
    const yy = y * y2, yz = y * z2, zz = z * z2;
    const wx = w * x2, wy = w * y2, wz = w * z2;
    const l00 = round((1 - (yy + zz)) * sx), l01 = round((xy + wz) * sx), l02 = round((xz - wy) * sx);
    const l10 = round((xy - wz) * sy), l11 = round((1 - (xx + zz)) * sy), l12 = round((yz + wx) * sy);
    const l20 = round((xz + wy) * sz), l21 = round((yz - wx) * sz), l22 = round((1 - (xx + yy)) * sz);
    const l30 = translations[v], l31 = translations[v + 1], l32 = translations[v + 2];
    outLocals[o] = l00;
    outLocals[o + 1] = l01;
    outLocals[o + 2] = l02;
    outLocals[o + 3] = 0;
    outLocals[o + 4] = l10;
    outLocals[o + 5] = l11;
    outLocals[o + 6] = l12;
    outLocals[o + 7] = 0;
    outLocals[o + 8] = l20;
    outLocals[o + 9] = l21;
    outLocals[o + 10] = l22;
    outLocals[o + 11] = 0;
    outLocals[o + 12] = l30;
    outLocals[o + 13] = l31;
    outLocals[o + 14] = l32;
    outLocals[o + 15] = 1;

    const parent = parents[i];
    if (parent >= 0 && parent < i) {
      // global = parentGlobal × local (multiplyAffineAt).
      const p = 16 * parent;
      const a00 = outGlobals[p], a01 = outGlobals[p + 1], a02 = outGlobals[p + 2];
      const a10 = outGlobals[p + 4], a11 = outGlobals[p + 5], a12 = outGlobals[p + 6];
      const a20 = outGlobals[p + 8], a21 = outGlobals[p + 9], a22 = outGlobals[p + 10];
      outGlobals[o] = a00 * l00 + a10 * l01 + a20 * l02;
      outGlobals[o + 1] = a01 * l00 + a11 * l01 + a21 * l02;
      outGlobals[o + 2] = a02 * l00 + a12 * l01 + a22 * l02;
      outGlobals[o + 3] = 0;
      outGlobals[o + 4] = a00 * l10 + a10 * l11 + a20 * l12;
      outGlobals[o + 5] = a01 * l10 + a11 * l11 + a21 * l12;
      outGlobals[o + 6] = a02 * l10 + a12 * l11 + a22 * l12;
      outGlobals[o + 7] = 0;
      outGlobals[o + 8] = a00 * l20 + a10 * l21 + a20 * l22;
      outGlobals[o + 9] = a01 * l20 + a11 * l21 + a21 * l22;
      outGlobals[o + 10] = a02 * l20 + a12 * l21 + a22 * l22;
      outGlobals[o + 11] = 0;
      outGlobals[o + 12] = a00 * l30 + a10 * l31 + a20 * l32 + outGlobals[p + 12];
      outGlobals[o + 13] = a01 * l30 + a11 * l31 + a21 * l32 + outGlobals[p + 13];
      outGlobals[o + 14] = a02 * l30 + a12 * l31 + a22 * l32 + outGlobals[p + 14];
      outGlobals[o + 15] = 1;
    } else {
      // A root (or a broken parent link): global = local.
      copyMat4At(outGlobals, o, outLocals, o);
    }
  }
  return outGlobals;
}
