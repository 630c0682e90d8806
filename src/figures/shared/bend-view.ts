// An island posed by one slider (data-part="bend", degrees) that turns some joints, named by the
// subclass, each about its own z axis from its rest rotation: the bend tube of chapter 2 and the
// two bones of chapter 4. The camera frames every bend the slider reaches.

import { multiplyQuatAt } from '../../core/math.ts';
import { animateFrame } from '../../core/frame.ts';
import { copyPose, type Model, type Pose } from '../../core/model.ts';
import type { Bounds } from './pose-bounds.ts';
import { SkinView, type SkinViewOptions } from './skin-view.ts';

const DEGREES = Math.PI / 180;

export class BendView extends SkinView {
  private readonly slider: HTMLInputElement | null;
  private readonly output: HTMLOutputElement | null;
  /** Turn of each bent joint, radians. */
  private angle: number;
  /** Hierarchy indices of the bent joints (−1 for a name the model lacks). */
  private bentNodes: number[] = [];
  /** The turn about z as a quaternion [0, 0, sin(θ/2), cos(θ/2)], rewritten each frame. */
  private readonly turn = new Float32Array([0, 0, 0, 1]);

  constructor(host: HTMLElement, options: SkinViewOptions) {
    super(host, options);
    this.slider = host.querySelector<HTMLInputElement>('input[data-part=bend]');
    this.output = this.slider === null ? null : host.querySelector<HTMLOutputElement>(`output[for="${this.slider.id}"]`);
    this.angle = (this.slider !== null && Number.isFinite(this.slider.valueAsNumber) ? this.slider.valueAsNumber : 0) * DEGREES;
    this.slider?.addEventListener('input', () => this.onSlider());
  }

  /**
   * Shows `model` (no clip) with the slider turning the joints named `bentJoints`; resolves to their
   * hierarchy indices, or null when another model came meanwhile (setModel).
   */
  protected async showBent(model: Model, bentJoints: readonly string[]): Promise<number[] | null> {
    this.bentNodes = bentJoints.map((name) => model.hierarchy.names.indexOf(name));
    return (await this.setModel(model, -1)) ? this.bentNodes : null;
  }

  private onSlider(): void {
    this.angle = this.slider!.valueAsNumber * DEGREES;
    if (this.output !== null) this.output.value = `${Math.round(this.slider!.valueAsNumber)}°`;
    if (this.showBindPose) {
      this.showBindPose = false;
      this.syncControls();
    }
    this.requestRender();
  }

  /** Frames every bend the slider reaches: its range in thirteen even steps, and straight. */
  protected override measureBounds(): Bounds {
    const angle = this.angle;
    const min = Number(this.slider?.min ?? 0) || 0;
    const max = Number(this.slider?.max ?? 0) || 0;
    const degrees = [0, ...Array.from({ length: 13 }, (_, i) => min + ((max - min) * i) / 12)];
    const bounds = this.boundsOfPoses(
      degrees.map((d) => () => {
        this.angle = d * DEGREES;
        this.updatePose();
      }),
    );
    this.angle = angle;
    return bounds;
  }

  /** After the bend, before the matrices: subclasses may change more of the pose (in place). */
  protected adjustPose(_pose: Pose): void {}

  protected override updatePose(): void {
    const player = this.player!;
    copyPose(player.pose, player.model.hierarchy.rest);
    if (!this.showBindPose) {
      // Each bent joint: its rest rotation, then a turn about its own z axis (q = q_rest · q_z).
      const turn = this.turn;
      turn[2] = Math.sin(this.angle / 2);
      turn[3] = Math.cos(this.angle / 2);
      const rotations = player.pose.rotations;
      for (const node of this.bentNodes) if (node >= 0) multiplyQuatAt(rotations, 4 * node, rotations, 4 * node, turn, 0);
      this.adjustPose(player.pose);
    }
    animateFrame(player, null);
  }
}
