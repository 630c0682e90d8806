// sampleClip allocates nothing per call on the clips exporters write: linear keys on translation,
// rotation and scale tracks, at ~30 keys per second. In a file of its own, so that V8's feedback
// comes from this clip alone.
//
// The code allocates nothing itself; what V8 may allocate is a box for a fractional number passed
// to a call it did not inline. Which calls it inlines depends on how often each was taken so far:
// in a clip that mixes every interpolation, an interpolation kernel that few tracks reach may stay
// a call, and its fraction is then boxed (16 bytes per track). The fast path (src/core/fast/) is
// held to 0 bytes for any clip; `npm run bench` reports both paths on the mannequin's walk.
import { describe, expect, it } from 'vitest';
import { Playback, createClipCursor, sampleClip } from '../../src/core/clip.ts';
import { Interpolation, TrackPath, createPose, type Track } from '../../src/core/model.ts';
import { boxedNumbers, newSpaceGrowth, randomIn, randomUnitQuat, seededRandom } from './helpers.ts';

describe('sampleClip', () => {
  it('allocates nothing per call on a linear clip of translations, rotations and scales, looped or clamped', () => {
    const random = seededRandom(204);
    const nodeCount = 12;
    const keyCount = 31;
    const times = Float32Array.from({ length: keyCount }, (_, k) => k / 30);
    const tracks: Track[] = [];
    for (let node = 0; node < nodeCount; node++) {
      for (const path of [TrackPath.TRANSLATION, TrackPath.ROTATION, TrackPath.SCALE]) {
        const width = path === TrackPath.ROTATION ? 4 : 3;
        const values = new Float32Array(keyCount * width);
        for (let k = 0; k < keyCount; k++) {
          if (path === TrackPath.ROTATION) values.set(randomUnitQuat(random), 4 * k);
          else for (let c = 0; c < 3; c++) values[3 * k + c] = randomIn(random, 0.5, 1.5);
        }
        tracks.push({ node, path, interpolation: Interpolation.LINEAR, times, values });
      }
    }
    const clip = { name: 'walk-like', duration: 1, tracks };
    const rest = createPose(nodeCount);
    const out = createPose(nodeCount);
    const cursor = createClipCursor(tracks.length);
    const seconds = boxedNumbers(Array.from({ length: 997 }, (_, i) => i * 0.011 - 0.5));
    const perChunk = newSpaceGrowth((i) => {
      sampleClip(out, clip, rest, seconds[i % 997], (i & 1) as Playback, cursor);
    }, 5_000);
    expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
  });
});
