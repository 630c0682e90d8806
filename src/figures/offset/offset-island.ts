// The offset island (chapter 4): two bones, the child turned 45° in the bind pose, and a slider
// that turns the child further. The skinning matrices come from the correct product
// global × inverseBind, or, under "Break it", from one of three classic mistakes of
// src/core/pitfalls.ts: the offset on the wrong side, the offset forgotten, the offset not inverted.
// A mistake that carries the mesh out of the figure's framing is framed with the correct bends
// (choice-framing.ts).

import { buildPaletteReversedOrder, buildPaletteWithBindGlobals, buildPaletteWithoutOffsets } from '../../core/pitfalls.ts';
import type { Skin } from '../../core/model.ts';
import type { Island } from '../shared/island-manager.ts';
import { BendView } from '../shared/bend-view.ts';
import type { Bounds } from '../shared/pose-bounds.ts';
import { ChoiceFraming } from '../shared/choice-framing.ts';

const MODEL_FILE = 'two-bones-rotated.glb';
const BENT_JOINTS = ['child'];

/** A palette stage with buildPalette's signature, less the global inverse. */
type PaletteStage = (outPalette: Float32Array, skin: Skin, globals: Float32Array) => Float32Array;

/** The ChoiceGroup values (OffsetFigure.astro) and the wrong palette each one swaps in; null keeps the correct one. */
const PALETTE_BY_MODE: Record<string, PaletteStage | null> = {
  correct: null,
  'reversed-order': buildPaletteReversedOrder,
  'without-offsets': buildPaletteWithoutOffsets,
  'not-inverted': buildPaletteWithBindGlobals,
};

class OffsetIsland extends BendView {
  private wrongPalette: PaletteStage | null = null;
  /** The ChoiceGroup value shown, for choiceFraming. */
  private mode = 'correct';
  /** What the camera frames under each choice; null until the model has loaded. */
  private choiceFraming: ChoiceFraming | null = null;

  /**
   * Bounds of the mesh as the chosen palette draws it: over the slider's bends (BendView's
   * measureBounds), or in the bind pose alone. Set-up work, for choiceFraming.
   */
  private readonly measureChoice = (bindPose: boolean): Bounds => {
    const showBindPose = this.showBindPose;
    this.showBindPose = bindPose;
    const bounds = bindPose ? this.boundsOfPoses([() => this.updatePose()]) : this.measureBends();
    this.showBindPose = showBindPose;
    return bounds;
  };

  constructor(host: HTMLElement) {
    super(host, { ground: false, yaw: 0.25, pitch: 0.1, autoplay: false });
    const mode = this.onChoice('palette-mode', (value) => this.setMode(value));
    this.mode = mode ?? 'correct';
    this.wrongPalette = mode === null ? null : (PALETTE_BY_MODE[mode] ?? null);
    void this.load();
  }

  private async load(): Promise<void> {
    const model = await this.loadModelFile(MODEL_FILE);
    if (model === null) return;
    if (model.skins.length === 0 || model.meshes.length === 0) {
      this.fail('error', `The model ${MODEL_FILE} has no skinned mesh to show.`);
      return;
    }
    if ((await this.showBent(model, BENT_JOINTS)) === null) return;
    this.choiceFraming = new ChoiceFraming(this.framedBounds!);
  }

  private setMode(mode: string): void {
    this.mode = mode;
    this.wrongPalette = PALETTE_BY_MODE[mode] ?? null;
    this.requestRender();
  }

  /** Frames the correct bends, whichever mistake is chosen when the figure starts (the view must not depend on it). */
  protected override measureBounds(): Bounds {
    const wrongPalette = this.wrongPalette;
    this.wrongPalette = null;
    const bounds = super.measureBounds();
    this.wrongPalette = wrongPalette;
    return bounds;
  }

  /** BendView's bounds over the slider's bends, with the palette chosen now. */
  private measureBends(): Bounds {
    return super.measureBounds();
  }

  protected override updatePose(): void {
    const framing = this.choiceFraming?.change(this.mode, this.showBindPose, this.measureChoice);
    if (framing) this.frameBounds(framing);
    super.updatePose();
    const wrongPalette = this.wrongPalette;
    if (wrongPalette !== null) {
      // #region break-it
      // The same globals; the skinning matrices built the wrong way.
      const player = this.player!;
      wrongPalette(player.palettes[0], player.model.skins[0], player.globals);
      // #endregion break-it
    }
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new OffsetIsland(host);
}
