// The blend island (chapter 11): the mannequin's walk (clip A) crossfaded into its wave or into
// itself played faster (clip B), posed every frame by poseBlend (blend-pose.ts) — the core's
// sampleCrossfade, or the two clips blended at a weight held by hand, or by a "Break it" mistake
// from src/core/pitfalls.ts — with the wave as an additive layer on top.
//
// The timeline is a clip without tracks, TIMELINE_SECONDS long, added to the model's clips so that
// SkinView's time slider and loop run over it; the clips themselves are sampled at the times the
// crossfade's clock gives. The plot shows feetApart over the whole timeline for both clocks,
// recomputed when a setting changes; the note measures the pose shown when the figure is paused.

import { wrapClipTime } from '../../core/clip.ts';
import { showRestPose } from '../../core/frame.ts';
import type { Clip } from '../../core/model.ts';
import type { Bounds } from '../shared/pose-bounds.ts';
import { formatNumber } from '../shared/format.ts';
import type { Island } from '../shared/island-manager.ts';
import { nextTask } from '../shared/next-task.ts';
import { part } from '../shared/parts.ts';
import { SkinView } from '../shared/skin-view.ts';
import { PLOT_WIDTH, plotPoints, plotX } from './blend-plot.ts';
import {
  CrossfadeClock,
  FAST_WALK_RATE,
  TIMELINE_SECONDS,
  blenderFits,
  createBlendRig,
  createBlender,
  defaultBlendSettings,
  feetApart,
  feetApartOverTimeline,
  poseBlend,
  rightHandHeight,
  shortestBone,
  type AdditiveReference,
  type BlendMethod,
  type BlendRig,
  type BlendTarget,
  type Blender,
  type ShortestBone,
} from './blend-pose.ts';

/** Milliseconds after the last change before the plot is recomputed and the note rewritten. */
const SETTLE_MS = 150;
/** A bone longer than this share of its rest length counts as whole in the note (float rounding aside). */
const WHOLE_BONE = 0.9995;

const METHOD_WORDS: Record<BlendMethod, string> = {
  correct: '',
  matrices: 'Matrices blended entry by entry: a mix of two rotation matrices is not a rotation, and the bones shrink.',
  unnormalised: 'Quaternions lerped and not normalised: each rotation turns too little and the bone shrinks.',
};

class BlendIsland extends SkinView {
  private readonly settings = defaultBlendSettings();
  private rig: BlendRig | null = null;
  private blender: Blender | null = null;
  private readonly measured: ShortestBone = { joint: -1, ratio: 1 };

  private readonly weightSlider: HTMLInputElement | null;
  private readonly weightOutput: HTMLOutputElement | null;
  private readonly weightSource: HTMLElement | null;
  private readonly note: HTMLElement | null;
  private readonly playhead: SVGLineElement | null;
  private readonly fadeBand: SVGRectElement | null;
  private readonly curve: SVGPolylineElement | null;
  private readonly otherCurve: SVGPolylineElement | null;
  /** The weight shown by the weight slider's output, in hundredths (−1: none yet). */
  private shownWeight = -1;
  private settleTimer = 0;
  /** The dashed curve, drawn in a task after the solid one (each is up to 30 ms of work on a first run). */
  private otherCurveTimer = 0;
  /** The plot waits for the next settle (a setting changed since it was drawn). */
  private plotStale = true;

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.9, pitch: 0.12, autoplay: true });
    const settings = this.settings;
    this.weightSlider = part(host, 'weight');
    this.weightOutput = part(host, 'weight-output');
    this.weightSource = part(host, 'weight-source');
    this.note = part(host, 'blend-note');
    this.playhead = part(host, 'playhead');
    this.fadeBand = part(host, 'fade-band');
    this.curve = part(host, 'plot-curve');
    this.otherCurve = part(host, 'plot-other');

    // Choices: the checked radio now (a reload may restore another), then every change.
    const target = this.onChoice('blend-target', (value) => this.change(() => (settings.target = value as BlendTarget)));
    const clock = this.onChoice('blend-clock', (value) => this.change(() => (settings.clock = clockOf(value))));
    const reference = this.onChoice('additive-reference', (value) => this.change(() => (settings.reference = value as AdditiveReference)));
    const method = this.onChoice('blend-method', (value) => this.change(() => (settings.method = value as BlendMethod)));
    if (target === 'wave' || target === 'fast') settings.target = target;
    settings.clock = clockOf(clock ?? 'separate');
    if (reference === 'bind') settings.reference = 'bind';
    if (method === 'matrices' || method === 'unnormalised') settings.method = method;

    this.slider('fade-start', (value) => (settings.fadeStartSeconds = value), (value) => `${formatNumber(value, 2, { fixed: true })} s`);
    this.slider('fade-duration', (value) => (settings.fadeDurationSeconds = value), (value) => `${formatNumber(value, 2, { fixed: true })} s`);
    this.slider('additive-weight', (value) => (settings.additiveWeight = value), (value) => formatNumber(value, 2, { fixed: true }));
    const additive = part<HTMLInputElement>(host, 'additive');
    if (additive !== null) {
      settings.additive = additive.checked;
      additive.addEventListener('change', () => this.change(() => (settings.additive = additive.checked)));
    }
    // B's weight: dragged, it holds the mix where it is and pauses; Play or the time slider give it back to the fade.
    this.weightSlider?.addEventListener('input', () => this.holdWeight(this.weightSlider!.valueAsNumber));
    part(host, 'time')?.addEventListener('input', () => {
      this.releaseWeight();
      this.scheduleSettle();
    });
    void this.load();
  }

  private async load(): Promise<void> {
    const model = await this.loadModelFile('mannequin.glb');
    if (model === null) return;
    const rig = createBlendRig(model);
    if (typeof rig === 'string') {
      this.fail('error', rig);
      return;
    }
    this.rig = rig;
    this.blender = createBlender(rig, this.settings);
    // Each step below is a task of its own (setModel itself measures the bounds over 25 blended
    // poses in several: framing-steps.ts), so that no task of the start-up holds the page for long.
    await nextTask();
    const timeline: Clip = { name: 'timeline', duration: TIMELINE_SECONDS, tracks: [] };
    if (!(await this.setModel({ ...model, clips: [...model.clips, timeline] }, model.clips.length))) return;
    await nextTask();
    // B's weight moved before the figure started: it holds the mix there, as a drag would.
    const weightSlider = this.weightSlider;
    if (weightSlider !== null && weightSlider.valueAsNumber !== Number(weightSlider.defaultValue)) this.holdWeight(weightSlider.valueAsNumber);
    this.settle();
  }

  /** Wires the range input [data-part=`name`]: its value goes to `apply`, its output shows `format`. */
  private slider(name: string, apply: (value: number) => void, format: (value: number) => string): void {
    const input = part<HTMLInputElement>(this.host, name);
    if (input === null) return;
    const output = this.host.querySelector<HTMLOutputElement>(`output[for="${input.id}"]`);
    const read = () => {
      apply(input.valueAsNumber);
      if (output !== null) output.value = format(input.valueAsNumber);
    };
    if (Number.isFinite(input.valueAsNumber)) read();
    input.addEventListener('input', () => this.change(read));
  }

  /** A setting changed: the fade drives the weight again, the pose and, once settled, the plot and note follow. */
  private change(apply: () => void): void {
    apply();
    this.settings.heldWeight = Number.NaN;
    this.showWeightSource();
    if (this.rig !== null && this.blender !== null && !blenderFits(this.blender, this.settings)) this.blender = createBlender(this.rig, this.settings);
    this.leaveBindPose();
    this.requestRender();
    this.plotStale = true;
    this.scheduleSettle();
  }

  private holdWeight(weight: number): void {
    this.settings.heldWeight = weight;
    if (this.playing) super.setPlaying(false);
    this.showWeightSource();
    this.leaveBindPose();
    this.requestRender();
    this.scheduleSettle();
  }

  private releaseWeight(): void {
    if (Number.isNaN(this.settings.heldWeight)) return;
    this.settings.heldWeight = Number.NaN;
    this.showWeightSource();
    this.requestRender();
    this.scheduleSettle();
  }

  override setPlaying(playing: boolean): void {
    if (playing) this.releaseWeight();
    super.setPlaying(playing);
    this.scheduleSettle();
  }

  /** After a committed change SkinView reports (the pose switch, a seek let go): the note follows. */
  override announceReadout(): void {
    super.announceReadout();
    this.scheduleSettle();
  }

  private leaveBindPose(): void {
    if (!this.showBindPose) return;
    this.showBindPose = false;
    this.syncControls();
  }

  private showWeightSource(): void {
    if (this.weightSource === null) return;
    this.weightSource.textContent = Number.isNaN(this.settings.heldWeight)
      ? 'Follows the fade; drag it to hold a mix.'
      : 'Held by hand; Play or the time slider give it back to the fade.';
  }

  // #region update-pose
  protected override updatePose(): void {
    const player = this.player!;
    if (this.showBindPose) showRestPose(player);
    else poseBlend(player, this.blender!, this.settings, this.clipTime());
  }
  // #endregion update-pose

  /** Frames the mesh over the walk, the wave and its additive layer: the poses the controls reach. */
  protected override measureBounds(): Bounds {
    const player = this.player!;
    const rig = this.rig!;
    const poses: (() => void)[] = [() => showRestPose(player)];
    for (const [target, additive] of [['wave', false], ['fast', true]] as const) {
      const settings = { ...defaultBlendSettings(), target, additive };
      const blender = createBlender(rig, settings);
      for (let time = 0; time < TIMELINE_SECONDS; time += 0.4) poses.push(() => void poseBlend(player, blender, settings, time));
    }
    return this.boundsOfPoses(poses);
  }

  /** After each frame: the playhead, and B's weight on its slider while the fade drives it. */
  protected override afterFrame(): void {
    super.afterFrame();
    const blender = this.blender;
    if (blender === null) return;
    if (this.playhead !== null) {
      const x = (PLOT_WIDTH * this.clipTime()) / TIMELINE_SECONDS;
      this.playhead.x1.baseVal.value = x;
      this.playhead.x2.baseVal.value = x;
    }
    const weight = this.showBindPose ? 0 : blender.weight;
    const hundredths = Math.round(weight * 100);
    if (hundredths === this.shownWeight) return;
    this.shownWeight = hundredths;
    if (this.weightSlider !== null && Number.isNaN(this.settings.heldWeight)) this.weightSlider.valueAsNumber = weight;
    if (this.weightOutput !== null) this.weightOutput.value = formatNumber(weight, 2, { fixed: true });
  }

  private scheduleSettle(): void {
    window.clearTimeout(this.settleTimer);
    this.settleTimer = window.setTimeout(() => this.settle(), SETTLE_MS);
  }

  /** Redraws the plot and the fade's band if a setting changed since, and rewrites the note. */
  private settle(): void {
    const rig = this.rig;
    if (rig === null || this.player === null) return;
    const settings = this.settings;
    if (this.plotStale) {
      this.plotStale = false;
      this.curve?.setAttribute('points', plotPoints(feetApartOverTimeline(rig, settings, settings.clock)));
      window.clearTimeout(this.otherCurveTimer);
      this.otherCurveTimer = window.setTimeout(() => {
        const other = settings.clock === CrossfadeClock.SEPARATE ? CrossfadeClock.SYNCHRONISED : CrossfadeClock.SEPARATE;
        this.otherCurve?.setAttribute('points', plotPoints(feetApartOverTimeline(rig, settings, other)));
      });
      this.fadeBand?.setAttribute('x', plotX(settings.fadeStartSeconds));
      this.fadeBand?.setAttribute('width', plotX(settings.fadeDurationSeconds));
    }
    this.describe();
  }

  /** Writes the note: while playing, what plays; paused, the pose shown, measured. */
  private describe(): void {
    const note = this.note;
    const rig = this.rig;
    const player = this.player;
    if (note === null || rig === null || player === null || this.blender === null) return;
    const settings = this.settings;
    const seconds = (value: number) => `${formatNumber(value, 2, { fixed: true, minus: '\u2212' })} s`;
    const clipB = settings.target === 'wave' ? 'the wave' : `the walk ${FAST_WALK_RATE}×`;
    const fade = `The fade to ${clipB} starts at ${seconds(settings.fadeStartSeconds)} and lasts ${seconds(settings.fadeDurationSeconds)}, on ${settings.clock === CrossfadeClock.SEPARATE ? 'separate' : 'synchronised'} clocks.`;
    const broken = METHOD_WORDS[settings.method];
    if (this.showBindPose) {
      note.textContent = 'Bind pose: no clip is sampled.';
    } else if (this.playing) {
      note.textContent = `Playing. ${fade}${broken === '' ? '' : ` ${broken}`} Pause to measure the pose.`;
    } else {
      this.updatePose();
      const crossfade = this.blender.crossfade;
      const weight = this.blender.weight;
      const globals = player.globals;
      const apart = feetApart(rig, globals);
      const bone = shortestBone(this.measured, rig, globals);
      const time = this.clipTime();
      const held = Number.isNaN(settings.heldWeight) ? 'from the fade' : 'held by hand';
      const percent = `${formatNumber(100 * bone.ratio, 1, { fixed: true })} %`;
      // The clip times sampled (looped into each clip), or B not started before its fade.
      const timeA = wrapClipTime(crossfade.timeA, crossfade.clipA.duration, crossfade.playback);
      const timeB = wrapClipTime(crossfade.timeB, crossfade.clipB.duration, crossfade.playback);
      const waiting = crossfade.timeB < 0 && Number.isNaN(settings.heldWeight);
      let text =
        `At ${seconds(time)}: the walk sampled at ${seconds(timeA)}, ${clipB} ${waiting ? 'not started yet' : `at ${seconds(timeB)}`}` +
        `${settings.clock === CrossfadeClock.SYNCHRONISED ? ` (one phase, ${formatNumber(crossfade.phase, 3, { fixed: true })} cycles)` : ''}; ` +
        `B’s weight ${formatNumber(weight, 2, { fixed: true })}, ${held}. ` +
        `Feet ${formatNumber(Math.abs(apart), 2, { fixed: true })} m apart, ${apart >= 0 ? 'left' : 'right'} foot ahead. ` +
        `Right wrist ${formatNumber(rightHandHeight(rig, globals), 2, { fixed: true })} m above the ground. ` +
        (bone.ratio > WHOLE_BONE
          ? 'Every bone keeps its length.'
          : `The bone that kept the least of its length: ${rig.model.hierarchy.names[bone.joint]}, ${percent}.`);
      if (settings.additive) text += ` Wave layer at weight ${formatNumber(settings.additiveWeight, 2, { fixed: true })}, over ${settings.reference === 'bind' ? 'the bind pose' : 'the wave’s first frame'}.`;
      if (broken !== '') text += ` ${broken}`;
      note.textContent = text;
      const data = this.host.dataset;
      data.weight = String(weight);
      data.feetApart = String(apart);
      data.bone = rig.model.hierarchy.names[bone.joint];
      data.boneRatio = String(bone.ratio);
    }
  }
}

function clockOf(value: string): CrossfadeClock {
  return value === 'synchronised' ? CrossfadeClock.SYNCHRONISED : CrossfadeClock.SEPARATE;
}

export function mountIsland(host: HTMLElement): Island {
  return new BlendIsland(host);
}
