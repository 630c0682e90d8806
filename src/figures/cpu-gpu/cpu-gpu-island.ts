// The CPU-against-GPU island (chapter 8): the mannequin walking, skinned by shaders/skin.vert or by
// skinVertices (src/core/skin.ts), whose output the renderer draws through the pass-through shader
// shaders/variants/skinned-on-cpu.vert — same fragment shader, same buffers otherwise.
//
// The note compares the two on the pose shown: the shader's output read back with transform
// feedback (readGpuSkinned) against skinVertices, as the largest distance between positions and
// the largest angle between normals, at most every MEASURE_INTERVAL ms while the clip plays. On the
// CPU it also gives skinVertices' time for the frame.

import { largestNormalAngle, largestPointDistance } from '../../core/normals.ts';
import type { SkinnedPrimitive } from '../../core/model.ts';
import { skinVertices } from '../../core/skin.ts';
import { createSkinReadback, readGpuSkinned, type SkinReadback } from '../../gl/feedback.ts';
import { pointAtCpuSkinned } from '../../gl/mesh.ts';
import { setSkinShader, type Renderer } from '../../gl/renderer.ts';
import { SkinShaderVariant } from '../../gl/skin-shader-variants.ts';
import { SkinShader } from '../../gl/skin-shaders.ts';
import { formatNumber } from '../shared/format.ts';
import type { Island } from '../shared/island-manager.ts';
import { SkinView } from '../shared/skin-view.ts';

const MODEL_FILE = 'mannequin.glb';
const CLIP_NAME = 'walk';
/** Fewest milliseconds between two comparisons while the clip plays. */
const MEASURE_INTERVAL = 250;

type Place = 'gpu' | 'cpu';

/** One renderer primitive's model data and its CPU-skinned output (3 floats per vertex each). */
interface Skinned {
  primitive: SkinnedPrimitive;
  skin: number;
  positions: Float32Array;
  normals: Float32Array;
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
        return { primitive, skin: mesh.skin, positions: new Float32Array(3 * primitive.vertexCount), normals: new Float32Array(3 * primitive.vertexCount) };
      }),
    );
    this.gpuPositions = new Float32Array(3 * largest);
    this.gpuNormals = new Float32Array(3 * largest);
    this.setCpuSkinned(
      this.skinned.map((entry) => entry.positions),
      this.skinned.map((entry) => entry.normals),
    );
    this.setModel(model, clipIndex);
  }

  protected override rendererCreated(renderer: Renderer): void {
    setSkinShader(renderer, this.place === 'cpu' ? SkinShaderVariant.SKINNED_ON_CPU : SkinShader.CORRECT);
  }

  private setPlace(place: Place): void {
    this.place = place;
    const renderer = this.renderer;
    if (renderer !== null) this.rendererCreated(renderer);
    this.lastMeasured = -Infinity;
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
    if (this.measureDue || now - this.lastMeasured >= MEASURE_INTERVAL) {
      this.measureDue = false;
      this.lastMeasured = now;
      this.measure();
    } else {
      // The last frame of a drag or of a pause gets measured too, in one more frame of its own: a
      // readback between frames would make the browser present the canvas's cleared drawing
      // buffer (without multisampling, nothing else keeps the last frame), a blank figure.
      this.measureTimer = window.setTimeout(() => {
        this.measureDue = true;
        this.requestRender();
      }, MEASURE_INTERVAL);
    }
  }

  /** Compares the shader's output with skinVertices' on the pose last drawn, and says so in the note. */
  private measure(): void {
    const renderer = this.renderer;
    const player = this.player;
    if (renderer === null || player === null || this.note === null) return;
    const { gl } = renderer;
    if (this.readbackRenderer !== renderer) {
      this.readback = createSkinReadback(gl, this.gpuPositions.length / 3);
      this.readbackRenderer = renderer;
    }
    let distance = 0;
    let degrees = 0;
    let vertices = 0;
    this.skinned.forEach((entry, index) => {
      const { vertexArray } = renderer.primitives[index];
      // The shader skins the bind-pose buffers: point the vertex array back at them while capturing.
      if (this.place === 'cpu') pointAtCpuSkinned(gl, vertexArray, false);
      readGpuSkinned(gl, this.readback!, vertexArray.vao, renderer.boneTextures[entry.skin].texture, this.gpuPositions, this.gpuNormals);
      if (this.place === 'cpu') pointAtCpuSkinned(gl, vertexArray, true);
      else skinVertices(entry.positions, entry.normals, entry.primitive, player.palettes[entry.skin]);
      const count = entry.primitive.vertexCount;
      distance = Math.max(distance, largestPointDistance(entry.positions, this.gpuPositions, count));
      degrees = Math.max(degrees, (largestNormalAngle(entry.normals, this.gpuNormals, count) * 180) / Math.PI);
      vertices += count;
    });
    const timing = this.place === 'cpu' ? ` skinVertices took ${formatNumber(this.cpuMilliseconds, 2, { fixed: true })} ms for this frame.` : '';
    this.note.textContent =
      `On this pose, over ${vertices.toLocaleString('en')} vertices, CPU and GPU differ by at most ${scientific(distance)} m in position ` +
      `and ${scientific(degrees)}° in normal direction: float rounding, nothing more.${timing}`;
    this.host.dataset.largestDistance = String(distance);
    this.host.dataset.largestNormalDegrees = String(degrees);
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new CpuGpuIsland(host);
}
