// The generated teaching models (tools/models → public/models): determinism, the committed files,
// the Khronos validator, file sizes, bind-pose invariants for every model, and the numbers each
// chapter relies on. Files are read back with @gltf-transform/core and evaluated by an independent
// reference (tools/models/reference.ts, gl-matrix in 64-bit floats), not by the generator's data.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { mat4, quat, vec3 } from 'gl-matrix';
import validator from 'gltf-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { COPYRIGHT, GENERATOR } from '../../tools/models/gltf.ts';
import { buildAllModels, buildCatalogue } from '../../tools/models/index.ts';
import {
  type ReferenceModel,
  bounds,
  readReference,
  referencePalette,
  referencePose,
  referenceSkin,
  referenceSkinnedPositions,
  referenceWorlds,
  sampleChannel,
  skinIndexOf,
  weightOf,
} from '../../tools/models/reference.ts';
import { addVertex, createMeshBuilder, packMesh } from '../../tools/models/mesh.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { createPlayer, Playback, skinVertices } from '../../src/core/index.ts';
import { poseAt } from './helpers.ts';

const MODELS_DIRECTORY = fileURLToPath(new URL('../../public/models/', import.meta.url));

const EXPECTED_CLIPS: Record<string, string[]> = {
  'single-bone': ['sway'],
  'two-bones': ['bend'],
  'two-bones-rotated': ['bend'],
  'bend-tube': ['bend', 'twist'],
  'robot-arm': ['wave'],
  snake: ['slither'],
  mannequin: ['walk', 'wave', 'idle'],
  interpolation: ['keys'],
  'mannequin-zup-cm': ['walk'],
  tentacle: ['curl'],
};
const NAMES = Object.keys(EXPECTED_CLIPS);
const UNSIGNED_BYTE = 5121;
const UNSIGNED_SHORT = 5123;

let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
const models = new Map<string, ReferenceModel>();

beforeAll(async () => {
  catalogue = await buildCatalogue();
  for (const [name, bytes] of catalogue.files) models.set(name, await readReference(bytes));
});

function model(name: string): ReferenceModel {
  const found = models.get(name);
  if (!found) throw new Error(`model ${name} was not built`);
  return found;
}

/** Node index of the node called `name`. */
function node(m: ReferenceModel, name: string): number {
  const index = m.names.indexOf(name);
  if (index < 0) throw new Error(`no node ${name}`);
  return index;
}

function expectMatrixClose(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  tolerance: number,
  label: string,
): void {
  for (let i = 0; i < 16; i++) {
    if (Math.abs(actual[i] - expected[i]) > tolerance) {
      throw new Error(`${label}: element ${i} is ${actual[i]}, expected ${expected[i]} (±${tolerance})`);
    }
  }
}

/** A unit quaternion in 64-bit floats (gl-matrix's `create` would round to 32 bits). */
function axisAngle(axis: [number, number, number], degrees: number): Float64Array {
  const out = new Float64Array(4);
  quat.setAxisAngle(out as unknown as quat, axis, (degrees * Math.PI) / 180);
  return out;
}

function inverseBindOf(m: ReferenceModel, jointName: string): Float32Array {
  const j = skinIndexOf(m, jointName);
  return m.inverseBindMatrices.subarray(16 * j, 16 * j + 16);
}

/** Vertices whose weight on joint `jointName` is at least `minimum`. */
function verticesOf(m: ReferenceModel, jointName: string, minimum = 0.5): (vertex: number) => boolean {
  const j = skinIndexOf(m, jointName);
  return (vertex) => weightOf(m, vertex, j) >= minimum;
}

function meanOf(points: ArrayLike<number>, filter: (vertex: number) => boolean, component: number): number {
  let sum = 0,
    count = 0;
  for (let v = 0; v < points.length / 3; v++) {
    if (!filter(v)) continue;
    sum += points[3 * v + component];
    count++;
  }
  if (count === 0) throw new Error('no vertices selected');
  return sum / count;
}

describe('model files', () => {
  it('builds the catalogue in README order', () => {
    expect([...catalogue.files.keys()]).toEqual(NAMES);
  });

  it('is deterministic: a second build gives byte-identical files', async () => {
    const second = await buildAllModels();
    expect([...second.keys()]).toEqual(NAMES);
    for (const [name, bytes] of catalogue.files) {
      expect(Buffer.from(second.get(name)!).equals(Buffer.from(bytes)), `${name}.glb differs between two builds`).toBe(
        true,
      );
    }
  });

  it.each(NAMES)('%s.glb carries fixed asset metadata: our generator string, no dates', (name) => {
    const bytes = catalogue.files.get(name)!;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(view.getUint32(0, true)).toBe(0x46546c67); // "glTF"
    const jsonLength = view.getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
    expect(json.asset).toEqual({ version: '2.0', generator: GENERATOR, copyright: COPYRIGHT });
    expect(GENERATOR).not.toMatch(/\d{4}-\d{2}-\d{2}|\d+\.\d+\.\d+/);
  });

  it.each(NAMES)('public/models/%s.glb is up to date (run `npm run models`)', async (name) => {
    const committed = await readFile(`${MODELS_DIRECTORY}${name}.glb`);
    expect(committed.equals(Buffer.from(catalogue.files.get(name)!)), `${name}.glb is stale`).toBe(true);
  });

  it('public/models/README.md is up to date (run `npm run models`)', async () => {
    const committed = await readFile(`${MODELS_DIRECTORY}README.md`, 'utf8');
    expect(committed).toBe(catalogue.readme);
  });

  it('the README lists every model with its joints, clips, size, chapter and licence', () => {
    for (const name of NAMES) {
      const row = catalogue.readme.split('\n').find((line) => line.startsWith(`| [\`${name}.glb\`]`));
      expect(row, `README row for ${name}`).toBeDefined();
      const cells = row!.split(' | ');
      expect(cells[1]).toBe(String(model(name).joints.length));
      for (const clip of EXPECTED_CLIPS[name]) expect(row).toContain(`\`${clip}\``);
      expect(row).toContain('KiB');
      expect(row).toContain('MIT');
    }
  });

  it.each(NAMES)('%s.glb passes the Khronos glTF validator with no errors, warnings or infos (but a warning it is built to carry)', async (name) => {
    const report = await validator.validateBytes(catalogue.files.get(name)!, {
      uri: `${name}.glb`,
      maxIssues: 0,
      writeTimestamp: false,
    });
    const expected = catalogue.specs.get(name)!.validatorWarnings ?? [];
    const messages = report.issues.messages.filter((m) => !(m.severity === 1 && expected.includes(m.code)));
    const lines = messages.map((m) => `${m.severity} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
    expect(lines, lines.join('\n')).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    // Each declared warning is really there (once), and explained in the model's notes.
    expect(report.issues.messages.map((m) => m.code)).toEqual(expected);
    for (const code of expected) expect(catalogue.specs.get(name)!.notes.join(' ')).toContain(code);
    expect(report.issues.numInfos).toBe(0);
  });

  it.each(NAMES)('%s.glb is at most 300 KB', (name) => {
    expect(catalogue.files.get(name)!.length).toBeLessThanOrEqual(300_000);
  });
});

describe.each(NAMES)('%s: skin, bind pose and clips', (name) => {
  it('has one skinned mesh node without a transform, at the scene root (or under the node its spec names)', () => {
    const m = model(name);
    const parent = catalogue.specs.get(name)!.meshParent;
    expect(m.parents[m.meshNode]).toBe(parent ?? -1);
    expect(m.translations[m.meshNode]).toEqual([0, 0, 0]);
    expect(m.rotations[m.meshNode]).toEqual([0, 0, 0, 1]);
    expect(m.scales[m.meshNode]).toEqual([1, 1, 1]);
  });

  it('lists joints parents first under one root, names them uniquely and names the root as skeleton', () => {
    const m = model(name);
    const names = m.joints.map((joint) => m.names[joint]);
    expect(new Set(names).size).toBe(names.length);
    for (const jointName of names) expect(jointName).toMatch(/^[a-z][a-z_]*(\.(L|R|\d{2,3}))?$/);
    const roots: number[] = [];
    m.joints.forEach((joint, j) => {
      let ancestor = m.parents[joint];
      while (ancestor >= 0 && !m.joints.includes(ancestor)) ancestor = m.parents[ancestor];
      if (ancestor < 0) roots.push(joint);
      else expect(m.joints.indexOf(ancestor), `${m.names[joint]} comes after its parent joint`).toBeLessThan(j);
    });
    expect(roots).toEqual([m.joints[0]]);
    expect(m.skeleton).toBe(m.joints[0]);
  });

  it('has inverse bind matrices that undo the bind pose: every skinning matrix is the mesh node’s placement (the identity at the scene root)', () => {
    const m = model(name);
    const worlds = referenceWorlds(m, referencePose(m, null, 0));
    const palette = referencePalette(m, worlds);
    const placement = worlds[m.meshNode];
    palette.forEach((matrix, j) => expectMatrixClose(matrix, placement, 2e-6, `${name} joint ${m.names[m.joints[j]]}`));
    if (catalogue.specs.get(name)!.meshParent === undefined) expectMatrixClose(placement, mat4.create(), 0, `${name} mesh node`);
    const skinned = referenceSkin(m, palette);
    const stored = new Float64Array(3) as unknown as vec3;
    for (let v = 0; v < skinned.length / 3; v++) {
      vec3.transformMat4(stored, m.positions.subarray(3 * v, 3 * v + 3) as unknown as vec3, placement as unknown as mat4);
      for (let c = 0; c < 3; c++) expect(Math.abs(skinned[3 * v + c] - stored[c])).toBeLessThan(1e-5);
    }
  });

  it('stores at most four weights per vertex, largest first, summing to 1, with integer joint indices', () => {
    const m = model(name);
    expect([UNSIGNED_BYTE, UNSIGNED_SHORT]).toContain(m.jointComponentType);
    const vertexCount = m.positions.length / 3;
    for (let v = 0; v < vertexCount; v++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) {
        const weight = m.weights[4 * v + k];
        expect(weight).toBeGreaterThanOrEqual(0);
        expect(weight).toBeLessThanOrEqual(1);
        if (k > 0) expect(weight).toBeLessThanOrEqual(m.weights[4 * v + k - 1]);
        if (weight === 0) expect(m.jointIndices[4 * v + k]).toBe(0);
        expect(m.jointIndices[4 * v + k]).toBeLessThan(m.joints.length);
        sum += weight;
      }
      expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
    }
  });

  it('has unit normals and non-degenerate triangles', () => {
    const m = model(name);
    for (let v = 0; v < m.normals.length / 3; v++) {
      expect(Math.abs(Math.hypot(m.normals[3 * v], m.normals[3 * v + 1], m.normals[3 * v + 2]) - 1)).toBeLessThan(1e-5);
    }
    const vertexCount = m.positions.length / 3;
    for (let t = 0; t < m.indices.length; t += 3) {
      const [a, b, c] = [m.indices[t], m.indices[t + 1], m.indices[t + 2]];
      expect(Math.max(a, b, c)).toBeLessThan(vertexCount);
      expect(a !== b && b !== c && a !== c).toBe(true);
    }
  });

  it('has the expected clips, each looping seamlessly with unit rotations', () => {
    const m = model(name);
    expect([...m.clips.keys()]).toEqual(EXPECTED_CLIPS[name]);
    for (const [clipName, clip] of m.clips) {
      for (const channel of clip.channels) {
        const label = `${clipName}: ${m.names[channel.node]}.${channel.path}`;
        const { times } = channel;
        expect(times[0], label).toBe(0);
        expect(times[times.length - 1], `${label} ends with the clip`).toBe(clip.duration);
        for (let k = 1; k < times.length; k++) expect(times[k], label).toBeGreaterThan(times[k - 1]);
        expect(sampleChannel(channel, 0), `${label} loops`).toEqual(sampleChannel(channel, clip.duration));
        if (channel.path === 'rotation') {
          const stride = channel.interpolation === 'CUBICSPLINE' ? 12 : 4;
          const offset = channel.interpolation === 'CUBICSPLINE' ? 4 : 0;
          for (let k = 0; k < times.length; k++) {
            const q = channel.values.subarray(k * stride + offset, k * stride + offset + 4);
            expect(Math.abs(Math.hypot(...q) - 1), label).toBeLessThan(1e-6);
          }
        }
      }
    }
  });
});

// Every model except `interpolation`, whose pointer joints hang from bone-less pivots beside the
// base bone rather than at its tail.
describe.each(NAMES.filter((name) => name !== 'interpolation'))('%s: bone axes', (name) => {
  it('follows the Blender bone convention: a child joint sits on its parent’s +Y axis', () => {
    const m = model(name);
    for (const joint of m.joints) {
      const children = m.joints.filter((child) => m.parents[child] === joint);
      if (children.length === 0) continue;
      const onAxis = children.some((child) => {
        const [x, y, z] = m.translations[child];
        return Math.abs(x) < 1e-9 && Math.abs(z) < 1e-9 && y > 0;
      });
      expect(onAxis, `${m.names[joint]} has a child on its +Y axis`).toBe(true);
    }
  });
});

describe('offset chapter: the worked inverse bind matrices', () => {
  it('single-bone: a bone at the origin has the identity as inverse bind matrix', () => {
    expect(Array.from(inverseBindOf(model('single-bone'), 'bone'))).toEqual(Array.from(mat4.create()));
  });

  it('two-bones: the child one unit up +Y has inverse bind translate(0, −1, 0)', () => {
    const m = model('two-bones');
    expect(Array.from(inverseBindOf(m, 'root'))).toEqual(Array.from(mat4.create()));
    expect(Array.from(inverseBindOf(m, 'child'))).toEqual(Array.from(mat4.fromTranslation(mat4.create(), [0, -1, 0])));
    expect(m.translations[node(m, 'child')]).toEqual([0, 1, 0]);
  });

  it('two-bones-rotated: the child rotated 45° about +Z has the inverse rotation and translation', () => {
    const m = model('two-bones-rotated');
    const child = node(m, 'child');
    const rotation = axisAngle([0, 0, 1], 45) as unknown as quat;
    for (let i = 0; i < 4; i++) expect(m.rotations[child][i]).toBeCloseTo(rotation[i], 12);
    // inverse(T(0, 1, 0) · Rz(45°)) = Rz(−45°) · T(0, −1, 0)
    const bindGlobal = mat4.fromRotationTranslation(mat4.create(), rotation, [0, 1, 0]);
    const expected = mat4.invert(mat4.create(), bindGlobal)!;
    const alsoExpected = mat4.multiply(
      mat4.create(),
      mat4.fromZRotation(mat4.create(), -Math.PI / 4),
      mat4.fromTranslation(mat4.create(), [0, -1, 0]),
    );
    const actual = inverseBindOf(m, 'child');
    expectMatrixClose(actual, expected, 1e-7, 'child inverse bind');
    expectMatrixClose(actual, alsoExpected, 1e-7, 'child inverse bind');
    const half = Math.SQRT1_2;
    // Columns: x axis (cos, −sin), y axis (sin, cos), translation (−√½, −√½).
    expectMatrixClose(actual, [half, -half, 0, 0, half, half, 0, 0, 0, 0, 1, 0, -half, -half, 0, 1], 1e-7, 'numbers');
    expect(Array.from(inverseBindOf(m, 'root'))).toEqual(Array.from(mat4.create()));
  });

  it('two-bones: the child weight is 0 below 0.75, 0.5 at the joint and 1 above 1.25 along the column', () => {
    for (const name of ['two-bones', 'single-bone']) {
      const m = model(name);
      const child = name === 'two-bones' ? skinIndexOf(m, 'child') : -1;
      for (let v = 0; v < m.positions.length / 3; v++) {
        const y = m.positions[3 * v + 1];
        const expected = child < 0 ? 0 : y <= 0.75 ? 0 : y >= 1.25 ? 1 : (y - 0.75) / 0.5;
        expect(child < 0 ? 0 : weightOf(m, v, child)).toBe(expected);
      }
    }
  });
});

describe('bend-tube', () => {
  it('is a smooth cylinder with at least 24 vertices around and 32 rings', () => {
    const m = model('bend-tube');
    const side = (v: number): boolean => Math.abs(m.normals[3 * v + 1]) < 1e-6;
    const ringHeights = new Set<number>();
    let aroundMiddle = 0;
    for (let v = 0; v < m.positions.length / 3; v++) {
      if (!side(v)) continue;
      ringHeights.add(m.positions[3 * v + 1]);
      if (m.positions[3 * v + 1] === 1.5) aroundMiddle++;
      expect(Math.hypot(m.positions[3 * v], m.positions[3 * v + 2])).toBeCloseTo(0.25, 6);
    }
    expect(ringHeights.size).toBeGreaterThanOrEqual(32);
    expect(aroundMiddle).toBeGreaterThanOrEqual(24);
  });

  it('blends weights smoothly: half and half at each joint, one bone away from them', () => {
    const m = model('bend-tube');
    const [base, middle, end] = ['base', 'middle', 'end'].map((jointName) => skinIndexOf(m, jointName));
    for (let v = 0; v < m.positions.length / 3; v++) {
      const y = m.positions[3 * v + 1];
      if (y === 1) expect([weightOf(m, v, base), weightOf(m, v, middle)]).toEqual([0.5, 0.5]);
      if (y === 2) expect([weightOf(m, v, middle), weightOf(m, v, end)]).toEqual([0.5, 0.5]);
      if (y <= 0.75) expect(weightOf(m, v, base)).toBe(1);
      if (y >= 1.25 && y <= 1.75) expect(weightOf(m, v, middle)).toBe(1);
      if (y >= 2.25) expect(weightOf(m, v, end)).toBe(1);
    }
  });

  it('twist turns the end bone 180° about the tube axis and linear blend skinning collapses the joint', () => {
    const m = model('bend-tube');
    const end = node(m, 'end');
    const pose = referencePose(m, 'twist', 2);
    const axisAngle = vec3.create();
    const angle = quat.getAxisAngle(axisAngle, pose.rotations[end] as unknown as quat);
    expect(angle).toBeCloseTo(Math.PI, 5);
    expect(Math.abs(axisAngle[1])).toBeCloseTo(1, 5);
    const skinned = referenceSkinnedPositions(m, 'twist', 2);
    const radiusAt = (height: number): number => {
      let largest = 0;
      for (let v = 0; v < m.positions.length / 3; v++) {
        if (m.positions[3 * v + 1] !== height || Math.abs(m.normals[3 * v + 1]) > 1e-6) continue;
        largest = Math.max(largest, Math.hypot(skinned[3 * v], skinned[3 * v + 2]));
      }
      return largest;
    };
    expect(radiusAt(2)).toBeLessThan(1e-4); // candy wrapper: the ring at the joint shrinks to the axis
    expect(radiusAt(2.125)).toBeLessThan(0.2);
    expect(radiusAt(1.5)).toBeCloseTo(0.25, 5);
    expect(radiusAt(2.75)).toBeCloseTo(0.25, 5);
  });

  it('bend folds the tube sideways at both joints', () => {
    const m = model('bend-tube');
    const top = bounds(referenceSkinnedPositions(m, 'bend', 0.75), (v) => m.positions[3 * v + 1] === 3);
    expect(top[0]).toBeLessThan(-1.3); // at 50° + 50° the free end swings far to −X
    expect(top[4]).toBeLessThan(2.2);
  });
});

describe('robot-arm', () => {
  it('binds every vertex rigidly with weight 1 to one of four joints', () => {
    const m = model('robot-arm');
    expect(m.joints.map((joint) => m.names[joint])).toEqual(['base', 'shoulder', 'elbow', 'wrist']);
    for (let v = 0; v < m.positions.length / 3; v++) {
      expect(Array.from(m.weights.subarray(4 * v, 4 * v + 4))).toEqual([1, 0, 0, 0]);
    }
    for (let j = 0; j < 4; j++) expect(m.jointIndices.some((index, i) => i % 4 === 0 && index === j)).toBe(true);
  });

  it('moves each part as a rigid body in the wave clip', () => {
    const m = model('robot-arm');
    const skinned = referenceSkinnedPositions(m, 'wave', 1.3);
    for (let j = 0; j < 4; j++) {
      const part: number[] = [];
      for (let v = 0; v < m.positions.length / 3 && part.length < 40; v++)
        if (m.jointIndices[4 * v] === j) part.push(v);
      for (let a = 0; a < part.length; a++) {
        const b = part[(a * 7 + 3) % part.length];
        const before = Math.hypot(...[0, 1, 2].map((c) => m.positions[3 * part[a] + c] - m.positions[3 * b + c]));
        const after = Math.hypot(...[0, 1, 2].map((c) => skinned[3 * part[a] + c] - skinned[3 * b + c]));
        expect(after).toBeCloseTo(before, 5);
      }
    }
    const clip = m.clips.get('wave')!;
    expect(new Set(clip.channels.map((channel) => m.names[channel.node]))).toEqual(
      new Set(['base', 'shoulder', 'elbow', 'wrist']),
    );
  });
});

describe('snake', () => {
  it('is a single chain of at least 12 joints, 0.2 apart along each bone’s +Y', () => {
    const m = model('snake');
    expect(m.joints.length).toBeGreaterThanOrEqual(12);
    m.joints.forEach((joint, j) => {
      expect(m.parents[joint]).toBe(j === 0 ? -1 : m.joints[j - 1]);
      if (j > 0) {
        expect(m.translations[joint][1]).toBeCloseTo(0.2, 12);
        expect(m.rotations[joint]).toEqual([0, 0, 0, 1]);
      }
    });
  });

  it('slither is a wave travelling from head to tail: joint i+1 does now what joint i does 0.125 s later', () => {
    const m = model('snake');
    const clip = m.clips.get('slither')!;
    // Local turn of a joint about the world's vertical (the bone's −Z), radians.
    const turn = (joint: number, time: number): number => {
      const channel = clip.channels.find((c) => c.node === joint && c.path === 'rotation')!;
      const q = sampleChannel(channel, ((time % clip.duration) + clip.duration) % clip.duration);
      return 2 * Math.atan2(-q[2], q[3]);
    };
    let largest = 0;
    for (let j = 1; j + 1 < m.joints.length; j++) {
      for (let time = 0; time < 2; time += 0.1) {
        const now = turn(m.joints[j + 1], time);
        largest = Math.max(largest, Math.abs(now));
        expect(now).toBeCloseTo(turn(m.joints[j], time + 0.125), 3);
      }
    }
    expect(largest).toBeGreaterThan((8 * Math.PI) / 180);
  });

  it('stays on the ground, centred on its rest position', () => {
    const m = model('snake');
    for (let time = 0; time <= 2; time += 0.25) {
      const b = bounds(referenceSkinnedPositions(m, 'slither', time));
      expect(b[1]).toBeGreaterThan(-1e-3);
      expect(Math.abs(b[0] + b[3])).toBeLessThan(0.12);
    }
  });
});

describe('mannequin', () => {
  const JOINT_NAMES = [
    'hips',
    'spine',
    'chest',
    'neck',
    'head',
    'clavicle.L',
    'upper_arm.L',
    'lower_arm.L',
    'hand.L',
    'clavicle.R',
    'upper_arm.R',
    'lower_arm.R',
    'hand.R',
    'upper_leg.L',
    'lower_leg.L',
    'foot.L',
    'upper_leg.R',
    'lower_leg.R',
    'foot.R',
  ];

  it('has 19 humanoid joints under a Z-up → Y-up "Armature" node', () => {
    const m = model('mannequin');
    expect(m.joints.map((joint) => m.names[joint])).toEqual(JOINT_NAMES);
    const armature = node(m, 'Armature');
    expect(m.joints).not.toContain(armature);
    expect(m.parents[armature]).toBe(-1);
    expect(m.parents[node(m, 'hips')]).toBe(armature);
    const expected = axisAngle([1, 0, 0], -90);
    for (let i = 0; i < 4; i++) expect(m.rotations[armature][i]).toBeCloseTo(expected[i], 12);
    // In armature space the hips bone points up +Z: its frame is a +90° turn about X.
    const hipsRotation = axisAngle([1, 0, 0], 90);
    for (let i = 0; i < 4; i++) expect(m.rotations[node(m, 'hips')][i]).toBeCloseTo(hipsRotation[i], 12);
  });

  it('stands upright in Y-up world space at bind: T-pose, feet on the ground, facing +Z', () => {
    const m = model('mannequin');
    const b = bounds(referenceSkinnedPositions(m, null, 0));
    expect(b[1]).toBeGreaterThanOrEqual(0);
    expect(b[1]).toBeLessThan(0.01);
    expect(b[4]).toBeGreaterThan(1.8);
    expect(b[4]).toBeLessThan(1.9);
    expect(b[3]).toBeGreaterThan(0.85); // left hand out along +X
    expect(b[0]).toBeLessThan(-0.85);
    const nose = bounds(m.positions, (v) => m.positions[3 * v + 1] > 1.6);
    expect(nose[5]).toBeGreaterThan(0.1); // the face points to +Z
    expect(nose[2]).toBeGreaterThan(-0.12);
    expect(meanOf(m.positions, verticesOf(m, 'foot.L', 0.99), 2)).toBeGreaterThan(0); // toes forward
  });

  it('the global inverse of the armature node turns the mesh back into Blender’s Z-up space', () => {
    const m = model('mannequin');
    const worlds = referenceWorlds(m, referencePose(m, null, 0));
    const globalInverse = mat4.invert(
      new Float64Array(16) as unknown as mat4,
      worlds[node(m, 'Armature')] as unknown as mat4,
    )!;
    const zUp = referenceSkin(m, referencePalette(m, worlds, globalInverse as unknown as Float64Array));
    const b = bounds(zUp);
    expect(b[2]).toBeGreaterThanOrEqual(-1e-6);
    expect(b[5]).toBeGreaterThan(1.8); // height along +Z
    expect(b[4] - b[1]).toBeLessThan(0.5); // depth along Y
  });

  it('blends weights smoothly across every joint', () => {
    const m = model('mannequin');
    for (const jointName of JOINT_NAMES.slice(1)) {
      const child = skinIndexOf(m, jointName);
      const parent = m.joints.indexOf(m.parents[m.joints[child]]);
      let shared = 0;
      for (let v = 0; v < m.positions.length / 3; v++) {
        const a = weightOf(m, v, child),
          b = weightOf(m, v, parent);
        if (a > 0.2 && b > 0.2) shared++;
      }
      expect(shared, `vertices shared by ${jointName} and its parent`).toBeGreaterThan(8);
    }
  });

  it('walk: at least 30 keys, feet on the ground, hips bobbing, arms swinging against the legs', () => {
    const m = model('mannequin');
    const clip = m.clips.get('walk')!;
    expect(Math.max(...clip.channels.map((channel) => channel.times.length))).toBeGreaterThanOrEqual(30);
    const hipsHeights: number[] = [];
    for (let frame = 0; frame <= 36; frame++) {
      const time = frame / 30;
      const b = bounds(referenceSkinnedPositions(m, 'walk', time));
      expect(b[1], `lowest point at ${time.toFixed(2)} s`).toBeGreaterThan(-0.015);
      expect(b[1], `lowest point at ${time.toFixed(2)} s`).toBeLessThan(0.03);
      hipsHeights.push(referencePose(m, 'walk', time).translations[node(m, 'hips')][2]);
    }
    expect(Math.max(...hipsHeights) - Math.min(...hipsHeights)).toBeGreaterThan(0.01);
    // A quarter into the cycle the left thigh is forward: left foot ahead, left hand behind.
    const skinned = referenceSkinnedPositions(m, 'walk', 0.24);
    const z = (jointName: string): number => meanOf(skinned, verticesOf(m, jointName, 0.99), 2);
    expect(z('foot.L')).toBeGreaterThan(z('foot.R') + 0.2);
    expect(z('hand.L')).toBeLessThan(z('hand.R') - 0.1);
    const later = referenceSkinnedPositions(m, 'walk', 0.84);
    expect(meanOf(later, verticesOf(m, 'foot.R', 0.99), 2)).toBeGreaterThan(
      meanOf(later, verticesOf(m, 'foot.L', 0.99), 2) + 0.2,
    );
  });

  it('wave: the right hand rises above the head, then comes back down', () => {
    const m = model('mannequin');
    const rightHand = verticesOf(m, 'hand.R', 0.99);
    expect(bounds(referenceSkinnedPositions(m, 'wave', 0), rightHand)[4]).toBeLessThan(1.0);
    expect(bounds(referenceSkinnedPositions(m, 'wave', 1.5), rightHand)[4]).toBeGreaterThan(1.85);
    const leftHand = verticesOf(m, 'hand.L', 0.99);
    expect(bounds(referenceSkinnedPositions(m, 'wave', 1.5), leftHand)[4]).toBeLessThan(1.0);
  });

  it('idle: the chest breathes while the feet stay planted', () => {
    const m = model('mannequin');
    const chest = node(m, 'chest');
    const first = referencePose(m, 'idle', 0).rotations[chest];
    let largestAngle = 0;
    const feet = (v: number): boolean =>
      weightOf(m, v, skinIndexOf(m, 'foot.L')) > 0.99 || weightOf(m, v, skinIndexOf(m, 'foot.R')) > 0.99;
    const feetAtStart = referenceSkinnedPositions(m, 'idle', 0);
    for (let time = 0; time <= 4; time += 0.25) {
      const q = referencePose(m, 'idle', time).rotations[chest];
      largestAngle = Math.max(largestAngle, quat.getAngle(first as unknown as quat, q as unknown as quat));
      const skinned = referenceSkinnedPositions(m, 'idle', time);
      for (let v = 0; v < m.positions.length / 3; v++) {
        if (!feet(v)) continue;
        const moved = Math.hypot(...[0, 1, 2].map((c) => skinned[3 * v + c] - feetAtStart[3 * v + c]));
        expect(moved).toBeLessThan(0.005);
      }
    }
    expect(largestAngle).toBeGreaterThan((1 * Math.PI) / 180);
  });
});

describe('interpolation', () => {
  const TRANSLATION_TIMES = [0, 0.5, 1.2, 1.8, 2.4];
  const TRANSLATION_Y = [0.2, 0.8, 0.35, 0.65, 0.2];
  const ROTATION_TIMES = [0, 0.6, 1.2, 2.4];
  const ROTATION_DEGREES = [0, 70, -50, 0];
  const SCALE_TIMES = [0, 1.2, 2.4];
  const SCALES = [1, 1.4, 1];
  const POINTERS = { step: 'STEP', linear: 'LINEAR', cubic: 'CUBICSPLINE' } as const;

  it('drives three pointer joints under bone-less pivot nodes', () => {
    const m = model('interpolation');
    expect(m.joints.map((joint) => m.names[joint])).toEqual(['base', 'step', 'linear', 'cubic']);
    for (const pointer of Object.keys(POINTERS)) {
      const pivot = m.parents[node(m, pointer)];
      expect(m.names[pivot]).toBe(`column.${pointer}`);
      expect(m.joints).not.toContain(pivot);
      expect(m.parents[pivot]).toBe(node(m, 'base'));
    }
  });

  it('keys every pointer with the same numbers through STEP, LINEAR and CUBICSPLINE', () => {
    const m = model('interpolation');
    const clip = m.clips.get('keys')!;
    expect(clip.duration).toBeCloseTo(2.4, 6);
    for (const [pointer, interpolation] of Object.entries(POINTERS)) {
      const channels = clip.channels.filter((channel) => channel.node === node(m, pointer));
      expect(channels.map((channel) => channel.path).sort()).toEqual(['rotation', 'scale', 'translation']);
      for (const channel of channels) {
        expect(channel.interpolation).toBe(interpolation);
        const times =
          channel.path === 'translation'
            ? TRANSLATION_TIMES
            : channel.path === 'rotation'
              ? ROTATION_TIMES
              : SCALE_TIMES;
        expect(Array.from(channel.times)).toEqual(times.map(Math.fround));
        const width = channel.path === 'rotation' ? 4 : 3;
        const groups = interpolation === 'CUBICSPLINE' ? 3 : 1;
        expect(channel.values.length).toBe(times.length * width * groups);
        times.forEach((_, k) => {
          const value = sampleChannel(channel, channel.times[k]);
          if (channel.path === 'translation') {
            expect(value[0]).toBe(0);
            expect(value[1]).toBeCloseTo(TRANSLATION_Y[k], 6);
          } else if (channel.path === 'rotation') {
            const expected = axisAngle([0, 0, 1], ROTATION_DEGREES[k]);
            for (let c = 0; c < 4; c++) expect(value[c]).toBeCloseTo(expected[c], 6);
          } else {
            for (let c = 0; c < 3; c++) expect(value[c]).toBeCloseTo(SCALES[k], 6);
          }
        });
      }
    }
  });

  it('shows the three interpolations disagreeing between keys', () => {
    const m = model('interpolation');
    const y = (pointer: string, time: number): number =>
      referencePose(m, 'keys', time).translations[node(m, pointer)][1];
    expect(y('step', 0.3)).toBeCloseTo(0.2, 6);
    expect(y('linear', 0.3)).toBeCloseTo(0.2 + (0.8 - 0.2) * 0.6, 6);
    expect(Math.abs(y('cubic', 0.3) - y('linear', 0.3))).toBeGreaterThan(0.01);
    // Just before a key, STEP still holds the previous value.
    expect(y('step', 1.19)).toBeCloseTo(0.8, 6);
  });
});

describe('mannequin-zup-cm', () => {
  const CENTIMETRES = 100;

  it('hangs the mannequin under a Z_UP root and an Armature scaled 0.01, bones in centimetres, the mesh node beside them', () => {
    const m = model('mannequin-zup-cm');
    const mannequin = model('mannequin');
    const zUp = node(m, 'Z_UP');
    const armature = node(m, 'Armature');
    expect(m.parents[zUp]).toBe(-1);
    expect(m.parents[armature]).toBe(zUp);
    expect(m.parents[node(m, 'hips')]).toBe(armature);
    expect(m.parents[m.meshNode]).toBe(armature);
    expect(m.joints).not.toContain(zUp);
    expect(m.joints).not.toContain(armature);
    const turn = axisAngle([1, 0, 0], -90);
    for (let i = 0; i < 4; i++) expect(m.rotations[zUp][i]).toBeCloseTo(turn[i], 7);
    expect(m.translations[zUp]).toEqual([0, 0, 0]);
    expect(m.scales[zUp]).toEqual([1, 1, 1]);
    expect(m.rotations[armature]).toEqual([0, 0, 0, 1]);
    expect(m.scales[armature]).toEqual([0.01, 0.01, 0.01]);
    // The same bones as the mannequin's, 100 times further apart.
    expect(m.joints.map((joint) => m.names[joint])).toEqual(mannequin.joints.map((joint) => mannequin.names[joint]));
    m.joints.forEach((joint, j) => {
      const source = mannequin.joints[j];
      for (let c = 0; c < 3; c++) expect(m.translations[joint][c]).toBeCloseTo(CENTIMETRES * mannequin.translations[source][c], 4);
      expect(m.rotations[joint]).toEqual(mannequin.rotations[source]);
    });
    expect(m.translations[node(m, 'hips')]).toEqual([0, 0, 100]);
  });

  it('stores the mesh as the exporter wrote it: centimetres, Z up, facing −Y', () => {
    const m = model('mannequin-zup-cm');
    const b = bounds(m.positions);
    expect(b[2]).toBeGreaterThanOrEqual(0);
    expect(b[2]).toBeLessThan(1);
    expect(b[5]).toBeGreaterThan(180); // the top of the head, 1.85 m up, in centimetres along +Z
    expect(b[5]).toBeLessThan(190);
    expect(b[3]).toBeGreaterThan(85); // the left hand along +X
    expect(b[4] - b[1]).toBeLessThan(50); // depth along Y
    const nose = bounds(m.positions, (v) => m.positions[3 * v + 2] > 160);
    expect(nose[1]).toBeLessThan(-10); // the face points to −Y
  });

  it('writes each inverse bind matrix in the Armature’s space: the inverse of the joint’s bind transform relative to it', () => {
    const m = model('mannequin-zup-cm');
    const worlds = referenceWorlds(m, referencePose(m, null, 0));
    const armatureInverse = mat4.invert(new Float64Array(16) as unknown as mat4, worlds[node(m, 'Armature')] as unknown as mat4)!;
    m.joints.forEach((joint, j) => {
      const relative = mat4.multiply(new Float64Array(16) as unknown as mat4, armatureInverse, worlds[joint] as unknown as mat4);
      const product = mat4.multiply(new Float64Array(16) as unknown as mat4, relative, m.inverseBindMatrices.subarray(16 * j, 16 * j + 16));
      expectMatrixClose(product, mat4.create(), 1e-5, `joint ${m.names[joint]}`);
    });
    // The hips: one metre (100 cm) up the Armature's Z, turned +90° about X so the bone points up.
    const hips = mat4.fromRotationTranslation(new Float64Array(16) as unknown as mat4, axisAngle([1, 0, 0], 90) as unknown as quat, [0, 0, 100]);
    expectMatrixClose(inverseBindOf(m, 'hips'), mat4.invert(new Float64Array(16) as unknown as mat4, hips)!, 1e-6, 'hips inverse bind');
  });

  it('skins, by glTF’s rule, exactly where mannequin.glb stands, in the rest pose and through the walk', () => {
    const m = model('mannequin-zup-cm');
    const mannequin = model('mannequin');
    for (const [clip, time] of [[null, 0], ['walk', 0.4], ['walk', 0.95]] as const) {
      const ours = referenceSkinnedPositions(m, clip, time);
      const theirs = referenceSkinnedPositions(mannequin, clip, time);
      let worst = 0;
      for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs(ours[i] - theirs[i]));
      expect(worst, `${clip ?? 'rest'} at ${time} s`).toBeLessThan(1e-5);
    }
  });

  it('re-based by the inverse of its root, as ogldev does, keeps the Armature’s 0.01: the mesh comes out in metres, Z up', () => {
    const m = model('mannequin-zup-cm');
    const worlds = referenceWorlds(m, referencePose(m, null, 0));
    const globalInverse = mat4.invert(new Float64Array(16) as unknown as mat4, worlds[node(m, 'Z_UP')] as unknown as mat4)!;
    const palette = referencePalette(m, worlds, globalInverse as unknown as Float64Array);
    const scale = mat4.fromScaling(new Float64Array(16) as unknown as mat4, [0.01, 0.01, 0.01]);
    palette.forEach((matrix, j) => expectMatrixClose(matrix, scale, 1e-6, `joint ${m.names[m.joints[j]]}`));
    const b = bounds(referenceSkin(m, palette));
    expect(b[5]).toBeGreaterThan(1.8); // height along +Z, in metres
    expect(b[5]).toBeLessThan(1.9);
  });
});

describe('tentacle', () => {
  const JOINT_COUNT = 300;
  /** 1/128: every joint height is exact in float32. */
  const BONE_LENGTH = 1 / 128;

  /** The file's own JSON chunk, read from the bytes (not through @gltf-transform). */
  function glbJson(bytes: Uint8Array): {
    accessors: { componentType: number; count: number }[];
    meshes: { primitives: { attributes: Record<string, number> }[] }[];
    animations: { samplers: { input: number }[] }[];
  } {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const jsonLength = view.getUint32(12, true);
    return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  }

  /** World-space origin of node `index` at `time` seconds into `curl`. */
  function jointOrigin(m: ReferenceModel, index: number, time: number): number[] {
    const world = referenceWorlds(m, referencePose(m, 'curl', time))[index];
    return [world[12], world[13], world[14]];
  }

  /** Turn of a joint about its own +Z in `curl` at `time`, radians, checking the axis is +Z. */
  function turnAboutZ(m: ReferenceModel, index: number, time: number): number {
    const channel = m.clips.get('curl')!.channels.find((c) => c.node === index && c.path === 'rotation');
    if (!channel) return 0;
    const q = sampleChannel(channel, time);
    expect(Math.abs(q[0]) + Math.abs(q[1]), `${m.names[index]} turns about +Z only`).toBeLessThan(1e-7);
    return 2 * Math.atan2(q[2], q[3]);
  }

  it('is one chain of 300 joints, segment.000 … segment.298 and tip, 1/128 apart up +Y, unrotated', () => {
    const m = model('tentacle');
    expect(m.joints.length).toBe(JOINT_COUNT);
    m.joints.forEach((joint, j) => {
      expect(m.names[joint]).toBe(j === JOINT_COUNT - 1 ? 'tip' : `segment.${String(j).padStart(3, '0')}`);
      expect(m.parents[joint]).toBe(j === 0 ? -1 : m.joints[j - 1]);
      expect(m.rotations[joint]).toEqual([0, 0, 0, 1]);
      const [x, y, z] = m.translations[joint];
      expect([x, z]).toEqual([0, 0]);
      expect(y).toBeCloseTo(j === 0 ? 0 : BONE_LENGTH, 12);
    });
    // The top of the rounded tip: 300 bones of 1/128 (2.34375) plus the tip's radius, 0.007.
    const b = bounds(m.positions);
    expect(b[1]).toBe(0);
    expect(b[4]).toBeCloseTo(2.35075, 6);
    // Each inverse bind matrix is translate(0, −j/128, 0), exactly, as float32 holds j/128 exactly.
    m.joints.forEach((_, j) => {
      const expected = mat4.fromTranslation(mat4.create(), [0, 0 - j * BONE_LENGTH, 0]);
      expect(Array.from(m.inverseBindMatrices.subarray(16 * j, 16 * j + 16)), `joint ${j}`).toEqual(Array.from(expected));
    });
  });

  it('stores JOINTS_0 as UNSIGNED_SHORT, and its vertices use joints past 255; every other model keeps UNSIGNED_BYTE', () => {
    for (const name of NAMES) {
      const json = glbJson(catalogue.files.get(name)!);
      const accessor = json.accessors[json.meshes[0].primitives[0].attributes.JOINTS_0];
      expect(accessor.componentType, name).toBe(name === 'tentacle' ? UNSIGNED_SHORT : UNSIGNED_BYTE);
    }
    const m = model('tentacle');
    expect(m.jointIndices).toBeInstanceOf(Uint16Array);
    let largest = 0;
    for (let i = 0; i < m.jointIndices.length; i++) if (m.weights[i] > 0) largest = Math.max(largest, m.jointIndices[i]);
    expect(largest).toBeGreaterThanOrEqual(256);
    expect(largest).toBe(JOINT_COUNT - 1);
  });

  it('blends at most two neighbouring joints per vertex, weights summing to 1', () => {
    const m = model('tentacle');
    for (let v = 0; v < m.positions.length / 3; v++) {
      const [w0, w1, w2, w3] = m.weights.subarray(4 * v, 4 * v + 4);
      expect(w2 + w3).toBe(0);
      expect(Math.abs(w0 + w1 - 1)).toBeLessThan(1e-7);
      if (w1 > 0) expect(Math.abs(m.jointIndices[4 * v] - m.jointIndices[4 * v + 1])).toBe(1);
    }
  });

  it('curl: every joint turns about its own +Z, more towards the tip: (1/128) / (0.25·(σ + 0.15)) radians when rolled up', () => {
    const m = model('tentacle');
    // Fully rolled at 2 s; σ = distance from the joint to the tip = (300 − j) / 128.
    // Tip: σ = 1/128, a turn of 0.1980 rad (11.3°); joint 250: σ = 50/128, 0.0578 rad.
    expect(turnAboutZ(m, node(m, 'tip'), 2)).toBeCloseTo(BONE_LENGTH / (0.25 * (1 / 128 + 0.15)), 6);
    expect(turnAboutZ(m, m.joints[250], 2)).toBeCloseTo(BONE_LENGTH / (0.25 * (50 / 128 + 0.15)), 6);
    let previous = 0;
    for (let j = 1; j < JOINT_COUNT; j++) {
      const turn = turnAboutZ(m, m.joints[j], 2);
      expect(turn, `joint ${j}`).toBeGreaterThanOrEqual(previous - 1e-7);
      previous = turn;
    }
    // Rolled up, the turns add up to about 1.45 full turns: between the integral of the curvature
    // over the unfaded spiral (σ from half a bone to 1.2: 4·ln(1.35 / (0.15 + 1/256))) and over all
    // of it unfaded (σ up to 1.5: 4·ln(1.65 / 0.15)).
    let total = 0;
    for (let j = 1; j < JOINT_COUNT; j++) total += turnAboutZ(m, m.joints[j], 2);
    expect(total).toBeGreaterThan(4 * Math.log(1.35 / (0.15 + 1 / 256)));
    expect(total).toBeLessThan(4 * Math.log(1.65 / 0.15));
    // Straight at 0 s: only the root has a turn (its sway), and that is 0 too.
    for (const joint of m.joints) expect(turnAboutZ(m, joint, 0)).toBe(0);
  });

  it('curl rolls from the tip downwards: joint 250 moves more than 0.5 units, joint 100 only follows the root', () => {
    const m = model('tentacle');
    const rest = jointOrigin(m, m.joints[250], 0);
    for (let c = 0; c < 3; c++) expect(rest[c]).toBeCloseTo([0, 250 * BONE_LENGTH, 0][c], 5);
    const rolled = jointOrigin(m, m.joints[250], 2);
    expect(Math.hypot(...rolled.map((x, c) => x - rest[c]))).toBeGreaterThan(0.5);
    // Early on only the tip has started to roll.
    const early = 0.6;
    const tipMove = Math.hypot(...jointOrigin(m, node(m, 'tip'), early).map((x, c) => x - jointOrigin(m, node(m, 'tip'), 0)[c]));
    expect(turnAboutZ(m, node(m, 'tip'), early)).toBeGreaterThan(0.1);
    expect(turnAboutZ(m, m.joints[150], early)).toBe(0);
    expect(tipMove).toBeGreaterThan(0.1);
    // Joint 100, below the spiral, is carried by the root alone, which at 2 s leans 10° towards +X
    // (its sway, 4°·sin(2π·2t / 4), is 0 then): (0, 100/128, 0) turned −10° about Z.
    const low = jointOrigin(m, m.joints[100], 2);
    const lean = (10 * Math.PI) / 180;
    const expected = [100 * BONE_LENGTH * Math.sin(lean), 100 * BONE_LENGTH * Math.cos(lean), 0];
    for (let c = 0; c < 3; c++) expect(low[c]).toBeCloseTo(expected[c], 5);
  });

  it('needs its upper matrices: most vertices depend on joints ≥ 128, and at 2 s they are far from the bind pose', () => {
    const m = model('tentacle');
    const vertexCount = m.positions.length / 3;
    const skinned = referenceSkinnedPositions(m, 'curl', 2);
    let upper = 0,
      farUpper = 0;
    for (let v = 0; v < vertexCount; v++) {
      if (m.jointIndices[4 * v] < 128 && m.jointIndices[4 * v + 1] < 128) continue;
      upper++;
      const moved = Math.hypot(...[0, 1, 2].map((c) => skinned[3 * v + c] - m.positions[3 * v + c]));
      if (moved > 0.5) farUpper++;
    }
    expect(upper / vertexCount).toBeGreaterThan(0.6);
    expect(farUpper / upper).toBeGreaterThan(0.5);
  });

  it('keys 6 times a second, every channel sharing one key-time accessor, in under 250 KiB', () => {
    const bytes = catalogue.files.get('tentacle')!;
    expect(bytes.length).toBeLessThan(250 * 1024);
    const json = glbJson(bytes);
    const inputs = new Set(json.animations[0].samplers.map((sampler) => sampler.input));
    expect(inputs.size).toBe(1);
    expect(json.accessors[[...inputs][0]].count).toBe(25);
    const clip = model('tentacle').clips.get('curl')!;
    expect(clip.duration).toBe(4);
    expect(Array.from(clip.channels[0].times)).toEqual(Array.from({ length: 25 }, (_, k) => Math.fround(k / 6)));
  });

  it('loads in the core: 300 joints, 16-bit joint indices, and CPU skinning that matches the reference', () => {
    const loaded = loadModelFile(`${MODELS_DIRECTORY}tentacle.glb`);
    expect(loaded.skins[0].joints.length).toBe(JOINT_COUNT);
    const primitive = loaded.meshes[0].primitives[0];
    expect(Math.max(...primitive.joints)).toBe(JOINT_COUNT - 1);
    const player = createPlayer(loaded);
    const out = new Float32Array(3 * primitive.vertexCount);
    for (const time of [0.9, 2]) {
      poseAt(player, 0, time, Playback.CLAMP);
      skinVertices(out, null, primitive, player.palettes[0]);
      const expected = referenceSkinnedPositions(model('tentacle'), 'curl', time);
      let worst = 0;
      for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - expected[i]));
      expect(worst, `at ${time} s`).toBeLessThan(2e-5);
    }
  });
});

describe('packMesh: the JOINTS_0 component type', () => {
  /** One vertex bound to skin joint `skinIndex` of a skin whose joints are nodes 0 … skinIndex. */
  function packOne(skinIndex: number) {
    const mesh = createMeshBuilder();
    addVertex(mesh, [0, 0, 0], [0, 1, 0], [[skinIndex, 1]]);
    return packMesh(
      mesh,
      Array.from({ length: skinIndex + 1 }, (_, index) => index),
    );
  }

  it('writes unsigned bytes up to joint 255 and unsigned shorts from 256', () => {
    expect(packOne(255).joints).toBeInstanceOf(Uint8Array);
    expect(Array.from(packOne(255).joints)).toEqual([255, 0, 0, 0]);
    expect(packOne(256).joints).toBeInstanceOf(Uint16Array);
    expect(Array.from(packOne(256).joints)).toEqual([256, 0, 0, 0]);
    expect(Array.from(packOne(65535).joints)).toEqual([65535, 0, 0, 0]);
  });

  it('refuses a joint index above 65535, naming the vertex and the index', () => {
    expect(() => packOne(65536)).toThrow(/vertex 0: joint index 65536 does not fit JOINTS_0/);
  });
});
