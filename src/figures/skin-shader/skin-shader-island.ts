// The skin-shader island (chapter 8): the bend tube, bent by one slider and stretched across its
// middle bone by another, drawn by shaders/skin.vert or one of the "Break it" variants of
// shaders/variants/ (the renderer swaps the vertex shader: setSkinShader). The pose is the same
// for every choice; only the shader, and for "joints as floats" the attribute binding, change.
//
// The note under the choices says what the chosen mistake does, with the core's numbers: the bits
// a float joint index arrives as (jointIndexAsFloatBits), and how far the plain matrix turns the
// normals from the inverse-transpose's (skinNormalsWithPlainMatrix against skinVertices), measured
// on the pose shown whenever it changes.

import { largestNormalAngle } from '../../core/normals.ts';
import type { Model, Pose } from '../../core/model.ts';
import { jointIndexAsFloatBits, skinNormalsWithPlainMatrix } from '../../core/pitfalls-shader.ts';
import { skinVertices } from '../../core/skin.ts';
import { setSkinShader, type Renderer } from '../../gl/renderer.ts';
import { SkinShaderVariant } from '../../gl/skin-shader-variants.ts';
import { SkinShader } from '../../gl/skin-shaders.ts';
import { BendView } from '../shared/bend-view.ts';
import { formatNumber } from '../shared/format.ts';
import type { Island } from '../shared/island-manager.ts';

const MODEL_FILE = 'bend-tube.glb';
/** The joints the bend slider turns (their names in the file). */
const BENT_JOINTS = ['middle', 'end'];
/** The joint the stretch slider scales along its own x axis. */
const STRETCHED_JOINT = 'middle';
/** The choices' values (SkinShader keys, as SkinShaderFigure.astro writes them) and their shaders. */
const MODES: readonly SkinShader[] = [SkinShader.CORRECT, SkinShaderVariant.JOINTS_AS_FLOATS, SkinShaderVariant.NORMALS_NOT_SKINNED, SkinShaderVariant.NORMALS_PLAIN_MATRIX];
/** Fewest milliseconds between two measurements of the normals while a slider moves. */
const MEASURE_INTERVAL = 120;

function largestNormalAngleDegrees(a: Float32Array, b: Float32Array, count: number): number {
  return (largestNormalAngle(a, b, count) * 180) / Math.PI;
}

class SkinShaderIsland extends BendView {
  private mode: SkinShader = SkinShader.CORRECT;
  private readonly stretchSlider: HTMLInputElement | null;
  private readonly stretchOutput: HTMLOutputElement | null;
  private readonly note: HTMLElement | null;
  /** Scale of the stretched joint along its x axis, 1 to 3. */
  private stretch = 1;
  private stretchedNode = -1;
  // Set-up buffers for the normal measurement (3 floats per vertex each).
  private positions = new Float32Array(0);
  private correctNormals = new Float32Array(0);
  private plainNormals = new Float32Array(0);
  private lastMeasured = -Infinity;
  private measureTimer = 0;

  constructor(host: HTMLElement) {
    super(host, { ground: false, yaw: 0.35, pitch: 0.1, autoplay: false });
    this.note = host.querySelector('[data-part=skin-shader-note]');
    this.stretchSlider = host.querySelector<HTMLInputElement>('input[data-part=stretch]');
    this.stretchOutput = this.stretchSlider === null ? null : host.querySelector<HTMLOutputElement>(`output[for="${this.stretchSlider.id}"]`);
    this.stretch = this.stretchSlider !== null && Number.isFinite(this.stretchSlider.valueAsNumber) ? this.stretchSlider.valueAsNumber : 1;
    this.stretchSlider?.addEventListener('input', () => this.onStretch());
    const checked = this.onChoice('skin-shader-mode', (value) => this.setMode(MODES.find((mode) => mode.key === value) ?? SkinShader.CORRECT));
    this.mode = MODES.find((mode) => mode.key === checked) ?? SkinShader.CORRECT;
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
    this.stretchedNode = model.hierarchy.names.indexOf(STRETCHED_JOINT);
    const floats = 3 * primitive.vertexCount;
    this.positions = new Float32Array(floats);
    this.correctNormals = new Float32Array(floats);
    this.plainNormals = new Float32Array(floats);
    if ((await this.showBent(model, BENT_JOINTS)) === null) return;
    this.setMode(this.mode);
  }

  protected override rendererCreated(renderer: Renderer): void {
    setSkinShader(renderer, this.mode);
  }

  protected override rendererCreatedShaders(): SkinShader[] {
    return [this.mode];
  }

  private setMode(mode: SkinShader): void {
    this.mode = mode;
    const renderer = this.renderer;
    if (renderer !== null) setSkinShader(renderer, mode);
    this.describe();
    this.requestRender();
  }

  private onStretch(): void {
    this.stretch = this.stretchSlider!.valueAsNumber;
    if (this.stretchOutput !== null) this.stretchOutput.value = `${formatNumber(this.stretch, 1, { fixed: true })}×`;
    if (this.showBindPose) {
      this.showBindPose = false;
      this.syncControls();
    }
    this.requestRender();
  }

  /** The stretch: the middle joint's scale along its own x axis (its y, the bone, keeps its length). */
  protected override adjustPose(pose: Pose): void {
    if (this.stretchedNode >= 0) pose.scales[3 * this.stretchedNode] = this.stretch;
  }

  protected override afterFrame(): void {
    super.afterFrame();
    if (this.mode !== SkinShaderVariant.NORMALS_PLAIN_MATRIX) return;
    // Measure the pose just drawn, at most every MEASURE_INTERVAL ms, and once more when the sliders rest.
    const now = performance.now();
    window.clearTimeout(this.measureTimer);
    if (now - this.lastMeasured >= MEASURE_INTERVAL) {
      this.lastMeasured = now;
      this.describe();
    } else {
      this.measureTimer = window.setTimeout(() => this.describe(), MEASURE_INTERVAL);
    }
  }

  /** The largest angle between the plain matrix's normals and the inverse-transpose's, degrees, on the current pose. */
  private normalError(model: Model): number {
    const primitive = model.meshes[0].primitives[0];
    const palette = this.player!.palettes[0];
    skinVertices(this.positions, this.correctNormals, primitive, palette);
    skinNormalsWithPlainMatrix(this.plainNormals, primitive, palette);
    return largestNormalAngleDegrees(this.correctNormals, this.plainNormals, primitive.vertexCount);
  }

  /** Writes what the chosen shader does into the note. */
  private describe(): void {
    if (this.note === null) return;
    const model = this.model;
    const joints = model?.skins[0]?.joints.length ?? 0;
    let text = '';
    switch (this.mode) {
      case SkinShader.CORRECT:
        text = 'shaders/skin.vert: integer joint indices, the bone texture, and normals through the cofactor matrix, which points the same way as the inverse-transpose.';
        break;
      case SkinShaderVariant.JOINTS_AS_FLOATS:
        text =
          `Joint 1 arrives as 1.0 and reads ${jointIndexAsFloatBits(1).toLocaleString('en')}; joint 2 reads ${jointIndexAsFloatBits(2).toLocaleString('en')}. ` +
          `The bone texture has ${joints} rows, so those reads find zeros, and each vertex keeps only its share on joint 0 (0.0's bits are 0): the tube collapses towards the origin.`;
        break;
      case SkinShaderVariant.NORMALS_NOT_SKINNED:
        text = 'The bent part keeps the light it had standing upright: its shading no longer follows its turn.';
        break;
      case SkinShaderVariant.NORMALS_PLAIN_MATRIX: {
        if (model === null || this.player === null) break;
        const degrees = this.showBindPose ? 0 : this.normalError(model);
        const stretch = this.showBindPose ? 1 : this.stretch;
        text =
          stretch === 1
            ? `Unstretched, each joint's matrix is a rotation, right for normals; only where two joints blend is the sum not a rotation, and there the plain matrix is off by up to ${formatNumber(degrees, 1, { fixed: true })}°. Stretch the middle bone.`
            : `Stretched ${formatNumber(stretch, 1, { fixed: true })}× across, normals lean towards the stretched axis: up to ${formatNumber(degrees, 1, { fixed: true })}° from the surface's true normals on this pose.`;
        break;
      }
    }
    this.note.textContent = text;
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new SkinShaderIsland(host);
}
