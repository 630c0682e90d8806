// An opened glTF file: the container read, the asset version and required extensions checked,
// buffers, buffer views and accessors validated. The later stages (nodes, skins, meshes,
// animations) read from this.

import { readAccessorInfos, readFloats, readUnsigned, type AccessorInfo } from './accessors.ts';
import { readBufferStore, type BufferStore, type ResolveUri } from './buffers.ts';
import { GltfError } from './errors.ts';
import { readContainer } from './glb.ts';
import {
  describeValue,
  expectObject,
  field,
  optionalArray,
  optionalString,
  requiredIndex,
  type IndexSpace,
  type JsonObject,
} from './json.ts';

export interface GltfDocument {
  /** The top-level JSON object. */
  root: JsonObject;
  store: BufferStore;
  accessors: AccessorInfo[];
  accessorSpace: IndexSpace;
  /** Irregularities found so far; becomes Model.notes. */
  notes: string[];
  /** Accessors decoded so far, by kind and index ("f3": accessor 3 as floats): each decoded once, shared, read only. */
  decoded: Map<string, Float32Array | Uint32Array>;
  /** Bytes of the file itself (see decodeBudgetOf). */
  fileBytes: number;
  /** Values (array elements) the reader has decoded or derived so far for this file. */
  decodedValues: number;
}

/**
 * What one file may cost: the values (floats or integers, each 4 bytes in memory) the reader may
 * decode or derive for it in all — accessors, and the arrays made from them (influences, computed
 * normals) — are at most DECODE_BUDGET_FLOOR plus DECODED_VALUES_PER_BYTE per byte of the file and
 * of the external buffers it brings. A real model needs about 1.5 values per byte (quantised
 * attributes decode to floats); the floor lets any small file through. A small file that declares
 * millions of zero-filled or reused elements is refused with a GltfError instead of taking
 * gigabytes.
 */
export const DECODE_BUDGET_FLOOR = 1 << 24;
export const DECODED_VALUES_PER_BYTE = 4;

/**
 * Required extensions this reader may ignore: they change materials, textures or lights, none of
 * which the skinning core reads. KHR_mesh_quantization is supported (any component type is read).
 */
const IGNORABLE_EXTENSION =
  /^(KHR_materials_|KHR_texture_|EXT_texture_|KHR_lights_punctual$|KHR_xmp|KHR_mesh_quantization$)/;

/** Reads the container and validates everything below the scene graph. */
export function openDocument(bytes: Uint8Array, resolveUri: ResolveUri | undefined): GltfDocument {
  const container = readContainer(bytes);
  const root = expectObject(container.json, 'json');
  const notes = [...container.notes];
  checkAsset(root);
  checkRequiredExtensions(root, notes);
  const store = readBufferStore(root, container.binary, resolveUri);
  const accessors = readAccessorInfos(root, store);
  return {
    root,
    store,
    accessors,
    accessorSpace: { singular: 'accessor', plural: 'accessors', count: accessors.length },
    notes,
    decoded: new Map(),
    fileBytes: bytes.length,
    decodedValues: 0,
  };
}

function checkAsset(root: JsonObject): void {
  const asset = field(root, 'asset');
  if (asset === undefined) throw new GltfError('asset', 'is required (with version "2.0")');
  const assetObject = expectObject(asset, 'asset');
  if (field(assetObject, 'version') === undefined) throw new GltfError('asset.version', 'is required (such as "2.0")');
  const version = optionalString(assetObject, 'version', 'asset.version', '');
  const major = /^(\d+)\.(\d+)$/.exec(version);
  if (major === null)
    throw new GltfError(
      'asset.version',
      `${describeValue(field(assetObject, 'version'))} is not a version such as "2.0"`,
    );
  if (major[1] !== '2') throw new GltfError('asset.version', `"${version}" is not supported (glTF 2.x required)`);
  const minVersion = optionalString(assetObject, 'minVersion', 'asset.minVersion', '2.0');
  const minimum = /^(\d+)\.(\d+)$/.exec(minVersion);
  if (minimum === null || minimum[1] !== '2' || minimum[2] !== '0') {
    throw new GltfError('asset.minVersion', `${describeValue(minVersion)} is not supported (this reader implements 2.0)`);
  }
}

function checkRequiredExtensions(root: JsonObject, notes: string[]): void {
  const required = optionalArray(root, 'extensionsRequired', 'extensionsRequired');
  const ignored: string[] = [];
  required.forEach((name, i) => {
    const path = `extensionsRequired[${i}]`;
    if (typeof name !== 'string') throw new GltfError(path, `expected a string, got ${describeValue(name)}`);
    if (!IGNORABLE_EXTENSION.test(name)) throw new GltfError(path, `extension ${describeValue(name)} is not supported`);
    if (name !== 'KHR_mesh_quantization') ignored.push(name);
  });
  if (ignored.length > 0) {
    notes.push(`extensionsRequired: ${ignored.join(', ')} only affect materials, textures or lights; ignored`);
  }
}

/** The most values the reader may decode for `doc`, given the bytes it has read so far (see DECODE_BUDGET_FLOOR). */
export function decodeBudgetOf(doc: GltfDocument): number {
  let bytes = doc.fileBytes;
  for (const buffer of doc.store.resolved) bytes += buffer?.length ?? 0;
  return DECODE_BUDGET_FLOOR + DECODED_VALUES_PER_BYTE * bytes;
}

/**
 * Counts `values` more decoded or derived values against the file's budget before they are
 * allocated; throws a GltfError at `path` (the JSON path that asks for them) past it.
 */
export function chargeDecoded(doc: GltfDocument, values: number, path: string): void {
  const budget = decodeBudgetOf(doc);
  if (doc.decodedValues + values > budget) {
    throw new GltfError(
      path,
      `needs ${values} more decoded values, past this file's budget of ${budget} ` +
        `(${DECODE_BUDGET_FLOOR} plus ${DECODED_VALUES_PER_BYTE} per byte of the file and its buffers; ` +
        `${doc.decodedValues} used): a file this size cannot need that much, so it is refused`,
    );
  }
  doc.decodedValues += values;
}

/**
 * The accessor's values as floats (readFloats), decoded once per file and shared by every user:
 * read only, except for renormalising in place, which gives the same values again. The first
 * decode is charged to the file's budget; `usagePath` names the referring JSON path in errors.
 */
export function floatsOf(doc: GltfDocument, info: AccessorInfo, usagePath: string): Float32Array {
  const key = `f${info.index}`;
  let values = doc.decoded.get(key) as Float32Array | undefined;
  if (values === undefined) {
    // Charged once decoded: reading may resolve the buffer it lies in, which raises the budget.
    // One accessor is at most MAX_ACCESSOR_VALUES, so the budget is overshot by that at most.
    values = readFloats(doc.store, info, usagePath);
    chargeDecoded(doc, values.length, usagePath);
    doc.decoded.set(key, values);
  }
  return values;
}

/** The accessor's values as unsigned integers (readUnsigned), decoded once per file and shared: read only. */
export function unsignedOf(doc: GltfDocument, info: AccessorInfo, usagePath: string): Uint32Array {
  const key = `u${info.index}`;
  let values = doc.decoded.get(key) as Uint32Array | undefined;
  if (values === undefined) {
    values = readUnsigned(doc.store, info);
    chargeDecoded(doc, values.length, usagePath);
    doc.decoded.set(key, values);
  }
  return values;
}

/** `object[key]` as a validated accessor; a GltfError at `path` when absent or out of range. */
export function accessorAt(doc: GltfDocument, object: JsonObject, key: string, path: string): AccessorInfo {
  return doc.accessors[requiredIndex(object, key, path, doc.accessorSpace)];
}
