// Big models in the lab: past the sizes in lab-big-model.ts, the lab poses each frame with the
// WebAssembly SIMD kernel (createSimdPlayer) instead of animateFrame, and skins on the CPU (the
// framing bounds at set-up) with createSimdSkinner instead of skinVertices: the fast path of
// src/core/fast/, which the tests hold equal to the teaching path. This module is imported only
// when such a model is opened, so small models never download the kernels.
//
// The SIMD player owns its matrices; after each evaluate they are copied into the island's Player
// (globals, palettes, and the local pose and matrices), so everything else in the island — the
// renderer, the joint picker, the vertex inspector — reads one place whichever path posed it.

import { Playback } from '../../core/clip.ts';
import { createSimdPlayer } from '../../core/fast/pose-simd.ts';
import { createSimdSkinner } from '../../core/fast/skin-simd.ts';
import type { Player } from '../../core/frame.ts';
import type { Model } from '../../core/model.ts';
import { composeLocal } from '../../core/pose.ts';
import { skinVertices } from '../../core/skin.ts';
import type { SkinPositions } from '../shared/pose-bounds.ts';

/** The fast path made for one model. */
export interface FastPath {
  readonly model: Model;
  /** Milliseconds spent making the SIMD player and the skinners (set-up, once per model). */
  readonly setupMilliseconds: number;
  /**
   * Poses the model with clip `clipIndex` at `timeSeconds` (looped), or its rest pose for −1, and
   * copies the result into `player` (a Player of the same model). Allocates nothing.
   */
  pose(player: Player, clipIndex: number, timeSeconds: number): void;
  /** Skinned positions for boundsOfPoses: the SIMD skinner, or skinVertices where the engine made none. */
  readonly skinPositions: SkinPositions;
}

/**
 * Makes the SIMD player and a skinner per primitive for `model`, or returns null when this engine
 * cannot run the kernels (no WebAssembly SIMD) or the model is beyond the kernel's memory budget:
 * the lab then poses it in JavaScript.
 */
export function createFastPath(model: Model): FastPath | null {
  const start = performance.now();
  const simd = createSimdPlayer(model);
  if (simd === null) return null;
  // Per mesh, per primitive (null where the engine made none).
  const skinners = model.meshes.map((mesh) => {
    const jointCount = model.skins[mesh.skin]?.joints.length ?? 0;
    return mesh.primitives.map((primitive) => createSimdSkinner(primitive, jointCount));
  });
  return {
    model,
    setupMilliseconds: performance.now() - start,
    pose: (player, clipIndex, timeSeconds) => {
      simd.evaluate(clipIndex, timeSeconds, Playback.LOOP);
      player.globals.set(simd.globals);
      for (let s = 0; s < player.palettes.length; s++) player.palettes[s].set(simd.palettes[s]);
      composeLocal(player.locals, simd.readPose(player.pose));
    },
    skinPositions: (mesh, primitive, palette) => {
      const skinner = skinners[mesh]?.[primitive] ?? null;
      if (skinner !== null) return skinner.skin(palette);
      const source = model.meshes[mesh].primitives[primitive];
      const positions = new Float32Array(3 * source.vertexCount);
      skinVertices(positions, null, source, palette);
      return positions;
    },
  };
}
