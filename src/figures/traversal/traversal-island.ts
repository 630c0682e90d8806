// The traversal island (chapter 5): the mannequin walking, with a "Break it" choice of two
// traversal mistakes from src/core/pitfalls.ts — skipping the nodes that are not bones (the
// Armature node's Z-up → Y-up rotation is lost), and taking keys as offsets from the rest pose
// instead of replacing it. Both carry the mesh out of the figure's framing (lying on the floor, up
// in the air): the camera then frames the mistake with the correct walk (choice-framing.ts).

import { Playback } from '../../core/clip.ts';
import { animateFrame } from '../../core/frame.ts';
import { buildPalette } from '../../core/palette.ts';
import { localToGlobalSkippingBonelessNodes, sampleClipRelativeToRest } from '../../core/pitfalls.ts';
import { ClipChoiceView } from '../shared/clip-choice-view.ts';
import type { Island } from '../shared/island-manager.ts';

const MODEL_FILE = 'mannequin.glb';
const CLIP_NAME = 'walk';

type TraversalMode = 'correct' | 'skip-boneless' | 'relative-keys';

class TraversalIsland extends ClipChoiceView {
  private mode: TraversalMode = 'correct';
  /** 1 for each hierarchy node that is a joint of the first skin (filled when the model has loaded). */
  private isJoint = new Uint8Array(0);

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.55, pitch: 0.16, autoplay: true });
    this.mode = (this.onChoice('traversal-mode', (value) => this.setMode(value as TraversalMode)) ?? 'correct') as TraversalMode;
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip(MODEL_FILE, CLIP_NAME);
    if (loaded === null) return;
    const { model, clipIndex } = loaded;
    this.isJoint = new Uint8Array(model.hierarchy.count);
    for (const node of model.skins[0].joints) if (node >= 0 && node < this.isJoint.length) this.isJoint[node] = 1;
    if (!(await this.setModel(model, clipIndex))) return;
    this.startChoiceFraming();
  }

  private setMode(mode: TraversalMode): void {
    this.mode = mode;
    this.requestRender();
  }

  protected override updatePose(): void {
    this.frameChoice(this.mode);
    const player = this.player!;
    const model = player.model;
    if (this.mode === 'relative-keys' && !this.showBindPose) {
      // The clip sampled with each keyed channel added to its rest value, instead of sampleClip;
      // the rest of the frame as always.
      sampleClipRelativeToRest(player.pose, model.clips[this.clipIndex], model.hierarchy.rest, this.time, Playback.LOOP, player.cursor);
      animateFrame(player, null);
      return;
    }
    super.updatePose();
    if (this.mode === 'skip-boneless') {
      // #region break-it
      // The same locals, chained as if only the bones counted; the palette follows.
      localToGlobalSkippingBonelessNodes(player.globals, model.hierarchy.parents, player.locals, this.isJoint);
      buildPalette(player.palettes[0], model.skins[0], player.globals, player.globalInverse);
      // #endregion break-it
    }
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new TraversalIsland(host);
}
