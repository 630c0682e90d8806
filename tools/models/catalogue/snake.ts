// A snake lying along +Z on a chain of 16 joints: the model for hierarchy traversal, where every
// joint's global transform is built on all the joints before it.
//
// Joints "body.00" (the tail end, the root) … "body.14", "head", 0.2 units apart at height
// 0.075, each bone pointing along +Z (its +Y), its +Z pointing down (roll chosen so the frame is
// a plain 90° turn about X). Weights blend smoothly between neighbouring bones' midpoints.
// Clip "slither" (2 s loop, 30 keys/s): a sine wave of heading travels from head to tail; each
// joint's key is the heading difference to its parent, and the root's rotation and position
// keep the snake centred and pointing along +Z on average.

import { assembleModel } from '../assemble.ts';
import { sampleTrack } from '../clip.ts';
import { type Vec3, quatAxisAngle, radians, smoothstep } from '../math.ts';
import { type Influence, type Ring, addLathe, createMeshBuilder } from '../mesh.ts';
import { addBone, createRig, localRotationForDelta } from '../rig.ts';
import type { ModelSpec, TrackSpec } from '../spec.ts';

const JOINT_COUNT = 16;
const BONE_LENGTH = 0.2;
const TAIL_Z = -1.6;
const SPINE_HEIGHT = 0.075;
const SEGMENTS = 16;
const RATE = 30;
const PERIOD = 2;
/** Peak heading of the travelling wave, degrees. */
const HEADING_AMPLITUDE = 28;
/** Wavelength along the body, units: one full wave over the body. */
const WAVELENGTH = JOINT_COUNT * BONE_LENGTH;

/** Body radius along the body (s from the tail tip, units), piecewise smooth. */
const RADIUS_KNOTS: [number, number][] = [
  [0, 0.006],
  [0.3, 0.03],
  [1.0, 0.062],
  [1.9, 0.08],
  [2.6, 0.08],
  [2.95, 0.064],
  [3.1, 0.07],
  [3.2, 0.075],
  [3.3, 0.064],
  [3.36, 0.045],
];
const BODY_END = 3.36;

function radiusAt(s: number): number {
  for (let i = 0; i + 1 < RADIUS_KNOTS.length; i++) {
    const [s0, r0] = RADIUS_KNOTS[i];
    const [s1, r1] = RADIUS_KNOTS[i + 1];
    if (s <= s1) return r0 + (r1 - r0) * smoothstep(s0, s1, s);
  }
  return RADIUS_KNOTS[RADIUS_KNOTS.length - 1][1];
}

export function buildSnake(): ModelSpec {
  const rig = createRig();
  const down: Vec3 = [0, -1, 0];
  const joints: number[] = [];
  for (let i = 0; i < JOINT_COUNT; i++) {
    const z = TAIL_Z + i * BONE_LENGTH;
    joints.push(
      addBone(rig, {
        name: i === JOINT_COUNT - 1 ? 'head' : `body.${String(i).padStart(2, '0')}`,
        parent: i === 0 ? -1 : joints[i - 1],
        head: [0, SPINE_HEIGHT, z],
        tail: [0, SPINE_HEIGHT, z + BONE_LENGTH],
        zHint: down,
      }),
    );
  }

  // Weight between the midpoints of neighbouring bones, eased with a smoothstep.
  const weightsAt = (s: number): Influence[] => {
    const position = (s - BONE_LENGTH / 2) / BONE_LENGTH;
    if (position <= 0) return [[joints[0], 1]];
    if (position >= JOINT_COUNT - 1) return [[joints[JOINT_COUNT - 1], 1]];
    const lower = Math.floor(position);
    const toUpper = smoothstep(0, 1, position - lower);
    return [
      [joints[lower], 1 - toUpper],
      [joints[lower + 1], toUpper],
    ];
  };

  const mesh = createMeshBuilder();
  const rings: Ring[] = [];
  // u × v = +Z: u = +X (width), v = +Y (height). The belly rests on y = 0.
  const flatten = (s: number): number => 0.82 - 0.08 * smoothstep(2.9, 3.2, s);
  const ringAt = (s: number, scale: number, zOffset: number): Ring => {
    const radius = radiusAt(s) * scale;
    const height = radius * flatten(s);
    const maxHeight = radiusAt(s) * flatten(s);
    return {
      center: [0, maxHeight, TAIL_Z + s + zOffset],
      u: [1, 0, 0],
      v: [0, 1, 0],
      radiusU: radius,
      radiusV: height,
    };
  };
  rings.push({ ...ringAt(0, 0, -0.004), radiusU: 0, radiusV: 0 });
  const bodyRings = 84;
  for (let ring = 0; ring <= bodyRings; ring++) rings.push(ringAt((BODY_END * ring) / bodyRings, 1, 0));
  // Rounded snout: a quarter ellipse beyond the last ring.
  const snoutLength = 0.05;
  for (const angle of [30, 55, 75]) {
    rings.push(ringAt(BODY_END, Math.cos(radians(angle)), snoutLength * Math.sin(radians(angle))));
  }
  rings.push({ ...ringAt(BODY_END, 0, snoutLength), radiusU: 0, radiusV: 0 });
  addLathe(mesh, rings, SEGMENTS, (point) => weightsAt(point[2] - TAIL_Z));

  // Eyes: small spheres on the head, bound to it.
  for (const side of [-1, 1]) {
    const eyeCenter: Vec3 = [side * 0.052, 0.085, TAIL_Z + 3.22];
    const eyeRadius = 0.02;
    const eyeRings: Ring[] = [];
    const steps = 6;
    for (let k = 0; k <= steps; k++) {
      const polar = Math.PI * (k / steps - 0.5);
      const r = eyeRadius * Math.cos(polar);
      eyeRings.push({
        center: [eyeCenter[0], eyeCenter[1], eyeCenter[2] + eyeRadius * Math.sin(polar)],
        u: [1, 0, 0],
        v: [0, 1, 0],
        radiusU: k === 0 || k === steps ? 0 : r,
        radiusV: k === 0 || k === steps ? 0 : r,
      });
    }
    addLathe(mesh, eyeRings, 10, () => [[joints[JOINT_COUNT - 1], 1]]);
  }

  // The travelling wave: heading of bone i (radians about +Y, 0 = +Z) at time t.
  const k = (2 * Math.PI) / WAVELENGTH;
  const omega = (2 * Math.PI) / PERIOD;
  const headings = (t: number): number[] => {
    const raw: number[] = [];
    for (let i = 0; i < JOINT_COUNT; i++) {
      const s = (i + 0.5) * BONE_LENGTH;
      raw.push(radians(HEADING_AMPLITUDE) * Math.sin(omega * t + k * s));
    }
    const mean = raw.reduce((sum, h) => sum + h, 0) / JOINT_COUNT;
    return raw.map((h) => h - mean);
  };
  // Root position that keeps the bone midpoints centred on the bind-pose midpoints.
  const rootTranslation = (t: number): number[] => {
    const h = headings(t);
    let x = 0,
      z = 0,
      sumX = 0,
      sumZ = 0;
    for (let i = 0; i < JOINT_COUNT; i++) {
      sumX += x + 0.5 * BONE_LENGTH * Math.sin(h[i]);
      sumZ += z + 0.5 * BONE_LENGTH * Math.cos(h[i]);
      x += BONE_LENGTH * Math.sin(h[i]);
      z += BONE_LENGTH * Math.cos(h[i]);
    }
    const bindMeanZ = (JOINT_COUNT * BONE_LENGTH) / 2;
    return [-sumX / JOINT_COUNT, SPINE_HEIGHT, TAIL_Z + bindMeanZ - sumZ / JOINT_COUNT];
  };
  const up: Vec3 = [0, 1, 0];
  const tracks: TrackSpec[] = [sampleTrack(joints[0], 'translation', RATE, PERIOD, true, rootTranslation)];
  joints.forEach((joint, i) => {
    tracks.push(
      sampleTrack(joint, 'rotation', RATE, PERIOD, true, (t) => {
        const h = headings(t);
        const parentDelta = i === 0 ? quatAxisAngle(up, 0) : quatAxisAngle(up, h[i - 1]);
        return [...localRotationForDelta(rig, joint, parentDelta, quatAxisAngle(up, h[i]))];
      }),
    );
  });

  return assembleModel({
    name: 'snake',
    description:
      'A snake on a 16-joint chain with smooth weights between neighbouring bones; a travelling sine wave of heading runs from head to tail.',
    chapters: ['Hierarchy traversal', 'Bones and the hierarchy'],
    notes: [
      `Joints ${BONE_LENGTH} apart along +Z at height ${SPINE_HEIGHT}; the root \`body.00\` sits at the tail end (z = ${TAIL_Z}) with a rest rotation of 90° about X so its +Y points along +Z; every other joint is unrotated at (0, ${BONE_LENGTH}, 0) from its parent.`,
      'Weights blend between the midpoints of neighbouring bones (smoothstep), at most two per vertex.',
      `\`slither\`: the heading of bone i is ${HEADING_AMPLITUDE}°·sin(2πt / ${PERIOD} + 2π·s_i / ${WAVELENGTH}) minus its mean over the bones (s_i = the bone's midpoint from the tail); each joint keys its heading minus its parent's, so joint i + 1 repeats joint i's motion 0.125 s later; the root's translation keeps the body centred.`,
    ],
    rig,
    joints,
    skeleton: joints[0],
    meshName: 'snake',
    mesh,
    material: { name: 'scales', baseColor: [0.2, 0.42, 0.12, 1], metallic: 0, roughness: 0.5 },
    clips: [{ name: 'slither', loops: true, tracks }],
  });
}
