import { describe, expect, it } from 'vitest';
import { GltfError, loadGltf, parseGltf, type FetchFunction } from '../../../src/core/gltf/index.ts';
import { encodeGlb, encodeJson } from './builder.ts';
import { riggedArm } from './fixtures.ts';

/** A fetch over an in-memory site; records the URLs asked for. */
function site(files: Record<string, Uint8Array>): { fetch: FetchFunction; asked: string[] } {
  const asked: string[] = [];
  const fetch: FetchFunction = async (url) => {
    asked.push(url);
    const body = files[url];
    return {
      ok: body !== undefined,
      status: body !== undefined ? 200 : 404,
      statusText: body !== undefined ? 'OK' : 'Not Found',
      arrayBuffer: async () => (body ?? new Uint8Array(0)).slice().buffer,
    };
  };
  return { fetch, asked };
}

async function rejection(promise: Promise<unknown>): Promise<GltfError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GltfError);
    return error as GltfError;
  }
  throw new Error('expected a rejection');
}

describe('loadGltf', () => {
  it('loads a .glb', async () => {
    const glb = riggedArm().toGlb();
    const { fetch, asked } = site({ 'https://example.org/models/arm.glb': glb });
    const model = await loadGltf('https://example.org/models/arm.glb', fetch);
    expect(model).toEqual(parseGltf(glb));
    expect(asked).toEqual(['https://example.org/models/arm.glb']);
  });

  it('loads a .gltf and its external buffer relative to the file, once per URI', async () => {
    const { gltf, bin } = riggedArm().toGltfWithExternalBuffer('data/arm%20data.bin');
    const json = JSON.parse(new TextDecoder().decode(gltf));
    json.buffers.push({ byteLength: bin.length, uri: 'data/arm%20data.bin' });
    const { fetch, asked } = site({
      'https://example.org/models/arm.gltf': encodeJson(json),
      'https://example.org/models/data/arm%20data.bin': bin,
    });
    const model = await loadGltf('https://example.org/models/arm.gltf', fetch);
    expect(model).toEqual(parseGltf(riggedArm().toGlb()));
    expect(asked).toEqual(['https://example.org/models/arm.gltf', 'https://example.org/models/data/arm%20data.bin']);
  });

  it('resolves buffers next to a relative file URL without a page location', async () => {
    const { gltf, bin } = riggedArm().toGltfWithExternalBuffer('arm.bin');
    const { fetch, asked } = site({ '/models/arm.gltf': gltf, '/models/arm.bin': bin });
    await loadGltf('/models/arm.gltf', fetch);
    expect(asked).toEqual(['/models/arm.gltf', '/models/arm.bin']);
  });

  it('rejects with a GltfError naming the failed download', async () => {
    const { fetch } = site({});
    expect((await rejection(loadGltf('https://example.org/missing.glb', fetch))).message).toBe(
      'file: fetching "https://example.org/missing.glb" failed (HTTP 404 Not Found)',
    );
    const { gltf } = riggedArm().toGltfWithExternalBuffer('arm.bin');
    const partial = site({ 'https://example.org/arm.gltf': gltf });
    expect((await rejection(loadGltf('https://example.org/arm.gltf', partial.fetch))).message).toBe(
      'buffers[0].uri: fetching "https://example.org/arm.bin" failed (HTTP 404 Not Found)',
    );
    const offline: FetchFunction = async () => {
      throw new TypeError('network down');
    };
    expect((await rejection(loadGltf('https://example.org/arm.glb', offline))).message).toBe(
      'file: fetching "https://example.org/arm.glb" failed (network down)',
    );
  });

  it('does not fail for a missing buffer the model never reads', async () => {
    const glb = riggedArm();
    const json = glb.finalJson(undefined);
    json.buffers.push({ byteLength: 1024, uri: 'textures.bin' });
    const { fetch, asked } = site({ 'https://example.org/arm.glb': encodeGlb(json, glb.binary()) });
    const model = await loadGltf('https://example.org/arm.glb', fetch);
    expect(model.meshes).toHaveLength(1);
    expect(asked).toEqual(['https://example.org/arm.glb', 'https://example.org/textures.bin']);
  });

  it('rejects an invalid file with the parse error', async () => {
    const { fetch } = site({ 'https://example.org/x.gltf': new TextEncoder().encode('not json') });
    expect((await rejection(loadGltf('https://example.org/x.gltf', fetch))).path).toBe('file');
  });
});
