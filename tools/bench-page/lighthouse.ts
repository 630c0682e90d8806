// Lighthouse (npm `lighthouse`, its default configuration: mobile emulation, simulated 4× slower
// CPU and slow 4G) over every page of the built site, one after another in one Chromium
// (/usr/bin/chromium or CHROMIUM_PATH, SwiftShader WebGL2) on the page benchmark's static server.
//
//   npm run bench:lighthouse [-- --json] [-- --dist DIR] [-- --only REGEX]
//   (--only: just the pages whose URL path matches, e.g. --only '^/(chapters/[^/]+/)?$')
//   (also: npm run bench:page -- --pages)
//
// Per page: performance and accessibility scores (0–100), total blocking time and largest
// contentful paint (ms, Lighthouse's simulated values), and the JavaScript and CSS the page
// loaded, gzip bytes (node:zlib over the served files, as in bench-page.ts). For a page under
// SCORE_TO_EXPLAIN, its long tasks as Lighthouse saw them (simulated start and duration, and the
// script it names), which are what total blocking time adds up.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { compressedSize, serveStatic } from '../static-server.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface PageAudit {
  /** URL path, e.g. /chapters/bind-pose/. */
  path: string;
  performance: number;
  accessibility: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  javascriptGzipBytes: number;
  cssGzipBytes: number;
  /** Accessibility audits that failed, "id: the first failing element's selector" (empty at 100). */
  accessibilityFailures: string[];
  /** Lighthouse's own warnings for the run (empty when clean). */
  warnings: string[];
  /** Lighthouse's long-tasks audit: simulated start and duration (ms), and the script it names (a URL path, or "Unattributable"). */
  longTasks: { startMs: number; durationMs: number; script: string }[];
}

/** Pages scoring below this (performance) have their long tasks listed under the table. */
const SCORE_TO_EXPLAIN = 98;

/** URL paths of every HTML page under `dist` (index.html → its directory), Pagefind's files left out. */
export function builtPages(dist: string): string[] {
  const pages: string[] = [];
  const walk = (directory: string) => {
    for (const name of readdirSync(directory).sort()) {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'pagefind' && name !== '_astro') walk(path);
      } else if (name.endsWith('.html')) {
        const urlPath = `/${relative(dist, path).split(sep).join('/')}`;
        pages.push(urlPath.endsWith('/index.html') || urlPath === '/index.html' ? urlPath.slice(0, -'index.html'.length) : urlPath);
      }
    }
  };
  walk(dist);
  return pages.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
}

export async function runLighthouse(distOption: string, log: (line: string) => void, only: RegExp | null = null) {
  const dist = resolve(repositoryRoot, distOption);
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: run \`npm run build\` first (or pass --dist DIR of an \`astro build --outDir DIR\`).`);
  }
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium package or set CHROMIUM_PATH.`);
  const pages = builtPages(dist).filter((path) => only === null || only.test(path));
  const server = await serveStatic(dist, null);
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs], logLevel: 'silent' });
  const audits: PageAudit[] = [];
  let version = '';
  try {
    for (const path of pages) {
      log(`  Lighthouse: ${path}…`);
      const result = await lighthouse(`${server.origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (result === undefined) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      version = lhr.lighthouseVersion;
      const bytes = { Script: 0, Stylesheet: 0 };
      const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
      for (const request of requests) {
        if (request.resourceType !== 'Script' && request.resourceType !== 'Stylesheet') continue;
        const url = new URL(request.url);
        if (url.origin !== server.origin) continue;
        const file = server.fileOf(url.pathname);
        if (file !== null) bytes[request.resourceType] += compressedSize(file).gzipBytes;
      }
      const score = (category: string) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);
      const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
      const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? []).flatMap(({ id }) => {
        const audit = lhr.audits[id];
        if (audit === undefined || audit.score === null || audit.score >= 1) return [];
        const items = (audit.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
        return [`${id}: ${items[0]?.node?.selector ?? '(no element named)'}${items.length > 1 ? ` and ${items.length - 1} more` : ''}`];
      });
      const longTaskItems = (lhr.audits['long-tasks']?.details as { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined)?.items ?? [];
      const longTasks = longTaskItems.map((task) => ({
        startMs: task.startTime ?? NaN,
        durationMs: task.duration ?? NaN,
        script: task.url?.startsWith(server.origin) ? task.url.slice(server.origin.length) : (task.url ?? ''),
      }));
      audits.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        totalBlockingTimeMs: numeric('total-blocking-time'),
        largestContentfulPaintMs: numeric('largest-contentful-paint'),
        javascriptGzipBytes: bytes.Script,
        cssGzipBytes: bytes.Stylesheet,
        accessibilityFailures,
        warnings: lhr.runWarnings,
        longTasks,
      });
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  return { lighthouse: version, chromium: chromiumPath, dist, emulation: 'Lighthouse default: mobile, simulated throttling', pages: audits };
}

export function lighthouseTable(result: Awaited<ReturnType<typeof runLighthouse>>): string {
  const header = ['page', 'perf', 'a11y', 'TBT', 'LCP', 'JS gzip', 'CSS gzip'];
  const widths = [38, 4, 4, 8, 9, 9, 9];
  const pad = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [`Lighthouse ${result.lighthouse} — ${result.emulation}; ${result.dist}`, '', pad(header)];
  for (const page of result.pages) {
    lines.push(
      pad([
        page.path,
        String(page.performance),
        String(page.accessibility),
        `${Math.round(page.totalBlockingTimeMs)} ms`,
        `${Math.round(page.largestContentfulPaintMs)} ms`,
        kb(page.javascriptGzipBytes),
        kb(page.cssGzipBytes),
      ]),
    );
  }
  const failing = result.pages.filter((page) => page.accessibilityFailures.length > 0);
  if (failing.length > 0) lines.push('', ...failing.map((page) => `accessibility, ${page.path}: ${page.accessibilityFailures.join(' | ')}`));
  const slow = result.pages.filter((page) => page.performance < SCORE_TO_EXPLAIN && page.longTasks.length > 0);
  if (slow.length > 0) {
    lines.push('', `long tasks of pages under ${SCORE_TO_EXPLAIN} (simulated start + duration, script):`);
    for (const page of slow) {
      lines.push(`  ${page.path}: ${page.longTasks.map((task) => `${Math.round(task.startMs)}+${Math.round(task.durationMs)} ms ${task.script}`).join(', ')}`);
    }
  }
  const warned = result.pages.filter((page) => page.warnings.length > 0);
  if (warned.length > 0) lines.push('', ...warned.map((page) => `warning, ${page.path}: ${page.warnings.join(' | ')}`));
  lines.push('', 'perf, a11y: category scores 0–100; TBT: total blocking time; LCP: largest contentful paint (both simulated); bytes: gzip of the served files.');
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const distIndex = argv.indexOf('--dist');
  const dist = distIndex >= 0 ? argv[distIndex + 1] : (process.env.BENCH_DIST ?? 'dist');
  if (dist === undefined || dist.startsWith('--')) throw new Error('--dist needs a directory');
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex >= 0 ? new RegExp(argv[onlyIndex + 1] ?? '') : null;
  const result = await runLighthouse(dist, (line) => process.stderr.write(`${line}\n`), only);
  process.stdout.write(argv.includes('--json') ? `${JSON.stringify(result)}\n` : `${lighthouseTable(result)}\n`);
}
