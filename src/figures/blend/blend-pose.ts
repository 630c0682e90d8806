// The pose of chapter 11's figure and worked examples: the mannequin's walk crossfaded into a
// second clip (its wave, or the walk itself played 1.5 times faster) over a chosen fade, on
// separate or synchronised clocks, with a wave layered on top, blended right or by one of the two
// mistakes of src/core/pitfalls-beyond.ts. Shared by the island (every frame), the plot of the feet and
// blend-example.ts (at build time), so the page's numbers and the figure's picture come from the
// same code.
//
// Times are seconds on the figure's timeline (TIMELINE_SECONDS long, looping); weights are in
// [0, 1], 0 for the walk and 1 for the second clip. Lengths are metres, in the model's space: Y up,
// the figure facing +Z, its left at +X.

import {
  CrossfadeClock,
  applyAdditivePose,
  blendPoses,
  createCrossfade,
  makeAdditivePose,
  sampleCrossfade,
  type Crossfade,
} from '../../core/blend.ts';
import { Playback, createClipCursor, sampleClip, type ClipCursor } from '../../core/clip.ts';
import { animateFrame, createPlayer, type Player } from '../../core/frame.ts';
import { localToGlobal } from '../../core/hierarchy.ts';
import { createMatrices, createPose, type Clip, type Model, type Pose } from '../../core/model.ts';
import { buildPalette } from '../../core/palette.ts';
import { blendMatricesElementWise, blendPosesWithoutNormalizing } from '../../core/pitfalls-beyond.ts';
import { composeLocal } from '../../core/pose.ts';

export { CrossfadeClock };

/** Seconds: the length of the figure's timeline, four cycles of the 1.2 s walk. */
export const TIMELINE_SECONDS = 4.8;
/** How much faster the second walk plays than the first. */
export const FAST_WALK_RATE = 1.5;
/** The figure's fade when first shown, seconds: it starts after one walk cycle and lasts two. */
export const DEFAULT_FADE_START = 1.2;
export const DEFAULT_FADE_DURATION = 2.4;

/** The clip faded into: the wave, or the walk played FAST_WALK_RATE times faster. */
export type BlendTarget = 'wave' | 'fast';
/** How the two poses are mixed: right (T/R/S, slerp), or one of the two mistakes. */
export type BlendMethod = 'correct' | 'matrices' | 'unnormalised';
/** The pose the additive wave is taken relative to: the wave's first frame, or the bind pose (T-pose). */
export type AdditiveReference = 'first-frame' | 'bind';

/** What the figure's controls set. */
export interface BlendSettings {
  target: BlendTarget;
  clock: CrossfadeClock;
  /** Seconds on the timeline; ≥ 0. */
  fadeStartSeconds: number;
  /** Seconds; > 0. */
  fadeDurationSeconds: number;
  /** The second clip's weight held by hand, in [0, 1]; NaN: the fade's weight at the time. */
  heldWeight: number;
  method: BlendMethod;
  /** The wave layered on top of the blend, with its weight in [0, 1] and its reference pose. */
  additive: boolean;
  additiveWeight: number;
  reference: AdditiveReference;
}

/** The figure's settings when first shown. */
export function defaultBlendSettings(): BlendSettings {
  return {
    target: 'wave',
    clock: CrossfadeClock.SEPARATE,
    fadeStartSeconds: DEFAULT_FADE_START,
    fadeDurationSeconds: DEFAULT_FADE_DURATION,
    heldWeight: Number.NaN,
    method: 'correct',
    additive: false,
    additiveWeight: 1,
    reference: 'first-frame',
  };
}

/** A bone measured for its length: from a joint to its only child joint. */
interface MeasuredBone {
  /** Hierarchy indices of the joint and of its child. */
  joint: number;
  child: number;
  /** Metres, in the rest pose. */
  restLength: number;
}

/** The mannequin with what the blends need, found and made once (set-up work). */
export interface BlendRig {
  readonly model: Model;
  readonly walk: Clip;
  readonly wave: Clip;
  /** The walk with every key time divided by FAST_WALK_RATE. */
  readonly fastWalk: Clip;
  /** The wave's first frame: the reference of the additive layer. */
  readonly waveStart: Pose;
  /** Hierarchy indices of the ankles and of the right hand. */
  readonly leftFoot: number;
  readonly rightFoot: number;
  readonly rightHand: number;
  readonly bones: readonly MeasuredBone[];
}

/** A copy of `clip` played `rate` times faster: every key time divided by `rate` (set-up work). */
export function spedUpClip(clip: Clip, rate: number, name: string): Clip {
  return {
    name,
    duration: clip.duration / rate,
    tracks: clip.tracks.map((track) => ({ ...track, times: track.times.map((time) => time / rate) })),
  };
}

/** Finds the mannequin's clips and joints and measures its bones at rest, or says what is missing. */
export function createBlendRig(model: Model): BlendRig | string {
  const { hierarchy } = model;
  const walk = model.clips.find((clip) => clip.name === 'walk');
  const wave = model.clips.find((clip) => clip.name === 'wave');
  const names = ['foot.L', 'foot.R', 'hand.R'];
  const [leftFoot, rightFoot, rightHand] = names.map((name) => hierarchy.names.indexOf(name));
  if (walk === undefined || wave === undefined || leftFoot < 0 || rightFoot < 0 || rightHand < 0 || model.skins.length === 0) {
    return `The model needs the clips "walk" and "wave", a skin and the joints ${names.join(', ')}.`;
  }
  const waveStart = sampleClip(createPose(hierarchy.count), wave, hierarchy.rest, 0, Playback.CLAMP, createClipCursor(wave.tracks.length));
  const restGlobals = createMatrices(hierarchy.count);
  localToGlobal(restGlobals, hierarchy.parents, composeLocal(restGlobals, hierarchy.rest));
  // Bones: a joint of the skin with exactly one child joint (a hips or chest with three has no single length).
  const joints = new Set(model.skins[0].joints);
  const bones: MeasuredBone[] = [];
  for (const joint of joints) {
    const children = [...joints].filter((node) => hierarchy.parents[node] === joint);
    if (children.length !== 1) continue;
    const restLength = distanceBetween(restGlobals, joint, children[0]);
    if (restLength > 0) bones.push({ joint, child: children[0], restLength });
  }
  return { model, walk, wave, fastWalk: spedUpClip(walk, FAST_WALK_RATE, `walk ${FAST_WALK_RATE}×`), waveStart, leftFoot, rightFoot, rightHand, bones };
}

/** Metres between the origins of nodes `a` and `b` in `globals`. */
function distanceBetween(globals: Float32Array, a: number, b: number): number {
  return Math.hypot(globals[16 * a + 12] - globals[16 * b + 12], globals[16 * a + 13] - globals[16 * b + 13], globals[16 * a + 14] - globals[16 * b + 14]);
}

/**
 * One crossfade and the scratch that posing it needs, made by createBlender when the clips, the
 * fade or the clock change (set-up work); poseBlend then allocates nothing.
 */
export interface Blender {
  readonly rig: BlendRig;
  readonly crossfade: Crossfade;
  /** The walk and the second clip sampled again at the crossfade's times, for a held weight or a broken blend. */
  readonly poseA: Pose;
  readonly poseB: Pose;
  readonly cursorA: ClipCursor;
  readonly cursorB: ClipCursor;
  /** The wave at the layer's time, and its difference from the reference pose. */
  readonly wavePose: Pose;
  readonly waveCursor: ClipCursor;
  readonly delta: Pose;
  /** The local matrices of the two clips, for the blend of matrices. */
  readonly localsA: Float32Array;
  readonly localsB: Float32Array;
  /** The weight of the second clip the last poseBlend used. */
  weight: number;
}

/** A blender for `settings`' clip, fade and clock (its other settings are read by poseBlend). */
export function createBlender(rig: BlendRig, settings: BlendSettings): Blender {
  const { hierarchy } = rig.model;
  const count = hierarchy.count;
  const clipB = settings.target === 'wave' ? rig.wave : rig.fastWalk;
  return {
    rig,
    crossfade: createCrossfade({
      clipA: rig.walk,
      clipB,
      rest: hierarchy.rest,
      fadeStartSeconds: settings.fadeStartSeconds,
      fadeDurationSeconds: settings.fadeDurationSeconds,
      clock: settings.clock,
    }),
    poseA: createPose(count),
    poseB: createPose(count),
    cursorA: createClipCursor(rig.walk.tracks.length),
    cursorB: createClipCursor(clipB.tracks.length),
    wavePose: createPose(count),
    waveCursor: createClipCursor(rig.wave.tracks.length),
    delta: createPose(count),
    localsA: createMatrices(count),
    localsB: createMatrices(count),
    weight: 0,
  };
}

/** True when `blender` was made for the clip, fade and clock of `settings`. */
export function blenderFits(blender: Blender, settings: BlendSettings): boolean {
  const { crossfade, rig } = blender;
  return (
    crossfade.clipB === (settings.target === 'wave' ? rig.wave : rig.fastWalk) &&
    crossfade.clock === settings.clock &&
    crossfade.fadeStartSeconds === settings.fadeStartSeconds &&
    crossfade.fadeDurationSeconds === settings.fadeDurationSeconds
  );
}

/**
 * Poses `player` (the rig's model) at `timeSeconds` on the timeline: the crossfade, at the fade's
 * weight or the one held by hand, blended by `settings.method`, with the wave layered on top when
 * `settings.additive`; then fills its locals, globals and palettes. Returns the weight of the
 * second clip. Allocates nothing.
 */
// #region pose-blend
export function poseBlend(player: Player, blender: Blender, settings: BlendSettings, timeSeconds: number): number {
  const { crossfade, poseA, poseB, rig } = blender;
  const { hierarchy, skins } = rig.model;
  // The crossfade as the core runs it: both clips on its clock, their poses blended at the fade's weight.
  sampleCrossfade(player.pose, crossfade, timeSeconds);
  const weight = Number.isNaN(settings.heldWeight) ? crossfade.weight : settings.heldWeight;
  blender.weight = weight;
  if (settings.additive) sampleAdditiveDelta(blender, settings, timeSeconds);
  if (settings.method === 'correct' && weight === crossfade.weight) {
    if (settings.additive) applyAdditivePose(player.pose, player.pose, blender.delta, settings.additiveWeight);
    animateFrame(player, null);
    return weight;
  }
  // A weight held by hand, or a broken blend: the same two clips at the same times.
  sampleClip(poseA, crossfade.clipA, hierarchy.rest, crossfade.timeA, crossfade.playback, blender.cursorA);
  sampleClip(poseB, crossfade.clipB, hierarchy.rest, crossfade.timeB, crossfade.playback, blender.cursorB);
  if (settings.method === 'matrices') {
    // Matrices have no additive layer: it goes on each clip before their matrices are mixed.
    if (settings.additive) {
      applyAdditivePose(poseA, poseA, blender.delta, settings.additiveWeight);
      applyAdditivePose(poseB, poseB, blender.delta, settings.additiveWeight);
    }
    composeLocal(blender.localsA, poseA);
    composeLocal(blender.localsB, poseB);
    blendMatricesElementWise(player.locals, blender.localsA, blender.localsB, weight);
    localToGlobal(player.globals, hierarchy.parents, player.locals);
    for (let s = 0; s < skins.length; s++) buildPalette(player.palettes[s], skins[s], player.globals, player.globalInverse);
    return weight;
  }
  if (settings.method === 'unnormalised') blendPosesWithoutNormalizing(player.pose, poseA, poseB, weight);
  else blendPoses(player.pose, poseA, poseB, weight);
  if (settings.additive) applyAdditivePose(player.pose, player.pose, blender.delta, settings.additiveWeight);
  animateFrame(player, null);
  return weight;
}
// #endregion pose-blend

/**
 * Writes into blender.delta the wave layer at `timeSeconds`: the wave on its own clock from the
 * timeline's start (looped), as a difference from the reference pose.
 */
// #region additive-delta
function sampleAdditiveDelta(blender: Blender, settings: BlendSettings, timeSeconds: number): void {
  const { rig } = blender;
  const { rest } = rig.model.hierarchy;
  sampleClip(blender.wavePose, rig.wave, rest, timeSeconds, Playback.LOOP, blender.waveCursor);
  const reference = settings.reference === 'bind' ? rest : rig.waveStart;
  makeAdditivePose(blender.delta, blender.wavePose, reference);
}
// #endregion additive-delta

// ── Measures, read from a posed player's globals ────────────────────────────────────────────────

/** Metres: how far the left ankle is ahead of the right one (along +Z, the way the figure faces). */
export function feetApart(rig: BlendRig, globals: Float32Array): number {
  return globals[16 * rig.leftFoot + 14] - globals[16 * rig.rightFoot + 14];
}

/** Metres: the height of the right hand's joint (the wrist). */
export function rightHandHeight(rig: BlendRig, globals: Float32Array): number {
  return globals[16 * rig.rightHand + 13];
}

/** The bone that kept the least of its rest length, written by shortestBone. */
export interface ShortestBone {
  /** Hierarchy index of the bone's joint (−1 before the first measure). */
  joint: number;
  /** Its length now over its rest length (1: whole). */
  ratio: number;
}

/** Finds, in `globals`, the bone of the rig that kept the least of its rest length; writes it into `out` and returns it. */
export function shortestBone(out: ShortestBone, rig: BlendRig, globals: Float32Array): ShortestBone {
  out.joint = -1;
  out.ratio = Infinity;
  for (const bone of rig.bones) {
    const ratio = distanceBetween(globals, bone.joint, bone.child) / bone.restLength;
    if (ratio < out.ratio) {
      out.ratio = ratio;
      out.joint = bone.joint;
    }
  }
  return out;
}

// ── The feet over the timeline, for the plot ───────────────────────────────────────────────────

/** Samples per second of the plotted curves. */
export const PLOT_SAMPLES_PER_SECOND = 50;

/**
 * feetApart over the whole timeline, at PLOT_SAMPLES_PER_SECOND, posed as the figure poses it
 * with `settings` at the fade's weight (a held weight is left out) and with the clock `clock`.
 * Set-up work: allocates a player and a blender.
 */
export function feetApartOverTimeline(rig: BlendRig, settings: BlendSettings, clock: CrossfadeClock): Float32Array {
  const along: BlendSettings = { ...settings, clock, heldWeight: Number.NaN };
  const player = createPlayer(rig.model);
  const blender = createBlender(rig, along);
  const samples = Math.round(TIMELINE_SECONDS * PLOT_SAMPLES_PER_SECOND) + 1;
  const values = new Float32Array(samples);
  for (let i = 0; i < samples; i++) {
    poseBlend(player, blender, along, i / PLOT_SAMPLES_PER_SECOND);
    values[i] = feetApart(rig, player.globals);
  }
  return values;
}
