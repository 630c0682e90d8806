// The child process of bounded.ts: runs one scenario and prints what it cost as one line of JSON.
import { resourceUsage } from 'node:process';
import { pathToFileURL } from 'node:url';

const [modulePath, name, args] = process.argv.slice(2);
const scenarios = (await import(pathToFileURL(modulePath).href)) as Record<string, (args: unknown) => unknown>;
const scenario = scenarios[name];
if (typeof scenario !== 'function') throw new Error(`${modulePath} has no scenario "${name}"`);
const megabytes = (kilobytes: number) => kilobytes / 1024;
const baselineMb = megabytes(resourceUsage().maxRSS);
const start = performance.now();
let outcome: { ok: boolean; result?: unknown; errorName?: string; error?: string };
try {
  outcome = { ok: true, result: await scenario(JSON.parse(args)) };
} catch (error) {
  outcome = { ok: false, errorName: (error as Error).name, error: (error as Error).message };
}
const milliseconds = performance.now() - start;
process.stdout.write(`${JSON.stringify({ ...outcome, milliseconds, baselineMb, peakMb: megabytes(resourceUsage().maxRSS) })}\n`);
