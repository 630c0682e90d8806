// Hand-made glTF models for the reader's tests, built in code so every byte is known.
//
// riggedArm(): a two-bone arm under a Z-up armature whose transform is a `matrix`, listed in a
// file order that is not parents-first:
//   nodes[0] "ArmMesh"   mesh 0, skin 0              (root)
//   nodes[1] "Forearm"   T(0,1,0) R(z 30°)            child of 2, children [4]
//   nodes[2] "Upperarm"  T(0.2,0,0)                   child of 3, children [1]
//   nodes[3] "Armature"  matrix T(1,0,0.5)·Rx(−90°)·S(1.5)  (root), children [2]
//   nodes[4] "Tip"       T(0,1,0)                     child of 1 (a bone end, not a joint)
// Skin 0: joints [2, 1], IBMs = inverse bind globals, skeleton 2. Mesh: a square tube of 3 rings
// of 4 vertices along the upper arm (ring 0 → joint 0, ring 1 → half/half, ring 2 → joint 1).
// Animations: 0 "bend" (rotation of 1 LINEAR, translation of 2 STEP, scale of 4 CUBICSPLINE,
// duration 2 s); 1 "idle" (rotation of 2 as normalised SHORT, duration 0.25 s).

import { mat4, quat, vec3 } from 'gl-matrix';
import { GltfBuilder, type Json } from './builder.ts';

export const ARM_ARMATURE_MATRIX = (() => {
  const m = mat4.create();
  const q = quat.setAxisAngle(quat.create(), [1, 0, 0], -Math.PI / 2);
  mat4.fromRotationTranslationScale(m, q, [1, 0, 0.5], [1.5, 1.5, 1.5]);
  return m;
})();

export const ARM_FOREARM_ROTATION = quat.setAxisAngle(quat.create(), [0, 0, 1], Math.PI / 6);

/** Local matrices of the arm's nodes by source index, as the file defines them. */
export function armLocalMatrices(): mat4[] {
  return [
    mat4.create(),
    mat4.fromRotationTranslation(mat4.create(), ARM_FOREARM_ROTATION, [0, 1, 0]),
    mat4.fromTranslation(mat4.create(), [0.2, 0, 0]),
    mat4.clone(ARM_ARMATURE_MATRIX),
    mat4.fromTranslation(mat4.create(), [0, 1, 0]),
  ];
}

/** Bind-pose global matrices of the arm's nodes by source index. */
export function armGlobalMatrices(): mat4[] {
  const local = armLocalMatrices();
  const parent = [-1, 2, 3, -1, 1];
  const global: mat4[] = [];
  const resolve = (i: number): mat4 => {
    if (global[i] === undefined) {
      global[i] = parent[i] === -1 ? mat4.clone(local[i]) : mat4.multiply(mat4.create(), resolve(parent[i]), local[i]);
    }
    return global[i];
  };
  return local.map((_, i) => resolve(i));
}

/** Bind-pose positions (model space) of the arm's 12 vertices. */
export function armPositions(): Float32Array {
  const upperarm = armGlobalMatrices()[2];
  const out = new Float32Array(36);
  const corners = [
    [-0.25, -0.25],
    [0.25, -0.25],
    [0.25, 0.25],
    [-0.25, 0.25],
  ];
  for (let ring = 0; ring < 3; ring++) {
    for (let c = 0; c < 4; c++) {
      const p = vec3.transformMat4(vec3.create(), [corners[c][0], ring, corners[c][1]], upperarm);
      out.set(p, 3 * (4 * ring + c));
    }
  }
  return out;
}

/** Outward normals of the arm's 12 vertices, model space. */
export function armNormals(): Float32Array {
  const upperarm = armGlobalMatrices()[2];
  const rotation = mat4.getRotation(quat.create(), upperarm);
  const out = new Float32Array(36);
  const directions = [
    [-1, 0, -1],
    [1, 0, -1],
    [1, 0, 1],
    [-1, 0, 1],
  ];
  for (let v = 0; v < 12; v++) {
    const d = directions[v % 4];
    const n = vec3.transformQuat(vec3.create(), vec3.normalize(vec3.create(), [d[0], d[1], d[2]]), rotation);
    out.set(n, 3 * v);
  }
  return out;
}

/** Triangle indices of the tube: 2 segments × 4 sides × 2 triangles. */
export function armIndices(): Uint16Array {
  const indices: number[] = [];
  for (let ring = 0; ring < 2; ring++) {
    for (let side = 0; side < 4; side++) {
      const a = 4 * ring + side;
      const b = 4 * ring + ((side + 1) % 4);
      indices.push(a, b, b + 4, a, b + 4, a + 4);
    }
  }
  return new Uint16Array(indices);
}

export const ARM_JOINTS = new Uint8Array([
  ...[0, 0, 0, 0].flatMap(() => [0, 0, 0, 0]),
  ...[0, 0, 0, 0].flatMap(() => [0, 1, 0, 0]),
  ...[0, 0, 0, 0].flatMap(() => [1, 0, 0, 0]),
]);
export const ARM_WEIGHTS = new Float32Array([
  ...[0, 0, 0, 0].flatMap(() => [1, 0, 0, 0]),
  ...[0, 0, 0, 0].flatMap(() => [0.5, 0.5, 0, 0]),
  ...[0, 0, 0, 0].flatMap(() => [1, 0, 0, 0]),
]);

export const BEND_ROTATION_TIMES = new Float32Array([0, 0.5, 1]);
export const BEND_ROTATIONS = new Float32Array([
  ...ARM_FOREARM_ROTATION,
  ...quat.setAxisAngle(quat.create(), [0, 0, 1], Math.PI / 3),
  ...ARM_FOREARM_ROTATION,
]);
export const BEND_TRANSLATION_TIMES = new Float32Array([0, 1]);
export const BEND_TRANSLATIONS = new Float32Array([0.2, 0, 0, 0.3, 0, 0]);
export const BEND_SCALE_TIMES = new Float32Array([0, 2]);
/** CUBICSPLINE: in-tangent, value, out-tangent per key. */
export const BEND_SCALES = new Float32Array([0, 0, 0, 1, 1, 1, 0.5, 0.5, 0.5, -0.5, -0.5, -0.5, 2, 2, 2, 0, 0, 0]);
export const IDLE_TIMES = new Float32Array([0, 0.25]);
/** Identity and a small turn about Y, as normalised SHORT (32767 = 1). */
export const IDLE_ROTATIONS_SHORT = new Int16Array([0, 0, 0, 32767, 0, 3212, 0, 32609]);

/** The arm as a builder whose `json` tests may edit before encoding. */
export function riggedArm(): GltfBuilder {
  const b = new GltfBuilder();
  const globals = armGlobalMatrices();
  const ibm = new Float32Array(32);
  ibm.set(mat4.invert(mat4.create(), globals[2])!, 0);
  ibm.set(mat4.invert(mat4.create(), globals[1])!, 16);

  const indices = b.accessor(armIndices(), 'SCALAR');
  const position = b.accessor(armPositions(), 'VEC3');
  const normal = b.accessor(armNormals(), 'VEC3');
  const joints = b.accessor(ARM_JOINTS, 'VEC4');
  const weights = b.accessor(ARM_WEIGHTS, 'VEC4');
  const inverseBind = b.accessor(ibm, 'MAT4');
  const rotationTimes = b.accessor(BEND_ROTATION_TIMES, 'SCALAR');
  const rotations = b.accessor(BEND_ROTATIONS, 'VEC4');
  const translationTimes = b.accessor(BEND_TRANSLATION_TIMES, 'SCALAR');
  const translations = b.accessor(BEND_TRANSLATIONS, 'VEC3');
  const scaleTimes = b.accessor(BEND_SCALE_TIMES, 'SCALAR');
  const scales = b.accessor(BEND_SCALES, 'VEC3');
  const idleTimes = b.accessor(IDLE_TIMES, 'SCALAR');
  const idleRotations = b.accessor(IDLE_ROTATIONS_SHORT, 'VEC4', { normalized: true });

  const json: Json = b.json;
  json.scene = 0;
  json.scenes = [{ nodes: [0, 3] }];
  json.nodes = [
    { name: 'ArmMesh', mesh: 0, skin: 0 },
    { name: 'Forearm', translation: [0, 1, 0], rotation: [...ARM_FOREARM_ROTATION], children: [4] },
    { name: 'Upperarm', translation: [0.2, 0, 0], children: [1] },
    { name: 'Armature', matrix: [...ARM_ARMATURE_MATRIX], children: [2] },
    { name: 'Tip', translation: [0, 1, 0] },
  ];
  json.meshes = [
    {
      name: 'Arm',
      primitives: [
        { attributes: { POSITION: position, NORMAL: normal, JOINTS_0: joints, WEIGHTS_0: weights }, indices, mode: 4 },
      ],
    },
  ];
  json.skins = [{ name: 'ArmSkin', joints: [2, 1], inverseBindMatrices: inverseBind, skeleton: 2 }];
  json.animations = [
    {
      name: 'bend',
      samplers: [
        { input: rotationTimes, output: rotations, interpolation: 'LINEAR' },
        { input: translationTimes, output: translations, interpolation: 'STEP' },
        { input: scaleTimes, output: scales, interpolation: 'CUBICSPLINE' },
      ],
      channels: [
        { sampler: 0, target: { node: 1, path: 'rotation' } },
        { sampler: 1, target: { node: 2, path: 'translation' } },
        { sampler: 2, target: { node: 4, path: 'scale' } },
      ],
    },
    {
      name: 'idle',
      samplers: [{ input: idleTimes, output: idleRotations }],
      channels: [{ sampler: 0, target: { node: 2, path: 'rotation' } }],
    },
  ];
  return b;
}

/** Accessor indices riggedArm() assigns, for tests that edit them. */
export const ARM = {
  indices: 0,
  position: 1,
  normal: 2,
  joints: 3,
  weights: 4,
  inverseBind: 5,
  rotationTimes: 6,
  rotations: 7,
  translationTimes: 8,
  translations: 9,
  scaleTimes: 10,
  scales: 11,
  idleTimes: 12,
  idleRotations: 13,
} as const;

/** Hierarchy order the arm must load in (source indices, parents first, least reordering). */
export const ARM_ORDER = [0, 3, 2, 1, 4];

/**
 * A fan of 6 joints (joint k's bind origin at x = k) and one triangle whose vertices use two
 * influence sets: vertex 0 has 6 distinct joints (two listed twice), vertex 1 weights summing to
 * 0.625, vertex 2 no weight at all and sits at x = 4.2. Weights are binary fractions, so sums and
 * ties are exact.
 */
export function fan(): GltfBuilder {
  const b = new GltfBuilder();
  const ibm = new Float32Array(16 * 6);
  for (let k = 0; k < 6; k++) ibm.set(mat4.fromTranslation(mat4.create(), [-k, 0, 0]), 16 * k);
  const position = b.accessor(new Float32Array([0, 0, 0, 1, 1, 0, 4.2, 0, 0]), 'VEC3');
  const joints0 = b.accessor(new Uint16Array([0, 1, 2, 3, 0, 1, 2, 3, 0, 0, 0, 0]), 'VEC4');
  const weights0 = b.accessor(
    new Float32Array([0.125, 0.25, 0.0625, 0.1875, 0.125, 0.125, 0.25, 0.125, 0, 0, 0, 0]),
    'VEC4',
  );
  const joints1 = b.accessor(new Uint8Array([4, 5, 0, 1, 0, 0, 0, 0, 5, 4, 3, 2]), 'VEC4');
  const weights1 = b.accessor(new Float32Array([0.1875, 0.0625, 0.0625, 0.0625, 0, 0, 0, 0, 0, 0, 0, 0]), 'VEC4');
  const inverseBind = b.accessor(ibm, 'MAT4');
  b.json.nodes = [
    { mesh: 0, skin: 0 },
    { children: [2, 3, 4, 5, 6, 7] },
    ...[0, 1, 2, 3, 4, 5].map((k) => ({ translation: [k, 0, 0] })),
  ];
  b.json.skins = [{ joints: [2, 3, 4, 5, 6, 7], inverseBindMatrices: inverseBind }];
  b.json.meshes = [
    {
      primitives: [
        {
          attributes: {
            POSITION: position,
            JOINTS_0: joints0,
            WEIGHTS_0: weights0,
            JOINTS_1: joints1,
            WEIGHTS_1: weights1,
          },
        },
      ],
    },
  ];
  return b;
}
