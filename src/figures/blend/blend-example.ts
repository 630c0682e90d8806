// The worked numbers of chapter 11, computed at build time by the code the figure runs: the
// mannequin posed by poseBlend (src/figures/blend/blend-pose.ts) at the figure's starting fade —
// the walk crossfaded into the wave or into itself played 1.5× faster — and measured with its
// measures: the bone that kept the least of its length, the distance between the feet, the right
// hand's height. Also the two blending mistakes on one bone turned 0° and 90° about z, where the
// damage can be derived by hand.

import { readProjectModel } from '../../build-time/project-models.ts';
import { blendPoses } from '../../core/blend.ts';
import { createPlayer } from '../../core/frame.ts';
import { createMatrices, createPose, type Pose } from '../../core/model.ts';
import { blendMatricesElementWise, blendPosesWithoutNormalizing } from '../../core/pitfalls-beyond.ts';
import { composeLocal } from '../../core/pose.ts';
import {
  CrossfadeClock,
  DEFAULT_FADE_DURATION,
  DEFAULT_FADE_START,
  FAST_WALK_RATE,
  PLOT_SAMPLES_PER_SECOND,
  TIMELINE_SECONDS,
  createBlendRig,
  createBlender,
  defaultBlendSettings,
  feetApartOverTimeline,
  poseBlend,
  rightHandHeight,
  shortestBone,
  type BlendMethod,
  type BlendRig,
  type BlendSettings,
} from './blend-pose.ts';

/** Seconds on the timeline of the first worked example: a quarter of the way through the fade. */
export const EXAMPLE_TIME = 1.8;
/** Seconds into the wave at which the additive layer is measured: the arm is up, waving. */
export const LAYER_TIME = 1.5;
export { DEFAULT_FADE_DURATION, DEFAULT_FADE_START, FAST_WALK_RATE, TIMELINE_SECONDS };

export interface BlendExample {
  /** Walk → wave on separate clocks at EXAMPLE_TIME: the fade's weight and where each clip is sampled (seconds). */
  fade: { time: number; weight: number; timeA: number; timeB: number; waveDuration: number; walkDuration: number };
  /** One bone turned 0° and 90° about z, blended half and half. */
  single: {
    /** Blended matrices: the length of the bone's x axis (cos 45°) and the 3×3 block's determinant (cos² 45°). */
    matrixAxis: number;
    matrixDeterminant: number;
    /** Quaternions lerped without normalising: the quaternion's length (cos 22.5°), the bone's axis length and the angle it turns, degrees. */
    lerpLength: number;
    lerpAxis: number;
    lerpDegrees: number;
  };
  /** Walk → wave over the whole fade, sampled every 1/PLOT_SAMPLES_PER_SECOND s: the bone that shrinks most, by each mistake. */
  broken: Record<Exclude<BlendMethod, 'correct'>, { bone: string; ratio: number; time: number; weight: number }> & { correctWorst: number };
  /** Walk → walk 1.5× faster: phases and steps. */
  sync: {
    /** The fade's middle, seconds, and how far apart in phase the two walks are there on separate clocks (cycles, 0 to 0.5). */
    middle: number;
    phaseGap: number;
    /** Metres: the largest distance between the feet in a step of the walk alone, and the smallest such step during the fade, per clock. */
    walkStep: number;
    separateStep: number;
    separateStepTime: number;
    synchronisedStep: number;
    /** The longest stretch of the fade with the feet closer than CLOSE_FEET, per clock: seconds, and the farthest apart they get in it (metres). */
    separateClose: { start: number; end: number; largest: number };
    synchronisedClose: { start: number; end: number; largest: number };
  };
  /** The wave as an additive layer on the walk. */
  additive: {
    /** Metres: the right hand's height on the walk at LAYER_TIME, without and with the layer over the wave's first frame. */
    walkHand: number;
    layeredHand: number;
    /** Metres: how far the layer over the bind pose moves the right hand at 0 s, where the wave has not begun. */
    bindShift: number;
    firstFrameShift: number;
  };
}

function rigOf(): BlendRig {
  const rig = createBlendRig(readProjectModel('mannequin.glb'));
  if (typeof rig === 'string') throw new Error(rig);
  return rig;
}

/** A one-node pose turned `degrees` about z, one unit up y. */
function turnedAboutZ(degrees: number): Pose {
  const pose = createPose(1);
  const half = (degrees * Math.PI) / 360;
  pose.rotations.set([0, 0, Math.sin(half), Math.cos(half)]);
  pose.translations[1] = 1;
  return pose;
}

/** Metres: feet closer than this, front to back, count as together (a step of the walk spreads them 0.65 m). */
export const CLOSE_FEET = 0.2;

/** The longest run of samples of `values` within [first, last] whose magnitude stays below `limit`: its times (seconds) and largest magnitude. */
function longestClose(values: Float32Array, first: number, last: number, limit: number): { start: number; end: number; largest: number } {
  let best = { start: 0, end: 0, largest: 0 };
  let runStart = -1;
  for (let i = first; i <= last + 1; i++) {
    const close = i <= last && Math.abs(values[i]) < limit;
    if (close && runStart < 0) runStart = i;
    if (close || runStart < 0) continue;
    if ((i - 1 - runStart) / PLOT_SAMPLES_PER_SECOND > best.end - best.start) {
      let largest = 0;
      for (let k = runStart; k < i; k++) largest = Math.max(largest, Math.abs(values[k]));
      best = { start: runStart / PLOT_SAMPLES_PER_SECOND, end: (i - 1) / PLOT_SAMPLES_PER_SECOND, largest };
    }
    runStart = -1;
  }
  return best;
}

/** Per step (the stretch between two crossings of the feet), the largest |distance| and when it was reached (sample index). */
function stepPeaks(values: Float32Array): { peak: number; at: number; first: number; last: number }[] {
  const steps: { peak: number; at: number; first: number; last: number }[] = [];
  let first = 0;
  for (let i = 1; i <= values.length; i++) {
    if (i < values.length && Math.sign(values[i]) === Math.sign(values[first])) continue;
    let at = first;
    for (let k = first; k < i; k++) if (Math.abs(values[k]) > Math.abs(values[at])) at = k;
    steps.push({ peak: Math.abs(values[at]), at, first, last: i - 1 });
    first = i;
  }
  return steps;
}

export function computeBlendExample(): BlendExample {
  const rig = rigOf();
  const names = rig.model.hierarchy.names;
  const settings = defaultBlendSettings();
  const player = createPlayer(rig.model);

  const exampleBlender = createBlender(rig, settings);
  const exampleWeight = poseBlend(player, exampleBlender, settings, EXAMPLE_TIME);
  const { timeA, timeB } = exampleBlender.crossfade;

  // One bone, two ways wrong.
  const [a, b] = [turnedAboutZ(0), turnedAboutZ(90)];
  const mixed = blendMatricesElementWise(createMatrices(1), composeLocal(createMatrices(1), a), composeLocal(createMatrices(1), b), 0.5);
  const lerped = blendPosesWithoutNormalizing(createPose(1), a, b, 0.5);
  const lerpMatrix = composeLocal(createMatrices(1), lerped);
  const slerped = blendPoses(createPose(1), a, b, 0.5);
  if (Math.abs(slerped.rotations[2] - Math.sin(Math.PI / 8)) > 1e-6) throw new Error('blendPoses: 45° expected half-way from 0° to 90°');

  // The worst bone over the fade, walk → wave.
  const fadeSamples: number[] = [];
  for (let i = 0; i <= DEFAULT_FADE_DURATION * PLOT_SAMPLES_PER_SECOND; i++) fadeSamples.push(DEFAULT_FADE_START + i / PLOT_SAMPLES_PER_SECOND);
  const measured = { joint: -1, ratio: 0 };
  const worst = (method: BlendMethod) => {
    const broken: BlendSettings = { ...settings, method };
    const blender = createBlender(rig, broken);
    let found = { bone: '', ratio: Infinity, time: 0, weight: 0 };
    for (const time of fadeSamples) {
      const weight = poseBlend(player, blender, broken, time);
      shortestBone(measured, rig, player.globals);
      if (measured.ratio < found.ratio) found = { bone: names[measured.joint], ratio: measured.ratio, time, weight };
    }
    return found;
  };

  // Walk → walk 1.5×: the steps, per clock, from the plot's own samples.
  const fast: BlendSettings = { ...settings, target: 'fast' };
  const middle = DEFAULT_FADE_START + DEFAULT_FADE_DURATION / 2;
  const separateBlender = createBlender(rig, fast);
  poseBlend(player, separateBlender, fast, middle);
  const fade = separateBlender.crossfade;
  const gap = (((fade.timeB / fade.clipB.duration - fade.timeA / fade.clipA.duration) % 1) + 1) % 1;
  const inFade = (step: { first: number; last: number }) =>
    step.first / PLOT_SAMPLES_PER_SECOND >= DEFAULT_FADE_START && step.last / PLOT_SAMPLES_PER_SECOND <= DEFAULT_FADE_START + DEFAULT_FADE_DURATION;
  const smallestStep = (clock: CrossfadeClock) =>
    stepPeaks(feetApartOverTimeline(rig, fast, clock))
      .filter(inFade)
      .reduce((smallest, step) => (step.peak < smallest.peak ? step : smallest));
  const separateStep = smallestStep(CrossfadeClock.SEPARATE);
  const [fadeFirst, fadeLast] = [DEFAULT_FADE_START, DEFAULT_FADE_START + DEFAULT_FADE_DURATION].map((time) => Math.round(time * PLOT_SAMPLES_PER_SECOND));
  const closeStretch = (clock: CrossfadeClock) => longestClose(feetApartOverTimeline(rig, fast, clock), fadeFirst, fadeLast, CLOSE_FEET);
  const walkSteps = stepPeaks(feetApartOverTimeline(rig, fast, CrossfadeClock.SEPARATE)).filter((step) => step.first > 0 && step.last / PLOT_SAMPLES_PER_SECOND < DEFAULT_FADE_START);

  // The wave as a layer on the walk alone (B's weight held at 0): its hand, over the wave's first frame and over the bind pose.
  const handAt = (layer: Partial<BlendSettings>, time: number) => {
    const layered: BlendSettings = { ...settings, heldWeight: 0, ...layer };
    poseBlend(player, createBlender(rig, layered), layered, time);
    return [player.globals[16 * rig.rightHand + 12], rightHandHeight(rig, player.globals), player.globals[16 * rig.rightHand + 14]];
  };
  const distance = (p: number[], q: number[]) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
  const walkingHand = handAt({ additive: false }, 0);

  return {
    fade: { time: EXAMPLE_TIME, weight: exampleWeight, timeA, timeB, waveDuration: rig.wave.duration, walkDuration: rig.walk.duration },
    single: {
      matrixAxis: Math.hypot(mixed[0], mixed[1], mixed[2]),
      matrixDeterminant: mixed[0] * mixed[5] - mixed[1] * mixed[4],
      lerpLength: Math.hypot(...lerped.rotations),
      lerpAxis: Math.hypot(lerpMatrix[0], lerpMatrix[1], lerpMatrix[2]),
      lerpDegrees: (Math.atan2(lerpMatrix[1], lerpMatrix[0]) * 180) / Math.PI,
    },
    broken: { matrices: worst('matrices'), unnormalised: worst('unnormalised'), correctWorst: worst('correct').ratio },
    sync: {
      middle,
      phaseGap: Math.min(gap, 1 - gap),
      walkStep: Math.min(...walkSteps.map((step) => step.peak)),
      separateStep: separateStep.peak,
      separateStepTime: separateStep.at / PLOT_SAMPLES_PER_SECOND,
      synchronisedStep: smallestStep(CrossfadeClock.SYNCHRONISED).peak,
      separateClose: closeStretch(CrossfadeClock.SEPARATE),
      synchronisedClose: closeStretch(CrossfadeClock.SYNCHRONISED),
    },
    additive: {
      walkHand: handAt({ additive: false }, LAYER_TIME)[1],
      layeredHand: handAt({ additive: true, reference: 'first-frame' }, LAYER_TIME)[1],
      bindShift: distance(handAt({ additive: true, reference: 'bind' }, 0), walkingHand),
      firstFrameShift: distance(handAt({ additive: true, reference: 'first-frame' }, 0), walkingHand),
    },
  };
}
