// sampleClipBlendingRotations (src/core/rotation-blend.ts): with slerp it is sampleClip exactly;
// with another kernel only LINEAR rotation tracks change, and only strictly between their keys.
import { describe, expect, it } from 'vitest';
import { Playback, createClipCursor, sampleClip } from '../../src/core/clip.ts';
import { nlerpQuatAt, slerpQuatAt } from '../../src/core/math.ts';
import { createPose, type Clip } from '../../src/core/model.ts';
import { sampleClipBlendingRotations } from '../../src/core/rotation-blend.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { boxedNumbers, expectClose, newSpaceGrowth } from './helpers.ts';

const pointers = loadModelFile('public/models/interpolation.glb');
const keys = pointers.clips[0];
const rest = pointers.hierarchy.rest;
const count = pointers.hierarchy.count;
const node = (name: string) => pointers.hierarchy.names.indexOf(name);

function both(clip: Clip, time: number, blend = nlerpQuatAt) {
  const plain = sampleClip(createPose(count), clip, rest, time, Playback.LOOP, createClipCursor(clip.tracks.length));
  const blended = sampleClipBlendingRotations(createPose(count), clip, rest, time, Playback.LOOP, createClipCursor(clip.tracks.length), blend);
  return { plain, blended };
}

describe('sampleClipBlendingRotations', () => {
  it('is sampleClip, bit for bit, when the kernel is slerp', () => {
    for (let i = 0; i <= 96; i++) {
      const { plain, blended } = both(keys, i * 0.025, slerpQuatAt);
      expect(Array.from(blended.rotations)).toEqual(Array.from(plain.rotations));
      expect(Array.from(blended.translations)).toEqual(Array.from(plain.translations));
    }
  });

  it('changes only the linear pointer\'s rotation, between its keys, to nlerp\'s blend', () => {
    const linear = node('linear');
    const track = keys.tracks.find((t) => t.node === linear && t.path === 1)!;
    for (let i = 0; i <= 96; i++) {
      const time = i * 0.025;
      const { plain, blended } = both(keys, time);
      expect(Array.from(blended.translations)).toEqual(Array.from(plain.translations));
      expect(Array.from(blended.scales)).toEqual(Array.from(plain.scales));
      for (let n = 0; n < count; n++) {
        const q = [4 * n, 4 * n + 4] as const;
        if (n !== linear) expect(Array.from(blended.rotations.subarray(...q))).toEqual(Array.from(plain.rotations.subarray(...q)));
      }
      const k = track.times.findLastIndex((t) => t <= time);
      if (time <= 0 || time >= track.times[track.times.length - 1] || track.times.includes(time)) {
        expectClose(blended.rotations.subarray(4 * linear, 4 * linear + 4), plain.rotations.subarray(4 * linear, 4 * linear + 4), 1e-6);
      } else {
        const u = (time - track.times[k]) / (track.times[k + 1] - track.times[k]);
        const expected = nlerpQuatAt(new Float32Array(4), 0, track.values, 4 * k, track.values, 4 * k + 4, u);
        expectClose(blended.rotations.subarray(4 * linear, 4 * linear + 4), expected, 1e-7, `${time} s`);
      }
    }
  });

  it('keys the cursor as sampleClip does, allocates nothing and never throws', () => {
    const pose = createPose(count);
    const cursor = createClipCursor(keys.tracks.length);
    const times = boxedNumbers(Array.from({ length: 300 }, (_, i) => i / 60 - 1));
    const bytes = newSpaceGrowth((i) => sampleClipBlendingRotations(pose, keys, rest, times[i % 300], Playback.LOOP, cursor, nlerpQuatAt), 5_000);
    expect(bytes / 5_000).toBeLessThan(16 * keys.tracks.length);
    expect(() => sampleClipBlendingRotations(createPose(2), keys, rest, 0.9, Playback.LOOP, createClipCursor(0), nlerpQuatAt)).not.toThrow();
    expect(() => sampleClipBlendingRotations(pose, keys, rest, NaN, Playback.CLAMP, createClipCursor(1), nlerpQuatAt)).not.toThrow();
  });
});
