// A robot arm made of rigid parts: every vertex has weight 1 on exactly one bone (the "car door"
// case, where skinning reduces to moving whole pieces). Four joints in a +Y chain, bind pose
// straight up, frames aligned with the world axes (so every inverse bind matrix is a pure
// translation):
//   base      at y = 0    turntable, yaws about +Y
//   shoulder  at y = 0.4  hub along Z, the arm tilts about +Z
//   elbow     at y = 1.4  hub along Z
//   wrist     at y = 2.2  hub along Z, carries a two-finger gripper
// Clip "wave" (4 s loop, 30 keys/s): the turntable swings, the upper arm leans out, the forearm
// waves side to side once a second and the hand follows through.

import { assembleModel } from '../assemble.ts';
import { sampleTrack } from '../clip.ts';
import { IDENTITY_QUAT, type Vec3, quatAxisAngle, radians } from '../math.ts';
import { type Influence, addBox, addCylinder, createMeshBuilder } from '../mesh.ts';
import { addBone, createRig } from '../rig.ts';
import type { ModelSpec } from '../spec.ts';

const RATE = 30;
const DURATION = 4;
const Y: Vec3 = [0, 1, 0];
const Z: Vec3 = [0, 0, 1];

export function buildRobotArm(): ModelSpec {
  const rig = createRig();
  const base = addBone(rig, { name: 'base', parent: -1, head: [0, 0, 0], tail: [0, 0.4, 0], zHint: Z });
  const shoulder = addBone(rig, { name: 'shoulder', parent: base, head: [0, 0.4, 0], tail: [0, 1.4, 0], zHint: Z });
  const elbow = addBone(rig, { name: 'elbow', parent: shoulder, head: [0, 1.4, 0], tail: [0, 2.2, 0], zHint: Z });
  const wrist = addBone(rig, { name: 'wrist', parent: elbow, head: [0, 2.2, 0], tail: [0, 2.54, 0], zHint: Z });
  const rigid = (joint: number): Influence[] => [[joint, 1]];

  const mesh = createMeshBuilder();
  // Base: turntable disc, pedestal, and a yoke of two plates (front and back) holding the shoulder.
  addCylinder(mesh, [0, 0.06, 0], Y, Z, 0.34, 0.06, 32, rigid(base));
  addBox(mesh, [0, 0.24, 0], IDENTITY_QUAT, [0.17, 0.12, 0.13], rigid(base));
  for (const z of [-0.15, 0.15]) addBox(mesh, [0, 0.42, z], IDENTITY_QUAT, [0.13, 0.12, 0.025], rigid(base));
  // Upper arm with its shoulder hub.
  addCylinder(mesh, [0, 0.4, 0], Z, Y, 0.12, 0.125, 24, rigid(shoulder));
  addBox(mesh, [0, 0.9, 0], IDENTITY_QUAT, [0.08, 0.44, 0.07], rigid(shoulder));
  // Forearm with its elbow hub.
  addCylinder(mesh, [0, 1.4, 0], Z, Y, 0.095, 0.1, 24, rigid(elbow));
  addBox(mesh, [0, 1.8, 0], IDENTITY_QUAT, [0.06, 0.36, 0.055], rigid(elbow));
  // Hand: wrist hub, palm, two fingers.
  addCylinder(mesh, [0, 2.2, 0], Z, Y, 0.07, 0.075, 20, rigid(wrist));
  addBox(mesh, [0, 2.3, 0], IDENTITY_QUAT, [0.12, 0.05, 0.05], rigid(wrist));
  for (const x of [-0.085, 0.085]) addBox(mesh, [x, 2.45, 0], IDENTITY_QUAT, [0.022, 0.1, 0.035], rigid(wrist));

  const about = (axis: Vec3, degrees: number): number[] => [...quatAxisAngle(axis, radians(degrees))];
  const phase = (t: number): number => (2 * Math.PI * t) / DURATION;
  return assembleModel({
    name: 'robot-arm',
    description:
      'A four-joint robot arm of rigid boxes and hubs, every vertex bound with weight 1 to one bone: the rigid "car door" case.',
    chapters: ['Skin weights', 'Bones and the hierarchy'],
    notes: [
      'Joints up +Y, unrotated: `base` at y = 0, `shoulder` at 0.4, `elbow` at 1.4, `wrist` at 2.2; each inverse bind matrix is translate(0, −y, 0).',
      'Every vertex: JOINTS_0 = (j, 0, 0, 0), WEIGHTS_0 = (1, 0, 0, 0).',
      '`wave` (degrees, t in seconds): `base` 20·sin(2πt / 4) about +Y; about +Z: `shoulder` 30 + 8·sin(πt), `elbow` −55 + 28·sin(2πt), `wrist` 22·sin(2πt − 0.9).',
    ],
    rig,
    joints: [base, shoulder, elbow, wrist],
    skeleton: base,
    meshName: 'robot-arm',
    mesh,
    material: { name: 'painted-metal', baseColor: [0.85, 0.33, 0.06, 1], metallic: 0.3, roughness: 0.4 },
    clips: [
      {
        name: 'wave',
        loops: true,
        tracks: [
          sampleTrack(base, 'rotation', RATE, DURATION, true, (t) => about(Y, 20 * Math.sin(phase(t)))),
          sampleTrack(shoulder, 'rotation', RATE, DURATION, true, (t) => about(Z, 30 + 8 * Math.sin(2 * phase(t)))),
          sampleTrack(elbow, 'rotation', RATE, DURATION, true, (t) => about(Z, -55 + 28 * Math.sin(4 * phase(t)))),
          sampleTrack(wrist, 'rotation', RATE, DURATION, true, (t) => about(Z, 22 * Math.sin(4 * phase(t) - 0.9))),
        ],
      },
    ],
  });
}
