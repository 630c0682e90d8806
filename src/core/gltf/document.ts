// An opened glTF file: the container read, the asset version and required extensions checked,
// buffers, buffer views and accessors validated. The later stages (nodes, skins, meshes,
// animations) read from this.

import { readAccessorInfos, type AccessorInfo } from './accessors.ts';
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
}

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
  };
}

function checkAsset(root: JsonObject): void {
  const asset = field(root, 'asset');
  if (asset === undefined) throw new GltfError('asset', 'is required (with version "2.0")');
  const assetObject = expectObject(asset, 'asset');
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
    throw new GltfError('asset.minVersion', `"${minVersion}" is not supported (this reader implements 2.0)`);
  }
}

function checkRequiredExtensions(root: JsonObject, notes: string[]): void {
  const required = optionalArray(root, 'extensionsRequired', 'extensionsRequired');
  const ignored: string[] = [];
  required.forEach((name, i) => {
    const path = `extensionsRequired[${i}]`;
    if (typeof name !== 'string') throw new GltfError(path, `expected a string, got ${describeValue(name)}`);
    if (!IGNORABLE_EXTENSION.test(name)) throw new GltfError(path, `extension "${name}" is not supported`);
    if (name !== 'KHR_mesh_quantization') ignored.push(name);
  });
  if (ignored.length > 0) {
    notes.push(`extensionsRequired: ${ignored.join(', ')} only affect materials, textures or lights; ignored`);
  }
}

/** `object[key]` as a validated accessor; a GltfError at `path` when absent or out of range. */
export function accessorAt(doc: GltfDocument, object: JsonObject, key: string, path: string): AccessorInfo {
  return doc.accessors[requiredIndex(object, key, path, doc.accessorSpace)];
}
