// The worked numbers of chapter 12, computed at build time by the code the crowd figure runs: what
// one mannequin costs in bytes on each path (a palette, skinned positions, a palette base), what
// a crowd of 1,000 sends to the GPU each frame, the walk baked into a palette texture at several
// rates against the error that costs — measured with the core against sampling, at any moment of
// the loop — and the size of the fast path's WebAssembly kernels. Machine-dependent timings are
// not here: the figure measures them on the reader's machine.
import { readProjectModel } from '../../build-time/project-models.ts';
import { bakeClip, bakedFrameOffset } from '../../core/bake.ts';
import { Playback } from '../../core/clip.ts';
import { createSimdPlayer, simdPoseModuleSize } from '../../core/fast/pose-simd.ts';
import { createSimdSkinner, simdSkinnerModuleSize } from '../../core/fast/skin-simd.ts';
import { animateFrame, createPlayer } from '../../core/frame.ts';
import type { Model } from '../../core/model.ts';
import { skinVertices } from '../../core/skin.ts';
import { MATRICES_PER_ROW, paletteAtlasRows } from '../../gl/crowd-buffers.ts';
import { BAKED_RATE, firstSkinPrimitives } from './crowd-layout.ts';

/** The largest crowd the figure shows, and the one the per-frame bytes are given for. */
export const LARGEST_CROWD = 1000;
/** Bake rates compared, frames per second (the figure plays the bake at BAKED_RATE). */
export const BAKE_RATES = [15, 30, 60] as const;
/** Moments measured per baked frame, evenly spread up to just before the next frame. */
export const MOMENTS_PER_FRAME = 16;
/** Moments of the walk at which the fast path is compared with the teaching path. */
const COMPARED_MOMENTS = 48;

export interface BakedRate {
  framesPerSecond: number;
  frames: number;
  /** Bytes of the palettes: frames × joints × 64. */
  bytes: number;
  /** Rows of the palette texture that holds them (MATRICES_PER_ROW matrices a row). */
  textureRows: number;
  /** Largest distance between a vertex played baked and sampled at the same moment, metres. */
  largestError: number;
}

export interface CrowdExample {
  model: { vertexCount: number; triangleCount: number; jointCount: number; nodeCount: number; clipDuration: number; clipName: string };
  /** Bytes one instance sends to the GPU per frame on each path. */
  perInstance: { palette: number; positions: number; paletteBase: number };
  /** The same for LARGEST_CROWD instances; `atlasRows` rows of palette texture hold their palettes. */
  crowd: { count: number; palettes: number; positions: number; paletteBases: number; atlasRows: number };
  baked: BakedRate[];
  /** Bytes of the fast path's WebAssembly modules. */
  kernels: { pose: number; skin: number };
  /**
   * The fast path against the teaching path over COMPARED_MOMENTS moments of the walk: the largest
   * difference between a palette entry of createSimdPlayer and of animateFrame, and between a
   * position skinned by createSimdSkinner and by skinVertices from the same palette (metres).
   */
  agreement: { moments: number; palette: number; position: number };
}

/**
 * The largest distance between the walk played from `framesPerSecond` baked palettes
 * (bakedFrameOffset: the frame at or before the moment) and sampled at the same moment, over
 * MOMENTS_PER_FRAME moments per baked frame, the last just before the next frame.
 */
function largestBakedError(model: Model, clipIndex: number, framesPerSecond: number): { frames: number; bytes: number; largestError: number } {
  const clip = model.clips[clipIndex];
  const player = createPlayer(model);
  const baked = bakeClip(player, clip, framesPerSecond);
  const primitives = firstSkinPrimitives(model);
  let largestError = 0;
  for (const primitive of primitives) {
    const sampled = new Float32Array(3 * primitive.vertexCount);
    const played = new Float32Array(3 * primitive.vertexCount);
    for (let frame = 0; frame < baked.frameCount; frame++) {
      for (let moment = 1; moment <= MOMENTS_PER_FRAME; moment++) {
        const time = (frame + Math.min(moment / MOMENTS_PER_FRAME, 1 - 1e-4)) / framesPerSecond;
        animateFrame(player, clip, time, Playback.LOOP);
        skinVertices(sampled, null, primitive, player.palettes[0]);
        const offset = bakedFrameOffset(baked, time);
        skinVertices(played, null, primitive, baked.palettes.subarray(offset, offset + 16 * baked.jointCount));
        for (let v = 0; v < sampled.length; v += 3) {
          largestError = Math.max(largestError, Math.hypot(sampled[v] - played[v], sampled[v + 1] - played[v + 1], sampled[v + 2] - played[v + 2]));
        }
      }
    }
  }
  return { frames: baked.frameCount, bytes: baked.palettes.byteLength, largestError };
}

/** The fast path's palettes and skinned positions against the teaching path's, over the walk. */
function fastPathAgreement(model: Model, clipIndex: number): CrowdExample['agreement'] {
  const clip = model.clips[clipIndex];
  const player = createPlayer(model);
  const simd = createSimdPlayer(model);
  if (simd === null) throw new Error('This Node.js has no WebAssembly SIMD: the fast path cannot be compared.');
  const primitives = firstSkinPrimitives(model);
  const jointCount = model.skins[0].joints.length;
  const skinners = primitives.map((primitive) => createSimdSkinner(primitive, jointCount));
  const positions = primitives.map((primitive) => new Float32Array(3 * primitive.vertexCount));
  let palette = 0;
  let position = 0;
  for (let moment = 0; moment < COMPARED_MOMENTS; moment++) {
    const time = (moment / COMPARED_MOMENTS) * clip.duration;
    animateFrame(player, clip, time, Playback.LOOP);
    simd.evaluate(clipIndex, time, Playback.LOOP);
    const reference = player.palettes[0];
    for (let i = 0; i < reference.length; i++) palette = Math.max(palette, Math.abs(reference[i] - simd.palettes[0][i]));
    primitives.forEach((primitive, p) => {
      const skinner = skinners[p];
      if (skinner === null) throw new Error('createSimdSkinner could not skin the crowd\'s model.');
      skinVertices(positions[p], null, primitive, reference);
      const fast = skinner.skin(reference);
      for (let v = 0; v < positions[p].length; v += 3) {
        position = Math.max(position, Math.hypot(positions[p][v] - fast[v], positions[p][v + 1] - fast[v + 1], positions[p][v + 2] - fast[v + 2]));
      }
    });
  }
  return { moments: COMPARED_MOMENTS, palette, position };
}

export function computeCrowdExample(model: Model = readProjectModel('mannequin.glb'), clipName = 'walk'): CrowdExample {
  const clipIndex = model.clips.findIndex((clip) => clip.name === clipName);
  if (clipIndex < 0) throw new Error(`The crowd's model has no clip named "${clipName}".`);
  const primitives = firstSkinPrimitives(model);
  const vertexCount = primitives.reduce((sum, primitive) => sum + primitive.vertexCount, 0);
  const triangleCount = primitives.reduce((sum, primitive) => sum + (primitive.indices?.length ?? primitive.vertexCount) / 3, 0);
  const jointCount = model.skins[0].joints.length;
  const perInstance = { palette: 64 * jointCount, positions: 12 * vertexCount, paletteBase: 4 };
  const baked = BAKE_RATES.map((framesPerSecond) => {
    const { frames, bytes, largestError } = largestBakedError(model, clipIndex, framesPerSecond);
    return { framesPerSecond, frames, bytes, textureRows: paletteAtlasRows(frames * jointCount), largestError };
  });
  return {
    model: { vertexCount, triangleCount, jointCount, nodeCount: model.hierarchy.count, clipDuration: model.clips[clipIndex].duration, clipName },
    perInstance,
    crowd: {
      count: LARGEST_CROWD,
      palettes: LARGEST_CROWD * perInstance.palette,
      positions: LARGEST_CROWD * perInstance.positions,
      paletteBases: LARGEST_CROWD * perInstance.paletteBase,
      atlasRows: paletteAtlasRows(LARGEST_CROWD * jointCount),
    },
    baked,
    kernels: { pose: simdPoseModuleSize(), skin: simdSkinnerModuleSize() },
    agreement: fastPathAgreement(model, clipIndex),
  };
}

export { BAKED_RATE, MATRICES_PER_ROW };
