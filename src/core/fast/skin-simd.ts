// CPU linear blend skinning of positions with WebAssembly SIMD (chapter: Beyond).
//
// The same maths as skinVertices without normals — each skinned position is
// Σ wᵢ · (palette[jointᵢ] × (p, 1)) — four lanes at a time: a palette matrix is four f32x4
// columns, so M × (p, 1) is col0·px + col1·py + col2·pz + col3, three multiplies and three adds
// on 4-lane vectors, and the weighted sum is one more multiply-add. Lane 3 is carried along and
// discarded.
//
// The kernel is a few dozen instructions in the WebAssembly text format, assembled at first use
// by wasm-text.ts (no compiler needed). The module imports its memory; each skinner owns one
// WebAssembly.Memory sized once at creation and never grown, so the Float32Array views made at
// creation stay valid.
//
// Work done once, at creation, so that the kernel has no branch but its two loops:
// - positions are stored as 16-byte vertex records (x, y, z, influence count);
// - influences are stored in a stream of 8-byte records (byte address of the palette matrix,
//   weight), only those with a weight > 0, so the kernel never tests a weight;
// - a joint index with no matrix in the palette points at an identity matrix stored after the
//   palette; a vertex with no positive weight gets one influence: the identity with weight 1,
//   which gives back its bind-pose position exactly.
// The primitive is copied at creation: later changes to its arrays are not seen.

import type { SkinnedPrimitive } from '../model.ts';
import { assembleModule, compileOrNull, forEachRecord, splatLaneOf, type TextFunction } from './wasm-text.ts';

/** A primitive's positions skinned by a WebAssembly SIMD kernel; see createSimdSkinner. */
export interface SimdSkinner {
  /** Vertices skinned per call: the smallest count that every array of the primitive holds. */
  readonly vertexCount: number;
  /** Palette matrices read per call (16 floats each); joints at or past this count are the identity. */
  readonly paletteJointCount: number;
  /**
   * Skins the positions with `palette` (column-major, 16 floats per joint, from buildPalette) and
   * returns them: 3 floats per vertex, model space. The returned array is a view owned by the
   * skinner — the same object at every call, overwritten by the next call; the caller may read
   * it or write it, but must copy what it keeps. Allocates nothing, never throws.
   *
   * Matrices are taken as affine (bottom rows not read). Only the first paletteJointCount matrices
   * are read; when the palette holds fewer, the missing ones count as the identity, as in
   * skinVertices.
   */
  skin(palette: Float32Array): Float32Array;
}

// ---------------------------------------------------------------------------------------------
// The kernel, in the WebAssembly text format (see wasm-text.ts).

// #region skin-kernel
/**
 * skin(vertexCount, vertices, influences, output): for each vertex record, sums its influences
 * and stores the result's x, y, z (16 bytes written per vertex at a 12-byte stride, in increasing
 * order, so lane 3 lands on the next vertex's x before that is written).
 */
function skinFunction(): TextFunction {
  return {
    name: '$skin',
    exported: true,
    params: [
      ['$vertexCount', 'i32'], // vertices to skin
      ['$vertices', 'i32'], // byte address of the first vertex record (16 bytes: x, y, z f32; count u32)
      ['$influences', 'i32'], // byte address of the first influence record (8 bytes: matrix address u32, weight f32)
      ['$output', 'i32'], // byte address of the output (12 bytes per vertex, plus 4 bytes of slack after the last)
    ],
    results: [],
    locals: [
      ['$verticesEnd', 'i32'], // byte address past the last vertex record
      ['$remaining', 'i32'], // influences of the current vertex not summed yet (≥ 1)
      ['$matrix', 'i32'], // byte address of the current influence's palette matrix
      ['$position', 'v128'], // the current vertex record
      ['$px', 'v128'], ['$py', 'v128'], ['$pz', 'v128'], // px, py, pz splatted to four lanes
      ['$sum', 'v128'], // Σ wᵢ · (Mᵢ × (p, 1)) so far; lane 3 is discarded
    ],
    body: `
      local.get $vertices  local.get $vertexCount  i32.const 4  i32.shl  i32.add  local.set $verticesEnd
      ${forEachRecord('$vertices', '$verticesEnd', 16, '$vertex', `
        local.get $vertices  v128.load  local.set $position
        ${splatLaneOf('$position', 0)}  local.set $px
        ${splatLaneOf('$position', 1)}  local.set $py
        ${splatLaneOf('$position', 2)}  local.set $pz
        local.get $position  i32x4.extract_lane 3  local.set $remaining
        v128.const i32x4 0 0 0 0  local.set $sum
        loop $influence
          local.get $influences  i32.load  local.set $matrix
          ;; sum += w · (((col0·px + col1·py) + col2·pz) + col3), the order skinVertices adds in
          local.get $sum
          local.get $influences  v128.load32_splat offset=4
          local.get $matrix  v128.load offset=0  local.get $px  f32x4.mul
          local.get $matrix  v128.load offset=16  local.get $py  f32x4.mul  f32x4.add
          local.get $matrix  v128.load offset=32  local.get $pz  f32x4.mul  f32x4.add
          local.get $matrix  v128.load offset=48  f32x4.add
          f32x4.mul  f32x4.add  local.set $sum
          local.get $influences  i32.const 8  i32.add  local.set $influences
          local.get $remaining  i32.const 1  i32.sub  local.tee $remaining  br_if $influence
        end
        local.get $output  local.get $sum  v128.store
        local.get $output  i32.const 12  i32.add  local.set $output`)}`,
  };
}
// #endregion skin-kernel

/** The whole module: imports env.memory, exports skin(i32, i32, i32, i32). */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  return assembleModule({ imports: [], functions: [skinFunction()] });
}

/** The compiled module, made at first use; null when WebAssembly or its SIMD is unavailable. */
let compiled: WebAssembly.Module | null | undefined;

function simdModule(): WebAssembly.Module | null {
  if (compiled === undefined) compiled = compileOrNull(moduleBytes());
  return compiled;
}

/** Size in bytes of the module (for documentation and tests). */
export function simdSkinnerModuleSize(): number {
  return moduleBytes().length;
}

// ---------------------------------------------------------------------------------------------
// The skinner.

const PAGE_BYTES = 65_536;
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/**
 * A SIMD skinner for `primitive`'s positions against palettes of `paletteJointCount` matrices
 * (the skin's joint count), or null when WebAssembly SIMD is unavailable (callers then use
 * skinVertices) or the memory cannot be had. Copies the primitive's positions, joints and
 * weights once; the primitive is not read afterwards.
 *
 * Results match skinVertices(out, null, primitive, palette) to float rounding (the kernel rounds
 * to 32 bits after each operation, where JavaScript rounds once per coordinate: about 1e-7 of the
 * coordinates' magnitude), with the same rules: weights used as given, a weight not > 0 skipped,
 * a joint index ≥ paletteJointCount counts as the identity, a vertex with no positive weight
 * keeps its bind-pose position.
 */
export function createSimdSkinner(primitive: SkinnedPrimitive, paletteJointCount: number): SimdSkinner | null {
  const module = simdModule();
  if (module === null) return null;
  const positions = primitive.positions, joints = primitive.joints, weights = primitive.weights;
  let vertexCount = Math.max(0, Math.floor(primitive.vertexCount) || 0);
  vertexCount = Math.min(vertexCount, Math.floor(positions.length / 3), Math.floor(joints.length / 4), Math.floor(weights.length / 4));
  const jointCount = Math.max(0, Math.floor(paletteJointCount) || 0);

  let influenceCount = 0;
  for (let v = 0; v < vertexCount; v++) {
    let used = 0;
    for (let s = 4 * v; s < 4 * v + 4; s++) if (weights[s] > 0) used++;
    influenceCount += used === 0 ? 1 : used;
  }

  // Memory layout, in bytes, every region 16-byte aligned:
  // [palette: 64 · jointCount][identity: 64][vertices: 16 · n][influences: 8 · k][output: 12 · n + 4]
  const paletteAddress = 0;
  const identityAddress = paletteAddress + 64 * jointCount;
  const verticesAddress = identityAddress + 64;
  const influencesAddress = verticesAddress + 16 * vertexCount;
  const outputAddress = influencesAddress + 8 * influenceCount + ((8 * influenceCount) % 16);
  const byteLength = outputAddress + 12 * vertexCount + 4;
  const pages = Math.max(1, Math.ceil(byteLength / PAGE_BYTES));

  let memory: WebAssembly.Memory;
  let kernel: (vertexCount: number, vertices: number, influences: number, output: number) => void;
  try {
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    const instance = new WebAssembly.Instance(module, { env: { memory } });
    kernel = instance.exports.skin as typeof kernel;
  } catch {
    return null;
  }
  const buffer = memory.buffer;
  const floats = new Float32Array(buffer);
  const words = new Uint32Array(buffer);

  // #region influence-records
  floats.set(IDENTITY, identityAddress / 4);
  let influence = influencesAddress / 4;
  for (let v = 0; v < vertexCount; v++) {
    const record = verticesAddress / 4 + 4 * v;
    floats[record] = positions[3 * v];
    floats[record + 1] = positions[3 * v + 1];
    floats[record + 2] = positions[3 * v + 2];
    let used = 0;
    for (let s = 4 * v; s < 4 * v + 4; s++) {
      const weight = weights[s];
      if (!(weight > 0)) continue;
      const joint = joints[s];
      words[influence] = joint < jointCount ? paletteAddress + 64 * joint : identityAddress;
      floats[influence + 1] = weight;
      influence += 2;
      used++;
    }
    if (used === 0) {
      words[influence] = identityAddress;
      floats[influence + 1] = 1;
      influence += 2;
      used = 1;
    }
    words[record + 3] = used;
  }
  // #endregion influence-records

  const paletteFloats = new Float32Array(buffer, paletteAddress, 16 * jointCount);
  const output = new Float32Array(buffer, outputAddress, 3 * vertexCount);
  const paletteLength = 16 * jointCount;

  return {
    vertexCount,
    paletteJointCount: jointCount,
    skin(palette: Float32Array): Float32Array {
      if (palette.length === paletteLength) {
        paletteFloats.set(palette);
      } else {
        // Whole matrices the palette holds, then the identity for the missing ones.
        const available = Math.min(jointCount, Math.floor(palette.length / 16));
        for (let i = 0; i < 16 * available; i++) paletteFloats[i] = palette[i];
        for (let j = available; j < jointCount; j++) {
          for (let i = 0; i < 16; i++) paletteFloats[16 * j + i] = IDENTITY[i];
        }
      }
      kernel(vertexCount, verticesAddress, influencesAddress, outputAddress);
      return output;
    },
  };
}
