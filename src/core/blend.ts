// Blending clips (chapter: beyond): two poses mixed into one, a crossfade from one clip to another
// over a chosen time, an additive layer on top of a base clip, and a measure of the foot sliding
// a blend can cause.
//
// Blending works on the pose, never on matrices: per node, translations and scales are lerped and
// rotations slerped along the shorter arc, and only the blended T/R/S is turned into a local
// matrix (composeLocal, src/core/pose.ts). Blending the matrices element by element instead mixes
// two rotation matrices into one that is no longer a rotation: the bone shrinks
// (blendMatricesElementWise in src/core/pitfalls-beyond.ts shows it).
//
// A pose here is the sampler's (src/core/model.ts): structure of arrays, node i at
// translations[3i..3i+3), rotations[4i..4i+4) ([x, y, z, w], unit length), scales[3i..3i+3).
// Times are in seconds, weights in [0, 1] (0 = the first pose, 1 = the second).
//
// Errors: the functions that run every frame allocate nothing, but unlike sampleClip they do
// check what they are given, because a blend fed a weight of NaN or two poses of different
// skeletons would otherwise draw garbage without a word. They throw a RangeError naming the
// function and the value; set-up (createCrossfade) throws a SetupError.

import { Playback, createClipCursor, sampleClip, type ClipCursor } from './clip.ts';
import { localToGlobal } from './hierarchy.ts';
import { lerpVec3At, multiplyQuatAt, slerpQuatAt, transformPointAt } from './math.ts';
import { createMatrices, createPose, type Clip, type Hierarchy, type Pose } from './model.ts';
import { composeLocal } from './pose.ts';
import { SetupError } from './setup-error.ts';

/** Throws a RangeError unless `weight` is a number in [0, 1]; `functionName` heads the message. */
export function checkBlendWeight(functionName: string, weight: number): void {
  if (!(weight >= 0 && weight <= 1)) {
    throw new RangeError(`${functionName}: the weight must be a number in [0, 1], got ${weight}`);
  }
}

/**
 * The node count of `pose` (translations.length / 3), after checking that its three arrays hold
 * the same number of nodes; otherwise throws a RangeError naming `functionName` and `poseName`.
 */
export function poseNodeCount(functionName: string, poseName: string, pose: Pose): number {
  const count = pose.translations.length / 3;
  if (!Number.isInteger(count) || pose.rotations.length !== 4 * count || pose.scales.length !== 3 * count) {
    throw new RangeError(
      `${functionName}: ${poseName} is not a whole pose: ${pose.translations.length} translation, ` +
        `${pose.rotations.length} rotation and ${pose.scales.length} scale floats (3, 4 and 3 per node)`,
    );
  }
  return count;
}

/**
 * The node count shared by an output pose and two input poses, for the blending functions;
 * throws a RangeError naming the pose that differs. `names` label out, the first input and the
 * second (a constant array, so that a call allocates nothing).
 */
export function sharedNodeCount(functionName: string, names: readonly [string, string, string], out: Pose, first: Pose, second: Pose): number {
  const count = poseNodeCount(functionName, names[0], out);
  const firstCount = poseNodeCount(functionName, names[1], first);
  const secondCount = poseNodeCount(functionName, names[2], second);
  if (firstCount !== count || secondCount !== count) {
    const [name, other] = firstCount !== count ? [names[1], firstCount] : [names[2], secondCount];
    throw new RangeError(`${functionName}: ${name} has ${other} nodes, ${names[0]} has ${count}; they must be poses of one skeleton`);
  }
  return count;
}

/** The names sharedNodeCount gives the poses of each blending function. */
const BLEND_POSES: readonly [string, string, string] = ['out', 'poseA', 'poseB'];
const MAKE_ADDITIVE: readonly [string, string, string] = ['outDelta', 'pose', 'referencePose'];
const APPLY_ADDITIVE: readonly [string, string, string] = ['out', 'basePose', 'delta'];

// ── Blending two poses ──────────────────────────────────────────────────────────────────────────

/**
 * out = the blend of poseA and poseB at `weight` (0 → poseA, 1 → poseB, each copied bit for bit):
 * per node, lerp of the translations and scales, slerp of the rotations along the shorter arc.
 * `out` may be poseA or poseB. The three poses must hold the same number of nodes; a weight
 * outside [0, 1] or NaN, or poses of different sizes, throw a RangeError. Allocates nothing.
 * Returns out.
 */
// #region blend-poses
export function blendPoses(out: Pose, poseA: Pose, poseB: Pose, weight: number): Pose {
  checkBlendWeight('blendPoses', weight);
  const nodeCount = sharedNodeCount('blendPoses', BLEND_POSES, out, poseA, poseB);
  // The ends are the poses themselves: a finished crossfade is clip B exactly, not −q for q.
  if (weight === 0) return copyPoseInto(out, poseA);
  if (weight === 1) return copyPoseInto(out, poseB);
  for (let i = 0; i < nodeCount; i++) {
    lerpVec3At(out.translations, 3 * i, poseA.translations, 3 * i, poseB.translations, 3 * i, weight);
    // slerpQuatAt takes poseB's quaternion on poseA's side (−q when their dot product is < 0).
    slerpQuatAt(out.rotations, 4 * i, poseA.rotations, 4 * i, poseB.rotations, 4 * i, weight);
    lerpVec3At(out.scales, 3 * i, poseA.scales, 3 * i, poseB.scales, 3 * i, weight);
  }
  return out;
}
// #endregion blend-poses

/** Copies `source` into `out` (same sizes, already checked) unless they are one pose; returns out. */
function copyPoseInto(out: Pose, source: Pose): Pose {
  if (out.translations !== source.translations) out.translations.set(source.translations);
  if (out.rotations !== source.rotations) out.rotations.set(source.rotations);
  if (out.scales !== source.scales) out.scales.set(source.scales);
  return out;
}

// ── Crossfading from one clip to another ────────────────────────────────────────────────────────

/**
 * How the two clips of a crossfade keep time.
 * - SEPARATE: each clip on its own clock. Clip A goes on playing at the caller's time t; clip B
 *   starts from its first frame when the fade starts (it is sampled at t − fadeStart).
 * - SYNCHRONISED: one normalised time (the phase: 0 at a cycle's start, 1 at its end) drives both
 *   clips, so that matching moments of two cycles meet — left foot down with left foot down.
 */
export const CrossfadeClock = { SEPARATE: 0, SYNCHRONISED: 1 } as const;
export type CrossfadeClock = (typeof CrossfadeClock)[keyof typeof CrossfadeClock];

/** What createCrossfade needs; the clips and the rest pose are read, never written. */
export interface CrossfadeOptions {
  /** The clip fading out. */
  clipA: Clip;
  /** The clip fading in. */
  clipB: Clip;
  /** The rest pose both clips are sampled over (Hierarchy.rest): its size is the pose size. */
  rest: Pose;
  /** Seconds on the caller's clock at which clip B starts to fade in; any finite number. */
  fadeStartSeconds: number;
  /** Seconds the fade lasts: B's weight rises linearly from 0 to 1 over it; > 0. */
  fadeDurationSeconds: number;
  clock: CrossfadeClock;
  /** Past each clip's end: LOOP (the default, for cycles) or CLAMP. */
  playback?: Playback;
}

/**
 * A crossfade from clip A to clip B and the buffers it samples into, made once by
 * createCrossfade; sampleCrossfade reads its settings and writes its scratch and read-outs.
 */
export interface Crossfade {
  readonly clipA: Clip;
  readonly clipB: Clip;
  readonly rest: Pose;
  /** Seconds, caller's clock. */
  readonly fadeStartSeconds: number;
  /** Seconds, > 0. */
  readonly fadeDurationSeconds: number;
  readonly clock: CrossfadeClock;
  readonly playback: Playback;
  /** Scratch, owned by the crossfade: clip A's and clip B's sampled poses, and their cursors. */
  readonly poseA: Pose;
  readonly poseB: Pose;
  readonly cursorA: ClipCursor;
  readonly cursorB: ClipCursor;
  /** Read-outs of the last sampleCrossfade, for a figure to show: B's weight in [0, 1]… */
  weight: number;
  /** …the times (seconds, before looping or clamping) at which A and B were due to be sampled… */
  timeA: number;
  timeB: number;
  /** …and clip A's normalised time (timeA / A's duration), which SYNCHRONISED shares with B. */
  phase: number;
}

/**
 * Checks `options` and allocates a crossfade's scratch poses and cursors. Throws a SetupError
 * when the fade duration is not a positive finite number of seconds, the fade start is not
 * finite, the rest pose is not a whole pose, or the clock is SYNCHRONISED and a clip has no
 * positive duration (a phase needs one).
 */
export function createCrossfade(options: CrossfadeOptions): Crossfade {
  const { clipA, clipB, rest, fadeStartSeconds, fadeDurationSeconds, clock } = options;
  const playback = options.playback ?? Playback.LOOP;
  if (!(fadeDurationSeconds > 0 && fadeDurationSeconds < Infinity)) {
    throw new SetupError(`createCrossfade: the fade duration must be a positive number of seconds, got ${fadeDurationSeconds}`);
  }
  if (!Number.isFinite(fadeStartSeconds)) {
    throw new SetupError(`createCrossfade: the fade start must be a finite number of seconds, got ${fadeStartSeconds}`);
  }
  if (clock !== CrossfadeClock.SEPARATE && clock !== CrossfadeClock.SYNCHRONISED) {
    throw new SetupError(`createCrossfade: the clock must be CrossfadeClock.SEPARATE or SYNCHRONISED, got ${String(clock)}`);
  }
  if (clock === CrossfadeClock.SYNCHRONISED) {
    for (const clip of [clipA, clipB]) {
      if (!(clip.duration > 0 && clip.duration < Infinity)) {
        throw new SetupError(`createCrossfade: a synchronised crossfade needs clips that last; "${clip.name}" lasts ${clip.duration} s`);
      }
    }
  }
  let nodeCount: number;
  try {
    nodeCount = poseNodeCount('createCrossfade', 'rest', rest);
  } catch (error) {
    throw new SetupError((error as Error).message);
  }
  return {
    clipA,
    clipB,
    rest,
    fadeStartSeconds,
    fadeDurationSeconds,
    clock,
    playback,
    poseA: createPose(nodeCount),
    poseB: createPose(nodeCount),
    cursorA: createClipCursor(clipA.tracks.length),
    cursorB: createClipCursor(clipB.tracks.length),
    weight: 0,
    timeA: 0,
    timeB: 0,
    phase: 0,
  };
}

/**
 * Clip B's weight at `timeSeconds` during a fade that starts at `fadeStartSeconds` and lasts
 * `fadeDurationSeconds` (> 0): 0 before the start, rising linearly to 1 at the end, 1 after.
 */
// #region crossfade-weight
export function crossfadeWeight(timeSeconds: number, fadeStartSeconds: number, fadeDurationSeconds: number): number {
  const weight = (timeSeconds - fadeStartSeconds) / fadeDurationSeconds;
  return weight <= 0 ? 0 : weight >= 1 ? 1 : weight;
}
// #endregion crossfade-weight

/**
 * The shared phase (cycles, not wrapped) of a synchronised crossfade at `timeSeconds`, for clips
 * lasting `durationA` and `durationB` seconds (> 0), the fade starting at `fadeStartSeconds` and
 * lasting `fadeDurationSeconds` (> 0). Clip A is then sampled at phase × durationA and clip B at
 * phase × durationB.
 *
 * The blended playback rate: two cycles of different lengths cannot both play at their own speed
 * and stay in step, so during the fade the pair plays one cycle in the blended duration
 * D(w) = (1 − w)·durationA + w·durationB, w being B's weight — a walk blended half-way with a
 * faster walk steps at a speed half-way between the two, and each clip is stretched or squeezed
 * to that cadence. This is how game engines blend cycles of one kind (walk, jog, run): ozz's
 * blending sample adapts each clip's playback speed to its weight so that durations equalise
 * (ozz-animation, samples/blend/README.md), Unreal's sync groups scale every clip of a group to
 * one length. The phase therefore advances at dφ/dt = 1 / D(w(t)): 1 / durationA before the fade,
 * 1 / durationB after it, and in between, with w linear in t, the integral has a closed form,
 *   φ(t) = start / durationA + fade / (durationB − durationA) · ln(D(w(t)) / durationA),
 * which is (t − start) / durationA in the limit of equal durations. Being a function of time
 * rather than a sum of frame steps, it gives the same phase however the time was reached (a seek,
 * a paused figure, a frame dropped).
 */
// #region synchronised-phase
export function synchronisedPhase(
  timeSeconds: number,
  fadeStartSeconds: number,
  fadeDurationSeconds: number,
  durationA: number,
  durationB: number,
): number {
  const fadeEnd = fadeStartSeconds + fadeDurationSeconds;
  if (timeSeconds <= fadeStartSeconds) return timeSeconds / durationA;
  const fadedFor = Math.min(timeSeconds, fadeEnd) - fadeStartSeconds; // seconds into the fade
  const weight = fadedFor / fadeDurationSeconds;
  // B's relative change of duration; the phase gained in the fade is fade · ln(1 + stretch·w) / (durationB − durationA).
  const stretch = (durationB - durationA) / durationA;
  const phaseInFade =
    Math.abs(stretch * weight) < 1e-9
      ? fadedFor / durationA
      : (fadeDurationSeconds * Math.log1p(stretch * weight)) / (durationB - durationA);
  const phaseAfterFade = Math.max(0, timeSeconds - fadeEnd) / durationB;
  return fadeStartSeconds / durationA + phaseInFade + phaseAfterFade;
}
// #endregion synchronised-phase

/**
 * Samples the crossfade at `timeSeconds` (the caller's clock) into `out`: clip A and clip B are
 * each sampled with sampleClip into the crossfade's scratch poses, at the times its clock gives
 * (CrossfadeClock), and blended with blendPoses at B's weight. A clip whose weight is 0 is not
 * sampled. Also writes the crossfade's read-outs (weight, timeA, timeB, phase). `out` must hold
 * as many nodes as the rest pose. Allocates nothing; throws a RangeError for a non-finite time or
 * an `out` of another size. Returns out.
 */
// #region sample-crossfade
export function sampleCrossfade(out: Pose, crossfade: Crossfade, timeSeconds: number): Pose {
  if (!Number.isFinite(timeSeconds)) throw new RangeError(`sampleCrossfade: the time must be a finite number of seconds, got ${timeSeconds}`);
  const { clipA, clipB, rest, poseA, poseB, fadeStartSeconds, fadeDurationSeconds, playback } = crossfade;
  const weight = crossfadeWeight(timeSeconds, fadeStartSeconds, fadeDurationSeconds);
  if (crossfade.clock === CrossfadeClock.SYNCHRONISED) {
    // One phase for both: matching moments of the two cycles are blended together.
    crossfade.phase = synchronisedPhase(timeSeconds, fadeStartSeconds, fadeDurationSeconds, clipA.duration, clipB.duration);
    crossfade.timeA = crossfade.phase * clipA.duration;
    crossfade.timeB = crossfade.phase * clipB.duration;
  } else {
    // Each on its own clock: A goes on, B starts from its beginning when the fade starts.
    crossfade.timeA = timeSeconds;
    crossfade.timeB = timeSeconds - fadeStartSeconds;
    crossfade.phase = clipA.duration > 0 ? timeSeconds / clipA.duration : 0;
  }
  crossfade.weight = weight;
  if (weight < 1) sampleClip(poseA, clipA, rest, crossfade.timeA, playback, crossfade.cursorA);
  if (weight > 0) sampleClip(poseB, clipB, rest, crossfade.timeB, playback, crossfade.cursorB);
  return blendPoses(out, poseA, poseB, weight);
}
// #endregion sample-crossfade

// ── Additive layers ─────────────────────────────────────────────────────────────────────────────

/**
 * outDelta = what `pose` adds to `referencePose`, per node: translation t − t_ref, rotation
 * q_ref⁻¹ · q, scale s / s_ref (component-wise). applyAdditivePose(out, referencePose, outDelta, 1)
 * gives `pose` back.
 *
 * The rotation delta is taken on the right, q = q_ref · delta: it is the turn that follows the
 * reference rotation, expressed in the bone's own axes (the frame the reference rotation leaves
 * it in). Applied on another base as base · delta, it turns the bone by the same amount about the
 * same axes *of the bone*, wherever the base has put it: a forearm's wave about its elbow hinge
 * stays about that hinge while a walk swings the arm. The other convention, delta = q · q_ref⁻¹
 * applied as delta · base (ozz-animation's additive builder, Unreal's additive poses), turns the
 * bone about its parent's axes instead; the two agree when the base equals the reference or the
 * rotations share one axis.
 *
 * The three poses must hold the same number of nodes, and every reference scale must be non-zero;
 * otherwise a RangeError. `outDelta` may be `pose` or `referencePose`. Returns outDelta.
 */
// #region make-additive
export function makeAdditivePose(outDelta: Pose, pose: Pose, referencePose: Pose): Pose {
  const nodeCount = sharedNodeCount('makeAdditivePose', MAKE_ADDITIVE, outDelta, pose, referencePose);
  const reference = referencePose.rotations;
  for (let i = 0; i < nodeCount; i++) {
    for (let c = 3 * i; c < 3 * i + 3; c++) {
      const referenceScale = referencePose.scales[c];
      if (referenceScale === 0) throw new RangeError(`makeAdditivePose: referencePose scales node ${i} by 0, which no ratio can undo`);
      outDelta.translations[c] = pose.translations[c] - referencePose.translations[c];
      outDelta.scales[c] = pose.scales[c] / referenceScale;
    }
    // q_ref⁻¹ = conjugate / |q_ref|²: the conjugate alone for a unit quaternion.
    const lengthSquared = reference[4 * i] ** 2 + reference[4 * i + 1] ** 2 + reference[4 * i + 2] ** 2 + reference[4 * i + 3] ** 2;
    if (!(lengthSquared > 0)) throw new RangeError(`makeAdditivePose: referencePose's rotation of node ${i} is not a rotation (length ${Math.sqrt(lengthSquared)})`);
    inverseReference[0] = -reference[4 * i] / lengthSquared;
    inverseReference[1] = -reference[4 * i + 1] / lengthSquared;
    inverseReference[2] = -reference[4 * i + 2] / lengthSquared;
    inverseReference[3] = reference[4 * i + 3] / lengthSquared;
    multiplyQuatAt(outDelta.rotations, 4 * i, inverseReference, 0, pose.rotations, 4 * i);
  }
  return outDelta;
}
// #endregion make-additive

/** The inverse of one reference rotation (scratch for makeAdditivePose; never escapes). */
const inverseReference = new Float32Array(4);
/** The identity rotation [0, 0, 0, 1], the start of an additive rotation's slerp; never written. */
const IDENTITY_ROTATION = new Float32Array([0, 0, 0, 1]);
/** One node's delta rotation scaled by the weight (scratch for applyAdditivePose; never escapes). */
const scaledDelta = new Float32Array(4);

/**
 * out = basePose with `weight` of an additive delta (from makeAdditivePose) on top, per node:
 * translation t_base + w·Δt; rotation q_base · slerp(identity, Δq, w), the delta's turn scaled by
 * the weight along the shorter arc and applied on the right, as makeAdditivePose took it; scale
 * s_base · (1 + w·(ratio − 1)), the ratio lerped from 1 (as ozz's blending job does). Weight 0
 * copies the base; weight 1 applies the whole delta. The three poses must hold the same number of
 * nodes and the weight must be in [0, 1]; otherwise a RangeError. `out` may be basePose or delta.
 * Allocates nothing. Returns out.
 */
// #region apply-additive
export function applyAdditivePose(out: Pose, basePose: Pose, delta: Pose, weight: number): Pose {
  checkBlendWeight('applyAdditivePose', weight);
  const nodeCount = sharedNodeCount('applyAdditivePose', APPLY_ADDITIVE, out, basePose, delta);
  if (weight === 0) return copyPoseInto(out, basePose);
  for (let i = 0; i < nodeCount; i++) {
    for (let c = 3 * i; c < 3 * i + 3; c++) {
      out.translations[c] = basePose.translations[c] + weight * delta.translations[c];
      out.scales[c] = basePose.scales[c] * (1 + weight * (delta.scales[c] - 1));
    }
    if (weight === 1) {
      multiplyQuatAt(out.rotations, 4 * i, basePose.rotations, 4 * i, delta.rotations, 4 * i);
    } else {
      slerpQuatAt(scaledDelta, 0, IDENTITY_ROTATION, 0, delta.rotations, 4 * i, weight);
      multiplyQuatAt(out.rotations, 4 * i, basePose.rotations, 4 * i, scaledDelta, 0);
    }
  }
  return out;
}
// #endregion apply-additive

// ── Measuring foot sliding ──────────────────────────────────────────────────────────────────────

/**
 * Anything that poses a skeleton over time: writes the local pose at `timeSeconds` into `out` and
 * returns it — a clip (`(out, t) => sampleClip(out, clip, rest, t, Playback.LOOP, cursor)`), a
 * crossfade (`(out, t) => sampleCrossfade(out, fade, t)`), with or without root motion added.
 */
export type PoseStream = (out: Pose, timeSeconds: number) => Pose;

/**
 * A point of a foot that can touch the ground: a joint, by name, and a fixed offset in that
 * joint's own space (metres; [0, 0, 0], the joint itself, when left out) — the heel or the toe of
 * the sole, say, which stay put while the ankle above them rolls.
 */
export interface FootPoint {
  readonly joint: string;
  readonly offset?: readonly [number, number, number];
}

/** What traceFootSliding measured, one entry per sample, ready to plot against `times`. */
export interface FootSlidingTrace {
  /** The points followed, as given. */
  readonly points: readonly FootPoint[];
  /** Seconds: start, start + step, …, end. */
  readonly times: Float32Array;
  /** Per sample: the index into `points` of the lowest point (smallest world Y). */
  readonly lowest: Uint8Array;
  /** Per sample: metres, the world Y of the lowest point. */
  readonly heights: Float32Array;
  /** Per sample: m/s, the lowest point's horizontal velocity (x, z), 2 floats per sample. */
  readonly velocities: Float32Array;
  /** Per sample: m/s, the length of that velocity. */
  readonly speeds: Float32Array;
  /** Seconds between samples. */
  readonly step: number;
}

/**
 * Follows points of the feet of a posed skeleton and reports, at `sampleCount` evenly spaced
 * times from `startSeconds` to `endSeconds`, which point is lowest and how fast it moves
 * horizontally: the foot sliding a figure can plot.
 *
 * World positions come from the pipeline's own stages: composeLocal, then localToGlobal down
 * `hierarchy`; a point's position is its joint's global matrix applied to its offset, in the
 * hierarchy's root space, Y up (glTF's convention), so "horizontal" is the XZ plane. The lowest
 * point is the one with the smallest Y: the one that should be planted. Its velocity is the
 * backward difference of its own position between the previous sample and this one (the first
 * sample looks one step before the start), so a change of lowest point is not counted as a move.
 * A single joint per foot (points ['foot.L', 'foot.R'] as { joint } objects) is the simplest
 * choice; a heel and a toe per foot follow a foot that rolls onto its toes.
 *
 * A foot standing on the ground has speed 0 in world space. An in-place clip (the mannequin's
 * walk) moves its planted foot backwards at the walking speed instead: add the distance walked
 * to the root's translation in the stream, and the speed left is the sliding.
 *
 * Throws a RangeError for a joint name the hierarchy lacks (the first node of a name is used),
 * fewer than 1 or more than 255 points, a sample count below 2, non-finite times or an end not
 * after the start. Allocates its trace and scratch once per call: for a figure's plot or a test,
 * not for every frame.
 */
// #region trace-foot-sliding
export function traceFootSliding(
  stream: PoseStream,
  hierarchy: Hierarchy,
  points: readonly FootPoint[],
  startSeconds: number,
  endSeconds: number,
  sampleCount: number,
): FootSlidingTrace {
  if (points.length < 1 || points.length > 255) throw new RangeError(`traceFootSliding: give 1 to 255 foot points, got ${points.length}`);
  const joints = points.map(({ joint }) => {
    const node = hierarchy.names.indexOf(joint);
    if (node < 0) throw new RangeError(`traceFootSliding: the hierarchy has no node named "${joint}"`);
    return node;
  });
  const offsets = new Float32Array(3 * points.length);
  points.forEach(({ offset }, p) => offsets.set(offset ?? [0, 0, 0], 3 * p));
  if (!(Number.isInteger(sampleCount) && sampleCount >= 2)) throw new RangeError(`traceFootSliding: the sample count must be an integer ≥ 2, got ${sampleCount}`);
  if (!(Number.isFinite(startSeconds) && Number.isFinite(endSeconds) && endSeconds > startSeconds)) {
    throw new RangeError(`traceFootSliding: the times must be finite with the end after the start, got ${startSeconds} to ${endSeconds} s`);
  }
  const step = (endSeconds - startSeconds) / (sampleCount - 1);
  const trace: FootSlidingTrace = {
    points: [...points],
    times: new Float32Array(sampleCount),
    lowest: new Uint8Array(sampleCount),
    heights: new Float32Array(sampleCount),
    velocities: new Float32Array(2 * sampleCount),
    speeds: new Float32Array(sampleCount),
    step,
  };
  const pose = createPose(hierarchy.count);
  const globals = createMatrices(hierarchy.count);
  // World (x, y, z) of every point at the previous sample and at this one.
  let previous = new Float32Array(3 * points.length);
  let current = new Float32Array(3 * points.length);
  const placePoints = (into: Float32Array, timeSeconds: number) => {
    stream(pose, timeSeconds);
    localToGlobal(globals, hierarchy.parents, composeLocal(globals, pose));
    for (let p = 0; p < points.length; p++) transformPointAt(into, 3 * p, globals, 16 * joints[p], offsets, 3 * p);
  };
  placePoints(previous, startSeconds - step);
  for (let s = 0; s < sampleCount; s++) {
    placePoints(current, startSeconds + s * step);
    let lowest = 0;
    for (let p = 1; p < points.length; p++) if (current[3 * p + 1] < current[3 * lowest + 1]) lowest = p;
    const vx = (current[3 * lowest] - previous[3 * lowest]) / step;
    const vz = (current[3 * lowest + 2] - previous[3 * lowest + 2]) / step;
    trace.times[s] = startSeconds + s * step;
    trace.lowest[s] = lowest;
    trace.heights[s] = current[3 * lowest + 1];
    trace.velocities[2 * s] = vx;
    trace.velocities[2 * s + 1] = vz;
    trace.speeds[s] = Math.hypot(vx, vz);
    [previous, current] = [current, previous];
  }
  return trace;
}
// #endregion trace-foot-sliding

/**
 * Metres: how far the lowest foot point moved horizontally over the trace, Σ speed × step — the
 * total slide, one number to compare two blends by (0 for feet that stay planted).
 */
export function footSlideDistance(trace: FootSlidingTrace): number {
  let distance = 0;
  for (let s = 0; s < trace.speeds.length; s++) distance += trace.speeds[s] * trace.step;
  return distance;
}
