// The model lab's pure parts: which dropped file is the model (glTF, or a format Assimp converts),
// the names Assimp gets, how a .gltf's uris find the files dropped with it (and what a missing one
// says), Assimp's scene as the lab prints it, and the state kept in the page address.
import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../src/core/gltf/index.ts';
import { assimpInputs, chooseModelFile, explainLoadError, modelFormatOf, resolverFor, uriToPath } from '../../src/figures/lab/lab-files.ts';
import { glbGenerator, MAX_DATA_ENTRIES, readAssimpScene } from '../../src/figures/lab/lab-assimp-scene.ts';
import { readLabState, writeLabState } from '../../src/figures/lab/lab-state.ts';
import { riggedArm } from './gltf/fixtures.ts';

const named = (...names: string[]) => names.map((name) => ({ name, relativePath: '' }));

describe('choosing the model among dropped files', () => {
  it('finds the one .glb or .gltf, whatever else was dropped', () => {
    expect(chooseModelFile(named('scene.bin', 'Scene.GLTF', 'skin.png'))).toBe(1);
    expect(chooseModelFile(named('robot.glb'))).toBe(0);
  });

  it('says what is wrong with none, or with several', () => {
    expect(() => chooseModelFile(named('scene.bin', 'a.png'))).toThrow(
      'No model among the files given ("scene.bin", "a.png"). The lab opens .glb, .gltf, .fbx, .dae, .x, .bvh, .md5mesh, .md5anim, .smd, .iqm, .b3d, .ms3d, .mesh.xml, .obj:',
    );
    expect(() => chooseModelFile([])).toThrow('No model among the files given (none).');
    expect(() => chooseModelFile(named('a.glb', 'b.gltf'))).toThrow('One model at a time: "a.glb", "b.gltf" were given together.');
    expect(() => chooseModelFile(named('walk.fbx', 'walk.glb'))).toThrow('One model at a time: "walk.fbx", "walk.glb" were given together.');
    expect(() => chooseModelFile(named('a.md5anim', 'b.md5anim'))).toThrow('One animation at a time: "a.md5anim", "b.md5anim" were given together.');
  });

  it('picks a file Assimp reads, whatever its companions, and an .md5mesh over its .md5anim', () => {
    expect(chooseModelFile(named('texture.png', 'Hero.FBX'))).toBe(1);
    expect(chooseModelFile(named('scene.dae', 'skin.jpg', 'normal.tga'))).toBe(0);
    expect(chooseModelFile(named('boblamp.md5anim', 'boblamp.md5mesh'))).toBe(1);
    expect(chooseModelFile(named('idle.md5anim'))).toBe(0);
    expect(chooseModelFile(named('robot.mesh.xml', 'robot.skeleton.xml', 'robot.material'))).toBe(0);
    expect(chooseModelFile(named('crate.mtl', 'crate.obj'))).toBe(1);
    for (const name of ['a.x', 'a.bvh', 'a.smd', 'a.iqm', 'a.b3d', 'a.ms3d']) expect(chooseModelFile(named('notes.txt', name)), name).toBe(1);
    // Not a model: a .box, an .xml that is not Ogre's, a name ending in "x" without the dot.
    expect(() => chooseModelFile(named('a.box', 'b.xml', 'matrix'))).toThrow('No model among the files given');
  });

  it('names the reader and the format', () => {
    expect(modelFormatOf('a.GLB')).toEqual({ reader: 'gltf', name: 'glTF binary' });
    expect(modelFormatOf('a.fbx')).toEqual({ reader: 'assimp', name: 'FBX' });
    expect(modelFormatOf('a.dae')).toEqual({ reader: 'assimp', name: 'COLLADA' });
    expect(modelFormatOf('a.mesh.xml')).toEqual({ reader: 'assimp', name: 'Ogre XML' });
    expect(modelFormatOf('a.bin')).toBeNull();
  });
});

describe('the files handed to Assimp', () => {
  it('puts the model first and keeps every other file, under its own name', () => {
    expect(assimpInputs(named('skin.png', 'hero.dae', 'hero.bin'), 1)).toEqual({ order: [1, 0, 2], names: ['skin.png', 'hero.dae', 'hero.bin'] });
  });

  it('hands a lone .md5anim over under the name Assimp looks for, the .md5mesh’s', () => {
    expect(assimpInputs(named('walk cycle.md5anim', 'guard.md5mesh'), 1)).toEqual({ order: [1, 0], names: ['guard.md5anim', 'guard.md5mesh'] });
    // Several: the one named like the mesh is read, the others are left as they are.
    expect(assimpInputs(named('guard.md5mesh', 'GUARD.md5anim', 'run.md5anim'), 0).names).toEqual(['guard.md5mesh', 'GUARD.md5anim', 'run.md5anim']);
    expect(() => assimpInputs(named('guard.md5mesh', 'walk.md5anim', 'run.md5anim'), 0)).toThrow(
      'Assimp reads one animation per .md5mesh, the .md5anim named like it ("guard.md5anim"): "walk.md5anim", "run.md5anim" were given. Drop one of them.',
    );
  });
});

describe('Assimp’s scene as the lab prints it', () => {
  const scene = {
    __metadata__: { format: 'assimp2json', version: 100 },
    rootnode: { name: '<b>root</b>', transformation: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], children: [{ name: 'leaf', transformation: [], children: [] }] },
    meshes: [
      {
        name: 'm',
        vertices: Array.from({ length: 30 }, (_, i) => i),
        faces: Array.from({ length: 17 }, () => [0, 1, 2]),
        bones: [{ name: 'b', offsetmatrix: [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1], weights: [[0, 0.5], [1, 0.5]] }],
      },
    ],
    textures: [{ data: 'x'.repeat(500) }],
  };

  it('keeps structure and short data, and cuts long arrays and strings to their length', () => {
    const { excerpt, meshes, vertices } = readAssimpScene(JSON.stringify(scene));
    expect(meshes).toBe(1);
    expect(vertices).toBe(10);
    expect(JSON.parse(excerpt)).toEqual({
      ...scene,
      meshes: [{ ...scene.meshes[0], vertices: '… 30 numbers', faces: '… 17 entries' }],
      textures: [{ data: `${'x'.repeat(40)}… 500 characters` }],
    });
    // A 16-number matrix stays on one line; a 17th number would cut it.
    expect(excerpt).toContain('"transformation": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]');
    expect(excerpt).toContain('"weights": [[0, 0.5], [1, 0.5]]');
    expect(MAX_DATA_ENTRIES).toBe(16);
    expect(readAssimpScene(JSON.stringify({ v: Array(17).fill(0) })).excerpt).toBe('{\n  "v": "… 17 numbers"\n}');
  });

  it('caps the whole at a line boundary, saying how much is left out', () => {
    // The 32 characters '{⏎  "a": 1,⏎  "b": 2,⏎  "c": 3⏎}' cut at 21: the line break at 21 ends what is kept.
    const { excerpt } = readAssimpScene(JSON.stringify({ a: 1, b: 2, c: 3 }), 21);
    expect(excerpt).toBe('{\n  "a": 1,\n  "b": 2,\n… cut here: 11 more characters of the scene.');
  });

  it('names what is wrong when the text is not JSON', () => {
    expect(() => readAssimpScene('{"rootnode": ')).toThrow(/^Assimp's JSON export could not be read: /);
  });

  it('reads the generator of a glb, and nothing from other bytes', () => {
    const glb = riggedArm();
    glb.json.asset = { version: '2.0', generator: 'Open Asset Import Library (assimp v5.2.cf7d3637)' };
    expect(glbGenerator(glb.toGlb())).toBe('Open Asset Import Library (assimp v5.2.cf7d3637)');
    expect(glbGenerator(new TextEncoder().encode('{"asset":{"generator":"x"}}'))).toBe('');
    expect(glbGenerator(new Uint8Array(8))).toBe('');
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
