// The weights island (chapter 2): the bend tube, a slider that bends its two upper joints, and a
// choice of weights for the same mesh — smooth as authored, rigid (each vertex on its strongest
// bone alone: limitInfluences(…, 1)), or the pitfall of dropping influences without
// renormalising (limitInfluencesWithoutRenormalising). The weight paint shows the weights in use,
// and the vertex inspector (off until the reader switches it on) one vertex's sum under them.
//
// The variants are computed once, when the model has loaded, and swapped into the GPU's joint and
// weight buffers on a change (SkinView.replaceInfluences); the pose is the same for all three.

import { limitInfluencesWithoutRenormalising } from '../../core/pitfalls.ts';
import { limitInfluences } from '../../core/weights.ts';
import type { Island } from '../shared/island-manager.ts';
import { BendView } from '../shared/bend-view.ts';
import { VertexInspector } from '../shared/vertex-inspector.ts';

const MODEL_FILE = 'bend-tube.glb';
/** The joints the slider bends (their names in the file), each by the slider's angle about its own z axis. */
const BENT_JOINTS = ['middle', 'end'];

type WeightsMode = 'smooth' | 'rigid' | 'unnormalised';

class WeightsIsland extends BendView {
  /** Joints and weights of the first primitive, per mode (filled once the model has loaded). */
  private readonly variants = new Map<WeightsMode, { joints: Uint16Array; weights: Float32Array }>();
  private mode: WeightsMode = 'smooth';

  constructor(host: HTMLElement) {
    super(host, { ground: false, yaw: 0.35, pitch: 0.1, autoplay: false });
    this.mode = (this.onChoice('weights-mode', (value) => this.setMode(value as WeightsMode)) ?? 'smooth') as WeightsMode;
    // One vertex taken apart: its joints, weights, matrices and the sum, for the weights chosen.
    new VertexInspector(this);
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
    const bent = await this.showBent(model, BENT_JOINTS);
    if (bent === null) return;
    const [middle] = bent;
    // The weight paint starts on the middle joint: its weights ramp up across one joint and down across the next.
    const joint = model.skins[0].joints.indexOf(middle);
    if (joint >= 0) this.selectJoint(joint);
    this.setMode(this.mode);
  }

  private setMode(mode: WeightsMode): void {
    const variant = this.variants.get(mode);
    if (variant === undefined) return; // not loaded yet: load() applies the mode
    this.mode = mode;
    this.replaceInfluences(0, variant.joints, variant.weights);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new WeightsIsland(host);
}
