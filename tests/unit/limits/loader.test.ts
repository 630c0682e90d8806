// A hostile file costs bounded time and memory: the glTF reader's budgets, each case a small file
// built in tests/unit/limits/scenarios/loader.ts and run in a child process (bounded.ts) that
// measures its wall time and peak resident memory. Before these budgets, the first cases took
// 16–77 s and 1.5–4.9 GB, or ran for minutes.
import { describe, expect, it } from 'vitest';
import { runBounded, type BoundedRun } from './bounded.ts';

/** Peak memory a case may add to the child's baseline, MB, and its wall time, ms. */
const MEMORY_MB = 300;
const TIME_MS = 3_000;

function expectBounded(run: BoundedRun, label: string): void {
  expect(run.stopped, `${label}: stopped`).toBeUndefined();
  expect(run.milliseconds, `${label}: ms`).toBeLessThan(TIME_MS);
  expect(run.peakMb - run.baselineMb, `${label}: MB above baseline`).toBeLessThan(MEMORY_MB);
}

describe('shared accessors: decoded once, within one budget for the whole file', () => {
  it('refuses a 2 KB file whose zero-filled accessors of 4.2 M vertices feed 120 primitives, naming the budget', () => {
    const run = runBounded('loader', 'sharedAccessors', { vertices: 4_194_303, primitives: 120, skins: 1 });
    expectBounded(run, '120 primitives');
    expect(run.ok).toBe(false);
    expect(run.errorName).toBe('GltfError');
    expect(run.error).toMatch(/^meshes\[0\]\.primitives\[0\]\.attributes\.\w+: needs \d+ more decoded values, past this file's budget of \d+ \(16777216 plus 4 per byte/);
  });

  it('refuses eight skins drawing one such mesh', () => {
    const run = runBounded('loader', 'sharedAccessors', { vertices: 4_194_303, primitives: 1, skins: 8 });
    expectBounded(run, '8 skins');
    expect(run.errorName).toBe('GltfError');
    expect(run.error).toContain("past this file's budget");
  });

  it('loads a mesh whose 50 primitives repeat one within the budget: built once, and said so', () => {
    const run = runBounded('loader', 'sharedAccessors', { vertices: 300_000, primitives: 50, skins: 2 });
    expectBounded(run, '50 primitives');
    expect(run.ok, run.error).toBe(true);
    const result = run.result as { primitives: number; vertices: number; notes: string[] };
    expect(result.primitives).toBe(100); // 50 per node, two nodes (one per skin)
    expect(result.notes).toContain('meshes[0].primitives[1]: the same accessors and skin as meshes[0].primitives[0]; shares its data');
  });
});

describe('nearest-joint binding of unweighted vertices', () => {
  it('binds 700 000 vertices at one point among 1000 equidistant joints with one search', () => {
    const run = runBounded('loader', 'equidistantJoints', { vertices: 699_999, joints: 1000 });
    expectBounded(run, 'one point');
    expect(run.ok, run.error).toBe(true);
    expect((run.result as { notes: string[] }).notes.join('\n')).not.toContain('ran out of its budget');
  });

  it('caps the work for 700 000 distinct vertices among 1000 equidistant joints, and reports it', () => {
    const run = runBounded('loader', 'equidistantJoints', { vertices: 699_999, joints: 1000, distinct: true });
    expectBounded(run, 'distinct points');
    expect(run.ok, run.error).toBe(true);
    expect((run.result as { notes: string[] }).notes.join('\n')).toMatch(/ran out of its budget \(1048576 plus 64 steps per vertex\); \d+ vertices got a joint near them/);
  });

  it('caps the work for 30 000 distinct vertices among 32 766 equidistant joints', () => {
    const run = runBounded('loader', 'equidistantJoints', { vertices: 30_000, joints: 32_766, distinct: true });
    expectBounded(run, '32 766 joints');
    expect(run.ok, run.error).toBe(true);
  });
});
