// The three counted key searches of chapter 7 (src/core/key-search.ts): each finds the segment
// findKeyIndex finds, and the counts they report are the comparisons they make — the cursor's are
// findKeyIndex's own, counted by watching which key times it reads.
import { describe, expect, it } from 'vitest';
import { findKeyIndex } from '../../src/core/clip.ts';
import { findKeyByBinarySearch, findKeyByLinearScan, findKeyFromCursor, type SearchCount } from '../../src/core/key-search.ts';
import { newSpaceGrowth, randomIn, seededRandom } from './helpers.ts';

/** Strictly increasing key times: `count` keys from `start`, gaps in [0.01, 0.3). */
function randomTimes(random: () => number, count: number, start = 0): Float32Array {
  const times = [start];
  for (let i = 1; i < count; i++) times.push(times[i - 1] + randomIn(random, 0.01, 0.3));
  return new Float32Array(times);
}

/** `times` seen through a proxy that counts the key times read (findKeyIndex reads one per comparison). */
function counting(times: Float32Array): { times: Float32Array; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(times, {
    get(target, property) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
      return Reflect.get(target, property, target);
    },
  });
  return { times: proxy, reads: () => reads };
}

describe('the counted key searches', () => {
  it('find the segment findKeyIndex finds, for any time, key count and hint', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 40);
      const times = randomTimes(random, n, random() < 0.5 ? 0 : 0.3);
      const count: SearchCount = { comparisons: 0 };
      for (let s = 0; s < 20; s++) {
        const time = randomIn(random, -0.5, times[n - 1] + 0.5);
        const hint = Math.floor(random() * (n + 2)) - 1;
        const expected = findKeyIndex(times, n, time, -1);
        expect(findKeyByLinearScan(times, n, time, count), `linear, n ${n}, t ${time}`).toBe(expected);
        expect(findKeyByBinarySearch(times, n, time, count), `binary, n ${n}, t ${time}`).toBe(expected);
        expect(findKeyFromCursor(times, n, time, hint, count), `cursor, n ${n}, t ${time}, hint ${hint}`).toBe(findKeyIndex(times, n, time, hint));
      }
    }
  });

  it('count what findKeyIndex really does: the cursor search makes exactly its comparisons', () => {
    const random = seededRandom(11);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 40);
      const plain = randomTimes(random, n);
      const watched = counting(plain);
      let hint = 0;
      for (let s = 0; s < 30; s++) {
        // Mostly forward by a fraction of a key, as during playback; sometimes a jump.
        const time = random() < 0.8 ? plain[Math.min(hint, n - 1)] + randomIn(random, 0, 0.25) : randomIn(random, -0.2, plain[n - 1] + 0.2);
        const count: SearchCount = { comparisons: 0 };
        const before = watched.reads();
        const k = findKeyIndex(watched.times, n, time, hint);
        expect(findKeyFromCursor(plain, n, time, hint, count)).toBe(k);
        expect(count.comparisons, `n ${n}, t ${time}, hint ${hint}`).toBe(watched.reads() - before);
        hint = k;
      }
    }
  });

  it('cost k + 1 comparisons by scanning, about log₂ n by bisection, two or three with a cursor during playback', () => {
    const times = Float32Array.from({ length: 37 }, (_, k) => k / 30);
    const count: SearchCount = { comparisons: 0 };
    findKeyByLinearScan(times, 37, 0.5 + 1 / 60, count);
    expect(count.comparisons).toBe(16); // segment 15 → 16 comparisons
    count.comparisons = 0;
    findKeyByBinarySearch(times, 37, 0.5 + 1 / 60, count);
    expect(count.comparisons).toBeGreaterThanOrEqual(5);
    expect(count.comparisons).toBeLessThanOrEqual(6);
    // Playback at 60 Hz over 30 keys per second: the same segment (2 comparisons) or the next (3).
    let hint = 0;
    const costs = new Set<number>();
    for (let frame = 1; frame < 70; frame++) {
      count.comparisons = 0;
      hint = findKeyFromCursor(times, 37, frame / 60, hint, count);
      costs.add(count.comparisons);
    }
    expect([...costs].sort()).toEqual([2, 3]);
  });

  it('cost nothing with fewer than three keys (one segment), except the scan\'s one look', () => {
    const count: SearchCount = { comparisons: 0 };
    for (const n of [0, 1, 2]) {
      const times = new Float32Array([0, 1].slice(0, n));
      expect(findKeyByBinarySearch(times, n, 0.5, count)).toBe(0);
      expect(findKeyFromCursor(times, n, 0.5, 0, count)).toBe(0);
    }
    expect(count.comparisons).toBe(0);
    expect(findKeyByLinearScan(new Float32Array([0, 1]), 2, 0.5, count)).toBe(0);
    expect(count.comparisons).toBe(1);
  });

  it('allocate nothing and never throw on NaN, infinities or out-of-range hints', () => {
    const times = Float32Array.from({ length: 100 }, (_, k) => k / 30);
    const count: SearchCount = { comparisons: 0 };
    for (const time of [NaN, Infinity, -Infinity]) {
      for (const hint of [-5, 0, 98, 500, NaN]) {
        expect(() => findKeyFromCursor(times, 100, time, hint, count)).not.toThrow();
        const k = findKeyFromCursor(times, 100, time, hint, count);
        expect(k >= 0 && k <= 98).toBe(true);
      }
      expect(findKeyByLinearScan(times, 100, time, count)).toBeLessThanOrEqual(98);
      expect(findKeyByBinarySearch(times, 100, time, count)).toBeLessThanOrEqual(98);
    }
    let hint = 0;
    const bytes = newSpaceGrowth((i) => {
      const time = (i % 200) / 60;
      findKeyByLinearScan(times, 100, time, count);
      findKeyByBinarySearch(times, 100, time, count);
      hint = findKeyFromCursor(times, 100, time, hint, count);
    }, 20_000);
    expect(bytes).toBeLessThan(4_000);
  });
});
