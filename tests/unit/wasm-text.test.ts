// The WebAssembly text assembler (src/core/fast/wasm-text.ts): modules it writes run and compute what
// their text says; bad text is refused with a SetupError naming the function and the token.
import { describe, expect, it } from 'vitest';
import {
  assembleModule,
  compileOrNull,
  forEachRecord,
  shuffleLanes,
  splatLaneOf,
  unsignedLeb128,
  type TextFunction,
  type TextModule,
} from '../../src/core/fast/wasm-text.ts';
import { SetupError } from '../../src/core/setup-error.ts';

/** Assembles, compiles and instantiates `module` with one page of memory; returns its exports and memory. */
function instantiate(module: TextModule, imports: Record<string, Record<string, unknown>> = {}) {
  const compiled = compileOrNull(assembleModule(module));
  if (compiled === null) throw new Error('the assembled module did not validate');
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 1 });
  const instance = new WebAssembly.Instance(compiled, { ...imports, env: { memory } });
  return { exports: instance.exports as Record<string, (...args: number[]) => number>, memory };
}

/** A one-function module. */
function single(fn: Partial<TextFunction> & { body: string }, extra: Partial<TextModule> = {}): TextModule {
  return {
    imports: [],
    functions: [{ name: '$f', exported: true, params: [], results: [], locals: [], ...fn }],
    ...extra,
  };
}

describe('unsignedLeb128', () => {
  it('writes 7 bits per byte, low bits first', () => {
    expect(unsignedLeb128(0)).toEqual([0]);
    expect(unsignedLeb128(127)).toEqual([0x7f]);
    expect(unsignedLeb128(128)).toEqual([0x80, 0x01]);
    expect(unsignedLeb128(624485)).toEqual([0xe5, 0x8e, 0x26]);
  });
});

describe('lane helpers', () => {
  it('shuffleLanes names the bytes of four 32-bit lanes', () => {
    expect(shuffleLanes(0, 1, 2, 3)).toBe('i8x16.shuffle 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15');
    expect(shuffleLanes(3, 3, 4, 7)).toBe('i8x16.shuffle 12 13 14 15 12 13 14 15 16 17 18 19 28 29 30 31');
  });

  it('splatLaneOf copies one lane of a vector to all four', () => {
    const { exports, memory } = instantiate(
      single({
        params: [['$lane', 'i32']],
        locals: [['$v', 'v128']],
        body: `
          i32.const 0  v128.load  local.set $v
          i32.const 16  ${splatLaneOf('$v', 2)}  v128.store`,
      }),
    );
    new Float32Array(memory.buffer).set([1, 2, 3, 4]);
    exports.f(0);
    expect(Array.from(new Float32Array(memory.buffer, 16, 4))).toEqual([3, 3, 3, 3]);
  });
});

describe('assembleModule', () => {
  it('assembles constants, locals, memory offsets, blocks, loops and branches that run as written', () => {
    const { exports } = instantiate(
      single({
        params: [['$n', 'i32']],
        results: ['i32'],
        locals: [['$sum', 'i32'], ['$i', 'i32']],
        // Σ i for i in [0, n), stopping early past 1000; −7 exercises signed LEB128.
        body: `
          i32.const -7  local.set $sum
          block $done
            loop $next
              local.get $i  local.get $n  i32.ge_u  br_if $done
              local.get $sum  local.get $i  i32.add  local.set $sum
              local.get $sum  i32.const 1000  i32.gt_s  br_if $done
              local.get $i  i32.const 1  i32.add  local.set $i
              br $next
            end
          end
          local.get $sum`,
      }),
    );
    expect(exports.f(0)).toBe(-7);
    expect(exports.f(5)).toBe(-7 + 10);
    expect(exports.f(100_000)).toBe(-7 + (45 * 46) / 2); // stops once the sum passes 1000
  });

  it('reads and writes memory with offsets, and SIMD with f32x4, i32x4 and f64x2 constants', () => {
    const { exports, memory } = instantiate(
      single({
        body: `
          i32.const 0  i32.const 0  v128.load offset=16  v128.const f32x4 0.5 1.5 -2 4  f32x4.mul  v128.store offset=32
          i32.const 0  v128.const i32x4 -1 0 2147483647 7  v128.store offset=48
          i32.const 0  v128.const f64x2 0.1 -1e300  v128.store offset=64
          i32.const 0  f64.const 2.5  f64.store offset=80
          i32.const 0  f32.const 0.25  f32.store offset=88`,
      }),
    );
    new Float32Array(memory.buffer).set([2, 2, 2, 2], 4);
    exports.f();
    expect(Array.from(new Float32Array(memory.buffer, 32, 4))).toEqual([1, 3, -4, 8]);
    expect(Array.from(new Int32Array(memory.buffer, 48, 4))).toEqual([-1, 0, 2147483647, 7]);
    expect(Array.from(new Float64Array(memory.buffer, 64, 2))).toEqual([0.1, -1e300]);
    expect(new Float64Array(memory.buffer, 80, 1)[0]).toBe(2.5);
    expect(new Float32Array(memory.buffer, 88, 1)[0]).toBe(0.25);
  });

  it('calls imported and defined functions by name', () => {
    const module: TextModule = {
      imports: [{ name: '$twice', module: 'host', field: 'twice', params: ['f64'], results: ['f64'] }],
      functions: [
        { name: '$plusOne', exported: false, params: [['$x', 'f64']], results: ['f64'], locals: [], body: 'local.get $x  f64.const 1  f64.add' },
        { name: '$f', exported: true, params: [['$x', 'f64']], results: ['f64'], locals: [], body: 'local.get $x  call $plusOne  call $twice' },
      ],
    };
    const { exports } = instantiate(module, { host: { twice: (x: number) => 2 * x } });
    expect(exports.f(3)).toBe(8);
    expect(exports.plusOne).toBeUndefined(); // not exported
  });

  it('assembles madd fused (relaxed SIMD) or as a multiply then an add, with the same exact results', () => {
    for (const fusedMultiplyAdd of [true, false]) {
      const { exports, memory } = instantiate(
        single(
          {
            body: `
              i32.const 0
              i32.const 0  v128.load  i32.const 0  v128.load offset=16  i32.const 0  v128.load offset=32  f32x4.madd
              v128.store offset=48
              i32.const 0
              v128.const f64x2 3 -4  v128.const f64x2 0.5 0.25  v128.const f64x2 1 1  f64x2.madd
              v128.store offset=64`,
          },
          { fusedMultiplyAdd },
        ),
      );
      new Float32Array(memory.buffer).set([1, 2, 3, 4, 10, 20, 30, 40, 0.5, 0.5, 0.5, 0.5]);
      exports.f();
      expect(Array.from(new Float32Array(memory.buffer, 48, 4))).toEqual([10.5, 40.5, 90.5, 160.5]);
      expect(Array.from(new Float64Array(memory.buffer, 64, 2))).toEqual([2.5, 0]);
    }
    const fused = assembleModule(single({ body: 'v128.const f32x4 1 1 1 1  v128.const f32x4 1 1 1 1  v128.const f32x4 1 1 1 1  f32x4.madd  drop' }, { fusedMultiplyAdd: true }));
    const plain = assembleModule(single({ body: 'v128.const f32x4 1 1 1 1  v128.const f32x4 1 1 1 1  v128.const f32x4 1 1 1 1  f32x4.madd  drop' }));
    expect(plain.length).toBeGreaterThan(fused.length); // the unfused form adds a local and three instructions
  });

  it('forEachRecord visits every record once, and none when the range is empty', () => {
    const { exports, memory } = instantiate(
      single({
        params: [['$record', 'i32'], ['$end', 'i32']],
        results: ['i32'],
        locals: [['$sum', 'i32']],
        body: `
          ${forEachRecord('$record', '$end', 8, '$records', 'local.get $sum  local.get $record  i32.load offset=4  i32.add  local.set $sum')}
          local.get $sum`,
      }),
    );
    const words = new Int32Array(memory.buffer);
    for (let r = 0; r < 5; r++) words[2 * r + 1] = 10 ** r;
    expect(exports.f(0, 40)).toBe(11111);
    expect(exports.f(8, 24)).toBe(110);
    expect(exports.f(40, 40)).toBe(0);
    expect(exports.f(48, 40)).toBe(0);
  });

  describe('refuses bad text with a SetupError naming the function and the problem', () => {
    const cases: [string, Partial<TextFunction> & { body: string }, RegExp][] = [
      ['an unknown instruction', { body: 'i32.const 1  i32.frobnicate' }, /\$f: unknown instruction "i32\.frobnicate"/],
      ['an unknown local', { body: 'local.get $nope  drop' }, /\$f: local\.get .*unknown local "\$nope"/],
      ['a local declared twice', { params: [['$a', 'i32']], locals: [['$a', 'i32']], body: '' }, /\$f: local \$a declared twice/],
      ['a branch to no enclosing label', { body: 'block $a  br $b  end' }, /no enclosing label "\$b"/],
      ['a block never ended', { body: 'block $a  loop $b  end' }, /\$f: 1 block\(s\) not ended/],
      ['an end without a block', { body: 'end' }, /end without a block/],
      ['a missing number', { body: 'i32.const' }, /expected a number, found "end of text"/],
      ['a fractional integer', { body: 'i32.const 1.5  drop' }, /expected an integer, found "1\.5"/],
      ['an alignment above the natural one', { body: 'i32.const 0  i32.load align=8  drop' }, /bad offset or alignment/],
      ['a shuffle lane out of range', { body: `v128.const i32x4 0 0 0 0  v128.const i32x4 0 0 0 0  i8x16.shuffle ${'32 '.repeat(16)} drop` }, /lane index 32 out of range/],
      ['an unknown v128 shape', { body: 'v128.const i64x2 1 2  drop' }, /unknown shape "i64x2"/],
      ['an unknown function', { body: 'call $missing' }, /unknown function "\$missing"/],
    ];
    for (const [label, fn, message] of cases) {
      it(label, () => {
        expect(() => assembleModule(single(fn))).toThrow(SetupError);
        expect(() => assembleModule(single(fn))).toThrow(message);
      });
    }

    it('two functions with one name', () => {
      const fn: TextFunction = { name: '$f', exported: false, params: [], results: [], locals: [], body: '' };
      expect(() => assembleModule({ imports: [], functions: [fn, fn] })).toThrow(SetupError);
      expect(() => assembleModule({ imports: [], functions: [fn, fn] })).toThrow(/function \$f declared twice/);
    });
  });
});

describe('compileOrNull', () => {
  it('returns null for bytes that do not validate (here: a type error), instead of throwing', () => {
    expect(compileOrNull(assembleModule(single({ results: ['i32'], body: 'f32.const 1' })))).toBeNull();
    expect(compileOrNull(new Uint8Array([0, 1, 2, 3]))).toBeNull();
  });
});
