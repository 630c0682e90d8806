import { describe, expect, it } from 'vitest';
import { MAX_ACCESSOR_VALUES, readFloats, readUnsigned, type AccessorInfo } from '../../../src/core/gltf/accessors.ts';
import { openDocument, type GltfDocument } from '../../../src/core/gltf/document.ts';
import {
  BYTE,
  FLOAT,
  GltfBuilder,
  SHORT,
  UNSIGNED_BYTE,
  UNSIGNED_INT,
  UNSIGNED_SHORT,
  encodeJson,
  type Json,
} from './builder.ts';
import { catchGltfError, expectClose } from './helpers.ts';

/** Opens a .glb made of `builder` (after `edit` changes its JSON). */
function open(builder: GltfBuilder, edit: (json: Json) => void = () => {}): GltfDocument {
  edit(builder.json);
  return openDocument(builder.toGlb(), undefined);
}

function floatsOf(doc: GltfDocument, index: number): number[] {
  return [...readFloats(doc.store, doc.accessors[index], `test.accessor`)];
}

function openError(builder: GltfBuilder, edit: (json: Json) => void): string {
  return catchGltfError(() => open(builder, edit)).message;
}

/** Raw little-endian bytes from a list of [value, kind] pairs. */
function rawBytes(values: number[], kind: 'i8' | 'u8' | 'i16' | 'u16' | 'u32' | 'f32'): Uint8Array {
  const size = { i8: 1, u8: 1, i16: 2, u16: 2, u32: 4, f32: 4 }[kind];
  const out = new Uint8Array(values.length * size);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => {
    if (kind === 'i8') view.setInt8(i, v);
    else if (kind === 'u8') view.setUint8(i, v);
    else if (kind === 'i16') view.setInt16(2 * i, v, true);
    else if (kind === 'u16') view.setUint16(2 * i, v, true);
    else if (kind === 'u32') view.setUint32(4 * i, v, true);
    else view.setFloat32(4 * i, v, true);
  });
  return out;
}

describe('component types', () => {
  it('reads every component type as plain values', () => {
    const b = new GltfBuilder();
    b.accessor(new Int8Array([-128, -1, 0, 127]), 'VEC4');
    b.accessor(new Uint8Array([0, 1, 128, 255]), 'VEC4');
    b.accessor(new Int16Array([-32768, -1, 0, 32767]), 'VEC4');
    b.accessor(new Uint16Array([0, 1, 32768, 65535]), 'VEC4');
    b.accessor(new Uint32Array([0, 1, 65536, 4294967295]), 'VEC4');
    b.accessor(new Float32Array([-1.5, 0, 0.25, 3e38]), 'VEC4');
    const doc = open(b);
    expect(floatsOf(doc, 0)).toEqual([-128, -1, 0, 127]);
    expect(floatsOf(doc, 1)).toEqual([0, 1, 128, 255]);
    expect(floatsOf(doc, 2)).toEqual([-32768, -1, 0, 32767]);
    expect(floatsOf(doc, 3)).toEqual([0, 1, 32768, 65535]);
    expect(floatsOf(doc, 4)).toEqual([0, 1, 65536, 4294967296]); // nearest float32
    expect(floatsOf(doc, 5)).toEqual([-1.5, 0, 0.25, Math.fround(3e38)]);
    expect([...readUnsigned(doc.store, doc.accessors[1])]).toEqual([0, 1, 128, 255]);
    expect([...readUnsigned(doc.store, doc.accessors[3])]).toEqual([0, 1, 32768, 65535]);
    expect([...readUnsigned(doc.store, doc.accessors[4])]).toEqual([0, 1, 65536, 4294967295]);
  });

  it("maps normalised integers with glTF's formulas", () => {
    const b = new GltfBuilder();
    b.accessor(new Int8Array([-128, -127, 0, 64, 127]), 'SCALAR', { normalized: true });
    b.accessor(new Uint8Array([0, 128, 255]), 'SCALAR', { normalized: true });
    b.accessor(new Int16Array([-32768, -32767, 100, 32767]), 'SCALAR', { normalized: true });
    b.accessor(new Uint16Array([0, 1000, 65535]), 'SCALAR', { normalized: true });
    const doc = open(b);
    const f = Math.fround;
    expect(floatsOf(doc, 0)).toEqual([-1, -1, 0, f(64 / 127), 1]);
    expect(floatsOf(doc, 1)).toEqual([0, f(128 / 255), 1]);
    expect(floatsOf(doc, 2)).toEqual([-1, -1, f(100 / 32767), 1]);
    expect(floatsOf(doc, 3)).toEqual([0, f(1000 / 65535), 1]);
  });

  it('rejects NaN and infinite FLOAT values, naming the user of the accessor', () => {
    const b = new GltfBuilder();
    b.accessor(new Float32Array([0, 1, 2, 3, 4, NaN]), 'VEC3');
    b.accessor(new Float32Array([Infinity]), 'SCALAR');
    const doc = open(b);
    expect(catchGltfError(() => readFloats(doc.store, doc.accessors[0], 'meshes[0].x')).message).toBe(
      'meshes[0].x: accessor 0 element 1 component 2 is not finite (NaN)',
    );
    expect(catchGltfError(() => readFloats(doc.store, doc.accessors[1], 'y')).message).toBe(
      'y: accessor 1 element 0 component 0 is not finite (Infinity)',
    );
  });
});

describe('layout', () => {
  it('reads strided (interleaved) elements', () => {
    const b = new GltfBuilder();
    b.accessor(new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9]), 'VEC3', { byteStride: 20 });
    b.accessor(new Uint16Array([1, 2, 3, 4, 5, 6, 7, 8]), 'VEC4', { byteStride: 12 });
    const doc = open(b);
    expect(doc.accessors[0].stride).toBe(20);
    expect(floatsOf(doc, 0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...readUnsigned(doc.store, doc.accessors[1])]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reads two accessors interleaved in one view through byteOffset', () => {
    // Per vertex: 3 floats of position then 4 unsigned bytes of joints (16 bytes).
    const bytes = new Uint8Array(32);
    const view = new DataView(bytes.buffer);
    [1, 2, 3].forEach((v, i) => view.setFloat32(4 * i, v, true));
    [4, 5, 6].forEach((v, i) => view.setFloat32(16 + 4 * i, v, true));
    bytes.set([7, 8, 9, 10], 12);
    bytes.set([11, 12, 13, 14], 28);
    const b = new GltfBuilder();
    b.view(bytes, { byteStride: 16 });
    const doc = open(b, (json) => {
      json.accessors = [
        { bufferView: 0, componentType: FLOAT, count: 2, type: 'VEC3' },
        { bufferView: 0, byteOffset: 12, componentType: UNSIGNED_BYTE, count: 2, type: 'VEC4' },
      ];
    });
    expect(floatsOf(doc, 0)).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...readUnsigned(doc.store, doc.accessors[1])]).toEqual([7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('skips the padding that aligns matrix columns to 4 bytes', () => {
    const b = new GltfBuilder();
    // MAT2 BYTE: columns of 2 bytes + 2 padding.
    b.view(rawBytes([1, 2, 0, 0, 3, 4, 0, 0], 'i8'));
    // MAT3 UNSIGNED_BYTE: columns of 3 bytes + 1 padding.
    b.view(rawBytes([1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0], 'u8'));
    // MAT3 SHORT: columns of 6 bytes + 2 padding, two elements.
    b.view(rawBytes([1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0, -1, -2, -3, 0, -4, -5, -6, 0, -7, -8, -9, 0], 'i16'));
    // MAT2 UNSIGNED_SHORT: 4-byte columns, no padding.
    b.view(rawBytes([1, 2, 3, 4], 'u16'));
    const doc = open(b, (json) => {
      json.accessors = [
        { bufferView: 0, componentType: BYTE, count: 1, type: 'MAT2' },
        { bufferView: 1, componentType: UNSIGNED_BYTE, count: 1, type: 'MAT3' },
        { bufferView: 2, componentType: SHORT, count: 2, type: 'MAT3' },
        { bufferView: 3, componentType: UNSIGNED_SHORT, count: 1, type: 'MAT2' },
      ];
    });
    expect(floatsOf(doc, 0)).toEqual([1, 2, 3, 4]);
    expect(floatsOf(doc, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(floatsOf(doc, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -2, -3, -4, -5, -6, -7, -8, -9]);
    expect(floatsOf(doc, 3)).toEqual([1, 2, 3, 4]);
    expect(doc.accessors[2].elementBytes).toBe(24);
  });

  it('gives zeros for an accessor without a buffer view', () => {
    const b = new GltfBuilder();
    const doc = open(b, (json) => {
      json.accessors = [{ componentType: FLOAT, count: 3, type: 'VEC2' }];
    });
    expect(floatsOf(doc, 0)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('sparse accessors', () => {
  /** Base data [10..15] as SCALAR FLOAT in view 0, sparse indices in view 1, values in view 2. */
  function sparseBuilder(indices: Uint8Array | Uint16Array | Uint32Array, values: number[]): GltfBuilder {
    const b = new GltfBuilder();
    b.view(rawBytes([10, 11, 12, 13, 14, 15], 'f32'));
    b.view(new Uint8Array(indices.buffer, indices.byteOffset, indices.byteLength));
    b.view(rawBytes(values, 'f32'));
    const componentType =
      indices instanceof Uint8Array ? UNSIGNED_BYTE : indices instanceof Uint16Array ? UNSIGNED_SHORT : UNSIGNED_INT;
    b.json.accessors = [
      {
        bufferView: 0,
        componentType: FLOAT,
        count: 6,
        type: 'SCALAR',
        sparse: {
          count: indices.length,
          indices: { bufferView: 1, componentType },
          values: { bufferView: 2 },
        },
      },
    ];
    return b;
  }

  it('applies substitutions on top of the base data, for each index type', () => {
    for (const indices of [new Uint8Array([1, 4]), new Uint16Array([1, 4]), new Uint32Array([1, 4])]) {
      const doc = open(sparseBuilder(indices, [-1, -4]));
      expect(floatsOf(doc, 0)).toEqual([10, -1, 12, 13, -4, 15]);
    }
  });

  it('applies substitutions on top of zeros when there is no buffer view', () => {
    const doc = open(sparseBuilder(new Uint16Array([0, 5]), [7, 8]), (json) => delete json.accessors[0].bufferView);
    expect(floatsOf(doc, 0)).toEqual([7, 0, 0, 0, 0, 8]);
  });

  it('reads sparse VEC3 values with offsets', () => {
    const b = new GltfBuilder();
    b.view(rawBytes([0, 0, 1, 2], 'u8'));
    b.view(rawBytes([99, 1, 2, 3, 4, 5, 6], 'f32'));
    const doc = open(b, (json) => {
      json.accessors = [
        {
          componentType: FLOAT,
          count: 4,
          type: 'VEC3',
          sparse: {
            count: 2,
            indices: { bufferView: 0, byteOffset: 2, componentType: UNSIGNED_BYTE },
            values: { bufferView: 1, byteOffset: 4 },
          },
        },
      ];
    });
    expect(floatsOf(doc, 0)).toEqual([0, 0, 0, 1, 2, 3, 4, 5, 6, 0, 0, 0]);
  });

  it('rejects indices that are not increasing or out of range', () => {
    const decreasing = open(sparseBuilder(new Uint8Array([3, 3]), [0, 0]));
    expect(catchGltfError(() => floatsOf(decreasing, 0)).message).toBe(
      'accessors[0].sparse.indices: index 3 at position 1 is not greater than the previous one (3)',
    );
    const outside = open(sparseBuilder(new Uint16Array([2, 6]), [0, 0]));
    expect(catchGltfError(() => floatsOf(outside, 0)).message).toBe(
      'accessors[0].sparse.indices: index 6 at position 1 is out of range (6 elements)',
    );
    // One element: singular.
    const single = open(sparseBuilder(new Uint16Array([1]), [0]), (json) => {
      delete json.accessors[0].bufferView;
      json.accessors[0].count = 1;
      json.accessors[0].sparse.count = 1;
    });
    expect(catchGltfError(() => floatsOf(single, 0)).message).toBe(
      'accessors[0].sparse.indices: index 1 at position 0 is out of range (1 element)',
    );
  });

  it('rejects malformed sparse objects', () => {
    const cases: [(json: Json) => void, string][] = [
      [(j) => (j.accessors[0].sparse = 1), 'accessors[0].sparse: expected an object, got 1'],
      [(j) => (j.accessors[0].sparse.count = 7), 'accessors[0].sparse.count: 7 is not in [1, 6]'],
      [(j) => (j.accessors[0].sparse.count = 0), 'accessors[0].sparse.count: 0 is not in [1, 6]'],
      [(j) => delete j.accessors[0].sparse.indices, 'accessors[0].sparse.indices: is required'],
      [
        (j) => (j.accessors[0].sparse.indices.componentType = FLOAT),
        'accessors[0].sparse.indices.componentType: 5126 is not one of 5121 UNSIGNED_BYTE, 5123 UNSIGNED_SHORT, 5125 UNSIGNED_INT',
      ],
      [
        (j) => (j.accessors[0].sparse.indices.bufferView = 9),
        'accessors[0].sparse.indices.bufferView: bufferView 9 does not exist (3 bufferViews)',
      ],
      [
        (j) => (j.accessors[0].sparse.indices.byteOffset = 1),
        'accessors[0].sparse.indices: needs bytes [1, 3) of bufferView 1, which has 2',
      ],
      [
        (j) => (j.accessors[0].sparse.values.byteOffset = 4),
        'accessors[0].sparse.values: needs bytes [4, 12) of bufferView 2, which has 8',
      ],
      [
        (j) => (j.accessors[0].sparse.values.byteOffset = 2),
        'accessors[0].sparse.values: starts at byte 30 of buffer 0, not a multiple of the component size 4',
      ],
      [(j) => delete j.accessors[0].sparse.values, 'accessors[0].sparse.values: is required'],
    ];
    for (const [edit, message] of cases) {
      expect(openError(sparseBuilder(new Uint8Array([1, 2]), [0, 0]), edit)).toBe(message);
    }
  });
});

describe('accessor validation', () => {
  const cases: [string, (json: Json) => void, string][] = [
    ['not an array', (j) => (j.accessors = 5), 'accessors: expected an array, got 5'],
    ['a null accessor', (j) => (j.accessors = [null]), 'accessors[0]: expected an object, got null'],
    ['no componentType', (j) => delete j.accessors[0].componentType, 'accessors[0].componentType: is required'],
    [
      'an unknown componentType',
      (j) => (j.accessors[0].componentType = 5124),
      'accessors[0].componentType: 5124 is not one of 5120 BYTE, 5121 UNSIGNED_BYTE, 5122 SHORT, 5123 UNSIGNED_SHORT, 5125 UNSIGNED_INT, 5126 FLOAT',
    ],
    [
      'a string componentType',
      (j) => (j.accessors[0].componentType = '5126'),
      'accessors[0].componentType: "5126" is not one of 5120 BYTE, 5121 UNSIGNED_BYTE, 5122 SHORT, 5123 UNSIGNED_SHORT, 5125 UNSIGNED_INT, 5126 FLOAT',
    ],
    ['no type', (j) => delete j.accessors[0].type, 'accessors[0].type: is required'],
    [
      'an unknown type',
      (j) => (j.accessors[0].type = 'VEC5'),
      'accessors[0].type: "VEC5" is not SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4',
    ],
    [
      'an inherited name as type',
      (j) => (j.accessors[0].type = 'constructor'),
      'accessors[0].type: "constructor" is not SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4',
    ],
    [
      'normalized FLOAT',
      (j) => (j.accessors[0].normalized = true),
      'accessors[0].normalized: must not be true for FLOAT components',
    ],
    [
      'normalized not boolean',
      (j) => (j.accessors[0].normalized = 1),
      'accessors[0].normalized: expected true or false, got 1',
    ],
    ['count 0', (j) => (j.accessors[0].count = 0), 'accessors[0].count: 0 is not ≥ 1'],
    ['count missing', (j) => delete j.accessors[0].count, 'accessors[0].count: is required'],
    ['count fractional', (j) => (j.accessors[0].count = 1.5), 'accessors[0].count: expected an integer, got 1.5'],
    [
      'a huge count',
      (j) => {
        delete j.accessors[0].bufferView;
        j.accessors[0].count = 1e9;
      },
      `accessors[0].count: 1000000000 elements of 3 components exceed the reader's limit of ${MAX_ACCESSOR_VALUES} values`,
    ],
    [
      'a huge SCALAR count (one component, singular)',
      (j) => {
        delete j.accessors[0].bufferView;
        j.accessors[0].type = 'SCALAR';
        j.accessors[0].count = MAX_ACCESSOR_VALUES + 1;
      },
      `accessors[0].count: ${MAX_ACCESSOR_VALUES + 1} elements of 1 component exceed the reader's limit of ${MAX_ACCESSOR_VALUES} values`,
    ],
    [
      'a bufferView index that is a string ("a bufferView", by its consonant)',
      (j) => (j.accessors[0].bufferView = '0'),
      'accessors[0].bufferView: expected a bufferView index, got "0"',
    ],
    [
      'a missing buffer view',
      (j) => (j.accessors[0].bufferView = 4),
      'accessors[0].bufferView: bufferView 4 does not exist (2 bufferViews)',
    ],
    [
      'a misaligned byteOffset',
      (j) => (j.accessors[0].byteOffset = 2),
      'accessors[0].byteOffset: 2 is not a multiple of the component size 4',
    ],
    [
      'a misaligned view',
      (j) => {
        j.bufferViews[1].byteOffset = 2;
        j.accessors[0].bufferView = 1;
        j.accessors[0].count = 1;
      },
      'accessors[0]: starts at byte 2 of buffer 0, not a multiple of the component size 4',
    ],
    [
      'an accessor past the end of its view',
      (j) => (j.accessors[0].count = 3),
      'accessors[0]: needs bytes [0, 36) of bufferView 0, which has 24',
    ],
    [
      'an offset past the end of its view',
      (j) => (j.accessors[0].byteOffset = 4),
      'accessors[0]: needs bytes [4, 28) of bufferView 0, which has 24',
    ],
    [
      'elements larger than the stride',
      (j) => (j.bufferViews[0].byteStride = 8),
      "accessors[0]: elements of 12 bytes do not fit bufferView 0's byteStride of 8",
    ],
  ];
  for (const [what, edit, message] of cases) {
    it(`rejects ${what}`, () => {
      const b = new GltfBuilder();
      b.accessor(new Float32Array([1, 2, 3, 4, 5, 6]), 'VEC3');
      b.accessor(new Uint16Array([1, 2, 3, 4]), 'VEC4');
      expect(openError(b, edit)).toBe(message);
    });
  }

  it('accepts a stride that leaves the last element short of the view end', () => {
    const b = new GltfBuilder();
    b.accessor(new Float32Array([1, 2, 3, 4, 5, 6]), 'VEC3', { byteStride: 16 });
    const doc = open(b);
    expect(doc.accessors[0].stride).toBe(16);
    expect(floatsOf(doc, 0)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('does not read inherited properties of accessor objects', () => {
    const doc = openDocument(
      encodeJson({ asset: { version: '2.0' }, accessors: [{ componentType: FLOAT, count: 1, type: 'SCALAR' }] }),
      undefined,
    );
    const info: AccessorInfo = doc.accessors[0];
    expect(info.bufferView).toBe(-1);
    expect(info.sparse).toBeNull();
  });

  it('allows the largest accessor the limit permits and reads it', () => {
    const doc = openDocument(
      encodeJson({
        asset: { version: '2.0' },
        accessors: [{ componentType: FLOAT, count: MAX_ACCESSOR_VALUES / 4, type: 'VEC4' }],
      }),
      undefined,
    );
    expect(readFloats(doc.store, doc.accessors[0], 'x').length).toBe(MAX_ACCESSOR_VALUES);
  });
});

describe('expectClose helper', () => {
  it('fails on a difference above the tolerance', () => {
    expect(() => expectClose([1, 2], [1, 2.1], 0.05)).toThrow(/element 1/);
    expect(() => expectClose([NaN], [0], 1)).toThrow(/element 0/);
  });
});
