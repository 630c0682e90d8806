// glTF nodes → the flattened Hierarchy: every node of the file, parents before children, with its
// rest transform as translation / rotation / scale (a node `matrix` is decomposed).

import { createPose, type Hierarchy } from '../model.ts';
import { DECOMPOSE_TOLERANCE, decomposeMatrix } from './decompose.ts';
import type { GltfDocument } from './document.ts';
import { GltfError } from './errors.ts';
import {
  expectIndex,
  expectObject,
  optionalArray,
  optionalFiniteNumbers,
  optionalString,
  type IndexSpace,
  type JsonObject,
} from './json.ts';

/** Hierarchy parents are Int16: at most this many nodes. */
export const MAX_NODES = 32767;

/** Quaternions whose length differs from 1 by more than this are reported when normalised. */
export const UNIT_QUATERNION_TOLERANCE = 1e-3;

export interface NodeTable {
  hierarchy: Hierarchy;
  /** The node objects of the file, by source index. */
  nodes: JsonObject[];
  nodeSpace: IndexSpace;
  /** Hierarchy index of each source node. */
  hierarchyIndexOf: Int32Array;
  /** 1 where the source node gives its transform as a `matrix`. */
  hasMatrix: Uint8Array;
}

/** Validates `nodes` and builds the parents-first hierarchy with rest transforms. */
export function readNodes(doc: GltfDocument): NodeTable {
  const list = optionalArray(doc.root, 'nodes', 'nodes');
  const count = list.length;
  if (count > MAX_NODES) {
    throw new GltfError('nodes', `${count} nodes exceed the limit of ${MAX_NODES} (hierarchy indices are 16-bit)`);
  }
  const nodeSpace: IndexSpace = { singular: 'node', plural: 'nodes', count };
  const nodes = list.map((value, i) => expectObject(value, `nodes[${i}]`));

  const parentOf = new Int32Array(count).fill(-1);
  const childrenOf: number[][] = nodes.map((node, i) => {
    const path = `nodes[${i}].children`;
    return optionalArray(node, 'children', path).map((value, k) => {
      const child = expectIndex(value, `${path}[${k}]`, nodeSpace);
      if (child === i) throw new GltfError(`${path}[${k}]`, `node ${i} lists itself as a child`);
      if (parentOf[child] !== -1) {
        throw new GltfError(`${path}[${k}]`, `node ${child} is already a child of node ${parentOf[child]}`);
      }
      parentOf[child] = i;
      return child;
    });
  });

  const order = parentsFirstOrder(parentOf, childrenOf);
  const hierarchyIndexOf = new Int32Array(count);
  order.forEach((source, h) => (hierarchyIndexOf[source] = h));

  const parents = new Int16Array(count);
  const sourceIndex = new Int32Array(count);
  const names: string[] = [];
  const rest = createPose(count);
  const hasMatrix = new Uint8Array(count);
  const t = new Float64Array(3);
  const r = new Float64Array(4);
  const s = new Float64Array(3);
  for (let h = 0; h < count; h++) {
    const source = order[h];
    const node = nodes[source];
    const path = `nodes[${source}]`;
    sourceIndex[h] = source;
    parents[h] = parentOf[source] === -1 ? -1 : hierarchyIndexOf[parentOf[source]];
    names.push(optionalString(node, 'name', `${path}.name`, ''));
    readRestTransform(node, path, doc.notes, t, r, s, hasMatrix, source);
    rest.translations.set(t, 3 * h);
    rest.rotations.set(r, 4 * h);
    rest.scales.set(s, 3 * h);
  }
  return {
    hierarchy: { count, parents, names, sourceIndex, rest },
    nodes,
    nodeSpace,
    hierarchyIndexOf,
    hasMatrix,
  };
}

/**
 * The lexicographically smallest parents-first order (Kahn's algorithm with a min-heap): the file
 * order itself when it already lists parents first, otherwise the least reordering. Throws on a cycle.
 */
function parentsFirstOrder(parentOf: Int32Array, childrenOf: number[][]): number[] {
  const count = parentOf.length;
  const heap: number[] = [];
  for (let i = 0; i < count; i++) if (parentOf[i] === -1) heapPush(heap, i);
  const order: number[] = [];
  while (heap.length > 0) {
    const node = heapPop(heap);
    order.push(node);
    for (const child of childrenOf[node]) heapPush(heap, child);
  }
  if (order.length < count) {
    // Every unplaced node hangs below a cycle: walk up parents until a node repeats.
    const placed = new Uint8Array(count);
    for (const node of order) placed[node] = 1;
    let node = placed.indexOf(0);
    const seen = new Uint8Array(count);
    while (seen[node] === 0) {
      seen[node] = 1;
      node = parentOf[node];
    }
    let smallest = node;
    for (let on = parentOf[node]; on !== node; on = parentOf[on]) smallest = Math.min(smallest, on);
    throw new GltfError('nodes', `cycle through node ${smallest}`);
  }
  return order;
}

function heapPush(heap: number[], value: number): void {
  let i = heap.length;
  heap.push(value);
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent] <= value) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = value;
}

function heapPop(heap: number[]): number {
  const top = heap[0];
  const last = heap.pop() as number;
  if (heap.length > 0) {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const smaller = left + 1 < heap.length && heap[left + 1] < heap[left] ? left + 1 : left;
      if (heap[smaller] >= last) break;
      heap[i] = heap[smaller];
      i = smaller;
    }
    heap[i] = last;
  }
  return top;
}

function readRestTransform(
  node: JsonObject,
  path: string,
  notes: string[],
  t: Float64Array,
  r: Float64Array,
  s: Float64Array,
  hasMatrix: Uint8Array,
  source: number,
): void {
  const matrix = optionalFiniteNumbers(node, 'matrix', `${path}.matrix`, 16);
  const translation = optionalFiniteNumbers(node, 'translation', `${path}.translation`, 3);
  const rotation = optionalFiniteNumbers(node, 'rotation', `${path}.rotation`, 4);
  const scale = optionalFiniteNumbers(node, 'scale', `${path}.scale`, 3);
  if (matrix !== undefined) {
    hasMatrix[source] = 1;
    if (translation !== undefined || rotation !== undefined || scale !== undefined) {
      notes.push(`${path}: has both matrix and translation/rotation/scale; the matrix is used`);
    }
    const error = decomposeMatrix(t, r, s, matrix);
    for (const value of [...t, ...r, ...s]) {
      if (!Number.isFinite(Math.fround(value))) {
        throw new GltfError(`${path}.matrix`, 'its scale does not fit 32-bit floats');
      }
    }
    if (!(error <= DECOMPOSE_TOLERANCE)) {
      notes.push(
        `${path}.matrix: not a translation × rotation × scale (shear or projection, relative error ${error.toPrecision(2)}); ` +
          'the nearest rotation and scale are used',
      );
    }
    return;
  }
  t.set(translation ?? [0, 0, 0]);
  s.set(scale ?? [1, 1, 1]);
  r.set(rotation ?? [0, 0, 0, 1]);
  const length = Math.hypot(r[0], r[1], r[2], r[3]);
  if (length === 0) throw new GltfError(`${path}.rotation`, 'is a zero-length quaternion');
  // Within the tolerance the authored value is kept, as other viewers use it; beyond, normalised.
  if (Math.abs(length - 1) > UNIT_QUATERNION_TOLERANCE) {
    notes.push(`${path}.rotation: not a unit quaternion (length ${length.toPrecision(4)}); normalised`);
    for (let k = 0; k < 4; k++) r[k] /= length;
  }
}
