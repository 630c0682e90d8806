// The arm island (chapter 1): the procedurally built three-bone arm, one rotation slider per joint,
// the skeleton overlay and the selected joint's live local and global matrices.
//
// A frame poses the arm the way chapter 1 explains it, one stage at a time: the rest pose with
// each joint's rotation about Z set from its slider → local matrices → globals (a parent's
// rotation reaches its children, never the reverse) → palette, the last three by animateFrame
// with no clip. "Play" runs the arm's wave clip instead, and the sliders follow it.
//
// "Break it" (the radios of [data-part=hierarchy-mode]) then recomputes the globals from the same
// locals with one of the classic mistakes of src/core/pitfalls.ts, and the palette from those, so
// the skin, the skeleton overlay and the readout all show the broken result; "Correct" leaves the
// player's matrices as they are.

import { Playback } from '../../core/clip.ts';
import { ARM_START_DEGREES, armJointAngle, createArmModel, setArmPose } from './arm-model.ts';
import { animateFrame, showRestPose } from '../../core/frame.ts';
import { buildPalette } from '../../core/palette.ts';
import { localToGlobalReversedOrder, localToGlobalWithoutParents } from '../../core/pitfalls.ts';
import type { Island } from '../shared/island-manager.ts';
import { SkinView } from '../shared/skin-view.ts';

const DEGREES = Math.PI / 180;

/** A local → global stage, with the signature of localToGlobal (src/core/hierarchy.ts). */
type LocalToGlobal = (outGlobals: Float32Array, parents: Int16Array, locals: Float32Array) => Float32Array;

/**
 * The "Break it" radio values (ArmFigure.astro) and the wrong local → global variant each one
 * swaps in; null keeps the correct globals.
 */
const LOCAL_TO_GLOBAL_BY_MODE: Record<string, LocalToGlobal | null> = {
  correct: null,
  'reversed-order': localToGlobalReversedOrder,
  'without-parents': localToGlobalWithoutParents,
};

class ArmIsland extends SkinView {
  /** One range input per joint (skin order), in degrees. */
  private readonly sliders: HTMLInputElement[] = [];
  private readonly outputs: (HTMLOutputElement | null)[] = [];
  /** Slider angles in radians, per joint (skin order). */
  private readonly angles = new Float64Array(3);
  /** Whole degrees each output shows (NaN: not written yet), so outputs change only when they must. */
  private readonly shownDegrees = new Float64Array(3).fill(Number.NaN);
  /** The wrong local → global variant chosen under "Break it", or null for the correct one. */
  private wrongLocalToGlobal: LocalToGlobal | null = null;

  constructor(host: HTMLElement) {
    super(host, { ground: false, yaw: -0.2, pitch: 0.08, autoplay: false });
    for (const slider of host.querySelectorAll<HTMLInputElement>('input[data-part=angle]')) {
      const joint = Number(slider.dataset.joint);
      if (!(joint >= 0 && joint < this.angles.length)) continue;
      this.sliders[joint] = slider;
      this.outputs[joint] = host.querySelector<HTMLOutputElement>(`output[for="${slider.id}"]`);
      this.angles[joint] = (Number.isFinite(slider.valueAsNumber) ? slider.valueAsNumber : ARM_START_DEGREES[joint]) * DEGREES;
      slider.addEventListener('input', () => this.onSlider(joint));
      // The readout keeps showing the joint chosen in its menu: watching the elbow's matrices
      // while turning the shoulder is the point (its local stays, its global moves).
      slider.addEventListener('change', () => this.announceReadout());
    }
    // A reload may restore a checked radio other than the default: start in that mode.
    const mode = this.onChoice('hierarchy-mode', (value) => this.setHierarchyMode(value));
    this.wrongLocalToGlobal = mode === null ? null : (LOCAL_TO_GLOBAL_BY_MODE[mode] ?? null);
    void this.setModel(createArmModel(), 0);
  }

  /** Switches between the correct globals and a "Break it" variant (a radio value), and shows it. */
  private setHierarchyMode(mode: string): void {
    this.wrongLocalToGlobal = LOCAL_TO_GLOBAL_BY_MODE[mode] ?? null;
    // Pose now rather than at the next frame, so the announcement reads the new globals.
    this.updatePose();
    this.updateReadout();
    this.announceReadout();
    this.requestRender();
  }

  private onSlider(joint: number): void {
    const slider = this.sliders[joint];
    if (this.playing) this.setPlaying(false);
    this.angles[joint] = slider.valueAsNumber * DEGREES;
    this.writeOutput(joint);
    if (this.showBindPose) {
      this.showBindPose = false;
      this.syncControls();
    }
    this.requestRender();
  }

  private writeOutput(joint: number): void {
    const output = this.outputs[joint];
    const degrees = Math.round(this.angles[joint] / DEGREES);
    if (output === null || output === undefined || degrees === this.shownDegrees[joint]) return;
    this.shownDegrees[joint] = degrees;
    output.value = `${degrees}°`;
  }

  protected override updatePose(): void {
    const player = this.player!;
    const model = player.model;
    if (this.showBindPose) {
      showRestPose(player);
    } else if (this.playing) {
      // The clip drives the joints; the sliders show where it is.
      animateFrame(player, model.clips[this.clipIndex], this.time, Playback.LOOP);
      for (let joint = 0; joint < this.angles.length; joint++) {
        const angle = armJointAngle(player.pose, model.skins[0].joints[joint]);
        this.angles[joint] = angle;
        const slider = this.sliders[joint];
        if (slider !== undefined) slider.valueAsNumber = angle / DEGREES;
        this.writeOutput(joint);
      }
    } else {
      // #region arm-pose
      setArmPose(player.pose, model, this.angles);
      // compose (local matrices) → local-to-global → palette, from the pose just set.
      animateFrame(player, null);
      // #endregion arm-pose
    }
    const wrongLocalToGlobal = this.wrongLocalToGlobal;
    if (wrongLocalToGlobal !== null) {
      // #region break-it
      // The same locals, chained the wrong way; the palette follows the broken globals.
      wrongLocalToGlobal(player.globals, model.hierarchy.parents, player.locals);
      buildPalette(player.palettes[0], model.skins[0], player.globals, player.globalInverse);
      // #endregion break-it
    }
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new ArmIsland(host);
}
