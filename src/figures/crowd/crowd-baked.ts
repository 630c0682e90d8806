// The crowd played from baked palettes (chapter 12), loaded the first time the reader chooses
// it: the walk baked once (bakeClip: every frame's palette at BAKED_RATE), sent to the GPU once in a
// palette atlas, and per frame only each instance's frame index. Set-up: the constructor and
// createAtlas(); per frame, frameBases and paletteOf allocate nothing.

import { bakeClip, bakedFrameOffset, type BakedClip } from '../../core/bake.ts';
import type { Player } from '../../core/frame.ts';
import type { Clip } from '../../core/model.ts';
import { createPaletteAtlas, paletteAtlasFloats, uploadPaletteAtlas, type PaletteAtlas } from '../../gl/crowd-buffers.ts';
import { BAKED_RATE } from './crowd-layout.ts';

export class BakedCrowd {
  readonly baked: BakedClip;
  /** Baked frame f's palette, a view of baked.palettes. */
  private readonly views: Float32Array[];

  /** Bakes `clip` with `player` (its pose and matrices are overwritten). Set-up work. */
  constructor(player: Player, clip: Clip) {
    // Everything a frame of the clip would do, done now for every frame at BAKED_RATE.
    const baked = bakeClip(player, clip, BAKED_RATE);
    const stride = 16 * baked.jointCount;
    this.baked = baked;
    this.views = Array.from({ length: baked.frameCount }, (_, frame) => baked.palettes.subarray(frame * stride, (frame + 1) * stride));
  }

  /** A new atlas on `gl` holding every baked palette, or why this GPU cannot hold it. Set-up work, once per context. */
  createAtlas(gl: WebGL2RenderingContext): PaletteAtlas | string {
    const { frameCount, jointCount, palettes } = this.baked;
    const atlas = createPaletteAtlas(gl, frameCount * jointCount);
    if (typeof atlas === 'string') return atlas;
    const padded = new Float32Array(paletteAtlasFloats(frameCount * jointCount));
    padded.set(palettes);
    uploadPaletteAtlas(gl, atlas, padded, frameCount * jointCount);
    return atlas;
  }

  /** The pose stage of a baked crowd: per instance, the first matrix of its frame at `time` + its offset (seconds). */
  frameBases(out: Uint32Array, time: number, offsets: Float32Array, count: number): void {
    // #region pose-baked
    // Baked: no pose to compute, only which frame each instance shows.
    const baked = this.baked;
    for (let i = 0; i < count; i++) out[i] = bakedFrameOffset(baked, time + offsets[i]) / 16;
    // #endregion pose-baked
  }

  /** The palette of the frame whose first matrix is `base` (from frameBases), read only. */
  paletteOf(base: number): Float32Array {
    return this.views[base / this.baked.jointCount];
  }
}
