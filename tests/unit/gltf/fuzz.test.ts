// Fuzzing the reader: thousands of damaged variants of valid files (byte flips, truncations,
// JSON edits, GLB header edits). Each must either load — into a Model that keeps every promise of
// src/core/model.ts — or throw a GltfError, within 1 s, and never throw anything else.
//
// Deterministic: case i of a source uses seed (base + i·0x9E3779B9) mod 2³². A failure prints the
// base seed, the case seed and the mutations applied; rerun with GLTF_FUZZ_SEED=<base> to get
// the same cases, or another base to explore new ones.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GltfError, parseGltf, type ParseGltfOptions } from '../../../src/core/gltf/index.ts';
import { readContainer } from '../../../src/core/gltf/glb.ts';
import { encodeGlb, FLOAT, GltfBuilder, type Json } from './builder.ts';
import { ARM, ARM_JOINTS, ARM_WEIGHTS, armPositions, fan, riggedArm } from './fixtures.ts';
import { modelProblems, mulberry32 } from './helpers.ts';

const BASE_SEED = Number(process.env.GLTF_FUZZ_SEED ?? 0x5eed2024) >>> 0;
const CASES_PER_OWN_SOURCE = 340;
const CASES_PER_KHRONOS_SOURCE = 150;
const CASE_TIME_LIMIT_MS = 1000;

const KHRONOS = fileURLToPath(new URL('../../../../shared/models/khronos/', import.meta.url));
const KHRONOS_AVAILABLE = existsSync(KHRONOS);
if (!KHRONOS_AVAILABLE) console.warn(`fuzz: Khronos sources skipped: ${KHRONOS} is absent`);

interface Source {
  name: string;
  bytes: Uint8Array;
  options?: ParseGltfOptions;
}

/** The arm with a sparse POSITION (on zeros), strided quantised influences and byte indices. */
function sparseStridedArm(): GltfBuilder {
  const b = riggedArm();
  const positions = armPositions();
  const sparseIndices = b.view(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
  const sparseValues = b.view(new Uint8Array(positions.buffer));
  b.json.accessors[ARM.position] = {
    componentType: FLOAT,
    count: 12,
    type: 'VEC3',
    sparse: {
      count: 12,
      indices: { bufferView: sparseIndices, componentType: 5121 },
      values: { bufferView: sparseValues },
    },
  };
  const attributes = b.json.meshes[0].primitives[0].attributes;
  attributes.JOINTS_0 = b.accessor(ARM_JOINTS, 'VEC4', { byteStride: 8 });
  attributes.WEIGHTS_0 = b.accessor(
    new Uint8Array(ARM_WEIGHTS.map((w, i) => (w === 0.5 ? (i % 4 === 0 ? 128 : 127) : w * 255))),
    'VEC4',
    {
      normalized: true,
      byteStride: 12,
    },
  );
  b.json.meshes[0].primitives[0].indices = b.accessor(new Uint8Array([0, 1, 5, 0, 5, 4, 4, 5, 9, 4, 9, 8]), 'SCALAR');
  return b;
}

function ownSources(): Source[] {
  const external = riggedArm().toGltfWithExternalBuffer('arm.bin');
  return [
    { name: 'arm.gltf', bytes: riggedArm().toGltf() },
    { name: 'arm.glb', bytes: riggedArm().toGlb() },
    { name: 'fan.glb', bytes: fan().toGlb() },
    { name: 'sparse-strided-arm.gltf', bytes: sparseStridedArm().toGltf() },
    { name: 'sparse-strided-arm.glb', bytes: sparseStridedArm().toGlb() },
    {
      name: 'arm-external.gltf',
      bytes: external.gltf,
      options: { resolveUri: (uri) => (uri === 'arm.bin' ? external.bin : undefined) },
    },
  ];
}

function khronosSources(): Source[] {
  if (!KHRONOS_AVAILABLE) return [];
  return ['RiggedSimple', 'RiggedFigure', 'SimpleSkin'].flatMap((name) =>
    (['gltf', 'glb'] as const).map((extension) => ({
      name: `${name}.${extension}`,
      bytes: new Uint8Array(readFileSync(`${KHRONOS}${name}/${name}.${extension}`)),
    })),
  );
}

// ---- mutations -------------------------------------------------------------------------------

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const NUMBERS = [
  -1,
  0,
  1,
  2,
  3,
  4,
  0.5,
  -0.0,
  255,
  256,
  65535,
  65536,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  1e9,
  1e308,
  5120,
  5121,
  5123,
  5125,
  5126,
  34962,
];
const STRINGS = [
  '',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  'MAT4',
  'VEC3',
  'VEC4',
  'SCALAR',
  'CUBICSPLINE',
  'STEP',
  'rotation',
  'weights',
  'translation',
  'data:',
  'data:;base64,AAAA',
  'x.bin',
  '__proto__',
  'constructor',
];
const REPLACEMENTS: unknown[] = [null, true, false, [], {}, 'x', 7, [0], { a: 1 }, [[]], -5];

interface Slot {
  parent: Json | unknown[];
  key: string | number;
}

/** Every place in the JSON tree that holds a value (object property or array element). */
function slots(root: Json): Slot[] {
  const out: Slot[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        out.push({ parent: value, key: i });
        walk(item);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        out.push({ parent: value as Json, key });
        walk((value as Json)[key]);
      }
    }
  };
  walk(root);
  return out;
}

function mutateJson(json: Json, random: Random, log: string[]): void {
  const all = slots(json);
  if (all.length === 0) return;
  const slot = pick(random, all);
  const parent = slot.parent as Record<string | number, unknown>;
  const value = parent[slot.key];
  const where = `${Array.isArray(slot.parent) ? `[${slot.key}]` : `.${slot.key}`}`;
  const roll = random();
  if (roll < 0.35 && typeof value === 'number') {
    const replacement =
      random() < 0.7 ? pick(random, NUMBERS) : value + (random() < 0.5 ? 1 : -1) * (1 + Math.floor(random() * 4));
    parent[slot.key] = replacement;
    log.push(`number ${where} ${value} → ${replacement}`);
  } else if (roll < 0.5) {
    if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
    else delete parent[slot.key];
    log.push(`delete ${where}`);
  } else if (roll < 0.65) {
    const replacement = pick(random, STRINGS);
    parent[slot.key] = replacement;
    log.push(`string ${where} → ${JSON.stringify(replacement)}`);
  } else if (roll < 0.8) {
    const replacement = structuredClone(pick(random, REPLACEMENTS));
    parent[slot.key] = replacement;
    log.push(`type ${where} → ${JSON.stringify(replacement)}`);
  } else if (roll < 0.9 && Array.isArray(value) && value.length > 0) {
    const op = pick(random, ['duplicate', 'reverse', 'empty', 'append'] as const);
    if (op === 'duplicate') value.push(structuredClone(value[Math.floor(random() * value.length)]));
    else if (op === 'reverse') value.reverse();
    else if (op === 'empty') value.length = 0;
    else value.push(Math.floor(random() * 40) - 5);
    log.push(`array ${where} ${op}`);
  } else if (typeof value === 'string' && value.startsWith('data:')) {
    const cut = Math.floor(random() * value.length);
    parent[slot.key] =
      random() < 0.5
        ? value.slice(0, cut)
        : `${value.slice(0, cut)}${pick(random, ['!', '=', ' ', '%', 'A'])}${value.slice(cut + 1)}`;
    log.push(`data uri ${where} damaged at ${cut}`);
  } else {
    parent[slot.key] = [value, value];
    log.push(`wrap ${where} in an array`);
  }
}

/** Replaces a random number token of the JSON text with text JSON.stringify cannot produce. */
function mutateNumberText(text: string, random: Random, log: string[]): string {
  const numbers = [...text.matchAll(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi)];
  if (numbers.length === 0) return text;
  const match = pick(random, numbers);
  const replacement = pick(random, ['1e999', '-1e999', '1e39', '-0', '4294967296', '1.0000000001']);
  log.push(`number text at ${match.index} ${match[0]} → ${replacement}`);
  return text.slice(0, match.index) + replacement + text.slice((match.index ?? 0) + match[0].length);
}

/**
 * Mutations that make a small file expensive rather than broken, the families that once took
 * minutes or gigabytes: accessors shared by many primitives or skins, or grown to millions of
 * zero-filled elements; many channels on one sampler; degenerate geometry (no weights, every joint
 * at one point); very deep node chains. The reader must load or refuse each within the case limit.
 */
function mutateResources(json: Json, random: Random, log: string[]): void {
  const family = pick(random, ['shared accessors', 'one sampler', 'degenerate geometry', 'deep chain'] as const);
  const nodes: Json[] = (json.nodes ??= []);
  if (family === 'shared accessors') {
    const mesh = json.meshes?.[0];
    if (mesh?.primitives?.length > 0) {
      const copies = pick(random, [10, 100, 500]);
      for (let i = 0; i < copies; i++) mesh.primitives.push(structuredClone(mesh.primitives[0]));
      log.push(`${copies} copies of primitive 0`);
    }
    const drawer = nodes.findIndex((node) => node.mesh !== undefined && node.skin !== undefined);
    if (drawer >= 0 && json.skins?.length > 0 && random() < 0.5) {
      const skins = pick(random, [4, 32]);
      for (let i = 0; i < skins; i++) {
        json.skins.push(structuredClone(json.skins[nodes[drawer].skin]));
        nodes.push({ mesh: nodes[drawer].mesh, skin: json.skins.length - 1 });
      }
      log.push(`${skins} more skins drawing the mesh`);
    }
    if (json.accessors?.length > 0 && random() < 0.6) {
      const count = pick(random, [99_999, 699_999, 4_194_303]);
      for (const accessor of json.accessors) {
        if (accessor.type === 'MAT4' || accessor.type === 'SCALAR') continue;
        delete accessor.bufferView;
        delete accessor.byteOffset;
        delete accessor.min;
        delete accessor.max;
        accessor.count = count;
      }
      log.push(`every vertex accessor zero-filled to ${count} elements`);
    }
  } else if (family === 'one sampler') {
    const animation = json.animations?.[0];
    if (animation?.channels?.length > 0) {
      const channels = pick(random, [1_000, 10_000, 30_000]);
      const first = nodes.length;
      for (let i = 0; i < channels && nodes.length < 32_000; i++) nodes.push({});
      for (let n = first; n < nodes.length; n++) animation.channels.push({ sampler: animation.channels[0].sampler, target: { node: n, path: animation.channels[0].target?.path } });
      log.push(`${nodes.length - first} channels on one sampler`);
    }
  } else if (family === 'degenerate geometry') {
    const weights = json.meshes?.[0]?.primitives?.[0]?.attributes?.WEIGHTS_0;
    if (weights !== undefined && json.accessors?.[weights] !== undefined) {
      delete json.accessors[weights].bufferView;
      delete json.accessors[weights].byteOffset;
      log.push('WEIGHTS_0 all zero');
    }
    for (const node of nodes) {
      delete node.matrix;
      node.translation = [0, 0, 0];
    }
    log.push('every node at the origin');
  } else {
    const depth = pick(random, [2_000, 10_000, 30_000]);
    const first = nodes.length;
    for (let i = 0; i < depth && nodes.length < 32_700; i++) nodes.push(nodes.length + 1 < first + depth ? { children: [nodes.length + 1], translation: [0, 0.001, 0] } : {});
    const last = nodes[nodes.length - 1];
    delete last.children;
    log.push(`a chain of ${nodes.length - first} nodes`);
  }
}

function mutate(source: Source, random: Random, log: string[]): Uint8Array {
  const isGlb = source.bytes[0] === 0x67 && source.bytes[1] === 0x6c;
  const roll = random();
  if (roll < 0.25) {
    const out = source.bytes.slice();
    const flips = 1 + Math.floor(random() * 8);
    for (let i = 0; i < flips; i++) {
      const at = Math.floor(random() * out.length);
      out[at] = random() < 0.5 ? out[at] ^ (1 << Math.floor(random() * 8)) : Math.floor(random() * 256);
      log.push(`byte ${at} → ${out[at]}`);
    }
    return out;
  }
  if (roll < 0.37) {
    const length = Math.floor(random() * source.bytes.length);
    log.push(`truncate to ${length} of ${source.bytes.length}`);
    return source.bytes.slice(0, length);
  }
  if (isGlb && roll < 0.45) {
    const out = source.bytes.slice();
    const view = new DataView(out.buffer);
    const jsonLength = view.getUint32(12, true);
    const field = pick(
      random,
      [4, 8, 12, 16, 20 + jsonLength, 24 + jsonLength].filter((f) => f + 4 <= out.length),
    );
    const value = pick(random, [
      0,
      1,
      3,
      4,
      0xffffffff,
      out.length,
      out.length + 4,
      view.getUint32(field, true) + 4,
      view.getUint32(field, true) - 4,
    ]);
    view.setUint32(field, value >>> 0, true);
    log.push(`glb uint32 at ${field} → ${value >>> 0}`);
    return out;
  }
  const container = readContainer(source.bytes);
  const json = structuredClone(container.json) as Json;
  if (random() < 0.2) {
    mutateResources(json, random, log);
  } else {
    const edits = 1 + Math.floor(random() * 3);
    for (let i = 0; i < edits; i++) mutateJson(json, random, log);
  }
  let text = JSON.stringify(json);
  if (random() < 0.1) text = mutateNumberText(text, random, log);
  const jsonBytes = new TextEncoder().encode(text);
  if (!isGlb) return jsonBytes;
  // Re-encode as GLB around the original BIN chunk (the JSON text is not re-parsed here).
  const glb = encodeGlb({}, container.binary);
  const padded = new Uint8Array(Math.ceil(jsonBytes.length / 4) * 4).fill(0x20);
  padded.set(jsonBytes);
  const oldJsonLength = new DataView(glb.buffer).getUint32(12, true);
  const out = new Uint8Array(glb.length - oldJsonLength + padded.length);
  out.set(glb.subarray(0, 20));
  out.set(padded, 20);
  out.set(glb.subarray(20 + oldJsonLength), 20 + padded.length);
  const view = new DataView(out.buffer);
  view.setUint32(8, out.length, true);
  view.setUint32(12, padded.length, true);
  return out;
}

// ---- the run ---------------------------------------------------------------------------------

interface Tally {
  cases: number;
  loaded: number;
  rejected: number;
  slowestMs: number;
}

function fuzzSource(source: Source, cases: number): Tally {
  const tally: Tally = { cases, loaded: 0, rejected: 0, slowestMs: 0 };
  for (let i = 0; i < cases; i++) {
    const caseSeed = (BASE_SEED + Math.imul(i, 0x9e3779b9)) >>> 0;
    const random = mulberry32(caseSeed);
    const log: string[] = [];
    const bytes = mutate(source, random, log);
    const context = () =>
      `${source.name}, GLTF_FUZZ_SEED=${BASE_SEED} case ${i} (seed 0x${caseSeed.toString(16)}): ${log.join('; ')}`;
    const start = performance.now();
    let outcome: 'loaded' | 'rejected';
    // The reader's time alone: checking the Model below can take longer than loading it when many
    // primitives share one (each is checked again).
    let elapsed = 0;
    try {
      const model = parseGltf(bytes, source.options);
      elapsed = performance.now() - start;
      outcome = 'loaded';
      const problems = modelProblems(model);
      if (problems.length > 0) expect.fail(`invalid Model from ${context()}: ${problems.join(', ')}`);
    } catch (error) {
      if (!(error instanceof GltfError)) {
        const detail = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error);
        expect.fail(`non-GltfError from ${context()}: ${detail}`);
      }
      expect(error.message.startsWith(error.path === '' ? '' : `${error.path}: `), context()).toBe(true);
      elapsed = performance.now() - start;
      outcome = 'rejected';
    }
    if (elapsed > CASE_TIME_LIMIT_MS) expect.fail(`took ${elapsed.toFixed(0)} ms: ${context()}`);
    tally.slowestMs = Math.max(tally.slowestMs, elapsed);
    tally[outcome]++;
  }
  return tally;
}

describe(`fuzzing the reader (GLTF_FUZZ_SEED=${BASE_SEED})`, () => {
  const totals: Tally = { cases: 0, loaded: 0, rejected: 0, slowestMs: 0 };
  const started = performance.now();
  const record = (name: string, tally: Tally) => {
    totals.cases += tally.cases;
    totals.loaded += tally.loaded;
    totals.rejected += tally.rejected;
    totals.slowestMs = Math.max(totals.slowestMs, tally.slowestMs);
    console.log(
      `fuzz ${name}: ${tally.cases} cases, ${tally.loaded} loaded, ${tally.rejected} rejected, slowest ${tally.slowestMs.toFixed(1)} ms`,
    );
  };

  for (const source of ownSources()) {
    it(
      `${source.name}: ${CASES_PER_OWN_SOURCE} variants load or throw GltfError within 1 s`,
      { timeout: 30_000 },
      () => {
        expect(() => parseGltf(source.bytes, source.options)).not.toThrow();
        const tally = fuzzSource(source, CASES_PER_OWN_SOURCE);
        record(source.name, tally);
        // The mutations must exercise both outcomes, or they test nothing.
        expect(tally.rejected).toBeGreaterThan(CASES_PER_OWN_SOURCE / 4);
        expect(tally.loaded).toBeGreaterThan(CASES_PER_OWN_SOURCE / 50);
      },
    );
  }

  for (const name of ['RiggedSimple', 'RiggedFigure', 'SimpleSkin'].flatMap((n) => [`${n}.gltf`, `${n}.glb`])) {
    const skipped = KHRONOS_AVAILABLE ? '' : ` (skipped: ${KHRONOS} is absent)`;
    it.skipIf(!KHRONOS_AVAILABLE)(
      `Khronos ${name}: ${CASES_PER_KHRONOS_SOURCE} variants load or throw GltfError within 1 s${skipped}`,
      { timeout: 30_000 },
      () => {
        const source = khronosSources().find((s) => s.name === name)!;
        const tally = fuzzSource(source, CASES_PER_KHRONOS_SOURCE);
        record(name, tally);
        expect(tally.rejected).toBeGreaterThan(CASES_PER_KHRONOS_SOURCE / 4);
      },
    );
  }

  it('ran at least 2,000 variants of the project fixtures', () => {
    expect(totals.cases).toBeGreaterThanOrEqual(2000);
    console.log(
      `fuzz total: ${totals.cases} cases (${totals.loaded} loaded, ${totals.rejected} rejected) in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s, slowest case ${totals.slowestMs.toFixed(1)} ms`,
    );
  });
});
