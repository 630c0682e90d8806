// The script of Timeline.astro (or of a figure's own [data-part=play] button): play/pause, the
// time slider and its output, the element's data-playing attribute, and PlaybackOptions.astro's
// clip menu, one-frame steps and speed menu. The state they show
// (playing, time) is SkinView's: this class passes the reader's input on and shows what it is told.

import type { Clip } from '../../core/model.ts';
import { formatNumber } from './format.ts';
import { part } from './parts.ts';

/** What the reader asks of playback. */
export interface PlaybackInput {
  /** The play/pause button was pressed. */
  togglePlaying(): void;
  /** The time slider moved (its value: sliderTime). */
  seek(): void;
  /** The time slider was let go (a committed change). */
  seekDone(): void;
  /** A step button was pressed: one frame back, −1, or forward, +1 (figures with steps). */
  step?(direction: number): void;
  /** The clip menu or the speed menu changed (their values: chosenClip, speed; figures with them). */
  playbackChanged?(): void;
}

export class PlaybackControls {
  private readonly host: HTMLElement;
  private readonly playButton: HTMLButtonElement | null;
  private readonly timeSlider: HTMLInputElement | null;
  private readonly timeOutput: HTMLOutputElement | null;
  private readonly clipMenu: HTMLSelectElement | null;
  private readonly speedMenu: HTMLSelectElement | null;
  /** Clip time shown in the time output, in hundredths of a second (−1: none yet). */
  private shownHundredths = -1;
  /** performance.now() (ms) when follow last moved the slider, and last wrote the time output; −Infinity: not yet. */
  private thumbMovedAt = Number.NEGATIVE_INFINITY;
  private followedAt = Number.NEGATIVE_INFINITY;
  /** The clip time follow was last given, seconds (NaN before): the slider may show one a little older. */
  private followedTime = Number.NaN;
  /** The slider has shown a clip's range (before that, its 0–1 range stands for the whole clip). */
  private clipShown = false;

  /** Takes [data-part=play], [data-part=time] and [data-part=time-output] of `host`, any of them optional. */
  constructor(host: HTMLElement, input: PlaybackInput) {
    this.host = host;
    this.playButton = part(host, 'play');
    this.timeSlider = part(host, 'time');
    this.timeOutput = part(host, 'time-output');
    this.clipMenu = part(host, 'clip-select');
    this.speedMenu = part(host, 'speed');
    host.dataset.playing = 'false';
    part(host, 'step-back')?.addEventListener('click', () => input.step?.(-1));
    part(host, 'step-forward')?.addEventListener('click', () => input.step?.(1));
    for (const menu of [this.clipMenu, this.speedMenu]) menu?.addEventListener('change', () => input.playbackChanged?.());
    this.playButton?.addEventListener('click', () => input.togglePlaying());
    // Pressing the slider takes hold of the time where the thumb stands (a click on the thumb of a
    // playing clip changes no value, so no input event follows); a press on the track then moves
    // it on, through the input event, to where the pointer is.
    // While a clip plays the slider lags its time by up to PLAYING_THUMB_INTERVAL: it is set to the
    // time first.
    this.timeSlider?.addEventListener('pointerdown', () => {
      if (this.timeSlider !== null && host.dataset.playing === 'true' && Number.isFinite(this.followedTime)) {
        this.timeSlider.valueAsNumber = this.followedTime;
      }
      input.seek();
    });
    this.timeSlider?.addEventListener('input', () => input.seek());
    this.timeSlider?.addEventListener('change', () => input.seekDone());
  }

  /** The clip chosen in the clip menu (its name), undefined without a menu. */
  get chosenClip(): string | undefined {
    return this.clipMenu?.value;
  }

  /** The speed chosen in the speed menu, × the clip's own rate (1 without a menu). */
  get speed(): number {
    return Number(this.speedMenu?.value ?? 1);
  }

  /** The time slider's value, seconds into the clip (NaN without a slider). */
  get sliderTime(): number {
    return this.timeSlider?.valueAsNumber ?? Number.NaN;
  }

  /**
   * Where the reader put the time slider before any clip was shown on it, as a share (0–1) of its
   * range; null when it was not moved from its server-rendered value, or a clip is shown already.
   */
  get fractionChosenBeforeStart(): number | null {
    const slider = this.timeSlider;
    if (slider === null || this.clipShown || !Number.isFinite(slider.valueAsNumber)) return null;
    if (slider.valueAsNumber === Number(slider.defaultValue)) return null;
    const min = Number(slider.min) || 0;
    const max = Number(slider.max) || 1;
    return max > min ? Math.min(1, Math.max(0, (slider.valueAsNumber - min) / (max - min))) : null;
  }

  /**
   * Shows whether the clip plays (data-playing, the button's label) and can play (the button is
   * enabled), and the range of `clip` on the slider; paused, also `time` (seconds, looped into
   * the clip) on the slider. Without a clip the slider keeps what it shows.
   */
  show(playing: boolean, playable: boolean, clip: Clip | undefined, time: number): void {
    this.host.dataset.playing = String(playing);
    if (this.playButton !== null) {
      const label = this.playButton.querySelector('[data-part=play-label]') ?? this.playButton;
      label.textContent = playing ? 'Pause' : 'Play';
      this.playButton.disabled = !playable;
    }
    const slider = this.timeSlider;
    if (slider !== null && clip !== undefined) {
      this.clipShown = true;
      slider.max = String(clip.duration);
      slider.step = 'any';
      if (!playing) slider.valueAsNumber = loopedForSlider(time, clip.duration);
      this.showTime(slider.valueAsNumber);
    }
  }

  /**
   * While the clip plays (after each frame): puts the slider at `clipTime` seconds at most every
   * PLAYING_THUMB_INTERVAL ms, and the output at most every PLAYING_TEXT_INTERVAL ms, in the same
   * frames; pausing (show) writes the exact time.
   */
  follow(clipTime: number): void {
    if (this.timeSlider === null) return;
    this.followedTime = clipTime;
    const now = performance.now();
    // A loop that wrapped is shown at once, on both.
    const wrapped = clipTime * 100 < this.shownHundredths;
    if (now - this.thumbMovedAt < PLAYING_THUMB_INTERVAL && !wrapped) return;
    this.thumbMovedAt = now;
    this.timeSlider.valueAsNumber = clipTime;
    if (now - this.followedAt < PLAYING_TEXT_INTERVAL && !wrapped) return;
    this.followedAt = now;
    this.showTime(clipTime);
  }

  /** Writes `seconds` into the time output when its displayed value (hundredths) changes. */
  showTime(seconds: number): void {
    const hundredths = Math.round(seconds * 100);
    if (this.timeOutput === null || hundredths === this.shownHundredths) return;
    this.shownHundredths = hundredths;
    // The output's text node is kept and its characters changed: setting the output's value would
    // put a new node in its place, which the page must then style and lay out anew.
    const text = this.timeOutput.firstChild;
    const shown = `${formatNumber(seconds, 2, { fixed: true })} s`;
    if (text instanceof Text && text.nextSibling === null) text.data = shown;
    else this.timeOutput.textContent = shown;
  }
}

/**
 * Least time between two moves of the slider's thumb while a clip plays, ms: every other frame of
 * a 60 Hz display (30 moves a second; 40 at most on faster ones). Any change to the page costs a
 * frame Chromium's whole update — style, layout, paint, layers, commit — about 1.6 ms of the home
 * page's main thread (of 3.3 ms per frame with the thumb moving every frame, 1.7 ms without it;
 * Chromium's trace, software WebGL). The thumb of the 1.2 s walk, on a 290 px slider, moves 8 px
 * at a time instead of 4.
 */
const PLAYING_THUMB_INTERVAL = 25;

/**
 * Least time between two writes of the time output while a clip plays, ms: a number nobody reads
 * at 60 changes a second, written with a move of the thumb (so it costs no update of its own).
 */
const PLAYING_TEXT_INTERVAL = 100;

/** Below this share of the clip's duration, a looped time is the end of a loop (rounding only). */
const LOOP_END_TOLERANCE = 1e-9;

/**
 * `time` (seconds) looped into [0, `duration`] for the slider: a positive whole number of loops
 * (to rounding: the slider's maximum, parsed back, can exceed the duration by a few ulps) shows as
 * the end of the clip, not as its start, so End, and an arrow key at the end, stay there.
 */
function loopedForSlider(time: number, duration: number): number {
  // A positive modulo: a clip played backwards runs below 0.
  const looped = time < 0 ? (time % duration) + duration : time % duration;
  if (time > 0 && looped <= LOOP_END_TOLERANCE * duration) return duration;
  return Math.min(looped || 0, duration);
}
