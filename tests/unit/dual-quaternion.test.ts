import { fileURLToPath } from 'node:url';
import { mat4, quat, quat2, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import {
  applyBlendedDualQuaternion,
  describeNonRigidJoint,
  findNonRigidJoint,
  matrixToDualQuaternionAt,
  paletteAsDualQuaternions,
  paletteToDualQuaternions,
  skinVerticesDualQuaternion,
  skinVerticesWithDualQuaternions,
} from '../../src/core/dual-quaternion.ts';
import { createPlayer } from '../../src/core/frame.ts';
import { Playback } from '../../src/core/clip.ts';
import type { SkinnedPrimitive } from '../../src/core/model.ts';
import { skinVerticesDualQuaternionWithoutSignAlignment } from '../../src/core/pitfalls-beyond.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { axisAngle, expectClose, expectFinite, newSpaceGrowth, paletteOf, poseAt, primitiveOf, randomIn, randomUnitQuat, seededRandom } from './helpers.ts';

const MODELS_DIRECTORY = fileURLToPath(new URL('../../public/models/', import.meta.url));

/** A rigid transform and its matrix: rotation q (any sign), translation t. */
interface Rigid {
  q: quat;
  t: vec3;
  matrix: mat4;
}

function rigid(q: ArrayLike<number>, t: ArrayLike<number>): Rigid {
  const rotation = quat.fromValues(q[0], q[1], q[2], q[3]);
  const translation = vec3.fromValues(t[0], t[1], t[2]);
  return { q: rotation, t: translation, matrix: mat4.fromRotationTranslation(mat4.create(), rotation, translation) };
}

function randomRigid(random: () => number): Rigid {
  return rigid(randomUnitQuat(random), [randomIn(random, -3, 3), randomIn(random, -3, 3), randomIn(random, -3, 3)]);
}

/** Our conversion of one matrix, in a fresh array. */
function convert(matrix: ArrayLike<number>): Float32Array {
  return matrixToDualQuaternionAt(new Float32Array(8), 0, Float32Array.from(matrix), 0);
}

/** gl-matrix's dual quaternion of (q, t), with the sign of `like` (q̂ and −q̂ are the same transform). */
function referenceLike(transform: Rigid, like: ArrayLike<number>): Float64Array {
  const reference = quat2.fromRotationTranslation(new Float64Array(8), transform.q, transform.t) as Float64Array;
  let dot = 0;
  for (let i = 0; i < 4; i++) dot += reference[i] * like[i];
  if (dot < 0) for (let i = 0; i < 8; i++) reference[i] = -reference[i];
  return reference;
}

/** A random primitive: 1–4 influences per vertex over `jointCount` joints, unit normals. */
function randomPrimitive(random: () => number, vertexCount: number, jointCount: number): SkinnedPrimitive {
  const positions: number[] = [], normals: number[] = [], joints: number[] = [], weights: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    positions.push(randomIn(random, -2, 2), randomIn(random, -2, 2), randomIn(random, -2, 2));
    normals.push(...vec3.normalize(vec3.create(), [randomIn(random, -1, 1), randomIn(random, -1, 1), randomIn(random, -1, 1)]));
    const used = 1 + Math.floor(random() * 4);
    const raw = [0, 0, 0, 0].map((_, s) => (s < used ? random() + 0.05 : 0));
    const sum = raw.reduce((a, b) => a + b, 0);
    for (let s = 0; s < 4; s++) {
      joints.push(s < used ? Math.floor(random() * jointCount) : 0);
      weights.push(raw[s] / sum);
    }
  }
  return primitiveOf(positions, joints, weights, normals);
}

/**
 * The reference blend for vertex v, from gl-matrix's quat2 built from each joint's (q, t) — not
 * from our conversion: sides chosen against the first influence with quat.dot, quat2.scale/add,
 * quat2.normalize, then vec3.transformQuat and quat2.getTranslation.
 */
function referenceVertex(primitive: SkinnedPrimitive, transforms: Rigid[], v: number): { position: vec3; normal: vec3 } {
  const sum = new Float64Array(8);
  let first: quat | null = null;
  for (let s = 0; s < 4; s++) {
    const weight = primitive.weights[4 * v + s];
    if (!(weight > 0)) continue;
    const transform = transforms[primitive.joints[4 * v + s]];
    const joint = quat2.fromRotationTranslation(new Float64Array(8), transform.q, transform.t) as Float64Array;
    if (first === null) first = transform.q;
    const side = quat.dot(first, transform.q) < 0 ? -1 : 1;
    quat2.add(sum, sum, quat2.scale(joint, joint, side * weight));
  }
  quat2.normalize(sum, sum);
  const real = quat.fromValues(sum[0], sum[1], sum[2], sum[3]);
  const translation = quat2.getTranslation(vec3.create(), sum);
  const position = vec3.add(vec3.create(), vec3.transformQuat(vec3.create(), primitive.positions.subarray(3 * v, 3 * v + 3), real), translation);
  const normal = vec3.transformQuat(vec3.create(), primitive.normals!.subarray(3 * v, 3 * v + 3), real);
  return { position, normal };
}

/** The primitive with every vertex bound with weight 1 to its largest influence (slot 0, as the loader sorts them). */
function boundToLargestInfluence(primitive: SkinnedPrimitive): SkinnedPrimitive {
  const joints = new Uint16Array(primitive.joints.length);
  const weights = new Float32Array(primitive.weights.length);
  for (let v = 0; v < primitive.vertexCount; v++) {
    let largest = 0;
    for (let s = 1; s < 4; s++) if (primitive.weights[4 * v + s] > primitive.weights[4 * v + largest]) largest = s;
    joints[4 * v] = primitive.joints[4 * v + largest];
    weights[4 * v] = 1;
  }
  return { ...primitive, joints, weights };
}

describe('matrixToDualQuaternionAt', () => {
  it('matches gl-matrix quat2.fromRotationTranslation on random rigid matrices, up to the sign, with w ≥ 0', () => {
    const random = seededRandom(901);
    let negativeW = 0;
    for (let i = 0; i < 500; i++) {
      const transform = randomRigid(random);
      if (transform.q[3] < 0) negativeW++;
      const ours = convert(transform.matrix);
      expect(ours[3], `case ${i}: w`).toBeGreaterThanOrEqual(0);
      expectClose(Math.hypot(ours[0], ours[1], ours[2], ours[3]), 1, 1e-6, `case ${i}: unit real part`);
      expectClose(ours, referenceLike(transform, ours), 2e-6, `case ${i}`);
    }
    expect(negativeW, 'the random rotations include quaternions with w < 0').toBeGreaterThan(100);
  });

  it('gives w ≥ 0 for a rotation built from a quaternion with w < 0: the same rotation, negated', () => {
    // 300° about (1, 2, 3)/|…|: cos 150° < 0, so gl-matrix's quaternion has w < 0; ours is its negation.
    const transform = rigid(axisAngle(1 / Math.sqrt(14), 2 / Math.sqrt(14), 3 / Math.sqrt(14), (300 * Math.PI) / 180), [0.5, -1, 2]);
    expect(transform.q[3]).toBeLessThan(0);
    const ours = convert(transform.matrix);
    const reference = quat2.fromRotationTranslation(new Float64Array(8), transform.q, transform.t) as Float64Array;
    expectClose(ours, Array.from(reference, (x) => -x), 2e-6);
  });

  it('converts 180° rotations (w = 0) about the axes and about oblique axes, where the trace branch cannot be used', () => {
    const random = seededRandom(902);
    const axes: [number, number, number][] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, 0, 0]];
    for (let i = 0; i < 20; i++) axes.push([...vec3.normalize(vec3.create(), [randomIn(random, -1, 1), randomIn(random, -1, 1), randomIn(random, -1, 1)])] as [number, number, number]);
    for (const [x, y, z] of axes) {
      for (const degrees of [180, 179.99, 180.01]) {
        const transform = rigid(axisAngle(x, y, z, (degrees * Math.PI) / 180), [randomIn(random, -2, 2), randomIn(random, -2, 2), randomIn(random, -2, 2)]);
        const ours = convert(transform.matrix);
        expect(ours[3]).toBeGreaterThanOrEqual(0);
        expectClose(ours, referenceLike(transform, ours), 2e-6, `${degrees}° about (${x}, ${y}, ${z})`);
      }
    }
    // Exactly a half turn about Y, written by hand: real (0, 1, 0, 0), translation (2, 0, 0) → dual ½·(2, 0, 0, 0)·(0, 1, 0, 0) = (0, 0, 1, 0).
    const halfTurn = [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 2, 0, 0, 1];
    expectClose(convert(halfTurn), [0, 1, 0, 0, 0, 0, 1, 0], 0);
  });

  it('drops scale: a scaled matrix converts as its rotation and translation alone', () => {
    const random = seededRandom(903);
    for (let i = 0; i < 50; i++) {
      const transform = randomRigid(random);
      const scaled = mat4.fromRotationTranslationScale(mat4.create(), transform.q, transform.t, [randomIn(random, 0.01, 3), randomIn(random, 0.01, 3), randomIn(random, 0.01, 3)]);
      expectClose(convert(scaled), convert(transform.matrix), 2e-6, `case ${i}`);
    }
  });

  it('turns a matrix with a zero-length or non-finite column into the identity', () => {
    const identity = [0, 0, 0, 1, 0, 0, 0, 0];
    const flattened = mat4.fromScaling(mat4.create(), [1, 0, 1]);
    flattened[12] = 5;
    expect(Array.from(convert(flattened))).toEqual(identity);
    expect(Array.from(convert(new Float32Array(16).fill(NaN)))).toEqual(identity);
    const infinite = mat4.create();
    infinite[0] = Infinity;
    expect(Array.from(convert(infinite))).toEqual(identity);
  });

  it('paletteToDualQuaternions converts as many joints as both arrays hold, and leaves the rest', () => {
    const random = seededRandom(904);
    const transforms = [randomRigid(random), randomRigid(random), randomRigid(random)];
    const palette = paletteOf(transforms.map((t) => t.matrix));
    const out = new Float32Array(8 * 2 + 3).fill(7);
    expect(paletteToDualQuaternions(out, palette)).toBe(out);
    expectClose(out.subarray(0, 8), convert(transforms[0].matrix), 0);
    expectClose(out.subarray(8, 16), convert(transforms[1].matrix), 0);
    expect(Array.from(out.subarray(16))).toEqual([7, 7, 7]);
    const long = new Float32Array(8 * 5).fill(7);
    paletteToDualQuaternions(long, palette);
    expect(Array.from(long.subarray(24))).toEqual(new Array(16).fill(7));
  });
});

describe('findNonRigidJoint and describeNonRigidJoint', () => {
  it('accept rigid palettes and name the first joint that scales, shears, mirrors or is not finite', () => {
    const random = seededRandom(905);
    const rigidPalette = paletteOf(Array.from({ length: 30 }, () => randomRigid(random).matrix));
    expect(findNonRigidJoint(rigidPalette)).toBe(-1);
    const cases: [string, mat4, RegExp][] = [
      ['scale 1.001', mat4.fromScaling(mat4.create(), [1, 1.001, 1]), /joint 2 scales its axes by 1\.000, 1\.001, 1\.000/],
      ['uniform scale 0.01', mat4.fromScaling(mat4.create(), [0.01, 0.01, 0.01]), /scales its axes by 0\.01000, 0\.01000, 0\.01000/],
      ['shear', mat4.fromValues(1, 0, 0, 0, Math.sin(0.01), Math.cos(0.01), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1), /shears: two of its axes meet at 89\.43°/],
      ['mirror', mat4.fromScaling(mat4.create(), [-1, 1, 1]), /mirrors/],
      ['NaN', new Float32Array(16).fill(NaN) as unknown as mat4, /not a finite number/],
    ];
    for (const [label, matrix, message] of cases) {
      const palette = Float32Array.from(rigidPalette);
      palette.set(matrix, 16 * 2);
      palette.set(matrix, 16 * 5);
      expect(findNonRigidJoint(palette), label).toBe(2);
      expect(describeNonRigidJoint(palette, 2), label).toMatch(message);
      expect(describeNonRigidJoint(palette, 1), label).toBeNull();
    }
    // A scale within the tolerance passes; a looser tolerance accepts more.
    const nearlyRigid = paletteOf([mat4.fromScaling(mat4.create(), [1.00001, 1, 1])]);
    expect(findNonRigidJoint(nearlyRigid)).toBe(-1);
    expect(findNonRigidJoint(paletteOf([mat4.fromScaling(mat4.create(), [1.001, 1, 1])]), 0.01)).toBe(-1);
    expect(findNonRigidJoint(new Float32Array(0))).toBe(-1);
  });

  it('describeNonRigidJoint names a joint that is not in the palette', () => {
    const palette = paletteOf([mat4.create(), mat4.create()]);
    expect(() => describeNonRigidJoint(palette, 2)).toThrow(/joint 2 is not in the palette, which holds 2 joints \(32 floats\)/);
    expect(() => describeNonRigidJoint(palette, -1)).toThrow(RangeError);
    expect(() => describeNonRigidJoint(palette, 0.5)).toThrow(RangeError);
  });

  it('the project’s models: mannequin’s walk is rigid; mannequin-zup-cm’s palette scales by 0.01', () => {
    for (const [file, expected] of [['mannequin.glb', -1], ['bend-tube.glb', -1], ['mannequin-zup-cm.glb', 0]] as const) {
      const model = loadModelFile(`${MODELS_DIRECTORY}${file}`);
      const player = createPlayer(model);
      for (let clip = -1; clip < model.clips.length; clip++) {
        poseAt(player, clip, 0.37 * (model.clips[clip]?.duration ?? 0), Playback.LOOP);
        expect(findNonRigidJoint(player.palettes[0]), `${file}, clip ${clip}`).toBe(expected);
      }
      if (expected === 0) expect(describeNonRigidJoint(player.palettes[0], 0)).toMatch(/scales its axes by 0\.01000, 0\.01000, 0\.01000/);
    }
  });
});

describe('skinVerticesDualQuaternion', () => {
  it('matches a blend of gl-matrix dual quaternions built from each joint’s rotation and translation', () => {
    const random = seededRandom(906);
    const jointCount = 8;
    const transforms = Array.from({ length: jointCount }, () => randomRigid(random));
    const primitive = randomPrimitive(random, 400, jointCount);
    const positions = new Float32Array(1200), normals = new Float32Array(1200);
    skinVerticesDualQuaternion(positions, normals, primitive, paletteOf(transforms.map((t) => t.matrix)));
    for (let v = 0; v < primitive.vertexCount; v++) {
      const expected = referenceVertex(primitive, transforms, v);
      expectClose(positions.subarray(3 * v, 3 * v + 3), expected.position, 1e-5, `position ${v}`);
      expectClose(normals.subarray(3 * v, 3 * v + 3), expected.normal, 1e-5, `normal ${v}`);
    }
  });

  it('puts a vertex weighted 1 on one joint where linear blend skinning does: bend-tube’s twist, mannequin’s walk', () => {
    for (const [file, clipName] of [['bend-tube.glb', 'twist'], ['mannequin.glb', 'walk']]) {
      const model = loadModelFile(`${MODELS_DIRECTORY}${file}`);
      const clip = model.clips.findIndex((c) => c.name === clipName);
      expect(clip, `${file} has ${clipName}`).toBeGreaterThanOrEqual(0);
      const player = createPlayer(model);
      const primitive = boundToLargestInfluence(model.meshes[0].primitives[0]);
      const count = 3 * primitive.vertexCount;
      const linear = new Float32Array(count), linearNormals = new Float32Array(count);
      const dual = new Float32Array(count), dualNormals = new Float32Array(count);
      let largest = 0;
      for (const fraction of [0, 0.2, 0.5, 0.65, 0.9]) {
        poseAt(player, clip, fraction * model.clips[clip].duration, Playback.LOOP);
        const palette = player.palettes[model.meshes[0].skin];
        expect(findNonRigidJoint(palette)).toBe(-1);
        skinVertices(linear, linearNormals, primitive, palette);
        skinVerticesDualQuaternion(dual, dualNormals, primitive, palette);
        const where = `${file} ${clipName} at ${fraction} of the clip`;
        expectClose(dual, linear, 2e-6, `${where}: positions`);
        expectClose(dualNormals, linearNormals, 2e-6, `${where}: normals`);
        for (let k = 0; k < count; k++) largest = Math.max(largest, Math.abs(dual[k] - primitive.positions[k]));
      }
      expect(largest, `${file}: the clip moves the vertices`).toBeGreaterThan(0.1);
    }
  });

  it('a hand-derived 2-joint twist: linear blend collapses the vertex onto the axis, dual quaternions turn it', () => {
    // Joint A: the identity. Joint B: a half turn about the line x = 1, z = 0 (parallel to Y):
    //   B = T(1, 0, 0) · R_y(180°) · T(−1, 0, 0), i.e. p ↦ (2 − x, y, −z).
    // As a dual quaternion: real (0, 1, 0, 0); translation t = c − R·c = (1, 0, 0) − (−1, 0, 0) = (2, 0, 0);
    //   dual = ½·(2, 0, 0, 0)·(0, 1, 0, 0) = (1, 0, 0, 0)·(0, 1, 0, 0) = (0, 0, 1, 0)  (i·j = k).
    //
    // Vertex p = (1.25, 2, 0), a quarter unit off the axis, weighted ½ A + ½ B:
    //   LBS: ½·(1.25, 2, 0) + ½·(0.75, 2, 0) = (1, 2, 0) — on the axis: the candy wrapper.
    //   DQS: b̂ = ½·(0, 0, 0, 1 | 0) + ½·(0, 1, 0, 0 | 0, 0, 1, 0) = (0, ½, 0, ½ | 0, 0, ½, 0);
    //        divided by |real| = √½: real (0, √½, 0, √½) = R_y(90°), dual (0, 0, √½, 0);
    //        t = 2·(w·d − d_w·q + q × d) = 2·((0, 0, ½) + (0, √½, 0) × (0, 0, √½)) = 2·((0, 0, ½) + (½, 0, 0)) = (1, 0, 1);
    //        R_y(90°)·(1.25, 2, 0) = (0, 2, −1.25); plus t: (1, 2, −0.25) — a quarter turn about the axis, same radius.
    //   The normal (1, 0, 0) turns by R_y(90°) to (0, 0, −1).
    //
    // Weighted ¾ A + ¼ B: real (0, ¼, 0, ¾) / √(5/8): cos(θ/2) = ¾/√(5/8), so cos θ = 2·(9/16)/(5/8) − 1 = 0.8,
    //   sin θ = 0.6 (θ = 36.87°); a turn by θ about the axis: (1, 2, 0) + 0.25·(cos θ, 0, −sin θ) = (1.2, 2, −0.15).
    //   LBS: ¾·(1.25, 2, 0) + ¼·(0.75, 2, 0) = (1.125, 2, 0), 0.125 from the axis instead of 0.25.
    const twist = mat4.fromValues(-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 2, 0, 0, 1);
    const palette = paletteOf([mat4.create(), twist]);
    const primitive = primitiveOf([1.25, 2, 0, 1.25, 2, 0], [0, 1, 0, 0, 0, 1, 0, 0], [0.5, 0.5, 0, 0, 0.75, 0.25, 0, 0], [1, 0, 0, 1, 0, 0]);
    const linear = new Float32Array(6), dual = new Float32Array(6), dualNormals = new Float32Array(6);
    skinVertices(linear, null, primitive, palette);
    skinVerticesDualQuaternion(dual, dualNormals, primitive, palette);
    expectClose(linear, [1, 2, 0, 1.125, 2, 0], 1e-7);
    expectClose(dual, [1, 2, -0.25, 1.2, 2, -0.15], 1e-6);
    expectClose(dualNormals, [0, 0, -1, 0.8, 0, -0.6], 1e-6);
  });

  it('allows in-place skinning (outPositions === positions, outNormals === normals), as skinVertices does', () => {
    const random = seededRandom(907);
    const primitive = randomPrimitive(random, 60, 5);
    const palette = paletteOf(Array.from({ length: 5 }, () => randomRigid(random).matrix));
    const positions = new Float32Array(180), normals = new Float32Array(180);
    skinVerticesDualQuaternion(positions, normals, primitive, palette);
    skinVerticesDualQuaternion(primitive.positions, primitive.normals, primitive, palette);
    expect(Array.from(primitive.positions)).toEqual(Array.from(positions));
    expect(Array.from(primitive.normals!)).toEqual(Array.from(normals));
  });

  it('allocates nothing per call once its scratch has grown to the palette', () => {
    const random = seededRandom(908);
    const primitive = randomPrimitive(random, 16, 12);
    const palette = paletteOf(Array.from({ length: 12 }, () => randomRigid(random).matrix));
    const positions = new Float32Array(48), normals = new Float32Array(48);
    skinVerticesDualQuaternion(positions, normals, primitive, palette);
    const perChunk = newSpaceGrowth((i) => skinVerticesDualQuaternion(positions, (i & 1) === 0 ? normals : null, primitive, palette), 5_000);
    expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
    // The scratch grows for a larger palette and still converts it whole.
    const larger = paletteOf(Array.from({ length: 300 }, () => randomRigid(random).matrix));
    expectClose(paletteAsDualQuaternions(larger).subarray(8 * 299, 8 * 300), convert(larger.subarray(16 * 299)), 0);
  });

  describe('antipodality: q̂ and −q̂', () => {
    it('give the same result: each joint is taken on the first one’s side', () => {
      const random = seededRandom(909);
      const jointCount = 6;
      const primitive = randomPrimitive(random, 300, jointCount);
      const dualQuaternions = paletteToDualQuaternions(new Float32Array(8 * jointCount), paletteOf(Array.from({ length: jointCount }, () => randomRigid(random).matrix)));
      const expected = new Float32Array(900), expectedNormals = new Float32Array(900);
      skinVerticesWithDualQuaternions(expected, expectedNormals, primitive, dualQuaternions);
      for (const negated of [[0], [3], [1, 4, 5], [0, 1, 2, 3, 4, 5]]) {
        const flipped = Float32Array.from(dualQuaternions);
        for (const j of negated) for (let c = 0; c < 8; c++) flipped[8 * j + c] = -flipped[8 * j + c];
        const positions = new Float32Array(900), normals = new Float32Array(900);
        skinVerticesWithDualQuaternions(positions, normals, primitive, flipped);
        expectClose(positions, expected, 2e-6, `joints ${negated} negated: positions`);
        expectClose(normals, expectedNormals, 2e-6, `joints ${negated} negated: normals`);
      }
    });

    it('without the alignment (the pitfall), joints turned 170° and 190° cancel and the vertex snaps back', () => {
      // Joints A = R_y(170°), B = R_y(190°), vertex (0.25, 2, 0) weighted ½ / ½. Stored with w ≥ 0,
      //   A: real (0, sin 85°, 0, cos 85°) = (0, 0.9962, 0, 0.0872);
      //   B: R_y(190°) = R_y(−170°): real (0, −sin 85°, 0, cos 85°) = (0, −0.9962, 0, 0.0872).
      //   A·B = cos²85° − sin²85° = cos 170° < 0: opposite sides.
      // Aligned, B is negated: ½·(A − B) = (0, 0.9962, 0, 0) → R_y(180°): (−0.25, 2, 0).
      // Unaligned: ½·(A + B) = (0, 0, 0, 0.0872) → the identity: (0.25, 2, 0), as if nothing turned.
      // Linear blend: ½·(R_y(170°) + R_y(190°)) = cos 10°·R_y(180°) on x and z: (−0.25·cos 10°, 2, 0).
      const degrees = Math.PI / 180;
      const palette = paletteOf([mat4.fromYRotation(mat4.create(), 170 * degrees), mat4.fromYRotation(mat4.create(), 190 * degrees)]);
      const primitive = primitiveOf([0.25, 2, 0], [0, 1, 0, 0], [0.5, 0.5, 0, 0], [1, 0, 0]);
      const aligned = new Float32Array(3), unaligned = new Float32Array(3), linear = new Float32Array(3);
      const alignedNormal = new Float32Array(3), unalignedNormal = new Float32Array(3);
      skinVerticesDualQuaternion(aligned, alignedNormal, primitive, palette);
      skinVerticesDualQuaternionWithoutSignAlignment(unaligned, unalignedNormal, primitive, palette);
      skinVertices(linear, null, primitive, palette);
      expectClose(aligned, [-0.25, 2, 0], 1e-6);
      expectClose(alignedNormal, [-1, 0, 0], 1e-6);
      expectClose(unaligned, [0.25, 2, 0], 1e-6);
      expectClose(unalignedNormal, [1, 0, 0], 1e-6);
      expectClose(linear, [-0.25 * Math.cos(10 * degrees), 2, 0], 1e-6);
    });

    it('the pitfall agrees with the correct blend when every joint is already on the same side', () => {
      const model = loadModelFile(`${MODELS_DIRECTORY}mannequin.glb`);
      const player = createPlayer(model);
      poseAt(player, 0, 0.4, Playback.LOOP);
      const primitive = model.meshes[0].primitives[0];
      const palette = player.palettes[0];
      const count = 3 * primitive.vertexCount;
      const right = new Float32Array(count), wrong = new Float32Array(count);
      skinVerticesDualQuaternion(right, null, primitive, palette);
      skinVerticesDualQuaternionWithoutSignAlignment(wrong, null, primitive, palette);
      expectClose(wrong, right, 1e-6);
    });
  });

  describe('invalid input: as skinVertices, or documented where dual quaternions differ', () => {
    const lift = mat4.fromTranslation(mat4.create(), [0, 1, 0]);

    it('skips NaN and negative weights; a vertex with no positive weight keeps its bind pose', () => {
      const primitive = primitiveOf([0, 0, 0, 1, 2, 3], [0, 1, 0, 0, 1, 0, 0, 0], [1, NaN, -0.5, 0, 0, NaN, -1, 0], [0, 1, 0, 0, 0, 1]);
      const positions = new Float32Array(6), normals = new Float32Array(6);
      skinVerticesDualQuaternion(positions, normals, primitive, paletteOf([lift, mat4.fromXRotation(mat4.create(), 1)]));
      expect(Array.from(positions)).toEqual([0, 1, 0, 1, 2, 3]);
      expect(Array.from(normals)).toEqual([0, 1, 0, 0, 0, 1]);
    });

    it('divides the weights’ sum out: weights of 0.5 alone act as 1 (linear blend scales the vertex instead)', () => {
      const primitive = primitiveOf([1, 0, 0], [0, 0, 0, 0], [0.5, 0, 0, 0]);
      const dual = new Float32Array(3), linear = new Float32Array(3);
      skinVerticesDualQuaternion(dual, null, primitive, paletteOf([lift]));
      skinVertices(linear, null, primitive, paletteOf([lift]));
      expectClose(dual, [1, 1, 0], 1e-7);
      expectClose(linear, [0.5, 0.5, 0], 0);
    });

    it('an influence whose joint has no dual quaternion counts as the identity, in every slot', () => {
      const lift2 = paletteOf([mat4.fromTranslation(mat4.create(), [0, 2, 0])]);
      for (let slot = 0; slot < 4; slot++) {
        const joints = [0, 0, 0, 0], weights = [0, 0, 0, 0];
        joints[slot] = 9;
        weights[slot] = 0.5;
        weights[(slot + 1) % 4] = 0.5;
        const positions = new Float32Array(3);
        skinVerticesDualQuaternion(positions, null, primitiveOf([1, 1, 1], joints, weights), lift2);
        // Half the identity, half a lift by 2: the blended translation is a lift by 1.
        expectClose(positions, [1, 2, 1], 1e-7, `slot ${slot}`);
      }
      // jointCount below the array's size: the joints past it are the identity too.
      const dualQuaternions = paletteToDualQuaternions(new Float32Array(16), paletteOf([lift, lift]));
      const positions = new Float32Array(3);
      skinVerticesWithDualQuaternions(positions, null, primitiveOf([0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]), dualQuaternions, 1);
      expect(Array.from(positions)).toEqual([0, 0, 0]);
    });

    it('a zero-length or NaN real part keeps the bind pose instead of producing NaN', () => {
      const primitive = primitiveOf([1, 2, 3], [0, 1, 0, 0], [0.5, 0.5, 0, 0], [0, 0, 1]);
      for (const broken of [new Float32Array(16), new Float32Array(16).fill(NaN)]) {
        const positions = new Float32Array(3), normals = new Float32Array(3);
        skinVerticesWithDualQuaternions(positions, normals, primitive, broken);
        expect(Array.from(positions)).toEqual([1, 2, 3]);
        expect(Array.from(normals)).toEqual([0, 0, 1]);
      }
      // Exactly opposite dual quaternions, unaligned, cancel: the bind pose again.
      const q = paletteToDualQuaternions(new Float32Array(8), paletteOf([mat4.fromYRotation(mat4.create(), 1)]));
      const cancelling = new Float64Array(8);
      for (let c = 0; c < 8; c++) cancelling[c] = 0.5 * q[c] - 0.5 * q[c];
      const positions = new Float32Array(3), normals = new Float32Array(3);
      applyBlendedDualQuaternion(positions, normals, primitive.positions, primitive.normals, 0, cancelling);
      expect(Array.from(positions)).toEqual([1, 2, 3]);
      expect(Array.from(normals)).toEqual([0, 0, 1]);
      // A matrix with NaN converts to the identity: the vertex stays, finite.
      skinVerticesDualQuaternion(positions, normals, primitiveOf([1, 2, 3], [0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 1]), new Float32Array(16).fill(NaN));
      expectFinite(positions);
      expect(Array.from(normals)).toEqual([0, 0, 1]);
    });

    it('processes the vertices every array holds and leaves the rest untouched; empty input does not throw', () => {
      const primitive = primitiveOf([1, 0, 0, 2, 0, 0, 3, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], [1, 0, 0, 1, 0, 0, 1, 0, 0]);
      const palette = paletteOf([lift]);
      const short = new Float32Array(6);
      expect(() => skinVerticesDualQuaternion(short, null, primitive, palette)).not.toThrow();
      expectClose(short, [1, 1, 0, 2, 1, 0], 1e-7);
      const long = new Float32Array(12).fill(7);
      const fewWeights = { ...primitive, weights: primitive.weights.slice(0, 8), vertexCount: 99 };
      const normals = new Float32Array(3).fill(7);
      skinVerticesDualQuaternion(long, normals, fewWeights, palette);
      expectClose(long, [1, 1, 0, 2, 1, 0, 7, 7, 7, 7, 7, 7], 1e-7);
      expect(Array.from(normals)).toEqual([1, 0, 0]);
      const untouched = new Float32Array(3).fill(7);
      skinVerticesDualQuaternion(new Float32Array(3), untouched, primitiveOf([1, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]), palette);
      expect(Array.from(untouched)).toEqual([7, 7, 7]);
      expect(() => skinVerticesDualQuaternion(new Float32Array(0), null, primitiveOf([], [], []), new Float32Array(0))).not.toThrow();
      const out = new Float32Array(3);
      skinVerticesDualQuaternion(out, null, primitiveOf([4, 5, 6], [0, 0, 0, 0], [1, 0, 0, 0]), new Float32Array(0));
      expect(Array.from(out)).toEqual([4, 5, 6]);
    });
  });
});
