// The curves island (chapter 7): three pointers driven by the same keys through STEP, LINEAR and
// CUBICSPLINE samplers (public/models/interpolation.glb), and plots of one pointer's channels over
// the whole clip — translation, rotation angle, scale and angular speed — every point sampled by
// the core (curves-plot.ts), with the keys marked. The kernel between two keys is the reader's
// choice: slerp or nlerp, or one of two mistakes from src/core/pitfalls.ts.

import { animateFrame } from '../../core/frame.ts';
import type { Island } from '../shared/island-manager.ts';
import { formatNumber } from '../shared/format.ts';
import { part } from '../shared/parts.ts';
import { SkinView } from '../shared/skin-view.ts';
import { POINTERS, angleOf, plotPaths, sampleWith, type Sampler } from './curves-plot.ts';

class CurvesIsland extends SkinView {
  private sampler: Sampler = 'slerp';
  /** Index into POINTERS of the plotted pointer. */
  private plotted = 1;
  /** Hierarchy index of each pointer's joint. */
  private nodes: number[] = [];
  private ranges: Float32Array = new Float32Array(0);
  private shownHundredths = -1;
  private announcePending = false;

  private readonly plotModes: HTMLInputElement[];
  private readonly svgs: SVGSVGElement[];
  private readonly playheads: SVGLineElement[];
  private readonly outputs: HTMLElement[];
  private readonly state: HTMLElement | null;
  private readonly announcer: HTMLElement | null;

  constructor(host: HTMLElement) {
    super(host, { ground: false, yaw: 0, pitch: 0.05, autoplay: true });
    this.plotModes = Array.from(host.querySelectorAll<HTMLInputElement>('[data-part=plot-mode] input'));
    this.svgs = Array.from(host.querySelectorAll<SVGSVGElement>('svg[data-plot]'));
    this.playheads = this.svgs.map((svg) => svg.querySelector<SVGLineElement>('.curves-playhead')!);
    this.outputs = Array.from(host.querySelectorAll<HTMLElement>('[data-part=plot-value]'));
    this.state = part(host, 'curves-state');
    this.announcer = part(host, 'curves-announce');
    // A kernel that changes one pointer only (nlerp and lerp the linear one, unscaled tangents the cubic one) plots that pointer.
    this.sampler = (this.onChoice('sampler', (value) => this.choose(value as Sampler, value === 'unscaled' ? 2 : value === 'slerp' ? this.plotted : 1)) ?? 'slerp') as Sampler;
    const plotted = this.onChoice('plot-mode', (value) => this.choose(this.sampler, POINTERS.indexOf(value as (typeof POINTERS)[number])));
    this.plotted = Math.max(0, POINTERS.indexOf((plotted ?? 'linear') as (typeof POINTERS)[number]));
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip('interpolation.glb', 'keys');
    if (loaded === null) return;
    const { model, clipIndex } = loaded;
    this.nodes = POINTERS.map((name) => model.hierarchy.names.indexOf(name));
    // Each plot's range, as the page was built with it (plotRanges, at build time).
    this.ranges = Float32Array.from(this.svgs.flatMap((svg) => [Number(svg.dataset.min), Number(svg.dataset.max)]));
    if (!(await this.setModel(model, clipIndex))) return;
    this.choose(this.sampler, this.plotted);
  }

  private choose(sampler: Sampler, plotted: number): void {
    const model = this.model;
    this.sampler = sampler;
    this.plotted = Math.max(0, plotted);
    for (const radio of this.plotModes) radio.checked = radio.value === POINTERS[this.plotted];
    this.shownHundredths = -1;
    if (model !== null) {
      this.selectJoint(model.skins[0].joints.indexOf(this.nodes[this.plotted]));
      const clip = model.clips[this.clipIndex];
      const paths = plotPaths(model, clip, this.nodes[this.plotted], this.plotted, sampler, this.ranges);
      this.svgs.forEach((svg, p) => {
        svg.querySelector('.curves-curve')?.setAttribute('points', paths.curves[p]);
        svg.querySelector('.curves-reference')?.setAttribute('points', paths.references[p]);
        svg.querySelector('.curves-keys')?.setAttribute('d', paths.keys[p]);
      });
    }
    this.requestRender();
    this.announceReadout();
  }

  protected override updatePose(): void {
    const player = this.player!;
    if (this.showBindPose) return super.updatePose();
    sampleWith(player.pose, player.model.clips[this.clipIndex], player.model.hierarchy.rest, this.time, player.cursor, this.sampler);
    animateFrame(player, null);
  }

  protected override afterFrame(): void {
    super.afterFrame();
    const time = this.showBindPose ? -1 : this.clipTime();
    const x = time < 0 ? 0 : (1000 * time) / this.model!.clips[this.clipIndex].duration;
    for (const line of this.playheads) {
      line.x1.baseVal.value = line.x2.baseVal.value = x;
      // No playhead in the bind pose: nothing is sampled.
      if (line.hasAttribute('visibility') !== time < 0) {
        if (time < 0) line.setAttribute('visibility', 'hidden');
        else line.removeAttribute('visibility');
      }
    }
    const hundredths = Math.round(time * 100);
    if (hundredths !== this.shownHundredths || this.announcePending) {
      this.shownHundredths = hundredths;
      this.showValues(time, this.announcePending);
      this.announcePending = false;
    }
  }

  /** The plotted pointer's values at `time` (the frame's own pose), beside each plot and in the state line. */
  private showValues(time: number, announce: boolean): void {
    const player = this.player;
    if (player === null) return;
    const node = this.nodes[this.plotted];
    const { translations, rotations, scales } = player.pose;
    const signed = { fixed: true, minus: '\u2212' } as const;
    const texts =
      time < 0
        ? ['', '', '']
        : [formatNumber(translations[3 * node + 1], 3, signed), `${formatNumber(angleOf(rotations, node), 1, signed)}°`, formatNumber(scales[3 * node], 3, signed)];
    this.outputs.forEach((output, p) => (output.textContent = texts[p] ?? ''));
    const length = Math.hypot(rotations[4 * node], rotations[4 * node + 1], rotations[4 * node + 2], rotations[4 * node + 3]);
    const text =
      time < 0
        ? 'Bind pose: the pointers at rest, no key sampled.'
        : `The ${POINTERS[this.plotted]} pointer at ${formatNumber(time, 2, { fixed: true })} s: translation y ${texts[0]}, rotation ${texts[1]} (quaternion length ${formatNumber(length, 3, { fixed: true })}), scale ${texts[2]}.`;
    if (this.state !== null) this.state.textContent = text;
    if (announce && this.announcer !== null) this.announcer.textContent = text;
  }

  /** After a committed change: the next frame announces the values it draws. */
  override announceReadout(): void {
    super.announceReadout();
    this.announcePending = true;
    this.requestRender();
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new CurvesIsland(host);
}
