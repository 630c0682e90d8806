// Conformance of the model lab's Assimp path: a file Assimp reads is converted to glb by assimpjs
// (the same package and calls the lab's worker uses, here in Node), loaded by the core, and its
// skinned positions compared with three.js's (GLTFLoader + AnimationMixer + skinning) on the same
// glb, in the rest pose and at 11 times of every clip, within 1e-5 of the bounding-box diagonal
// (1e-4 for huesitos.fbx: see FBX_FILES).
// Files: the two Blender FBX files of ../shared/models/assimp (skipped by name where absent) and
// the project's own hand-written COLLADA column (tests/fixtures), whose bent pose is also checked
// against numbers worked out by hand.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AssimpModule } from 'assimpjs';
import { animateFrame, createPlayer, parseGltf, Playback, showRestPose, skinVertices, type Model } from '../../src/core/index.ts';
import { diagnoseGltf } from '../../src/core/diagnosis.ts';
import { readAssimpScene } from '../../src/figures/lab/lab-assimp-scene.ts';
import { loadThree } from '../../tools/three-reference.ts';
import { projectRoot } from './models.ts';
import { boundingDiagonal, maxDeviation, sampleTimes } from './against-three.ts';

const RELATIVE_TOLERANCE = 1e-5;
const assimpDir = fileURLToPath(new URL('../../../shared/models/assimp/', import.meta.url));
const columnPath = `${projectRoot}tests/fixtures/two-bone-column.dae`;

/**
 * From ../shared/models/assimp/README.md: vertices whose weights do not sum to 1, the clip's name,
 * length (s) and channels. `tolerance`: the fraction of the diagonal within which the core matches
 * three.js. huesitos's Armature node scales by 100 and sits 3 m off the origin, so its palette
 * products pass through values in the thousands, where float32 (the core's palette) resolves only
 * about 1e-4; three.js composes its bone matrices in float64. Measured there: 5e-6 of the diagonal
 * at 0 s, up to 4.8e-5 between keys — hence 1e-4 for it and 1e-5 for the rest.
 */
const FBX_FILES = [
  { name: 'huesitos.fbx', unnormalised: 344, clip: 'Armature|Action', duration: 1.56, channels: 30, tolerance: 1e-4 },
  { name: 'animation_with_skeleton.fbx', unnormalised: 6330, clip: 'Armature|ArmatureAction', duration: 0.83, channels: 45, tolerance: RELATIVE_TOLERANCE },
];

let assimp: Promise<AssimpModule> | null = null;

/** Converts one file with assimpjs to `format`; the bytes of its first output file. */
async function convert(name: string, bytes: Uint8Array, format: 'glb2' | 'assjson'): Promise<Uint8Array> {
  assimp ??= (createRequire(`${projectRoot}package.json`)('assimpjs') as () => Promise<AssimpModule>)();
  const module = await assimp;
  const list = new module.FileList();
  list.AddFile(name, bytes);
  const result = module.ConvertFileList(list, format);
  expect(result.GetErrorCode(), name).toBe('no_error');
  const output = result.GetFile(0).GetContent().slice();
  result.delete();
  list.delete();
  return output;
}

function read(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

/** Converts `name` and compares the core with three.js in the rest pose and at 11 times of every clip; returns the model. */
async function matchesThree(name: string, bytes: Uint8Array, relativeTolerance = RELATIVE_TOLERANCE): Promise<Model> {
  const glb = await convert(name, bytes, 'glb2');
  const model = parseGltf(glb);
  const three = await loadThree(glb);
  expect(three.primitives.length).toBe(model.meshes.reduce((n, mesh) => n + mesh.primitives.length, 0));
  const player = createPlayer(model);
  const tolerance = relativeTolerance * boundingDiagonal(model);
  const failures: string[] = [];
  three.setTime(null, 0);
  showRestPose(player);
  const rest = maxDeviation(model, player, three);
  if (!(rest <= tolerance)) failures.push(`rest pose: ${rest}`);
  let compared = 0;
  model.clips.forEach((clip, clipIndex) => {
    for (const time of sampleTimes(clip.duration)) {
      three.setTime(three.gltf.animations[clipIndex], time);
      animateFrame(player, clip, time, Playback.CLAMP);
      const deviation = maxDeviation(model, player, three);
      compared++;
      if (!(deviation <= tolerance)) failures.push(`clip "${clip.name}" at ${time.toFixed(4)} s: ${deviation.toExponential(3)}`);
    }
  });
  expect(failures, `tolerance ${tolerance.toExponential(3)}`).toEqual([]);
  expect(compared).toBe(model.clips.length * 11);
  return model;
}

const vertexCount = (model: Model) => model.meshes.reduce((n, mesh) => n + mesh.primitives.reduce((m, p) => m + p.vertexCount, 0), 0);

describe('Assimp-converted FBX (../shared/models/assimp) against three.js', () => {
  for (const file of FBX_FILES) {
    const path = `${assimpDir}${file.name}`;
    it.skipIf(!existsSync(path))(`${file.name}: the core matches three.js at 11 times, and the README's facts hold`, async () => {
      const bytes = read(path);
      await matchesThree(file.name, bytes, file.tolerance);
      const { model, diagnosis } = diagnoseGltf(await convert(file.name, bytes, 'glb2'));
      expect(model?.clips.map((clip) => clip.name)).toEqual([file.clip]);
      expect(model?.clips[0].duration).toBeCloseTo(file.duration, 2);
      expect(model?.clips[0].tracks.length).toBe(file.channels);
      // The weights do not sum to 1: the diagnosis warns, and the loader renormalises them.
      const sums = diagnosis.checks.find((check) => check.id === 'weight-sums');
      expect(sums?.status).toBe('warn');
      expect(sums?.finding).toMatch(new RegExp(`^${file.unnormalised} vertices have weights that do not sum to 1`));
      expect(sums?.repair).toBe('The loader renormalised them to sum to 1.');
      const scene = readAssimpScene(new TextDecoder().decode(await convert(file.name, bytes, 'assjson')));
      expect(scene.meshes).toBe(1);
      expect(scene.excerpt).toContain(`"name": "${file.clip}"`);
      // Assimp's glTF holds more vertices than its own aiScene: it un-welds them on export.
      expect(vertexCount(model!)).toBeGreaterThan(scene.vertices);
    });
  }
});

describe('the project’s COLLADA column (tests/fixtures/two-bone-column.dae) through Assimp', () => {
  it('matches three.js, and bends the top ring 60° about the child joint at 1 s', async () => {
    const model = await matchesThree('two-bone-column.dae', read(columnPath));
    // 20 triangles over 12 vertices in the file (and in Assimp's aiScene); the glTF Assimp writes has one vertex per corner.
    expect(vertexCount(model)).toBe(60);
    expect(model.clips.map((clip) => [clip.name, clip.duration])).toEqual([['bend', 2]]);
    const player = createPlayer(model);
    animateFrame(player, model.clips[0], 1, Playback.CLAMP);
    const primitive = model.meshes[0].primitives[0];
    const skinned = new Float32Array(primitive.vertexCount * 3);
    skinVertices(skinned, null, primitive, player.palettes[model.meshes[0].skin]);
    // A top corner (±0.2, 2, ±0.2) is (±0.2, 1, ±0.2) in the child's space; turned 60° about Z and
    // lifted 1: x = 0.5·x₀ − sin 60°, y = sin 60°·x₀ + 0.5 + 1.
    const expected = [0.2, -0.2].map((x0) => [0.5 * x0 - Math.sin(Math.PI / 3), Math.sin(Math.PI / 3) * x0 + 1.5]);
    for (let i = 0; i < primitive.vertexCount; i++) {
      if (Math.abs(primitive.positions[i * 3 + 1] - 2) > 1e-6) continue;
      const x0 = primitive.positions[i * 3];
      const [x, y] = expected[x0 > 0 ? 0 : 1];
      expect(skinned[i * 3]).toBeCloseTo(x, 5);
      expect(skinned[i * 3 + 1]).toBeCloseTo(y, 5);
      expect(skinned[i * 3 + 2]).toBeCloseTo(primitive.positions[i * 3 + 2], 5);
    }
    const scene = readAssimpScene(new TextDecoder().decode(await convert('two-bone-column.dae', read(columnPath), 'assjson')));
    expect(scene).toMatchObject({ meshes: 1, vertices: 12 });
  });
});
