// A figure's state in the page address, so a view can be linked to: the values of the figure's own
// form controls, read from and written to the DOM (never from a figure's internals), so any control
// a figure has, or gains, is covered without change here.
//
// The address: ?fig=<name>&<control>=<value>…#figure-<name>
//   The state is in the query, not the hash, so the hash stays a plain anchor: the browser scrolls
//   to the figure by itself, even before this code loads, and a static host serves the page as is.
//   <control> is the control's own name with the island's build-time id prefix taken off (ids.ts
//   numbers islands across a build; "offset-3-bend" → "bend"), else its data-part; a radio group is
//   one control, named after its name attribute. Only controls that differ from their
//   server-rendered values are written, and the time slider only while the clip is paused.
//
// Opening such an address sets the controls before the figure starts (island-manager.ts waits for
// this module when the address carries a state), as a reader's own input would
// (controls-before-start.ts). What cannot be set yet waits: a menu the figure fills when it starts
// (the joint), and the time slider, whose range is the clip's once the clip is known.
// Values are checked against the controls (number in range, an existing choice); anything else is
// dropped silently, and nothing from the address is ever written as markup.
//
// This module loads on demand (island-manager.ts): when the address carries a state, or when a
// Link or "Open on its own page" is pressed.

import { FIGURE_PARAMETER, figureAnchor, figurePagePath, isFigureName } from './figure-names.ts';

/** Longest query read, characters; a longer one is ignored whole. */
const MAX_QUERY_LENGTH = 2000;
/** Most controls read from one address. */
const MAX_CONTROLS = 32;
/** Longest value read for one control, characters. */
const MAX_VALUE_LENGTH = 64;
/** Longest a menu the figure fills when it starts is waited for, milliseconds. */
const WAIT_FOR_OPTIONS_MS = 30_000;
/** Decimals kept of a slider with a fractional step (seconds, degrees, ratios). */
const DECIMALS = 4;
/** A control's name in an address: lower-case letters, digits and hyphens. */
const CONTROL_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An island's build-time id prefix (ids.ts: "<kind>-<counter>-") before a control's own name. */
const ISLAND_ID_PREFIX = /^[a-z]+(?:-[a-z]+)*-\d+-(.+)$/;

/** The figure and control values an address names, checked for shape only. */
export interface AddressState {
  name: string;
  values: Map<string, string>;
}

/** Reads `?fig=<name>&<control>=<value>…`; null when there is no well-formed figure name. */
export function readAddressState(search: string): AddressState | null {
  if (search.length > MAX_QUERY_LENGTH) return null;
  const params = new URLSearchParams(search);
  const name = params.get(FIGURE_PARAMETER) ?? '';
  if (!isFigureName(name)) return null;
  const values = new Map<string, string>();
  for (const [key, value] of params) {
    if (key === FIGURE_PARAMETER || values.has(key) || !CONTROL_KEY.test(key) || key.length > 40 || value.length > MAX_VALUE_LENGTH) continue;
    values.set(key, value);
    if (values.size === MAX_CONTROLS) break;
  }
  return { name, values };
}

/** A number as an address writes it: at most DECIMALS decimals, no trailing zeros. */
export function formatControlNumber(value: number): string {
  return String(Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS);
}

/** A number from an address, or null unless it is a plain finite decimal. */
export function parseControlNumber(text: string): number | null {
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLButtonElement;

/** One control of a figure as the address names it: a radio group, or a single element. */
interface NamedControl {
  key: string;
  elements: Control[];
}

function ownName(text: string): string | null {
  const match = ISLAND_ID_PREFIX.exec(text);
  return match === null ? null : match[1];
}

/** The figure's controls by address name, in document order (the Link bar's own excluded). */
function namedControls(host: HTMLElement): NamedControl[] {
  const byKey = new Map<string, NamedControl>();
  const candidates = host.querySelectorAll<Control>('input[type=range], input[type=radio], input[type=checkbox], select, button[aria-pressed]');
  for (const element of candidates) {
    if (element.closest('[data-figure-links]') !== null) continue;
    const radio = element instanceof HTMLInputElement && element.type === 'radio';
    let key = radio ? ownName(element.name) : (ownName(element.id) ?? element.dataset.part ?? null);
    if (key === null || !CONTROL_KEY.test(key) || key === FIGURE_PARAMETER) continue;
    const existing = byKey.get(key);
    if (existing !== undefined && radio && (existing.elements[0] as HTMLInputElement).name === element.name) {
      existing.elements.push(element);
      continue;
    }
    // Two controls with one name (two sliders both data-part="angle" without ids): number the later.
    for (let copy = 2; byKey.has(key); copy++) key = `${key.replace(/-\d+$/, '')}-${copy}`;
    byKey.set(key, { key, elements: [element] });
  }
  return [...byKey.values()];
}

const isTimeSlider = (element: Control): boolean => element instanceof HTMLInputElement && element.dataset.part === 'time';

/** The value to write for `control`, or null when it shows its server-rendered value. */
function currentValue(host: HTMLElement, { elements }: NamedControl): string | null {
  const first = elements[0];
  if (first instanceof HTMLSelectElement) {
    // A menu the figure fills itself (the joints) has no server-rendered choice: its first option stands for it.
    const selected = first.selectedOptions[0];
    const chosenByServer = [...first.options].some((option) => option.defaultSelected);
    if (selected === undefined || selected.defaultSelected || (!chosenByServer && first.selectedIndex === 0)) return null;
    return selected.value;
  }
  if (first instanceof HTMLButtonElement) return first.getAttribute('aria-pressed') === 'true' ? '1' : '0';
  if (first.type === 'radio') {
    const checked = (elements as HTMLInputElement[]).find((radio) => radio.checked);
    return checked === undefined || checked.defaultChecked ? null : checked.value;
  }
  if (first.type === 'checkbox') return first.checked === first.defaultChecked ? null : first.checked ? '1' : '0';
  const value = first.valueAsNumber;
  if (!Number.isFinite(value)) return null;
  // The time: kept while paused (data-playing "false", playback-controls.ts), even at 0.
  if (isTimeSlider(first)) {
    const playing = host.dataset.playing;
    if (playing === 'true' || (playing === undefined && value === Number(first.defaultValue))) return null;
    return formatControlNumber(value);
  }
  return value === Number(first.defaultValue) ? null : formatControlNumber(value);
}

/** The query string (without "?") of figure `name`'s current state. */
export function figureStateQuery(host: HTMLElement, name: string): string {
  const params = new URLSearchParams({ [FIGURE_PARAMETER]: name });
  for (const control of namedControls(host)) {
    const value = currentValue(host, control);
    if (value !== null) params.set(control.key, value);
  }
  return params.toString();
}

/** Dispatches what a reader's own change would, so the figure (started or not) takes it up. */
function announce(element: Control, events: readonly string[] = ['input', 'change']): void {
  for (const type of events) element.dispatchEvent(new Event(type, { bubbles: true }));
}

/** Sets a range input to `value` when it lies within the input's range; true when set. */
function setRange(slider: HTMLInputElement, value: number): boolean {
  const min = slider.min === '' ? 0 : Number(slider.min);
  const max = slider.max === '' ? 100 : Number(slider.max);
  if (!(value >= min && value <= max)) return false;
  if (slider.valueAsNumber !== value) {
    slider.valueAsNumber = value;
    announce(slider);
  }
  return true;
}

/**
 * The time: before the figure knows its clip the slider is a share of a range of 0 to 1 (skin-view.ts),
 * so a pause is asked for now (as moving the slider would), and the time set once the figure gives
 * the slider the clip's range (its max attribute, set even when it does not change).
 */
function setTime(slider: HTMLInputElement, seconds: number): void {
  if (seconds < 0) return;
  announce(slider, ['input']);
  const observer = new MutationObserver(() => {
    observer.disconnect();
    setRange(slider, seconds);
  });
  observer.observe(slider, { attributes: true, attributeFilter: ['max'] });
}

/** A menu: the option now, or once the figure fills the menu with it (a joint list). */
function setSelect(select: HTMLSelectElement, value: string): void {
  const choose = (): boolean => {
    const option = [...select.options].find((candidate) => candidate.value === value);
    if (option === undefined) return false;
    if (!option.selected) {
      select.value = value;
      announce(select, ['change']);
    }
    return true;
  };
  if (choose()) return;
  const observer = new MutationObserver(() => {
    if (choose()) observer.disconnect();
  });
  observer.observe(select, { childList: true });
  setTimeout(() => observer.disconnect(), WAIT_FOR_OPTIONS_MS);
}

/**
 * Sets `host`'s controls from `values` (address names → values), ignoring what does not fit; before
 * the figure starts (island-manager.ts applies an address's state before it loads the figure's code).
 */
export function applyFigureState(host: HTMLElement, values: ReadonlyMap<string, string>): void {
  let time: { slider: HTMLInputElement; seconds: number } | null = null;
  for (const control of namedControls(host)) {
    const value = values.get(control.key);
    if (value === undefined) continue;
    const first = control.elements[0];
    if (first instanceof HTMLSelectElement) setSelect(first, value);
    else if (first instanceof HTMLButtonElement) {
      if ((value === '1' || value === '0') && (first.getAttribute('aria-pressed') === 'true') !== (value === '1')) first.click();
    } else if (first.type === 'radio') {
      const radio = (control.elements as HTMLInputElement[]).find((candidate) => candidate.value === value);
      if (radio !== undefined && !radio.checked) {
        radio.checked = true;
        announce(radio);
      }
    } else if (first.type === 'checkbox') {
      if ((value === '1' || value === '0') && first.checked !== (value === '1')) {
        first.checked = value === '1';
        announce(first);
      }
    } else {
      const number = parseControlNumber(value);
      if (number === null) continue;
      // Last: moving the time leaves the bind pose, which a pose choice above may have chosen.
      if (isTimeSlider(first)) time = { slider: first, seconds: number };
      else setRange(first, number);
    }
  }
  if (time !== null) setTime(time.slider, time.seconds);
}

/** Applies the state the page's address carries, if it names a figure on this page, and scrolls to it. */
export function applyAddressState(): void {
  try {
    const state = readAddressState(location.search);
    if (state === null) return;
    const host = document.getElementById(figureAnchor(state.name));
    if (host === null || !host.classList.contains('island')) return;
    applyFigureState(host, state.values);
    // Again once the state is set (the browser scrolled to the anchor before the page settled); a
    // figure's own page, addressed without the anchor, keeps its title in view.
    if (location.hash === `#${figureAnchor(state.name)}`) host.scrollIntoView({ block: 'start' });
  } catch {
    // A state that cannot be applied leaves the figure as it was served.
  }
}

/** Shows `message` in the figure's Link status line (polite, read out once). */
function showLinkStatus(trigger: Element, message: string): void {
  const status = trigger.closest('[data-figure-links]')?.querySelector('[data-figure-link-status]');
  if (status instanceof HTMLElement) status.textContent = message;
}

/**
 * A Link button ([data-figure-link=copy]) or a link carrying the state ([data-figure-link=open],
 * an <a>: "Open on its own page", or the way back to the chapter) was pressed. The button writes the
 * figure's address into the address bar and the clipboard; a link goes to its page with the state.
 */
export async function followFigureLink(trigger: HTMLElement): Promise<void> {
  const name = trigger.dataset.figureName ?? '';
  const host = isFigureName(name) ? document.getElementById(figureAnchor(name)) : null;
  const query = host === null ? '' : figureStateQuery(host, name);
  if (trigger instanceof HTMLAnchorElement) {
    const target = new URL(trigger.href, location.href);
    if (query !== '') target.search = `?${query}`;
    location.assign(target.href);
    return;
  }
  if (host === null) return;
  const address = new URL(location.href);
  address.search = `?${query}`;
  address.hash = address.pathname === figurePagePath(name) ? '' : figureAnchor(name);
  history.replaceState(history.state, '', address.href);
  try {
    await navigator.clipboard.writeText(address.href);
    showLinkStatus(trigger, 'Link to this view copied.');
  } catch {
    showLinkStatus(trigger, 'Could not copy: the link to this view is in the address bar.');
  }
}
