// Chapter 11's worked numbers (src/figures/blend/blend-example.ts), against references computed
// apart from the figure's code: the fade's weight and clip times by hand; the two mistakes on one
// bone by the formulas their comments derive; on the mannequin, the blended matrices and the
// unnormalised quaternions rebuilt with gl-matrix and chained down the hierarchy, the additive
// layer rebuilt with gl-matrix quaternions, and the walk's own stride sampled on its own.
import { mat4, quat } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Playback, createClipCursor, sampleClip } from '../../src/core/clip.ts';
import { createPose, type Clip, type Pose } from '../../src/core/model.ts';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import { DEFAULT_FADE_DURATION, DEFAULT_FADE_START, EXAMPLE_TIME, LAYER_TIME, computeBlendExample } from '../../src/figures/blend/blend-example.ts';
import { createBlendRig, createBlender, defaultBlendSettings, poseBlend, type BlendMethod } from '../../src/figures/blend/blend-pose.ts';
import { createPlayer } from '../../src/core/frame.ts';
import { boxedNumbers, newSpaceGrowth } from './helpers.ts';

const example = computeBlendExample();
const DEGREES = Math.PI / 180;

const model = readProjectModel('mannequin.glb');
const { hierarchy } = model;
const clipNamed = (name: string) => model.clips.find((clip) => clip.name === name)!;
const walk = clipNamed('walk');
const wave = clipNamed('wave');
const node = (name: string) => hierarchy.names.indexOf(name);

function sampled(clip: Clip, time: number): Pose {
  return sampleClip(createPose(hierarchy.count), clip, hierarchy.rest, time, Playback.LOOP, createClipCursor(clip.tracks.length));
}

/** Global matrices with gl-matrix, from one local matrix per node (parents first). */
function chain(locals: mat4[]): mat4[] {
  const globals: mat4[] = [];
  locals.forEach((local, i) => {
    const parent = hierarchy.parents[i];
    globals.push(parent < 0 ? mat4.clone(local) : mat4.multiply(mat4.create(), globals[parent], local));
  });
  return globals;
}

/** gl-matrix's T × R × S of node i, with the quaternion as given (unit or not). */
function localOf(pose: Pose, i: number, rotation: quat = pose.rotations.subarray(4 * i, 4 * i + 4) as unknown as quat): mat4 {
  return mat4.fromRotationTranslationScale(mat4.create(), rotation, pose.translations.subarray(3 * i, 3 * i + 3) as unknown as [number, number, number], pose.scales.subarray(3 * i, 3 * i + 3) as unknown as [number, number, number]);
}

const origin = (m: mat4) => [m[12], m[13], m[14]];
const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
/** The forearm's length (elbow to wrist) in `globals`, over its rest length. */
function forearmRatio(globals: mat4[]): number {
  const rest = chain(Array.from({ length: hierarchy.count }, (_, i) => localOf(hierarchy.rest, i)));
  const [elbow, wrist] = [node('lower_arm.R'), node('hand.R')];
  return distance(origin(globals[elbow]), origin(globals[wrist])) / distance(origin(rest[elbow]), origin(rest[wrist]));
}

/** Walk → wave on separate clocks at timeline time t: the walk at t, the wave at t − fade start. */
const clipsAt = (t: number) => [sampled(walk, t), sampled(wave, t - DEFAULT_FADE_START)];

describe('chapter 11 worked examples', () => {
  it('a quarter into the fade: weight 0.25, the walk at 1.8 s, the wave at 0.6 s (its own clock starts with the fade)', () => {
    expect(EXAMPLE_TIME).toBe(1.8);
    expect([DEFAULT_FADE_START, DEFAULT_FADE_DURATION]).toEqual([1.2, 2.4]);
    expect(example.fade.weight).toBeCloseTo((1.8 - 1.2) / 2.4, 12);
    expect(example.fade.timeA).toBeCloseTo(1.8, 12);
    expect(example.fade.timeB).toBeCloseTo(0.6, 12);
    expect(example.fade.walkDuration).toBeCloseTo(1.2, 6);
    expect(example.fade.waveDuration).toBe(3);
  });

  it('one bone, 0° and 90° about z, half and half: matrices shrink it to cos 45°, an unnormalised quaternion turns it 38.8° at 0.963 of its length', () => {
    expect(example.single.matrixAxis).toBeCloseTo(Math.cos(45 * DEGREES), 6);
    expect(example.single.matrixDeterminant).toBeCloseTo(Math.cos(45 * DEGREES) ** 2, 6);
    expect(example.single.lerpLength).toBeCloseTo(Math.cos(22.5 * DEGREES), 6);
    // A quaternion k·q builds (1 − k²)·I + k²·R(q): here k² = cos² 22.5° and R turns 45°.
    const k2 = Math.cos(22.5 * DEGREES) ** 2;
    const column = [1 - k2 + k2 * Math.cos(45 * DEGREES), k2 * Math.sin(45 * DEGREES)];
    expect(example.single.lerpAxis).toBeCloseTo(Math.hypot(column[0], column[1]), 6);
    expect(example.single.lerpDegrees).toBeCloseTo(Math.atan2(column[1], column[0]) / DEGREES, 4);
    expect(example.single.lerpDegrees).toBeCloseTo(38.825, 3);
  });

  it('walk → wave, matrices blended: the right forearm keeps 55 % of its length, as gl-matrix finds with the same blend', () => {
    const found = example.broken.matrices;
    expect(found.bone).toBe('lower_arm.R');
    expect(found.ratio).toBeCloseTo(0.5513, 3);
    expect(found.weight).toBeCloseTo((found.time - 1.2) / 2.4, 9);
    const ratioAt = (t: number) => {
      const w = Math.min(Math.max((t - 1.2) / 2.4, 0), 1);
      const [a, b] = clipsAt(t);
      const locals = Array.from({ length: hierarchy.count }, (_, i) => {
        const [la, lb] = [localOf(a, i), localOf(b, i)];
        return mat4.add(mat4.create(), mat4.multiplyScalar(mat4.create(), la, 1 - w), mat4.multiplyScalar(mat4.create(), lb, w));
      });
      return forearmRatio(chain(locals));
    };
    expect(ratioAt(found.time)).toBeCloseTo(found.ratio, 5);
    // The worst over the fade: no other time of the fade shrinks the forearm further.
    for (let t = 1.2; t <= 3.6; t += 0.1) expect(ratioAt(t), `${t.toFixed(1)} s`).toBeGreaterThanOrEqual(found.ratio - 1e-6);
    // Blended right, every bone keeps its length.
    expect(example.broken.correctWorst).toBeCloseTo(1, 5);
  });

  it('walk → wave, quaternions not normalised: the right forearm keeps 95.8 % of its length, as gl-matrix finds with the same lerp', () => {
    const found = example.broken.unnormalised;
    expect(found.bone).toBe('lower_arm.R');
    expect(found.ratio).toBeCloseTo(0.9583, 3);
    const t = found.time;
    const w = (t - 1.2) / 2.4;
    const [a, b] = clipsAt(t);
    const locals = Array.from({ length: hierarchy.count }, (_, i) => {
      const qa = a.rotations.subarray(4 * i, 4 * i + 4);
      const qb = b.rotations.subarray(4 * i, 4 * i + 4);
      const side = quat.dot(qa as unknown as quat, qb as unknown as quat) < 0 ? -1 : 1;
      const q = quat.fromValues(...([0, 1, 2, 3].map((c) => qa[c] + (side * qb[c] - qa[c]) * w) as [number, number, number, number]));
      const pose = createPose(1);
      for (let c = 0; c < 3; c++) {
        pose.translations[c] = a.translations[3 * i + c] + (b.translations[3 * i + c] - a.translations[3 * i + c]) * w;
        pose.scales[c] = a.scales[3 * i + c] + (b.scales[3 * i + c] - a.scales[3 * i + c]) * w;
      }
      return localOf(pose, 0, q);
    });
    expect(forearmRatio(chain(locals))).toBeCloseTo(found.ratio, 5);
  });

  it('walk → walk 1.5×: half a cycle apart mid-fade; on separate clocks the feet close up, synchronised every step is the walk\'s own', () => {
    // Mid-fade (2.4 s) the walk is at 2.4 / 1.2 = 2 cycles, the fast walk at 1.2 / 0.8 = 1.5: half a cycle apart.
    expect(example.sync.middle).toBeCloseTo(2.4, 12);
    expect(example.sync.phaseGap).toBeCloseTo(0.5, 6);
    // The walk's stride, sampled on its own every millisecond with gl-matrix: the largest distance between the ankles, front to back.
    let stride = 0;
    for (let t = 0; t < walk.duration; t += 0.001) {
      const globals = chain(Array.from({ length: hierarchy.count }, (_, i) => localOf(sampled(walk, t), i)));
      stride = Math.max(stride, Math.abs(globals[node('foot.L')][14] - globals[node('foot.R')][14]));
    }
    expect(example.sync.walkStep).toBeCloseTo(stride, 2);
    expect(example.sync.synchronisedStep).toBeCloseTo(stride, 2);
    expect(example.sync.separateStep).toBeLessThan(0.05);
    expect(Math.abs(example.sync.separateStepTime - 2.4)).toBeLessThan(0.25);
    // Separate: feet within 0.2 m of each other for longer than a step of the walk (0.6 s), around the middle.
    const { separateClose, synchronisedClose } = example.sync;
    expect(separateClose.end - separateClose.start).toBeGreaterThan(walk.duration / 2);
    expect(separateClose.start).toBeLessThan(2.4);
    expect(separateClose.end).toBeGreaterThan(2.4);
    expect(separateClose.largest).toBeLessThan(0.2);
    // Synchronised: only while the feet pass each other, at 0.65 m a step, 0.2 m lasts under a tenth of a cycle.
    expect(synchronisedClose.end - synchronisedClose.start).toBeLessThan(0.12);
  });

  it('the wave as a layer over its first frame raises the walking hand and changes nothing at 0 s; over the bind pose it throws the hand 0.59 m', () => {
    expect(LAYER_TIME).toBe(1.5);
    // gl-matrix: each node's walk rotation × (wave's first frame)⁻¹ × wave, translations walk + wave − first frame.
    const layered = (time: number, reference: Pose) => {
      const [base, layer] = [sampled(walk, time), sampled(wave, time)];
      const locals = Array.from({ length: hierarchy.count }, (_, i) => {
        const r = (pose: Pose) => pose.rotations.subarray(4 * i, 4 * i + 4) as unknown as quat;
        const delta = quat.multiply(quat.create(), quat.invert(quat.create(), r(reference)), r(layer));
        const pose = createPose(1);
        for (let c = 0; c < 3; c++) {
          pose.translations[c] = base.translations[3 * i + c] + layer.translations[3 * i + c] - reference.translations[3 * i + c];
          pose.scales[c] = (base.scales[3 * i + c] * layer.scales[3 * i + c]) / reference.scales[3 * i + c];
        }
        return localOf(pose, 0, quat.multiply(quat.create(), r(base), delta));
      });
      return origin(chain(locals)[node('hand.R')]);
    };
    const walkingHand = (time: number) => origin(chain(Array.from({ length: hierarchy.count }, (_, i) => localOf(sampled(walk, time), i)))[node('hand.R')]);
    const waveStart = sampled(wave, 0);
    expect(example.additive.walkHand).toBeCloseTo(walkingHand(LAYER_TIME)[1], 5);
    expect(example.additive.layeredHand).toBeCloseTo(layered(LAYER_TIME, waveStart)[1], 5);
    expect(example.additive.layeredHand - example.additive.walkHand).toBeGreaterThan(0.5);
    expect(example.additive.firstFrameShift).toBeLessThan(1e-5);
    expect(example.additive.bindShift).toBeCloseTo(distance(layered(0, hierarchy.rest), walkingHand(0)), 5);
    expect(example.additive.bindShift).toBeCloseTo(0.594, 3);
  });

  it('the figure\'s frame (poseBlend) allocates nothing, whichever blend, weight or layer', () => {
    const rig = createBlendRig(model);
    if (typeof rig === 'string') throw new Error(rig);
    const player = createPlayer(rig.model);
    const times = boxedNumbers(Array.from({ length: 100 }, (_, i) => (i * 4.8) / 100));
    const cases: [BlendMethod, number][] = [['correct', Number.NaN], ['correct', 0.4], ['matrices', 0.4], ['unnormalised', Number.NaN]];
    for (const [method, heldWeight] of cases) {
      const settings = { ...defaultBlendSettings(), target: 'fast' as const, method, heldWeight, additive: true, additiveWeight: 0.7 };
      const blender = createBlender(rig, settings);
      // As for the core's blends (tests/unit/blend.test.ts), V8 may box the weight passed to a kernel it
      // did not inline: at most 16 bytes per node for each of the three per-node passes a frame can
      // run (the crossfade's blend, the held or broken blend, the layer). Measured: 350 to 610 bytes.
      const perFrame = newSpaceGrowth((i) => poseBlend(player, blender, settings, times[i % 100]), 2_000) / 2_000;
      expect(perFrame, `${method}, held ${heldWeight}`).toBeLessThan(3 * 16 * hierarchy.count);
    }
  }, 30_000);
});
