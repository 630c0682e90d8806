// The dual quaternion island (chapter 10): one pose, skinned twice. The left copy is drawn by
// shaders/skin.vert (linear blend), the right one, shifted along x, by shaders/skin-dq.vert from
// the same palette converted to dual quaternions each frame (paletteToDualQuaternions) — or, for
// "Break it", by its variant that sums them without aligning their signs.
//
// The pose comes from three sliders acting on named joints of the chosen model, each in the
// joint's own axes after its rest rotation: twist about the bone (+y), bend about +z, stretch
// along x (a non-uniform scale). The note measures the two copies on the CPU with the same maths
// (skinVertices, skinVerticesDualQuaternion or its pitfall): the area of the cross-section at the
// twisted joint and the volume the mesh encloses, as shares of the bind pose's.

import { paletteToDualQuaternions, describeNonRigidJoint, skinVerticesDualQuaternion } from '../../core/dual-quaternion.ts';
import { skinVerticesDualQuaternionWithoutSignAlignment } from '../../core/pitfalls-beyond.ts';
import { skinVertices } from '../../core/skin.ts';
import { prepareSkinShader, type Renderer } from '../../gl/renderer.ts';
import type { SkinShader } from '../../gl/skin-shaders.ts';
import { attachDualQuaternionCopy, type DualQuaternionCopySettings } from '../../gl/dual-quaternion-pass.ts';
import { DualQuaternionShader } from '../../gl/dual-quaternion-shaders.ts';
import type { Bounds } from '../shared/pose-bounds.ts';
import { formatNumber } from '../shared/format.ts';
import type { Island } from '../shared/island-manager.ts';
import { SkinView } from '../shared/skin-view.ts';
import { measureTwist, poseTwist, prepareTwistSubject, TWIST_SETUPS, type TwistModel, type TwistPose, type TwistSubject } from './twist-pose.ts';

interface Slider {
  input: HTMLInputElement | null;
  output: HTMLOutputElement | null;
  value: number;
}

class DualQuaternionIsland extends SkinView {
  private choice: TwistModel = 'tube';
  private aligned = true;
  private readonly sliders: Record<'twist' | 'bend' | 'stretch', Slider>;
  private readonly note: HTMLElement | null;
  private readonly cache = new Map<TwistModel, TwistSubject>();
  private loaded: TwistSubject | null = null;
  /** The right-hand copy (dual-quaternion-pass.ts); its dualQuaternions, one per skin, are rewritten each frame. */
  private readonly copy: DualQuaternionCopySettings = {
    shader: DualQuaternionShader.CORRECT,
    offset: new Float32Array(3),
    dualQuaternions: [],
  };
  /** The sliders' pose, rewritten each frame. */
  private readonly pose: TwistPose = { twist: 0, bend: 0, stretch: 1 };
  // Measurement scratch (3 floats per vertex each), per model.
  private linearPositions = new Float32Array(0);
  private dualPositions = new Float32Array(0);
  private measureTimer = 0;

  constructor(host: HTMLElement) {
    super(host, { ground: false, yaw: 0, pitch: 0.12, autoplay: false });
    const slider = (part: string): Slider => {
      const input = host.querySelector<HTMLInputElement>(`input[data-part=${part}]`);
      const output = input === null ? null : host.querySelector<HTMLOutputElement>(`output[for="${input.id}"]`);
      const value = input !== null && Number.isFinite(input.valueAsNumber) ? input.valueAsNumber : 0;
      input?.addEventListener('input', () => this.onSlider(part as 'twist' | 'bend' | 'stretch'));
      return { input, output, value };
    };
    this.sliders = { twist: slider('twist'), bend: slider('bend'), stretch: slider('stretch') };
    this.note = host.querySelector('[data-part=dual-quaternion-note]');
    const model = this.onChoice('dual-quaternion-model', (value) => void this.choose(value as TwistModel));
    const signs = this.onChoice('dual-quaternion-signs', (value) => this.setAligned(value !== 'unaligned'));
    this.aligned = signs !== 'unaligned';
    this.copy.shader = this.aligned ? DualQuaternionShader.CORRECT : DualQuaternionShader.WITHOUT_SIGN_ALIGNMENT;
    void this.choose(model === 'mannequin' ? 'mannequin' : 'tube');
  }

  private async choose(choice: TwistModel): Promise<void> {
    this.choice = choice;
    let loaded = this.cache.get(choice) ?? null;
    if (loaded === null) {
      const model = await this.loadModelFile(TWIST_SETUPS[choice].file);
      if (model === null) return;
      const prepared = prepareTwistSubject(model, choice);
      if (typeof prepared === 'string') {
        this.fail('error', prepared);
        return;
      }
      loaded = prepared;
      this.cache.set(choice, loaded);
    }
    if (this.choice !== choice) return; // another choice arrived while loading
    this.loaded = loaded;
    const floats = 3 * loaded.primitive.vertexCount;
    this.linearPositions = new Float32Array(floats);
    this.dualPositions = new Float32Array(floats);
    this.copy.dualQuaternions = loaded.model.skins.map((skin) => new Float32Array(8 * skin.joints.length));
    this.copy.offset[0] = TWIST_SETUPS[choice].offset;
    if (!(await this.setModel(loaded.model, -1))) return;
    // The figure has no joint menu: its weight view paints the first twisted joint, whose blend
    // with its parent is what the twist strains.
    this.selectJoint(loaded.model.skins[0]?.joints.indexOf(loaded.joints.twist[0]) ?? -1);
    this.measure();
  }

  protected override rendererCreated(renderer: Renderer): void {
    prepareSkinShader(renderer, DualQuaternionShader.CORRECT);
    prepareSkinShader(renderer, DualQuaternionShader.WITHOUT_SIGN_ALIGNMENT);
    attachDualQuaternionCopy(renderer, this.copy);
  }

  protected override rendererCreatedShaders(): SkinShader[] {
    return [DualQuaternionShader.CORRECT, DualQuaternionShader.WITHOUT_SIGN_ALIGNMENT];
  }

  private setAligned(aligned: boolean): void {
    this.aligned = aligned;
    this.copy.shader = aligned ? DualQuaternionShader.CORRECT : DualQuaternionShader.WITHOUT_SIGN_ALIGNMENT;
    this.requestRender();
    this.measure();
  }

  private onSlider(part: 'twist' | 'bend' | 'stretch'): void {
    const slider = this.sliders[part];
    slider.value = slider.input!.valueAsNumber;
    if (slider.output !== null) slider.output.value = part === 'stretch' ? `${formatNumber(slider.value, 1, { fixed: true })}×` : `${Math.round(slider.value)}°`;
    if (this.showBindPose) {
      this.showBindPose = false;
      this.syncControls();
    }
    this.requestRender();
    // The measures run on the pose after the frame, at most every 150 ms while a slider moves.
    window.clearTimeout(this.measureTimer);
    this.measureTimer = window.setTimeout(() => this.measure(), 150);
  }

  // #region pose-both
  protected override updatePose(): void {
    const player = this.player!;
    const pose = this.pose;
    pose.twist = this.showBindPose ? 0 : this.sliders.twist.value;
    pose.bend = this.showBindPose ? 0 : this.sliders.bend.value;
    pose.stretch = this.showBindPose ? 1 : this.sliders.stretch.value;
    poseTwist(player, this.loaded!.joints, pose);
    // The right-hand copy: the same palette, as dual quaternions.
    const dualQuaternions = this.copy.dualQuaternions;
    for (let s = 0; s < dualQuaternions.length; s++) paletteToDualQuaternions(dualQuaternions[s], player.palettes[s]);
  }
  // #endregion pose-both

  /** Frames both copies over the slider's extremes. */
  protected override measureBounds(): Bounds {
    const bounds = this.boundsOfPoses([() => this.updatePose()]);
    const offset = this.copy.offset[0];
    const min = new Float32Array(bounds.min);
    const max = new Float32Array(bounds.max);
    // Room for the twist and bend to swing, and the second copy to the right.
    const size = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    for (let axis = 0; axis < 3; axis++) {
      min[axis] -= 0.15 * size;
      max[axis] += 0.15 * size;
    }
    max[0] += offset;
    return { min, max };
  }

  /**
   * Bounds of both copies as drawn now, for the Fit button (camera-control.ts): the mesh in the pose
   * of the last frame, and again shifted along x to where the right-hand copy stands.
   */
  measureShown(): Bounds | null {
    if (this.loaded === null || this.player === null) return null;
    const bounds = this.boundsOfPoses([() => {}]);
    bounds.max[0] += this.copy.offset[0];
    return bounds;
  }

  /** Measures both copies on the current pose and writes the note. */
  private measure(): void {
    const loaded = this.loaded;
    const player = this.player;
    if (loaded === null || player === null || this.note === null) return;
    this.updatePose();
    const palette = player.palettes[0];
    skinVertices(this.linearPositions, null, loaded.primitive, palette);
    if (this.aligned) skinVerticesDualQuaternion(this.dualPositions, null, loaded.primitive, palette);
    else skinVerticesDualQuaternionWithoutSignAlignment(this.dualPositions, null, loaded.primitive, palette);
    const { section: linearSection, volume: linearVolume } = measureTwist(loaded, this.linearPositions);
    const { section: dualSection, volume: dualVolume } = measureTwist(loaded, this.dualPositions);
    const percent = (value: number) => `${formatNumber(value, 1, { fixed: true })} %`;
    const joint = this.choice === 'tube' ? 'the end joint' : 'the wrist';
    let text =
      `Cross-section at ${joint}: linear blend ${percent(linearSection)} of its bind-pose area, dual quaternions ${percent(dualSection)}. ` +
      `Volume: linear blend ${percent(linearVolume)}, dual quaternions ${percent(dualVolume)}.`;
    const nonRigid = this.showBindPose ? null : describeNonRigidJoint(palette, loaded.stretchJoint);
    if (nonRigid !== null) text += ` ${nonRigid} Dual quaternions keep only rotation and translation: the right-hand copy is not stretched.`;
    if (!this.aligned) text += ' Signs not aligned: past 180° of twist the twisted joint\'s quaternion lies on the far side of the sphere, the sum cancels, and the vertices between swing back the long way.';
    this.note.textContent = text;
    const data = this.host.dataset;
    data.linearSection = String(linearSection);
    data.dualSection = String(dualSection);
    data.linearVolume = String(linearVolume);
    data.dualVolume = String(dualVolume);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new DualQuaternionIsland(host);
}
