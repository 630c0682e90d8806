// Composes the weight read-out (weight-readout.ts) into an island the first time a frame is drawn
// with the weight paint on: its code (picking on the CPU included) is fetched only by readers who
// switch the paint on, and at once in a figure that starts with it on. Until then, each frame costs
// one comparison.

import { MeshView } from '../../gl/mesh-pass.ts';
import type { RenderFrame, Renderer } from '../../gl/renderer.ts';
import type { SkinView } from './skin-view.ts';

/** Adds to `view` a WeightReadout, loaded when `view` first paints weights; a failed load is tried again on a later frame. */
export function addWeightReadoutWhenPainted(view: SkinView): void {
  let requested = false;
  view.addOverlay({
    draw(_renderer: Renderer, frame: RenderFrame): void {
      if (requested || frame.view !== MeshView.WEIGHTS) return;
      requested = true;
      import('./weight-readout.ts').then(
        ({ WeightReadout }) => new WeightReadout(view),
        () => {
          requested = false;
        },
      );
    },
  });
}
