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
import { computeGlobalInverseExample } from '../../src/figures/global-inverse/global-inverse-example.ts';
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

  it('finds every skin of the site\'s models in its bind pose at rest, to float rounding, but chapter 6\'s placed one', () => {
    expect(example.modelCount).toBe(10);
    expect(example.skinCount).toBe(10);
    // One float32 step at 1 (2⁻²³ ≈ 1.2 × 10⁻⁷), the number chapter 3 prints.
    expect(example.largestDeviation).toBe(2 ** -23);
    expect(example.largestDeviationFile).toBe('mannequin.glb');
    // Its rest-pose skinning matrices are all R_x(−90°) S(0.01), whose y and z diagonal entries
    // are 0: 1 from the identity, as chapter 3 prints.
    expect(example.placedFiles).toEqual(['mannequin-zup-cm.glb']);
    expect(example.placedDeviation).toBeCloseTo(1, 6);
    expect(Number(example.placedDeviation.toFixed(2))).toBe(1);
  });
});

describe('chapter 6 worked example (src/figures/global-inverse/global-inverse-example.ts)', () => {
  const example = computeGlobalInverseExample();
  // Column-major: R_x(−90°) sends y to −z and z to y; R_x(90°) the other way.
  const TURN_DOWN = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];
  const TURN_UP = [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1];
  const PLACEMENT = TURN_DOWN.map((value, k) => (k < 12 ? 0.01 * value : value));

  it('reads the two nodes above the skeleton: Z_UP = R_x(−90°), Armature = S(0.01), and the mesh node under both', () => {
    expectClose(example.zUp, TURN_DOWN, 1e-7);
    expectClose(example.armature, [0.01, 0, 0, 0, 0, 0.01, 0, 0, 0, 0, 0.01, 0, 0, 0, 0, 1], 1e-9);
    expectClose(example.meshNodeGlobal, PLACEMENT, 2e-9);
  });

  it('finds every rest-pose skinning matrix equal to that placement, not to the identity', () => {
    // The hips' inverse bind matrix, in centimetres: (T(0, 0, 100) R_x(90°))⁻¹.
    expectClose(example.hipsInverseBind, [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, -100, 0, 1], 1e-6);
    expectClose(example.hipsSkinning, PLACEMENT, 2e-7);
    expect(example.placementDifference).toBeLessThan(2e-7);
    expect(example.restDeformation).toBeLessThan(1e-6);
  });

  it('carries the top of the head from (0, −0.6, 185.5) cm, Z up, to (0, 1.855, 0.006) m, Y up', () => {
    expectClose(example.headStored, [0, -0.6, 185.5], 1e-5);
    expectClose(example.headSkinned, [0, 1.855, 0.006], 1e-6);
  });

  it('re-bases the palette by the root\'s inverse R_x(90°), which leaves the Armature\'s S(0.01)', () => {
    expectClose(example.globalInverse, TURN_UP, 2e-7);
    expectClose(example.hipsRebased, [0.01, 0, 0, 0, 0, 0.01, 0, 0, 0, 0, 0.01, 0, 0, 0, 0, 1], 2e-7);
  });

  it('draws the same vertices by glTF\'s rule and by ogldev\'s, and from both authorings of the inverse bind matrices', () => {
    expect(example.vertexCount).toBe(3198);
    expect(example.conventionsDifference).toBeLessThan(1e-6);
    expect(example.authoringDifference).toBeLessThan(1e-6);
  });

  it('measures the rest pose as each choice of the figure draws it: standing, lying 1.85 m long twice, lying 1.85 cm long', () => {
    const { extents } = example;
    expect(extents.correct.size[1].toFixed(2)).toBe('1.85'); // tall along y
    expect(extents.correct.minY).toBeGreaterThanOrEqual(0);
    expect(extents.correct.size[2]).toBeLessThan(0.4);
    for (const mode of ['without-global-inverse', 'global-inverse-twice'] as const) {
      expect(extents[mode].size[2].toFixed(2), mode).toBe('1.85'); // long along z: lying
      expect(extents[mode].size[1], mode).toBeLessThan(0.4);
      expect(extents[mode].size[0], mode).toBeCloseTo(extents.correct.size[0], 6);
    }
    // On its back (the front, at +y, rises higher) or on its face (the front goes below the ground).
    expect(extents['without-global-inverse'].maxY).toBeGreaterThan(-extents['without-global-inverse'].minY);
    expect(-extents['global-inverse-twice'].minY).toBeGreaterThan(extents['global-inverse-twice'].maxY);
    expect((100 * extents['mesh-node-transform'].size[2]).toFixed(2)).toBe('1.85'); // in centimetres
    expect(extents['mesh-node-transform'].size[0]).toBeCloseTo(0.01 * extents.correct.size[0], 6);
  });
});

// ── Chapter 7: keyframe interpolation ──────────────────────────────────────────────────────────
import { computeKeysExample } from '../../src/figures/keys/keys-example.ts';
import { computeCurvesExample } from '../../src/figures/curves/curves-example.ts';

describe('chapter 7 worked examples from the walk (src/figures/keys/keys-example.ts)', () => {
  const example = computeKeysExample();

  it('describes the walk\'s keys against a 60 Hz display', () => {
    expect(example.walk).toMatchObject({ trackCount: 20, keyCount: 37, fullTracks: 18, stillTracks: 2, keysPerSecond: 30, framesPerLoop: 72, largestStepJoint: 'foot.L' });
    expectClose(example.walk.duration, 1.2, 1e-6);
    expectClose(example.walk.largestStep, 12.58, 0.01);
    expectClose(example.walk.shortestLerp, 0.9985, 1e-4);
  });

  it('counts the comparisons per frame of the three key searches: the cursor\'s stay at two or three per channel', () => {
    expectClose(example.walkSearch.linear, 328.97, 0.01);
    expectClose(example.walkSearch.binary, 92.75, 0.01);
    expectClose(example.walkSearch.cursor, 44.25, 0.01);
    expect(example.captureKeys).toBe(1801);
    expectClose(example.captureSearch.linear, 900.26, 0.01);
    expectClose(example.captureSearch.binary, 10.86, 0.01);
    expectClose(example.captureSearch.cursor, 2.5, 0.01);
  });

  it('finds the thighs\' keys on opposite sides when written with w ≥ 0: twice per loop, 2.25° the short way', () => {
    expect(example.flip.joints).toEqual(['upper_leg.L', 'upper_leg.R']);
    expect(example.flip.segmentsPerTrack).toBe(2);
    expectClose(example.flip.thighW, [-0.035, 0.035], 5e-4);
    expectClose([example.flip.start, example.flip.end], [1 / 3, 11 / 30], 1e-6);
    expect(example.flip.keys[0][3]).toBeGreaterThanOrEqual(0);
    expect(example.flip.keys[1][3]).toBeGreaterThanOrEqual(0);
    expectClose(example.flip.dot, -0.9998, 1e-4);
    expectClose(example.flip.shortDegrees, 2.25, 0.005);
    expectClose(example.flip.longDegrees, 357.75, 0.005);
  });

  it('turns a clock of 2.5 s into ticks four ways', () => {
    expectClose(example.ticks.durationTicks, 36, 1e-5);
    expectClose(example.ticks.ticks, 3, 1e-4);
    expectClose(example.ticks.defaultTicks, 26.5, 1e-4);
    expect(example.ticks.secondsAsTicks).toBe(2.5);
    expectClose(example.ticks.gltfDurationTicks, 1200, 1e-3);
    expectClose(example.ticks.gltfTicks, 100, 1e-3);
  });

  it('measures the baked walk: several times the keys\' size, centimetres off between frames', () => {
    expect(example.bake.keyBytes).toBe(13252);
    expect(example.bake.jointCount).toBe(19);
    expect(example.bake.rates.map(({ framesPerSecond, frames, bytes }) => [framesPerSecond, frames, bytes])).toEqual([
      [30, 36, 43776],
      [60, 72, 87552],
    ]);
    expectClose(example.bake.rates[0].largestError, 0.1, 0.0005);
    expectClose(example.bake.rates[1].largestError, 0.048, 0.0005);
  });
});

describe('chapter 7 worked examples from the pointers (src/figures/curves/curves-example.ts)', () => {
  const example = computeCurvesExample();

  it('samples each channel between its own two keys at 0.75 s, and builds the local matrix from the three values', () => {
    const { translation, rotation, scale } = example.linear;
    expect([translation.keyCount, rotation.keyCount, scale.keyCount]).toEqual([5, 4, 3]);
    expect([translation.k, rotation.k, scale.k]).toEqual([1, 1, 0]);
    expectClose([translation.u, rotation.u, scale.u], [0.25 / 0.7, 0.25, 0.625], 1e-6);
    expectClose([translation.value, rotation.value, scale.value], [0.639286, 40, 1.25], 1e-4);
    const cos = 1.25 * Math.cos((40 * Math.PI) / 180), sin = 1.25 * Math.sin((40 * Math.PI) / 180);
    expectClose(example.local, [cos, sin, 0, 0, -sin, cos, 0, 0, 0, 0, 1.25, 0, 0, 0.639286, 0, 1], 1e-4);
  });

  it('blends one rotation three ways: slerp 40°, nlerp 42.2°, an unnormalised lerp 0.901 long that turns 34.7°', () => {
    const r = example.rotation;
    expectClose([r.slerpDegrees, r.nlerpDegrees, r.lerpDegrees], [40, 42.2, 34.66], 0.01);
    expectClose(r.lerpLength, 0.9014, 1e-4);
    expectClose(r.lerpColumnLength, 0.9597, 1e-4);
  });

  it('compares slerp and nlerp over the 120° segment: 200°/s against 165–221°/s, at most 2.23° apart', () => {
    const s = example.segment;
    expectClose([s.start, s.end, s.degrees, s.slerpSpeed], [0.6, 1.2, 120, 200], 1e-3);
    expectClose([s.nlerpSlowest, s.nlerpFastest], [165.4, 220.5], 0.1);
    expectClose(s.largestDifference, 2.234, 0.001);
    expectClose(s.shortestLerp, Math.cos(Math.PI / 6), 1e-4);
  });

  it('evaluates the cubic pointer by the Hermite form, tangents scaled by the interval — and measures what forgetting it does', () => {
    const h = example.hermite;
    expectClose([h.v0, h.v1, h.outTangent, h.start, h.interval], [0.8, 0.35, 0.125, 0.5, 0.7], 1e-6);
    expectClose(h.weights.reduce((sum, w, i) => sum + w * [h.v0, h.interval * h.outTangent, h.v1, h.interval * h.inTangent][i], 0), h.value, 1e-6);
    expectClose([h.value, h.unscaled, h.linear, h.step], [0.6883, 0.6967, 0.6393, 0.8], 1e-4);
    expectClose(h.unscaledTranslation, 0.0131, 1e-4);
    expectClose(h.unscaledDegrees, 5.05, 0.01);
  });
});
