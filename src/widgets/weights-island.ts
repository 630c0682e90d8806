// The weights island (chapter 2): the bend tube, a slider that bends its two upper joints, and a
// choice of weights for the same mesh — smooth as authored, rigid (each vertex on its strongest
// bone alone: limitInfluences(…, 1)), or the pitfall of dropping influences without
// renormalising (limitInfluencesWithoutRenormalising). The weight paint shows the weights in use.
//
// The variants are computed once, when the model has loaded, and swapped into the GPU's joint and
// weight buffers on a change (SkinView.replaceInfluences); the pose is the same for all three.

import { multiplyQuatAt } from '../core/math.ts';
import { copyPose } from '../core/model.ts';
import { limitInfluencesWithoutRenormalising } from '../core/pitfalls.ts';
import { limitInfluences } from '../core/weights.ts';
import type { Island } from './island-manager.ts';
import { SkinView, type Bounds } from './skin-view.ts';

const DEGREES = Math.PI / 180;
const MODEL_FILE = 'bend-tube.glb';
/** The joints the slider bends (their names in the file), each by the slider's angle about its own z axis. */
const BENT_JOINTS = ['middle', 'end'];

type WeightsMode = 'smooth' | 'rigid' | 'unnormalised';

class WeightsIsland extends SkinView {
  private readonly slider: HTMLInputElement | null;
  private readonly output: HTMLOutputElement | null;
  /** Bend of each bent joint, radians. */
  private angle: number;
  /** Hierarchy indices of BENT_JOINTS (−1 when the file lacks one). */
  private bentNodes: number[] = [];
  /** Joints and weights of the first primitive, per mode (filled once the model has loaded). */
  private readonly variants = new Map<WeightsMode, { joints: Uint16Array; weights: Float32Array }>();
  private mode: WeightsMode = 'smooth';
  /** The slider's turn about z as a quaternion [0, 0, sin(θ/2), cos(θ/2)], rewritten each frame. */
  private readonly turn = new Float32Array([0, 0, 0, 1]);

  constructor(host: HTMLElement) {
    super(host, { ground: false, yaw: 0.35, pitch: 0.1, autoplay: false });
    this.slider = host.querySelector<HTMLInputElement>('input[data-part=bend]');
    this.output = this.slider === null ? null : host.querySelector<HTMLOutputElement>(`output[for="${this.slider.id}"]`);
    this.angle = (this.slider !== null && Number.isFinite(this.slider.valueAsNumber) ? this.slider.valueAsNumber : 0) * DEGREES;
    this.slider?.addEventListener('input', () => this.onSlider());
    this.mode = (this.onChoice('weights-mode', (value) => this.setMode(value as WeightsMode)) ?? 'smooth') as WeightsMode;
    void this.load();
  }

  private async load(): Promise<void> {
    const model = await this.loadModelFile(MODEL_FILE);
    if (model === null) return;
    const primitive = model.meshes[0]?.primitives[0];
    if (primitive === undefined || model.skins.length === 0) {
      this.fail('error', `The model ${MODEL_FILE} has no skinned mesh to show.`);
      return;
    }
    // #region weight-variants
    this.variants.set('smooth', { joints: primitive.joints, weights: primitive.weights });
    this.variants.set('rigid', limitInfluences(primitive, 1));
    this.variants.set('unnormalised', limitInfluencesWithoutRenormalising(primitive, 1));
    // #endregion weight-variants
    this.bentNodes = BENT_JOINTS.map((name) => model.hierarchy.names.indexOf(name));
    this.setModel(model, -1);
    // The weight paint starts on the middle joint: its weights ramp up across one joint and down across the next.
    const middle = model.skins[0].joints.indexOf(this.bentNodes[0]);
    if (middle >= 0) this.selectJoint(middle);
    this.setMode(this.mode);
  }

  private setMode(mode: WeightsMode): void {
    const variant = this.variants.get(mode);
    if (variant === undefined) return; // not loaded yet: load() applies the mode
    this.mode = mode;
    this.replaceInfluences(0, variant.joints, variant.weights);
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

  /** Frames every bend the slider reaches: its two ends and straight. */
  protected override measureBounds(): Bounds {
    const angle = this.angle;
    const bounds = this.boundsOfPoses(
      [this.slider?.min, '0', this.slider?.max].map((degrees) => () => {
        this.angle = Number(degrees ?? 0) * DEGREES;
        this.updatePose();
      }),
    );
    this.angle = angle;
    return bounds;
  }

  protected override updatePose(): void {
    const player = this.player!;
    const rest = player.model.hierarchy.rest;
    copyPose(player.pose, rest);
    if (!this.showBindPose) {
      // Each bent joint: its rest rotation, then a turn about its own z axis (q = q_rest · q_z).
      const turn = this.turn;
      turn[2] = Math.sin(this.angle / 2);
      turn[3] = Math.cos(this.angle / 2);
      const rotations = player.pose.rotations;
      for (const node of this.bentNodes) if (node >= 0) multiplyQuatAt(rotations, 4 * node, rotations, 4 * node, turn, 0);
    }
    player.updateMatrices();
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new WeightsIsland(host);
}
