// Chapter 6 against three.js: what SkinnedMesh's bindMatrix, bindMatrixInverse and bindMode do to
// mannequin-zup-cm.glb, whose skinned mesh node hangs under a Z_UP root and an Armature scaled
// 0.01. GLTFLoader binds with the identity; in the default 'attached' mode bindMatrixInverse is
// the inverse of the mesh's world matrix, which cancels the model matrix: glTF's rule, our
// buildPalette. In 'detached' mode bindMatrixInverse is the inverse of bindMatrix (the identity),
// and the mesh node's world matrix places the mesh a second time: our
// buildPaletteWithMeshNodeTransform. bind() without a matrix measures the bone inverses in world
// space and takes the mesh's world matrix as bindMatrix, carrying the geometry there first: the
// same vertices again.
import { DetachedBindMode, Matrix4, type SkinnedMesh } from 'three';
import { describe, expect, it } from 'vitest';
import { createPlayer, parseGltf, Playback, skinVertices, type Model } from '../../src/core/index.ts';
import { buildPaletteWithMeshNodeTransform } from '../../src/core/pitfalls.ts';
import { loadThree, type ThreeScene } from '../../tools/three-reference.ts';
import { poseAt } from '../unit/helpers.ts';
import { projectRoot, readBytes } from './models.ts';

const FILE = `${projectRoot}public/models/mannequin-zup-cm.glb`;
/** Metres: the mesh is 1.85 m tall, 1.85 cm when placed twice. */
const TOLERANCE = 2e-5;

/** Largest distance between our skinned positions (through `palette`) and three.js's. */
function deviation(model: Model, palette: Float32Array, three: ThreeScene): number {
  const primitive = model.meshes[0].primitives[0];
  const ours = new Float32Array(3 * primitive.vertexCount);
  skinVertices(ours, null, primitive, palette);
  const theirs = three.skinnedPositions(three.primitives[0]);
  let worst = 0;
  for (let i = 0; i < ours.length; i += 3) worst = Math.max(worst, Math.hypot(ours[i] - theirs[i], ours[i + 1] - theirs[i + 1], ours[i + 2] - theirs[i + 2]));
  return worst;
}

describe('three.js SkinnedMesh on mannequin-zup-cm.glb', () => {
  it('is bound by GLTFLoader with the identity, in attached mode: bindMatrixInverse undoes the mesh node’s world matrix', async () => {
    const three = await loadThree(readBytes(FILE));
    const mesh: SkinnedMesh = three.primitives[0].mesh;
    three.setTime(null, 0);
    expect(mesh.bindMode).toBe('attached');
    expect(mesh.bindMatrix.equals(new Matrix4())).toBe(true);
    // The mesh node's world matrix is Z_UP × Armature, a −90° turn about x and a scale of 0.01.
    const placement = new Matrix4().makeRotationX(-Math.PI / 2).multiply(new Matrix4().makeScale(0.01, 0.01, 0.01));
    expect(mesh.matrixWorld.toArray().every((value, k) => Math.abs(value - placement.elements[k]) < 1e-8)).toBe(true);
    const undo = new Matrix4().copy(mesh.matrixWorld).invert();
    expect(mesh.bindMatrixInverse.toArray().every((value, k) => Math.abs(value - undo.elements[k]) < 1e-3)).toBe(true);

    const model = parseGltf(readBytes(FILE));
    const player = createPlayer(model);
    for (const time of [0, 0.4, 0.95]) {
      three.setTime(time === 0 ? null : three.gltf.animations[0], time);
      poseAt(player, time === 0 ? -1 : 0, time, Playback.CLAMP);
      expect(deviation(model, player.palettes[0], three), `${time} s`).toBeLessThan(TOLERANCE);
    }
  });

  it('in detached mode draws the mesh node’s transform a second time, as buildPaletteWithMeshNodeTransform does', async () => {
    const three = await loadThree(readBytes(FILE));
    three.primitives[0].mesh.bindMode = DetachedBindMode;
    const model = parseGltf(readBytes(FILE));
    const player = createPlayer(model);
    const palette = new Float32Array(player.palettes[0].length);
    for (const time of [0, 0.4]) {
      three.setTime(time === 0 ? null : three.gltf.animations[0], time);
      poseAt(player, time === 0 ? -1 : 0, time, Playback.CLAMP);
      buildPaletteWithMeshNodeTransform(palette, model.skins[0], player.globals, null, model.meshes[0].node);
      expect(deviation(model, palette, three), `${time} s`).toBeLessThan(TOLERANCE / 100);
    }
    // In the rest pose three.js draws it 1.85 cm long along z, lying down: placed twice.
    three.setTime(null, 0);
    const rest = three.skinnedPositions(three.primitives[0]);
    let lowest = Infinity;
    let highest = -Infinity;
    for (let i = 2; i < rest.length; i += 3) {
      lowest = Math.min(lowest, rest[i]);
      highest = Math.max(highest, rest[i]);
    }
    expect(highest - lowest).toBeCloseTo(0.0185, 4);
  });

  it('bound again by bind() with no matrix — bone inverses from the world, bindMatrix the mesh’s world matrix — draws the same vertices', async () => {
    const three = await loadThree(readBytes(FILE));
    const mesh = three.primitives[0].mesh;
    three.setTime(null, 0);
    mesh.bind(mesh.skeleton);
    expect(mesh.bindMatrix.toArray().every((value, k) => Math.abs(value - mesh.matrixWorld.elements[k]) < 1e-12)).toBe(true);
    const model = parseGltf(readBytes(FILE));
    const player = createPlayer(model);
    for (const time of [0, 0.4]) {
      three.setTime(time === 0 ? null : three.gltf.animations[0], time);
      poseAt(player, time === 0 ? -1 : 0, time, Playback.CLAMP);
      expect(deviation(model, player.palettes[0], three), `${time} s`).toBeLessThan(TOLERANCE);
    }
  });
});
