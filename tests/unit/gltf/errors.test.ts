import { describe, expect, it } from 'vitest';
import { GltfError, parseGltf } from '../../../src/core/gltf/index.ts';
import { countOf, describeValue, formatFloat32, oneLine, withArticle } from '../../../src/core/gltf/json.ts';
import { encodeJson, GltfBuilder } from './builder.ts';
import { catchGltfError, expectBothFail } from './helpers.ts';

describe('GltfError', () => {
  it('is an Error named GltfError with the JSON path and the detail', () => {
    const error = new GltfError('skins[0].inverseBindMatrices', 'accessor 7 has 12 elements, expected 16');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('GltfError');
    expect(error.path).toBe('skins[0].inverseBindMatrices');
    expect(error.detail).toBe('accessor 7 has 12 elements, expected 16');
    expect(error.message).toBe('skins[0].inverseBindMatrices: accessor 7 has 12 elements, expected 16');
    expect(String(error)).toBe('GltfError: skins[0].inverseBindMatrices: accessor 7 has 12 elements, expected 16');
    expect(new GltfError('', 'no path').message).toBe('no path');
  });

  it('keeps the cause of a wrapped failure', () => {
    const error = catchGltfError(() => parseGltf(new TextEncoder().encode('{"asset": {')));
    expect(error.path).toBe('json');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('is what parseGltf throws, with the path of the offending value', () => {
    const error = catchGltfError(() =>
      parseGltf(encodeJson({ asset: { version: '2.0' }, nodes: [{}, { children: [7] }] })),
    );
    expect(error.path).toBe('nodes[1].children[0]');
    expect(error.detail).toBe('node 7 does not exist (2 nodes)');
  });

  it('words its messages by article and number: "an accessor", "1 element", "1 accessor"', () => {
    /** A skin of `joints` joints whose inverseBindMatrices is `ibm`, over one MAT4 accessor. */
    const skinned = (joints: number, ibm: unknown) => {
      const b = new GltfBuilder();
      b.accessor(new Float32Array(16), 'MAT4');
      b.json.nodes = Array.from({ length: joints }, () => ({}));
      b.json.skins = [{ joints: Array.from({ length: joints }, (_, i) => i), inverseBindMatrices: ibm }];
      return b;
    };
    expectBothFail(skinned(1, 'x'), 'skins[0].inverseBindMatrices: expected an accessor index, got "x"');
    expectBothFail(skinned(1, 3), 'skins[0].inverseBindMatrices: accessor 3 does not exist (1 accessor)');
    expectBothFail(skinned(2, 0), 'skins[0].inverseBindMatrices: accessor 0 has 1 element, expected 2');
    expectBothFail(skinned(1, null), 'skins[0].inverseBindMatrices: expected an accessor index, got null');
  });
});

describe('message formatting', () => {
  it('prints 32-bit floats with the fewest digits that read back the same', () => {
    expect(formatFloat32(Math.fround(1.2))).toBe('1.2');
    expect(formatFloat32(Math.fround(0.1))).toBe('0.1');
    expect(formatFloat32(-1)).toBe('-1');
    expect(formatFloat32(Math.fround(1 / 3))).toBe('0.33333334');
    expect(formatFloat32(3.4028234663852886e38)).toBe('3.4028235e+38');
    expect(formatFloat32(NaN)).toBe('NaN');
  });

  it('describes JSON values briefly', () => {
    expect(describeValue(null)).toBe('null');
    expect(describeValue([1])).toBe('an array');
    expect(describeValue({})).toBe('an object');
    expect(describeValue('VEC3')).toBe('"VEC3"');
    expect(describeValue('x'.repeat(100))).toBe(`"${'x'.repeat(39)}…"`);
    expect(describeValue(1.5)).toBe('1.5');
    expect(describeValue(false)).toBe('false');
    expect(describeValue(undefined)).toBe('undefined');
  });

  it('puts "a" or "an" before a noun by its first letter', () => {
    expect(withArticle('accessor')).toBe('an accessor');
    expect(withArticle('node')).toBe('a node');
    expect(withArticle('bufferView')).toBe('a bufferView');
    expect(withArticle('integer')).toBe('an integer');
    expect(withArticle('Object')).toBe('an Object');
  });

  it('counts with a singular noun for exactly 1', () => {
    expect(countOf(1, 'component')).toBe('1 component');
    expect(countOf(0, 'component')).toBe('0 components');
    expect(countOf(3, 'component')).toBe('3 components');
    expect(countOf(1, 'vertex', 'vertices')).toBe('1 vertex');
    expect(countOf(2, 'vertex', 'vertices')).toBe('2 vertices');
  });

  it('makes text one short line: control characters and whitespace runs become one space', () => {
    expect(oneLine('a\r\n\t\tb  c\u0000d\u2028e ')).toBe('a b c d e');
    expect(oneLine('x'.repeat(500))).toBe(`${'x'.repeat(159)}…`);
    expect(oneLine('abcdef', 4)).toBe('abc…');
    expect(oneLine('plain')).toBe('plain');
  });
});
