// The joint an island singles out (highlighted, weight-painted, read out): the joint menu
// ([data-part=joint], in ViewToggles.astro or a figure's read-out) and the matrix read-out of the
// selected joint ([data-part=readout], matrix-readout.ts). Owns the selection; the player whose
// matrices it shows is SkinView's.

import type { Player } from '../../core/frame.ts';
import type { Model } from '../../core/model.ts';
import { describeJointMatrices, MatrixReadout } from './matrix-readout.ts';
import { part } from './parts.ts';

export class JointPicker {
  /** Index into the first skin's joint list, −1 for none. Read only outside (see select). */
  selected = -1;
  private readonly menu: HTMLSelectElement | null;
  private readonly readout: MatrixReadout | null;
  /**
   * The island shows the chosen joint in words of its own: a matrix read-out, or an element that
   * names it ([data-part=joint-name]), so choosing one changes something even with no view on.
   */
  readonly readsOut: boolean;

  /** `pick(joint)` runs when the reader chooses a joint in the menu. */
  constructor(host: HTMLElement, pick: (joint: number) => void) {
    this.menu = part(host, 'joint');
    const readoutRoot = part<HTMLElement>(host, 'readout');
    this.readout = readoutRoot === null ? null : new MatrixReadout(readoutRoot);
    this.readsOut = readoutRoot !== null || part(host, 'joint-name') !== null;
    const menu = this.menu;
    menu?.addEventListener('change', () => pick(Number(menu.value)));
  }

  /**
   * Lists the joints of `model`'s first skin in the menu (unless the page already did) and returns
   * the joint to start on: the menu's current choice (a reload may restore one), else the first
   * joint, else −1; null when the island has no menu.
   */
  list(model: Model): number | null {
    const menu = this.menu;
    if (menu === null) return null;
    const skin = model.skins[0];
    if (menu.options.length === 0 && skin !== undefined) {
      skin.joints.forEach((node, joint) => {
        menu.add(new Option(model.hierarchy.names[node] || `joint ${joint}`, String(joint)));
      });
    }
    const initial = Number(menu.value);
    return Number.isInteger(initial) && menu.value !== '' ? initial : skin !== undefined && skin.joints.length > 0 ? 0 : -1;
  }

  /** Selects `joint` (index into the first skin's joint list, −1 for none) and shows it in the menu. */
  select(joint: number): void {
    this.selected = joint;
    if (this.menu !== null) this.menu.value = String(joint);
  }

  /** Hierarchy index of the selected joint in `model`, or −1. */
  node(model: Model | null): number {
    const skin = model?.skins[0];
    return skin !== undefined && this.selected >= 0 && this.selected < skin.joints.length ? skin.joints[this.selected] : -1;
  }

  /** Writes the selected joint's local and global matrices, as `player` holds them, into the read-out (if any). */
  showMatrices(model: Model | null, player: Player | null): void {
    const node = this.node(model);
    if (this.readout === null || player === null || node < 0) return;
    this.readout.update(player.locals, 16 * node, player.globals, 16 * node);
  }

  /** Announces the selected joint's matrices (after a committed change, not while dragging). */
  announce(model: Model | null, player: Player | null): void {
    const node = this.node(model);
    if (this.readout === null || player === null || model === null || node < 0) return;
    this.readout.announce(describeJointMatrices(model.hierarchy.names[node] || `joint ${this.selected}`, player.locals, 16 * node, player.globals, 16 * node));
  }
}
