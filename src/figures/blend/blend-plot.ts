// The blend figure's plot: how far apart the feet are, front to back, over the figure's timeline,
// as SVG polyline points in a 1000 × 100 box — the format of the curves figure's plots
// (src/figures/curves/curves-plot.ts). Pure (no DOM): BlendFigure.astro draws the first curves at
// build time with it, blend-island.ts redraws them when the reader changes a setting.

import { PLOT_SAMPLES_PER_SECOND, TIMELINE_SECONDS } from './blend-pose.ts';

/** Plot width and height in the SVG's own units (viewBox 0 0 PLOT_WIDTH PLOT_HEIGHT). */
export const PLOT_WIDTH = 1000;
export const PLOT_HEIGHT = 100;
/** Metres at the top of the plot (the left foot ahead); the bottom is its negative. */
export const PLOT_RANGE = 0.8;

/** x of `timeSeconds` on the timeline, one decimal. */
export function plotX(timeSeconds: number): string {
  return ((PLOT_WIDTH * timeSeconds) / TIMELINE_SECONDS).toFixed(1);
}

/** y of `metres` (0 in the middle, +PLOT_RANGE at the top), one decimal, held inside the box. */
export function plotY(metres: number): string {
  const y = (PLOT_HEIGHT / 2) * (1 - metres / PLOT_RANGE);
  return Math.min(PLOT_HEIGHT, Math.max(0, y)).toFixed(1);
}

/** Polyline points of `values`, sampled PLOT_SAMPLES_PER_SECOND times a second from 0 s. */
export function plotPoints(values: Float32Array): string {
  let points = '';
  for (let i = 0; i < values.length; i++) points += `${i > 0 ? ' ' : ''}${plotX(i / PLOT_SAMPLES_PER_SECOND)},${plotY(values[i])}`;
  return points;
}
