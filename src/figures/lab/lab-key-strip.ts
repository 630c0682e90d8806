// The lab's keyed timeline: the keys of the selected joint in the clip played, one row per channel
// (translation, rotation, scale), each key a tick at its time, and a playhead at the time sampled.
// Markup: LabFigure.astro ([data-part=key-strip]). The rows are rebuilt only when the model, the
// clip or the joint changes; each frame moves the playhead, allocating nothing.

import type { Model } from '../../core/model.ts';
import { TIMELINE_WIDTH, ticksPath } from '../shared/key-ticks.ts';
import { part } from '../shared/parts.ts';

const CHANNELS = ['translation', 'rotation', 'scale'] as const;

export class KeyStrip {
  private readonly rows: SVGPathElement[];
  private readonly playhead: SVGLineElement | null;
  private readonly summary: HTMLElement | null;

  // What the rows show now (a change of any rebuilds them).
  private shownModel: Model | null = null;
  private shownClip = -2;
  private shownNode = -2;
  /** Playhead x in SVG units, −1 when hidden. */
  private shownX = -2;

  constructor(root: HTMLElement) {
    this.rows = Array.from(root.querySelectorAll<SVGPathElement>('[data-part=key-ticks]'));
    this.playhead = part<SVGLineElement>(root, 'key-playhead');
    this.summary = part(root, 'key-summary');
  }

  /**
   * Shows the keys of hierarchy node `node` in clip `clipIndex` of `model`, and the playhead at
   * `clipTime` seconds (null hides it: the bind pose samples nothing). Cheap when nothing changed.
   */
  show(model: Model | null, clipIndex: number, node: number, clipTime: number | null): void {
    const clip = model?.clips[clipIndex];
    if (model !== this.shownModel || clipIndex !== this.shownClip || node !== this.shownNode) {
      this.shownModel = model;
      this.shownClip = clipIndex;
      this.shownNode = node;
      this.rebuild(model, clipIndex, node);
    }
    const x = clip === undefined || clipTime === null || !(clip.duration > 0) ? -1 : Math.round((TIMELINE_WIDTH * clipTime) / clip.duration);
    if (x === this.shownX || this.playhead === null) return;
    if (x < 0) this.playhead.setAttribute('visibility', 'hidden');
    else {
      if (this.shownX < 0) this.playhead.removeAttribute('visibility');
      this.playhead.x1.baseVal.value = x;
      this.playhead.x2.baseVal.value = x;
    }
    this.shownX = x;
  }

  private rebuild(model: Model | null, clipIndex: number, node: number): void {
    const clip = model?.clips[clipIndex];
    const counts: string[] = [];
    for (let row = 0; row < CHANNELS.length; row++) {
      const track = clip === undefined || node < 0 ? undefined : clip.tracks.find((t) => t.node === node && t.path === row);
      const count = track?.times.length ?? 0;
      this.rows[row]?.setAttribute('d', track === undefined || !(clip!.duration > 0) ? '' : ticksPath(track.times, 0, count - 1, clip!.duration, row));
      counts.push(count === 0 ? `${CHANNELS[row]} not keyed` : `${CHANNELS[row]} ${count} ${count === 1 ? 'key' : 'keys'}`);
    }
    if (this.summary === null) return;
    if (model === null || clip === undefined) this.summary.textContent = 'No clip: no keys to show.';
    else if (node < 0) this.summary.textContent = 'Choose a joint to see its keys.';
    else {
      const joint = model.hierarchy.names[node] || `node ${node}`;
      const clipName = clip.name || `clip ${clipIndex}`;
      this.summary.textContent = `Keys of ${joint} in ${clipName}: ${counts.join(', ')}.`;
    }
  }
}
