// Assembles small glTF files in code: JSON plus one binary buffer, written either as .gltf (the
// buffer as a base64 data: URI, or an external file) or as .glb (the buffer as the BIN chunk).
// Tests edit `json` freely (to inject errors) before encoding.

import { Buffer } from 'node:buffer';

/** The glTF JSON as tests write it: deliberately loose, since tests also write invalid files. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export const BYTE = 5120;
export const UNSIGNED_BYTE = 5121;
export const SHORT = 5122;
export const UNSIGNED_SHORT = 5123;
export const UNSIGNED_INT = 5125;
export const FLOAT = 5126;

type Numeric = Float32Array | Int8Array | Uint8Array | Int16Array | Uint16Array | Uint32Array;

function componentTypeOf(data: Numeric): number {
  if (data instanceof Float32Array) return FLOAT;
  if (data instanceof Int8Array) return BYTE;
  if (data instanceof Uint8Array) return UNSIGNED_BYTE;
  if (data instanceof Int16Array) return SHORT;
  if (data instanceof Uint16Array) return UNSIGNED_SHORT;
  return UNSIGNED_INT;
}

export interface AccessorOptions {
  normalized?: boolean;
  /** Writes the view with this byteStride, padding each element with zeros. */
  byteStride?: number;
  /** Extra accessor properties (min, max, name, sparse…). */
  extra?: Json;
}

export class GltfBuilder {
  json: Json = { asset: { version: '2.0' }, bufferViews: [], accessors: [] };
  private readonly parts: Uint8Array[] = [];
  private length = 0;

  /** Appends bytes at a 4-byte aligned offset as a new buffer view; returns its index. */
  view(bytes: Uint8Array, extra: Json = {}): number {
    const padding = (4 - (this.length % 4)) % 4;
    if (padding > 0) this.append(new Uint8Array(padding));
    const byteOffset = this.length;
    this.append(bytes);
    this.json.bufferViews.push({ buffer: 0, byteOffset, byteLength: bytes.length, ...extra });
    return this.json.bufferViews.length - 1;
  }

  /** Appends `data` (its element type decides the component type) and an accessor; returns its index. */
  accessor(data: Numeric, type: string, options: AccessorOptions = {}): number {
    const components = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 }[type] ?? 1;
    const count = data.length / components;
    let bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const extra: Json = {};
    if (options.byteStride !== undefined) {
      const elementBytes = components * data.BYTES_PER_ELEMENT;
      const strided = new Uint8Array(options.byteStride * (count - 1) + elementBytes);
      for (let e = 0; e < count; e++) {
        strided.set(bytes.subarray(e * elementBytes, (e + 1) * elementBytes), e * options.byteStride);
      }
      bytes = strided;
      extra.byteStride = options.byteStride;
    }
    const bufferView = this.view(bytes, extra);
    const accessor: Json = { bufferView, componentType: componentTypeOf(data), count, type, ...options.extra };
    if (options.normalized) accessor.normalized = true;
    this.json.accessors.push(accessor);
    return this.json.accessors.length - 1;
  }

  /** The binary buffer so far (a copy). */
  binary(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }

  /** The JSON with buffers[0] set as the given encoding expects (a deep copy; `json` is untouched). */
  finalJson(uri: string | undefined): Json {
    const json = structuredClone(this.json);
    if (this.length > 0 && json.buffers === undefined) {
      json.buffers = [uri === undefined ? { byteLength: this.length } : { byteLength: this.length, uri }];
    }
    return json;
  }

  /** A .gltf with the buffer embedded as a base64 data: URI. */
  toGltf(): Uint8Array {
    return encodeJson(this.finalJson(dataUri(this.binary())));
  }

  /** A .gltf whose buffer is the external file `uri`; returns the JSON bytes and the buffer bytes. */
  toGltfWithExternalBuffer(uri: string): { gltf: Uint8Array; bin: Uint8Array } {
    return { gltf: encodeJson(this.finalJson(uri)), bin: this.binary() };
  }

  /** A .glb with the buffer as its BIN chunk. */
  toGlb(): Uint8Array {
    return encodeGlb(this.finalJson(undefined), this.length > 0 ? this.binary() : null);
  }

  private append(bytes: Uint8Array): void {
    this.parts.push(bytes.slice());
    this.length += bytes.length;
  }
}

export function encodeJson(json: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(json));
}

export function dataUri(bytes: Uint8Array, mediaType = 'application/octet-stream'): string {
  return `data:${mediaType};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** A chunk for encodeGlbChunks: type as a uint32 ("JSON" = 0x4E4F534A, "BIN\0" = 0x004E4942). */
export interface GlbChunk {
  type: number;
  data: Uint8Array;
}

export const CHUNK_JSON = 0x4e4f534a;
export const CHUNK_BIN = 0x004e4942;

/** A standard .glb: JSON chunk padded with spaces, optional BIN chunk padded with zeros. */
export function encodeGlb(json: unknown, binary: Uint8Array | null): Uint8Array {
  const chunks: GlbChunk[] = [{ type: CHUNK_JSON, data: padTo4(encodeJson(json), 0x20) }];
  if (binary !== null) chunks.push({ type: CHUNK_BIN, data: padTo4(binary, 0) });
  return encodeGlbChunks(chunks);
}

/** A .glb from chunks as given (no padding added), version 2, correct total length. */
export function encodeGlbChunks(chunks: GlbChunk[], version = 2): Uint8Array {
  const total = 12 + chunks.reduce((sum, chunk) => sum + 8 + chunk.data.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, version, true);
  view.setUint32(8, total, true);
  let offset = 12;
  for (const chunk of chunks) {
    view.setUint32(offset, chunk.data.length, true);
    view.setUint32(offset + 4, chunk.type, true);
    out.set(chunk.data, offset + 8);
    offset += 8 + chunk.data.length;
  }
  return out;
}

export function padTo4(bytes: Uint8Array, fill: number): Uint8Array {
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4).fill(fill);
  padded.set(bytes);
  return padded;
}
