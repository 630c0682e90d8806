// The bone-limit island (chapter 8): tentacle.glb, 300 joints, curling. "Bone texture" draws with
// shaders/skin.vert; the other choices with shaders/variants/uniform-array.vert, whose
// `uniform mat4 u_bones[MAX_BONES]` is compiled for 100 matrices (ogldev), 128 (the Habr article)
// or as many as this device's MAX_VERTEX_UNIFORM_VECTORS allows (uniformArrayBoneCapacity). Only the
// first MAX_BONES matrices are uploaded (uploadBoneUniforms); a vertex of a later joint indexes
// past the array's end. An array the device cannot hold fails to compile: the note shows the
// compiler's message and the figure keeps its previous shader.

import { SetupError } from '../../core/setup-error.ts';
import { setSkinShader, type Renderer } from '../../gl/renderer.ts';
import { uniformArraySkinShader } from '../../gl/skin-shader-variants.ts';
import { SkinShader, uniformArrayBoneCapacity } from '../../gl/skin-shaders.ts';
import type { Island } from '../shared/island-manager.ts';
import { SkinView } from '../shared/skin-view.ts';

const MODEL_FILE = 'tentacle.glb';
const CLIP_NAME = 'curl';

type BoneSource = 'texture' | 'uniform-100' | 'uniform-128' | 'uniform-device';
const SOURCES: readonly BoneSource[] = ['texture', 'uniform-100', 'uniform-128', 'uniform-device'];

class BoneLimitIsland extends SkinView {
  private source: BoneSource = 'texture';
  private readonly deviceNote: HTMLElement | null;
  private readonly note: HTMLElement | null;
  /** This device's MAX_VERTEX_UNIFORM_VECTORS, read when the first renderer is made (0 before). */
  private maxVertexUniformVectors = 0;

  constructor(host: HTMLElement) {
    super(host, { ground: true, yaw: 0.6, pitch: 0.12, autoplay: true });
    this.deviceNote = host.querySelector('[data-part=bone-limit-device]');
    this.note = host.querySelector('[data-part=bone-limit-note]');
    const checked = this.onChoice('bone-source', (value) => this.setSource(value as BoneSource));
    this.source = SOURCES.find((source) => source === checked) ?? 'texture';
    void this.load();
  }

  private async load(): Promise<void> {
    const loaded = await this.loadModelAndClip(MODEL_FILE, CLIP_NAME);
    if (loaded === null) return;
    await this.setModel(loaded.model, loaded.clipIndex);
  }

  /** Matrices the uniform array of `source` holds (0 for the texture). */
  private arraySize(source: BoneSource): number {
    if (source === 'uniform-100') return 100;
    if (source === 'uniform-128') return 128;
    if (source === 'uniform-device') return uniformArrayBoneCapacity(this.maxVertexUniformVectors);
    return 0;
  }

  protected override rendererCreated(renderer: Renderer): void {
    const { gl } = renderer;
    this.maxVertexUniformVectors = gl.getParameter(gl.MAX_VERTEX_UNIFORM_VECTORS) as number;
    if (this.deviceNote !== null) {
      this.deviceNote.textContent =
        `This device gives a vertex shader ${this.maxVertexUniformVectors.toLocaleString('en')} uniform vectors (MAX_VERTEX_UNIFORM_VECTORS): ` +
        `room for ${uniformArrayBoneCapacity(this.maxVertexUniformVectors).toLocaleString('en')} bone matrices at 4 vectors each, after the shader's other uniforms.`;
    }
    this.apply(renderer);
  }

  private setSource(source: BoneSource): void {
    this.source = source;
    const renderer = this.renderer;
    if (renderer !== null) this.apply(renderer);
    this.requestRender();
  }

  /** Switches the renderer's shader to the chosen source and says what it does. */
  private apply(renderer: Renderer): void {
    const joints = this.model?.skins[0]?.joints.length ?? 0;
    const size = this.arraySize(this.source);
    try {
      if (this.source === 'texture') setSkinShader(renderer, SkinShader.CORRECT);
      else setSkinShader(renderer, uniformArraySkinShader(size));
    } catch (error) {
      if (!(error instanceof SetupError)) throw error;
      this.describe(`This device cannot compile a uniform array of ${size} matrices (${4 * size} vectors and more): the shader fails to link, so the figure keeps drawing the previous choice. The compiler said: ${error.message}`);
      return;
    }
    this.host.dataset.boneArraySize = String(size);
    if (this.source === 'texture') {
      this.describe(`All ${joints} matrices are in the texture: ${joints} rows of 4 RGBA32F texels, ${(joints * 64).toLocaleString('en')} bytes, uploaded whole each frame.`);
    } else if (size >= joints) {
      this.describe(`${size} matrices hold all ${joints} joints: on this device, a uniform array is big enough for this skeleton.`);
    } else {
      this.describe(
        `Only joints 0 to ${size - 1} are uploaded. Vertices of joints ${size} to ${joints - 1} index past the array's end: WebGL clamps the index to the last element, so they all follow joint ${size - 1} rigidly (desktop GL reads whatever lies past the end). No error is raised.`,
      );
    }
  }

  private describe(text: string): void {
    if (this.note !== null) this.note.textContent = text;
  }
}

export function mountIsland(host: HTMLElement): Island {
  return new BoneLimitIsland(host);
}
