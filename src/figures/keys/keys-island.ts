// The keys island (chapter 7): the mannequin's walk with its keys on a timeline. One row per
// channel of the chosen joint, a tick per key, the two keys around the sampled time highlighted;
// a clock with a speed and one-frame steps; the key-time comparisons three searches make on this
// frame (src/core/key-search.ts); and a "Break it" choice of clocks and of rotation kernels from
// src/core/pitfalls.ts. The walk's rotation keys are written with w ≥ 0, as many exporters write
// them (exported-keys.ts), which the correct sampler does not notice and the long way does.

import { Playback, sampleClip, wrapClipTime } from '../../core/clip.ts';
import { animateFrame, showRestPose } from '../../core/frame.ts';
import { findKeyByBinarySearch, findKeyByLinearScan, findKeyFromCursor, type SearchCount } from '../../core/key-search.ts';
import type { Clip } from '../../core/model.ts';
import { animationTimeSecondsAsTicks, animationTimeWithoutTicksDefault, slerpQuatAtWithoutFlip, wrapClipTimeWithFmod } from '../../core/pitfalls.ts';
import { sampleClipBlendingRotations } from '../../core/rotation-blend.ts';
import { clipInTicks } from '../../core/ticks.ts';
import { formatNumber } from '../shared/format.ts';
import type { Island } from '../shared/island-manager.ts';
import { part } from '../shared/parts.ts';
import { SkinView } from '../shared/skin-view.ts';
import { flippedSegments, withPositiveW } from './exported-keys.ts';
import { ROW_HEIGHT, TIMELINE_WIDTH, ticksPath, timeX } from '../shared/key-ticks.ts';

/** Ticks per second of the walk as an Assimp-based player would hold it: keys counted in frames. */
const TICKS_PER_SECOND = 30;
const CHANNELS = ['translation', 'rotation', 'scale'];

type Mode = 'correct' | 'clamp' | 'fmod' | 'seconds-as-ticks' | 'no-ticks-default' | 'long-way';

class KeysIsland extends SkinView {
  private mode: Mode = 'correct';
  /** One display frame at 60 Hz: what the step buttons move the clock by (KeysFigure.astro's frameRate). */
  protected override frameSeconds = 1 / 60;
  /** The player's clock, seconds since the clip started: may run past the end, or below 0. */
  private clock = 0;
  /** this.time as last seen: a change while paused is the reader moving the time slider. */
  private seenTime = 0;
  /** The clip time the sampler used this frame, seconds; −1 in the bind pose. */
  private sampled = -1;
  /** The walk with its rotation keys written w ≥ 0, in seconds and in ticks (frames). */
  private clip: Clip | null = null;
  private ticksClip: Clip | null = null;
  /** The counted cursor search's own cursor: per track, the segment it found last. */
  private hints = new Int32Array(0);
  private readonly scratch: SearchCount = { comparisons: 0 };
  /** Comparisons this frame: linear, binary, cursor for the chosen joint, then for all tracks. */
  private readonly counts = new Int32Array(6);
  private readonly shownCounts = new Int32Array(6).fill(-1);
  /** Per channel row: the chosen joint's track index (−1: not keyed), the highlighted keys shown. */
  private readonly rowTracks = new Int32Array(3).fill(-1);
  private readonly shownKeys = new Int32Array(3).fill(-2);
  private shownSignature = NaN;
  private announcePending = false;
  private shownText = '';
  private shownNode = -1;
  private shownMode = '';

  private readonly rows: SVGPathElement[][];
  private readonly playhead: SVGLineElement | null;
  private readonly countCells: HTMLElement[];
  private readonly rowCounts: HTMLElement[];
  private readonly state: HTMLElement | null;
  private readonly announcer: HTMLElement | null;
  private readonly jointName: HTMLElement | null;

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.9, pitch: 0.12, autoplay: true });
    const paths = (kind: string) => Array.from(host.querySelectorAll<SVGPathElement>(`.keys-${kind}`));
    this.rows = ['ticks', 'around', 'flips'].map(paths);
    this.playhead = part(host, 'playhead');
    this.countCells = [];
    for (const cell of host.querySelectorAll<HTMLElement>('[data-count]')) this.countCells[Number(cell.dataset.count)] = cell;
    this.rowCounts = Array.from(host.querySelectorAll<HTMLElement>('[data-part=key-count]'));
    this.state = part(host, 'keys-state');
    this.announcer = part(host, 'keys-announce');
    this.jointName = part(host, 'joint-name');
    this.mode = (this.onChoice('keys-mode', (value) => this.setMode(value as Mode)) ?? 'correct') as Mode;
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip('mannequin.glb', 'walk');
    if (loaded === null) return;
    const walk = loaded.model.clips[loaded.clipIndex];
    this.clip = withPositiveW(walk);
    this.ticksClip = clipInTicks(this.clip, TICKS_PER_SECOND);
    this.hints = new Int32Array(walk.tracks.length);
    await this.setModel(loaded.model, loaded.clipIndex);
  }

  private setMode(mode: Mode): void {
    this.mode = mode;
    this.requestRender();
    this.announceReadout();
  }

  /** Pauses and moves the clock (not only the looped time) one display frame back (−1) or forward (+1). */
  protected override step(direction: number): void {
    if (this.playing) this.setPlaying(false);
    this.showBindPose = false;
    this.clock += direction * this.frameSeconds;
    this.time = this.seenTime = wrapClipTime(this.clock, this.clip?.duration ?? 1, Playback.LOOP);
    this.syncControls();
    this.requestRender();
    this.announceReadout();
  }

  override selectJoint(joint: number): void {
    super.selectJoint(joint);
    const clip = this.clip;
    const node = this.selectedNode();
    if (clip === null) return;
    if (this.jointName !== null) this.jointName.textContent = this.model!.hierarchy.names[node] ?? '';
    for (let row = 0; row < 3; row++) {
      const index = clip.tracks.findIndex((track) => track.node === node && track.path === row);
      this.rowTracks[row] = index;
      this.shownKeys[row] = -99; // redraw the highlight on the next frame
      const track = clip.tracks[index];
      const count = track?.times.length ?? 0;
      this.rows[0][row].setAttribute('d', track === undefined ? '' : ticksPath(track.times, 0, count - 1, clip.duration, row));
      // A bar under each pair of neighbouring rotation keys stored on opposite sides (a·b < 0).
      let flips = '';
      if (track !== undefined && row === 1) {
        for (const k of flippedSegments(track.times, track.values)) flips += `M${timeX(track.times[k], clip.duration)} ${ROW_HEIGHT + 20}H${timeX(track.times[k + 1], clip.duration)}`;
      }
      this.rows[2][row].setAttribute('d', flips);
      if (this.rowCounts[row] !== undefined) this.rowCounts[row].textContent = String(count);
    }
  }

  // #region clocks
  protected override updatePose(): void {
    const player = this.player!;
    const clip = this.clip!;
    const rest = player.model.hierarchy.rest;
    // The frame loop moved this.time on by the frame's seconds times the speed (this.rate): so
    // does the clock. Paused, a new this.time is the reader's: the time slider sets the clock.
    if (this.playing) this.clock += this.time - this.seenTime;
    else if (this.time !== this.seenTime) this.clock = this.time;
    this.time = this.seenTime = wrapClipTime(this.clock, clip.duration, Playback.LOOP);
    if (this.showBindPose) {
      showRestPose(player);
      this.sampled = -1;
    } else if (this.mode === 'seconds-as-ticks' || this.mode === 'no-ticks-default') {
      // Keys counted in frames, 30 ticks per second; the file says 30, or 0.
      const ticksClip = this.ticksClip!;
      const ticks =
        this.mode === 'seconds-as-ticks'
          ? animationTimeSecondsAsTicks(this.clock, TICKS_PER_SECOND, ticksClip.duration, Playback.LOOP)
          : animationTimeWithoutTicksDefault(this.clock, 0, ticksClip.duration, Playback.LOOP);
      sampleClip(player.pose, ticksClip, rest, ticks, Playback.LOOP, player.cursor);
      animateFrame(player, null);
      this.sampled = ticks / TICKS_PER_SECOND;
    } else if (this.mode === 'correct') {
      animateFrame(player, clip, this.clock, Playback.LOOP);
      this.sampled = player.cursor.time;
    } else {
      // Clamped, wrapped by fmod (then held in range by the sampler), or slerp without the flip.
      const time = this.mode === 'clamp' ? wrapClipTime(this.clock, clip.duration, Playback.CLAMP) : this.mode === 'fmod' ? wrapClipTimeWithFmod(this.clock, clip.duration, Playback.LOOP) : this.clock;
      const blend = this.mode === 'long-way' ? slerpQuatAtWithoutFlip : null;
      if (blend !== null) sampleClipBlendingRotations(player.pose, clip, rest, time, Playback.LOOP, player.cursor, blend);
      else sampleClip(player.pose, clip, rest, time, Playback.CLAMP, player.cursor);
      animateFrame(player, null);
      this.sampled = player.cursor.time;
    }
  }
  // #endregion clocks

  protected override afterFrame(): void {
    super.afterFrame();
    const clip = this.clip;
    if (clip === null) return;
    const time = this.sampled;
    if (this.playhead !== null) {
      const x = time < 0 ? 0 : (TIMELINE_WIDTH * time) / clip.duration;
      this.playhead.x1.baseVal.value = x;
      this.playhead.x2.baseVal.value = x;
      // No playhead in the bind pose: nothing is sampled.
      if (this.playhead.hasAttribute('visibility') !== time < 0) {
        if (time < 0) this.playhead.setAttribute('visibility', 'hidden');
        else this.playhead.removeAttribute('visibility');
      }
    }
    this.countSearches(time);
    this.showKeys(time);
    this.showState(this.announcePending);
    this.announcePending = false;
  }

  /** The three searches on every track of the walk at clip time `time`, counted (the sampler's own cursor is not touched). */
  private countSearches(time: number): void {
    const counts = this.counts;
    counts.fill(0);
    const tracks = this.clip!.tracks;
    const node = this.selectedNode();
    for (let i = 0; time >= 0 && i < tracks.length; i++) {
      const { times } = tracks[i];
      const n = times.length;
      // The sampler searches only strictly between the first and the last key.
      if (!(time > times[0]) || time >= times[n - 1]) {
        this.hints[i] = time >= times[n - 1] ? Math.max(0, n - 2) : 0;
        continue;
      }
      for (let s = 0; s < 3; s++) {
        this.scratch.comparisons = 0;
        if (s === 0) findKeyByLinearScan(times, n, time, this.scratch);
        else if (s === 1) findKeyByBinarySearch(times, n, time, this.scratch);
        else this.hints[i] = findKeyFromCursor(times, n, time, this.hints[i], this.scratch);
        counts[3 + s] += this.scratch.comparisons;
        if (tracks[i].node === node) counts[s] += this.scratch.comparisons;
      }
    }
    for (let c = 0; c < 6; c++) {
      if (counts[c] === this.shownCounts[c] || this.countCells[c] === undefined) continue;
      this.shownCounts[c] = counts[c];
      this.countCells[c].textContent = String(counts[c]);
    }
  }

  /** Highlights, per row, the two keys around `time` (or the one key held before the first or after the last). */
  private showKeys(time: number): void {
    const clip = this.clip!;
    for (let row = 0; row < 3; row++) {
      const index = this.rowTracks[row];
      const times = clip.tracks[index]?.times;
      let first = -1;
      let last = -1;
      if (times !== undefined && time >= 0) {
        const n = times.length;
        if (!(time > times[0])) first = last = 0;
        else if (time >= times[n - 1]) first = last = n - 1;
        else {
          first = this.player!.cursor.keys[index];
          last = first + 1;
        }
      }
      const code = 2 * first + (last > first ? 1 : 0);
      if (code === this.shownKeys[row]) continue;
      this.shownKeys[row] = code;
      this.rows[1][row].setAttribute('d', first < 0 ? '' : ticksPath(times!, first, last, clip.duration, row, true));
    }
  }

  /**
   * The figure's state in words: the clock, the clip time and the keys around it, per channel.
   * While the clip plays, only the keys (the text changes when they do, not on every frame).
   */
  private describe(): string {
    const clip = this.clip!;
    if (this.sampled < 0) return 'Bind pose: no key is sampled.';
    const paused = !this.playing;
    const seconds = (value: number) => `${formatNumber(value, 2, { fixed: true, minus: '\u2212' })} s`;
    let text = paused ? `Clock ${seconds(this.clock)} → clip time ${seconds(this.sampled)}.` : `Playing at ${this.rate}×.`;
    text += ` ${this.model!.hierarchy.names[this.selectedNode()] ?? ''}:`;
    for (let row = 0; row < 3; row++) {
      const times = clip.tracks[this.rowTracks[row]]?.times;
      const first = this.shownKeys[row] >> 1;
      text += ` ${CHANNELS[row]} `;
      if (times === undefined) text += 'not keyed (rest value)';
      else if ((this.shownKeys[row] & 1) === 0) text += `holds key ${first} of ${times.length}`;
      else {
        text += `keys ${first}–${first + 1} of ${times.length}`;
        if (paused) text += `, u = ${formatNumber((this.sampled - times[first]) / (times[first + 1] - times[first]), 2, { fixed: true })}`;
      }
      text += row < 2 ? ';' : '.';
    }
    return text;
  }

  /** Writes the state line when anything it says may have changed (and into the live region when `announce`). */
  private showState(announce: boolean): void {
    if (this.clip === null || this.model === null) return;
    const keys = this.shownKeys;
    const signature = (this.sampled < 0 ? 0.25 : 0) + (this.playing ? keys[0] + 7919 * keys[1] + 104729 * keys[2] + this.rate : Math.round(this.clock * 100) + 0.5);
    if (!announce && signature === this.shownSignature && this.selectedNode() === this.shownNode && this.mode === this.shownMode) return;
    this.shownSignature = signature;
    this.shownNode = this.selectedNode();
    this.shownMode = this.mode;
    const text = this.describe();
    if (this.state !== null && text !== this.shownText) this.state.textContent = text;
    this.shownText = text;
    if (announce && this.announcer !== null) this.announcer.textContent = text;
  }

  /** After a committed change (a seek let go, a step, a choice): the next frame announces the state it draws. */
  override announceReadout(): void {
    super.announceReadout();
    this.announcePending = true;
    this.requestRender();
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new KeysIsland(host);
}
