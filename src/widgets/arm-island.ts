// The arm island (chapter 1): the procedurally built three-bone arm, one rotation slider per joint,
// the skeleton overlay and the selected joint's live local and global matrices.
//
// A frame poses the arm the way chapter 1 explains it, one stage at a time: the rest pose with
// each joint's rotation about Z set from its slider → composeLocal (local matrices) →
// localToGlobal (globals: a parent's rotation reaches its children, never the reverse) →
// buildPalette. "Play" runs the arm's wave clip instead, and the sliders follow it.

import { Playback } from '../core/clip.ts';
import { ARM_START_DEGREES, armJointAngle, createArmModel, setArmPose } from '../core/examples/arm.ts';
import { localToGlobal } from '../core/hierarchy.ts';
import { buildPalette } from '../core/palette.ts';
import { composeLocal } from '../core/pose.ts';
import type { Island } from './island-manager.ts';
import { SkinView } from './skin-view.ts';

const DEGREES = Math.PI / 180;

class ArmIsland extends SkinView {
  /** One range input per joint (skin order), in degrees. */
  private readonly sliders: HTMLInputElement[] = [];
  private readonly outputs: (HTMLOutputElement | null)[] = [];
  /** Slider angles in radians, per joint (skin order). */
  private readonly angles = new Float64Array(3);
  /** Whole degrees each output shows (NaN: not written yet), so outputs change only when they must. */
  private readonly shownDegrees = new Float64Array(3).fill(Number.NaN);

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
    this.setModel(createArmModel(), 0);
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
      player.evaluate(-1, 0, Playback.LOOP);
      return;
    }
    if (this.playing) {
      // The clip drives the joints; the sliders show where it is.
      player.evaluate(this.clipIndex, this.time, Playback.LOOP);
      for (let joint = 0; joint < this.angles.length; joint++) {
        const angle = armJointAngle(player.pose, model.skins[0].joints[joint]);
        this.angles[joint] = angle;
        const slider = this.sliders[joint];
        if (slider !== undefined) slider.valueAsNumber = angle / DEGREES;
        this.writeOutput(joint);
      }
      return;
    }
    // #region arm-pose
    setArmPose(player.pose, model, this.angles);
    composeLocal(player.locals, player.pose);
    localToGlobal(player.globals, model.hierarchy.parents, player.locals);
    buildPalette(player.palettes[0], model.skins[0], player.globals, null);
    // #endregion arm-pose
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new ArmIsland(host);
}
