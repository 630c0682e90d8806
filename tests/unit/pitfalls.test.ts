// The deliberately wrong pipeline variants: each must be wrong in exactly the way its pitfall
// describes (checked against gl-matrix and against the correct stage), right where the mistake
// cannot show, and as robust as the stage it imitates.
import { mat3, mat4, quat, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { ARM_START_DEGREES, ArmNode, createArmModel, setArmPose } from '../../src/figures/arm/arm-model.ts';
import { localToGlobal } from '../../src/core/hierarchy.ts';
import { createMatrices, createPose } from '../../src/core/model.ts';
import {
  buildPaletteReversedOrder,
  buildPaletteWithBindGlobals,
  buildPaletteWithGlobalInverseTwice,
  buildPaletteWithMeshNodeTransform,
  buildPaletteWithoutGlobalInverse,
  buildPaletteWithoutOffsets,
  localToGlobalReversedOrder,
  localToGlobalSkippingBonelessNodes,
  localToGlobalWithoutParents,
  sampleClipRelativeToRest,
} from '../../src/core/pitfalls.ts';
import { createClipCursor, Playback, sampleClip } from '../../src/core/clip.ts';
import { multiplyQuatAt } from '../../src/core/math.ts';
import { animateFrame, createPlayer } from '../../src/core/frame.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { composeLocal } from '../../src/core/pose.ts';
import { boxedNumbers, expectClose, newSpaceGrowth, poseAt, randomAffine, randomUnitQuat, seededRandom } from './helpers.ts';
import { buildPalette } from '../../src/core/palette.ts';

const DEGREES = Math.PI / 180;

/** A random parents-first hierarchy with a few roots. */
function randomParents(random: () => number, count: number): Int16Array {
  const parents = new Int16Array(count);
  for (let i = 0; i < count; i++) parents[i] = i === 0 || random() < 0.1 ? -1 : Math.floor(random() * i);
  return parents;
}

/** Random rigid locals (rotation about a random axis + translation in [−1, 1)³), 16 floats per node. */
function randomRigidLocals(random: () => number, count: number): Float32Array {
  const locals = new Float32Array(16 * count);
  for (let i = 0; i < count; i++) {
    const t = [2 * random() - 1, 2 * random() - 1, 2 * random() - 1];
    locals.set(mat4.fromRotationTranslation(mat4.create(), randomUnitQuat(random), t), 16 * i);
  }
  return locals;
}

const at = (matrices: Float32Array, node: number) => matrices.subarray(16 * node, 16 * node + 16);
const translationOf = (matrices: Float32Array, node: number) => Array.from(matrices.subarray(16 * node + 12, 16 * node + 15));
const translationY = (y: number) => mat4.fromTranslation(mat4.create(), [0, y, 0]) as Float32Array;

/** The arm of chapter 1 in its starting pose (shoulder 30°, elbow 45°, hand 0°): parents and locals. */
function armAtStart(degrees: readonly number[] = ARM_START_DEGREES): { parents: Int16Array; locals: Float32Array } {
  const model = createArmModel();
  const pose = setArmPose(createPose(model.hierarchy.count), model, degrees.map((d) => d * DEGREES));
  return { parents: model.hierarchy.parents, locals: composeLocal(createMatrices(model.hierarchy.count), pose) };
}

describe('localToGlobalReversedOrder', () => {
  it('computes L_i × G_parent, recursively, on a random rotated hierarchy (gl-matrix reference)', () => {
    const random = seededRandom(901);
    const count = 40;
    const parents = randomParents(random, count);
    const locals = randomRigidLocals(random, count);
    const reversed = localToGlobalReversedOrder(new Float32Array(16 * count), parents, locals);
    const expected: mat4[] = [];
    for (let i = 0; i < count; i++) {
      const local = at(locals, i);
      const parent = parents[i];
      expected[i] = parent >= 0 ? mat4.multiply(mat4.create(), local, expected[parent]) : mat4.clone(local);
      expectClose(at(reversed, i), expected[i], 1e-5, `node ${i}`);
    }
  });

  it('differs from localToGlobal on a rotated chain: the child is turned by its own rotation, not its parent’s', () => {
    const random = seededRandom(902);
    const parents = Int16Array.from([-1, 0, 1]);
    const locals = randomRigidLocals(random, 3);
    const reversed = localToGlobalReversedOrder(new Float32Array(48), parents, locals);
    const correct = localToGlobal(new Float32Array(48), parents, locals);
    for (const node of [1, 2]) {
      const parent = parents[node];
      // Correct: t = t_parent + R_parent t_local. Reversed: t = t_local + R_local t_parent.
      const rotation = (m: Float32Array, n: number) => mat3.fromMat4(mat3.create(), at(m, n));
      const position = (m: Float32Array, n: number) => vec3.fromValues(m[16 * n + 12], m[16 * n + 13], m[16 * n + 14]);
      const wrong = vec3.add(vec3.create(), position(locals, node), vec3.transformMat3(vec3.create(), position(reversed, parent), rotation(locals, node)));
      expectClose(translationOf(reversed, node), wrong, 1e-5, `node ${node} translation`);
      const right = vec3.add(vec3.create(), position(correct, parent), vec3.transformMat3(vec3.create(), position(locals, node), rotation(correct, parent)));
      expectClose(translationOf(correct, node), right, 1e-5, `node ${node} correct translation`);
      expect(vec3.distance(position(reversed, node), position(correct, node)), `node ${node} moved`).toBeGreaterThan(0.05);
      // Rotations in 3D do not commute either: R_local R_parent, not R_parent R_local.
      const wrongRotation = mat3.multiply(mat3.create(), rotation(locals, node), rotation(reversed, parent));
      expectClose(rotation(reversed, node), wrongRotation, 1e-5, `node ${node} rotation`);
    }
  });

  it('on chapter 1’s arm, leaves the elbow at its local offset (0, 2) however the shoulder turns', () => {
    for (const shoulder of [30, -70, 120]) {
      const { parents, locals } = armAtStart([shoulder, 45, 0]);
      const correct = localToGlobal(createMatrices(5), parents, locals);
      const reversed = localToGlobalReversedOrder(createMatrices(5), parents, locals);
      expectClose(translationOf(reversed, ArmNode.ELBOW), [0, 2, 0], 1e-6, `shoulder ${shoulder}°: elbow`);
      const s = shoulder * DEGREES;
      expectClose(translationOf(correct, ArmNode.ELBOW), [-2 * Math.sin(s), 2 * Math.cos(s), 0], 1e-6, `shoulder ${shoulder}°: correct elbow`);
      // About one axis the rotations still add up: the elbow's axes are turned by 30° + 45°.
      expectClose(at(reversed, ArmNode.ELBOW).subarray(0, 12), at(correct, ArmNode.ELBOW).subarray(0, 12), 1e-6);
      // The hand (not rotated) sits at its own offset plus the elbow's wrong position: (0, 3.5).
      expectClose(translationOf(reversed, ArmNode.HAND), [0, 3.5, 0], 1e-6, `shoulder ${shoulder}°: hand`);
    }
    // Turning the hand swings the elbow's offset about the model origin: the hand lands at
    // R_z(hand) (0, 2) + (0, 1.5), far from the forearm's end.
    const { parents, locals } = armAtStart([30, 45, 60]);
    const reversed = localToGlobalReversedOrder(createMatrices(5), parents, locals);
    expectClose(translationOf(reversed, ArmNode.HAND), [-2 * Math.sin(60 * DEGREES), 2 * Math.cos(60 * DEGREES) + 1.5, 0], 1e-6);
  });

  it('agrees with localToGlobal where order cannot matter: a root, identity locals, pure translations', () => {
    const random = seededRandom(903);
    const single = randomRigidLocals(random, 1);
    expect(Array.from(localToGlobalReversedOrder(new Float32Array(16), Int16Array.from([-1]), single))).toEqual(Array.from(single));

    const count = 12;
    const parents = randomParents(random, count);
    const identities = createMatrices(count);
    expect(Array.from(localToGlobalReversedOrder(createMatrices(count).fill(7), parents, identities))).toEqual(Array.from(identities));

    const translations = new Float32Array(16 * count);
    for (let i = 0; i < count; i++) translations.set(mat4.fromTranslation(mat4.create(), [random(), random(), random()]), 16 * i);
    const expected = localToGlobal(createMatrices(count), parents, translations);
    expectClose(localToGlobalReversedOrder(createMatrices(count), parents, translations), expected, 1e-6, 'translations only');

    // The arm's bind pose is built from bone offsets alone: the bug is invisible until a joint turns.
    const bind = armAtStart([0, 0, 0]);
    expectClose(
      localToGlobalReversedOrder(createMatrices(5), bind.parents, bind.locals),
      localToGlobal(createMatrices(5), bind.parents, bind.locals),
      1e-6,
      'arm bind pose',
    );
  });

  it('allows outGlobals === locals (in place)', () => {
    const random = seededRandom(904);
    const count = 25;
    const parents = randomParents(random, count);
    const locals = randomRigidLocals(random, count);
    const expected = localToGlobalReversedOrder(new Float32Array(16 * count), parents, locals);
    const inPlace = Float32Array.from(locals);
    expect(localToGlobalReversedOrder(inPlace, parents, inPlace)).toBe(inPlace);
    expect(Array.from(inPlace)).toEqual(Array.from(expected));
  });

  it('allocates nothing per call', () => {
    const random = seededRandom(905);
    const parents = randomParents(random, 60);
    const locals = randomRigidLocals(random, 60);
    const out = createMatrices(60);
    const perChunk = newSpaceGrowth(() => localToGlobalReversedOrder(out, parents, locals), 5_000);
    expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
  });

  describe('invalid input', () => {
    it('treats a node whose parent does not come before it as a root, as localToGlobal does', () => {
      const parents = Int16Array.from([-1, 2, 0, 99, -7]);
      const locals = new Float32Array(80);
      for (let i = 0; i < 5; i++) locals.set(translationY(i + 1), 16 * i);
      const globals = localToGlobalReversedOrder(new Float32Array(80), parents, locals);
      expect([globals[16 + 13], globals[32 + 13], globals[48 + 13], globals[64 + 13]]).toEqual([2, 4, 4, 5]);
    });

    it('processes min(parents, locals, outGlobals) nodes, leaves the rest untouched, and never throws', () => {
      const parents = Int16Array.from([-1, 0, 1, 2]);
      const locals = new Float32Array(48);
      for (let i = 0; i < 3; i++) locals.set(translationY(1), 16 * i);
      const out = new Float32Array(80).fill(9);
      expect(() => localToGlobalReversedOrder(out, parents, locals)).not.toThrow();
      expect(out[32 + 13]).toBe(3);
      expect(Array.from(out.subarray(48)).every((v) => v === 9)).toBe(true);
      const short = new Float32Array(20).fill(9);
      localToGlobalReversedOrder(short, parents, locals);
      expect(short[13]).toBe(1);
      expect(Array.from(short.subarray(16))).toEqual([9, 9, 9, 9]);
      const empty = new Float32Array(16).fill(4);
      localToGlobalReversedOrder(empty, new Int16Array(0), new Float32Array(0));
      expect(Array.from(empty).every((v) => v === 4)).toBe(true);
    });

    it('passes NaN through without throwing', () => {
      const parents = Int16Array.from([-1, 0]);
      const locals = createMatrices(2);
      locals[0] = Number.NaN;
      const out = createMatrices(2);
      expect(() => localToGlobalReversedOrder(out, parents, locals)).not.toThrow();
      expect(Number.isNaN(out[16])).toBe(true);
    });
  });
});

describe('localToGlobalWithoutParents', () => {
  it('returns the locals as globals on a random rotated hierarchy', () => {
    const random = seededRandom(911);
    const count = 40;
    const parents = randomParents(random, count);
    const locals = randomRigidLocals(random, count);
    const out = localToGlobalWithoutParents(createMatrices(count).fill(3), parents, locals);
    expect(Array.from(out)).toEqual(Array.from(locals));
    // …which is wrong for every node that has a parent whose global is not the identity.
    const correct = localToGlobal(createMatrices(count), parents, locals);
    for (let i = 0; i < count; i++) {
      if (parents[i] < 0) continue;
      const distance = Math.max(...Array.from(at(out, i), (v, k) => Math.abs(v - correct[16 * i + k])));
      expect(distance, `node ${i}`).toBeGreaterThan(1e-3);
    }
  });

  it('on chapter 1’s arm, leaves the elbow and the hand at their offsets from the origin whatever the shoulder does', () => {
    for (const shoulder of [30, -70, 120]) {
      const { parents, locals } = armAtStart([shoulder, 45, 0]);
      const globals = localToGlobalWithoutParents(createMatrices(5), parents, locals);
      const correct = localToGlobal(createMatrices(5), parents, locals);
      // The shoulder is a root: right. The elbow's global is its local; the hand keeps (0, 1.5).
      expect(Array.from(at(globals, ArmNode.SHOULDER))).toEqual(Array.from(at(correct, ArmNode.SHOULDER)));
      expect(Array.from(at(globals, ArmNode.ELBOW))).toEqual(Array.from(at(locals, ArmNode.ELBOW)));
      expectClose(translationOf(globals, ArmNode.ELBOW), [0, 2, 0], 0, `shoulder ${shoulder}°: elbow`);
      expectClose(translationOf(globals, ArmNode.HAND), [0, 1.5, 0], 0, `shoulder ${shoulder}°: hand`);
      // Only the elbow's own 45° turns it; the shoulder's rotation never reaches it.
      expectClose(globals[16 * ArmNode.ELBOW], Math.cos(45 * DEGREES), 1e-6);
    }
  });

  it('agrees with localToGlobal where parents cannot matter: a root, identity locals, a forest of roots', () => {
    const random = seededRandom(912);
    const single = randomRigidLocals(random, 1);
    expect(Array.from(localToGlobalWithoutParents(new Float32Array(16), Int16Array.from([-1]), single))).toEqual(Array.from(single));

    const count = 12;
    const parents = randomParents(random, count);
    const identities = createMatrices(count);
    expect(Array.from(localToGlobalWithoutParents(createMatrices(count).fill(7), parents, identities))).toEqual(
      Array.from(localToGlobal(createMatrices(count), parents, identities)),
    );

    const roots = new Int16Array(count).fill(-1);
    const locals = randomRigidLocals(random, count);
    expect(Array.from(localToGlobalWithoutParents(createMatrices(count), roots, locals))).toEqual(
      Array.from(localToGlobal(createMatrices(count), roots, locals)),
    );
  });

  it('allows outGlobals === locals (in place): nothing changes', () => {
    const locals = randomRigidLocals(seededRandom(913), 5);
    const before = Array.from(locals);
    expect(localToGlobalWithoutParents(locals, Int16Array.from([-1, 0, 1, 2, 3]), locals)).toBe(locals);
    expect(Array.from(locals)).toEqual(before);
  });

  it('allocates nothing per call', () => {
    const random = seededRandom(914);
    const parents = randomParents(random, 60);
    const locals = randomRigidLocals(random, 60);
    const out = createMatrices(60);
    const perChunk = newSpaceGrowth(() => localToGlobalWithoutParents(out, parents, locals), 5_000);
    expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
  });

  describe('invalid input', () => {
    it('ignores parent links entirely, broken ones included', () => {
      const parents = Int16Array.from([-1, 2, 0, 99, -7]);
      const locals = randomRigidLocals(seededRandom(915), 5);
      expect(Array.from(localToGlobalWithoutParents(createMatrices(5), parents, locals))).toEqual(Array.from(locals));
    });

    it('processes min(parents, locals, outGlobals) nodes, leaves the rest untouched, and never throws', () => {
      const locals = randomRigidLocals(seededRandom(916), 3);
      const out = new Float32Array(80).fill(9);
      expect(() => localToGlobalWithoutParents(out, Int16Array.from([-1, 0, 1, 2]), locals)).not.toThrow();
      expect(Array.from(out.subarray(0, 48))).toEqual(Array.from(locals));
      expect(Array.from(out.subarray(48)).every((v) => v === 9)).toBe(true);
      const fewerParents = new Float32Array(48).fill(9);
      localToGlobalWithoutParents(fewerParents, Int16Array.from([-1]), locals);
      expect(Array.from(fewerParents.subarray(16)).every((v) => v === 9)).toBe(true);
      const short = new Float32Array(20).fill(9);
      localToGlobalWithoutParents(short, Int16Array.from([-1, 0, 1]), locals);
      expect(Array.from(short.subarray(0, 16))).toEqual(Array.from(locals.subarray(0, 16)));
      expect(Array.from(short.subarray(16))).toEqual([9, 9, 9, 9]);
      const empty = new Float32Array(16).fill(4);
      localToGlobalWithoutParents(empty, new Int16Array(0), new Float32Array(0));
      expect(Array.from(empty).every((v) => v === 4)).toBe(true);
    });
  });
});

describe('the break-it variants are exported by the core', () => {
  it('from src/core/index.ts', async () => {
    const core = await import('../../src/core/index.ts');
    expect(core.localToGlobalReversedOrder).toBe(localToGlobalReversedOrder);
    expect(core.localToGlobalWithoutParents).toBe(localToGlobalWithoutParents);
  });
});

describe('palette pitfalls (offset matrices)', () => {
  const model = loadModelFile(new URL('../../public/models/two-bones-rotated.glb', import.meta.url).pathname);
  const skin = model.skins[0];
  const child = 1; // joint 1 = node 1, one unit up the root, turned 45° about z in the bind pose

  /** A player in the bind pose, or with the child turned a further `degrees` about its z axis. */
  function posed(degrees: number) {
    const player = createPlayer(model);
    poseAt(player, -1, 0, Playback.LOOP);
    const q = player.pose.rotations;
    const turn = Float32Array.of(0, 0, Math.sin((degrees * DEGREES) / 2), Math.cos((degrees * DEGREES) / 2));
    multiplyQuatAt(q, 4 * child, q, 4 * child, turn, 0);
    animateFrame(player, null);
    return player;
  }
  const IDENTITY = Array.from(mat4.create());

  it('the wrong order hides in the bind pose (B⁻¹ × B = B × B⁻¹ = I) and shows as soon as a bone turns', () => {
    const bind = posed(0);
    const reversed = buildPaletteReversedOrder(new Float32Array(32), skin, bind.globals);
    expectClose(reversed, bind.palettes[0], 1e-6);
    expectClose(reversed.subarray(16), IDENTITY, 1e-6);
    const turned = posed(60);
    const wrong = buildPaletteReversedOrder(new Float32Array(32), skin, turned.globals);
    // Correct: the child turns about its joint, which stays at (0, 1, 0).
    const joint = vec3.transformMat4(vec3.create(), [0, 1, 0], turned.palettes[0].subarray(16, 32));
    expectClose(joint, [0, 1, 0], 1e-6);
    // Reversed: inverseBind × global, as gl-matrix computes it — and the joint is carried away.
    const expected = mat4.multiply(mat4.create(), skin.inverseBindMatrices.subarray(16, 32), turned.globals.subarray(16, 32));
    expectClose(wrong.subarray(16), expected, 1e-6);
    const moved = vec3.transformMat4(vec3.create(), [0, 1, 0], wrong.subarray(16, 32));
    expect(vec3.distance(moved, [0, 1, 0])).toBeGreaterThan(0.5);
  });

  it('forgetting the offset uses the globals themselves: in the bind pose the child is moved by its whole bind transform', () => {
    const bind = posed(0);
    const palette = buildPaletteWithoutOffsets(new Float32Array(32), skin, bind.globals);
    expectClose(palette, bind.globals.subarray(0, 32), 0);
    // The root sits at the origin unturned, so only the child is wrong: a vertex at its joint lands one unit higher, turned.
    expectClose(palette.subarray(0, 16), IDENTITY, 1e-7);
    const joint = vec3.transformMat4(vec3.create(), [0, 1, 0], palette.subarray(16, 32));
    expect(vec3.distance(joint, [0, 1, 0])).toBeGreaterThan(0.9);
  });

  it('the offset not inverted applies the bind transform twice: G × B = B² in the bind pose', () => {
    const bind = posed(0);
    const palette = buildPaletteWithBindGlobals(new Float32Array(32), skin, bind.globals);
    const b = mat4.invert(mat4.create(), skin.inverseBindMatrices.subarray(16, 32))!;
    expectClose(palette.subarray(16, 32), mat4.multiply(mat4.create(), b, b), 1e-5);
    expectClose(palette.subarray(0, 16), IDENTITY, 1e-7);
  });

  it('all three give the identity to a joint that names no node, never throw, and allocate nothing', () => {
    const broken = { ...skin, joints: Int16Array.from([0, 99]) };
    const bind = posed(0);
    for (const variant of [buildPaletteReversedOrder, buildPaletteWithoutOffsets, buildPaletteWithBindGlobals]) {
      const palette = variant(new Float32Array(32).fill(7), broken, bind.globals);
      expectClose(palette.subarray(16), IDENTITY, 0);
      expect(() => variant(new Float32Array(8), skin, new Float32Array(0))).not.toThrow();
      const out = new Float32Array(32);
      expect(newSpaceGrowth(() => variant(out, skin, bind.globals), 5_000), variant.name).toBeLessThan(4_000);
    }
  });
});

describe('hierarchy and clip pitfalls (hierarchy traversal)', () => {
  const mannequin = loadModelFile(new URL('../../public/models/mannequin.glb', import.meta.url).pathname);
  const { parents, rest } = mannequin.hierarchy;
  const isJoint = new Uint8Array(mannequin.hierarchy.count);
  for (const node of mannequin.skins[0].joints) isJoint[node] = 1;

  it('skipping bone-less nodes loses the Armature node’s Z-up → Y-up rotation for every bone below it', () => {
    const player = createPlayer(mannequin);
    poseAt(player, 0, 0.4, Playback.LOOP);
    const skipped = localToGlobalSkippingBonelessNodes(new Float32Array(player.globals.length), parents, player.locals, isJoint);
    const armature = mannequin.hierarchy.names.indexOf('Armature');
    expect(isJoint[armature]).toBe(0);
    const undo = mat4.invert(mat4.create(), player.locals.subarray(16 * armature, 16 * armature + 16))!;
    for (const node of mannequin.skins[0].joints) {
      // Correct global = Armature × (what the skipping traversal computes).
      const expected = mat4.multiply(mat4.create(), undo, player.globals.subarray(16 * node, 16 * node + 16));
      expectClose(skipped.subarray(16 * node, 16 * node + 16), expected, 1e-5, mannequin.hierarchy.names[node]);
    }
    expectClose(skipped.subarray(16 * armature, 16 * armature + 16), Array.from(mat4.create()), 0);
    // With every node a joint, nothing is skipped: the correct globals.
    const all = localToGlobalSkippingBonelessNodes(new Float32Array(player.globals.length), parents, player.locals, new Uint8Array(parents.length).fill(1));
    expectClose(all, player.globals, 1e-6);
  });

  it('keys taken relative to the rest pose apply every keyed node’s rest transform twice, and leave unkeyed channels alone', () => {
    const clip = mannequin.clips[0];
    const correct = sampleClip(createPose(mannequin.hierarchy.count), clip, rest, 0.4, Playback.LOOP, createClipCursor(clip.tracks.length));
    const wrong = sampleClipRelativeToRest(createPose(mannequin.hierarchy.count), clip, rest, 0.4, Playback.LOOP, createClipCursor(clip.tracks.length));
    const hips = mannequin.hierarchy.names.indexOf('hips');
    const keyed = new Set(clip.tracks.map((track) => `${track.node}:${track.path}`));
    for (let node = 0; node < mannequin.hierarchy.count; node++) {
      const t = [3 * node, 3 * node + 3] as const, q = [4 * node, 4 * node + 4] as const;
      if (keyed.has(`${node}:0`)) {
        expectClose(wrong.translations.subarray(...t), Array.from(correct.translations.subarray(...t), (x, c) => x + rest.translations[3 * node + c]), 1e-6);
      } else {
        expect(Array.from(wrong.translations.subarray(...t))).toEqual(Array.from(correct.translations.subarray(...t)));
      }
      if (keyed.has(`${node}:1`)) {
        const expected = quatMultiply(rest.rotations.subarray(...q), correct.rotations.subarray(...q));
        expectClose(wrong.rotations.subarray(...q), expected, 1e-6, mannequin.hierarchy.names[node]);
      } else {
        expect(Array.from(wrong.rotations.subarray(...q))).toEqual(Array.from(correct.rotations.subarray(...q)));
      }
    }
    // The hips, keyed at about their rest height (z up in the Armature's frame), end up twice as high.
    expect(wrong.translations[3 * hips + 2]).toBeGreaterThan(1.8 * correct.translations[3 * hips + 2]);
  });

  it('both allocate nothing per frame and never throw on short buffers', () => {
    const clip = mannequin.clips[0];
    const pose = createPose(mannequin.hierarchy.count);
    const cursor = createClipCursor(clip.tracks.length);
    // Pre-boxed times, so only the pitfall's own allocations are measured (see newSpaceGrowth). It
    // creates no object; V8 may box a number where it chose not to inline a call (16 bytes, well
    // under one per track), which tests/unit/clip-allocation.test.ts explains.
    const times = boxedNumbers(Array.from({ length: 600 }, (_, i) => i / 60));
    const perCall = newSpaceGrowth((i) => sampleClipRelativeToRest(pose, clip, rest, times[i % 600], Playback.LOOP, cursor), 5_000) / 5_000;
    expect(perCall, `${perCall.toFixed(2)} bytes per call, ${clip.tracks.length} tracks`).toBeLessThan(16 * clip.tracks.length);
    const globals = new Float32Array(16 * parents.length);
    const locals = composeLocal(new Float32Array(16 * parents.length), rest);
    expect(newSpaceGrowth(() => localToGlobalSkippingBonelessNodes(globals, parents, locals, isJoint), 5_000)).toBeLessThan(4_000);
    expect(() => localToGlobalSkippingBonelessNodes(new Float32Array(8), parents, locals, new Uint8Array(0))).not.toThrow();
    expect(() => sampleClipRelativeToRest(createPose(2), clip, rest, 0.2, Playback.LOOP, cursor)).not.toThrow();
  });
});

/** a · b for quaternions [x, y, z, w] (gl-matrix's quat.multiply). */
function quatMultiply(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  return Array.from(quat.multiply(quat.create(), quat.fromValues(a[0], a[1], a[2], a[3]), quat.fromValues(b[0], b[1], b[2], b[3])));
}

describe('palette pitfalls (global inverse transform)', () => {
  const model = loadModelFile(new URL('../../public/models/mannequin-zup-cm.glb', import.meta.url).pathname);
  const skin = model.skins[0];
  const meshNode = model.meshes[0].node;
  const zUp = model.hierarchy.names.indexOf('Z_UP');
  const armature = model.hierarchy.names.indexOf('Armature');
  const IDENTITY = Array.from(mat4.create());
  const jointCount = skin.joints.length;

  /** Random affine globals for `count` nodes, a skin over some of them with random inverse binds, and a random global inverse. */
  function randomCase(seed: number) {
    const random = seededRandom(seed);
    const count = 12;
    const globals = new Float32Array(16 * count);
    for (let i = 0; i < count; i++) globals.set(randomAffine(random), 16 * i);
    const joints = Int16Array.from([3, 0, 7, 11, 5]);
    const inverseBindMatrices = new Float32Array(16 * joints.length);
    for (let j = 0; j < joints.length; j++) inverseBindMatrices.set(randomAffine(random), 16 * j);
    return { globals, skin: { name: 'random', joints, inverseBindMatrices, skeleton: -1 }, globalInverse: randomAffine(random) };
  }
  /** gl-matrix: front × globals[joint] × inverseBind, for each joint. */
  function reference(front: mat4, globals: Float32Array, s: typeof skin): Float32Array {
    const out = new Float32Array(16 * s.joints.length);
    s.joints.forEach((node, j) => {
      const m = mat4.multiply(mat4.create(), globals.subarray(16 * node, 16 * node + 16), s.inverseBindMatrices.subarray(16 * j, 16 * j + 16));
      out.set(mat4.multiply(mat4.create(), front, m), 16 * j);
    });
    return out;
  }
  const relativeTolerance = (values: Float32Array) => 1e-6 * Math.max(1, ...Array.from(values, Math.abs));

  it('forgetting the global inverse gives global × inverseBind, whatever globalInverse is given', () => {
    const { globals, skin: s, globalInverse } = randomCase(921);
    const expected = reference(mat4.create(), globals, s);
    const forgotten = buildPaletteWithoutGlobalInverse(new Float32Array(expected.length), s, globals, globalInverse);
    expectClose(forgotten, expected, relativeTolerance(expected));
    expect(Array.from(forgotten)).toEqual(Array.from(buildPalette(new Float32Array(expected.length), s, globals, null)));
    // …which differs from the palette the global inverse re-bases.
    const correct = buildPalette(new Float32Array(expected.length), s, globals, globalInverse);
    expect(Math.max(...Array.from(correct, (value, k) => Math.abs(value - forgotten[k])))).toBeGreaterThan(0.1);
  });

  it('applying it twice gives globalInverse × globalInverse × global × inverseBind; with none, buildPalette’s result', () => {
    const { globals, skin: s, globalInverse } = randomCase(922);
    const twice = mat4.multiply(mat4.create(), globalInverse, globalInverse);
    const expected = reference(twice, globals, s);
    expectClose(buildPaletteWithGlobalInverseTwice(new Float32Array(expected.length), s, globals, globalInverse), expected, relativeTolerance(expected));
    const none = buildPaletteWithGlobalInverseTwice(new Float32Array(expected.length), s, globals, null);
    expect(Array.from(none)).toEqual(Array.from(buildPalette(new Float32Array(expected.length), s, globals, null)));
  });

  it('applying the mesh node gives globals[meshNode] × globalInverse × global × inverseBind; a mesh node that names no node adds nothing', () => {
    const { globals, skin: s, globalInverse } = randomCase(923);
    const front = mat4.multiply(mat4.create(), globals.subarray(16 * 9, 16 * 9 + 16), globalInverse);
    const expected = reference(front, globals, s);
    expectClose(buildPaletteWithMeshNodeTransform(new Float32Array(expected.length), s, globals, globalInverse, 9), expected, relativeTolerance(expected));
    const correct = buildPalette(new Float32Array(expected.length), s, globals, globalInverse);
    for (const nowhere of [-1, 12, 999, Number.NaN]) {
      expect(Array.from(buildPaletteWithMeshNodeTransform(new Float32Array(expected.length), s, globals, globalInverse, nowhere)), `mesh node ${nowhere}`).toEqual(Array.from(correct));
    }
  });

  it('on mannequin-zup-cm.glb at rest, drawn with Z_UP as model matrix: forgotten turns the mesh once more; twice leaves only the Armature’s 0.01; the mesh node applies Z_UP × Armature twice', () => {
    const player = createPlayer(model);
    const at = (matrices: Float32Array, i: number) => matrices.subarray(16 * i, 16 * i + 16);
    const placement = at(player.globals, meshNode); // Z_UP × Armature
    expectClose(at(player.globals, meshNode), mat4.multiply(mat4.create(), at(player.globals, zUp), at(player.locals, armature)), 1e-9);
    const rootTransform = at(player.globals, zUp);
    const globalInverse = mat4.invert(mat4.create(), rootTransform) as Float32Array;
    const drawnWithRoot = (palette: Float32Array) => {
      for (let j = 0; j < jointCount; j++) palette.set(mat4.multiply(mat4.create(), rootTransform, at(palette, j)), 16 * j);
      return palette;
    };
    // Correct, both ways: the placement itself, for every joint.
    const correct = buildPalette(new Float32Array(16 * jointCount), skin, player.globals, null);
    const ogldev = drawnWithRoot(buildPalette(new Float32Array(16 * jointCount), skin, player.globals, globalInverse));
    const forgotten = drawnWithRoot(buildPaletteWithoutGlobalInverse(new Float32Array(16 * jointCount), skin, player.globals, globalInverse));
    const twice = drawnWithRoot(buildPaletteWithGlobalInverseTwice(new Float32Array(16 * jointCount), skin, player.globals, globalInverse));
    const meshNodeApplied = buildPaletteWithMeshNodeTransform(new Float32Array(16 * jointCount), skin, player.globals, null, meshNode);
    const doubled = mat4.multiply(mat4.create(), placement, placement);
    const turnedTwice = mat4.multiply(mat4.create(), rootTransform, placement);
    for (let j = 0; j < jointCount; j++) {
      const name = model.hierarchy.names[skin.joints[j]];
      expectClose(at(correct, j), placement, 2e-7, `${name}: correct`);
      expectClose(at(ogldev, j), placement, 2e-7, `${name}: re-based and drawn with the root`);
      expectClose(at(forgotten, j), turnedTwice, 2e-7, `${name}: forgotten`);
      expectClose(at(twice, j), at(player.locals, armature), 2e-7, `${name}: twice`);
      expectClose(at(meshNodeApplied, j), doubled, 2e-9, `${name}: mesh node`);
    }
    // R_x(−90°) twice is a half turn: y → −y, z → −z.
    expectClose(Array.from(turnedTwice).slice(0, 12), [0.01, 0, 0, 0, 0, -0.01, 0, 0, 0, 0, -0.01, 0], 2e-7);
    expectClose(Array.from(doubled).slice(0, 12), [1e-4, 0, 0, 0, 0, -1e-4, 0, 0, 0, 0, -1e-4, 0], 2e-9);
  });

  it('all three give the identity to a joint that names no node, never throw, and allocate nothing', () => {
    const broken = { ...skin, joints: Int16Array.from([skin.joints[0], 99]) };
    const player = createPlayer(model);
    const globalInverse = mat4.invert(mat4.create(), player.globals.subarray(16 * zUp, 16 * zUp + 16)) as Float32Array;
    const variants = [
      (out: Float32Array, s: typeof skin, g: Float32Array) => buildPaletteWithoutGlobalInverse(out, s, g, globalInverse),
      (out: Float32Array, s: typeof skin, g: Float32Array) => buildPaletteWithGlobalInverseTwice(out, s, g, globalInverse),
      (out: Float32Array, s: typeof skin, g: Float32Array) => buildPaletteWithMeshNodeTransform(out, s, g, globalInverse, meshNode),
    ];
    for (const variant of variants) {
      const palette = variant(new Float32Array(32).fill(7), broken, player.globals);
      expectClose(palette.subarray(16), IDENTITY, 0);
      expect(() => variant(new Float32Array(8), skin, new Float32Array(0))).not.toThrow();
      const short = new Float32Array(20).fill(3);
      variant(short, skin, player.globals);
      expect(Array.from(short.subarray(16))).toEqual([3, 3, 3, 3]);
      const out = new Float32Array(16 * jointCount);
      expect(newSpaceGrowth(() => variant(out, skin, player.globals), 5_000)).toBeLessThan(4_000);
    }
    // A global inverse shorter than 16 floats counts as none, as for buildPalette.
    const none = buildPalette(new Float32Array(16 * jointCount), skin, player.globals, null);
    expect(Array.from(buildPaletteWithGlobalInverseTwice(new Float32Array(16 * jointCount), skin, player.globals, new Float32Array(4)))).toEqual(Array.from(none));
  });

  it('are exported by the core', async () => {
    const core = await import('../../src/core/index.ts');
    expect(core.buildPaletteWithoutGlobalInverse).toBe(buildPaletteWithoutGlobalInverse);
    expect(core.buildPaletteWithGlobalInverseTwice).toBe(buildPaletteWithGlobalInverseTwice);
    expect(core.buildPaletteWithMeshNodeTransform).toBe(buildPaletteWithMeshNodeTransform);
  });
});

// ── Chapter 7: keyframe interpolation ──────────────────────────────────────────────────────────
// (Imported here, beside the tests that use them; imports are hoisted.)
import {
  animationTimeSecondsAsTicks,
  animationTimeWithoutTicksDefault,
  lerpQuatAtWithoutNormalizing,
  sampleClipWithUnscaledTangents,
  slerpQuatAtWithoutFlip,
  wrapClipTimeWithFmod,
} from '../../src/core/pitfalls.ts';
import { nlerpQuatAt, slerpQuatAt } from '../../src/core/math.ts';
import { wrapClipTime } from '../../src/core/clip.ts';
import { sampleClipBlendingRotations } from '../../src/core/rotation-blend.ts';
import { animationTimeInTicks } from '../../src/core/ticks.ts';
import { flippedSegments, withPositiveW } from '../../src/figures/keys/exported-keys.ts';

describe('the interpolation pitfalls (chapter 7)', () => {
  const random = seededRandom(77);
  const out = new Float32Array(4);
  /** The angle between two rotations, degrees (q and −q are the same rotation). */
  const between = (a: ArrayLike<number>, b: ArrayLike<number>) =>
    (2 * Math.acos(Math.min(1, Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]))) * 180) / Math.PI;

  it('slerp without the flip: slerp for keys on the same side; the long way, by 360° minus the angle, for keys on opposite sides', () => {
    for (let trial = 0; trial < 200; trial++) {
      const a = randomUnitQuat(random);
      const b = randomUnitQuat(random);
      if (quat.dot(a as quat, b as quat) < 0) quat.scale(b as quat, b as quat, -1);
      const t = random();
      expectClose(slerpQuatAtWithoutFlip(out, 0, a, 0, b, 0, t), slerpQuatAt(new Float32Array(4), 0, a, 0, b, 0, t), 1e-6);
      // The same keys, b stored as −b: the right answer does not change, the flip-less one goes round the other way.
      const minusB = b.map((c) => -c);
      const short = slerpQuatAt(new Float32Array(4), 0, a, 0, minusB, 0, 0.5);
      const long = slerpQuatAtWithoutFlip(new Float32Array(4), 0, a, 0, minusB, 0, 0.5);
      expectClose(Math.hypot(...long), 1, 1e-5);
      const angle = between(a, b);
      if (angle > 1) expectClose(between(long, short), 180, 1e-3, `keys ${angle.toFixed(1)}° apart`);
      expectClose(between(long, a) + between(long, b), 360 - angle, 1e-3);
    }
    // The same rotation stored with both signs: no plane to turn in, and still a finite answer.
    const q = randomUnitQuat(random);
    for (const t of [0, 0.3, 0.5, 1]) for (const c of slerpQuatAtWithoutFlip(out, 0, q, 0, q.map((x) => -x), 0, t)) expect(Number.isFinite(c)).toBe(true);
  });

  it('slerp without the flip turns the mannequin\'s thighs the long way where their keys, written with w ≥ 0, change side — and only there', () => {
    const mannequin = loadModelFile(new URL('../../public/models/mannequin.glb', import.meta.url).pathname);
    const walk = mannequin.clips.find((clip) => clip.name === 'walk')!;
    const exported = withPositiveW(walk);
    const rest = mannequin.hierarchy.rest;
    const count = mannequin.hierarchy.count;
    const thigh = mannequin.hierarchy.names.indexOf('upper_leg.L');
    const track = exported.tracks.find((t) => t.node === thigh && t.path === 1)!;
    const flips = flippedSegments(track.times, track.values);
    expect(flips).toHaveLength(2);
    const sample = (blend: typeof slerpQuatAt, clip: typeof walk, time: number) =>
      sampleClipBlendingRotations(createPose(count), clip, rest, time, Playback.LOOP, createClipCursor(clip.tracks.length), blend).rotations;
    for (let i = 0; i < 72; i++) {
      const time = i / 60 + 1 / 120;
      const right = sample(slerpQuatAt, walk, time);
      // The keys as exported: slerp does not notice (the same rotations, matrix for matrix).
      expectClose(composeLocal(new Float32Array(16 * count), { ...rest, rotations: sample(slerpQuatAt, exported, time) }), composeLocal(new Float32Array(16 * count), { ...rest, rotations: right }), 1e-6);
      const wrong = sample(slerpQuatAtWithoutFlip, exported, time);
      const k = track.times.findLastIndex((t) => t <= time);
      const off = between(wrong.subarray(4 * thigh, 4 * thigh + 4), right.subarray(4 * thigh, 4 * thigh + 4));
      if (flips.includes(k)) expect(off, `${time.toFixed(3)} s`).toBeGreaterThan(45); // 360° · u off, here u = 1/4 or 3/4
      else expect(off, `${time.toFixed(3)} s`).toBeLessThan(0.1); // acos near 1 magnifies float32 rounding
    }
  });

  it('lerp without normalising: nlerp\'s direction, shorter than 1 between keys — cos(θ/4) half-way between keys θ apart', () => {
    for (let trial = 0; trial < 200; trial++) {
      const a = randomUnitQuat(random);
      const b = randomUnitQuat(random);
      const t = random();
      const lerped = lerpQuatAtWithoutNormalizing(new Float32Array(4), 0, a, 0, b, 0, t);
      const length = Math.hypot(...lerped);
      expect(length).toBeLessThanOrEqual(1 + 1e-6);
      expectClose(lerped.map((c) => c / length), nlerpQuatAt(new Float32Array(4), 0, a, 0, b, 0, t), 1e-5);
    }
    const a = new Float32Array([0, 0, 0, 1]);
    const b = new Float32Array([0, 0, Math.sin(Math.PI / 3), Math.cos(Math.PI / 3)]); // 120° about z
    expectClose(Math.hypot(...lerpQuatAtWithoutNormalizing(out, 0, a, 0, b, 0, 0.5)), Math.cos(Math.PI / 6), 1e-6);
    expectClose(lerpQuatAtWithoutNormalizing(out, 0, a, 0, b, 0, 1), b, 1e-7);
  });

  it('fmod loops forward as the positive modulo does, and leaves a negative clock negative', () => {
    for (const time of [0, 0.3, 1.19, 1.2, 5.5, 100.05]) expectClose(wrapClipTimeWithFmod(time, 1.2, Playback.LOOP), wrapClipTime(time, 1.2, Playback.LOOP), 1e-12);
    expectClose(wrapClipTimeWithFmod(-0.25, 1.2, Playback.LOOP), -0.25, 1e-12);
    expectClose(wrapClipTime(-0.25, 1.2, Playback.LOOP), 0.95, 1e-12);
    expect(wrapClipTimeWithFmod(-0.25, 1.2, Playback.CLAMP)).toBe(0);
    for (const time of [NaN, Infinity]) expect(wrapClipTimeWithFmod(time, 1.2, Playback.LOOP)).toBe(0);
    expect(wrapClipTimeWithFmod(1, 0, Playback.LOOP)).toBe(0);
  });

  it('seconds read as ticks play the clip ticksPerSecond times too slowly; 0 ticks per second freezes it', () => {
    for (const seconds of [0, 0.4, 2.5, 30]) {
      expectClose(animationTimeSecondsAsTicks(seconds * 30, 30, 36, Playback.LOOP), animationTimeInTicks(seconds, 30, 36, Playback.LOOP), 1e-9);
      expect(animationTimeWithoutTicksDefault(seconds, 0, 36, Playback.LOOP)).toBe(0);
      expectClose(animationTimeWithoutTicksDefault(seconds, 30, 36, Playback.LOOP), animationTimeInTicks(seconds, 30, 36, Playback.LOOP), 1e-9);
    }
    for (const variant of [animationTimeSecondsAsTicks, animationTimeWithoutTicksDefault]) expect(variant(NaN, 30, 36, Playback.LOOP)).toBe(0);
  });

  it('cubic splines with unscaled tangents: right at the keys and on other tracks, the Hermite form without t_d between keys', () => {
    const pointers = loadModelFile(new URL('../../public/models/interpolation.glb', import.meta.url).pathname);
    const keys = pointers.clips[0];
    const rest = pointers.hierarchy.rest;
    const count = pointers.hierarchy.count;
    const cubic = pointers.hierarchy.names.indexOf('cubic');
    const translation = keys.tracks.find((t) => t.node === cubic && t.path === 0)!;
    let differs = 0;
    for (let i = 0; i <= 240; i++) {
      const time = i / 100;
      const right = sampleClip(createPose(count), keys, rest, time, Playback.LOOP, createClipCursor(keys.tracks.length));
      const wrong = sampleClipWithUnscaledTangents(createPose(count), keys, rest, time, Playback.LOOP, createClipCursor(keys.tracks.length));
      for (let n = 0; n < count; n++) {
        if (n === cubic) continue;
        expect(Array.from(wrong.translations.subarray(3 * n, 3 * n + 3))).toEqual(Array.from(right.translations.subarray(3 * n, 3 * n + 3)));
        expect(Array.from(wrong.rotations.subarray(4 * n, 4 * n + 4))).toEqual(Array.from(right.rotations.subarray(4 * n, 4 * n + 4)));
      }
      const k = Math.max(0, translation.times.findLastIndex((t) => t <= time));
      if (Array.from(translation.times).some((t) => Math.abs(t - time) < 1e-6)) {
        expectClose(wrong.translations[3 * cubic + 1], right.translations[3 * cubic + 1], 1e-6);
      } else {
        const u = (time - translation.times[k]) / (translation.times[k + 1] - translation.times[k]);
        const v = (j: number) => translation.values[9 * k + j + 1];
        const expected = (2 * u ** 3 - 3 * u ** 2 + 1) * v(3) + (u ** 3 - 2 * u ** 2 + u) * v(6) + (-2 * u ** 3 + 3 * u ** 2) * v(12) + (u ** 3 - u ** 2) * v(9);
        expectClose(wrong.translations[3 * cubic + 1], expected, 1e-6, `${time} s`);
        if (Math.abs(wrong.translations[3 * cubic + 1] - right.translations[3 * cubic + 1]) > 1e-4) differs++;
      }
      expectClose(Math.hypot(...wrong.rotations.subarray(4 * cubic, 4 * cubic + 4)), 1, 1e-6);
    }
    expect(differs).toBeGreaterThan(150);
    const pose = createPose(count);
    const cursor = createClipCursor(keys.tracks.length);
    const times = boxedNumbers(Array.from({ length: 300 }, (_, i) => i / 60 - 1));
    expect(newSpaceGrowth((i) => sampleClipWithUnscaledTangents(pose, keys, rest, times[i % 300], Playback.LOOP, cursor), 5_000) / 5_000).toBeLessThan(16 * keys.tracks.length);
    expect(() => sampleClipWithUnscaledTangents(createPose(2), keys, rest, 0.9, Playback.LOOP, createClipCursor(0))).not.toThrow();
  });
});
