// The two containers of glTF 2.0: a .gltf JSON text, or a binary .glb (12-byte header, a JSON chunk,
// an optional BIN chunk). Both become the parsed JSON plus, for .glb, the bytes of the BIN chunk.

import { GltfError } from './errors.ts';
import { countOf, oneLine } from './json.ts';

/** "JSON" read as a little-endian uint32. */
const GLB_CHUNK_JSON = 0x4e4f534a;
/** "BIN\0" read as a little-endian uint32. */
const GLB_CHUNK_BIN = 0x004e4942;

const HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;

/** The parsed top level of a glTF file. */
export interface GltfContainer {
  /** Whatever JSON.parse returned; the caller checks its shape. */
  json: unknown;
  /** The GLB BIN chunk (a view into the input, not a copy), or null for .gltf or a .glb without one. */
  binary: Uint8Array | null;
  /** Irregularities that did not prevent reading. */
  notes: string[];
}

/** True when `bytes` starts with the GLB magic "glTF". */
export function isGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
}

/** Reads either container; throws a GltfError for anything that is neither. */
export function readContainer(bytes: Uint8Array): GltfContainer {
  if (isGlb(bytes)) return readGlb(bytes);
  let start = 0;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  while (start < bytes.length && isJsonWhitespace(bytes[start])) start++;
  if (start >= bytes.length || bytes[start] !== 0x7b /* { */) {
    throw new GltfError('file', 'neither a GLB (magic "glTF") nor glTF JSON (an object starting with "{")');
  }
  return { json: parseJson(bytes.subarray(start), 'json'), binary: null, notes: [] };
}

/** Reads a .glb: header, JSON chunk, optional BIN chunk; unknown chunk types are skipped. */
function readGlb(bytes: Uint8Array): GltfContainer {
  const notes: string[] = [];
  if (bytes.length < HEADER_BYTES) {
    throw new GltfError('glb.header', `${countOf(bytes.length, 'byte')} is too short for the 12-byte header`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== 2) throw new GltfError('glb.header.version', `${version} is not supported (2 required)`);
  const declaredLength = view.getUint32(8, true);
  if (declaredLength > bytes.length) {
    throw new GltfError('glb.header.length', `declares ${declaredLength} bytes, the data has ${bytes.length}`);
  }
  if (declaredLength < HEADER_BYTES + CHUNK_HEADER_BYTES) {
    throw new GltfError('glb.header.length', `${declaredLength} bytes cannot hold a header and a JSON chunk`);
  }
  if (declaredLength < bytes.length) {
    notes.push(`glb.header.length: ${countOf(bytes.length - declaredLength, 'byte')} after the declared end ignored`);
  }
  if (declaredLength % 4 !== 0) {
    notes.push(`glb.header.length: ${declaredLength} is not a multiple of 4 (the format aligns to 4 bytes)`);
  }

  let json: unknown = undefined;
  let binary: Uint8Array | null = null;
  let offset = HEADER_BYTES;
  for (let chunk = 0; offset < declaredLength; chunk++) {
    const path = `glb.chunks[${chunk}]`;
    if (offset + CHUNK_HEADER_BYTES > declaredLength) {
      throw new GltfError(path, `chunk header at byte ${offset} runs past the end (${declaredLength} bytes)`);
    }
    const length = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const start = offset + CHUNK_HEADER_BYTES;
    if (start + length > declaredLength) {
      throw new GltfError(
        `${path}.length`,
        `${countOf(length, 'byte')} from byte ${start} ${length === 1 ? 'runs' : 'run'} past the end of the file (${declaredLength} bytes)`,
      );
    }
    if (length % 4 !== 0) {
      notes.push(`${path}.length: ${length} is not a multiple of 4 (the format aligns chunks to 4 bytes)`);
    }
    const content = bytes.subarray(start, start + length);
    if (chunk === 0) {
      if (type !== GLB_CHUNK_JSON) {
        throw new GltfError(`${path}.type`, `the first chunk must be JSON (0x4E4F534A), got 0x${hex32(type)}`);
      }
      json = parseJson(trimTrailingZeros(content), `${path}`);
    } else if (type === GLB_CHUNK_BIN) {
      if (binary === null) {
        binary = content;
        if (chunk !== 1) notes.push(`${path}: the BIN chunk should directly follow the JSON chunk`);
      } else {
        notes.push(`${path}: a second BIN chunk is ignored`);
      }
    } else if (type === GLB_CHUNK_JSON) {
      notes.push(`${path}: a second JSON chunk is ignored`);
    } else {
      notes.push(`${path}: unknown chunk type 0x${hex32(type)} ignored`);
    }
    offset = start + length;
  }
  return { json, binary, notes };
}

function hex32(value: number): string {
  return value.toString(16).toUpperCase().padStart(8, '0');
}

function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Some writers pad the JSON chunk with zeros instead of spaces; JSON.parse rejects those. */
function trimTrailingZeros(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}

function parseJson(bytes: Uint8Array, path: string): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (cause) {
    throw new GltfError(path, 'the JSON is not valid UTF-8', { cause });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    // V8's message quotes the text around the error, line breaks and tabs included: keep one line.
    const reason = oneLine(cause instanceof Error ? cause.message : String(cause));
    throw new GltfError(path, `not valid JSON (${reason})`, { cause });
  }
}
