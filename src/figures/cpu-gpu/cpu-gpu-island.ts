// The CPU-against-GPU island (chapter 8): the mannequin walking, skinned by shaders/skin.vert or by
// skinVertices (src/core/skin.ts), whose output the renderer draws through the pass-through shader
// shaders/variants/skinned-on-cpu.vert — same fragment shader, same buffers otherwise.
//
// The note compares the two on one pose: the shader's output captured with transform feedback
// (captureGpuSkinned) against skinVertices, as the largest distance between positions and the
// largest angle between normals. Reading a capture back makes the page wait until the GPU has run
// every command sent before the read, and while the clip plays the GPU always has a frame in hand:
// so the figure compares only on the poses the clip rests on (paused, dragged, stepped, the bind
// pose), at most every MEASURE_INTERVAL ms; while it plays, the note keeps the last comparison,
// which names its pose. The capture is read once its fence says the GPU is done. On the CPU the
// note also gives skinVertices' time for that frame.

import { largestNormalAngle, largestPointDistance } from '../../core/normals.ts';
import type { SkinnedPrimitive } from '../../core/model.ts';
import { skinVertices } from '../../core/skin.ts';
import { captureGpuSkinned, createSkinReadback, fenceGpuSkinned, gpuSkinnedReady, readSkinFeedback, type SkinReadback } from '../../gl/feedback.ts';
import { pointAtCpuSkinned } from '../../gl/mesh.ts';
import { setSkinShader, type Renderer } from '../../gl/renderer.ts';
import { SkinShaderVariant } from '../../gl/skin-shader-variants.ts';
import { SkinShader } from '../../gl/skin-shaders.ts';
import { formatNumber } from '../shared/format.ts';
import type { Island } from '../shared/island-manager.ts';
import { SkinView } from '../shared/skin-view.ts';

const MODEL_FILE = 'mannequin.glb';
const CLIP_NAME = 'walk';
/** Fewest milliseconds between two comparisons while the pose changes at rest (a drag of the time, the view). */
const MEASURE_INTERVAL = 250;
/** Milliseconds between two looks at a capture's fence. */
const FENCE_POLL_INTERVAL = 20;

type Place = 'gpu' | 'cpu';

/**
 * One renderer primitive's model data, its CPU-skinned output for drawing, and skinVertices' output
 * for the pose captured last (3 floats per vertex each).
 */
interface Skinned {
  primitive: SkinnedPrimitive;
  skin: number;
  positions: Float32Array;
  normals: Float32Array;
  capturedPositions: Float32Array;
  capturedNormals: Float32Array;
}

/** "2.4 × 10⁻⁷", or "0" */
function scientific(value: number): string {
  if (value === 0) return '0';
  const exponent = Math.floor(Math.log10(value));
  const mantissa = value / 10 ** exponent;
  const superscript = String(exponent).replace('-', '⁻').replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]);
  return `${formatNumber(mantissa, 1, { fixed: true })} × 10${superscript}`;
}

class CpuGpuIsland extends SkinView {
  private place: Place = 'gpu';
  private readonly note: HTMLElement | null;
  /** Per renderer primitive, in the renderer's order (every mesh's primitives, mesh by mesh). */
  private skinned: Skinned[] = [];
  /** The shader's output for the comparison, sized for the largest primitive. */
  private gpuPositions = new Float32Array(0);
  private gpuNormals = new Float32Array(0);
  private readback: SkinReadback | null = null;
  private readbackRenderer: Renderer | null = null;
  private lastMeasured = -Infinity;
  private measureTimer = 0;
  /** The next frame measures, whatever the interval (set by the timer after the last frame). */
  private measureDue = false;
  /** skinVertices' time for the last frame drawn on the CPU, ms. */
  private cpuMilliseconds = 0;
  /** The note's words for the pose captured last ("At 0.40 s into the walk") and, on the CPU, for skinVertices' time then. */
  private capturedPose = '';
  private capturedTiming = '';

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.55, pitch: 0.16, autoplay: true });
    this.note = host.querySelector('[data-part=cpu-gpu-note]');
    const checked = this.onChoice('skinned-on', (value) => this.setPlace(value as Place));
    this.place = checked === 'cpu' ? 'cpu' : 'gpu';
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip(MODEL_FILE, CLIP_NAME);
    if (loaded === null) return;
    const { model, clipIndex } = loaded;
    let largest = 0;
    this.skinned = model.meshes.flatMap((mesh) =>
      mesh.primitives.map((primitive) => {
        largest = Math.max(largest, primitive.vertexCount);
        const floats = 3 * primitive.vertexCount;
        return {
          primitive,
          skin: mesh.skin,
          positions: new Float32Array(floats),
          normals: new Float32Array(floats),
          capturedPositions: new Float32Array(floats),
          capturedNormals: new Float32Array(floats),
        };
      }),
    );
    this.gpuPositions = new Float32Array(3 * largest);
    this.gpuNormals = new Float32Array(3 * largest);
    this.setCpuSkinned(
      this.skinned.map((entry) => entry.positions),
      this.skinned.map((entry) => entry.normals),
    );
    await this.setModel(model, clipIndex);
  }

  protected override rendererCreated(renderer: Renderer): void {
    setSkinShader(renderer, this.shader());
  }

  protected override rendererCreatedShaders(): SkinShader[] {
    return [this.shader()];
  }

  /** The skinning shader of the chosen place. */
  private shader(): SkinShader {
    return this.place === 'cpu' ? SkinShaderVariant.SKINNED_ON_CPU : SkinShader.CORRECT;
  }

  private setPlace(place: Place): void {
    this.place = place;
    const renderer = this.renderer;
    if (renderer !== null) this.rendererCreated(renderer);
    this.measureDue = true;
    this.requestRender();
  }

  // #region skin-on-cpu
  protected override updatePose(): void {
    super.updatePose();
    if (this.place !== 'cpu') return;
    const start = performance.now();
    for (const { primitive, skin, positions, normals } of this.skinned) {
      skinVertices(positions, normals, primitive, this.player!.palettes[skin]);
    }
    this.cpuMilliseconds = performance.now() - start;
  }
  // #endregion skin-on-cpu

  protected override afterFrame(): void {
    super.afterFrame();
    const now = performance.now();
    window.clearTimeout(this.measureTimer);
    if (this.playing && !this.showBindPose) return;
    if (this.measureDue || now - this.lastMeasured >= MEASURE_INTERVAL) {
      this.measureDue = false;
      this.lastMeasured = now;
      this.measure();
    } else {
      // The last frame of a drag or of a pause gets measured too, in one more frame of its own: a
      // capture between frames would make the browser present the canvas's cleared drawing
      // buffer (without multisampling, nothing else keeps the last frame), a blank figure.
      this.measureTimer = window.setTimeout(() => {
        this.measureDue = true;
        this.requestRender();
      }, MEASURE_INTERVAL);
    }
  }

  /**
   * Captures the shader's output for the pose last drawn, and skinVertices' for the same palettes;
   * collect() compares them once the GPU is done. Runs in a frame, after drawing: a capture between
   * frames would make the browser present the canvas's cleared drawing buffer.
   */
  private measure(): void {
    const renderer = this.renderer;
    const player = this.player;
    if (renderer === null || player === null || this.note === null) return;
    const { gl } = renderer;
    if (this.readbackRenderer !== renderer) {
      this.readback = createSkinReadback(gl, this.skinned.map((entry) => entry.primitive.vertexCount));
      this.readbackRenderer = renderer;
    }
    this.skinned.forEach((entry, index) => {
      const { vertexArray } = renderer.primitives[index];
      // The shader skins the bind-pose buffers: point the vertex array back at them while capturing.
      if (this.place === 'cpu') pointAtCpuSkinned(gl, vertexArray, false);
      captureGpuSkinned(gl, this.readback!, index, vertexArray.vao, renderer.boneTextures[entry.skin].texture);
      if (this.place === 'cpu') pointAtCpuSkinned(gl, vertexArray, true);
      else skinVertices(entry.positions, entry.normals, entry.primitive, player.palettes[entry.skin]);
      entry.capturedPositions.set(entry.positions);
      entry.capturedNormals.set(entry.normals);
    });
    fenceGpuSkinned(gl, this.readback!);
    this.capturedPose = this.showBindPose ? 'In the bind pose' : `At ${formatNumber(this.clipTime(), 2, { fixed: true })} s into the walk`;
    this.capturedTiming = this.place === 'cpu' ? ` skinVertices took ${formatNumber(this.cpuMilliseconds, 2, { fixed: true })} ms for that frame.` : '';
    window.setTimeout(() => this.collect(), FENCE_POLL_INTERVAL);
  }

  /** Once the GPU has run the last capture, compares it with skinVertices' output and says so in the note. */
  private collect(): void {
    const renderer = this.renderer;
    const readback = this.readback;
    // Without a renderer, or with a new one, the capture is gone; the next frame makes another.
    if (renderer === null || renderer !== this.readbackRenderer || readback === null || this.note === null) return;
    const { gl } = renderer;
    if (!gpuSkinnedReady(gl, readback)) {
      if (readback.fence !== null) window.setTimeout(() => this.collect(), FENCE_POLL_INTERVAL);
      return;
    }
    let distance = 0;
    let degrees = 0;
    let vertices = 0;
    this.skinned.forEach((entry, index) => {
      readSkinFeedback(gl, readback.feedbacks[index], this.gpuPositions, this.gpuNormals);
      const count = entry.primitive.vertexCount;
      distance = Math.max(distance, largestPointDistance(entry.capturedPositions, this.gpuPositions, count));
      degrees = Math.max(degrees, (largestNormalAngle(entry.capturedNormals, this.gpuNormals, count) * 180) / Math.PI);
      vertices += count;
    });
    this.note.textContent =
      `${this.capturedPose}, over ${vertices.toLocaleString('en')} vertices, CPU and GPU differ by at most ${scientific(distance)} m in position ` +
      `and ${scientific(degrees)}° in normal direction: float rounding, nothing more.${this.capturedTiming}`;
    this.host.dataset.largestDistance = String(distance);
    this.host.dataset.largestNormalDegrees = String(degrees);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new CpuGpuIsland(host);
}
