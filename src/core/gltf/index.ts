// glTF 2.0 reader: .gltf / .glb bytes → Model (src/core/model.ts).
//
// parseGltf is synchronous and pure (no DOM, no Node APIs): it validates the whole file it reads
// and throws a GltfError naming the JSON path of the first problem; what it repairs or ignores is
// listed in Model.notes. loadGltf fetches a file and its external buffers, then calls parseGltf.
//
// What it reads: every node (flattened parents-first, `matrix` decomposed into T/R/S), every skin,
// every node that has both `mesh` and `skin` (triangle primitives with POSITION, NORMAL — smooth
// normals are computed when it is missing — and all JOINTS_n/WEIGHTS_n sets, reduced to 4
// influences per vertex), every node with a `mesh` and no `skin` as a rigid part (positions,
// normals and indices, placed by the node's global matrix), every animation (translation, rotation
// and scale channels). Materials, textures, cameras and morph targets are not loaded. Positions are
// bind-pose model space: skinned with globalInverse = identity they land in the scene's root
// space, as glTF draws skinned meshes (the mesh node's own transform is ignored).

import type { Model } from '../model.ts';
import { readClips } from './animations.ts';
import type { ResolveUri } from './buffers.ts';
import { checkRestPalettes, checkScenes, checkSkins } from './checks.ts';
import { openDocument } from './document.ts';
import { GltfError } from './errors.ts';
import { readContainer } from './glb.ts';
import { readRigidParts, readSkinnedMeshes } from './meshes.ts';
import { readNodes } from './nodes.ts';
import { readSkins } from './skins.ts';

export { GltfError } from './errors.ts';
export { decomposeMatrix, DECOMPOSE_TOLERANCE } from './decompose.ts';
export { WEIGHT_SUM_TOLERANCE } from './meshes.ts';
export { MAX_NODES } from './nodes.ts';
export { MAX_ACCESSOR_VALUES } from './accessors.ts';
export type { ResolveUri } from './buffers.ts';

export interface ParseGltfOptions {
  /**
   * Bytes of an external buffer, given its `uri` exactly as written in the file (relative,
   * possibly percent-encoded); undefined when unavailable. Not needed for .glb files or data: URIs.
   */
  resolveUri?: ResolveUri;
}

/**
 * Reads a .glb or .gltf file (detected by content) into a new Model, which shares no memory with
 * `data`. Throws GltfError for any invalid input.
 */
export function parseGltf(data: Uint8Array | ArrayBuffer, options: ParseGltfOptions = {}): Model {
  const doc = openDocument(toBytes(data), options.resolveUri);
  const table = readNodes(doc);
  const skins = readSkins(doc, table);
  const meshes = readSkinnedMeshes(doc, table, skins);
  const rigidParts = readRigidParts(doc, table);
  const clips = readClips(doc, table);
  checkScenes(doc, table);
  checkSkins(doc, table, skins, meshes);
  const model: Model = { hierarchy: table.hierarchy, skins, meshes, rigidParts, clips, notes: doc.notes };
  checkRestPalettes(doc, model);
  return model;
}

/** The part of a fetch Response that loadGltf uses. */
export interface FetchedResponse {
  ok: boolean;
  status: number;
  statusText: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** `fetch`, or anything that answers a URL like it. */
export type FetchFunction = (url: string) => Promise<FetchedResponse>;

/**
 * Fetches a .glb or .gltf and every external buffer it names (URIs relative to `url`), then
 * parses it. Rejects with a GltfError when a download fails or the file is invalid; a failed
 * buffer download only matters if the model's data lives in that buffer.
 */
export async function loadGltf(url: string, fetchFn: FetchFunction = (u) => globalThis.fetch(u)): Promise<Model> {
  const bytes = await fetchBytes(fetchFn, url, 'file');
  const external = new Map<string, Uint8Array | GltfError>();
  const requested = new Set<string>();
  const json = readContainer(bytes).json;
  const buffers = isRecord(json) && Array.isArray(json.buffers) ? (json.buffers as unknown[]) : [];
  await Promise.all(
    buffers.map(async (buffer, i) => {
      if (!isRecord(buffer) || typeof buffer.uri !== 'string' || /^data:/i.test(buffer.uri)) return;
      const uri = buffer.uri;
      if (requested.has(uri)) return;
      requested.add(uri);
      try {
        external.set(uri, await fetchBytes(fetchFn, resolveRelative(url, uri), `buffers[${i}].uri`));
      } catch (error) {
        if (!(error instanceof GltfError)) throw error;
        external.set(uri, error);
      }
    }),
  );
  return parseGltf(bytes, {
    resolveUri: (uri) => {
      const found = external.get(uri);
      if (found instanceof GltfError) throw found;
      return found;
    },
  });
}

async function fetchBytes(fetchFn: FetchFunction, url: string, path: string): Promise<Uint8Array> {
  let response: FetchedResponse;
  try {
    response = await fetchFn(url);
  } catch (cause) {
    throw new GltfError(path, `fetching "${url}" failed (${reasonOf(cause)})`, { cause });
  }
  if (!response.ok) {
    const status = `${response.status} ${response.statusText}`.trim();
    throw new GltfError(path, `fetching "${url}" failed (HTTP ${status})`);
  }
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (cause) {
    throw new GltfError(path, `reading "${url}" failed (${reasonOf(cause)})`, { cause });
  }
}

/** `uri` resolved against the URL of the file that names it (or the page, for a relative one). */
function resolveRelative(base: string, uri: string): string {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(uri, new URL(base, page)).href;
  } catch {
    return base.slice(0, base.lastIndexOf('/') + 1) + uri;
  }
}

function reasonOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toBytes(data: Uint8Array | ArrayBuffer): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (Object.prototype.toString.call(data) === '[object ArrayBuffer]') return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) {
    const view = data as ArrayBufferView;
    return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  }
  throw new GltfError('file', 'expected the bytes of a .gltf or .glb as a Uint8Array or ArrayBuffer');
}
