// The baked alternative (src/core/bake.ts): a palette per frame, equal to the frame's sampled
// palette at the frame times, looked up with no interpolation in between.
import { describe, expect, it } from 'vitest';
import { bakeClip, bakedFrameOffset } from '../../src/core/bake.ts';
import { Playback } from '../../src/core/clip.ts';
import { animateFrame, createPlayer } from '../../src/core/frame.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { expectClose } from './helpers.ts';

const model = loadModelFile('public/models/mannequin.glb');
const walk = model.clips.find((clip) => clip.name === 'walk')!;

describe('bakeClip and bakedFrameOffset', () => {
  it('store one palette per frame of the loop, the sampled palette at that frame\'s time', () => {
    const player = createPlayer(model);
    const baked = bakeClip(player, walk, 30);
    expect(baked.frameCount).toBe(36);
    expect(baked.jointCount).toBe(19);
    expect(baked.palettes.length).toBe(36 * 19 * 16);
    const check = createPlayer(model);
    for (const frame of [0, 1, 17, 35]) {
      animateFrame(check, walk, frame / 30, Playback.LOOP);
      expect(Array.from(baked.palettes.subarray(frame * 304, frame * 304 + 304))).toEqual(Array.from(check.palettes[0]));
    }
  });

  it('plays back the frame at or before the time, looped, never between frames', () => {
    const baked = bakeClip(createPlayer(model), walk, 30);
    const stride = 16 * 19;
    expect(bakedFrameOffset(baked, 0)).toBe(0);
    expect(bakedFrameOffset(baked, 0.0333)).toBe(0);
    expect(bakedFrameOffset(baked, 1 / 30 + 1e-6)).toBe(stride);
    expect(bakedFrameOffset(baked, 1.19)).toBe(35 * stride);
    expect(bakedFrameOffset(baked, 1.2 + 0.05)).toBe(stride);
    expect(bakedFrameOffset(baked, -0.01)).toBe(35 * stride);
    for (const time of [NaN, Infinity, -Infinity]) expect(bakedFrameOffset(baked, time)).toBe(0);
  });

  it('bakes a clip of any length into at least one frame', () => {
    const player = createPlayer(model);
    const still = { name: 'still', duration: 0, tracks: [] };
    const baked = bakeClip(player, still, 30);
    expect(baked.frameCount).toBe(1);
    expectClose(baked.palettes.subarray(0, 16), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 1e-5);
    expect(bakedFrameOffset(baked, 3)).toBe(0);
  });
});
