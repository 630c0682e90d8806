// The crowd skinned on the CPU (chapter 12), loaded the first time the reader chooses it: every
// instance's positions skinned by skinVertices (or the fast path's createSimdSkinner) into one
// array per primitive, instance after instance, uploaded, and drawn one instance per call
// (src/gl/crowd-cpu-pass.ts).
//
// Skinning a thousand copies of the mesh in JavaScript takes longer than several frames, so each
// frame skins out-of-date instances round-robin until its budget is spent (at least one); the
// others keep the pose they were last skinned in, and a still crowd catches up over the next
// frames. Buffers are made per crowd size (resize, reserveOnGpu); skin, upload and draw allocate
// nothing.

import type { SimdSkinner } from '../../core/fast/skin-simd.ts';
import type { SkinnedPrimitive } from '../../core/model.ts';
import { skinVertices } from '../../core/skin.ts';
import { createCrowdCpuProgram, drawCrowdOneByOne, reserveCpuPositions, uploadCpuPositions } from '../../gl/crowd-cpu-pass.ts';
import type { CrowdMesh } from '../../gl/crowd-pass.ts';
import type { MeshPass, MeshPassFrame } from '../../gl/mesh-pass.ts';

/** Where the skin stage finds instance i's palette (16 floats per joint, read only): its own, or its baked frame's. */
export interface PaletteSource {
  paletteOf(instance: number): Float32Array;
}

export class CpuCrowd {
  private readonly primitives: SkinnedPrimitive[];
  /** Instances of the crowd. */
  private count = 0;
  /** Per primitive: every instance's skinned positions, instance after instance, and a view per instance. */
  private positions: Float32Array[] = [];
  private views: Float32Array[][] = [];
  /** The next instance to skin, and how many instances still show an older pose than the crowd's. */
  private next = 0;
  stale = 0;
  /** Instances skinned by the last skin(), from `first`. */
  skinned = 0;
  private first = 0;

  constructor(primitives: SkinnedPrimitive[]) {
    this.primitives = primitives;
  }

  /** Allocates the positions of `count` instances (set-up work); every instance is out of date. */
  resize(count: number): void {
    if (count !== this.count) {
      this.count = count;
      this.positions = this.primitives.map((primitive) => new Float32Array(3 * primitive.vertexCount * count));
      this.views = this.positions.map((positions, p) => {
        const floats = 3 * this.primitives[p].vertexCount;
        return Array.from({ length: count }, (_, i) => positions.subarray(i * floats, (i + 1) * floats));
      });
      this.next = 0;
    }
    this.stale = count;
  }

  /** The crowd's pose changed: every instance is out of date. */
  outdate(): void {
    this.stale = this.count;
  }

  /** A new program for drawing the CPU-skinned crowd on `gl` (set-up work, once per context; throws ShaderError). */
  createProgram(gl: WebGL2RenderingContext): MeshPass {
    return createCrowdCpuProgram(gl);
  }

  /** The buffers of `meshes` for the crowd's size (set-up work). */
  reserveOnGpu(gl: WebGL2RenderingContext, meshes: CrowdMesh[]): void {
    for (const mesh of meshes) reserveCpuPositions(gl, mesh, this.count);
  }

  /**
   * The skin stage: out-of-date instances, round-robin, until `budget` ms are spent (at least one),
   * each primitive by its SIMD skinner in `skinners` when it has one, else by skinVertices.
   * Returns how many were skinned.
   */
  // #region skin-round-robin
  skin(source: PaletteSource, budget: number, skinners: readonly (SimdSkinner | null)[] | null): number {
    const start = performance.now();
    this.first = this.next;
    let skinned = 0;
    while (skinned < this.stale && (skinned === 0 || performance.now() - start < budget)) {
      const i = this.next;
      const palette = source.paletteOf(i);
      for (let p = 0; p < this.primitives.length; p++) {
        const skinner = skinners === null ? null : skinners[p];
        if (skinner !== null) this.views[p][i].set(skinner.skin(palette));
        else skinVertices(this.views[p][i], null, this.primitives[p], palette);
      }
      this.next = (i + 1) % this.count;
      skinned++;
    }
    this.stale -= skinned;
    this.skinned = skinned;
    return skinned;
  }
  // #endregion skin-round-robin

  /** The upload stage: the instances the last skin() skinned — one run, or two when the round-robin wrapped. Returns the bytes sent. */
  upload(gl: WebGL2RenderingContext, meshes: CrowdMesh[]): number {
    const head = Math.min(this.skinned, this.count - this.first);
    let bytes = 0;
    for (let p = 0; p < meshes.length && p < this.positions.length; p++) {
      bytes += uploadCpuPositions(gl, meshes[p], this.positions[p], this.first, head);
      bytes += uploadCpuPositions(gl, meshes[p], this.positions[p], 0, this.skinned - head);
    }
    return bytes;
  }

  /** The draw stage with `program` (from createProgram): one call per instance per mesh, placed by `placements`. Returns the calls made. */
  draw(gl: WebGL2RenderingContext, program: MeshPass, frame: MeshPassFrame, meshes: CrowdMesh[], placements: Float32Array): number {
    return drawCrowdOneByOne(gl, program, frame, meshes, placements, this.count);
  }
}
