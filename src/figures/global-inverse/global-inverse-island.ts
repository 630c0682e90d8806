// The global inverse island (chapter 6): mannequin-zup-cm.glb walking — the mannequin as an FBX
// export leaves it, under a Z_UP root and an Armature scaled 0.01, its inverse bind matrices
// written in the armature's space. "Correct" is glTF's rule, the frame exactly as animateFrame
// builds it; "Break it" redraws the palette as one of the renderers of global-inverse-modes.ts
// does it: the global inverse forgotten or applied twice by an engine that works as ogldev does,
// or the mesh node's transform applied by a glTF renderer. The skeleton overlay draws the joints'
// globals, which no choice changes: it stands where the mesh should be.
//
// Each choice frames the mesh it draws (together with the skeleton, unless the mesh is too small
// to see beside it), and a note under the choices says where the mesh went and how big it is,
// measured when the model loads.

import { Playback } from '../../core/clip.ts';
import type { Clip } from '../../core/model.ts';
import { animateFrame, createPlayer, showRestPose, type Player } from '../../core/frame.ts';
import { framedClipTimes, type Bounds } from '../shared/pose-bounds.ts';
import { unionOfBounds } from '../shared/choice-framing.ts';
import { formatNumber } from '../shared/format.ts';
import { FramingSteps } from '../shared/framing-steps.ts';
import type { Island } from '../shared/island-manager.ts';
import { SkinView } from '../shared/skin-view.ts';
import { applyMode, GLOBAL_INVERSE_MODES, placementOf, type GlobalInverseMode, type Placement } from './global-inverse-modes.ts';

const MODEL_FILE = 'mannequin-zup-cm.glb';
const CLIP_NAME = 'walk';
/** A mesh whose bounds are under this fraction of the correct mesh's is too small to see beside the skeleton: it is framed alone. */
const SMALL_MESH = 0.1;

/** The size of an axis-aligned box along x, y and z. */
function sizeOf({ min, max }: Bounds): [number, number, number] {
  return [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
}

function diagonalOf(bounds: Bounds): number {
  return Math.hypot(...sizeOf(bounds));
}

/** "1.85 m", or "1.85 cm" under a metre's tenth. */
function lengthText(metres: number): string {
  return metres < 0.1 ? `${formatNumber(100 * metres, 2)} cm` : `${formatNumber(metres, 2)} m`;
}

class GlobalInverseIsland extends SkinView {
  private mode: GlobalInverseMode = 'correct';
  /** Null until the model has loaded. */
  private placement: Placement | null = null;
  /** What the camera frames for each choice. */
  private framing = new Map<GlobalInverseMode, Bounds>();
  /** The sentence the note shows for each choice. */
  private notes = new Map<GlobalInverseMode, string>();
  private readonly note: HTMLElement | null;

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.55, pitch: 0.16, autoplay: true });
    this.note = host.querySelector('[data-part=global-inverse-note]');
    const checked = this.onChoice('global-inverse-mode', (value) => this.setMode(value as GlobalInverseMode));
    this.mode = GLOBAL_INVERSE_MODES.find((mode) => mode === checked) ?? 'correct';
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip(MODEL_FILE, CLIP_NAME);
    if (loaded === null) return;
    const { model, clipIndex } = loaded;
    // Measured on a player of its own, before the figure shows the model: its first frame is framed for the choice made.
    const player = createPlayer(model);
    showRestPose(player);
    const placement = placementOf(model, player);
    if (placement === null) {
      this.fail('error', `The root node of ${MODEL_FILE} cannot be inverted: there is no global inverse to take.`);
      return;
    }
    // 24 poses: measured in slices, a task each, as setModel measures the figure's own framing.
    const steps = new FramingSteps();
    const measured = await steps.measure(
      () => this.measure(player, model.clips[clipIndex], placement, (poses) => steps.bounds(model, player, poses, null)),
      () => false,
    );
    if (measured === null) return;
    // Before setModel: the figure's own framing is the correct choice's (measureBounds).
    this.framing = measured.framing;
    this.notes = measured.notes;
    if (!(await this.setModel(model, clipIndex))) return;
    this.placement = placement;
    this.setMode(this.mode);
  }

  /** The figure's own framing: the correct choice's, over the poses SkinView frames, measured with the others in load(). */
  protected override measureBounds(): Bounds {
    return this.framing.get('correct') ?? super.measureBounds();
  }

  /**
   * Bounds of the mesh as each choice draws it (by `boundsOf`), over the rest pose and the framedClipTimes
   * of `clip`; the framing and notes they give. Leaves `player` posed.
   */
  private measure(player: Player, clip: Clip, placement: Placement, boundsOf: (poses: (() => void)[]) => Bounds): { framing: Map<GlobalInverseMode, Bounds>; notes: Map<GlobalInverseMode, string> } {
    const framing = new Map<GlobalInverseMode, Bounds>();
    const notes = new Map<GlobalInverseMode, string>();
    const times = framedClipTimes(clip.duration);
    const rest = new Map<GlobalInverseMode, Bounds>();
    const walking = new Map<GlobalInverseMode, Bounds>();
    for (const mode of GLOBAL_INVERSE_MODES) {
      const restPose = () => {
        showRestPose(player);
        applyMode(mode, player, placement);
      };
      const walkPoses = times.map((time) => () => {
        animateFrame(player, clip, time, Playback.LOOP);
        applyMode(mode, player, placement);
      });
      rest.set(mode, boundsOf([restPose]));
      walking.set(mode, boundsOf([restPose, ...walkPoses]));
    }
    // Each mistake framed with the skeleton, which stands where the correct mesh does; a mesh too
    // small for that, alone.
    const correct = walking.get('correct')!;
    for (const mode of GLOBAL_INVERSE_MODES) {
      const own = walking.get(mode)!;
      const alone = mode === 'correct' || diagonalOf(own) < SMALL_MESH * diagonalOf(correct);
      framing.set(mode, alone ? own : unionOfBounds(own, correct));
    }
    // Sizes in the rest pose (the T-pose): height is y for the upright mesh, length z for one lying down.
    const [, height] = sizeOf(rest.get('correct')!);
    const lying = (mode: GlobalInverseMode) => lengthText(sizeOf(rest.get(mode)!)[2]);
    const shrunk = formatNumber(height / sizeOf(rest.get('mesh-node-transform')!)[2], 0);
    notes.set('correct', `Every joint's skinning matrix already holds Z_UP's turn and the Armature's 0.01: the mesh stands ${lengthText(height)} tall, where its skeleton stands.`);
    notes.set('without-global-inverse', `Z_UP is applied twice, in the palette and again as the model matrix: the mesh lies on its back, ${lying('without-global-inverse')} long, at the feet of the standing skeleton.`);
    notes.set('global-inverse-twice', `Z_UP's inverse is applied twice and Z_UP once: the turn is undone, and the mesh lies on its face in the file's own Z-up axes, ${lying('global-inverse-twice')} long.`);
    notes.set('mesh-node-transform', `Z_UP and the Armature's 0.01 are applied twice: the mesh lies on its back between the skeleton's feet, ${lying('mesh-node-transform')} long, ${shrunk} times too small. The camera has moved in to show it; the skeleton is out of view.`);
    return { framing, notes };
  }

  private setMode(mode: GlobalInverseMode): void {
    this.mode = mode;
    const note = this.notes.get(mode);
    if (this.note !== null && note !== undefined) this.note.textContent = note;
    const framing = this.framing.get(mode);
    if (framing !== undefined) this.frameBounds(framing);
    this.requestRender();
  }

  protected override updatePose(): void {
    super.updatePose();
    if (this.placement !== null) applyMode(this.mode, this.player!, this.placement);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new GlobalInverseIsland(host);
}
