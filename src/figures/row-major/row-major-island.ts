// The row-major island (chapter 9): mannequin.glb walking. "Correct" is the frame animateFrame
// builds; "Read row-major" rebuilds the palette with each offset matrix transposed
// (buildPaletteWithTransposedOffsets), as it arrives when Assimp's row-major aiMatrix4x4 is copied
// into a column-major array. The skeleton overlay draws the joints' globals, which no choice
// changes. The note gives how far the mesh strays, measured on the pose shown; when it strays out
// of the figure's framing, the camera frames it with the correct walk (choice-framing.ts).

import { buildPaletteWithTransposedOffsets } from '../../core/pitfalls.ts';
import { skinVertices } from '../../core/skin.ts';
import { largestPointDistance } from '../../core/normals.ts';
import { ClipChoiceView } from '../shared/clip-choice-view.ts';
import { formatNumber } from '../shared/format.ts';
import type { Island } from '../shared/island-manager.ts';

const MODEL_FILE = 'mannequin.glb';
const CLIP_NAME = 'walk';

type Mode = 'correct' | 'transposed';

class RowMajorIsland extends ClipChoiceView {
  private mode: Mode = 'correct';
  private readonly note: HTMLElement | null;
  private correctPositions = new Float32Array(0);
  private wrongPositions = new Float32Array(0);
  private measureTimer = 0;

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.55, pitch: 0.16, autoplay: true });
    this.note = host.querySelector('[data-part=row-major-note]');
    const checked = this.onChoice('row-major-mode', (value) => this.setMode(value === 'transposed' ? 'transposed' : 'correct'));
    this.mode = checked === 'transposed' ? 'transposed' : 'correct';
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip(MODEL_FILE, CLIP_NAME);
    if (loaded === null) return;
    const vertices = loaded.model.meshes[0].primitives[0].vertexCount;
    this.correctPositions = new Float32Array(3 * vertices);
    this.wrongPositions = new Float32Array(3 * vertices);
    if (!(await this.setModel(loaded.model, loaded.clipIndex))) return;
    this.startChoiceFraming();
    this.setMode(this.mode);
  }

  private setMode(mode: Mode): void {
    this.mode = mode;
    this.requestRender();
    this.describe();
  }

  // #region transposed-palette
  protected override updatePose(): void {
    this.frameChoice(this.mode);
    super.updatePose();
    if (this.mode !== 'transposed') return;
    const player = this.player!;
    for (let s = 0; s < player.model.skins.length; s++) {
      buildPaletteWithTransposedOffsets(player.palettes[s], player.model.skins[s], player.globals);
    }
  }
  // #endregion transposed-palette

  protected override afterFrame(): void {
    super.afterFrame();
    window.clearTimeout(this.measureTimer);
    this.measureTimer = window.setTimeout(() => this.describe(), 250);
  }

  /** How far the transposed offsets move the mesh from where it belongs, on the pose shown. */
  private describe(): void {
    const player = this.player;
    if (player === null || this.note === null) return;
    if (this.mode === 'correct') {
      this.note.textContent = 'Each offset matrix as glTF stores it: column by column, its translation in the last column.';
      return;
    }
    const primitive = player.model.meshes[0].primitives[0];
    const skin = player.model.skins[0];
    // The correct palette of this pose, then the transposed one again.
    super.updatePose();
    skinVertices(this.correctPositions, null, primitive, player.palettes[0]);
    buildPaletteWithTransposedOffsets(player.palettes[0], skin, player.globals);
    skinVertices(this.wrongPositions, null, primitive, player.palettes[0]);
    const distance = largestPointDistance(this.correctPositions, this.wrongPositions, primitive.vertexCount);
    this.note.textContent =
      `Transposed, each offset's turn runs backwards and its translation lands in the bottom row, which skinning never reads: ` +
      `on this pose, vertices stray up to ${formatNumber(distance, 2, { fixed: true })} m from where they belong.`;
    this.host.dataset.largestDistance = String(distance);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new RowMajorIsland(host);
}
