// Conformance: our CPU-skinned positions equal three.js's (GLTFLoader + AnimationMixer +
// SkinnedMesh.applyBoneTransform) on every model, in the rest pose and at 11 times per clip
// (0, nine times in between, the last key, and past the end), within 1e-4 of the model's
// bounding-box diagonal — with the palettes of the JavaScript player and of the WebAssembly SIMD
// player. Khronos models missing on this machine are reported as skipped by name.
import { describe, expect, it } from 'vitest';
import { createPlayer, parseGltf, Playback } from '../../src/core/index.ts';
import { khronosModels, projectModels, readBytes, type ModelFile } from './models.ts';
import { loadThree } from '../../tools/three-reference.ts';
import { evaluateModel } from '../../tools/inspect.ts';
import { createSimdPlayer } from '../../src/core/fast/pose-simd.ts';
import { poseAt } from '../unit/helpers.ts';
import { boundingDiagonal, maxDeviation, sampleTimes } from './against-three.ts';

/** Tolerance as a fraction of the bind-pose bounding-box diagonal. */
const RELATIVE_TOLERANCE = 1e-4;

/** Compares one player kind with three.js in the rest pose and at sampleTimes of every clip. */
async function matchesThree(file: ModelFile & { path: string }, kind: 'javascript' | 'simd') {
  const bytes = readBytes(file.path);
  const model = parseGltf(bytes);
  const three = await loadThree(bytes);
  const player = kind === 'javascript' ? createPlayer(model) : createSimdPlayer(model);
  expect(player, 'WebAssembly SIMD is available in Node 24').not.toBeNull();
  if (player === null) return;
  const pose = (clipIndex: number, time: number) =>
    'evaluate' in player ? player.evaluate(clipIndex, time, Playback.CLAMP) : poseAt(player, clipIndex, time, Playback.CLAMP);
  const tolerance = RELATIVE_TOLERANCE * boundingDiagonal(model);
  const failures: string[] = [];
  let compared = 0;

  three.setTime(null, 0);
  pose(-1, 0);
  const restDeviation = maxDeviation(model, player, three);
  if (!(restDeviation <= tolerance)) failures.push(`rest pose: ${restDeviation}`);

  model.clips.forEach((clip, clipIndex) => {
    const threeClip = three.gltf.animations[clipIndex];
    expect(threeClip, `three.js clip ${clipIndex}`).toBeDefined();
    for (const time of sampleTimes(clip.duration)) {
      three.setTime(threeClip, time);
      pose(clipIndex, time);
      const deviation = maxDeviation(model, player, three);
      compared++;
      if (!(deviation <= tolerance)) failures.push(`clip "${clip.name}" at ${time.toFixed(4)} s: ${deviation.toExponential(3)}`);
    }
  });
  expect(failures, `tolerance ${tolerance.toExponential(3)}`).toEqual([]);
  expect(compared).toBe(model.clips.length * 11);
}

function conformanceSuite(file: ModelFile & { path: string }) {
  it('loads in both and agrees on the skinned meshes', async () => {
    const bytes = readBytes(file.path);
    const model = parseGltf(bytes);
    const three = await loadThree(bytes);
    const ourPrimitives = model.meshes.reduce((n, m) => n + m.primitives.length, 0);
    expect(ourPrimitives).toBeGreaterThan(0);
    expect(three.primitives.length).toBe(ourPrimitives);
  });

  it('matches three.js in the rest pose and at 11 times of every clip', () => matchesThree(file, 'javascript'));
  it('matches three.js with the WebAssembly SIMD player too', () => matchesThree(file, 'simd'));

  it('inspect --json prints the same skinned positions as three.js (mid-clip, or bind pose)', async () => {
    const bytes = readBytes(file.path);
    const model = parseGltf(bytes);
    const three = await loadThree(bytes);
    const clipIndex = model.clips.length > 0 ? 0 : -1;
    const time = clipIndex >= 0 ? model.clips[0].duration * 0.43 : 0;
    three.setTime(clipIndex >= 0 ? three.gltf.animations[0] : null, time);
    const json = evaluateModel(model, clipIndex, time, Playback.CLAMP);
    const tolerance = RELATIVE_TOLERANCE * boundingDiagonal(model);
    json.meshes.forEach((mesh, m) =>
      mesh.primitives.forEach((primitive, p) => {
        const reference = three.primitives.find((r) => r.sourceNode === mesh.node && r.primitive === p);
        expect(reference, `mesh ${m} primitive ${p}`).toBeDefined();
        const theirs = three.skinnedPositions(reference!);
        expect(primitive.positions.length).toBe(theirs.length);
        let worst = 0;
        for (let i = 0; i < theirs.length; i++) worst = Math.max(worst, Math.abs(primitive.positions[i] - theirs[i]));
        expect(worst).toBeLessThanOrEqual(tolerance);
      }),
    );
  });
}

describe('conformance with three.js: project models (public/models)', () => {
  const files = projectModels();
  it('has generated models to test', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) describe(file.label, () => conformanceSuite(file as ModelFile & { path: string }));
});

describe('conformance with three.js: Khronos sample models (../shared/models/khronos)', () => {
  const missing = khronosModels().filter((file) => file.path === null);
  if (missing.length > 0) {
    console.warn(`conformance: skipped, not present on this machine: ${missing.map((file) => file.label).join(', ')}`);
  }
  for (const file of khronosModels()) {
    if (file.path === null) {
      it.skip(`${file.label} — skipped: not present on this machine`, () => {});
    } else {
      describe(file.label, () => conformanceSuite(file as ModelFile & { path: string }));
    }
  }
});
