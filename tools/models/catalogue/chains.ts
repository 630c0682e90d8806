// The offset chapter's worked examples: a box column on one bone, on two bones in a +Y chain, and
// on two bones whose child is rotated 45° at bind. Every number is round on purpose:
//
//   single-bone        joint "bone" at the origin                → inverse bind = identity
//   two-bones          "child" one unit up +Y                     → inverse bind = translate(0, −1, 0)
//   two-bones-rotated  "child" one unit up, rotated 45° about +Z  → inverse bind = Rz(−45°)·translate(0, −1, 0)
//
// The column is 0.2 × 0.2 units in cross-section, one unit per bone, with a section every
// 0.25 units. Along the chain (arc length s), the child's weight is 0 up to s = 0.75, 0.5 at the
// joint (s = 1) and 1 from s = 1.25: the values are exact in binary floating point.

import { assembleModel } from '../assemble.ts';
import { createTrack } from '../clip.ts';
import { type Quat, type Vec3, IDENTITY_QUAT, addScaled3, clamp, quatAxisAngle, quatRotate, radians } from '../math.ts';
import { type BoxSection, type Influence, addBoxStrip, createMeshBuilder } from '../mesh.ts';
import { addBone, createRig } from '../rig.ts';
import type { MaterialSpec, ModelSpec } from '../spec.ts';

const HALF_WIDTH = 0.1;
const SECTION_STEP = 0.25;
const Z_AXIS: Vec3 = [0, 0, 1];

const MATERIAL: MaterialSpec = { name: 'column', baseColor: [0.22, 0.46, 0.8, 1], metallic: 0, roughness: 0.55 };

const CHAPTERS = ['Offset (inverse bind) matrices', 'Bind pose', 'Bones and the hierarchy'];

/** Rotation about +Z by `degrees` as a track value. */
function aboutZ(degrees: number): number[] {
  return [...quatAxisAngle(Z_AXIS, radians(degrees))];
}

export function buildSingleBone(): ModelSpec {
  const rig = createRig();
  const bone = addBone(rig, { name: 'bone', parent: -1, head: [0, 0, 0], tail: [0, 1, 0], zHint: Z_AXIS });
  const mesh = createMeshBuilder();
  const sections: BoxSection[] = [];
  for (let s = 0; s <= 1 + 1e-9; s += SECTION_STEP) {
    sections.push({
      center: [0, s, 0],
      rotation: IDENTITY_QUAT,
      halfX: HALF_WIDTH,
      halfZ: HALF_WIDTH,
      influences: [[bone, 1]],
    });
  }
  addBoxStrip(mesh, sections);
  const sway = createTrack(
    bone,
    'rotation',
    'LINEAR',
    [0, 0.5, 1, 1.5, 2],
    [aboutZ(0), aboutZ(30), aboutZ(0), aboutZ(-30), aboutZ(0)],
  );
  return assembleModel({
    name: 'single-bone',
    description: 'A 1-unit box column skinned to one bone at the origin: the smallest skinned model of the set.',
    chapters: CHAPTERS,
    notes: [
      '`bone`: head at the origin, pointing up +Y, unrotated; its inverse bind matrix is the identity.',
      'Column: 0.2 × 0.2 units, sections every 0.25 units from y = 0 to 1, every vertex weight 1 on `bone`.',
      '`sway`: rotation of `bone` about +Z keyed 0°, 30°, 0°, −30°, 0° at 0, 0.5, 1, 1.5, 2 s (LINEAR).',
    ],
    rig,
    joints: [bone],
    skeleton: bone,
    meshName: 'column',
    mesh,
    material: MATERIAL,
    clips: [{ name: 'sway', loops: true, tracks: [sway] }],
  });
}

/** A two-bone column whose child sits one unit up +Y, rotated `childDegrees` about +Z at bind. */
function buildTwoBoneColumn(
  name: string,
  childDegrees: number,
  description: string,
  notes: string[],
  bendKeys: number[],
): ModelSpec {
  const rig = createRig();
  const childRotation: Quat = quatAxisAngle(Z_AXIS, radians(childDegrees));
  const childDirection = quatRotate(childRotation, [0, 1, 0]);
  const root = addBone(rig, { name: 'root', parent: -1, head: [0, 0, 0], tail: [0, 1, 0], zHint: Z_AXIS });
  const child = addBone(rig, {
    name: 'child',
    parent: root,
    head: [0, 1, 0],
    tail: addScaled3([0, 1, 0], childDirection, 1),
    zHint: Z_AXIS,
  });
  const mesh = createMeshBuilder();
  const sections: BoxSection[] = [];
  for (let step = 0; step <= 8; step++) {
    const s = step * SECTION_STEP;
    const childWeight = clamp((s - 0.75) / 0.5, 0, 1);
    const influences: Influence[] = [
      [root, 1 - childWeight],
      [child, childWeight],
    ];
    if (s < 1) {
      sections.push({ center: [0, s, 0], rotation: IDENTITY_QUAT, halfX: HALF_WIDTH, halfZ: HALF_WIDTH, influences });
    } else if (s === 1) {
      // The joint section is mitred: turned half way, widened so the side walls stay flat.
      const half = radians(childDegrees) / 2;
      sections.push({
        center: [0, 1, 0],
        rotation: quatAxisAngle(Z_AXIS, half),
        halfX: HALF_WIDTH / Math.cos(half),
        halfZ: HALF_WIDTH,
        influences,
      });
    } else {
      sections.push({
        center: addScaled3([0, 1, 0], childDirection, s - 1),
        rotation: childRotation,
        halfX: HALF_WIDTH,
        halfZ: HALF_WIDTH,
        influences,
      });
    }
  }
  addBoxStrip(mesh, sections);
  const bend = createTrack(child, 'rotation', 'LINEAR', [0, 0.5, 1, 1.5, 2], bendKeys.map(aboutZ));
  return assembleModel({
    name,
    description,
    chapters: CHAPTERS,
    notes: [
      ...notes,
      'Weight of `child` along the column (arc length s): 0 up to s = 0.75, (s − 0.75) / 0.5 between, so 0.5 at the joint, 1 from s = 1.25; `root` takes the rest.',
      `\`bend\`: rotation of \`child\` about +Z keyed ${bendKeys.map((k) => `${k}°`.replace('-', '−')).join(', ')} at 0, 0.5, 1, 1.5, 2 s (LINEAR); keys replace the rest rotation.`,
    ],
    rig,
    joints: [root, child],
    skeleton: root,
    meshName: 'column',
    mesh,
    material: MATERIAL,
    clips: [{ name: 'bend', loops: true, tracks: [bend] }],
  });
}

export function buildTwoBones(): ModelSpec {
  return buildTwoBoneColumn(
    'two-bones',
    0,
    'A 2-unit column on two bones in a +Y chain; the child starts one unit up, so its inverse bind matrix is a −1 translation on Y.',
    [
      '`root` at the origin, `child` at (0, 1, 0) relative to it, both unrotated; inverse bind matrices: identity and translate(0, −1, 0).',
    ],
    [0, 45, 0, -45, 0],
  );
}

export function buildTwoBonesRotated(): ModelSpec {
  return buildTwoBoneColumn(
    'two-bones-rotated',
    45,
    'The two-bone column modelled bent: the child is rotated 45° about +Z at bind, so its inverse bind matrix carries the inverse rotation.',
    [
      '`root` at the origin, unrotated (inverse bind: identity); `child` at (0, 1, 0), rotated 45° about +Z (quaternion [0, 0, 0.382683, 0.923880]).',
      'Inverse bind matrix of `child` = Rz(−45°) · translate(0, −1, 0): columns (0.707107, −0.707107, 0, 0), (0.707107, 0.707107, 0, 0), (0, 0, 1, 0), (−0.707107, −0.707107, 0, 1).',
      'The upper half of the column runs along the child bone; the section at the joint is mitred (turned 22.5°, widened by 1 / cos 22.5°).',
    ],
    [45, 90, 45, 0, 45],
  );
}
