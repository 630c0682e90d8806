// Chapter 9's view of a real file, computed at build time from public/models/two-bones.glb: its
// glTF JSON (as written, arrays kept on one line), a few rows of the accessors the skin reads, and
// what the core's loader built from them — the hierarchy, the skin's joints, the clip's track.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readContainer } from '../../core/gltf/glb.ts';
import { parseGltf } from '../../core/gltf/index.ts';
import type { Model } from '../../core/model.ts';

export const ANATOMY_FILE = 'two-bones.glb';
/** Vertices whose JOINTS_0 / WEIGHTS_0 rows the chapter shows: the base, two of the ring at the joint (y = 1), the top. */
export const SHOWN_VERTICES = [0, 8, 9, 79] as const;

export interface FileAnatomy {
  /** The JSON chunk, pretty-printed with short arrays on one line. */
  json: string;
  /** glTF's JSON, parsed (for the page's own look-ups). */
  gltf: Record<string, any>;
  /** The loader's result. */
  model: Model;
  /** JOINTS_0 and WEIGHTS_0 rows of SHOWN_VERTICES, and their y coordinate. */
  influences: { vertex: number; y: number; joints: number[]; weights: number[] }[];
  /** The inverse bind matrices as 4×4 rows (row r, column c), one per joint. */
  inverseBindRows: number[][][];
  /** The rotation track: key times and [x, y, z, w] values. */
  keys: { time: number; value: number[] }[];
  /** The loader's hierarchy: per hierarchy index, name, parent index, glTF node index, index in the skin (or −1). */
  hierarchy: { name: string; parent: number; node: number; joint: number }[];
}

/** JSON with arrays of numbers (and short arrays) kept on one line. */
export function formatJson(value: unknown): string {
  const text = JSON.stringify(value, null, 2);
  return text.replace(/\[\s*([^[\]{}]*?)\s*\]/g, (whole, inner: string) => {
    const items = inner.split(',').map((item) => item.trim());
    return items.join('').length <= 72 ? `[${items.join(', ')}]` : whole;
  });
}

function rowsOf(matrices: Float32Array, index: number): number[][] {
  return [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => matrices[16 * index + 4 * c + r]));
}

export function computeFileAnatomy(root: string = process.cwd()): FileAnatomy {
  const bytes = new Uint8Array(readFileSync(join(root, 'public', 'models', ANATOMY_FILE)));
  const container = readContainer(bytes);
  const gltf = container.json as Record<string, any>;
  const model = parseGltf(bytes);
  const primitive = model.meshes[0].primitives[0];
  const skin = model.skins[0];
  const track = model.clips[0].tracks[0];
  return {
    json: formatJson(gltf),
    gltf,
    model,
    influences: SHOWN_VERTICES.map((vertex) => ({
      vertex,
      y: primitive.positions[3 * vertex + 1],
      joints: Array.from(primitive.joints.subarray(4 * vertex, 4 * vertex + 4)),
      weights: Array.from(primitive.weights.subarray(4 * vertex, 4 * vertex + 4)),
    })),
    inverseBindRows: Array.from(skin.joints, (_, j) => rowsOf(skin.inverseBindMatrices, j)),
    keys: Array.from(track.times, (time, k) => ({ time, value: Array.from(track.values.subarray(4 * k, 4 * k + 4)) })),
    hierarchy: model.hierarchy.names.map((name, i) => ({
      name,
      parent: model.hierarchy.parents[i],
      node: model.hierarchy.sourceIndex[i],
      joint: Array.from(skin.joints).indexOf(i),
    })),
  };
}
