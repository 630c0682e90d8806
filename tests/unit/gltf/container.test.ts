import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../../src/core/gltf/index.ts';
import {
  CHUNK_BIN,
  CHUNK_JSON,
  GltfBuilder,
  dataUri,
  encodeGlb,
  encodeGlbChunks,
  encodeJson,
  padTo4,
  type Json,
} from './builder.ts';
import { ARM, riggedArm } from './fixtures.ts';
import { catchGltfError, expectBothFail, parseBoth } from './helpers.ts';

const MINIMAL = { asset: { version: '2.0' } };

function messageOf(run: () => unknown): string {
  return catchGltfError(run).message;
}

/** A builder holding one float accessor (so buffer 0 is actually read) and one node. */
function oneAccessor(): GltfBuilder {
  const b = new GltfBuilder();
  b.accessor(new Float32Array([0, 1, 2, 3]), 'SCALAR');
  b.json.animations = [{ samplers: [{ input: 0, output: 0 }], channels: [] }];
  return b;
}

/** A builder whose animation reads the accessor for real (a scale track on node 0). */
function readsBuffer(): GltfBuilder {
  const b = new GltfBuilder();
  const times = b.accessor(new Float32Array([0, 1]), 'SCALAR');
  const values = b.accessor(new Float32Array([1, 1, 1, 2, 2, 2]), 'VEC3');
  b.json.nodes = [{}];
  b.json.animations = [
    { samplers: [{ input: times, output: values }], channels: [{ sampler: 0, target: { node: 0, path: 'scale' } }] },
  ];
  return b;
}

describe('GLB container', () => {
  it('reads a GLB and a .gltf of the same content identically', () => {
    const model = parseBoth(riggedArm());
    expect(model.meshes).toHaveLength(1);
    expect(model.notes).toEqual([]);
  });

  it('accepts an ArrayBuffer and a Uint8Array view at an odd offset', () => {
    const glb = riggedArm().toGlb();
    const expected = parseGltf(glb);
    expect(parseGltf(glb.slice().buffer)).toEqual(expected);
    const shifted = new Uint8Array(glb.length + 3);
    shifted.set(glb, 3);
    expect(parseGltf(shifted.subarray(3))).toEqual(expected);
  });

  it('reads a GLB without a BIN chunk', () => {
    const model = parseGltf(encodeGlb({ ...MINIMAL, nodes: [{ name: 'only' }] }, null));
    expect(model.hierarchy.names).toEqual(['only']);
  });

  it('rejects broken headers', () => {
    const glb = encodeGlb(MINIMAL, null);
    expect(messageOf(() => parseGltf(glb.subarray(0, 10)))).toBe(
      'glb.header: 10 bytes is too short for the 12-byte header',
    );
    const version1 = glb.slice();
    new DataView(version1.buffer).setUint32(4, 1, true);
    expect(messageOf(() => parseGltf(version1))).toBe('glb.header.version: 1 is not supported (2 required)');
    const truncated = glb.subarray(0, glb.length - 4);
    expect(messageOf(() => parseGltf(truncated))).toBe(
      `glb.header.length: declares ${glb.length} bytes, the data has ${glb.length - 4}`,
    );
    const tiny = glb.slice(0, 16);
    new DataView(tiny.buffer).setUint32(8, 16, true);
    expect(messageOf(() => parseGltf(tiny))).toBe('glb.header.length: 16 bytes cannot hold a header and a JSON chunk');
  });

  it('rejects chunks running past the end', () => {
    const glb = encodeGlb(MINIMAL, new Uint8Array(8));
    const view = new DataView(glb.buffer);
    const jsonLength = view.getUint32(12, true);
    const binHeader = 20 + jsonLength;
    const longBin = glb.slice();
    new DataView(longBin.buffer).setUint32(binHeader, 12, true);
    expect(messageOf(() => parseGltf(longBin))).toBe(
      `glb.chunks[1].length: 12 bytes from byte ${binHeader + 8} run past the end of the file (${glb.length} bytes)`,
    );
    const longJson = glb.slice();
    new DataView(longJson.buffer).setUint32(12, 0xffffffff, true);
    expect(messageOf(() => parseGltf(longJson))).toBe(
      `glb.chunks[0].length: 4294967295 bytes from byte 20 run past the end of the file (${glb.length} bytes)`,
    );
    // Four stray bytes after the last chunk, counted in the header length.
    const stray = new Uint8Array(glb.length + 4);
    stray.set(glb);
    new DataView(stray.buffer).setUint32(8, stray.length, true);
    expect(messageOf(() => parseGltf(stray))).toBe(
      `glb.chunks[2]: chunk header at byte ${glb.length} runs past the end (${stray.length} bytes)`,
    );
  });

  it('words byte counts of 1 in the singular', () => {
    const glb = encodeGlb(MINIMAL, null);
    const oneMore = new Uint8Array(glb.length + 1);
    oneMore.set(glb);
    expect(parseGltf(oneMore).notes).toEqual(['glb.header.length: 1 byte after the declared end ignored']);
    // A second chunk declaring 1 byte where the file ends right after its header.
    const chunked = new Uint8Array(glb.length + 8);
    chunked.set(glb);
    const view = new DataView(chunked.buffer);
    view.setUint32(8, chunked.length, true);
    view.setUint32(glb.length, 1, true);
    view.setUint32(glb.length + 4, CHUNK_BIN, true);
    expect(messageOf(() => parseGltf(chunked))).toBe(
      `glb.chunks[1].length: 1 byte from byte ${glb.length + 8} runs past the end of the file (${chunked.length} bytes)`,
    );
  });

  it('requires the first chunk to be JSON', () => {
    const glb = encodeGlbChunks([{ type: CHUNK_BIN, data: new Uint8Array(4) }]);
    expect(messageOf(() => parseGltf(glb))).toBe(
      'glb.chunks[0].type: the first chunk must be JSON (0x4E4F534A), got 0x004E4942',
    );
  });

  it('rejects JSON chunks that are not UTF-8 or not JSON', () => {
    const badUtf8 = encodeGlbChunks([{ type: CHUNK_JSON, data: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }]);
    expect(messageOf(() => parseGltf(badUtf8))).toBe('glb.chunks[0]: the JSON is not valid UTF-8');
    const notJson = encodeGlbChunks([{ type: CHUNK_JSON, data: padTo4(new TextEncoder().encode('{"asset":'), 0x20) }]);
    expect(messageOf(() => parseGltf(notJson))).toMatch(/^glb\.chunks\[0\]: not valid JSON \(.+\)$/);
    const array = encodeGlbChunks([{ type: CHUNK_JSON, data: padTo4(encodeJson([1, 2]), 0x20) }]);
    expect(messageOf(() => parseGltf(array))).toBe('json: expected an object, got an array');
  });

  it('notes irregular but readable GLBs', () => {
    // JSON padded with zeros instead of spaces, an unknown chunk, a BIN chunk not following the
    // JSON, a second BIN chunk and an unaligned length.
    const json = new TextEncoder().encode(JSON.stringify({ ...MINIMAL, nodes: [{}] }));
    const jsonPadded = new Uint8Array(Math.ceil((json.length + 1) / 4) * 4);
    jsonPadded.set(json);
    const glb = encodeGlbChunks([
      { type: CHUNK_JSON, data: jsonPadded },
      { type: 0x12345678, data: new Uint8Array(3) },
      { type: CHUNK_BIN, data: new Uint8Array(4) },
      { type: CHUNK_BIN, data: new Uint8Array(4) },
    ]);
    const withTail = new Uint8Array(glb.length + 4);
    withTail.set(glb);
    const model = parseGltf(withTail);
    expect(model.hierarchy.count).toBe(1);
    expect(model.notes).toEqual([
      'glb.header.length: 4 bytes after the declared end ignored',
      'glb.header.length: ' + glb.length + ' is not a multiple of 4 (the format aligns to 4 bytes)',
      'glb.chunks[1].length: 3 is not a multiple of 4 (the format aligns chunks to 4 bytes)',
      'glb.chunks[1]: unknown chunk type 0x12345678 ignored',
      'glb.chunks[2]: the BIN chunk should directly follow the JSON chunk',
      'glb.chunks[3]: a second BIN chunk is ignored',
    ]);
  });
});

describe('.gltf JSON container', () => {
  it('accepts a UTF-8 byte order mark and leading whitespace', () => {
    const json = encodeJson({ ...MINIMAL, nodes: [{ name: 'ä' }] });
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, 0x20, 0x0a, ...json]);
    expect(parseGltf(withBom).hierarchy.names).toEqual(['ä']);
  });

  it('rejects what is neither GLB nor JSON', () => {
    const expected = 'file: neither a GLB (magic "glTF") nor glTF JSON (an object starting with "{")';
    expect(messageOf(() => parseGltf(new Uint8Array(0)))).toBe(expected);
    expect(messageOf(() => parseGltf(new TextEncoder().encode('[1]')))).toBe(expected);
    expect(messageOf(() => parseGltf(new Uint8Array([0x89, 0x50, 0x4e, 0x47])))).toBe(expected);
    expect(messageOf(() => parseGltf(new TextEncoder().encode('{"asset": ')))).toMatch(/^json: not valid JSON \(.+\)$/);
  });

  it('reports a JSON syntax error on one short line, whatever the text around it', () => {
    // V8 quotes the text around the error, here with CR, LF and TABs: the message keeps one line.
    const texts = [
      '{"asset": {"version": "2.0"},\r\n\t\t"nodes": ]\r\n\t' + ' '.repeat(200) + '}',
      '{"asset":\r\n\t',
      '{"a": 1,\n' + '\t'.repeat(50) + '"b": \u2028 ]' + '\n'.repeat(100) + '}',
      '{"name": "\u0001"}',
    ];
    for (const text of texts) {
      const gltf = new TextEncoder().encode(text);
      for (const bytes of [gltf, encodeGlbChunks([{ type: CHUNK_JSON, data: padTo4(gltf, 0x20) }])]) {
        const message = messageOf(() => parseGltf(bytes));
        expect(message).toMatch(/^(json|glb\.chunks\[0\]): not valid JSON \(.+\)$/);
        expect(message, JSON.stringify(message)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\s\s/);
        expect(message.length).toBeLessThan(200);
      }
    }
    const message = messageOf(() => parseGltf(new TextEncoder().encode(texts[0])));
    expect(message).toContain('"nodes": ]');
  });

  it('rejects input that is not bytes', () => {
    expect(messageOf(() => parseGltf('{}' as unknown as Uint8Array))).toBe(
      'file: expected the bytes of a .gltf or .glb as a Uint8Array or ArrayBuffer',
    );
  });
});

describe('asset and required extensions', () => {
  const cases: [Json, string][] = [
    [{}, 'asset: is required (with version "2.0")'],
    [{ asset: [] }, 'asset: expected an object, got an array'],
    [{ asset: {} }, 'asset.version: is required (such as "2.0")'],
    [{ asset: { version: 'two' } }, 'asset.version: "two" is not a version such as "2.0"'],
    [{ asset: { version: 2 } }, 'asset.version: expected a string, got 2'],
    [{ asset: { version: '1.0' } }, 'asset.version: "1.0" is not supported (glTF 2.x required)'],
    [
      { asset: { version: '2.0', minVersion: '2.1' } },
      'asset.minVersion: "2.1" is not supported (this reader implements 2.0)',
    ],
    [{ ...MINIMAL, extensionsRequired: 'KHR_x' }, 'extensionsRequired: expected an array, got "KHR_x"'],
    [{ ...MINIMAL, extensionsRequired: [3] }, 'extensionsRequired[0]: expected a string, got 3'],
    [
      { ...MINIMAL, extensionsRequired: ['KHR_materials_unlit', 'KHR_draco_mesh_compression'] },
      'extensionsRequired[1]: extension "KHR_draco_mesh_compression" is not supported',
    ],
    // Strings from the file are quoted escaped and cut short, so a message stays one short line.
    [
      { ...MINIMAL, extensionsRequired: [`EXT_\r\n${'x'.repeat(100)}`] },
      `extensionsRequired[0]: extension "EXT_\\r\\n${'x'.repeat(31)}…" is not supported`,
    ],
    [
      { asset: { version: '2.0', minVersion: '2.0\n\t' } },
      'asset.minVersion: "2.0\\n\\t" is not supported (this reader implements 2.0)',
    ],
  ];
  for (const [json, message] of cases) {
    it(`rejects ${JSON.stringify(json)}`, () => {
      expect(messageOf(() => parseGltf(encodeJson(json)))).toBe(message);
      expect(messageOf(() => parseGltf(encodeGlb(json, null)))).toBe(message);
    });
  }

  it('accepts 2.x versions and notes ignorable required extensions', () => {
    const model = parseGltf(
      encodeJson({
        asset: { version: '2.1', minVersion: '2.0' },
        extensionsRequired: ['KHR_materials_unlit', 'KHR_texture_transform', 'KHR_mesh_quantization'],
      }),
    );
    expect(model.notes).toEqual([
      'extensionsRequired: KHR_materials_unlit, KHR_texture_transform only affect materials, textures or lights; ignored',
    ]);
  });
});

describe('buffers', () => {
  it('reads data through every supported data: URI form', () => {
    // Key times 0.5 and 1.4999999: the second float's bytes encode to base64 with "+" and "/".
    const bytes = new Uint8Array([0, 0, 0, 0x3f, 0xfb, 0xff, 0xbf, 0x3f]);
    const base64 = Buffer.from(bytes).toString('base64');
    expect(base64).toMatch(/[+/]/);
    const uris = [
      dataUri(bytes),
      `data:application/gltf-buffer;base64,${base64}`,
      `data:application/octet-stream;base64,${base64.replace(/\+/g, '-').replace(/\//g, '_')}`,
      `data:;base64,${base64.replace(/=+$/, '')}`,
      `data:application/octet-stream;base64,${base64.slice(0, 4)}\r\n ${base64.slice(4)}`,
      `data:application/octet-stream,${[...bytes].map((x) => '%' + x.toString(16).padStart(2, '0')).join('')}`,
    ];
    for (const uri of uris) {
      const json = {
        ...MINIMAL,
        nodes: [{}],
        buffers: [{ byteLength: 8, uri }],
        bufferViews: [{ buffer: 0, byteLength: 8 }],
        accessors: [
          { bufferView: 0, componentType: 5126, count: 2, type: 'SCALAR' },
          { componentType: 5126, count: 2, type: 'VEC3' },
        ],
        animations: [
          { samplers: [{ input: 0, output: 1 }], channels: [{ sampler: 0, target: { node: 0, path: 'scale' } }] },
        ],
      };
      const clip = parseGltf(encodeJson(json)).clips[0];
      expect([...clip.tracks[0].times], uri).toEqual([0.5, new Float32Array(bytes.buffer)[1]]);
    }
  });

  it('rejects malformed data: URIs and short buffers', () => {
    const b = readsBuffer();
    const json = b.finalJson(dataUri(b.binary()));
    const uri: string = json.buffers[0].uri;
    const withUri = (text: string, byteLength = 32) => encodeJson({ ...json, buffers: [{ byteLength, uri: text }] });
    const at = uri.indexOf(',') + 5;
    expect(messageOf(() => parseGltf(withUri(uri.slice(0, at) + '!' + uri.slice(at + 1))))).toBe(
      'buffers[0].uri: invalid base64 character "!" at position 4',
    );
    expect(messageOf(() => parseGltf(withUri(uri.replace(/=+$/, '') + 'AA')))).toBe(
      'buffers[0].uri: base64 data ends with a single dangling character',
    );
    expect(messageOf(() => parseGltf(withUri('data:application/octet-stream;base64')))).toBe(
      'buffers[0].uri: data: URI has no "," before its data',
    );
    expect(messageOf(() => parseGltf(withUri('data:application/octet-stream,%zz')))).toBe(
      'buffers[0].uri: data: URI has malformed percent-encoding at position 0',
    );
    expect(messageOf(() => parseGltf(withUri(uri, 36)))).toBe(
      'buffers[0].byteLength: 36 bytes declared, but its data: URI holds 32',
    );
  });

  it('checks the GLB BIN chunk against buffers[0].byteLength', () => {
    const b = readsBuffer();
    const json = b.finalJson(undefined);
    json.buffers[0].byteLength += 8;
    const glb = encodeGlb(json, b.binary());
    expect(messageOf(() => parseGltf(glb))).toBe(
      `buffers[0].byteLength: ${json.buffers[0].byteLength} bytes declared, but the GLB binary chunk holds ${b.binary().length}`,
    );
  });

  it('requires a uri except for the GLB binary chunk', () => {
    const b = readsBuffer();
    const json = b.finalJson(undefined);
    expect(messageOf(() => parseGltf(encodeJson(json)))).toBe(
      'buffers[0]: has no uri and is not the binary chunk of a GLB',
    );
    json.buffers.unshift({ byteLength: 4 });
    for (const view of json.bufferViews) view.buffer = 1;
    expect(messageOf(() => parseGltf(encodeGlb(json, new Uint8Array(4))))).toBe(
      'buffers[1]: has no uri and is not the binary chunk of a GLB',
    );
  });

  it('resolves external buffers through resolveUri, lazily', () => {
    const { gltf, bin } = riggedArm().toGltfWithExternalBuffer('arm data.bin');
    const asked: string[] = [];
    const model = parseGltf(gltf, {
      resolveUri: (uri) => {
        asked.push(uri);
        return uri === 'arm data.bin' ? bin : undefined;
      },
    });
    expect(asked).toEqual(['arm data.bin']);
    expect(model).toEqual(parseGltf(riggedArm().toGlb()));
    expect(messageOf(() => parseGltf(gltf))).toBe(
      'buffers[0].uri: external file "arm data.bin" needs the resolveUri option',
    );
    expect(messageOf(() => parseGltf(gltf, { resolveUri: () => undefined }))).toBe(
      'buffers[0].uri: external file "arm data.bin" was not provided',
    );
    expect(messageOf(() => parseGltf(gltf, { resolveUri: () => bin.subarray(0, 100) }))).toBe(
      `buffers[0].byteLength: ${bin.length} bytes declared, but "arm data.bin" holds 100`,
    );
    // A buffer that nothing reads is never requested.
    const json = JSON.parse(new TextDecoder().decode(gltf));
    json.buffers.push({ byteLength: 64, uri: 'textures.bin' });
    const asked2: string[] = [];
    parseGltf(encodeJson(json), { resolveUri: (uri) => (asked2.push(uri), uri === 'arm data.bin' ? bin : undefined) });
    expect(asked2).toEqual(['arm data.bin']);
  });

  it('rejects invalid buffers and buffer views', () => {
    const cases: [(json: Json) => void, string][] = [
      [(j) => (j.buffers = 1), 'buffers: expected an array, got 1'],
      [(j) => (j.buffers[0] = 'x'), 'buffers[0]: expected an object, got "x"'],
      [(j) => delete j.buffers[0].byteLength, 'buffers[0].byteLength: is required'],
      [(j) => (j.buffers[0].byteLength = 0), 'buffers[0].byteLength: 0 is not ≥ 1'],
      [(j) => (j.buffers[0].uri = 5), 'buffers[0].uri: expected a string, got 5'],
      [(j) => (j.bufferViews = {}), 'bufferViews: expected an array, got an object'],
      [(j) => (j.bufferViews[0].buffer = 3), 'bufferViews[0].buffer: buffer 3 does not exist (1 buffer)'],
      [(j) => delete j.bufferViews[0].buffer, 'bufferViews[0].buffer: is required'],
      [(j) => (j.bufferViews[0].byteOffset = -4), 'bufferViews[0].byteOffset: -4 is not ≥ 0'],
      [
        (j) => (j.bufferViews[0].byteLength = 1e6),
        'bufferViews[0]: bytes [0, 1000000) run past the end of buffer 0 (32 bytes)',
      ],
      [
        (j) => (j.bufferViews[1].byteOffset = 28),
        'bufferViews[1]: bytes [28, 52) run past the end of buffer 0 (32 bytes)',
      ],
      [(j) => (j.bufferViews[0].byteStride = 6), 'bufferViews[0].byteStride: 6 is not a multiple of 4'],
      [(j) => (j.bufferViews[0].byteStride = 256), 'bufferViews[0].byteStride: 256 is not in [4, 252]'],
      [(j) => (j.bufferViews[0].byteStride = 2), 'bufferViews[0].byteStride: 2 is not in [4, 252]'],
    ];
    for (const [edit, message] of cases) {
      const b = readsBuffer();
      const original = b.json;
      b.json = { ...structuredClone(original), buffers: [{ byteLength: 32 }] };
      edit(b.json);
      expect(
        messageOf(() => parseGltf(b.toGlb())),
        message,
      ).toBe(message);
    }
  });
});

describe('lazy buffer use', () => {
  it('ignores an accessor nobody reads, as long as it is well formed', () => {
    const b = oneAccessor();
    b.json.animations = [];
    expect(parseBoth(b).notes).toEqual([]);
  });

  it('still validates the layout of unused accessors', () => {
    const b = oneAccessor();
    b.json.animations = [];
    b.json.accessors[0].count = 5;
    expectBothFail(b, 'accessors[0]: needs bytes [0, 20) of bufferView 0, which has 16');
  });

  it('the arm fixture reads its own accessors', () => {
    const b = riggedArm();
    b.json.accessors[ARM.position].count = 13;
    expectBothFail(b, 'accessors[1]: needs bytes [0, 156) of bufferView 1, which has 144');
  });
});
