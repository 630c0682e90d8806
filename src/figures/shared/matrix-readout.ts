// A live readout of one joint's local and global 4×4 matrices, the first step from pictures to
// numbers. The markup (two tables of 4 × 4 cells and a summary line) is rendered by the page;
// this class only writes numbers into it.
//
// Accessibility: the tables are not live regions — numbers changing on every drag step would
// flood a screen reader. A separate polite live region gets one short summary when a change is
// committed (slider released, joint chosen): call announce().

import { formatNumber } from './format.ts';

/** Digits after the decimal point. */
const DECIMALS = 2;
const SCALE = 10 ** DECIMALS;
/** Not a value any rounded matrix entry takes, so the first update writes every cell. */
const UNSET = -2147483648;

export class MatrixReadout {
  /** [local cells, global cells], 16 each in table order (row-major on screen). */
  private readonly cells: HTMLElement[][];
  /** Last value written per cell, in hundredths; 32 entries (local then global). */
  private readonly shown = new Int32Array(32).fill(UNSET);
  private readonly summary: HTMLElement | null;

  /** `root` holds table[data-matrix=local] and table[data-matrix=global] (16 tbody td each). */
  constructor(root: HTMLElement) {
    this.cells = ['local', 'global'].map((kind) =>
      Array.from(root.querySelectorAll<HTMLElement>(`table[data-matrix=${kind}] tbody td`)),
    );
    this.summary = root.querySelector<HTMLElement>('[data-part=readout-summary]');
  }

  /**
   * Shows the column-major matrices at local[localOffset..+16) and global[globalOffset..+16)
   * (read only). Writes only cells whose rounded value changed; allocates only the text of those.
   */
  update(local: Float32Array, localOffset: number, global: Float32Array, globalOffset: number): void {
    this.write(0, local, localOffset);
    this.write(1, global, globalOffset);
  }

  /** Announces `text` politely to assistive technology (once per committed change). */
  announce(text: string): void {
    if (this.summary !== null) this.summary.textContent = text;
  }

  private write(which: number, matrix: Float32Array, offset: number): void {
    const cells = this.cells[which];
    for (let row = 0; row < 4; row++) {
      for (let column = 0; column < 4; column++) {
        const cell = row * 4 + column;
        const element = cells[cell];
        if (element === undefined) continue;
        const hundredths = Math.round(matrix[offset + column * 4 + row] * SCALE);
        const slot = 16 * which + cell;
        if (this.shown[slot] === hundredths) continue;
        this.shown[slot] = hundredths;
        element.textContent = formatEntry(hundredths / SCALE);
      }
    }
  }
}

/** "1.25", "0.00", "−0.50" (a true minus sign; never "−0.00"): how a read-out writes a matrix entry. */
export function formatEntry(value: number): string {
  return formatNumber(value, DECIMALS, { fixed: true, minus: '\u2212' });
}

/** A short sentence for screen readers: the translation columns of both matrices. */
export function describeJointMatrices(name: string, local: Float32Array, localOffset: number, global: Float32Array, globalOffset: number): string {
  const position = (m: Float32Array, o: number) =>
    `${formatEntry(m[o + 12])}, ${formatEntry(m[o + 13])}, ${formatEntry(m[o + 14])}`;
  return `${name}: local translation ${position(local, localOffset)}; global position ${position(global, globalOffset)}.`;
}
