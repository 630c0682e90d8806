// Measuring the crowd figure at every crowd size (chapter 12), loaded the first time the reader
// presses "Measure": the figure runs each size for a few frames with the GPU waited for after each
// stage, hands every frame's stage times to a CrowdMeasurement, and shows the medians as the plot
// of crowd-plot.ts and a table. Set-up and reporting only: the frames themselves are the island's.

import { formatNumber } from '../shared/format.ts';
import { part } from '../shared/parts.ts';
import { milliseconds } from './crowd-format.ts';
import { CROWD_SIZES, LAST_SIZE_ABOVE_MS } from './crowd-layout.ts';
import { costPlot, PLOT_MARGIN, PLOT_WIDTH, STAGES } from './crowd-plot.ts';

/** Frames run before timing each size (fewer when one is already slow), frames timed at most, and the milliseconds of timed frames after which fewer suffice. */
const WARM_UP = 2;
const MOST_FRAMES = 5;
const ENOUGH_MS = 600;


/** The island's stage times per frame: STAGES (pose, skin, upload, draw, total), then the frame interval. */
export const TIMED_PER_FRAME = STAGES.length + 1;
const TOTAL = STAGES.indexOf('total');

export class CrowdMeasurement {
  /** What the figure showed before, to go back to: its crowd size, clock (seconds) and playing. */
  readonly count: number;
  readonly time: number;
  readonly playing: boolean;
  /** Per size, the median milliseconds of each of STAGES, size after size; NaN for the sizes not measured. */
  readonly results = new Float64Array(CROWD_SIZES.length * STAGES.length).fill(Number.NaN);
  private sizeIndex = 0;
  private warmUp = WARM_UP;
  private timed = 0;
  private readonly samples = new Float64Array(TIMED_PER_FRAME * MOST_FRAMES);
  private readonly scratch = new Float64Array(MOST_FRAMES);

  constructor(count: number, time: number, playing: boolean) {
    this.count = count;
    this.time = time;
    this.playing = playing;
  }

  /** The crowd size the next frame must run. */
  get size(): number {
    return CROWD_SIZES[this.sizeIndex];
  }

  /** Takes one frame's stage times (TIMED_PER_FRAME values of `timings` from `slot`); returns true once every size is measured. */
  record(timings: Float64Array, slot: number): boolean {
    if (this.warmUp > 0) {
      // A frame slow enough to count on its own has warmed everything up already.
      this.warmUp = timings[slot + TOTAL] >= ENOUGH_MS ? 0 : this.warmUp - 1;
      return false;
    }
    for (let s = 0; s < TIMED_PER_FRAME; s++) this.samples[TIMED_PER_FRAME * this.timed + s] = timings[slot + s];
    this.timed++;
    let spent = 0;
    for (let f = 0; f < this.timed; f++) spent += this.samples[TIMED_PER_FRAME * f + TOTAL];
    if (this.timed < MOST_FRAMES && spent < ENOUGH_MS) return false;
    const values = this.scratch.subarray(0, this.timed);
    for (let s = 0; s < STAGES.length; s++) {
      for (let f = 0; f < this.timed; f++) values[f] = this.samples[TIMED_PER_FRAME * f + s];
      values.sort();
      const middle = (this.timed - 1) / 2;
      this.results[this.sizeIndex * STAGES.length + s] = (values[Math.floor(middle)] + values[Math.ceil(middle)]) / 2;
    }
    const tooSlow = this.results[this.sizeIndex * STAGES.length + TOTAL] > LAST_SIZE_ABOVE_MS;
    this.sizeIndex++;
    this.warmUp = WARM_UP;
    this.timed = 0;
    return this.sizeIndex === CROWD_SIZES.length || tooSlow;
  }
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Draws `results` (a finished CrowdMeasurement's) into `host`'s plot and table, and returns the
 * sentence that says what they show. `skinnedOnGpu`: the skin stage ran in the vertex shader, so
 * its column shows a dash.
 */
export function showMeasurement(host: HTMLElement, results: Float64Array, skinnedOnGpu: boolean): string {
  const plot = costPlot(CROWD_SIZES, results);
  const svg = part<SVGSVGElement>(host, 'cost-plot');
  if (svg !== null) {
    STAGES.forEach((stage, s) => svg.querySelector(`[data-stage=${stage}]`)?.setAttribute('points', plot.lines[s]));
    svg.querySelector('[data-part=y-ticks]')?.replaceChildren(
      ...plot.yTicks.flatMap(({ y, label }) => {
        const line = document.createElementNS(SVG, 'line');
        line.setAttribute('class', 'crowd-grid');
        for (const [name, value] of [['x1', PLOT_MARGIN.left], ['x2', PLOT_WIDTH - PLOT_MARGIN.right], ['y1', y], ['y2', y]] as const) line.setAttribute(name, value.toFixed(1));
        const text = document.createElementNS(SVG, 'text');
        text.setAttribute('x', String(PLOT_MARGIN.left - 6));
        text.setAttribute('y', (y + 4).toFixed(1));
        text.setAttribute('text-anchor', 'end');
        text.textContent = label;
        return [line, text];
      }),
    );
  }
  CROWD_SIZES.forEach((size, i) => {
    STAGES.forEach((stage, s) => {
      const cell = host.querySelector(`[data-measured="${size}-${stage}"]`);
      const value = results[i * STAGES.length + s];
      if (cell !== null) cell.textContent = Number.isNaN(value) ? 'not measured' : stage === 'skin' && skinnedOnGpu ? '—' : milliseconds(value);
    });
  });
  part<HTMLElement>(host, 'measured')?.removeAttribute('hidden');
  part<HTMLElement>(host, 'plot-empty')?.setAttribute('hidden', '');
  host.dataset.measured = Array.from(results, (value) => value.toFixed(4)).join(' ');
  const total = (size: number) => results[size * STAGES.length + TOTAL];
  const measured = CROWD_SIZES.filter((_, size) => !Number.isNaN(total(size))).length;
  const last = measured - 1;
  const frames = CROWD_SIZES.slice(0, measured).map((count, size) => `${size === 0 ? 'a frame of 1 mannequin took' : `of ${count.toLocaleString('en')}`} ${milliseconds(total(size))}`);
  const growth = total(last) / Math.max(total(0), 1e-6);
  let sentence = `Measured on this machine, GPU waited for: ${frames.join(', ')} — ${formatNumber(growth, 0)} times the cost for ${CROWD_SIZES[last].toLocaleString('en')} times the crowd.`;
  if (measured < CROWD_SIZES.length) {
    const next = CROWD_SIZES[measured];
    sentence += ` ${next.toLocaleString('en')} was not measured: at about ${formatNumber((total(last) * next) / CROWD_SIZES[last] / 1000, 0)} s a frame, it would have held the page that long.`;
  }
  return sentence;
}
