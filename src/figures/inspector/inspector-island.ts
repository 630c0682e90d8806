// The inspector island (chapter 8): the mannequin playing the clip chosen among its three, with the
// bind pose toggle, the time slider, the skeleton and weight-paint views, and the vertex inspector
// (src/figures/shared/vertex-inspector.ts) taking one vertex's skinning apart as the clip plays.

import { Playback } from '../../core/clip.ts';
import { animateFrame, showRestPose } from '../../core/frame.ts';
import { framedClipTimes, type Bounds } from '../shared/pose-bounds.ts';
import type { Island } from '../shared/island-manager.ts';
import { SkinView } from '../shared/skin-view.ts';
import { VertexInspector } from '../shared/vertex-inspector.ts';

const MODEL_FILE = 'mannequin.glb';
/** Half the size of the box the camera frames around the inspected vertex, metres (x, y, z). */
const FRAME_HALF_SIZE = [0.35, 0.45, 0.35];

class InspectorIsland extends SkinView {
  /** The clip named by the clip choice (its value), before the model has loaded. */
  private clipName: string;
  private readonly inspector: VertexInspector;

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.55, pitch: 0.16, autoplay: true });
    // Before the model has loaded, the clip chosen is the one load() starts on.
    this.clipName = this.onChoice('clip', (name) => this.playClipNamed((this.clipName = name))) ?? '';
    this.inspector = new VertexInspector(this);
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip(MODEL_FILE, this.clipName);
    if (loaded === null) return;
    const { model, clipIndex } = loaded;
    if (!(await this.setModel(model, clipIndex))) return;
    // Closer than the whole figure: 0.9 m high around the vertex inspected first, so that its ghosts
    // stand apart (a few centimetres at a bend). Zooming out, or another vertex, is the reader's choice.
    const primitive = model.meshes[0].primitives[0];
    const vertex = this.inspector.startVertexOf(primitive);
    const min = new Float32Array(3), max = new Float32Array(3);
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = primitive.positions[3 * vertex + axis] - FRAME_HALF_SIZE[axis];
      max[axis] = primitive.positions[3 * vertex + axis] + FRAME_HALF_SIZE[axis];
    }
    this.frameBounds({ min, max });
  }

  /** Frames every clip, not only the first: the bind pose and the framedClipTimes of each. */
  protected override measureBounds(): Bounds {
    const player = this.player!;
    const poses = [() => showRestPose(player)];
    for (const clip of this.model!.clips) {
      for (const t of framedClipTimes(clip.duration)) poses.push(() => animateFrame(player, clip, t, Playback.LOOP));
    }
    return this.boundsOfPoses(poses);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new InspectorIsland(host);
}
