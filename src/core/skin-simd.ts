// CPU linear blend skinning of positions with WebAssembly SIMD (chapter: skinning on the CPU).
//
// The same maths as skinVertices without normals — each skinned position is
// Σ wᵢ · (palette[jointᵢ] × (p, 1)) — four lanes at a time: a palette matrix is four f32x4
// columns, so M × (p, 1) is col0·px + col1·py + col2·pz + col3, three multiplies and three adds
// on 4-lane vectors, and the weighted sum is one more multiply-add. Lane 3 is carried along and
// discarded.
//
// The kernel is a few dozen instructions, so this file writes the WebAssembly module's bytes
// itself (sections, LEB128 integers, the 0xFD-prefixed SIMD opcodes) instead of pulling in a
// compiler. The module imports its memory; each skinner owns one WebAssembly.Memory sized once at
// creation and never grown, so the Float32Array views made at creation stay valid.
//
// Work done once, at creation, so that the kernel has no branch but its two loops:
// - positions are stored as 16-byte vertex records (x, y, z, influence count);
// - influences are stored in a stream of 8-byte records (byte address of the palette matrix,
//   weight), only those with a weight > 0, so the kernel never tests a weight;
// - a joint index with no matrix in the palette points at an identity matrix stored after the
//   palette; a vertex with no positive weight gets one influence: the identity with weight 1,
//   which gives back its bind-pose position exactly.
// The primitive is copied at creation: later changes to its arrays are not seen.

import type { SkinnedPrimitive } from './model.ts';

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
// The module's bytes.

/** Unsigned LEB128: 7 bits per byte, low bits first, high bit set on all bytes but the last. */
function unsignedLeb128(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/** A length-prefixed vector: LEB128 length, then the bytes. */
function sized(bytes: number[]): number[] {
  return [...unsignedLeb128(bytes.length), ...bytes];
}

/** A UTF-8 name, length-prefixed (ASCII names only are used here). */
function name(text: string): number[] {
  return sized(Array.from(text, (c) => c.charCodeAt(0)));
}

/** Section `id` with its content, length-prefixed. */
function section(id: number, content: number[]): number[] {
  return [id, ...sized(content)];
}

// Value types.
const I32 = 0x7f;
const V128 = 0x7b;

// Core opcodes.
const BLOCK = 0x02, LOOP = 0x03, END = 0x0b, BR_IF = 0x0d, VOID = 0x40;
const LOCAL_GET = 0x20, LOCAL_SET = 0x21, LOCAL_TEE = 0x22;
const I32_LOAD = 0x28, I32_CONST = 0x41;
const I32_NE = 0x47, I32_LT_U = 0x49, I32_GE_U = 0x4f;
const I32_ADD = 0x6a, I32_SUB = 0x6b, I32_SHL = 0x74;

/** SIMD instructions: the 0xFD prefix, then the opcode as unsigned LEB128. */
function simd(opcode: number): number[] {
  return [0xfd, ...unsignedLeb128(opcode)];
}
const V128_LOAD = 0x00, V128_LOAD32_SPLAT = 0x09, V128_STORE = 0x0b, V128_CONST = 0x0c, I8X16_SHUFFLE = 0x0d;
const I32X4_EXTRACT_LANE = 0x1b, F32X4_ADD = 0xe4, F32X4_MUL = 0xe6;

/** A memory immediate: log2 of the alignment hint, then a constant byte offset. */
function memarg(alignLog2: number, offset: number): number[] {
  return [...unsignedLeb128(alignLog2), ...unsignedLeb128(offset)];
}

/** i8x16.shuffle of a vector with itself that copies 32-bit lane `lane` to all four lanes. */
function splatLane(vector: number, lane: number): number[] {
  const lanes: number[] = [];
  for (let i = 0; i < 4; i++) for (let b = 0; b < 4; b++) lanes.push(4 * lane + b);
  return [LOCAL_GET, vector, LOCAL_GET, vector, ...simd(I8X16_SHUFFLE), ...lanes];
}

// The kernel's parameters and locals (local indices).
const VERTEX_COUNT = 0; // i32: vertices to skin
const VERTICES = 1; // i32: byte address of the first vertex record (16 bytes: x, y, z f32; count u32)
const INFLUENCES = 2; // i32: byte address of the first influence record (8 bytes: matrix address u32, weight f32)
const OUTPUT = 3; // i32: byte address of the output (12 bytes per vertex, plus 4 bytes of slack after the last)
const VERTICES_END = 4; // i32: byte address past the last vertex record
const REMAINING = 5; // i32: influences of the current vertex not summed yet (≥ 1)
const MATRIX = 6; // i32: byte address of the current influence's palette matrix
const POSITION = 7; // v128: the current vertex record
const PX = 8, PY = 9, PZ = 10; // v128: px, py, pz splatted to four lanes
const SUM = 11; // v128: Σ wᵢ · (Mᵢ × (p, 1)) so far; lane 3 is discarded

/**
 * skin(vertexCount, vertices, influences, output): for each vertex record, sums its influences
 * and stores the result's x, y, z (16 bytes written per vertex at a 12-byte stride, in increasing
 * order, so lane 3 lands on the next vertex's x before that is written).
 */
function kernelBody(): number[] {
  const column = (offset: number, splatted: number) => [
    LOCAL_GET, MATRIX, ...simd(V128_LOAD), ...memarg(0, offset), LOCAL_GET, splatted, ...simd(F32X4_MUL),
  ];
  const code = [
    // verticesEnd = vertices + 16 · vertexCount
    LOCAL_GET, VERTICES, LOCAL_GET, VERTEX_COUNT, I32_CONST, 4, I32_SHL, I32_ADD, LOCAL_SET, VERTICES_END,
    BLOCK, VOID,
    LOCAL_GET, VERTICES, LOCAL_GET, VERTICES_END, I32_GE_U, BR_IF, 0,
    LOOP, VOID, // per vertex
    LOCAL_GET, VERTICES, ...simd(V128_LOAD), ...memarg(0, 0), LOCAL_SET, POSITION,
    ...splatLane(POSITION, 0), LOCAL_SET, PX,
    ...splatLane(POSITION, 1), LOCAL_SET, PY,
    ...splatLane(POSITION, 2), LOCAL_SET, PZ,
    LOCAL_GET, POSITION, ...simd(I32X4_EXTRACT_LANE), 3, LOCAL_SET, REMAINING,
    ...simd(V128_CONST), ...new Array<number>(16).fill(0), LOCAL_SET, SUM,
    LOOP, VOID, // per influence
    LOCAL_GET, INFLUENCES, I32_LOAD, ...memarg(2, 0), LOCAL_SET, MATRIX,
    // sum += w · (((col0·px + col1·py) + col2·pz) + col3), the order skinVertices adds in
    LOCAL_GET, SUM,
    LOCAL_GET, INFLUENCES, ...simd(V128_LOAD32_SPLAT), ...memarg(2, 4),
    ...column(0, PX),
    ...column(16, PY), ...simd(F32X4_ADD),
    ...column(32, PZ), ...simd(F32X4_ADD),
    LOCAL_GET, MATRIX, ...simd(V128_LOAD), ...memarg(0, 48), ...simd(F32X4_ADD),
    ...simd(F32X4_MUL), ...simd(F32X4_ADD), LOCAL_SET, SUM,
    LOCAL_GET, INFLUENCES, I32_CONST, 8, I32_ADD, LOCAL_SET, INFLUENCES,
    LOCAL_GET, REMAINING, I32_CONST, 1, I32_SUB, LOCAL_TEE, REMAINING, I32_CONST, 0, I32_NE, BR_IF, 0,
    END,
    LOCAL_GET, OUTPUT, LOCAL_GET, SUM, ...simd(V128_STORE), ...memarg(0, 0),
    LOCAL_GET, OUTPUT, I32_CONST, 12, I32_ADD, LOCAL_SET, OUTPUT,
    LOCAL_GET, VERTICES, I32_CONST, 16, I32_ADD, LOCAL_TEE, VERTICES, LOCAL_GET, VERTICES_END, I32_LT_U, BR_IF, 0,
    END,
    END,
    END, // function
  ];
  // Locals after the four parameters: 3 × i32, then 5 × v128.
  const locals = [2, 3, I32, 5, V128];
  return sized([...locals, ...code]);
}

/** The whole module: imports env.memory, exports skin(i32, i32, i32, i32). */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, // "\0asm"
    0x01, 0x00, 0x00, 0x00, // version 1
    ...section(1, [1, 0x60, 4, I32, I32, I32, I32, 0]), // type 0: (i32 ×4) → ()
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 1]), // memory, at least 1 page
    ...section(3, [1, 0]), // function 0 has type 0
    ...section(7, [1, ...name('skin'), 0x00, 0]), // export function 0 as "skin"
    ...section(10, [1, ...kernelBody()]),
  ];
  return new Uint8Array(bytes);
}

/** The compiled module, made at first use; null when WebAssembly or its SIMD is unavailable. */
let compiled: WebAssembly.Module | null | undefined;

function simdModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  if (typeof WebAssembly !== 'object') return compiled;
  const bytes = moduleBytes();
  try {
    if (WebAssembly.validate(bytes)) compiled = new WebAssembly.Module(bytes);
  } catch {
    compiled = null;
  }
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
