// Accessors: typed views of buffer data (component type × element type × count), with optional
// stride, normalisation and sparse substitution. All layout rules are checked when the file is
// opened, so reading an accessor never touches a byte outside its buffer view.

import { bufferBytes, type BufferStore } from './buffers.ts';
import { GltfError } from './errors.ts';
import {
  expectObject,
  field,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  requiredIndex,
  requiredInteger,
  describeValue,
  countOf,
  type IndexSpace,
  type JsonObject,
} from './json.ts';

/** glTF component types (WebGL enums). */
export const ComponentType = {
  BYTE: 5120,
  UNSIGNED_BYTE: 5121,
  SHORT: 5122,
  UNSIGNED_SHORT: 5123,
  UNSIGNED_INT: 5125,
  FLOAT: 5126,
} as const;
export type ComponentType = (typeof ComponentType)[keyof typeof ComponentType];

const COMPONENT_NAMES: Record<number, string> = {
  5120: 'BYTE',
  5121: 'UNSIGNED_BYTE',
  5122: 'SHORT',
  5123: 'UNSIGNED_SHORT',
  5125: 'UNSIGNED_INT',
  5126: 'FLOAT',
};
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

/** Element types: rows × columns of components. */
const ELEMENT_SHAPES: Record<string, { rows: number; columns: number }> = {
  SCALAR: { rows: 1, columns: 1 },
  VEC2: { rows: 2, columns: 1 },
  VEC3: { rows: 3, columns: 1 },
  VEC4: { rows: 4, columns: 1 },
  MAT2: { rows: 2, columns: 2 },
  MAT3: { rows: 3, columns: 3 },
  MAT4: { rows: 4, columns: 4 },
};
export type ElementType = 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT2' | 'MAT3' | 'MAT4';

/**
 * Most values (count × components) one accessor may hold: 2^24 floats = 64 MiB. It bounds the
 * memory a file without buffer data (zero-filled or sparse accessors) can make the reader allocate.
 */
export const MAX_ACCESSOR_VALUES = 1 << 24;

export interface SparseInfo {
  /** Number of substituted elements, 1…accessor count. */
  count: number;
  indicesView: number;
  /** Byte offset of the indices within their view. */
  indicesOffset: number;
  /** UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT. */
  indicesComponentType: number;
  valuesView: number;
  /** Byte offset of the values within their view. */
  valuesOffset: number;
}

/** One validated accessor. */
export interface AccessorInfo {
  index: number;
  /** Buffer view index, or -1 for an accessor that starts as zeros. */
  bufferView: number;
  /** Start within the buffer view, bytes. */
  byteOffset: number;
  componentType: ComponentType;
  normalized: boolean;
  /** Number of elements, ≥ 1. */
  count: number;
  type: ElementType;
  /** Components per element (1…16). */
  components: number;
  rows: number;
  columns: number;
  /** Bytes from one matrix column to the next (columns start at 4-byte boundaries). */
  columnStride: number;
  /** Bytes of one element, including matrix column padding. */
  elementBytes: number;
  /** Bytes from one element to the next within the buffer view. */
  stride: number;
  sparse: SparseInfo | null;
}

/** "VEC3 FLOAT", "VEC4 normalized UNSIGNED_BYTE" — for messages. */
function describeAccessorFormat(info: AccessorInfo): string {
  return `${info.type} ${info.normalized ? 'normalized ' : ''}${COMPONENT_NAMES[info.componentType]}`;
}

/** Checks every accessor's types and layout against the buffer views. */
export function readAccessorInfos(root: JsonObject, store: BufferStore): AccessorInfo[] {
  const viewSpace: IndexSpace = { singular: 'bufferView', plural: 'bufferViews', count: store.views.length };
  return optionalArray(root, 'accessors', 'accessors').map((value, index) => {
    const path = `accessors[${index}]`;
    const accessor = expectObject(value, path);
    const componentType = readComponentType(accessor, `${path}.componentType`, Object.keys(COMPONENT_BYTES));
    const typeValue = field(accessor, 'type');
    if (typeValue === undefined) throw new GltfError(`${path}.type`, 'is required');
    if (typeof typeValue !== 'string' || !Object.hasOwn(ELEMENT_SHAPES, typeValue)) {
      throw new GltfError(
        `${path}.type`,
        `${describeValue(typeValue)} is not SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4`,
      );
    }
    const type = typeValue as ElementType;
    const normalized = optionalBoolean(accessor, 'normalized', `${path}.normalized`, false);
    if (normalized && (componentType === ComponentType.FLOAT || componentType === ComponentType.UNSIGNED_INT)) {
      throw new GltfError(`${path}.normalized`, `must not be true for ${COMPONENT_NAMES[componentType]} components`);
    }
    const count = requiredInteger(accessor, 'count', `${path}.count`, 1, Number.MAX_SAFE_INTEGER);
    const { rows, columns } = ELEMENT_SHAPES[type];
    const components = rows * columns;
    if (count * components > MAX_ACCESSOR_VALUES) {
      throw new GltfError(
        `${path}.count`,
        `${count} elements of ${countOf(components, 'component')} exceed the reader's limit of ${MAX_ACCESSOR_VALUES} values`,
      );
    }
    const componentBytes = COMPONENT_BYTES[componentType];
    const columnStride = columns > 1 ? align4(rows * componentBytes) : rows * componentBytes;
    const elementBytes = columnStride * columns;

    const bufferView =
      field(accessor, 'bufferView') === undefined
        ? -1
        : requiredIndex(accessor, 'bufferView', `${path}.bufferView`, viewSpace);
    let byteOffset = 0;
    let stride = elementBytes;
    if (bufferView >= 0) {
      const view = store.views[bufferView];
      byteOffset = optionalInteger(accessor, 'byteOffset', `${path}.byteOffset`, 0, Number.MAX_SAFE_INTEGER, 0);
      if (byteOffset % componentBytes !== 0) {
        throw new GltfError(
          `${path}.byteOffset`,
          `${byteOffset} is not a multiple of the component size ${componentBytes}`,
        );
      }
      if ((view.byteOffset + byteOffset) % componentBytes !== 0) {
        throw new GltfError(
          path,
          `starts at byte ${view.byteOffset + byteOffset} of buffer ${view.buffer}, not a multiple of the component size ${componentBytes}`,
        );
      }
      if (view.byteStride !== 0) {
        if (view.byteStride < elementBytes) {
          throw new GltfError(
            path,
            `elements of ${elementBytes} bytes do not fit bufferView ${bufferView}'s byteStride of ${view.byteStride}`,
          );
        }
        stride = view.byteStride;
      }
      const end = byteOffset + stride * (count - 1) + elementBytes;
      if (end > view.byteLength) {
        throw new GltfError(
          path,
          `needs bytes [${byteOffset}, ${end}) of bufferView ${bufferView}, which has ${view.byteLength}`,
        );
      }
    }
    const sparseObject = optionalObject(accessor, 'sparse', `${path}.sparse`);
    const sparse =
      sparseObject === undefined
        ? null
        : readSparseInfo(sparseObject, `${path}.sparse`, store, viewSpace, count, componentBytes, elementBytes);
    return {
      index,
      bufferView,
      byteOffset,
      componentType,
      normalized,
      count,
      type,
      components,
      rows,
      columns,
      columnStride,
      elementBytes,
      stride,
      sparse,
    };
  });
}

function readSparseInfo(
  sparse: JsonObject,
  path: string,
  store: BufferStore,
  viewSpace: IndexSpace,
  accessorCount: number,
  componentBytes: number,
  elementBytes: number,
): SparseInfo {
  const count = requiredInteger(sparse, 'count', `${path}.count`, 1, accessorCount);
  const indices = expectObject(field(sparse, 'indices'), `${path}.indices`);
  const indicesView = requiredIndex(indices, 'bufferView', `${path}.indices.bufferView`, viewSpace);
  const indicesOffset = optionalInteger(
    indices,
    'byteOffset',
    `${path}.indices.byteOffset`,
    0,
    Number.MAX_SAFE_INTEGER,
    0,
  );
  const indicesComponentType = readComponentType(indices, `${path}.indices.componentType`, ['5121', '5123', '5125']);
  checkPackedRange(
    store,
    indicesView,
    indicesOffset,
    count * COMPONENT_BYTES[indicesComponentType],
    COMPONENT_BYTES[indicesComponentType],
    `${path}.indices`,
  );
  const values = expectObject(field(sparse, 'values'), `${path}.values`);
  const valuesView = requiredIndex(values, 'bufferView', `${path}.values.bufferView`, viewSpace);
  const valuesOffset = optionalInteger(
    values,
    'byteOffset',
    `${path}.values.byteOffset`,
    0,
    Number.MAX_SAFE_INTEGER,
    0,
  );
  checkPackedRange(store, valuesView, valuesOffset, count * elementBytes, componentBytes, `${path}.values`);
  return { count, indicesView, indicesOffset, indicesComponentType, valuesView, valuesOffset };
}

function checkPackedRange(
  store: BufferStore,
  viewIndex: number,
  byteOffset: number,
  byteLength: number,
  componentBytes: number,
  path: string,
): void {
  const view = store.views[viewIndex];
  if ((view.byteOffset + byteOffset) % componentBytes !== 0) {
    throw new GltfError(
      path,
      `starts at byte ${view.byteOffset + byteOffset} of buffer ${view.buffer}, not a multiple of the component size ${componentBytes}`,
    );
  }
  if (byteOffset + byteLength > view.byteLength) {
    throw new GltfError(
      path,
      `needs bytes [${byteOffset}, ${byteOffset + byteLength}) of bufferView ${viewIndex}, which has ${view.byteLength}`,
    );
  }
}

function readComponentType(object: JsonObject, path: string, allowed: readonly string[]): ComponentType {
  const value = field(object, 'componentType');
  if (value === undefined) throw new GltfError(path, 'is required');
  if (typeof value !== 'number' || !allowed.includes(String(value))) {
    const names = allowed.map((code) => `${code} ${COMPONENT_NAMES[Number(code)]}`).join(', ');
    throw new GltfError(path, `${describeValue(value)} is not one of ${names}`);
  }
  return value as ComponentType;
}

function align4(bytes: number): number {
  return (bytes + 3) & ~3;
}

/**
 * The accessor's values as floats, `components` per element, normalised integers mapped by glTF's
 * formulas (c/255, c/65535, max(c/127, −1), max(c/32767, −1)). Throws when a FLOAT value is NaN or
 * infinite, naming `usagePath` (the JSON path that refers to the accessor). Returns a new array.
 */
export function readFloats(store: BufferStore, info: AccessorInfo, usagePath: string): Float32Array {
  const out = new Float32Array(info.count * info.components);
  readInto(store, info, out);
  if (info.componentType === ComponentType.FLOAT) {
    for (let i = 0; i < out.length; i++) {
      if (!Number.isFinite(out[i])) {
        const element = Math.floor(i / info.components);
        throw new GltfError(
          usagePath,
          `accessor ${info.index} element ${element} component ${i % info.components} is not finite (${out[i]})`,
        );
      }
    }
  }
  return out;
}

/**
 * The accessor's values as floats exactly as stored, NaN and infinities included (readFloats
 * refuses them): for the model lab's diagnosis, which reports such values instead of stopping.
 */
export function readFloatsAsStored(store: BufferStore, info: AccessorInfo): Float32Array {
  const out = new Float32Array(info.count * info.components);
  readInto(store, info, out);
  return out;
}

/**
 * The accessor's values as unsigned integers, `components` per element. Only for accessors whose
 * component type is UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT (the caller checks). Returns a new array.
 */
export function readUnsigned(store: BufferStore, info: AccessorInfo): Uint32Array {
  const out = new Uint32Array(info.count * info.components);
  readInto(store, info, out);
  return out;
}

function readInto(store: BufferStore, info: AccessorInfo, out: Float32Array | Uint32Array): void {
  if (info.bufferView >= 0) {
    const data = viewData(store, info.bufferView);
    for (let element = 0; element < info.count; element++) {
      decodeElement(data, info.byteOffset + element * info.stride, info, out, element * info.components);
    }
  }
  const sparse = info.sparse;
  if (sparse === null) return;
  const sparsePath = `accessors[${info.index}].sparse.indices`;
  const indexData = viewData(store, sparse.indicesView);
  const valueData = viewData(store, sparse.valuesView);
  const indexBytes = COMPONENT_BYTES[sparse.indicesComponentType];
  let previous = -1;
  for (let k = 0; k < sparse.count; k++) {
    const at = sparse.indicesOffset + k * indexBytes;
    const target =
      sparse.indicesComponentType === ComponentType.UNSIGNED_BYTE
        ? indexData.getUint8(at)
        : sparse.indicesComponentType === ComponentType.UNSIGNED_SHORT
          ? indexData.getUint16(at, true)
          : indexData.getUint32(at, true);
    if (target >= info.count) {
      throw new GltfError(
        sparsePath,
        `index ${target} at position ${k} is out of range (${countOf(info.count, 'element')})`,
      );
    }
    if (target <= previous) {
      throw new GltfError(
        sparsePath,
        `index ${target} at position ${k} is not greater than the previous one (${previous})`,
      );
    }
    previous = target;
    decodeElement(valueData, sparse.valuesOffset + k * info.elementBytes, info, out, target * info.components);
  }
}

/** A DataView over exactly one buffer view (its range was checked against the buffer). */
function viewData(store: BufferStore, viewIndex: number): DataView {
  const view = store.views[viewIndex];
  const bytes = bufferBytes(store, view.buffer);
  return new DataView(bytes.buffer, bytes.byteOffset + view.byteOffset, view.byteLength);
}

function decodeElement(
  data: DataView,
  elementOffset: number,
  info: AccessorInfo,
  out: Float32Array | Uint32Array,
  outOffset: number,
): void {
  const bytes = COMPONENT_BYTES[info.componentType];
  let o = outOffset;
  for (let column = 0; column < info.columns; column++) {
    const columnOffset = elementOffset + column * info.columnStride;
    for (let row = 0; row < info.rows; row++) {
      out[o++] = decodeComponent(data, columnOffset + row * bytes, info.componentType, info.normalized);
    }
  }
}

function decodeComponent(data: DataView, at: number, componentType: number, normalized: boolean): number {
  switch (componentType) {
    case ComponentType.BYTE: {
      const c = data.getInt8(at);
      return normalized ? Math.max(c / 127, -1) : c;
    }
    case ComponentType.UNSIGNED_BYTE: {
      const c = data.getUint8(at);
      return normalized ? c / 255 : c;
    }
    case ComponentType.SHORT: {
      const c = data.getInt16(at, true);
      return normalized ? Math.max(c / 32767, -1) : c;
    }
    case ComponentType.UNSIGNED_SHORT: {
      const c = data.getUint16(at, true);
      return normalized ? c / 65535 : c;
    }
    case ComponentType.UNSIGNED_INT:
      return data.getUint32(at, true);
    default:
      return data.getFloat32(at, true);
  }
}

/** Throws unless the accessor has one of the element types and component formats listed. */
export function expectFormat(
  info: AccessorInfo,
  usagePath: string,
  types: readonly ElementType[],
  formats: readonly { componentType: ComponentType; normalized: boolean }[],
): void {
  const typeOk = types.includes(info.type);
  const formatOk = formats.some((f) => f.componentType === info.componentType && f.normalized === info.normalized);
  if (typeOk && formatOk) return;
  const expectedFormats = formats
    .map((f) => `${f.normalized ? 'normalized ' : ''}${COMPONENT_NAMES[f.componentType]}`)
    .join(' or ');
  throw new GltfError(
    usagePath,
    `accessor ${info.index} is ${describeAccessorFormat(info)}, expected ${types.join(' or ')} ${expectedFormats}`,
  );
}

/** Throws unless the accessor has exactly `expected` elements. */
export function expectCount(info: AccessorInfo, usagePath: string, expected: number, why = ''): void {
  if (info.count !== expected) {
    const has = countOf(info.count, 'element');
    throw new GltfError(usagePath, `accessor ${info.index} has ${has}, expected ${expected}${why}`);
  }
}
