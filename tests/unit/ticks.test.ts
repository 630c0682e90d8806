// Assimp's clock (src/core/ticks.ts): seconds → ticks, looped or clamped, with 25 ticks per second
// when a clip says 0; and a clip re-timed in ticks samples exactly as the clip in seconds.
import { describe, expect, it } from 'vitest';
import { Playback, createClipCursor, sampleClip } from '../../src/core/clip.ts';
import { createPose } from '../../src/core/model.ts';
import { DEFAULT_TICKS_PER_SECOND, animationTimeInTicks, clipInTicks } from '../../src/core/ticks.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { expectClose } from './helpers.ts';

describe('animationTimeInTicks', () => {
  it('multiplies by the ticks per second, then loops by a positive modulo or clamps', () => {
    expectClose(animationTimeInTicks(2.5, 30, 36, Playback.LOOP), 3, 1e-9);
    expectClose(animationTimeInTicks(2.5, 1000, 1200, Playback.LOOP), 100, 1e-9);
    expectClose(animationTimeInTicks(-0.1, 30, 36, Playback.LOOP), 33, 1e-9);
    expect(animationTimeInTicks(2.5, 30, 36, Playback.CLAMP)).toBe(36);
    expect(animationTimeInTicks(-1, 30, 36, Playback.CLAMP)).toBe(0);
  });

  it('reads a ticks per second of 0 as 25, Assimp\'s default', () => {
    expect(DEFAULT_TICKS_PER_SECOND).toBe(25);
    expectClose(animationTimeInTicks(1, 0, 36, Playback.LOOP), 25, 1e-9);
    expectClose(animationTimeInTicks(2.5, 0, 36, Playback.LOOP), 26.5, 1e-9);
  });

  it('never throws: non-finite time, no duration', () => {
    expect(animationTimeInTicks(NaN, 30, 36, Playback.LOOP)).toBe(0);
    expect(animationTimeInTicks(Infinity, 30, 36, Playback.LOOP)).toBe(0);
    expect(animationTimeInTicks(1, 30, 0, Playback.LOOP)).toBe(0);
  });
});

describe('clipInTicks', () => {
  it('gives the same pose at the same moment, counted in ticks or in seconds', () => {
    const model = loadModelFile('public/models/mannequin.glb');
    const walk = model.clips.find((clip) => clip.name === 'walk')!;
    const ticks = clipInTicks(walk, 30);
    expectClose(ticks.duration, 36, 1e-5);
    expect(ticks.tracks[0].values).toBe(walk.tracks[0].values);
    const count = model.hierarchy.count;
    for (const seconds of [0, 0.1, 0.35, 0.8, 1.19, 2.5]) {
      const inSeconds = sampleClip(createPose(count), walk, model.hierarchy.rest, seconds, Playback.LOOP, createClipCursor(walk.tracks.length));
      const tick = animationTimeInTicks(seconds, 30, ticks.duration, Playback.LOOP);
      const inTicks = sampleClip(createPose(count), ticks, model.hierarchy.rest, tick, Playback.LOOP, createClipCursor(walk.tracks.length));
      expectClose(inTicks.rotations, inSeconds.rotations, 1e-5, `${seconds} s`);
      expectClose(inTicks.translations, inSeconds.translations, 1e-5, `${seconds} s`);
    }
  });
});
