// Buffers (the raw bytes: GLB BIN chunk, data: URIs, external files) and buffer views (byte
// ranges of a buffer). Buffer bytes are resolved lazily, the first time an accessor needs them,
// so a file whose unused buffers (images, say) are missing still loads.

import { GltfError } from './errors.ts';
import {
  countOf,
  expectObject,
  field,
  optionalArray,
  optionalInteger,
  optionalString,
  requiredIndex,
  requiredInteger,
  type IndexSpace,
  type JsonObject,
} from './json.ts';

/** Returns the bytes of an external buffer named by a relative URI, or undefined if unavailable. */
export type ResolveUri = (uri: string) => Uint8Array | undefined;

export interface BufferInfo {
  /** Declared length in bytes (≥ 1). */
  byteLength: number;
  /** The uri as written in the file, or undefined (the GLB BIN chunk). */
  uri: string | undefined;
}

export interface BufferViewInfo {
  buffer: number;
  /** Start within the buffer, bytes. */
  byteOffset: number;
  /** Length, bytes (≥ 1); byteOffset + byteLength ≤ the buffer's byteLength. */
  byteLength: number;
  /** Distance between vertex attribute elements in bytes, 4…252 and a multiple of 4; 0 = tightly packed. */
  byteStride: number;
}

/** The buffers and views of one file, with a cache of resolved bytes. */
export interface BufferStore {
  buffers: BufferInfo[];
  views: BufferViewInfo[];
  /** Bytes per buffer once resolved (exactly byteLength long), undefined before. */
  resolved: (Uint8Array | undefined)[];
  /** The GLB BIN chunk, or null. */
  binary: Uint8Array | null;
  resolveUri: ResolveUri | undefined;
}

/** Checks `buffers` and `bufferViews` (types, ranges, views inside their buffers). */
export function readBufferStore(
  root: JsonObject,
  binary: Uint8Array | null,
  resolveUri: ResolveUri | undefined,
): BufferStore {
  const bufferList = optionalArray(root, 'buffers', 'buffers');
  const buffers: BufferInfo[] = bufferList.map((value, i) => {
    const path = `buffers[${i}]`;
    const buffer = expectObject(value, path);
    const byteLength = requiredInteger(buffer, 'byteLength', `${path}.byteLength`, 1, Number.MAX_SAFE_INTEGER);
    const uri = field(buffer, 'uri') === undefined ? undefined : optionalString(buffer, 'uri', `${path}.uri`, '');
    return { byteLength, uri };
  });
  const bufferSpace: IndexSpace = { singular: 'buffer', plural: 'buffers', count: buffers.length };
  const viewList = optionalArray(root, 'bufferViews', 'bufferViews');
  const views: BufferViewInfo[] = viewList.map((value, i) => {
    const path = `bufferViews[${i}]`;
    const view = expectObject(value, path);
    const buffer = requiredIndex(view, 'buffer', `${path}.buffer`, bufferSpace);
    const byteOffset = optionalInteger(view, 'byteOffset', `${path}.byteOffset`, 0, Number.MAX_SAFE_INTEGER, 0);
    const byteLength = requiredInteger(view, 'byteLength', `${path}.byteLength`, 1, Number.MAX_SAFE_INTEGER);
    const byteStride = optionalInteger(view, 'byteStride', `${path}.byteStride`, 4, 252, 0);
    if (byteStride % 4 !== 0) {
      throw new GltfError(`${path}.byteStride`, `${byteStride} is not a multiple of 4`);
    }
    const available = buffers[buffer].byteLength;
    if (byteOffset + byteLength > available) {
      throw new GltfError(
        path,
        `bytes [${byteOffset}, ${byteOffset + byteLength}) run past the end of buffer ${buffer} (${countOf(available, 'byte')})`,
      );
    }
    return { buffer, byteOffset, byteLength, byteStride };
  });
  return { buffers, views, resolved: buffers.map(() => undefined), binary, resolveUri };
}

/** The bytes of buffer `index` (exactly its byteLength), resolving them on first use. */
export function bufferBytes(store: BufferStore, index: number): Uint8Array {
  const cached = store.resolved[index];
  if (cached !== undefined) return cached;
  const info = store.buffers[index];
  const path = `buffers[${index}]`;
  let bytes: Uint8Array;
  let source: string;
  if (info.uri === undefined) {
    if (index !== 0 || store.binary === null) {
      throw new GltfError(path, 'has no uri and is not the binary chunk of a GLB');
    }
    bytes = store.binary;
    source = 'the GLB binary chunk';
  } else if (/^data:/i.test(info.uri)) {
    bytes = decodeDataUri(info.uri, `${path}.uri`);
    source = 'its data: URI';
  } else {
    if (store.resolveUri === undefined) {
      throw new GltfError(`${path}.uri`, `external file "${info.uri}" needs the resolveUri option`);
    }
    const external = store.resolveUri(info.uri);
    if (!(external instanceof Uint8Array)) {
      throw new GltfError(`${path}.uri`, `external file "${info.uri}" was not provided`);
    }
    bytes = external;
    source = `"${info.uri}"`;
  }
  if (bytes.length < info.byteLength) {
    throw new GltfError(`${path}.byteLength`, `${countOf(info.byteLength, 'byte')} declared, but ${source} holds ${bytes.length}`);
  }
  const exact = bytes.subarray(0, info.byteLength);
  store.resolved[index] = exact;
  return exact;
}

/** Decodes `data:[<media type>][;base64],<data>`; both base64 and percent-encoded data are accepted. */
function decodeDataUri(uri: string, path: string): Uint8Array {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new GltfError(path, 'data: URI has no "," before its data');
  const header = uri.slice(5, comma);
  const data = uri.slice(comma + 1);
  if (/;base64$/i.test(header)) return decodeBase64(data, path);
  return decodePercent(data, path);
}

/** Percent-decoding to bytes (%XX is one byte, not UTF-8 text); other characters must be ASCII. */
function decodePercent(data: string, path: string): Uint8Array {
  const bytes = new Uint8Array(data.length);
  let written = 0;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (code === 0x25 /* % */) {
      const hex = data.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) {
        throw new GltfError(path, `data: URI has malformed percent-encoding at position ${i}`);
      }
      bytes[written++] = parseInt(hex, 16);
      i += 2;
    } else if (code < 0x80) {
      bytes[written++] = code;
    } else {
      throw new GltfError(path, `data: URI has a non-ASCII character at position ${i}`);
    }
  }
  return bytes.subarray(0, written);
}

const BASE64_VALUES = (() => {
  const table = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  // The URL-safe alphabet decodes too.
  table['-'.charCodeAt(0)] = 62;
  table['_'.charCodeAt(0)] = 63;
  return table;
})();

/** Decodes standard or URL-safe base64; padding is optional, ASCII whitespace is skipped. */
function decodeBase64(text: string, path: string): Uint8Array {
  let end = text.length;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  let padding = 0;
  while (end > 0 && padding < 2 && text.charCodeAt(end - 1) === 0x3d /* = */) {
    end--;
    padding++;
  }
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let written = 0;
  let accumulator = 0;
  let bits = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    const value = code < 128 ? BASE64_VALUES[code] : -1;
    if (value < 0) {
      throw new GltfError(path, `invalid base64 character ${JSON.stringify(text[i])} at position ${i}`);
    }
    accumulator = ((accumulator << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[written++] = (accumulator >> bits) & 0xff;
    }
  }
  if (bits >= 6) throw new GltfError(path, 'base64 data ends with a single dangling character');
  return out.subarray(0, written);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c;
}
