// Three pointers driven by the same keys through STEP, LINEAR and CUBICSPLINE samplers: the
// interpolation chapter's side-by-side comparison.
//
// Hierarchy: joint "base" at the origin; under it three bone-less pivot nodes
// "column.step" / "column.linear" / "column.cubic" at x = −1.2, 0, 1.2; under each pivot a joint
// ("step", "linear", "cubic") whose bone points up +Y. The pivots are not joints, so they show that
// nodes without bones still contribute their transforms.
//
// Clip "keys" (2.4 s loop). Each pointer joint has three tracks with different key counts, the
// same numbers for all three joints:
//   translation  5 keys  t = 0, 0.5, 1.2, 1.8, 2.4   y = 0.2, 0.8, 0.35, 0.65, 0.2 (x = z = 0)
//   rotation     4 keys  t = 0, 0.6, 1.2, 2.4        about +Z: 0°, 70°, −50°, 0°
//   scale        3 keys  t = 0, 1.2, 2.4             uniform 1, 1.4, 1
// CUBICSPLINE tangents (units per second, in = out) are Catmull–Rom slopes over the loop:
// (next − previous) / (t_next − t_previous), the neighbours of the first and last key taken
// across the seam so the loop stays smooth.

import { assembleModel } from '../assemble.ts';
import { createTrack } from '../clip.ts';
import { IDENTITY_QUAT, type Vec3, quatAxisAngle, radians } from '../math.ts';
import { type Influence, addBox, createMeshBuilder } from '../mesh.ts';
import { addBone, addPlainNode, createRig } from '../rig.ts';
import type { InterpolationName, ModelSpec, TrackPathName, TrackSpec } from '../spec.ts';

const DURATION = 2.4;
const COLUMNS: { interpolation: InterpolationName; joint: string; x: number }[] = [
  { interpolation: 'STEP', joint: 'step', x: -1.2 },
  { interpolation: 'LINEAR', joint: 'linear', x: 0 },
  { interpolation: 'CUBICSPLINE', joint: 'cubic', x: 1.2 },
];

const INTERPOLATION_KEYS = {
  translation: { times: [0, 0.5, 1.2, 1.8, 2.4], values: [0.2, 0.8, 0.35, 0.65, 0.2].map((y) => [0, y, 0]) },
  rotation: {
    times: [0, 0.6, 1.2, 2.4],
    values: [0, 70, -50, 0].map((degrees) => [...quatAxisAngle([0, 0, 1], radians(degrees))]),
  },
  scale: { times: [0, 1.2, 2.4], values: [1, 1.4, 1].map((s) => [s, s, s]) },
} as const satisfies Record<TrackPathName, { times: number[]; values: number[][] }>;

/** [in-tangent, value, out-tangent] per key with periodic Catmull–Rom slopes. */
function cubicValues(times: readonly number[], values: readonly (readonly number[])[]): number[][] {
  const n = times.length;
  const out: number[][] = [];
  for (let k = 0; k < n; k++) {
    // Neighbours across the seam: key n−1 repeats key 0, so skip it when wrapping.
    const previous = k === 0 ? n - 2 : k - 1;
    const next = k === n - 1 ? 1 : k + 1;
    const previousTime = k === 0 ? times[n - 2] - DURATION : times[previous];
    const nextTime = k === n - 1 ? DURATION + times[1] : times[next];
    const slope = values[k].map((_, c) => (values[next][c] - values[previous][c]) / (nextTime - previousTime));
    out.push(slope, [...values[k]], slope);
  }
  return out;
}

export function buildInterpolation(): ModelSpec {
  const rig = createRig();
  const base = addBone(rig, { name: 'base', parent: -1, head: [0, 0, 0], tail: [0, 0.1, 0], zHint: [0, 0, 1] });
  const pivots = COLUMNS.map((column) =>
    addPlainNode(rig, { name: `column.${column.joint}`, parent: base, translation: [column.x, 0, 0] }),
  );
  const restY = INTERPOLATION_KEYS.translation.values[0][1];
  const pointers = COLUMNS.map((column, index) =>
    addBone(rig, {
      name: column.joint,
      parent: pivots[index],
      head: [column.x, restY, 0],
      tail: [column.x, restY + 0.6, 0],
      zHint: [0, 0, 1],
    }),
  );

  const mesh = createMeshBuilder();
  const rigid = (joint: number): Influence[] => [[joint, 1]];
  addBox(mesh, [0, -0.05, 0], IDENTITY_QUAT, [1.8, 0.05, 0.35], rigid(base));
  COLUMNS.forEach((column, index) => {
    const origin: Vec3 = [column.x, restY, 0];
    // An arrow: shaft from the joint up, a wider head at the top, so turns and moves both read.
    addBox(mesh, [origin[0], origin[1] + 0.25, 0], IDENTITY_QUAT, [0.04, 0.25, 0.04], rigid(pointers[index]));
    addBox(mesh, [origin[0], origin[1] + 0.55, 0], IDENTITY_QUAT, [0.13, 0.05, 0.05], rigid(pointers[index]));
    addBox(mesh, [origin[0], origin[1], 0], IDENTITY_QUAT, [0.07, 0.03, 0.07], rigid(pointers[index]));
  });

  const tracks: TrackSpec[] = [];
  COLUMNS.forEach((column, index) => {
    for (const path of ['translation', 'rotation', 'scale'] as const) {
      const { times, values } = INTERPOLATION_KEYS[path];
      const keyed = column.interpolation === 'CUBICSPLINE' ? cubicValues(times, values) : values.map((v) => [...v]);
      tracks.push(createTrack(pointers[index], path, column.interpolation, [...times], keyed));
    }
  });

  return assembleModel({
    name: 'interpolation',
    description:
      'Three pointers keyed with identical translation, rotation and scale keys (5, 4 and 3 keys) through STEP, LINEAR and CUBICSPLINE samplers; their pivots are bone-less nodes.',
    chapters: ['Keyframe interpolation', 'Hierarchy traversal'],
    notes: [
      '`base` at the origin; pivots `column.step`, `column.linear`, `column.cubic` at x = −1.2, 0, 1.2 under it; each pointer joint at (0, 0.2, 0) from its pivot.',
      'Translation keys (relative to the pivot): t = 0, 0.5, 1.2, 1.8, 2.4 s, y = 0.2, 0.8, 0.35, 0.65, 0.2.',
      'Rotation keys about +Z: t = 0, 0.6, 1.2, 2.4 s, 0°, 70°, −50°, 0°. Scale keys (uniform): t = 0, 1.2, 2.4 s, 1, 1.4, 1.',
      'CUBICSPLINE tangents (per second, in = out): Catmull–Rom slopes (next − previous) / (t_next − t_previous), wrapping across the loop seam.',
    ],
    rig,
    joints: [base, ...pointers],
    skeleton: base,
    meshName: 'pointers',
    mesh,
    material: { name: 'pointer', baseColor: [0.45, 0.3, 0.75, 1], metallic: 0, roughness: 0.5 },
    clips: [{ name: 'keys', loops: true, tracks }],
  });
}
