// A figure's controls work before its code has loaded: they are server-rendered enabled, and they
// hold the state the figure starts from. Radios, checkboxes, sliders and menus keep their values
// by themselves (the island reads them when it starts); what they do not keep is kept here, on the
// element, the way the running island would do it (skin-view.ts reads it when the model arrives):
//
//   Play/Pause  ([data-part=play])        data-play-request "true" | "false"; absent: the figure's
//                                         own default (autoplay or not) decides
//   the bind-pose radio ([data-part=pose])   pauses
//   the time slider ([data-part=time])    pauses and leaves the bind pose
//   a step ([data-part=step-back|-forward])  pauses, leaves the bind pose and counts in data-steps
//                                         the frames (forward; negative: back) skin-view.ts moves
//                                         the start time by
//
// This module is part of every page's initial JavaScript (through island-manager.ts): it stays tiny.

/** The reader's Play/Pause request made before the clip was loaded: true, false, or null for none. */
export function playRequest(host: HTMLElement): boolean | null {
  const request = host.dataset.playRequest;
  return request === undefined ? null : request === 'true';
}

/** Records a Play (true) or Pause (false) request and shows it on the button's label. */
export function requestPlaying(host: HTMLElement, playing: boolean): void {
  host.dataset.playRequest = String(playing);
  const button = host.querySelector('[data-part=play]');
  const label = button?.querySelector('[data-part=play-label]') ?? button;
  if (label) label.textContent = playing ? 'Pause' : 'Play';
}

/** Forgets the requests (Play/Pause, steps) once the figure has started from them. */
export function clearPlayRequest(host: HTMLElement): void {
  delete host.dataset.playRequest;
  delete host.dataset.steps;
}

/** Records a step of one frame back (−1) or forward (+1) made before the clip was loaded: pauses, and leaves the bind pose. */
export function requestStep(host: HTMLElement, direction: number): void {
  host.dataset.steps = String((Number(host.dataset.steps) || 0) + direction);
  requestPlaying(host, false);
  leaveBindPose(host);
}

/** Checks the posed radio as a click would (a running island's pose toggle hears it). */
function leaveBindPose(host: HTMLElement): void {
  host.querySelector<HTMLInputElement>('[data-part=pose] input[value=animated]')?.click();
}

/** Elements whose controls keepStateBeforeStart already watches (an element can be observed again). */
const watched = new WeakSet<HTMLElement>();

/**
 * Keeps the state of `host`'s Play/Pause button, pose radios and time slider while `started()` is
 * false (the island's code has not loaded yet); afterwards the island handles them itself.
 */
export function keepStateBeforeStart(host: HTMLElement, started: () => boolean): void {
  if (watched.has(host)) return;
  watched.add(host);
  host.addEventListener('click', (event) => {
    if (started() || !(event.target instanceof Element)) return;
    const step = event.target.closest<HTMLElement>('[data-part^=step-]')?.dataset.part;
    if (step !== undefined) requestStep(host, step === 'step-back' ? -1 : 1);
    else if (event.target.closest('[data-part=play]') !== null) requestPlaying(host, playRequest(host) !== true);
  });
  host.addEventListener('change', (event) => {
    const target = event.target;
    if (started() || !(target instanceof HTMLInputElement) || target.closest('[data-part=pose]') === null) return;
    if (target.checked && target.value === 'bind') requestPlaying(host, false);
  });
  host.addEventListener('input', (event) => {
    const target = event.target;
    if (started() || !(target instanceof HTMLInputElement) || target.type !== 'range') return;
    if (target.dataset.part !== 'time') {
      showSliderValue(host, target);
      return;
    }
    requestPlaying(host, false);
    leaveBindPose(host);
  });
}

/**
 * Writes a slider's new value into its <output> in the output's own format: the server-rendered
 * text's number ("45°", "1.0×", "0.50 s") replaced, with as many decimals.
 */
function showSliderValue(host: HTMLElement, slider: HTMLInputElement): void {
  const output = slider.id === '' ? null : host.querySelector<HTMLOutputElement>(`output[for="${slider.id}"]`);
  const text = output?.value ?? '';
  const number = /^[−-]?\d+(?:\.(\d+))?/.exec(text);
  if (output === null || number === null || !Number.isFinite(slider.valueAsNumber)) return;
  const decimals = number[1]?.length ?? 0;
  output.value = slider.valueAsNumber.toFixed(decimals) + text.slice(number[0].length);
}
