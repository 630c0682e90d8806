// A player bundles the caller-owned buffers of one model instance and runs the runtime stages
// in order: sample → compose → local-to-global → palettes. Made once per model instance; each
// evaluate() allocates nothing and never throws.

import { Playback, createClipCursor, sampleClipAtCursorTime, type ClipCursor } from './clip.ts';
import { localToGlobal } from './hierarchy.ts';
import { copyFloats } from './math.ts';
import { createMatrices, createPose, type Model, type Pose } from './model.ts';
import { buildPalette } from './palette.ts';
import { composeLocal } from './pose.ts';

/** The per-instance state of a model being animated; every buffer is owned by the player. */
export interface Player {
  /** The model played; read only. */
  readonly model: Model;
  /** Local T/R/S of every hierarchy node after the last evaluate(). */
  readonly pose: Pose;
  /** Local matrices, 16 floats per hierarchy node, after the last evaluate(). */
  readonly locals: Float32Array;
  /** Global (model-space) matrices, 16 floats per hierarchy node, after the last evaluate(). */
  readonly globals: Float32Array;
  /** One palette per model skin (same order as model.skins), 16 floats per joint of that skin. */
  readonly palettes: Float32Array[];
  /** One sampling cursor per model clip (same order as model.clips). */
  readonly cursors: ClipCursor[];
  /**
   * Column-major 4×4 applied in front of every palette matrix (the "global inverse transform"),
   * or null for the identity. Read at each evaluate(); the caller owns the array.
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

/** Runs the stages for clip `clipIndex` (or the rest pose) at player.time. */
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
  composeLocal(player.locals, player.pose);
  localToGlobal(player.globals, hierarchy.parents, player.locals);
  const skins = model.skins;
  const palettes = player.palettes;
  for (let s = 0; s < skins.length; s++) buildPalette(palettes[s], skins[s], player.globals, player.globalInverse);
}
