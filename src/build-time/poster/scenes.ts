// Poster scenes for the two kinds of island most figures are: a SkinView playing a clip (or
// showing the rest pose), and a BendView whose slider turns some joints. Each function repeats
// what the island does on its first frame, with the same core calls; a figure's <name>-poster.ts
// fills in its own file, clip, angles and toggles.

import { Playback } from '../../core/clip.ts';
import { animateFrame, showRestPose, type Player } from '../../core/frame.ts';
import { multiplyQuatAt } from '../../core/math.ts';
import { copyPose, type Model, type Pose } from '../../core/model.ts';
import { boundsOfPoses, clipFramingPoses } from '../../figures/shared/pose-bounds.ts';
import { readProjectModel } from '../project-models.ts';
import type { PosterScene } from './render-scene.ts';

/** What every poster scene states about its island's start. */
export interface SceneStart {
  /** SkinViewOptions of the island. */
  yaw: number;
  pitch: number;
  ground: boolean;
  skeleton: boolean;
  weights: boolean;
  /** Index into the first skin's joints (the joint menu starts on 0); −1 when the figure has no menu. */
  selectedJoint: number;
}

/** public/models/`file` as the core reads it, read once per build process. */
const models = new Map<string, Model>();
export function projectModel(file: string): Model {
  let model = models.get(file);
  if (model === undefined) {
    model = readProjectModel(file);
    models.set(file, model);
  }
  return model;
}

/** The index of clip `clipName` in `model` ("" for its first), or −1 for none; throws for a name it lacks. */
export function clipIndexOf(model: Model, clipName: string | null, file = 'the model'): number {
  if (clipName === null) return -1;
  if (clipName === '') return model.clips.length > 0 ? 0 : -1;
  const index = model.clips.findIndex((clip) => clip.name === clipName);
  if (index < 0) throw new Error(`poster: ${file} has no clip named "${clipName}"`);
  return index;
}

/** SkinView.measureBounds: clipFramingPoses of clip `clipIndex` (the rest pose alone without it). */
export function clipFramedPoses(player: Player, clipIndex: number): (() => void)[] {
  const clip = player.model.clips[clipIndex];
  return clipFramingPoses(clip?.duration ?? 0, clip === undefined, (bindPose, seconds) =>
    bindPose ? showRestPose(player) : animateFrame(player, clip!, seconds, Playback.LOOP),
  );
}

/**
 * A SkinView on `model` at `timeSeconds` into clip `clipIndex` (its first frame: 0), or in the rest
 * pose when `bindPose` is set or there is no clip (SkinView.updatePose).
 */
export function clipScene(start: SceneStart, model: Model, clipIndex: number, options: { timeSeconds?: number; bindPose?: boolean } = {}): PosterScene {
  const { timeSeconds = 0, bindPose = false } = options;
  return {
    ...start,
    model,
    pose: (player) => {
      const clip = model.clips[clipIndex];
      if (bindPose || clip === undefined) showRestPose(player);
      else animateFrame(player, clip, timeSeconds, Playback.LOOP);
    },
    framing: (player) => boundsOfPoses(model, player, clipFramedPoses(player, clipIndex)),
  };
}

/** BendView's slider: its range and starting value, degrees. */
export interface BendSlider {
  min: number;
  max: number;
  value: number;
}

/**
 * A BendView: the rest pose with each joint named in `bentJoints` turned about its own z axis by
 * the slider's angle (q = q_rest · q_z), then `adjustPose`; framed over the slider's range in
 * thirteen steps and straight (BendView.measureBounds).
 */
export function bendScene(start: SceneStart, model: Model, bentJoints: readonly string[], slider: BendSlider, adjustPose: (pose: Pose) => void = () => {}): PosterScene {
  const nodes = bentJoints.map((name) => model.hierarchy.names.indexOf(name));
  const turn = new Float32Array([0, 0, 0, 1]);
  const poseAt = (player: Player, degrees: number): void => {
    copyPose(player.pose, model.hierarchy.rest);
    const angle = (degrees * Math.PI) / 180;
    turn[2] = Math.sin(angle / 2);
    turn[3] = Math.cos(angle / 2);
    const rotations = player.pose.rotations;
    for (const node of nodes) if (node >= 0) multiplyQuatAt(rotations, 4 * node, rotations, 4 * node, turn, 0);
    adjustPose(player.pose);
    animateFrame(player, null);
  };
  return {
    ...start,
    model,
    pose: (player) => poseAt(player, slider.value),
    framing: (player) => {
      const degrees = [0, ...Array.from({ length: 13 }, (_, i) => slider.min + ((slider.max - slider.min) * i) / 12)];
      return boundsOfPoses(model, player, degrees.map((d) => () => poseAt(player, d)));
    },
  };
}
