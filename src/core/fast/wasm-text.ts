// A small assembler for the WebAssembly text format, enough for the core's SIMD kernels
// (skin-simd.ts, pose-simd.ts), so that they are written as readable instructions instead of bytes
// and the project needs no compiler.
//
// A function body is written in the linear ("flat") form of the WebAssembly text format, one
// instruction after another, for example
//
//     local.get $a  local.get $b  f32x4.add  local.set $sum
//     block $done  local.get $n  i32.eqz  br_if $done  …  end
//
// with these rules:
//   - `;;` starts a comment that runs to the end of the line;
//   - locals and parameters are named (`$name`) in the function's description; labels are named
//     on `block`, `loop` and `if`, and `br`/`br_if` name the label they leave (or continue);
//   - blocks take no parameters and return nothing; the body's final `end` is added here;
//   - memory instructions take optional `offset=N` and `align=N` (bytes); the default alignment is
//     the natural one;
//   - `v128.const` takes a shape (`f32x4`, `i32x4` or `f64x2`) and one number per lane,
//     `i8x16.shuffle` sixteen lane indices, `*.extract_lane` / `*.replace_lane` one lane index;
//   - `call $name` names an imported or defined function;
//   - `f32x4.madd` and `f64x2.madd` (a b c → a × b + c) are relaxed SIMD's fused multiply-add
//     when the module is assembled with fusedMultiplyAdd, else a multiply then an add (through a
//     hidden local), so one text serves engines with and without relaxed SIMD.
// The module imports one memory as env.memory (at least one page) and exports the functions
// marked `exported`. Only the instructions listed in OPCODES are known; anything else throws a
// SetupError naming the token, at assembly time.

import { SetupError } from '../setup-error.ts';

/** WebAssembly value types used by the kernels. */
export type ValueType = 'i32' | 'f32' | 'f64' | 'v128';

const VALUE_TYPE_BYTES: Record<ValueType, number> = { i32: 0x7f, f32: 0x7d, f64: 0x7c, v128: 0x7b };

/** A function imported from JavaScript, called with `call $name`. */
export interface ImportedFunction {
  name: string;
  module: string;
  field: string;
  params: ValueType[];
  results: ValueType[];
}

/** A function written in the text form described above. */
export interface TextFunction {
  name: string;
  /** Exported under its name (without the `$`). */
  exported: boolean;
  params: [string, ValueType][];
  results: ValueType[];
  locals: [string, ValueType][];
  body: string;
}

export interface TextModule {
  imports: ImportedFunction[];
  functions: TextFunction[];
  /** Assemble `*.madd` as relaxed SIMD's fused multiply-add (true) or as a multiply and an add (false, the default). */
  fusedMultiplyAdd?: boolean;
}

/** Multiply-add pseudo-instructions: the relaxed opcode, and the multiply and add that replace it. */
const MULTIPLY_ADD: Record<string, { fused: string; multiply: string; add: string }> = {
  'f32x4.madd': { fused: 'f32x4.relaxed_madd', multiply: 'f32x4.mul', add: 'f32x4.add' },
  'f64x2.madd': { fused: 'f64x2.relaxed_madd', multiply: 'f64x2.mul', add: 'f64x2.add' },
};

/** The text of an i8x16.shuffle that takes four 32-bit lanes: 0–3 from the first operand, 4–7 from the second. */
export function shuffleLanes(a: number, b: number, c: number, d: number): string {
  return `i8x16.shuffle ${[a, b, c, d].flatMap((lane) => [0, 1, 2, 3].map((byte) => 4 * lane + byte)).join(' ')}`;
}

/**
 * A loop over the records in [pointer, end), `bytes` each, as text: `body` runs once per record
 * with the i32 local `pointer` at it (no run when pointer ≥ end). Labels: `label` continues the
 * loop, `label`Done leaves it.
 */
export function forEachRecord(pointer: string, end: string, bytes: number, label: string, body: string): string {
  return `
    block ${label}Done
      local.get ${pointer}  local.get ${end}  i32.ge_u  br_if ${label}Done
      loop ${label}
        ${body}
        local.get ${pointer}  i32.const ${bytes}  i32.add  local.tee ${pointer}  local.get ${end}  i32.lt_u  br_if ${label}
      end
    end`;
}

/** Instructions that push 32-bit lane `lane` of v128 local `vector`, copied to all four lanes. */
export function splatLaneOf(vector: string, lane: number): string {
  return `local.get ${vector}  local.get ${vector}  ${shuffleLanes(lane, lane, lane, lane)}`;
}

/** How an instruction's immediates are read from the text. */
type Immediate = 'none' | 'local' | 'label' | 'block' | 'function' | 'i32' | 'f32' | 'f64' | 'v128' | 'shuffle' | 'lane' | 'memory' | 'memory.copy';

interface Opcode {
  bytes: number[];
  immediate: Immediate;
  /** log2 of the natural alignment, for memory instructions. */
  alignLog2?: number;
}

function core(byte: number, immediate: Immediate = 'none', alignLog2?: number): Opcode {
  return { bytes: [byte], immediate, alignLog2 };
}

/** A SIMD instruction: the 0xFD prefix, then its number as unsigned LEB128. */
function simd(number: number, immediate: Immediate = 'none', alignLog2?: number): Opcode {
  return { bytes: [0xfd, ...unsignedLeb128(number)], immediate, alignLog2 };
}

/** The instructions this assembler knows, with their encodings (WebAssembly 2.0 + SIMD). */
const OPCODES: Record<string, Opcode> = {
  unreachable: core(0x00), nop: core(0x01),
  block: core(0x02, 'block'), loop: core(0x03, 'block'), if: core(0x04, 'block'), else: core(0x05), end: core(0x0b),
  br: core(0x0c, 'label'), br_if: core(0x0d, 'label'), return: core(0x0f), call: core(0x10, 'function'),
  drop: core(0x1a), select: core(0x1b),
  'local.get': core(0x20, 'local'), 'local.set': core(0x21, 'local'), 'local.tee': core(0x22, 'local'),
  'i32.load': core(0x28, 'memory', 2), 'f32.load': core(0x2a, 'memory', 2), 'f64.load': core(0x2b, 'memory', 3),
  'i32.store': core(0x36, 'memory', 2), 'f32.store': core(0x38, 'memory', 2), 'f64.store': core(0x39, 'memory', 3),
  'i32.const': core(0x41, 'i32'), 'f32.const': core(0x43, 'f32'), 'f64.const': core(0x44, 'f64'),
  'i32.eqz': core(0x45), 'i32.eq': core(0x46), 'i32.ne': core(0x47),
  'i32.lt_s': core(0x48), 'i32.lt_u': core(0x49), 'i32.gt_s': core(0x4a), 'i32.gt_u': core(0x4b),
  'i32.le_s': core(0x4c), 'i32.le_u': core(0x4d), 'i32.ge_s': core(0x4e), 'i32.ge_u': core(0x4f),
  'f32.eq': core(0x5b), 'f32.ne': core(0x5c), 'f32.lt': core(0x5d), 'f32.gt': core(0x5e), 'f32.le': core(0x5f), 'f32.ge': core(0x60),
  'f64.eq': core(0x61), 'f64.ne': core(0x62), 'f64.lt': core(0x63), 'f64.gt': core(0x64), 'f64.le': core(0x65), 'f64.ge': core(0x66),
  'i32.add': core(0x6a), 'i32.sub': core(0x6b), 'i32.mul': core(0x6c), 'i32.and': core(0x71), 'i32.or': core(0x72),
  'i32.shl': core(0x74), 'i32.shr_u': core(0x76),
  'f32.abs': core(0x8b), 'f32.neg': core(0x8c), 'f32.sqrt': core(0x91),
  'f32.add': core(0x92), 'f32.sub': core(0x93), 'f32.mul': core(0x94), 'f32.div': core(0x95), 'f32.min': core(0x96), 'f32.max': core(0x97),
  'f64.abs': core(0x99), 'f64.neg': core(0x9a), 'f64.sqrt': core(0x9f),
  'f64.add': core(0xa0), 'f64.sub': core(0xa1), 'f64.mul': core(0xa2), 'f64.div': core(0xa3), 'f64.min': core(0xa4), 'f64.max': core(0xa5),
  'f32.demote_f64': core(0xb6), 'f64.promote_f32': core(0xbb),
  'memory.copy': { bytes: [0xfc, 10], immediate: 'memory.copy' },
  'v128.load': simd(0x00, 'memory', 4), 'v128.load32_splat': simd(0x09, 'memory', 2), 'v128.load64_splat': simd(0x0a, 'memory', 3),
  'v128.store': simd(0x0b, 'memory', 4), 'v128.const': simd(0x0c, 'v128'), 'i8x16.shuffle': simd(0x0d, 'shuffle'),
  'f32x4.splat': simd(0x13), 'f64x2.splat': simd(0x14),
  'i32x4.extract_lane': simd(0x1b, 'lane'), 'f32x4.extract_lane': simd(0x1f, 'lane'), 'f32x4.replace_lane': simd(0x20, 'lane'),
  'f64x2.extract_lane': simd(0x21, 'lane'), 'f64x2.replace_lane': simd(0x22, 'lane'),
  'v128.and': simd(0x4e), 'v128.or': simd(0x50), 'v128.xor': simd(0x51), 'v128.bitselect': simd(0x52),
  'f32x4.demote_f64x2_zero': simd(0x5e), 'f64x2.promote_low_f32x4': simd(0x5f),
  'f32x4.abs': simd(0xe0), 'f32x4.neg': simd(0xe1), 'f32x4.sqrt': simd(0xe3),
  'f32x4.add': simd(0xe4), 'f32x4.sub': simd(0xe5), 'f32x4.mul': simd(0xe6), 'f32x4.div': simd(0xe7),
  'f32x4.min': simd(0xe8), 'f32x4.max': simd(0xe9),
  'f64x2.abs': simd(0xec), 'f64x2.neg': simd(0xed), 'f64x2.sqrt': simd(0xef),
  'f64x2.add': simd(0xf0), 'f64x2.sub': simd(0xf1), 'f64x2.mul': simd(0xf2), 'f64x2.div': simd(0xf3),
  // Relaxed SIMD: a × b + c, fused or not as the hardware does it.
  'f32x4.relaxed_madd': simd(0x105), 'f64x2.relaxed_madd': simd(0x107),
};

// ---------------------------------------------------------------------------------------------
// Encodings.

/** Unsigned LEB128: 7 bits per byte, low bits first, high bit set on all bytes but the last. */
export function unsignedLeb128(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/** Signed LEB128 of a 32-bit integer (i32.const). */
function signedLeb128(value: number): number[] {
  const bytes: number[] = [];
  value |= 0;
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

function littleEndian(array: Float32Array | Float64Array | Int32Array): number[] {
  return Array.from(new Uint8Array(array.buffer));
}

/** A length-prefixed vector: LEB128 length, then the bytes. */
function sized(bytes: number[]): number[] {
  return [...unsignedLeb128(bytes.length), ...bytes];
}

/** A name, length-prefixed (ASCII names only). */
function name(text: string): number[] {
  return sized(Array.from(text, (c) => c.charCodeAt(0)));
}

/** Section `id` with its content, length-prefixed. */
function section(id: number, content: number[]): number[] {
  return [id, ...sized(content)];
}

function functionType(params: ValueType[], results: ValueType[]): number[] {
  return [0x60, ...sized(params.map((t) => VALUE_TYPE_BYTES[t])), ...sized(results.map((t) => VALUE_TYPE_BYTES[t]))];
}

// ---------------------------------------------------------------------------------------------
// Function bodies.

function parseNumber(token: string | undefined, context: string): number {
  const value = token === undefined ? NaN : Number(token);
  if (!Number.isFinite(value)) throw new SetupError(`${context}: expected a number, found "${token ?? 'end of text'}"`);
  return value;
}

function parseInteger(token: string | undefined, context: string): number {
  const value = parseNumber(token, context);
  if (!Number.isInteger(value)) throw new SetupError(`${context}: expected an integer, found "${token}"`);
  return value;
}

/** The index `names` gives `name`, or a SetupError naming what is unknown. */
function indexOf(names: Map<string, number>, name: string | undefined, kind: string, context: string): number {
  const index = name === undefined ? undefined : names.get(name);
  if (index === undefined) throw new SetupError(`${context}: unknown ${kind} "${name ?? 'end of text'}"`);
  return index;
}

/** Assembles one function body: locals declaration, instructions, final end. */
function assembleBody(fn: TextFunction, functionIndex: Map<string, number>, fusedMultiplyAdd: boolean): number[] {
  const localIndex = new Map<string, number>();
  [...fn.params, ...fn.locals].forEach(([local], i) => {
    if (localIndex.has(local)) throw new SetupError(`${fn.name}: local ${local} declared twice`);
    localIndex.set(local, i);
  });
  // The addend of an unfused multiply-add waits in this extra local while the product is made.
  const addendLocal = '$multiplyAddAddend';
  const locals = [...fn.locals];
  const tokens = fn.body
    .replace(/;;[^\n]*/g, ' ')
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .flatMap((token) => {
      const pseudo = MULTIPLY_ADD[token];
      if (pseudo === undefined) return [token];
      if (fusedMultiplyAdd) return [pseudo.fused];
      if (!localIndex.has(addendLocal)) {
        localIndex.set(addendLocal, fn.params.length + locals.length);
        locals.push([addendLocal, 'v128']);
      }
      return ['local.set', addendLocal, pseudo.multiply, 'local.get', addendLocal, pseudo.add];
    });
  const labels: string[] = []; // innermost last; unnamed blocks get ""
  const code: number[] = [];
  let i = 0;
  const next = () => tokens[i++];
  while (i < tokens.length) {
    const mnemonic = next();
    const opcode = OPCODES[mnemonic];
    const context = `${fn.name}: ${mnemonic} (token ${i})`;
    if (opcode === undefined) throw new SetupError(`${fn.name}: unknown instruction "${mnemonic}" (token ${i})`);
    code.push(...opcode.bytes);
    switch (opcode.immediate) {
      case 'none':
        if (mnemonic === 'end') {
          if (labels.length === 0) throw new SetupError(`${context}: end without a block`);
          labels.pop();
        }
        break;
      case 'block': {
        let label = '';
        if (tokens[i]?.startsWith('$')) label = next();
        labels.push(label);
        code.push(0x40); // no parameters, no results
        break;
      }
      case 'label': {
        const label = next();
        const depth = labels.length - 1 - labels.lastIndexOf(label);
        if (label === undefined || !label.startsWith('$') || depth >= labels.length) {
          throw new SetupError(`${context}: no enclosing label "${label}"`);
        }
        code.push(...unsignedLeb128(depth));
        break;
      }
      case 'local':
        code.push(...unsignedLeb128(indexOf(localIndex, next(), 'local', context)));
        break;
      case 'function':
        code.push(...unsignedLeb128(indexOf(functionIndex, next(), 'function', context)));
        break;
      case 'i32':
        code.push(...signedLeb128(parseInteger(next(), context)));
        break;
      case 'f32':
        code.push(...littleEndian(Float32Array.of(parseNumber(next(), context))));
        break;
      case 'f64':
        code.push(...littleEndian(Float64Array.of(parseNumber(next(), context))));
        break;
      case 'v128': {
        const shape = next();
        if (shape !== 'f32x4' && shape !== 'i32x4' && shape !== 'f64x2') throw new SetupError(`${context}: unknown shape "${shape}"`);
        const laneCount = shape === 'f64x2' ? 2 : 4;
        const lanes = Array.from({ length: laneCount }, () => parseNumber(next(), context));
        if (shape === 'f32x4') code.push(...littleEndian(Float32Array.from(lanes)));
        else if (shape === 'i32x4') code.push(...littleEndian(Int32Array.from(lanes)));
        else code.push(...littleEndian(Float64Array.from(lanes)));
        break;
      }
      case 'shuffle':
        for (let lane = 0; lane < 16; lane++) {
          const index = parseInteger(next(), context);
          if (index < 0 || index > 31) throw new SetupError(`${context}: lane index ${index} out of range`);
          code.push(index);
        }
        break;
      case 'lane':
        code.push(parseInteger(next(), context));
        break;
      case 'memory': {
        let offset = 0;
        let alignLog2 = opcode.alignLog2 ?? 0;
        while (tokens[i]?.startsWith('offset=') || tokens[i]?.startsWith('align=')) {
          const [key, value] = next().split('=');
          const number = parseInteger(value, context);
          if (key === 'offset') offset = number;
          else alignLog2 = Math.log2(number);
        }
        if (!Number.isInteger(alignLog2) || alignLog2 > (opcode.alignLog2 ?? 0) || offset < 0) {
          throw new SetupError(`${context}: bad offset or alignment`);
        }
        code.push(...unsignedLeb128(alignLog2), ...unsignedLeb128(offset));
        break;
      }
      case 'memory.copy':
        code.push(0x00, 0x00); // from memory 0 to memory 0
        break;
    }
  }
  if (labels.length !== 0) throw new SetupError(`${fn.name}: ${labels.length} block(s) not ended`);
  code.push(0x0b); // the function's end

  // Locals: one run of count 1 per declared local (runs of equal types could be merged; no need).
  const runs = locals.map(([, type]) => [1, VALUE_TYPE_BYTES[type]]);
  return sized([...unsignedLeb128(runs.length), ...runs.flat(), ...code]);
}

/**
 * The bytes of a module that imports env.memory and the given functions and defines `functions`.
 * Throws a SetupError naming the function and token for text it cannot assemble.
 */
export function assembleModule(module: TextModule): Uint8Array<ArrayBuffer> {
  const functionIndex = new Map<string, number>();
  [...module.imports.map((f) => f.name), ...module.functions.map((f) => f.name)].forEach((fn, index) => {
    if (functionIndex.has(fn)) throw new SetupError(`function ${fn} declared twice`);
    functionIndex.set(fn, index);
  });
  const signatures = [
    ...module.imports.map((f) => functionType(f.params, f.results)),
    ...module.functions.map((f) => functionType(f.params.map(([, type]) => type), f.results)),
  ];
  const importCount = module.imports.length;
  const exported = module.functions.map((f, i) => ({ f, index: importCount + i })).filter(({ f }) => f.exported);
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, // "\0asm"
    0x01, 0x00, 0x00, 0x00, // version 1
    ...section(1, [...unsignedLeb128(signatures.length), ...signatures.flat()]), // one type per function
    ...section(2, [
      ...unsignedLeb128(importCount + 1),
      ...module.imports.flatMap((f, i) => [...name(f.module), ...name(f.field), 0x00, ...unsignedLeb128(i)]),
      ...name('env'), ...name('memory'), 0x02, 0x00, 1, // memory, at least 1 page
    ]),
    ...section(3, [...unsignedLeb128(module.functions.length), ...module.functions.flatMap((_, i) => unsignedLeb128(importCount + i))]),
    ...section(7, [
      ...unsignedLeb128(exported.length),
      ...exported.flatMap(({ f, index }) => [...name(f.name.replace(/^\$/, '')), 0x00, ...unsignedLeb128(index)]),
    ]),
    ...section(10, [
      ...unsignedLeb128(module.functions.length),
      ...module.functions.flatMap((f) => assembleBody(f, functionIndex, module.fusedMultiplyAdd ?? false)),
    ]),
  ];
  return new Uint8Array(bytes);
}

/**
 * Compiles `bytes`, or returns null where WebAssembly, its SIMD instructions or anything else the
 * module uses is unavailable (so callers fall back to their JavaScript path).
 */
export function compileOrNull(bytes: Uint8Array<ArrayBuffer>): WebAssembly.Module | null {
  if (typeof WebAssembly !== 'object') return null;
  try {
    return WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    return null;
  }
}
