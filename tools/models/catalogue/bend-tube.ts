// A smooth capped cylinder on a three-bone chain along +Y: the model for smooth weights and for
// linear blend skinning's artefacts.
//
// Radius 0.25, length 3 (one unit per bone), 32 vertices around each of 49 rings (one every
// 1/16 unit). Weights blend over ±0.25 around each joint with a smoothstep, so the middle of a
// blend zone (s = 1 and s = 2) is exactly half and half. Clips:
//   bend   3 s loop, 30 keys/s: "middle" and "end" bend about +Z by 50°·sin(2πt/3).
//   twist  4 s loop, 30 keys/s: "end" turns about its own +Y (the tube axis) from 0° to exactly
//          180° at t = 2 s and back. At 180° the blended matrix at s = 2 is ½(I + R_y(180°)),
//          which flattens that ring onto the axis: the candy-wrapper collapse.

import { assembleModel } from '../assemble.ts';
import { sampleTrack } from '../clip.ts';
import { type Vec3, quatAxisAngle, radians, smoothstep } from '../math.ts';
import { type MeshBuilder, type Ring, type WeightFunction, addLathe, addVertex, createMeshBuilder } from '../mesh.ts';
import { addBone, createRig } from '../rig.ts';
import type { ModelSpec } from '../spec.ts';

const RADIUS = 0.25;
const SEGMENTS = 32;
const RINGS_PER_UNIT = 16;
const BLEND_HALF_WIDTH = 0.25;
const RATE = 30;

/** A flat disc closing the tube, facing `normalY` (±1 along Y). */
function addCap(mesh: MeshBuilder, y: number, normalY: 1 | -1, weights: WeightFunction): void {
  const normal: Vec3 = [0, normalY, 0];
  const centerPoint: Vec3 = [0, y, 0];
  const center = addVertex(mesh, centerPoint, normal, weights(centerPoint));
  for (let k = 0; k < SEGMENTS; k++) {
    const angle = (2 * Math.PI * k) / SEGMENTS;
    const point: Vec3 = [RADIUS * Math.cos(angle), y, -RADIUS * Math.sin(angle)];
    addVertex(mesh, point, normal, weights(point));
  }
  for (let k = 0; k < SEGMENTS; k++) {
    const a = center + 1 + k,
      b = center + 1 + ((k + 1) % SEGMENTS);
    if (normalY > 0) mesh.triangles.push(center, a, b);
    else mesh.triangles.push(center, b, a);
  }
}

export function buildBendTube(): ModelSpec {
  const rig = createRig();
  const zHint: Vec3 = [0, 0, 1];
  const base = addBone(rig, { name: 'base', parent: -1, head: [0, 0, 0], tail: [0, 1, 0], zHint });
  const middle = addBone(rig, { name: 'middle', parent: base, head: [0, 1, 0], tail: [0, 2, 0], zHint });
  const end = addBone(rig, { name: 'end', parent: middle, head: [0, 2, 0], tail: [0, 3, 0], zHint });

  const weights: WeightFunction = (point) => {
    const toMiddle = smoothstep(1 - BLEND_HALF_WIDTH, 1 + BLEND_HALF_WIDTH, point[1]);
    const toEnd = smoothstep(2 - BLEND_HALF_WIDTH, 2 + BLEND_HALF_WIDTH, point[1]);
    return [
      [base, 1 - toMiddle],
      [middle, toMiddle - toEnd],
      [end, toEnd],
    ];
  };

  const mesh = createMeshBuilder();
  const rings: Ring[] = [];
  // u × v = +Y, so the rings run up the tube: u = +X, v = −Z.
  for (let ring = 0; ring <= 3 * RINGS_PER_UNIT; ring++) {
    rings.push({
      center: [0, ring / RINGS_PER_UNIT, 0],
      u: [1, 0, 0],
      v: [0, 0, -1],
      radiusU: RADIUS,
      radiusV: RADIUS,
    });
  }
  addLathe(mesh, rings, SEGMENTS, weights);
  addCap(mesh, 0, -1, weights);
  addCap(mesh, 3, 1, weights);

  const aboutZ = (degrees: number): number[] => [...quatAxisAngle([0, 0, 1], radians(degrees))];
  const bendAngle = (t: number): number => 50 * Math.sin((2 * Math.PI * t) / 3);
  const twistAngle = (t: number): number => 90 * (1 - Math.cos((2 * Math.PI * t) / 4));

  return assembleModel({
    name: 'bend-tube',
    description:
      'A smooth capped cylinder (32 around, 49 rings) on a three-bone +Y chain with smoothstep weights at both joints; bends, and twists its end bone 180° to show the candy-wrapper collapse.',
    chapters: ['Skin weights', 'The skinning shader', 'Beyond'],
    notes: [
      `Bones of 1 unit up +Y, unrotated: \`base\` at the origin, \`middle\` at y = 1, \`end\` at y = 2; radius ${RADIUS}, flat caps at y = 0 and 3.`,
      'Weights: smoothstep blends over y = 0.75…1.25 (`base` → `middle`) and 1.75…2.25 (`middle` → `end`), exactly 0.5 / 0.5 at y = 1 and y = 2.',
      '`bend`: `middle` and `end` each rotate 50°·sin(2πt / 3) about +Z.',
      '`twist`: `end` rotates 90°·(1 − cos(2πt / 4)) about its own +Y, reaching 180° at t = 2 s, where linear blend skinning flattens the ring at y = 2 onto the axis.',
    ],
    rig,
    joints: [base, middle, end],
    skeleton: base,
    meshName: 'tube',
    mesh,
    material: { name: 'tube', baseColor: [0.1, 0.55, 0.5, 1], metallic: 0, roughness: 0.45 },
    clips: [
      {
        name: 'bend',
        loops: true,
        tracks: [
          sampleTrack(middle, 'rotation', RATE, 3, true, (t) => aboutZ(bendAngle(t))),
          sampleTrack(end, 'rotation', RATE, 3, true, (t) => aboutZ(bendAngle(t))),
        ],
      },
      {
        name: 'twist',
        loops: true,
        tracks: [
          sampleTrack(end, 'rotation', RATE, 4, true, (t) => [...quatAxisAngle([0, 1, 0], radians(twistAngle(t)))]),
        ],
      },
    ],
  });
}
