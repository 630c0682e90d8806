// A sea anemone: 25 tentacles of 8 joints each (200 joints) and 100,050 vertices, the size at which
// the model lab must stay interactive. Not one of public/models (it would weigh 5 MB): the lab's
// big-model e2e test and the benchmarks build it in memory with writeGlb.
//
// Tentacle k stands on a circle of BASE_RADIUS around +Y, leaning LEAN degrees outwards; its joints
// are BONE_LENGTH apart along it, every one a child of the one below, the first a child of the plain
// root node "anemone" (the skeleton root, not a joint). Each tentacle is a lathe of RINGS rings of
// SEGMENTS vertices plus a pole at each end; every vertex is weighted to the four bone midpoints
// nearest along its tentacle, by a Gaussian of the distance (so four influences, not two).
// Clip "sway" (2 s loop, 15 keys per second): every joint turns about its own +Z, a travelling wave
// up each tentacle, each tentacle a little later than the one before.

import { assembleModel } from '../assemble.ts';
import { sampleTrack } from '../clip.ts';
import { type Vec3, addScaled3, cross3, normalize3, quatAxisAngle, radians } from '../math.ts';
import { type Influence, type Ring, addLathe, createMeshBuilder } from '../mesh.ts';
import { addBone, addPlainNode, createRig } from '../rig.ts';
import type { ModelSpec } from '../spec.ts';

export const TENTACLES = 25;
export const JOINTS_PER_TENTACLE = 8;
/** Rings along each tentacle and vertices around each ring: 25 × (160 × 25 + 2) = 100,050 vertices. */
const RINGS = 160;
const SEGMENTS = 25;
/** Metres. */
const BASE_RADIUS = 0.45;
const BONE_LENGTH = 0.12;
const ROOT_RADIUS = 0.05;
const TIP_RADIUS = 0.012;
/** Degrees each tentacle leans away from the axis. */
const LEAN = 25;
/** Metres along the tentacle over which a bone's weight falls to 1/e. */
const WEIGHT_SPREAD = 0.09;
/** Seconds, keys per second, and the wave's amplitude per joint, degrees. */
const PERIOD = 2;
const RATE = 15;
const AMPLITUDE = 9;

export function buildSeaAnemone(): ModelSpec {
  const rig = createRig();
  const root = addPlainNode(rig, { name: 'anemone', parent: -1 });
  const joints: number[] = [];
  const mesh = createMeshBuilder();
  const height = JOINTS_PER_TENTACLE * BONE_LENGTH;

  for (let k = 0; k < TENTACLES; k++) {
    const around = (2 * Math.PI * k) / TENTACLES;
    const outward: Vec3 = [Math.cos(around), 0, Math.sin(around)];
    const tangent: Vec3 = [-Math.sin(around), 0, Math.cos(around)];
    const lean = radians(LEAN);
    const axis = normalize3(addScaled3([0, Math.cos(lean), 0], outward, Math.sin(lean)));
    const base = addScaled3([0, 0, 0], outward, BASE_RADIUS);
    const chain: number[] = [];
    for (let j = 0; j < JOINTS_PER_TENTACLE; j++) {
      chain.push(
        addBone(rig, {
          name: `tentacle${String(k).padStart(2, '0')}.${j}`,
          parent: j === 0 ? root : chain[j - 1],
          head: addScaled3(base, axis, j * BONE_LENGTH),
          tail: addScaled3(base, axis, (j + 1) * BONE_LENGTH),
          zHint: tangent,
        }),
      );
    }
    joints.push(...chain);

    // The four bone midpoints nearest to distance s along the tentacle, by a Gaussian of the distance.
    const weightsAt = (s: number): Influence[] =>
      chain
        .map((joint, j): Influence => [joint, Math.exp(-(((s - (j + 0.5) * BONE_LENGTH) / WEIGHT_SPREAD) ** 2))])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4);
    const side = normalize3(cross3(tangent, axis));
    const ringAt = (s: number, radius: number): Ring => ({ center: addScaled3(base, axis, s), u: side, v: tangent, radiusU: radius, radiusV: radius });
    const rings: Ring[] = [ringAt(0, 0)];
    for (let r = 0; r < RINGS; r++) {
      const s = (height * r) / (RINGS - 1);
      rings.push(ringAt(s, ROOT_RADIUS + (TIP_RADIUS - ROOT_RADIUS) * (s / height)));
    }
    rings.push(ringAt(height + TIP_RADIUS, 0));
    // u × v must point up the tentacle: side × tangent = axis.
    addLathe(mesh, rings, SEGMENTS, (point) => weightsAt(Math.max(0, Math.min(height, distanceAlong(point, base, axis)))));
  }

  const aboutZ: Vec3 = [0, 0, 1];
  const tracks = joints.map((joint, index) => {
    const k = Math.floor(index / JOINTS_PER_TENTACLE);
    const j = index % JOINTS_PER_TENTACLE;
    const phase = (2 * Math.PI * k) / TENTACLES + 0.6 * j;
    return sampleTrack(joint, 'rotation', RATE, PERIOD, true, (t) => [...quatAxisAngle(aboutZ, radians(AMPLITUDE * Math.sin((2 * Math.PI * t) / PERIOD - phase)))]);
  });

  return assembleModel({
    name: 'sea-anemone',
    description: `${TENTACLES} tentacles of ${JOINTS_PER_TENTACLE} joints (${TENTACLES * JOINTS_PER_TENTACLE} joints) and ${TENTACLES * (RINGS * SEGMENTS + 2)} vertices swaying: the model lab's big-model test.`,
    chapters: ['The model lab'],
    notes: [],
    rig,
    joints,
    skeleton: root,
    meshName: 'sea-anemone',
    mesh,
    material: { name: 'coral', baseColor: [0.8, 0.35, 0.3, 1], metallic: 0, roughness: 0.6 },
    clips: [{ name: 'sway', loops: true, tracks }],
  });
}

function distanceAlong(point: Vec3, base: Vec3, axis: Vec3): number {
  return (point[0] - base[0]) * axis[0] + (point[1] - base[1]) * axis[1] + (point[2] - base[2]) * axis[2];
}
