// A player bundles the caller-owned buffers of one model instance and runs the runtime stages
// in order: sample → compose → local-to-global → palettes. Made once per model instance; each
// evaluate() and updateMatrices() allocates nothing and never throws.
//
// Compose and local-to-global run as one pass (composeGlobals), which gives the matrices of
// composeLocal followed by localToGlobal in less time; the chapters show the two separately.

import { Playback, createClipCursor, sampleClipAtCursorTime, type ClipCursor } from './clip.ts';
import { composeGlobals } from './hierarchy.ts';
import { copyFloats } from './math.ts';
import { createMatrices, createPose, type Model, type Pose } from './model.ts';
import { buildPalette } from './palette.ts';

/** The per-instance state of a model being animated; every buffer is owned by the player. */
export interface Player {
  /** The model played; read only. */
  readonly model: Model;
  /**
   * Local T/R/S of every hierarchy node after the last evaluate(). A caller may also write a pose
   * here itself and then call updateMatrices().
   */
  readonly pose: Pose;
  /** Local matrices, 16 floats per hierarchy node, after the last evaluate() or updateMatrices(). */
  readonly locals: Float32Array;
  /** Global (model-space) matrices, 16 floats per hierarchy node, after the last evaluate() or updateMatrices(). */
  readonly globals: Float32Array;
  /** One palette per model skin (same order as model.skins), 16 floats per joint of that skin. */
  readonly palettes: Float32Array[];
  /** One sampling cursor per model clip (same order as model.clips). */
  readonly cursors: ClipCursor[];
  /**
   * Column-major 4×4 applied in front of every palette matrix (the "global inverse transform"),
   * or null for the identity. Read at each evaluate() and updateMatrices(); the caller owns the array.
   */
  globalInverse: Float32Array | null;
  /** The clip played by the last evaluate(), or −1 for the rest pose. */
  clipIndex: number;
  /** Seconds: the time passed to the last evaluate(), as given. */
  time: number;
  /** Seconds: the clip time the last evaluate() sampled, after looping or clamping (0 for the rest pose). */
  clipTime: number;
  /**
   * Poses the model: clip `clipIndex` at `timeSeconds` (looped or clamped per `playback`), or its
   * rest pose for −1 or any index that names no clip; fills pose, locals, globals and palettes.
   */
  evaluate(clipIndex: number, timeSeconds: number, playback: Playback): void;
  /**
   * Recomputes locals, globals and palettes from the current pose, without sampling anything:
   * for a pose set by hand (sliders, a procedural pose). Leaves clipIndex, time and clipTime alone.
   */
  updateMatrices(): void;
}

/** Allocates every buffer needed to animate `model` and returns a player showing its rest pose. */
export function createPlayer(model: Model): Player {
  const hierarchy = model.hierarchy;
  const player: Player = {
    model,
    pose: createPose(hierarchy.count),
    locals: createMatrices(hierarchy.count),
    globals: createMatrices(hierarchy.count),
    palettes: model.skins.map((skin) => createMatrices(skin.joints.length)),
    cursors: model.clips.map((clip) => createClipCursor(clip)),
    globalInverse: null,
    clipIndex: -1,
    time: 0,
    clipTime: 0,
    evaluate(clipIndex: number, timeSeconds: number, playback: Playback): void {
      evaluatePlayer(player, clipIndex, timeSeconds, playback);
    },
    updateMatrices(): void {
      updatePlayerMatrices(player);
    },
  };
  player.evaluate(-1, 0, Playback.LOOP);
  return player;
}

/**
 * The work of Player.evaluate, as a free function over the player's buffers. It only records the
 * time in player.time and calls evaluateAtPlayerTime: small enough for the optimiser to inline into
 * the caller, so a computed time is written into the field instead of being boxed (see clip.ts).
 */
export function evaluatePlayer(player: Player, clipIndex: number, timeSeconds: number, playback: Playback): void {
  player.time = timeSeconds;
  evaluateAtPlayerTime(player, clipIndex, playback);
}

/**
 * The work of Player.updateMatrices, as a free function: compose → local-to-global → palettes from
 * player.pose, honouring player.globalInverse.
 */
export function updatePlayerMatrices(player: Player): void {
  const model = player.model;
  composeGlobals(player.locals, player.globals, model.hierarchy.parents, player.pose);
  const skins = model.skins;
  const palettes = player.palettes;
  for (let s = 0; s < skins.length; s++) buildPalette(palettes[s], skins[s], player.globals, player.globalInverse);
}

/** Samples clip `clipIndex` (or copies the rest pose) at player.time, then updates the matrices. */
function evaluateAtPlayerTime(player: Player, clipIndex: number, playback: Playback): void {
  const model = player.model;
  const hierarchy = model.hierarchy;
  const clips = model.clips;
  if (Number.isInteger(clipIndex) && clipIndex >= 0 && clipIndex < clips.length) {
    const cursor = player.cursors[clipIndex];
    cursor.time = player.time;
    sampleClipAtCursorTime(player.pose, clips[clipIndex], hierarchy.rest, playback, cursor);
    player.clipIndex = clipIndex;
    player.clipTime = cursor.time;
  } else {
    const pose = player.pose;
    const rest = hierarchy.rest;
    copyFloats(pose.translations, rest.translations);
    copyFloats(pose.rotations, rest.rotations);
    copyFloats(pose.scales, rest.scales);
    player.clipIndex = -1;
    player.clipTime = 0;
  }
  updatePlayerMatrices(player);
}
