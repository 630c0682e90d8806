// The camera's framing of a figure's first model, measured over several tasks (SkinView.setModel;
// the global-inverse figure's framing of each choice, too).
// measureBounds poses the player a number of times (25 for the blend figure) and skins the whole
// mesh for each on the CPU: 15–55 ms in one task at 1× CPU when the code is still cold. Here
// measureBounds runs again and again, each run a task of its own: every boundsOfPoses call it makes
// goes on from where the same call stopped in the run before, for FRAMING_SLICE ms, then hands back
// what it has so far. The run in which every call has seen all its poses returns the whole bounds.
// measureBounds runs whole each time, so what an override sets and restores around its poses (the
// bend figure's angle, the offset figure's palette) is set and restored around each slice of them.
// A call's poses must not depend on what an earlier call of the same run returned: before the last
// run, that is a part of its bounds.

import type { Player } from '../../core/frame.ts';
import type { Model } from '../../core/model.ts';
import { boundsOfBox, emptyBox, growBox, type Bounds, type SkinPositions } from './pose-bounds.ts';
import { nextTask } from './next-task.ts';

/** Longest slice, ms, of one run: 4× that on a slow phone is still under the 50 ms of a long task. */
export const FRAMING_SLICE = 8;

export class FramingSteps {
  /** Longest run, ms (FRAMING_SLICE; 0 measures one pose per run). */
  private readonly slice: number;
  /** Per boundsOfPoses call of a run (by order): its box so far, poses measured, poses asked for. */
  private readonly boxes: Bounds[] = [];
  private readonly measured: number[] = [];
  private readonly asked: number[] = [];
  /** The run's boundsOfPoses calls so far; its end, performance.now() ms; whether it measured a pose. */
  private call = 0;
  private deadline = 0;
  private progressed = false;

  constructor(slice = FRAMING_SLICE) {
    this.slice = slice;
  }

  /**
   * Runs `measure` (a measureBounds, or any measurement whose boundsOfPoses calls come to `bounds`)
   * until its poses are all measured, one task per run, and returns what the run that measured the
   * last of them returns; null when `superseded` says, between two runs, that the result is no
   * longer wanted.
   */
  async measure<Result>(measure: () => Result, superseded: () => boolean): Promise<Result | null> {
    for (;;) {
      this.call = 0;
      this.deadline = performance.now() + this.slice;
      this.progressed = false;
      const result = measure();
      if (this.measured.every((count, call) => count >= this.asked[call])) return result;
      await nextTask();
      if (superseded()) return null;
    }
  }

  /** One boundsOfPoses call of a run: measures its next poses while the run's time lasts (one at least per run). */
  bounds(model: Model, player: Player, poses: (() => void)[], skin: SkinPositions | null): Bounds {
    const call = this.call++;
    const box = (this.boxes[call] ??= emptyBox());
    let measured = this.measured[call] ?? 0;
    this.asked[call] = poses.length;
    while (measured < poses.length && (!this.progressed || performance.now() < this.deadline)) {
      growBox(box, model, player, poses[measured], skin);
      measured++;
      this.progressed = true;
    }
    this.measured[call] = measured;
    return boundsOfBox(box);
  }
}
