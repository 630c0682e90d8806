// The packed model file the figures download (src/core/packed-model.ts): for every project model
// and the Khronos samples, unpacking the packed bytes gives back exactly the Model the glTF reader
// built — every number bit for bit, every typed array of the same type — and a broken file is
// refused with a message naming what is wrong.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../src/core/gltf/index.ts';
import type { Model } from '../../src/core/model.ts';
import { loadPackedModel, packedModelUrl, packModel, unpackModel } from '../../src/core/packed-model.ts';
import { listProjectModels, readProjectModel } from '../../src/build-time/project-models.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const khronos = join(root, '../shared/models/khronos');

/**
 * Walks both values side by side and lists every difference: type, constructor, length, and
 * numbers compared with Object.is (so −0 ≠ 0 and NaN = NaN, as the bits are).
 */
function differences(actual: unknown, expected: unknown, path = 'model', out: string[] = []): string[] {
  if (out.length > 20) return out;
  if (ArrayBuffer.isView(expected)) {
    if (!ArrayBuffer.isView(actual) || actual.constructor !== expected.constructor) {
      out.push(`${path}: expected a ${expected.constructor.name}, got ${String((actual as object)?.constructor?.name)}`);
      return out;
    }
    const a = actual as unknown as ArrayLike<number>;
    const e = expected as unknown as ArrayLike<number>;
    if (a.length !== e.length) out.push(`${path}: length ${a.length}, expected ${e.length}`);
    else for (let i = 0; i < e.length; i++) if (!Object.is(a[i], e[i])) {
      out.push(`${path}[${i}]: ${a[i]}, expected ${e[i]}`);
      break;
    }
    return out;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual) !== Array.isArray(expected)) {
      out.push(`${path}: expected ${Array.isArray(expected) ? 'an array' : 'an object'}`);
      return out;
    }
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      const e = (expected as Record<string, unknown>)[key];
      const a = (actual as Record<string, unknown>)[key];
      // JSON has no undefined: an absent optional field and one set to undefined are the same Model.
      if (e === undefined && a === undefined) continue;
      differences(a, e, `${path}.${key}`, out);
    }
    return out;
  }
  if (!Object.is(actual, expected)) out.push(`${path}: ${String(actual)}, expected ${String(expected)}`);
  return out;
}

function roundTrip(model: Model): Model {
  return unpackModel(packModel(model));
}

describe('a packed model is the Model the glTF reader built', () => {
  it.each(listProjectModels(root))('public/models/%s', (file) => {
    const model = readProjectModel(file, root);
    expect(differences(roundTrip(model), model)).toEqual([]);
  });

  const samples = ['RiggedSimple/RiggedSimple.glb', 'RiggedFigure/RiggedFigure.glb', 'CesiumMan/CesiumMan.glb', 'Fox/Fox.glb'].filter((file) =>
    existsSync(join(khronos, file)),
  );
  it.skipIf(samples.length === 0).each(samples)('../shared/models/khronos/%s', (file) => {
    const model = parseGltf(new Uint8Array(readFileSync(join(khronos, file))));
    expect(differences(roundTrip(model), model)).toEqual([]);
  });

  it('finds a difference when there is one (the comparison can fail)', () => {
    const model = readProjectModel('two-bones.glb', root);
    const changed = roundTrip(model);
    changed.skins[0].inverseBindMatrices[5] = Math.fround(changed.skins[0].inverseBindMatrices[5] + 1e-3);
    changed.hierarchy.names[1] = 'renamed';
    expect(differences(changed, model)).toHaveLength(2);
    const retyped = roundTrip(model);
    (retyped.meshes[0].primitives[0] as { joints: unknown }).joints = new Uint8Array(retyped.meshes[0].primitives[0].joints);
    expect(differences(retyped, model)).toHaveLength(1);
  });

  it('keeps the arrays aligned when the file is read at an odd offset', () => {
    const model = readProjectModel('two-bones.glb', root);
    const packed = packModel(model);
    const shifted = new Uint8Array(packed.length + 1).subarray(1);
    shifted.set(packed);
    expect(differences(unpackModel(shifted), model)).toEqual([]);
  });
});

describe('a broken packed file is refused with a reason', () => {
  const packed = packModel(readProjectModel('two-bones.glb', root));
  it.each([
    ['too short', packed.subarray(0, 7), /7 bytes is too short for the 12-byte header/],
    ['a glb', new Uint8Array(readFileSync(join(root, 'public/models/two-bones.glb'))), /not a packed model \(it starts with "glTF"/],
    ['cut in the JSON', packed.subarray(0, 100), /cut short: its JSON needs \d+ bytes, the file has 100/],
    ['cut in the data', packed.subarray(0, packed.length - 4), /cut short: a \w+Array of \d+ elements at byte \d+ reaches past/],
  ])('%s', (_label, bytes, message) => {
    expect(() => unpackModel(bytes, 'two-bones.model')).toThrow(message);
    expect(() => unpackModel(bytes, 'two-bones.model')).toThrow(/^two-bones\.model: /);
  });

  it('another version', () => {
    const other = packed.slice();
    new DataView(other.buffer).setUint32(4, 2, true);
    expect(() => unpackModel(other)).toThrow(/version 2 is not the version this reader knows \(1\)/);
  });

  it('JSON that does not parse, and an unknown array type', () => {
    const broken = packed.slice();
    broken[12] = '!'.charCodeAt(0);
    expect(() => unpackModel(broken)).toThrow(/its JSON does not parse/);
    const text = new TextDecoder().decode(packed.subarray(12, 12 + new DataView(packed.buffer).getUint32(8, true)));
    const renamed = packed.slice();
    renamed.set(new TextEncoder().encode(text.replace('"Float32Array"', '"Float32Arrax"')), 12);
    expect(() => unpackModel(renamed)).toThrow(/unknown array type "Float32Arrax"/);
  });

  it('refuses to pack what JSON cannot hold', () => {
    const model = readProjectModel('two-bones.glb', root) as Model & { extra?: unknown };
    model.extra = new Map();
    expect(() => packModel(model)).toThrow(/"extra" holds a value a packed model cannot store/);
  });
});

describe('loadPackedModel', () => {
  it('names the URL and the HTTP status of a failed download, and the fault of a bad file', async () => {
    const url = packedModelUrl('/', 'mannequin.glb');
    expect(url).toBe('/models/packed/mannequin.model');
    await expect(loadPackedModel(url, async () => new Response('not found', { status: 404, statusText: 'Not Found' }))).rejects.toThrow(
      'fetching "/models/packed/mannequin.model" failed (HTTP 404 Not Found)',
    );
    await expect(loadPackedModel(url, async () => { throw new TypeError('network down'); })).rejects.toThrow(/failed \(network down\)/);
    await expect(loadPackedModel(url, async () => new Response(new Uint8Array(3)))).rejects.toThrow(
      '/models/packed/mannequin.model: 3 bytes is too short',
    );
    const model = readProjectModel('two-bones.glb', root);
    const loaded = await loadPackedModel(url, async () => new Response(packModel(model)));
    expect(differences(loaded, model)).toEqual([]);
  });
});
