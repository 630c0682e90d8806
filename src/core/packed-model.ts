// A Model as one binary file, for the site's own figures: the glTF reader runs once, at build time
// (src/pages/models/packed/[name].model.ts writes public/models/*.glb through it), and a figure
// downloads the result and takes it as is — no accessor decoding, no checks, no glTF reader in the
// page's JavaScript. The same work moved to creation as chapter 12's baked clip. Tested equal to
// parseGltf's Model for every project model (tests/unit/packed-model.test.ts); a reader's own files
// still go through the glTF reader (the model lab).
//
// Layout, little-endian:
//   bytes 0–3   "SKPM"
//   bytes 4–7   u32 version (1)
//   bytes 8–11  u32 length of the JSON, bytes
//   bytes 12–…  the Model as UTF-8 JSON, every typed array replaced by {"@": type, "at": byte offset
//               into the data, "n": element count}; then zero padding to a multiple of 8
//   then        the data: every typed array's bytes, each at an offset that is a multiple of its
//               element size
import type { Model } from './model.ts';

const MAGIC = 'SKPM';
const VERSION = 1;
const HEADER_BYTES = 12;

/** The typed arrays a Model holds, by the name a packed file gives them. */
const ARRAY_TYPES = {
  Float32Array,
  Float64Array,
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
} as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;
type AnyTypedArray = InstanceType<(typeof ARRAY_TYPES)[ArrayTypeName]>;

/** A typed array's place in the data, as the JSON holds it. */
interface ArrayReference {
  '@': ArrayTypeName;
  at: number;
  n: number;
}

function typeNameOf(value: unknown): ArrayTypeName | null {
  if (!ArrayBuffer.isView(value)) return null;
  const name = value.constructor.name;
  return Object.hasOwn(ARRAY_TYPES, name) ? (name as ArrayTypeName) : null;
}

function alignUp(value: number, alignment: number): number {
  return Math.ceil(value / alignment) * alignment;
}

/** `model` as the bytes of a packed model file. Throws on a value JSON cannot hold (a function, a Map). */
export function packModel(model: Model): Uint8Array<ArrayBuffer> {
  const arrays: { array: AnyTypedArray; at: number }[] = [];
  let dataBytes = 0;
  const json = JSON.stringify(model, (key, value: unknown) => {
    const type = typeNameOf(value);
    if (type !== null) {
      const array = value as AnyTypedArray;
      const at = alignUp(dataBytes, array.BYTES_PER_ELEMENT);
      arrays.push({ array, at });
      dataBytes = at + array.byteLength;
      return { '@': type, at, n: array.length } satisfies ArrayReference;
    }
    if (ArrayBuffer.isView(value) || value instanceof Map || value instanceof Set || typeof value === 'function') {
      throw new Error(`packModel: "${key}" holds a value a packed model cannot store`);
    }
    return value;
  });
  const text = new TextEncoder().encode(json);
  const dataStart = alignUp(HEADER_BYTES + text.length, 8);
  const bytes = new Uint8Array(dataStart + dataBytes);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, text.length, true);
  bytes.set(text, HEADER_BYTES);
  for (const { array, at } of arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), dataStart + at);
  }
  return bytes;
}

/**
 * The Model in a packed model file. Its typed arrays are views into `bytes`' buffer, not copies.
 * Throws an Error naming `source` and what is wrong: not a packed model, another version, cut
 * short, or an array reaching past the data.
 */
export function unpackModel(bytes: Uint8Array, source = 'packed model'): Model {
  const fail = (what: string): never => {
    throw new Error(`${source}: ${what}`);
  };
  if (bytes.length < HEADER_BYTES) fail(`${bytes.length} bytes is too short for the ${HEADER_BYTES}-byte header`);
  const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (magic !== MAGIC) fail(`not a packed model (it starts with ${JSON.stringify(magic)}, not "${MAGIC}")`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== VERSION) fail(`version ${version} is not the version this reader knows (${VERSION})`);
  const jsonBytes = view.getUint32(8, true);
  const dataStart = alignUp(HEADER_BYTES + jsonBytes, 8);
  if (dataStart > bytes.length) fail(`the file is cut short: its JSON needs ${HEADER_BYTES + jsonBytes} bytes, the file has ${bytes.length}`);
  // Typed arrays need their element alignment in the buffer: copy once if the bytes sit unaligned.
  const data = (bytes.byteOffset + dataStart) % 8 === 0 ? bytes.subarray(dataStart) : bytes.slice(dataStart);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + jsonBytes));
  } catch {
    return fail('its JSON is not valid UTF-8');
  }
  try {
    return JSON.parse(text, (_key, value: unknown) => {
      if (typeof value !== 'object' || value === null || !Object.hasOwn(value, '@')) return value;
      const { '@': type, at, n } = value as ArrayReference;
      if (!Object.hasOwn(ARRAY_TYPES, type)) fail(`unknown array type ${JSON.stringify(type)}`);
      const Type = ARRAY_TYPES[type];
      if (!Number.isSafeInteger(at) || !Number.isSafeInteger(n) || at < 0 || n < 0 || at % Type.BYTES_PER_ELEMENT !== 0) {
        fail(`a ${type} has an invalid place (at ${at}, ${n} elements)`);
      }
      if (at + n * Type.BYTES_PER_ELEMENT > data.length) {
        fail(`the file is cut short: a ${type} of ${n} elements at byte ${at} reaches past the ${data.length} bytes of data`);
      }
      return new Type(data.buffer as ArrayBuffer, data.byteOffset + at, n);
    }) as Model;
  } catch (error) {
    if (error instanceof SyntaxError) return fail(`its JSON does not parse (${error.message})`);
    throw error;
  }
}

/** The URL of the packed form of public/models/`file` ("mannequin.glb" → …/models/packed/mannequin.model). */
export function packedModelUrl(baseUrl: string, file: string): string {
  return `${baseUrl}models/packed/${file.replace(/\.glb$/i, '')}.model`;
}

/**
 * Downloads a packed model and unpacks it. Rejects with an Error naming the URL and the HTTP
 * status, the network failure, or what is wrong with the file.
 */
export async function loadPackedModel(url: string, fetchFn: (url: string) => Promise<Response> = (u) => globalThis.fetch(u)): Promise<Model> {
  let response: Response;
  try {
    response = await fetchFn(url);
  } catch (cause) {
    throw new Error(`fetching "${url}" failed (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
  }
  if (!response.ok) throw new Error(`fetching "${url}" failed (HTTP ${`${response.status} ${response.statusText}`.trim()})`);
  return unpackModel(new Uint8Array(await response.arrayBuffer()), url);
}
