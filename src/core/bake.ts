// The baked alternative to sampling (chapter: interpolation): run the whole frame once per frame
// of the clip, offline, and keep every frame's matrix palette. Playing it back is a table look-up
// — no keys to search, nothing to interpolate, nothing to compose — at the cost of memory, of
// blending (one palette per frame is already final), and of accuracy between the baked frames.

import { Playback, wrapClipTime } from './clip.ts';
import { animateFrame, type Player } from './frame.ts';
import type { Clip } from './model.ts';

/** A clip baked into one matrix palette (the first skin's) per frame. */
export interface BakedClip {
  framesPerSecond: number;
  /** Frames stored: frame f holds the palette at f / framesPerSecond seconds. */
  frameCount: number;
  /** Joints per palette (the first skin's). */
  jointCount: number;
  /** frameCount palettes of 16 · jointCount floats each, column-major 4×4 per joint, frame after frame. */
  palettes: Float32Array;
}

/**
 * Set-up, allocates: bakes looping `clip` at `framesPerSecond`, posing `player` (its pose and
 * matrices are overwritten) at each frame time from 0 up to, not including, the duration — the
 * last key of a loop repeats the first, so that frame would be stored twice.
 */
// #region bake
export function bakeClip(player: Player, clip: Clip, framesPerSecond: number): BakedClip {
  const frameCount = Math.max(1, Math.round(clip.duration * framesPerSecond));
  const jointCount = Math.floor(player.palettes[0].length / 16);
  const palettes = new Float32Array(frameCount * 16 * jointCount);
  for (let frame = 0; frame < frameCount; frame++) {
    // Everything a frame does — sample, compose, chain, multiply by the inverse binds — once, offline.
    animateFrame(player, clip, frame / framesPerSecond, Playback.LOOP);
    palettes.set(player.palettes[0].subarray(0, 16 * jointCount), frame * 16 * jointCount);
  }
  return { framesPerSecond, frameCount, jointCount, palettes };
}
// #endregion bake

/**
 * Where in baked.palettes the palette to draw at `timeSeconds` starts (looped): the frame baked
 * last at or before that time, as it is — no interpolation. Never throws.
 */
// #region baked-frame
export function bakedFrameOffset(baked: BakedClip, timeSeconds: number): number {
  const duration = baked.frameCount / baked.framesPerSecond;
  const frame = Math.floor(wrapClipTime(timeSeconds, duration, Playback.LOOP) * baked.framesPerSecond);
  return 16 * baked.jointCount * Math.min(Math.max(frame, 0), baked.frameCount - 1);
}
// #endregion baked-frame
