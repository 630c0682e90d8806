// The bind pose (src/core/bind-pose.ts): recovered from the inverse bind matrices, compared with
// the rest pose, and re-bound in another pose — on the project's models, two Khronos models whose
// root node turns Z-up into Y-up, and hand-made edge cases.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bindGlobalsOf, bindPoseDeformation, bindPoseDeviation, inverseBindMatricesFor } from '../../src/core/bind-pose.ts';
import { createPlayer, Playback } from '../../src/core/index.ts';
import { poseAt } from './helpers.ts';
import { multiplyMat4At } from '../../src/core/math.ts';
import type { Skin } from '../../src/core/model.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { expectClose } from './helpers.ts';

const MODELS = fileURLToPath(new URL('../../public/models/', import.meta.url));
const MODEL_FILES = readdirSync(MODELS).filter((file) => file.endsWith('.glb')).sort();
const KHRONOS = fileURLToPath(new URL('../../../shared/models/khronos/', import.meta.url));
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

describe('bindGlobalsOf', () => {
  for (const file of MODEL_FILES) {
    it(`${file}: inverts every inverse bind matrix, and the project's rest pose is its bind pose (placed by the mesh node, for chapter 6's model)`, () => {
      const model = loadModelFile(`${MODELS}${file}`);
      const player = createPlayer(model);
      model.skins.forEach((skin, s) => {
        const bind = bindGlobalsOf(new Float32Array(16 * skin.joints.length), skin);
        // The skin's bind globals are measured in its mesh's space: the identity for a mesh node at
        // the scene root, the Z_UP × Armature placement of mannequin-zup-cm.glb.
        const meshNode = model.meshes.find((mesh) => mesh.skin === s)!.node;
        const product = new Float32Array(16);
        skin.joints.forEach((node, j) => {
          // Tolerance relative to the translation's size (centimetres in mannequin-zup-cm.glb).
          const size = Math.max(1, Math.hypot(bind[16 * j + 12], bind[16 * j + 13], bind[16 * j + 14]));
          multiplyMat4At(product, 0, bind, 16 * j, skin.inverseBindMatrices, 16 * j);
          expectClose(product, IDENTITY, 1e-5 * size, `joint ${j}: bind × inverse bind`);
          multiplyMat4At(product, 0, player.globals, 16 * meshNode, bind, 16 * j);
          expectClose(product, player.globals.subarray(16 * node, 16 * node + 16), 1e-5, `joint ${j}: mesh node × bind = rest`);
        });
      });
    });
  }

  it('gives NaN for a joint whose inverse bind matrix is singular (no bind pose to recover)', () => {
    const skin: Skin = { name: 's', joints: Int16Array.from([0, 1]), inverseBindMatrices: new Float32Array([...IDENTITY, ...new Array(16).fill(0)]), skeleton: -1 };
    const bind = bindGlobalsOf(new Float32Array(32), skin);
    expect(Array.from(bind.subarray(0, 16))).toEqual(IDENTITY);
    expect(Array.from(bind.subarray(16)).every(Number.isNaN)).toBe(true);
  });
});

describe('bindPoseDeviation and bindPoseDeformation', () => {
  for (const file of MODEL_FILES) {
    it(`${file}: the rest pose does not deform the mesh, nor move it but by its mesh node's placement; a clip deforms it`, () => {
      const model = loadModelFile(`${MODELS}${file}`);
      const player = createPlayer(model);
      model.skins.forEach((skin, s) => {
        const out = new Float32Array(skin.joints.length);
        // How far the mesh node's world matrix is from the identity: 0 but for mannequin-zup-cm.glb.
        const meshNode = model.meshes.find((mesh) => mesh.skin === s)!.node;
        const placement = Math.max(...IDENTITY.map((value, k) => Math.abs(player.globals[16 * meshNode + k] - value)));
        expect(Math.abs(Math.max(...bindPoseDeviation(out, skin, player.globals)) - placement)).toBeLessThan(1e-5);
        expect(Math.max(...bindPoseDeformation(out, skin, player.globals))).toBeLessThan(1e-5);
      });
      if (model.clips.length > 0 && model.skins[0].joints.length > 1) {
        poseAt(player, 0, model.clips[0].duration * 0.37, Playback.LOOP);
        expect(Math.max(...bindPoseDeformation(new Float32Array(model.skins[0].joints.length), model.skins[0], player.globals))).toBeGreaterThan(0.01);
      }
    });
  }

  for (const name of ['RiggedSimple', 'RiggedFigure']) {
    const file = `${KHRONOS}${name}/${name}.glb`;
    it.skipIf(!existsSync(file))(`Khronos ${name}: a Z-up root places the rest pose away from the bind pose (deviation 1) without deforming it`, () => {
      const model = loadModelFile(file);
      const player = createPlayer(model);
      const skin = model.skins[0];
      const out = new Float32Array(skin.joints.length);
      expect(Math.max(...bindPoseDeviation(out, skin, player.globals))).toBeCloseTo(1, 5);
      expect(Math.max(...bindPoseDeformation(out, skin, player.globals))).toBeLessThan(1e-5);
    });
  }

  it('gives NaN for a joint that names no node', () => {
    const skin: Skin = { name: 's', joints: Int16Array.from([0, 9]), inverseBindMatrices: new Float32Array([...IDENTITY, ...IDENTITY]), skeleton: -1 };
    const globals = new Float32Array(IDENTITY);
    expect(Array.from(bindPoseDeviation(new Float32Array(2), skin, globals))).toEqual([0, NaN]);
    expect(Array.from(bindPoseDeformation(new Float32Array(2), skin, globals))).toEqual([0, NaN]);
  });
});

describe('inverseBindMatricesFor', () => {
  it('binds the mannequin in its walk pose: that pose then leaves the mesh as stored, and the rest pose deforms it', () => {
    const model = loadModelFile(`${MODELS}mannequin.glb`);
    const player = createPlayer(model);
    const skin = model.skins[0];
    const out = new Float32Array(skin.joints.length);
    poseAt(player, 0, 0.3, Playback.LOOP);
    const walkSkin: Skin = { ...skin, inverseBindMatrices: inverseBindMatricesFor(new Float32Array(16 * skin.joints.length), skin, player.globals) };
    expect(Math.max(...bindPoseDeviation(out, walkSkin, player.globals))).toBeLessThan(1e-5);
    poseAt(player, -1, 0, Playback.LOOP);
    expect(Math.max(...bindPoseDeformation(out, walkSkin, player.globals))).toBeGreaterThan(0.5);
  });

  it('gives the identity to a joint that names no node', () => {
    const skin: Skin = { name: 's', joints: Int16Array.from([3]), inverseBindMatrices: new Float32Array(16), skeleton: -1 };
    expect(Array.from(inverseBindMatricesFor(new Float32Array(16), skin, new Float32Array(IDENTITY)))).toEqual(IDENTITY);
  });
});
