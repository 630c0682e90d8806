import { describe, expect, it } from 'vitest';
import { GltfError, parseGltf } from '../../../src/core/gltf/index.ts';
import { describeValue, formatFloat32 } from '../../../src/core/gltf/json.ts';
import { encodeJson } from './builder.ts';
import { catchGltfError } from './helpers.ts';

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
});
