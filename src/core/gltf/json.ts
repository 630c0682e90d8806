// Checked access to the parsed glTF JSON. Every value read from the file passes through one of
// these functions, which either return a value of the promised type and range or throw a
// GltfError naming the JSON path — so the rest of the reader never meets a wrong type.

import { GltfError } from './errors.ts';

/** A JSON object as JSON.parse returns it. */
export type JsonObject = { readonly [key: string]: unknown };

/** A short description of a JSON value for error messages: `null`, `an array`, `"abc"`, `12`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'object':
      return 'an object';
    case 'string': {
      const text = JSON.stringify(value);
      return text.length > 42 ? `${text.slice(0, 40)}…"` : text;
    }
    case 'number':
    case 'boolean':
      return String(value);
    default:
      return typeof value;
  }
}

/** `noun` after its indefinite article, chosen by its first letter: `an accessor`, `a node`. */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** `count` and the noun, singular for exactly 1: `1 component`, `3 components`, `2 vertices`. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * `text` as one short line for a message: every run of control characters (CR, LF, TAB…), line
 * separators and spaces becomes one space, and more than `maxLength` characters (≥ 2) are cut with
 * `…`. For text the reader does not control, such as JSON.parse's excerpt of the file.
 */
export function oneLine(text: string, maxLength = 160): string {
  const line = text.replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

/** The value of an own property, or undefined (never an inherited one such as `constructor`). */
export function field(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** `value` as an object, or a GltfError at `path`. */
export function expectObject(value: unknown, path: string): JsonObject {
  if (value === undefined) throw new GltfError(path, 'is required');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GltfError(path, `expected an object, got ${describeValue(value)}`);
  }
  return value as JsonObject;
}

/** `object[key]` as an array; [] when absent. */
export function optionalArray(object: JsonObject, key: string, path: string): readonly unknown[] {
  const value = field(object, key);
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw new GltfError(path, `expected an array, got ${describeValue(value)}`);
  }
  return value;
}

/** `object[key]` as an object, or undefined when absent. */
export function optionalObject(object: JsonObject, key: string, path: string): JsonObject | undefined {
  const value = field(object, key);
  return value === undefined ? undefined : expectObject(value, path);
}

/** `object[key]` as a string, or `fallback` when absent. */
export function optionalString(object: JsonObject, key: string, path: string, fallback: string): string {
  const value = field(object, key);
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw new GltfError(path, `expected a string, got ${describeValue(value)}`);
  return value;
}

/** `object[key]` as a string; a GltfError when absent. */
export function requiredString(object: JsonObject, key: string, path: string): string {
  if (field(object, key) === undefined) throw new GltfError(path, 'is required');
  return optionalString(object, key, path, '');
}

/** `object[key]` as a boolean, or `fallback` when absent. */
export function optionalBoolean(object: JsonObject, key: string, path: string, fallback: boolean): boolean {
  const value = field(object, key);
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new GltfError(path, `expected true or false, got ${describeValue(value)}`);
  return value;
}

/** `value` as an integer in [min, max], or a GltfError at `path`. */
function expectInteger(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new GltfError(path, `expected an integer, got ${describeValue(value)}`);
  }
  if (value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `in [${min}, ${max}]`;
    throw new GltfError(path, `${value} is not ${range}`);
  }
  return value;
}

/** `object[key]` as an integer in [min, max], or `fallback` when absent. */
export function optionalInteger(
  object: JsonObject,
  key: string,
  path: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const value = field(object, key);
  return value === undefined ? fallback : expectInteger(value, path, min, max);
}

/** `object[key]` as an integer in [min, max]; a GltfError when absent. */
export function requiredInteger(object: JsonObject, key: string, path: string, min: number, max: number): number {
  const value = field(object, key);
  if (value === undefined) throw new GltfError(path, 'is required');
  return expectInteger(value, path, min, max);
}

/**
 * What an index points into, for messages such as `node 9 does not exist (6 nodes)`.
 * `singular`/`plural` are the nouns used in the message.
 */
export interface IndexSpace {
  singular: string;
  plural: string;
  count: number;
}

/** `value` as a valid index into `space`, or a GltfError at `path`. */
export function expectIndex(value: unknown, path: string, space: IndexSpace): number {
  if (value === undefined) throw new GltfError(path, 'is required');
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new GltfError(path, `expected ${withArticle(space.singular)} index, got ${describeValue(value)}`);
  }
  if (value < 0 || value >= space.count) {
    const existing = countOf(space.count, space.singular, space.plural);
    throw new GltfError(path, `${space.singular} ${value} does not exist (${existing})`);
  }
  return value;
}

/** `object[key]` as a valid index into `space`; a GltfError when absent. */
export function requiredIndex(object: JsonObject, key: string, path: string, space: IndexSpace): number {
  const value = field(object, key);
  if (value === undefined) throw new GltfError(path, 'is required');
  return expectIndex(value, path, space);
}

/** `object[key]` as a valid index into `space`, or -1 when absent. */
export function optionalIndex(object: JsonObject, key: string, path: string, space: IndexSpace): number {
  const value = field(object, key);
  return value === undefined ? -1 : expectIndex(value, path, space);
}

/**
 * `object[key]` as exactly `length` numbers that stay finite as 32-bit floats, or undefined when
 * absent. (JSON has no NaN, but 1e999 parses to Infinity and 1e39 overflows a float.)
 */
export function optionalFiniteNumbers(
  object: JsonObject,
  key: string,
  path: string,
  length: number,
): number[] | undefined {
  const value = field(object, key);
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw new GltfError(path, `expected an array of ${length} numbers, got ${describeValue(value)}`);
  }
  if (value.length !== length) {
    throw new GltfError(path, `expected ${length} numbers, got ${value.length}`);
  }
  for (let i = 0; i < length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'number' || !Number.isFinite(Math.fround(item))) {
      throw new GltfError(`${path}[${i}]`, `expected a finite 32-bit float, got ${describeValue(item)}`);
    }
  }
  return value as number[];
}

/** The shortest decimal that reads back as the same 32-bit float (1.2, not 1.2000000476837158). */
export function formatFloat32(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const single = Math.fround(value);
  for (let digits = 1; digits < 10; digits++) {
    const text = single.toPrecision(digits);
    if (Math.fround(Number(text)) === single) return String(Number(text));
  }
  return String(single);
}
