// The model lab's pure parts: which dropped file is the model, how a .gltf's uris find the files
// dropped with it (and what a missing one says), and the state kept in the page address.
import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../src/core/gltf/index.ts';
import { chooseModelFile, explainLoadError, resolverFor, uriToPath } from '../../src/figures/lab/lab-files.ts';
import { readLabState, writeLabState } from '../../src/figures/lab/lab-state.ts';
import { riggedArm } from './gltf/fixtures.ts';

const named = (...names: string[]) => names.map((name) => ({ name, relativePath: '' }));

describe('choosing the model among dropped files', () => {
  it('finds the one .glb or .gltf, whatever else was dropped', () => {
    expect(chooseModelFile(named('scene.bin', 'Scene.GLTF', 'skin.png'))).toBe(1);
    expect(chooseModelFile(named('robot.glb'))).toBe(0);
  });

  it('says what is wrong with none, or with several', () => {
    expect(() => chooseModelFile(named('scene.bin', 'a.png'))).toThrow('No .glb or .gltf among the files given ("scene.bin", "a.png").');
    expect(() => chooseModelFile(named('a.glb', 'b.gltf'))).toThrow('One model at a time: "a.glb", "b.gltf" were given together.');
  });
});

describe('resolving a .gltf’s uris against the dropped files', () => {
  const bytes = [new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])];

  it('decodes percent-escapes and drops "./", queries and fragments', () => {
    expect(uriToPath('./my%20model.bin?v=2#x')).toBe('my model.bin');
    expect(uriToPath('bad%zz.bin')).toBe('bad%zz.bin');
    expect(uriToPath('textures\\a.png')).toBe('textures/a.png');
  });

  it('finds a file by its path relative to the model, else by its name alone', () => {
    const files = [
      { name: 'scene.gltf', relativePath: 'pack/scene.gltf' },
      { name: 'data.bin', relativePath: 'pack/buffers/data.bin' },
      { name: 'data.bin', relativePath: 'other/data.bin' },
    ];
    const resolve = resolverFor(files, (i) => bytes[i], 0);
    expect(resolve('buffers/data.bin')).toBe(bytes[1]);
    expect(resolve('./buffers/../buffers/data.bin')).toBe(bytes[1]);
    // Two files named data.bin and neither at the path: ambiguous, so not found.
    expect(resolve('elsewhere/data.bin')).toBeUndefined();
    const flat = resolverFor(named('scene.gltf', 'my model.bin'), (i) => bytes[i], 0);
    expect(flat('my%20model.bin')).toBe(bytes[1]);
    expect(flat('sub/my%20model.bin')).toBe(bytes[1]);
  });

  it('loads a .gltf with its external .bin, and names the uri when the .bin is missing', () => {
    const { gltf, bin } = riggedArm().toGltfWithExternalBuffer('arm%20data.bin');
    const files = named('arm.gltf', 'arm data.bin');
    const contents = [gltf, bin];
    const model = parseGltf(gltf, { resolveUri: resolverFor(files, (i) => contents[i], 0) });
    expect(model.meshes[0].primitives[0].vertexCount).toBe(12);
    const alone = resolverFor(named('arm.gltf'), () => gltf, 0);
    let message = '';
    try {
      parseGltf(gltf, { resolveUri: alone });
    } catch (error) {
      message = explainLoadError((error as Error).message);
    }
    expect(message).toBe(
      'buffers[0].uri: external file "arm%20data.bin" was not provided. Drop the .gltf together with the files it names (select them all, or drop their folder).',
    );
  });
});

describe('the lab’s state in the address', () => {
  it('round-trips model, clip, paused time and joint', () => {
    const state = { model: 'robot-arm.glb', clip: 'wave & bow', time: 1.25, joint: 'Upper arm' };
    const query = writeLabState(state);
    expect(query).toBe('?model=robot-arm.glb&clip=wave+%26+bow&time=1.25&joint=Upper+arm');
    expect(readLabState(query)).toEqual(state);
    expect(writeLabState({ model: '', clip: '', time: null, joint: '' })).toBe('');
  });

  it('keeps only a bare .glb file name as the model, and a non-negative finite time', () => {
    expect(readLabState('?model=https://example.com/x.glb').model).toBe('');
    expect(readLabState('?model=../secret.glb').model).toBe('');
    expect(readLabState('?model=a.gltf').model).toBe('');
    expect(readLabState('?time=-1').time).toBeNull();
    expect(readLabState('?time=NaN').time).toBeNull();
    expect(readLabState('?time=').time).toBe(0);
  });
});
