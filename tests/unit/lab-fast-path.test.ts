// The model lab's fast path for big models, on the sea anemone (tools/models/stress): the file is
// valid glTF of the size the lab must handle; the lab takes the fast path for it and not for the
// project's models; and the fast path poses it — globals, palettes, local matrices, the rest pose —
// and frames it as the teaching path does (animateFrame, skinVertices), to float32 rounding.
import { beforeAll, describe, expect, it } from 'vitest';
import validator from 'gltf-validator';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Playback } from '../../src/core/clip.ts';
import { animateFrame, createPlayer, showRestPose } from '../../src/core/frame.ts';
import { parseGltf } from '../../src/core/gltf/index.ts';
import type { Model } from '../../src/core/model.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { BIG_MODEL_JOINTS, BIG_MODEL_VERTICES, isBigModel, modelSize } from '../../src/figures/lab/lab-big-model.ts';
import { createFastPath } from '../../src/figures/lab/lab-fast-path.ts';
import { writeGlb } from '../../tools/models/gltf.ts';
import { buildSeaAnemone } from '../../tools/models/stress/sea-anemone.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

let bytes: Uint8Array;
let model: Model;

beforeAll(async () => {
  bytes = await writeGlb(buildSeaAnemone());
  model = parseGltf(bytes);
}, 60_000);

/** Largest |a − b| over two arrays of the same length. */
function largestDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i] - b[i]));
  return largest;
}

describe('the sea anemone, the lab’s big model', () => {
  it('is a valid glTF of 200 joints and 100,050 vertices, indexed with unsigned ints', async () => {
    const report = await validator.validateBytes(bytes, { uri: 'sea-anemone.glb', maxIssues: 0, writeTimestamp: false });
    expect(report.issues.numErrors + report.issues.numWarnings).toBe(0);
    expect(modelSize(model)).toEqual({ joints: 200, vertices: 100_050 });
    expect(model.meshes[0].primitives[0].indices).toBeInstanceOf(Uint32Array);
    expect(Math.max(...model.meshes[0].primitives[0].indices!.subarray(-3))).toBe(100_049);
    // Four influences where four bones reach, as real rigs have.
    const weights = model.meshes[0].primitives[0].weights;
    let fourWay = 0;
    for (let v = 0; v < 100_050; v++) if (weights[4 * v + 3] > 0) fourWay++;
    expect(fourWay).toBeGreaterThan(50_000);
  });
});

describe('when the lab takes the fast path', () => {
  it('for the anemone, past both sizes; for none of the project’s models', () => {
    expect(isBigModel(modelSize(model))).toBe(true);
    expect(isBigModel({ joints: BIG_MODEL_JOINTS, vertices: 0 })).toBe(true);
    expect(isBigModel({ joints: 0, vertices: BIG_MODEL_VERTICES })).toBe(true);
    expect(isBigModel({ joints: BIG_MODEL_JOINTS - 1, vertices: BIG_MODEL_VERTICES - 1 })).toBe(false);
    const projectModels = readdirSync(join(root, 'public/models')).filter((name) => name.endsWith('.glb'));
    for (const name of projectModels) {
      const size = modelSize(parseGltf(readFileSync(join(root, 'public/models', name))));
      // The tentacle's 300 joints are the one exception: it is the bone-limit chapter's model.
      expect(isBigModel(size), name).toBe(name === 'tentacle.glb');
    }
  });
});

describe('the lab’s fast path on the anemone', () => {
  it('poses it as animateFrame does, at any time and in the rest pose, into the island’s Player', () => {
    const fast = createFastPath(model)!;
    expect(fast).not.toBeNull();
    const reference = createPlayer(model);
    const posed = createPlayer(model);
    const clip = model.clips[0];
    for (const time of [0, 0.37, 1.0, 1.99, 2.5, -0.4]) {
      animateFrame(reference, clip, time, Playback.LOOP);
      fast.pose(posed, 0, time);
      expect(largestDifference(posed.globals, reference.globals), `globals at ${time} s`).toBeLessThan(1e-5);
      expect(largestDifference(posed.palettes[0], reference.palettes[0]), `palette at ${time} s`).toBeLessThan(1e-5);
      expect(largestDifference(posed.locals, reference.locals), `locals at ${time} s`).toBeLessThan(1e-6);
    }
    showRestPose(reference);
    fast.pose(posed, -1, 0);
    expect(largestDifference(posed.palettes[0], reference.palettes[0])).toBeLessThan(1e-5);
  });

  it('skins for the framing bounds as skinVertices does', () => {
    const fast = createFastPath(model)!;
    const player = createPlayer(model);
    animateFrame(player, model.clips[0], 0.6, Playback.LOOP);
    const primitive = model.meshes[0].primitives[0];
    const reference = new Float32Array(3 * primitive.vertexCount);
    skinVertices(reference, null, primitive, player.palettes[0]);
    expect(largestDifference(fast.skinPositions(0, 0, player.palettes[0]), reference)).toBeLessThan(1e-5);
  });
});
