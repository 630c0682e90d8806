// Bytes a piece of per-frame code allocates, measured as growth of V8's new space, where every
// short-lived object is born. Shared by the benchmark and the unit tests' zero-allocation checks.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Bytes that `frames` calls of `frame(i)` add to V8's new space, where per-frame garbage lands
 * (compiled code and feedback do not): the median over 21 chunks, after 30 000 warm-up calls and
 * a full collection, minus the same measurement over 0 frames (reading the statistics allocates a
 * little; that overhead varies by about 1 KB). Keep `frames` small enough that a leak of a few
 * bytes per frame stays below a minor collection (5 000 frames × 16 B = 80 KB).
 *
 * On a busy machine the optimising compiler, which runs on another thread, may not have finished
 * when the warm-up ends, and code that is not yet optimised boxes its intermediate numbers. So a
 * measurement above that 1 KB of noise is taken again after another warm-up, while it keeps
 * shrinking (up to 5 times), and the least is returned: code that allocates per frame measures
 * the same bytes every time.
 *
 * V8 boxes a fractional number passed to a call it did not inline, at the caller: pass `frame`
 * pre-boxed numbers (e.g. read from an array that also holds a non-number) so that only the
 * callee's allocations are measured.
 */
export function newSpaceGrowth(frame: (i: number) => void, frames: number): number {
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;
  const run = (count: number) => {
    for (let i = 0; i < count; i++) frame(i);
  };
  const newSpaceUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;
  const medianGrowth = (count: number) => {
    const growth: number[] = [];
    for (let chunk = 0; chunk < 21; chunk++) {
      const before = newSpaceUsed();
      run(count);
      growth.push(newSpaceUsed() - before);
    }
    return growth.sort((a, b) => a - b)[10];
  };
  let least = Infinity;
  for (let attempt = 0; attempt < 5; attempt++) {
    run(30_000);
    collectGarbage();
    const growth = medianGrowth(frames) - medianGrowth(0);
    const shrank = growth < least - STATISTICS_NOISE_BYTES;
    least = Math.min(least, growth);
    if (least <= STATISTICS_NOISE_BYTES || !shrank) break;
  }
  return least;
}

/**
 * Numbers that stay boxed when read (for newSpaceGrowth's frames): an array that also holds a
 * non-number stores them as objects, which a call passes on as they are.
 */
export function boxedNumbers(values: number[]): number[] {
  const mixed: unknown[] = values.slice();
  mixed.push('not a number');
  return mixed as number[];
}

/** How much reading the heap statistics alone may vary, in bytes. */
const STATISTICS_NOISE_BYTES = 1024;
