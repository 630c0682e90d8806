// createSimdPlayer on hostile models (scenarios/simd-player.ts: small glTF files whose animations
// reuse samplers, built as the Model the loader makes of them), each in a child process
// (bounded.ts): creating the player and playing a few frames takes bounded time and memory — key
// data is stored once per distinct array, planning is linear in tracks and keys — and a model
// whose distinct keys need more than the memory budget gets null (use the JavaScript path).
//
// Before the fix, on the machine these limits were set on: case 1 took 52 s; case 2, 17 s and
// 3.0 GB; case 3 needed 11 GB for rotations (so no player at all) and took 3.1 GB for
// translations; equal copies of 50,000 keys, 0.6 GB; case 4, 2.1 GB; 10 M distinct keys, 1.3 GB.
import { describe, expect, it } from 'vitest';
import { MEMORY_BUDGET_BYTES } from '../../../src/core/fast/pose-simd.ts';
import { runBounded, type BoundedRun } from './bounded.ts';
import type { PlayerFacts } from './scenarios/simd-player.ts';

/** Wall time of a scenario (building its model included), ms. */
const TIME_LIMIT_MS = 3000;
/** Peak resident memory above the child's baseline (the model itself included), MB. */
const MEMORY_LIMIT_MB = 400;
/** The child is stopped after this long: a regression fails instead of hanging the run. */
const STOP_AFTER_SECONDS = 30;

/** Runs a scenario and checks its time and memory; returns what it reported. */
function bounded(name: string, args: unknown): PlayerFacts {
  const run: BoundedRun = runBounded('simd-player', name, args, { seconds: STOP_AFTER_SECONDS });
  const label = `${name}(${JSON.stringify(args)})`;
  expect(run.stopped, `${label} was stopped`).toBeUndefined();
  expect(run.ok, `${label} threw ${run.errorName}: ${run.error}`).toBe(true);
  expect(run.milliseconds, `${label}: milliseconds`).toBeLessThan(TIME_LIMIT_MS);
  expect(run.peakMb - run.baselineMb, `${label}: MB above the baseline (peak ${run.peakMb.toFixed(0)})`).toBeLessThan(MEMORY_LIMIT_MB);
  return run.result as PlayerFacts;
}

describe('createSimdPlayer on hostile models: bounded time and memory', { timeout: 60_000 }, () => {
  it('case 1: 98,301 channels (32,767 nodes × 3 paths) sharing one 2-key sampler', () => {
    const facts = bounded('oneSampler', { nodes: 32_767, keys: 2, paths: ['translation', 'rotation', 'scale'], shape: 'flat' });
    expect(facts.tracks).toBe(98_301);
    expect(facts.player).toBe(true);
  });

  it('case 2: 32,767 rotation channels on a chain sharing one 1,000-key sampler', () => {
    const facts = bounded('oneSampler', { nodes: 32_767, keys: 1000, paths: ['rotation'], shape: 'chain' });
    expect(facts.tracks).toBe(32_767);
    expect(facts.player).toBe(true);
  });

  it('case 3: 100 animations reusing one 1 M-key sampler, as shared arrays', () => {
    for (const path of ['rotation', 'translation']) {
      expect(bounded('samplerPerAnimation', { clips: 100, keys: 1_000_000, path, copies: false }).player).toBe(true);
    }
  });

  it('case 3: 100 animations each with an equal copy of one sampler (a loader that reads it again) are stored once, with the same results', () => {
    const copies = bounded('samplerPerAnimation', { clips: 100, keys: 50_000, path: 'rotation', copies: true });
    const shared = bounded('samplerPerAnimation', { clips: 100, keys: 50_000, path: 'rotation', copies: false });
    expect(copies.player).toBe(true);
    expect(copies.hash).toBe(shared.hash);
  });

  it('case 4: 2,000 animations each moving every node of a 32,767-node chain', () => {
    expect(bounded('clipsOnLongChain', { nodes: 32_767, clips: 2000 }).player).toBe(true);
  });

  it('returns null, quickly, for distinct keys that would need more than the memory budget', () => {
    const keys = 10_000_000;
    // A rotation key takes 112 bytes of kernel memory: value 16, slerp segment 80, time and inverse interval 16.
    expect(112 * keys).toBeGreaterThan(MEMORY_BUDGET_BYTES);
    const facts = bounded('distinctKeys', { keys });
    expect(facts.player).toBe(false);
    expect(facts.createMs).toBeLessThan(1000);
    expect(bounded('distinctKeys', { keys: 1_000_000 }).player).toBe(true);
  });
});
