// The model lab's diagnosis (src/core/diagnosis.ts) on crafted glTF files: each check passes on a
// clean file and warns or fails, with hand-counted numbers, on a file broken in exactly its way.
import { existsSync } from 'node:fs';
import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { DIAGNOSIS_CHAPTERS, diagnoseGltf, MAX_DETAILS, type Diagnosis, type DiagnosisCheck } from '../../src/core/diagnosis.ts';
import { createPlayer } from '../../src/core/frame.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { GltfBuilder } from './gltf/builder.ts';
import { ARM, armGlobalMatrices, fan, riggedArm } from './gltf/fixtures.ts';

function diagnosed(builder: GltfBuilder): Diagnosis {
  return diagnoseGltf(builder.toGlb()).diagnosis;
}

function check(diagnosis: Diagnosis, id: string): DiagnosisCheck {
  const found = diagnosis.checks.find((c) => c.id === id);
  if (found === undefined) throw new Error(`no check ${id}`);
  return found;
}

/** Replaces accessor `index`'s data with `data` (a new view; the old bytes stay, unused). */
function replaceAccessor(builder: GltfBuilder, index: number, data: Float32Array | Uint16Array, type: string): void {
  const replacement = builder.accessor(data, type);
  builder.json.accessors[index] = builder.json.accessors[replacement];
}

describe('diagnosis of a clean file', () => {
  it('passes every check on the rigged arm, with its counts', () => {
    const { model, diagnosis } = diagnoseGltf(riggedArm().toGlb());
    expect(model).not.toBeNull();
    expect(diagnosis.error).toBeNull();
    expect(diagnosis.checks.map((c) => [c.id, c.status])).toEqual([
      ['loader', 'pass'],
      ['weight-sums', 'pass'],
      ['influence-count', 'pass'],
      ['unweighted', 'pass'],
      ['key-times', 'pass'],
      ['rotation-keys', 'pass'],
      ['scale-keys', 'pass'],
      ['morph-targets', 'pass'],
      ['inverse-bind', 'pass'],
      ['mesh-node-transform', 'pass'],
      ['skeleton-root', 'pass'],
    ]);
    // 5 nodes, 2 joints, 12 vertices; clips "bend" (3 tracks: 3 + 2 + 2 keys) and "idle" (1 track, 2 keys).
    expect(diagnosis.counts).toEqual({ nodes: 5, skins: 1, joints: 2, skinnedMeshes: 1, rigidParts: 0, vertices: 12, clips: 2, tracks: 4, keys: 9 });
    expect(diagnosis.notes).toEqual([]);
  });

  it('gives every check a reason, and a chapter that exists', () => {
    const { diagnosis } = diagnoseGltf(riggedArm().toGlb());
    for (const c of diagnosis.checks) {
      expect(c.why.length, c.id).toBeGreaterThan(20);
      expect(Object.values(DIAGNOSIS_CHAPTERS)).toContain(c.chapter);
    }
    for (const [order, slug] of Object.values(DIAGNOSIS_CHAPTERS).entries()) {
      expect(existsSync(`src/content/chapters/0${order}-${slug}.mdx`), slug).toBe(true);
    }
  });
});

describe('weights as written in the file', () => {
  it('counts vertices with more than 4 joints, sums off 1, and no weight at all (the fan)', () => {
    const diagnosis = diagnosed(fan());
    // fan(): vertex 0 has 6 distinct joints (summing to 1), vertex 1 sums to 0.625, vertex 2 has none.
    expect(check(diagnosis, 'influence-count')).toMatchObject({ status: 'warn', finding: '1 vertex has more than 4 joints with weight.' });
    expect(check(diagnosis, 'weight-sums').status).toBe('warn');
    expect(check(diagnosis, 'weight-sums').finding).toBe('1 vertex has weights that do not sum to 1 (meshes[0]: 1).');
    expect(check(diagnosis, 'weight-sums').details).toEqual(['meshes[0] (meshes[0].primitives[0]): 1 vertex, sums off 1 by up to 0.375']);
    expect(check(diagnosis, 'weight-sums').repair).toMatch(/renormalised/);
    expect(check(diagnosis, 'unweighted')).toMatchObject({ status: 'warn', finding: '1 vertex has every weight 0.' });
    expect(check(diagnosis, 'unweighted').repair).toMatch(/nearest/);
  });

  it('counts each vertex whose weights do not sum to 1, per mesh', () => {
    const b = riggedArm();
    // Rings 0 and 2 (8 vertices) get weight 0.6 instead of 1; the middle ring keeps 0.5 + 0.5.
    const weights = new Float32Array(48);
    for (let v = 0; v < 12; v++) {
      const ring = Math.floor(v / 4);
      weights.set(ring === 1 ? [0.5, 0.5, 0, 0] : [0.6, 0, 0, 0], 4 * v);
    }
    replaceAccessor(b, ARM.weights, weights, 'VEC4');
    const found = check(diagnosed(b), 'weight-sums');
    expect(found.status).toBe('warn');
    expect(found.finding).toBe('8 vertices have weights that do not sum to 1 (Arm: 8).');
    expect(found.details).toEqual(['Arm (meshes[0].primitives[0]): 8 vertices, sums off 1 by up to 0.400']);
  });
});

describe('inverse bind matrices against the rest pose', () => {
  it('names the joint whose inverse bind matrix does not match, with its deviation', () => {
    const b = riggedArm();
    // Joint 1 (Forearm) bound 0.5 further along its own x: IBM' = T(−0.5, 0, 0) × IBM.
    const ibm = new Float32Array(32);
    const globals = armGlobalMatrices();
    ibm.set(mat4.invert(mat4.create(), globals[2])!, 0);
    ibm.set(mat4.multiply(mat4.create(), mat4.fromTranslation(mat4.create(), [-0.5, 0, 0]), mat4.invert(mat4.create(), globals[1])!), 16);
    replaceAccessor(b, ARM.inverseBind, ibm, 'MAT4');
    const found = check(diagnosed(b), 'inverse-bind');
    expect(found.status).toBe('warn');
    expect(found.finding).toMatch(/^1 weighted joint of 2 does not match the rest pose: the largest deviation moves vertices by [\d.]+% of the model’s size, at skin 0 joint 1 \(Forearm #1\)\.$/);
    // Hand-derived: global × IBM' = global × T(−0.5, 0, 0) × global⁻¹, a translation by −0.5 along
    // the forearm's x in model space, 0.75 long (the armature scales by 1.5). The reference is
    // joint 0 (equal weight, the first wins), whose matrix is the identity, so every vertex of
    // joint 1 moves by 0.75: divided by the diagonal of the tube as drawn in the rest pose, which
    // the rest-pose palette (identity for joint 0, the shift for joint 1) gives, measured here.
    const { model } = diagnoseGltf(b.toGlb());
    const player = createPlayer(model!);
    const p = new Float32Array(36);
    skinVertices(p, null, model!.meshes[0].primitives[0], player.palettes[0]);
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < p.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], p[i + c]);
        max[c] = Math.max(max[c], p[i + c]);
      }
    }
    const size = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    const percent = Number(/moves vertices by ([\d.]+)%/.exec(found.finding)![1]);
    expect(percent).toBeCloseTo((100 * 0.75) / size, 1);
    expect(found.details).toEqual([`skin 0 joint 1 (Forearm #1): ${percent}% of the model’s size`]);
  });
});

describe('the skinned mesh node and the skeleton', () => {
  it('warns about a transform on the skinned mesh node, own or inherited', () => {
    const b = riggedArm();
    b.json.nodes[0].translation = [0, 2, 0];
    expect(check(diagnosed(b), 'mesh-node-transform')).toMatchObject({ status: 'warn', details: ['ArmMesh #0: its own transform'] });
    const inherited = riggedArm();
    inherited.json.nodes.push({ name: 'Holder', scale: [2, 2, 2], children: [0] });
    inherited.json.scenes[0].nodes = [5, 3];
    expect(check(diagnosed(inherited), 'mesh-node-transform').details).toEqual(['ArmMesh #0: inherited from a parent']);
  });

  it('warns when `skeleton` is not above every joint, and when joints hang under two roots', () => {
    const b = riggedArm();
    b.json.skins[0].skeleton = 4;
    expect(check(diagnosed(b), 'skeleton-root')).toMatchObject({ status: 'warn', details: ['skin 0: skeleton Tip #4 is not above joint Upperarm #2'] });
    const split = riggedArm();
    split.json.nodes.push({ name: 'Stray' });
    split.json.scenes[0].nodes.push(5);
    split.json.skins[0].joints = [2, 1, 5];
    delete split.json.skins[0].inverseBindMatrices;
    const found = check(diagnosed(split), 'skeleton-root');
    expect(found.status).toBe('warn');
    expect(found.details).toEqual(['skin 0: joints under 2 separate roots (Armature #3, Stray #5)']);
  });
});

describe('animation keys as written in the file', () => {
  it('fails on NaN key times, which the loader refuses, and still reports the rest', () => {
    const b = riggedArm();
    replaceAccessor(b, ARM.rotationTimes, new Float32Array([0, NaN, 1]), 'SCALAR');
    const { model, diagnosis } = diagnoseGltf(b.toGlb());
    expect(model).toBeNull();
    expect(diagnosis.error).toMatch(/^animations\[0\]\.samplers\[0\]\.input: /);
    expect(check(diagnosis, 'loader').status).toBe('fail');
    expect(check(diagnosis, 'key-times')).toMatchObject({
      status: 'fail',
      details: [`animations[0].samplers[0].input (accessor ${ARM.rotationTimes}): key 1 is NaN`],
    });
    expect(check(diagnosis, 'weight-sums').status).toBe('pass');
    expect(check(diagnosis, 'inverse-bind')).toMatchObject({ status: 'skipped', finding: 'Not checked: the loader refused the file.' });
    expect(diagnosis.counts).toMatchObject({ nodes: 5, skins: 1, joints: 2, clips: 2, tracks: 4, keys: 9 });
  });

  it('fails on key times that do not increase', () => {
    const b = riggedArm();
    replaceAccessor(b, ARM.translationTimes, new Float32Array([1, 0.5]), 'SCALAR');
    expect(check(diagnosed(b), 'key-times').details).toEqual([`animations[0].samplers[1].input (accessor ${ARM.translationTimes}): key 1 (0.5 s) is not after key 0 (1 s)`]);
  });

  it('counts rotation keys off unit length and keys on the far side of the one before', () => {
    const b = riggedArm();
    // Keys: unit, the same negated (a flip), length 2 (off unit, and dot with the key before < 0).
    const s = Math.SQRT1_2;
    replaceAccessor(b, ARM.rotations, new Float32Array([0, 0, s, s, 0, 0, -s, -s, 0, 0, 2 * s, 2 * s]), 'VEC4');
    const diagnosis = diagnosed(b);
    const found = check(diagnosis, 'rotation-keys');
    expect(found.status).toBe('warn');
    expect(found.finding).toBe('1 rotation key not of unit length (±0.001); 2 rotation keys on the opposite side from the key before (dot < 0).');
    expect(found.details).toEqual([`animations[0].samplers[0].output (accessor ${ARM.rotations}): 1 key off unit length, 2 sign flips`]);
    expect(found.repair).toMatch(/normalised/);
    expect(diagnosis.notes).toContain('animations[0].samplers[0].output: 1 rotation key was not unit quaternions; normalised');
  });

  it('counts zero scale keys, reading the value (not the tangents) of a cubic key', () => {
    const b = riggedArm();
    // CUBICSPLINE: in, value, out per key; key 1's value has a zero y.
    replaceAccessor(b, ARM.scales, new Float32Array([0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0]), 'VEC3');
    expect(check(diagnosed(b), 'scale-keys')).toMatchObject({
      status: 'warn',
      finding: '1 scale key of 2 has a zero component.',
      details: [`animations[0].samplers[2].output (accessor ${ARM.scales}): 1 key with a zero component`],
    });
  });

  it('reports morph targets and morph-target channels as ignored', () => {
    const b = riggedArm();
    const target = b.accessor(new Float32Array(36), 'VEC3');
    b.json.meshes[0].primitives[0].targets = [{ POSITION: target }, { POSITION: target }];
    b.json.animations[1].samplers.push({ input: ARM.idleTimes, output: b.accessor(new Float32Array(4), 'SCALAR') });
    b.json.animations[1].channels.push({ sampler: 1, target: { node: 0, path: 'weights' } });
    const found = check(diagnosed(b), 'morph-targets');
    expect(found).toMatchObject({ status: 'warn', finding: '1 primitive with morph targets; 1 morph-target channel in 1 clip: ignored here.' });
    expect(found.details).toEqual(['Arm (meshes[0].primitives[0]): 2 morph targets', 'idle (animations[1]): 1 morph-target channel']);
  });
});

describe('files the loader cannot open', () => {
  it('reports a truncated .glb with the loader’s message and skips every check', () => {
    const glb = riggedArm().toGlb();
    const { model, diagnosis } = diagnoseGltf(glb.subarray(0, glb.length - 100));
    expect(model).toBeNull();
    expect(diagnosis.error).toMatch(/^glb/);
    expect(diagnosis.counts).toBeNull();
    expect(diagnosis.checks.filter((c) => c.id !== 'loader').every((c) => c.status === 'skipped')).toBe(true);
  });

  it('keeps at most MAX_DETAILS lines of detail, the last counting the rest', () => {
    const b = riggedArm();
    const count = 40;
    b.json.animations = Array.from({ length: count }, (_, a) => ({
      name: `broken ${a}`,
      samplers: [{ input: b.accessor(new Float32Array([0, 0]), 'SCALAR'), output: b.accessor(new Float32Array(6), 'VEC3') }],
      channels: [{ sampler: 0, target: { node: 2, path: 'translation' } }],
    }));
    const found = check(diagnosed(b), 'key-times');
    expect(found.details).toHaveLength(MAX_DETAILS);
    expect(found.details[MAX_DETAILS - 1]).toBe(`… and ${count - (MAX_DETAILS - 1)} more`);
    expect(found.finding).toBe(`${count} samplers of ${count} have NaN, negative or non-increasing key times.`);
  });
});
