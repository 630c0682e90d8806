// The crowd figure's plot of cost against crowd size: milliseconds per frame for each stage, at
// each crowd size the figure measured on the reader's machine, on logarithmic axes (a cost that
// grows in proportion to the crowd is a straight line of slope 1). Pure (no DOM): the figure's
// markup draws the empty axes with it at build time, the island the measured lines.

import { formatNumber } from '../shared/format.ts';

/** The plot's box in SVG units; the lines stay inside PLOT_MARGIN. */
export const PLOT_WIDTH = 600;
export const PLOT_HEIGHT = 260;
export const PLOT_MARGIN = { left: 64, right: 20, top: 14, bottom: 34 } as const;

/** Stages the figure times, in frame order, and the total; the plot draws one line per entry. */
export const STAGES = ['pose', 'skin', 'upload', 'draw', 'total'] as const;
export type Stage = (typeof STAGES)[number];

/** x of crowd size `count` on a logarithmic axis from `smallest` to `largest` (≥ 1 each, smallest < largest). */
export function plotX(count: number, smallest: number, largest: number): number {
  const span = Math.log10(largest) - Math.log10(smallest);
  const share = span > 0 ? (Math.log10(count) - Math.log10(smallest)) / span : 0;
  return PLOT_MARGIN.left + share * (PLOT_WIDTH - PLOT_MARGIN.left - PLOT_MARGIN.right);
}

/** The decades the y axis spans: 10^low ms to 10^high ms, at least two decades, from the positive values measured. */
export function plotDecades(milliseconds: ArrayLike<number>): { low: number; high: number } {
  let smallest = Infinity;
  let largest = 0;
  for (let i = 0; i < milliseconds.length; i++) {
    const value = milliseconds[i];
    if (!(value > 0) || !Number.isFinite(value)) continue;
    smallest = Math.min(smallest, value);
    largest = Math.max(largest, value);
  }
  if (largest === 0) return { low: -2, high: 1 };
  const low = Math.floor(Math.log10(smallest));
  const high = Math.max(Math.ceil(Math.log10(largest)), low + 2);
  return { low, high };
}

/** y of `milliseconds` (> 0) on a logarithmic axis from 10^low (bottom) to 10^high (top). */
export function plotY(milliseconds: number, low: number, high: number): number {
  const share = (Math.log10(milliseconds) - low) / (high - low);
  return PLOT_HEIGHT - PLOT_MARGIN.bottom - share * (PLOT_HEIGHT - PLOT_MARGIN.top - PLOT_MARGIN.bottom);
}

/** "0.01 ms", "1 ms", "100 ms", "1 s", "100 s": the label of 10^decade milliseconds. */
export function decadeLabel(decade: number): string {
  if (decade >= 3) return `${formatNumber(10 ** (decade - 3), 0)} s`;
  return `${formatNumber(10 ** decade, Math.max(0, -decade), { fixed: true })} ms`;
}

export interface CostPlot {
  /** Per decade of the y axis, bottom to top: its height and label. */
  yTicks: { y: number; label: string }[];
  /** Per crowd size: its x and label. */
  xTicks: { x: number; label: string }[];
  /** Per stage (STAGES order): polyline points through the sizes where it cost more than 0 ms. */
  lines: string[];
}

/**
 * The plot of `milliseconds` (sizes.length × STAGES.length values, size after size, each size's
 * stages in STAGES order; a value ≤ 0 or not finite is left out: a stage that does no work there)
 * against crowd `sizes` (increasing, ≥ 1).
 */
export function costPlot(sizes: readonly number[], milliseconds: ArrayLike<number>): CostPlot {
  const smallest = sizes[0];
  const largest = sizes[sizes.length - 1];
  const { low, high } = plotDecades(milliseconds);
  const yTicks: CostPlot['yTicks'] = [];
  for (let decade = low; decade <= high; decade++) yTicks.push({ y: plotY(10 ** decade, low, high), label: decadeLabel(decade) });
  const xTicks = sizes.map((size) => ({ x: plotX(size, smallest, largest), label: size.toLocaleString('en') }));
  const lines = STAGES.map((_, stage) => {
    const points: string[] = [];
    sizes.forEach((size, s) => {
      const value = milliseconds[s * STAGES.length + stage];
      if (value > 0 && Number.isFinite(value)) points.push(`${plotX(size, smallest, largest).toFixed(1)},${plotY(value, low, high).toFixed(1)}`);
    });
    return points.join(' ');
  });
  return { yTicks, xTicks, lines };
}
