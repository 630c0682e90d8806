// The script of ViewToggles.astro's two checkboxes: the skeleton overlay ([data-part=skeleton])
// and the weight-paint view ([data-part=weights]). Owns what they switch; the joint menu beside
// them is joint-picker.ts.

import { MeshView } from '../../gl/mesh-pass.ts';
import { part } from './parts.ts';

export class ViewToggles {
  /** Draw the skeleton over the mesh (the checkbox's state; false without one). Read only outside. */
  showSkeleton = false;
  /** Shaded, or painted with the selected joint's weights (SHADED without a checkbox). Read only outside. */
  view: MeshView = MeshView.SHADED;

  /** The weight-paint checkbox, null when the island has none. */
  private readonly weightsBox: HTMLInputElement | null;
  /** The island has a weight-paint checkbox, so may show weights. */
  readonly offersWeights: boolean;

  /** Starts from the checkboxes' state (a reload may restore it); `onChange` runs after each change. */
  constructor(host: HTMLElement, onChange: () => void) {
    const skeleton = part<HTMLInputElement>(host, 'skeleton');
    if (skeleton !== null) {
      this.showSkeleton = skeleton.checked;
      skeleton.addEventListener('change', () => {
        this.showSkeleton = skeleton.checked;
        onChange();
      });
    }
    const weights = part<HTMLInputElement>(host, 'weights');
    this.weightsBox = weights;
    this.offersWeights = weights !== null;
    if (weights !== null) {
      this.view = weights.checked ? MeshView.WEIGHTS : MeshView.SHADED;
      weights.addEventListener('change', () => {
        this.view = weights.checked ? MeshView.WEIGHTS : MeshView.SHADED;
        onChange();
      });
    }
  }

  /**
   * Switches the weight paint on (and ticks its box) when neither it nor the skeleton overlay is
   * on, so that a joint the reader chooses shows on the model; does nothing without a checkbox.
   */
  showWeightsIfNothingShowsJoints(): void {
    if (this.weightsBox === null || this.showSkeleton || this.view === MeshView.WEIGHTS) return;
    this.weightsBox.checked = true;
    this.view = MeshView.WEIGHTS;
  }
}
