// The procedurally built teaching models (src/core/examples/): well-formed skinning data, a bind
// pose that skins to itself, the hierarchy rule chapter 1 states (a parent carries its children,
// a child never moves its parent), the numbers chapters 1, 2, 4 and 5 print, and a seamless clip.
import { describe, expect, it } from 'vitest';
import { createClipCursor, Playback, sampleClip } from '../../src/core/clip.ts';
import {
  ARM_JOINT_NAMES,
  ARM_START_DEGREES,
  ArmNode,
  BLEND_HALF_WIDTH,
  FOREARM_LENGTH,
  HAND_LENGTH,
  UPPER_ARM_LENGTH,
  WAVE_DURATION,
  armJointAngle,
  createArmModel,
  setArmJointAngle,
  setArmPose,
  waveAngles,
} from '../../src/figures/arm/arm-model.ts';
import { localToGlobal } from '../../src/core/hierarchy.ts';
import { multiplyMat4At } from '../../src/core/math.ts';
import { createMatrices, createPose, type Model, type Pose } from '../../src/core/model.ts';
import { buildPalette } from '../../src/core/palette.ts';
import { composeLocal } from '../../src/core/pose.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { expectClose, expectFinite } from './helpers.ts';
import { computeBlendExample } from '../../src/figures/weights/blend-example.ts';
import { computeOffsetExample } from '../../src/figures/offset/offset-example.ts';
import { computeTraversalExample } from '../../src/figures/traversal/traversal-example.ts';
import { computeBindExample } from '../../src/figures/bind/bind-example.ts';
import { computeRegroupExample } from '../../src/figures/weights/regroup-example.ts';

const DEGREES = Math.PI / 180;
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Pose → locals → globals → palette → skinned positions and normals, as the arm island runs it. */
function skinArm(model: Model, pose: Pose): { locals: Float32Array; globals: Float32Array; positions: Float32Array; normals: Float32Array } {
  const count = model.hierarchy.count;
  const locals = composeLocal(createMatrices(count), pose);
  const globals = localToGlobal(createMatrices(count), model.hierarchy.parents, locals);
  const palette = buildPalette(createMatrices(model.skins[0].joints.length), model.skins[0], globals, null);
  const primitive = model.meshes[0].primitives[0];
  const positions = new Float32Array(3 * primitive.vertexCount);
  const normals = new Float32Array(3 * primitive.vertexCount);
  skinVertices(positions, normals, primitive, palette);
  return { locals, globals, positions, normals };
}

/** The rest pose with the given joint angles (degrees, skin order). */
function armPose(model: Model, degrees: readonly number[]): Pose {
  return setArmPose(createPose(model.hierarchy.count), model, degrees.map((angle) => angle * DEGREES));
}

/** Largest distance any of the vertices in `selected` moved between two position arrays. */
function largestMove(a: Float32Array, b: Float32Array, selected: (vertex: number) => boolean): number {
  let largest = 0;
  for (let v = 0; 3 * v < a.length; v++) {
    if (!selected(v)) continue;
    largest = Math.max(largest, Math.hypot(a[3 * v] - b[3 * v], a[3 * v + 1] - b[3 * v + 1], a[3 * v + 2] - b[3 * v + 2]));
  }
  return largest;
}

describe('createArmModel', () => {
  const model = createArmModel();
  const primitive = model.meshes[0].primitives[0];
  const skin = model.skins[0];

  it('has the documented hierarchy: shoulder → elbow → hand → hand_end, plus the mesh node', () => {
    expect(model.hierarchy.count).toBe(5);
    expect(model.hierarchy.names).toEqual(['shoulder', 'elbow', 'hand', 'hand_end', 'arm']);
    expect(Array.from(model.hierarchy.parents)).toEqual([-1, 0, 1, 2, -1]);
    for (let i = 0; i < model.hierarchy.count; i++) expect(model.hierarchy.parents[i]).toBeLessThan(i);
    expect(Array.from(skin.joints)).toEqual([ArmNode.SHOULDER, ArmNode.ELBOW, ArmNode.HAND]);
    expect(ARM_JOINT_NAMES.map((name, j) => model.hierarchy.names[skin.joints[j]] === name)).toEqual([true, true, true]);
    expect(model.meshes).toHaveLength(1);
    expect(model.meshes[0].node).toBe(ArmNode.MESH);
    expect(model.notes).toEqual([]);
    expectClose(model.hierarchy.rest.translations, [0, 0, 0, 0, UPPER_ARM_LENGTH, 0, 0, FOREARM_LENGTH, 0, 0, HAND_LENGTH, 0, 0, 0, 0]);
  });

  it('has inverse bind matrices that undo the bind-pose globals (chapter 1: translate −2, −3.5 on Y)', () => {
    const globals = skinArm(model, model.hierarchy.rest).globals;
    const product = new Float32Array(16);
    for (let j = 0; j < 3; j++) {
      multiplyMat4At(product, 0, globals, 16 * skin.joints[j], skin.inverseBindMatrices, 16 * j);
      expectClose(product, IDENTITY, 1e-6, `joint ${j}`);
    }
    expectClose(skin.inverseBindMatrices.subarray(16 + 12, 16 + 15), [0, -UPPER_ARM_LENGTH, 0]);
    expectClose(skin.inverseBindMatrices.subarray(32 + 12, 32 + 15), [0, -(UPPER_ARM_LENGTH + FOREARM_LENGTH), 0]);
  });

  it('has well-formed skinning data: ≤ 2 influences, weights in [0, 1] summing to 1, valid joints', () => {
    const { vertexCount, positions, normals, joints, weights, indices } = primitive;
    expect(vertexCount).toBeGreaterThan(500);
    expect(positions).toHaveLength(3 * vertexCount);
    expect(normals).toHaveLength(3 * vertexCount);
    expect(joints).toHaveLength(4 * vertexCount);
    expect(weights).toHaveLength(4 * vertexCount);
    expectFinite(positions, 'positions');
    for (let v = 0; v < vertexCount; v++) {
      let sum = 0;
      let used = 0;
      for (let slot = 0; slot < 4; slot++) {
        const w = weights[4 * v + slot];
        expect(w >= 0 && w <= 1, `vertex ${v} slot ${slot} weight ${w}`).toBe(true);
        expect(joints[4 * v + slot]).toBeLessThan(skin.joints.length);
        if (w > 0) used++;
        sum += w;
      }
      expect(used).toBeLessThanOrEqual(2);
      expectClose(sum, 1, 1e-6, `weight sum of vertex ${v}`);
      expectClose(Math.hypot(normals![3 * v], normals![3 * v + 1], normals![3 * v + 2]), 1, 1e-5, `normal ${v}`);
    }
    expect(indices).not.toBeNull();
    expect(indices!.length % 3).toBe(0);
    for (const index of indices!) expect(index).toBeLessThan(vertexCount);
  });

  it('blends two bones only near each joint, and uses one bone elsewhere', () => {
    const { positions, joints, weights, vertexCount } = primitive;
    const elbowY = UPPER_ARM_LENGTH;
    const handY = UPPER_ARM_LENGTH + FOREARM_LENGTH;
    for (let v = 0; v < vertexCount; v++) {
      const y = positions[3 * v + 1];
      const blended = weights[4 * v + 1] > 0;
      const nearJoint = Math.abs(y - elbowY) < BLEND_HALF_WIDTH || Math.abs(y - handY) < BLEND_HALF_WIDTH;
      if (blended) expect(nearJoint, `vertex ${v} at y = ${y} is blended`).toBe(true);
      if (Math.abs(y - elbowY) < 1e-6) {
        // Right at the elbow: half upper arm, half forearm.
        expect([joints[4 * v], joints[4 * v + 1]]).toEqual([0, 1]);
        expectClose([weights[4 * v], weights[4 * v + 1]], [0.5, 0.5], 1e-6);
      }
      if (y < elbowY - BLEND_HALF_WIDTH) expect([joints[4 * v], weights[4 * v]]).toEqual([0, 1]);
      if (y > handY + BLEND_HALF_WIDTH) expect([joints[4 * v], weights[4 * v]]).toEqual([2, 1]);
    }
  });

  it('winds every triangle counter-clockwise seen from outside (normals agree with the faces)', () => {
    const { positions, normals, indices } = primitive;
    let checked = 0;
    for (let t = 0; t < indices!.length; t += 3) {
      const [a, b, c] = [indices![t], indices![t + 1], indices![t + 2]];
      const u = [0, 1, 2].map((k) => positions[3 * b + k] - positions[3 * a + k]);
      const w = [0, 1, 2].map((k) => positions[3 * c + k] - positions[3 * a + k]);
      const face = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
      const area = Math.hypot(face[0], face[1], face[2]);
      if (area < 1e-9) continue; // the rings at the poles collapse to a point
      const vertexNormal = [0, 1, 2].map((k) => normals![3 * a + k] + normals![3 * b + k] + normals![3 * c + k]);
      expect(face[0] * vertexNormal[0] + face[1] * vertexNormal[1] + face[2] * vertexNormal[2], `triangle ${t / 3}`).toBeGreaterThan(0);
      checked++;
    }
    expect(checked).toBeGreaterThan(indices!.length / 3 - 100);
  });

  it('skins to itself in the bind pose: the palette is all identities', () => {
    const { globals, positions, normals } = skinArm(model, model.hierarchy.rest);
    const palette = buildPalette(createMatrices(3), skin, globals, null);
    for (let j = 0; j < 3; j++) expectClose(palette.subarray(16 * j, 16 * j + 16), IDENTITY, 1e-6, `palette[${j}]`);
    expectClose(positions, primitive.positions, 1e-6);
    expectClose(normals, primitive.normals!, 1e-6);
  });

  it('carries the children when a parent turns, and leaves the parent still when a child turns', () => {
    const rest = skinArm(model, armPose(model, [0, 0, 0]));
    const weightOn = (joint: number) => (v: number) => {
      for (let slot = 0; slot < 4; slot++) if (primitive.joints[4 * v + slot] === joint && primitive.weights[4 * v + slot] > 0) return true;
      return false;
    };
    const onlyOn = (joint: number) => (v: number) => primitive.joints[4 * v] === joint && primitive.weights[4 * v] === 1;

    // Turning the elbow: the upper arm stays, forearm and hand move; hand's local is unchanged.
    const elbowBent = skinArm(model, armPose(model, [0, 60, 0]));
    expect(largestMove(rest.positions, elbowBent.positions, onlyOn(0))).toBeLessThan(1e-6);
    expect(largestMove(rest.positions, elbowBent.positions, onlyOn(1))).toBeGreaterThan(0.5);
    expect(largestMove(rest.positions, elbowBent.positions, onlyOn(2))).toBeGreaterThan(1.5);
    expectClose(elbowBent.locals.subarray(32, 48), rest.locals.subarray(32, 48), 0, 'hand local');
    expectClose(elbowBent.globals.subarray(0, 16), rest.globals.subarray(0, 16), 0, 'shoulder global');

    // Turning the hand: nothing that does not weigh on the hand moves.
    const handBent = skinArm(model, armPose(model, [0, 0, 45]));
    const notOnHand = (v: number) => !weightOn(2)(v);
    expect(largestMove(rest.positions, handBent.positions, notOnHand)).toBeLessThan(1e-6);
    expect(largestMove(rest.positions, handBent.positions, onlyOn(2))).toBeGreaterThan(0.3);
    expectClose(handBent.globals.subarray(0, 32), rest.globals.subarray(0, 32), 0, 'shoulder and elbow globals');

    // Turning the shoulder: every global below changes, every local below stays.
    const shoulderTurned = skinArm(model, armPose(model, [40, 0, 0]));
    expectClose(shoulderTurned.locals.subarray(16, 64), rest.locals.subarray(16, 64), 0, 'locals below the shoulder');
    for (const node of [ArmNode.ELBOW, ArmNode.HAND, ArmNode.HAND_END]) {
      expect(Math.abs(shoulderTurned.globals[16 * node + 12] - rest.globals[16 * node + 12])).toBeGreaterThan(0.5);
    }
    expect(largestMove(rest.positions, shoulderTurned.positions, onlyOn(2))).toBeGreaterThan(2);
  });

  it('reproduces the numbers chapter 1 computes for 30° / 45° / 0°', () => {
    const { globals } = skinArm(model, armPose(model, ARM_START_DEGREES));
    const elbow = 16 * ArmNode.ELBOW;
    expectClose([globals[elbow + 12], globals[elbow + 13], globals[elbow + 14]], [-1, Math.sqrt(3), 0], 1e-6, 'elbow position');
    // Rotation block: 30° + 45° = 75° about Z.
    const c = Math.cos(75 * DEGREES), s = Math.sin(75 * DEGREES);
    expectClose([globals[elbow], globals[elbow + 1], globals[elbow + 4], globals[elbow + 5]], [c, s, -s, c], 1e-6, 'elbow rotation');
    const hand = 16 * ArmNode.HAND;
    expectClose([globals[hand + 12], globals[hand + 13]], [-1 - FOREARM_LENGTH * s, Math.sqrt(3) + FOREARM_LENGTH * c], 1e-6, 'hand position');
  });
});

describe('setArmPose', () => {
  it('starts from the rest pose and turns only the joints it is given', () => {
    const model = createArmModel();
    const pose = createPose(model.hierarchy.count);
    pose.translations.fill(9);
    setArmPose(pose, model, [0.5]);
    expectClose(pose.translations, model.hierarchy.rest.translations, 0);
    expectClose(armJointAngle(pose, ArmNode.SHOULDER), 0.5, 1e-6);
    expectClose(pose.rotations.subarray(4), model.hierarchy.rest.rotations.subarray(4), 0);
  });
});

describe('setArmJointAngle / armJointAngle', () => {
  it('round-trips angles in (−180°, 180°] and writes unit quaternions about +Z', () => {
    const pose = createPose(1);
    for (const degrees of [-179, -90, -30, 0, 1, 45, 90, 150, 180]) {
      setArmJointAngle(pose, 0, degrees * DEGREES);
      expect(pose.rotations[0]).toBe(0);
      expect(pose.rotations[1]).toBe(0);
      expectClose(Math.hypot(...pose.rotations), 1, 1e-6);
      expectClose(armJointAngle(pose, 0) / DEGREES, degrees, 1e-4, `${degrees}°`);
    }
  });

  it('reads the angle of q and −q alike (both are the same rotation)', () => {
    const pose = createPose(1);
    setArmJointAngle(pose, 0, 50 * DEGREES);
    for (let k = 0; k < 4; k++) pose.rotations[k] = -pose.rotations[k];
    expectClose(armJointAngle(pose, 0) / DEGREES, 50, 1e-4);
  });
});

describe('the arm\'s wave clip', () => {
  const model = createArmModel();
  const clip = model.clips[0];

  it('keys every joint, starts in chapter 1\'s pose and loops without a seam', () => {
    expect(clip.name).toBe('wave');
    expect(clip.duration).toBe(WAVE_DURATION);
    expect(clip.tracks.map((track) => track.node).sort()).toEqual([0, 1, 2]);
    const first = waveAngles([0, 0, 0], 0);
    const last = waveAngles([0, 0, 0], WAVE_DURATION);
    expectClose(first.map((a) => a / DEGREES), [...ARM_START_DEGREES], 1e-9);
    expectClose(last, first, 1e-9);
  });

  it('samples within half a degree of the analytic wave between its keys', () => {
    const pose = createPose(model.hierarchy.count);
    const cursor = createClipCursor(clip.tracks.length);
    const expected = [0, 0, 0];
    for (let t = 0; t < WAVE_DURATION; t += 0.037) {
      sampleClip(pose, clip, model.hierarchy.rest, t, Playback.LOOP, cursor);
      waveAngles(expected, t);
      for (let joint = 0; joint < 3; joint++) {
        expectClose(armJointAngle(pose, joint) / DEGREES, expected[joint] / DEGREES, 0.5, `joint ${joint} at ${t.toFixed(3)} s`);
      }
    }
  });
});

describe('chapter 2 worked example (src/figures/weights/blend-example.ts)', () => {
  const example = computeBlendExample();

  it('turns the lower bone 90° about z at the joint: M_lower = T(0, 1, 0) R_z(90°) T(0, −1, 0)', () => {
    expectClose(example.palette.subarray(0, 16), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1e-7);
    expectClose(example.palette.subarray(16, 32), [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1], 1e-6);
  });

  it('skins the vertex (0.25, 1, 0) as the chapter says, for each set of weights', () => {
    const byLabel = new Map(example.cases.map((c) => [c.label, c]));
    expectClose(byLabel.get('upper bone only')!.position, [0.25, 1, 0], 1e-6);
    expectClose(byLabel.get('lower bone only')!.position, [0, 1.25, 0], 1e-6);
    // Half and half: the straight-line average, 0.177 from the joint instead of 0.25 (the blend cuts the corner).
    const half = byLabel.get('half and half')!.position;
    expectClose(half, [0.125, 1.125, 0], 1e-6);
    expectClose(Math.hypot(half[0], half[1] - 1), Math.SQRT1_2 / 4, 1e-6);
    // Weights summing to 0.5: the position of the upper bone's result, scaled by 0.5 about the origin.
    expectClose(byLabel.get('half, lower dropped, not renormalised')!.position, [0.125, 0.5, 0], 1e-6);
  });
});

describe('chapter 4 worked example (src/figures/offset/offset-example.ts)', () => {
  const example = computeOffsetExample();

  it('reads the three inverse bind matrices the chapter prints: I, T(0, −1, 0), R_z(−45°) T(0, −1, 0)', () => {
    const c = Math.SQRT1_2;
    expectClose(example.singleBone, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1e-7);
    expectClose(example.childUp, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1], 1e-7);
    expectClose(example.childTurned, [c, -c, 0, 0, c, c, 0, 0, 0, 0, 1, 0, -c, -c, 0, 1], 1e-6);
  });

  it('takes the vertex half a unit along the turned child into bone space (0, 0.5, 0) and, after a further 45°, out to (−0.5, 1, 0)', () => {
    expectClose(example.inBoneSpace, [0, 0.5, 0], 1e-6);
    expectClose(example.global, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1], 1e-6);
    expectClose(example.skinned, [-0.5, 1, 0], 1e-6);
  });
});

describe('chapter 5 worked example (src/figures/traversal/traversal-example.ts)', () => {
  const example = computeTraversalExample();

  it('reads the Armature node as R_x(−90°) and the hips as T(0, 0, 1) R_x(90°): the hips’ global is a plain T(0, 1, 0)', () => {
    expectClose(example.armature, [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1], 1e-6);
    expectClose(example.hips, [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 1, 1], 1e-6);
    expectClose(example.hipsGlobal, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1], 1e-6);
  });
});

describe('chapter 5 worked example: the two traversal orders on the walking mannequin', () => {
  it('gives every one of the 21 nodes the same global, bit for bit', () => {
    const { orders } = computeTraversalExample();
    expect(orders.nodeCount).toBe(21);
    expect(orders.largestDifference).toBe(0);
  });
});

describe('chapter 2 worked example (src/figures/weights/regroup-example.ts)', () => {
  it('gets the mannequin\'s 3198 vertices back from 19 per-bone lists, exactly', () => {
    const example = computeRegroupExample();
    expect(example).toEqual({
      vertexCount: 3198,
      boneCount: 19,
      entryCount: 4310,
      matchingVertices: 3198,
      largestWeightDifference: 0,
      overflowing: 0,
      unweighted: 0,
    });
  });
});

describe('chapter 3 worked example (src/figures/bind/bind-example.ts)', () => {
  const example = computeBindExample();

  it('recovers the hips\' bind global from the inverse bind matrix: one unit up, upright, as at rest', () => {
    expectClose(example.hipsBind, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1], 1e-6);
    expectClose(example.hipsRest, example.hipsBind, 1e-6);
  });

  it('finds every skin of the site\'s models in its bind pose at rest, to float rounding', () => {
    expect(example.modelCount).toBe(8);
    expect(example.skinCount).toBe(8);
    // One float32 step at 1 (2⁻²³ ≈ 1.2 × 10⁻⁷), the number chapter 3 prints.
    expect(example.largestDeviation).toBe(2 ** -23);
    expect(example.largestDeviationFile).toBe('mannequin.glb');
  });
});
