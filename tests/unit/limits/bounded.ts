// Runs one scenario in a child process and measures what it cost: wall time, and peak resident
// memory (the operating system's maxRSS, so typed-array storage outside V8's heap counts too). A
// scenario that would freeze a tab or eat gigabytes is stopped at the time limit or by the child's
// heap limit instead of taking the test run with it.
//
// A scenario is a named export of a module under tests/unit/limits/scenarios/: a function of
// JSON-able arguments that returns a JSON-able result or throws. The child (child.ts) prints one
// line of JSON: { ok, result | error, milliseconds, baselineMb, peakMb }.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));

export interface BoundedRun {
  /** The scenario returned (true) or threw (false); neither when it was stopped (see `stopped`). */
  ok: boolean;
  result?: unknown;
  /** The thrown error's name and message. */
  errorName?: string;
  error?: string;
  /** Why the child was stopped without an answer (time limit, out of memory), or undefined. */
  stopped?: string;
  /** Wall time of the scenario itself, ms. */
  milliseconds: number;
  /** Resident memory before the scenario ran, and the peak over the child's life, MB. */
  baselineMb: number;
  peakMb: number;
}

/**
 * Runs export `name` of tests/unit/limits/scenarios/`module`.ts with `args` in a child Node, for at
 * most `seconds` (wall time, start-up included) and with V8's heap capped at `heapMb`.
 */
export function runBounded(module: string, name: string, args: unknown, { seconds = 30, heapMb = 1024 } = {}): BoundedRun {
  const scenario = fileURLToPath(new URL(`./scenarios/${module}.ts`, import.meta.url));
  const child = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, CHILD, scenario, name, JSON.stringify(args)], {
    encoding: 'utf8',
    timeout: seconds * 1000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.error !== undefined || child.status !== 0 || !line.startsWith('{')) {
    const reason = child.error?.message ?? (child.signal ? `signal ${child.signal}` : `exit ${child.status}`);
    return { ok: false, stopped: `${reason}: ${child.stderr.trim().split('\n').slice(-3).join(' / ')}`, milliseconds: NaN, baselineMb: NaN, peakMb: NaN };
  }
  return JSON.parse(line) as BoundedRun;
}
