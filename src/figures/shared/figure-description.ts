// The live description of a figure, for screen readers: one visually hidden, polite live region
// per figure (IslandStage's [data-part=description], which the canvas's aria-describedby names),
// holding one or two sentences on what the figure shows now ("Bind pose, paused at 0.40 s of the
// walk clip, weights of upper_arm.L shown. Break it: wrong order."). The figure says when its state
// changed (changed()); the text is composed and written at most once per ANNOUNCE_INTERVAL_MS, and
// only when it differs, so that dragging a slider does not flood the reader, and a playing clip,
// whose text does not name the time, announces nothing per frame.
//
// The words common to every figure (what the shared controls are set to) are composed here from
// the controls themselves; the figure adds its own numbers (describeState in skin-view.ts).

import { part } from './parts.ts';

/** Shortest time between two rewrites of the description, milliseconds. */
export const ANNOUNCE_INTERVAL_MS = 500;

export class FigureDescription {
  private readonly region: HTMLElement | null;
  private readonly compose: () => string;
  /** Pending setTimeout id, 0 for none. */
  private timer = 0;
  /** performance.now() of the last rewrite, −Infinity before the first. */
  private lastWrite = Number.NEGATIVE_INFINITY;

  /** Writes `compose()` into the [data-part=description] of `host` (nothing happens without one). */
  constructor(host: HTMLElement, compose: () => string) {
    this.region = part(host, 'description');
    this.compose = compose;
  }

  /** The figure's state changed: the description follows within ANNOUNCE_INTERVAL_MS. Cheap to call often. */
  changed(): void {
    if (this.region === null || this.timer !== 0) return;
    const wait = Math.max(0, this.lastWrite + ANNOUNCE_INTERVAL_MS - performance.now());
    this.timer = window.setTimeout(() => this.write(), wait);
  }

  private write(): void {
    this.timer = 0;
    this.lastWrite = performance.now();
    const text = this.compose();
    if (this.region !== null && this.region.textContent !== text) this.region.textContent = text;
  }
}

/** The visible words of `element` with runs of white space as one space, trimmed. */
function words(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * What the variant choices of `host` are set to, e.g. "Break it: wrong order. Weights: rigid.":
 * each ChoiceGroup or "Break it" fieldset (.island-break) as its legend's own words (not its muted
 * hint) and the checked choice's name; each segmented group other than the pose switch likewise.
 */
export function describeChoices(host: HTMLElement): string {
  const sentences: string[] = [];
  for (const group of host.querySelectorAll<HTMLFieldSetElement>('fieldset.island-break, fieldset.island-segmented:not([data-part=pose])')) {
    const checked = group.querySelector<HTMLInputElement>('input[type=radio]:checked');
    if (checked === null) continue;
    const legend = group.querySelector('legend');
    const legendWords = legend === null ? '' : Array.from(legend.childNodes, (node) => (node.nodeType === Node.TEXT_NODE ? node.textContent : '')).join('');
    const label = checked.closest('label');
    const name = words(label?.querySelector('span') ?? label);
    sentences.push(`${legendWords.replace(/\s+/g, ' ').trim() || 'Choice'}: ${name}.`);
  }
  return sentences.join(' ');
}

/** The name of the checked pose ("Bind pose", "Animated", "Walking"…), '' without a pose switch. */
export function describePose(host: HTMLElement): string {
  return words(host.querySelector('[data-part=pose] input:checked')?.closest('label')?.querySelector('span'));
}

/**
 * The figure's sliders other than the clip time, e.g. "Shoulder 30°, elbow 45°.": each range input
 * with a label and an output, as the label's words and the output's value.
 */
export function describeSliders(host: HTMLElement): string {
  const parts: string[] = [];
  for (const slider of host.querySelectorAll<HTMLInputElement>('input[type=range]')) {
    if (slider.dataset.part === 'time' || slider.id === '') continue;
    const output = host.querySelector<HTMLOutputElement>(`output[for="${slider.id}"]`);
    const label = host.querySelector(`label[for="${slider.id}"]`);
    if (output === null || label === null || label.classList.contains('visually-hidden')) continue;
    parts.push(`${words(label)} ${output.value}`);
  }
  if (parts.length === 0) return '';
  const sentence = parts.join(', ');
  return `${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
}
