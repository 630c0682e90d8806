// One frame, whole: the runtime stages in the order the chapters teach them, over the buffers of
// one model instance. Every figure on the site poses its model with animateFrame; the functions it
// calls are the ones the chapters print.
//
//   sampleClip     keys → pose (T, R, S per node)       src/core/clip.ts       chapter 7
//   composeLocal   pose → local matrices                src/core/pose.ts       chapter 1
//   localToGlobal  locals → globals, parents first      src/core/hierarchy.ts  chapters 1, 5
//   buildPalette   globals → skinning matrices          src/core/palette.ts    chapters 4, 6
//
// Skinning itself follows, on the GPU (shaders/skin.vert) or the CPU (skinVertices, skin.ts), from
// the palettes. The same stages for crowds and big models, fast: src/core/fast/.

import { Playback, createClipCursor, sampleClip, type ClipCursor } from './clip.ts';
import { localToGlobal } from './hierarchy.ts';
import { createMatrices, createPose, copyPose, type Clip, type Model, type Pose } from './model.ts';
import { buildPalette } from './palette.ts';
import { composeLocal } from './pose.ts';

/** The buffers of one model instance being animated, all made once by createPlayer. */
export interface Player {
  /** The model played; read only. */
  readonly model: Model;
  /**
   * Local T/R/S of every hierarchy node: written by sampleClip when animateFrame is given a clip;
   * otherwise whatever the caller wrote (the rest pose, slider angles).
   */
  readonly pose: Pose;
  /** Local matrices, 16 floats per hierarchy node, after the last animateFrame. */
  readonly locals: Float32Array;
  /** Global (model-space) matrices, 16 floats per hierarchy node, after the last animateFrame. */
  readonly globals: Float32Array;
  /** One palette per model skin (same order as model.skins), 16 floats per joint of that skin. */
  readonly palettes: Float32Array[];
  /** The sampling cursor, sized for the model's largest clip (any clip may use it). */
  readonly cursor: ClipCursor;
  /**
   * Column-major 4×4 applied in front of every palette matrix (the "global inverse transform"),
   * or null for the identity. Read at each animateFrame; the caller owns the array.
   */
  globalInverse: Float32Array | null;
}

/** Allocates every buffer needed to animate `model`; the player starts in the rest pose. */
export function createPlayer(model: Model): Player {
  const count = model.hierarchy.count;
  const player: Player = {
    model,
    pose: copyPose(createPose(count), model.hierarchy.rest),
    locals: createMatrices(count),
    globals: createMatrices(count),
    palettes: model.skins.map((skin) => createMatrices(skin.joints.length)),
    cursor: createClipCursor(model.clips.reduce((most, clip) => Math.max(most, clip.tracks.length), 0)),
    globalInverse: null,
  };
  animateFrame(player, null);
  return player;
}

/**
 * Poses `player` for one frame: samples `clip` at `timeSeconds` (looped or clamped per
 * `playback`) into player.pose — or, for a null clip, keeps the pose the caller wrote there — then
 * fills player.locals, player.globals and player.palettes from it. Allocates nothing; never throws.
 */
// #region animate-frame
export function animateFrame(
  player: Player,
  clip: Clip | null,
  timeSeconds = 0,
  playback: Playback = Playback.LOOP,
): void {
  const { model, pose, locals, globals, palettes } = player;
  // 1. The clip's keys at this time, over the rest pose (no clip: the pose as the caller set it).
  if (clip !== null) sampleClip(pose, clip, model.hierarchy.rest, timeSeconds, playback, player.cursor);
  // 2. Each node's translation, rotation and scale → its local matrix, T × R × S.
  composeLocal(locals, pose);
  // 3. Locals → globals, each parent before its children.
  localToGlobal(globals, model.hierarchy.parents, locals);
  // 4. Globals → one skinning matrix per joint, for every skin.
  for (let s = 0; s < model.skins.length; s++) {
    buildPalette(palettes[s], model.skins[s], globals, player.globalInverse);
  }
}
// #endregion animate-frame

/** Poses `player` in its model's rest pose (the pose the hierarchy's nodes hold without a clip). */
export function showRestPose(player: Player): void {
  copyPose(player.pose, player.model.hierarchy.rest);
  animateFrame(player, null);
}
