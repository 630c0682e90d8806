// Bytes a piece of per-frame code allocates, measured as growth of V8's new space, where every
// short-lived object is born. Shared by the benchmark and the unit tests' zero-allocation checks.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * New-space growth in bytes over `frames` calls of `frame`, net of the measuring loop's own cost:
 * the median over 21 runs of `frames` calls minus the median over 21 runs of none. The loop that is
 * measured first runs 30,000 times so the optimiser's one-off allocations are over. A scavenge
 * during a run would empty new space; the median of 21 runs discards such a run.
 */
export function newSpaceGrowth(frame: (i: number) => void, frames: number): number {
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;
  const run = (count: number) => {
    for (let i = 0; i < count; i++) frame(i);
  };
  run(30_000);
  collectGarbage();
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
  return medianGrowth(frames) - medianGrowth(0);
}
