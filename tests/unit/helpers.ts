// Shared helpers for the unit tests: tolerance comparisons, a seeded random generator and random
// transforms, so every "random" test is reproducible.
import type { mat4 } from 'gl-matrix';
import { expect } from 'vitest';
import type { Playback } from '../../src/core/clip.ts';
import { animateFrame, showRestPose, type Player } from '../../src/core/frame.ts';
import type { SkinnedPrimitive } from '../../src/core/model.ts';

/**
 * Asserts |actual − expected| ≤ tolerance element by element (numbers or equal-length arrays).
 * NaN never passes. The failure message names the first offending index and both values.
 */
export function expectClose(
  actual: number | ArrayLike<number>,
  expected: number | ArrayLike<number>,
  tolerance = 1e-6,
  label = '',
): void {
  const prefix = label ? `${label}: ` : '';
  if (typeof actual === 'number' || typeof expected === 'number') {
    expect(typeof actual, `${prefix}actual and expected must both be numbers or both arrays`).toBe(typeof expected);
    const difference = Math.abs((actual as number) - (expected as number));
    expect(difference <= tolerance, `${prefix}expected ${expected as number}, got ${actual as number} (tolerance ${tolerance})`).toBe(true);
    return;
  }
  expect(actual.length, `${prefix}length`).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const difference = Math.abs(actual[i] - expected[i]);
    if (!(difference <= tolerance)) {
      expect.fail(`${prefix}element ${i}: expected ${expected[i]}, got ${actual[i]} (tolerance ${tolerance})`);
    }
  }
}

/** Asserts that every element is a finite number (no NaN, no ±Infinity). */
export function expectFinite(values: ArrayLike<number>, label = ''): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) expect.fail(`${label ? `${label}: ` : ''}element ${i} is ${values[i]}`);
  }
}

/** A seeded generator of uniform numbers in [0, 1) (mulberry32): same seed, same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform number in [low, high). */
export function randomIn(random: () => number, low: number, high: number): number {
  return low + (high - low) * random();
}

/** A uniformly distributed unit quaternion [x, y, z, w] (Shoemake's method). */
export function randomUnitQuat(random: () => number): Float32Array {
  const u1 = random(), u2 = random() * 2 * Math.PI, u3 = random() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return new Float32Array([a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)]);
}

/** The unit quaternion of a rotation by `radians` about the unit axis (x, y, z). */
export function axisAngle(x: number, y: number, z: number, radians: number): Float32Array {
  const s = Math.sin(radians / 2);
  return new Float32Array([x * s, y * s, z * s, Math.cos(radians / 2)]);
}

/** A random affine 4×4 (column-major, bottom row 0 0 0 1) with entries in [−2, 2). */
export function randomAffine(random: () => number): Float32Array {
  const m = new Float32Array(16);
  for (let i = 0; i < 16; i++) m[i] = randomIn(random, -2, 2);
  m[3] = m[7] = m[11] = 0;
  m[15] = 1;
  return m;
}

/** A random 4×4 with every entry in [−2, 2) (not necessarily affine). */
export function randomMat4(random: () => number): Float32Array {
  const m = new Float32Array(16);
  for (let i = 0; i < 16; i++) m[i] = randomIn(random, -2, 2);
  return m;
}

export { boxedNumbers, newSpaceGrowth } from '../../tools/allocation.ts';

/**
 * A stand-in WebGL2 context for tests of draw code, which needs no GPU: each method call is handed
 * to `onCall` (its name and arguments) and returns nothing; each constant (an upper-case name) is 0.
 */
export function stubWebGl(onCall: (name: string, args: unknown[]) => void): WebGL2RenderingContext {
  return new Proxy({} as Record<string | symbol, unknown>, {
    get: (_, name) => {
      if (typeof name !== 'string') return undefined;
      return /^[A-Z_0-9]+$/.test(name) ? 0 : (...args: unknown[]) => onCall(name, args);
    },
  }) as unknown as WebGL2RenderingContext;
}

/** A primitive from plain arrays (normals optional). */
export function primitiveOf(positions: number[], joints: number[], weights: number[], normals: number[] | null = null): SkinnedPrimitive {
  return {
    vertexCount: positions.length / 3,
    positions: new Float32Array(positions),
    normals: normals ? new Float32Array(normals) : null,
    joints: Uint16Array.from(joints),
    weights: new Float32Array(weights),
    indices: null,
  };
}

/** A palette from gl-matrix matrices. */
export function paletteOf(matrices: mat4[]): Float32Array {
  const palette = new Float32Array(16 * matrices.length);
  matrices.forEach((m, j) => palette.set(m, 16 * j));
  return palette;
}

/**
 * Poses the teaching path as SimdPlayer.evaluate poses the fast path: clip `clipIndex` at
 * `timeSeconds`, or the rest pose for an index that names no clip (−1).
 */
export function poseAt(player: Player, clipIndex: number, timeSeconds: number, playback: Playback): void {
  const clip = player.model.clips[clipIndex];
  if (Number.isInteger(clipIndex) && clip !== undefined) animateFrame(player, clip, timeSeconds, playback);
  else showRestPose(player);
}
