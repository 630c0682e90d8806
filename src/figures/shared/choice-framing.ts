// What the camera frames under a "Break it" choice whose mistake can carry the mesh out of the
// figure's own framing — lying on the floor, up in the air, off to one side. The figure's framing
// (the correct result over the poses it shows) holds while the choice's result stays inside it, so
// that the view changes only when it must; otherwise the camera frames both, the correct result
// and the mistake's, so that the reader sees where the mesh went. An island keeps one ChoiceFraming
// per model and tells it, before each frame, the state it is about to draw (its choice, in the bind
// pose or not): a state not seen before is measured once; new bounds, when the framing changes,
// are for the island to frame (SkinView.frameBounds) before it draws.

import type { Bounds } from './pose-bounds.ts';

/** Smallest box holding both `a` and `b` (a new one). */
export function unionOfBounds(a: Bounds, b: Bounds): Bounds {
  const min = new Float32Array(3);
  const max = new Float32Array(3);
  for (let axis = 0; axis < 3; axis++) {
    min[axis] = Math.min(a.min[axis], b.min[axis]);
    max[axis] = Math.max(a.max[axis], b.max[axis]);
  }
  return { min, max };
}

/**
 * True when `inner` lies inside `outer`, give or take `tolerance` (a share of outer's largest side:
 * rounding in the skinning must not count as leaving).
 */
export function boundsContain(outer: Bounds, inner: Bounds, tolerance = 1e-3): boolean {
  const size = Math.max(outer.max[0] - outer.min[0], outer.max[1] - outer.min[1], outer.max[2] - outer.min[2]);
  const slack = tolerance * size;
  for (let axis = 0; axis < 3; axis++) {
    if (inner.min[axis] < outer.min[axis] - slack || inner.max[axis] > outer.max[axis] + slack) return false;
  }
  return true;
}

export class ChoiceFraming {
  /** The figure's own framing: the correct result over the poses it shows. Read only. */
  readonly figureBounds: Bounds;
  /** The bounds to frame in each state measured so far, by choice and bind pose ("skip-boneless/true"). */
  private readonly framings = new Map<string, Bounds>();
  /** The state of the last call to change(), and the bounds it framed. */
  private shownChoice: string | null = null;
  private shownBind = false;
  private shown: Bounds;
  /** True while `measure` runs: it poses the player as the island does, which calls change() again. */
  private measuring = false;

  /** `figureBounds`: what the island framed when its model was shown (SkinView.measureBounds). */
  constructor(figureBounds: Bounds) {
    this.figureBounds = figureBounds;
    this.shown = figureBounds;
  }

  /**
   * Call before each frame with the choice and the bind pose about to be drawn: returns the bounds
   * to frame when they differ from those framed last, else null. In a state not seen before,
   * `measure(bindPose)` gives the bounds of what the state draws over the poses the figure frames
   * (set-up work, which allocates); otherwise the call compares two values and allocates nothing.
   * The bounds framed are the figure's own while the state's lie inside them, else both together.
   */
  change(choice: string, bindPose: boolean, measure: (bindPose: boolean) => Bounds): Bounds | null {
    if (this.measuring || (choice === this.shownChoice && bindPose === this.shownBind)) return null;
    this.shownChoice = choice;
    this.shownBind = bindPose;
    const state = `${choice}/${bindPose}`;
    let framing = this.framings.get(state);
    if (framing === undefined) {
      this.measuring = true;
      let own: Bounds;
      try {
        own = measure(bindPose);
      } finally {
        this.measuring = false;
      }
      framing = boundsContain(this.figureBounds, own) ? this.figureBounds : unionOfBounds(this.figureBounds, own);
      this.framings.set(state, framing);
    }
    if (framing === this.shown) return null;
    this.shown = framing;
    return framing;
  }
}
