// The bind-pose island (chapter 3): the mannequin, which can be shown in its rest pose or walking,
// skinned with the inverse bind matrices of its file — bound in the pose it was modelled in — or,
// under "Break it", with matrices that bind it in another pose (the walk at BREAK_TIME seconds,
// by inverseBindMatricesFor): the mistake of binding a mesh to a skeleton that was not standing
// where the mesh was modelled. The status line under the choice says how far apart the rest
// pose's skinning matrices are, for each choice (bindPoseDeformation, computed once).

import { bindPoseDeformation, inverseBindMatricesFor } from '../../core/bind-pose.ts';
import { Playback } from '../../core/clip.ts';
import { animateFrame, showRestPose } from '../../core/frame.ts';
import type { Skin } from '../../core/model.ts';
import { buildPalette } from '../../core/palette.ts';
import type { Island } from '../shared/island-manager.ts';
import { formatNumber } from '../shared/format.ts';
import { SkinView } from '../shared/skin-view.ts';

const MODEL_FILE = 'mannequin.glb';
const CLIP_NAME = 'walk';
/** Seconds into the walk whose pose "Break it" binds the mesh in. */
export const BREAK_TIME = 0.3;

type BindMode = 'modelled' | 'walk';

class BindIsland extends SkinView {
  private mode: BindMode = 'modelled';
  /** The skin bound in the walk pose at BREAK_TIME (null until the model has loaded). */
  private walkSkin: Skin | null = null;
  private readonly note: HTMLElement | null;
  /** The sentence the note shows per mode, written once the model has loaded. */
  private readonly notes = new Map<BindMode, string>();

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.55, pitch: 0.16, autoplay: false });
    this.note = host.querySelector('[data-part=bind-note]');
    this.mode = (this.onChoice('bind-mode', (value) => this.setMode(value as BindMode)) ?? 'modelled') as BindMode;
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip(MODEL_FILE, CLIP_NAME);
    if (loaded === null) return;
    const { model, clipIndex } = loaded;
    if (!(await this.setModel(model, clipIndex))) return;
    // Open on the rest pose: the subject of the chapter.
    this.showBindPose = true;
    this.syncControls();
    const player = this.player!;
    const skin = model.skins[0];
    // #region bind-elsewhere
    // Bind the skin in the walk's pose at BREAK_TIME: invert each joint's global there.
    animateFrame(player, model.clips[clipIndex], BREAK_TIME, Playback.LOOP);
    const inverseBindMatrices = inverseBindMatricesFor(new Float32Array(16 * skin.joints.length), skin, player.globals);
    this.walkSkin = { ...skin, inverseBindMatrices };
    // #endregion bind-elsewhere
    // How far apart the rest pose's skinning matrices are, bound each way.
    showRestPose(player);
    const spread = (bound: Skin) => Math.max(...bindPoseDeformation(new Float32Array(skin.joints.length), bound, player.globals));
    this.notes.set('modelled', `In the rest pose every skinning matrix is the identity, to within ${spread(skin).toExponential(0)}: the mesh is drawn as stored.`);
    this.notes.set('walk', `In the rest pose the skinning matrices now differ by up to ${formatNumber(spread(this.walkSkin), 2, { fixed: true })}: the mesh is deformed before anything moves.`);
    this.setMode(this.mode);
  }

  private setMode(mode: BindMode): void {
    this.mode = mode;
    const note = this.notes.get(mode);
    if (this.note !== null && note !== undefined) this.note.textContent = note;
    this.requestRender();
  }

  protected override updatePose(): void {
    super.updatePose();
    if (this.mode === 'walk' && this.walkSkin !== null) {
      // The same globals, through inverse bind matrices made for another pose.
      const player = this.player!;
      buildPalette(player.palettes[0], this.walkSkin, player.globals, player.globalInverse);
    }
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new BindIsland(host);
}
