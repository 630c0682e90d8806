// Page benchmark: the home page's model figure against a minimal three.js viewer, in one Chromium.
//
//   npm run bench:page                 a table
//   npm run -s bench:page -- --json    one JSON object on stdout, nothing else (-s: without npm's banner)
//   options: --dist DIR (default dist/; build it first with `npm run build`), --seconds S (window,
//            default 5), --settle S (wait between the first frame and the window, default 2),
//            --throttle 1,4 (CPU slow-down rates), --dpr R
//            (device pixel ratio, default 1), --ours-context and --three-context NAME=true|false,…
//            (WebGL2 context attributes forced on that page, e.g. antialias=false,alpha=false;
//            default: each page's own — the site asks for antialias, three.js's default is without),
//            --ours-css and --three-css "CSS" (a style sheet added to that page, a diagnostic, e.g.
//            ".island-reset{backdrop-filter:none}"), --figure-alone (ours with all but the figure's
//            canvas hidden: see FIGURE_ALONE_CSS), --uncapped (frames as fast as the pages can draw
//            them: Chromium without vsync or its frame-rate limit, see UNCAPPED_ARGS), --pages
//            (Lighthouse over every page instead: tools/bench-page/lighthouse.ts)
//
// Ours = the built site's home page (dist/index.html) at a 1280 × 900 viewport, where its model
// figure's canvas is 509 × 318 CSS px; only that figure draws. Three = tools/bench-page/three-viewer/,
// bundled here with Vite into a temporary directory, its canvas 509 × 318 CSS px, same model
// (/models/mannequin.glb from dist/) and clip ("walk"). Runs alternate ours, three, ours, three at
// each CPU throttle rate (CDP Emulation.setCPUThrottlingRate), each in a fresh browser context
// (empty cache) of one Chromium with SwiftShader WebGL2 (the e2e suite's flags).
//
// Per run, over a window of S seconds that opens --settle seconds after the first drawn frame (what
// a page does once, right after it starts drawing, is start-up, not the cost of a frame; measured
// from the first frame, three.js's set-up after it raised its script per frame from about 0.75 to
// 0.99 ms):
//   fps              animation frames that issued a WebGL draw call, per second (frame-probe.ts)
//   script/task      CDP Performance.getMetrics ScriptDuration / TaskDuration growth ÷ frames, ms
//   style+layout     CDP RecalcStyleDuration + LayoutDuration growth ÷ frames, ms: what the page's
//                    changes (a moving slider, a time written out) cost it each frame besides script
//                    (main thread; SwiftShader's rasterisation runs in the GPU process, not here)
//   GPU process      CPU time of Chromium's GPU process (CDP SystemInfo.getProcessInfo) ÷ frames,
//                    ms: with SwiftShader this is where the pixels are drawn and composited
//   GL replayed      after the window, one drawn frame's WebGL calls recorded and issued again 60
//                    times in a row, then one pixel read back (frame-probe.ts replayFrameCost): ms
//                    per frame of drawing alone, least of 5 rounds. The steadiest measure of what a
//                    frame costs the renderer; fps and GPU-process time vary by half between runs
//   first frame      ms from navigation start to the first drawn frame
//   JS gzip          every JavaScript file the server sent for the page, gzip (node:zlib) bytes
//   heap             JSHeapUsedSize at the end of the window
//   alloc/fr         after the window, JavaScript allocated per drawn frame over ALLOCATION_SECONDS:
//                    CDP's sampling heap profiler (every script on the page, the frame probe's
//                    own included, objects a GC has already collected counted too), bytes ÷ frames
//   longest task     longest PerformanceObserver 'longtask' from navigation to the window's end
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { buildThreeViewer } from './build-three-viewer.ts';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { installFrameProbe, replayFrameCost, type FrameProbeOptions } from './frame-probe.ts';
import { serveStatic, THREE_VIEWER_PREFIX, type ServedScript, type StaticServer } from '../static-server.ts';
import { runLighthouse, lighthouseTable } from './lighthouse.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The viewport at which the home page's model figure is 509 × 318 CSS px. */
const VIEWPORT = { width: 1280, height: 900 };
/**
 * --figure-alone: ours with everything but the figure's canvas hidden, on the viewer's flat
 * background, so that both pages give the compositor the same work. SwiftShader composites the
 * whole visible page in the GPU process every frame (SkiaOutputSurfaceImplOnGpu::SwapBuffers):
 * around the home page's figure that is text, the control panel and the stage's gradient, where
 * the viewer's page is one colour. Measured so (2026-11-27, 1×): GPU process 37.7 ms per frame
 * against three.js's 18.7, of which WebGL's own commands about 1 ms for either; alone, 26.2 against
 * 18.4 ms and 0.97× three.js's frame rate (57.7 against 59.4 fps). Its first frame comes about 2.5 s
 * late: the figure waits for the poster it opens on to be shown (island-manager.ts, POSTER_PAINT_WAIT),
 * and a hidden poster never is.
 */
const FIGURE_ALONE_CSS = 'body *{visibility:hidden!important} .island canvas{visibility:visible!important} body{background:#f7f5f0!important}';
/**
 * --uncapped: Chromium's flags that stop it waiting for the display's refresh, so that both pages
 * draw as many frames as their cost allows and fps compares that cost. At vsync both reach
 * about 60 fps alone (see FIGURE_ALONE_CSS), which says nothing about which costs less. Measured
 * so (2026-11-27, 1×, --figure-alone, two runs of A/B/A/B): ours 158 and 263 fps (medians), three.js
 * 548 and 581; per drawn frame, main-thread script 2.9–5.1 ms against 0.2–0.7 (mostly WebGL calls
 * waiting on the GPU process) and GPU process 7–12 ms against 2.7–3.1. On two cores the three
 * processes compete for the CPU and single runs vary by half: repeat before reading a ratio.
 * Later (same day, same machine) the same page gave 100–260 fps from run to run, three.js's 210–700,
 * and the frames it counts are not all composited; 'GL replayed' (replayFrameCost) is the measure
 * of a frame's drawing that holds still.
 */
const UNCAPPED_ARGS = ['--disable-gpu-vsync', '--disable-frame-rate-limit'];
/** replayFrameCost: frames issued per round, and rounds. */
const REPLAYED_FRAMES = 60;
const REPLAY_ROUNDS = 5;
/** Seconds of the allocation measure, and the sampling heap profiler's mean interval between samples, bytes. */
const ALLOCATION_SECONDS = 3;
const ALLOCATION_SAMPLING_BYTES = 32;
/** Longest wait for a page's first drawn frame, ms (SwiftShader at 4× throttling is slow to start). */
const FIRST_FRAME_TIMEOUT = 90_000;

type PageKind = 'ours' | 'three';

export interface BenchOptions {
  dist: string;
  seconds: number;
  /** Seconds between the first drawn frame and the window. */
  settleSeconds: number;
  throttleRates: number[];
  devicePixelRatio: number;
  /** WebGL2 context attributes forced on each page, null: the page's own. */
  oursContext: Record<string, boolean> | null;
  threeContext: Record<string, boolean> | null;
  /** Style sheets added to each page (diagnostics), null: none. */
  oursCss: string | null;
  threeCss: string | null;
  /** Frames not held to the display's refresh (UNCAPPED_ARGS). */
  uncapped: boolean;
}

export interface RunResult {
  page: PageKind;
  throttle: number;
  /** 1 or 2: position in the A/B/A/B order. */
  round: number;
  /** Framebuffer size of the measured canvas, pixels. */
  canvas: { width: number; height: number; cssWidth: number; cssHeight: number };
  /** Attributes of the context the page got. */
  antialias: boolean;
  alpha: boolean;
  windowSeconds: number;
  frames: number;
  fps: number;
  drawCallsPerFrame: number;
  scriptMsPerFrame: number;
  taskMsPerFrame: number;
  styleLayoutMsPerFrame: number;
  gpuProcessMsPerFrame: number;
  /** replayFrameCost: ms per frame of the recorded frame's WebGL calls alone. */
  glReplayMsPerFrame: number;
  firstFrameMs: number;
  jsBytes: number;
  jsGzipBytes: number;
  scripts: ServedScript[];
  heapUsedBytes: number;
  /** JavaScript allocated per drawn frame after the window (allocatedPerFrame), bytes. */
  allocatedBytesPerFrame: number;
  longestTaskMs: number;
  longestTaskInWindowMs: number;
}

type Metric =
  | 'fps'
  | 'drawCallsPerFrame'
  | 'scriptMsPerFrame'
  | 'taskMsPerFrame'
  | 'styleLayoutMsPerFrame'
  | 'gpuProcessMsPerFrame'
  | 'glReplayMsPerFrame'
  | 'firstFrameMs'
  | 'jsGzipBytes'
  | 'heapUsedBytes'
  | 'allocatedBytesPerFrame'
  | 'longestTaskMs';
const METRICS: Metric[] = [
  'fps',
  'drawCallsPerFrame',
  'scriptMsPerFrame',
  'taskMsPerFrame',
  'styleLayoutMsPerFrame',
  'gpuProcessMsPerFrame',
  'glReplayMsPerFrame',
  'firstFrameMs',
  'jsGzipBytes',
  'heapUsedBytes',
  'allocatedBytesPerFrame',
  'longestTaskMs',
];

export interface ThrottleSummary {
  throttle: number;
  ours: Record<Metric, number>;
  three: Record<Metric, number>;
  /** ours ÷ three, per metric (medians). fps: higher is better; the rest: lower is better. */
  ratio: Record<Metric, number>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface Sample {
  frames: number;
  drawCalls: number;
  /** performance.now() in the page, ms. */
  now: number;
  scriptSeconds: number;
  taskSeconds: number;
  styleLayoutSeconds: number;
  heapUsedBytes: number;
  gpuProcessSeconds: number;
}

/** CPU seconds Chromium's GPU process has used so far. */
async function gpuProcessSeconds(browserCdp: CDPSession): Promise<number> {
  const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
  const gpu = processInfo.filter((process) => process.type === 'GPU');
  if (gpu.length === 0) throw new Error('SystemInfo.getProcessInfo lists no GPU process');
  return gpu.reduce((sum, process) => sum + process.cpuTime, 0);
}

async function sample(page: Page, cdp: CDPSession, browserCdp: CDPSession): Promise<Sample> {
  const probe = await page.evaluate(() => ({ frames: window.__frameProbe.frames, drawCalls: window.__frameProbe.drawCalls, now: performance.now() }));
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string): number => {
    const found = metrics.find((entry) => entry.name === name);
    if (found === undefined) throw new Error(`Performance.getMetrics returned no ${name}`);
    return found.value;
  };
  return {
    ...probe,
    scriptSeconds: metric('ScriptDuration'),
    taskSeconds: metric('TaskDuration'),
    styleLayoutSeconds: metric('RecalcStyleDuration') + metric('LayoutDuration'),
    heapUsedBytes: metric('JSHeapUsedSize'),
    gpuProcessSeconds: await gpuProcessSeconds(browserCdp),
  };
}

/** Total bytes of the samples under `node` of a sampling heap profile. */
function sampledBytes(node: { selfSize: number; children: { selfSize: number; children: unknown[] }[] }): number {
  let bytes = node.selfSize;
  for (const child of node.children) bytes += sampledBytes(child as typeof node);
  return bytes;
}

/** JavaScript the page allocates per drawn frame over ALLOCATION_SECONDS (see the header), bytes. */
async function allocatedPerFrame(page: Page, cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.enable');
  const framesBefore = await page.evaluate(() => window.__frameProbe.frames);
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: ALLOCATION_SAMPLING_BYTES,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await page.waitForTimeout(ALLOCATION_SECONDS * 1000);
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  const frames = (await page.evaluate(() => window.__frameProbe.frames)) - framesBefore;
  await cdp.send('HeapProfiler.disable');
  return frames > 0 ? sampledBytes(profile.head) / frames : NaN;
}

async function runOnce(browser: Browser, browserCdp: CDPSession, server: StaticServer, options: BenchOptions, kind: PageKind, throttle: number, round: number): Promise<RunResult> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: options.devicePixelRatio,
    colorScheme: 'light',
    reducedMotion: 'no-preference',
  });
  try {
    const probeOptions: FrameProbeOptions =
      kind === 'ours' ? { contextAttributes: options.oursContext, extraCss: options.oursCss } : { contextAttributes: options.threeContext, extraCss: options.threeCss };
    await context.addInitScript(installFrameProbe, probeOptions);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      // A failed request is reported below with its URL.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() >= 400 && path !== '/favicon.ico') errors.push(`${response.status()} for ${path}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    server.takeServedScripts();

    const url = kind === 'ours' ? `${server.origin}/` : `${server.origin}${THREE_VIEWER_PREFIX}`;
    await page.goto(url, { waitUntil: 'load' });
    try {
      await page.waitForFunction(() => window.__frameProbe.frames > 0, null, { timeout: FIRST_FRAME_TIMEOUT, polling: 50 });
    } catch (error) {
      throw new Error(`${kind} (${url}) drew no frame within ${FIRST_FRAME_TIMEOUT / 1000} s${errors.length > 0 ? `; page errors: ${errors.join(' | ')}` : ''}`, { cause: error });
    }
    await page.waitForTimeout(options.settleSeconds * 1000);
    const before = await sample(page, cdp, browserCdp);
    await page.waitForTimeout(options.seconds * 1000);
    const after = await sample(page, cdp, browserCdp);
    const scripts = server.takeServedScripts();

    const canvasSelector = kind === 'ours' ? 'model-figure canvas' : 'canvas#stage';
    const details = await page.evaluate((selector) => {
      const canvas = document.querySelector<HTMLCanvasElement>(selector);
      if (canvas === null) return null;
      const rect = canvas.getBoundingClientRect();
      const gl = canvas.getContext('webgl2');
      return {
        canvas: { width: canvas.width, height: canvas.height, cssWidth: rect.width, cssHeight: rect.height },
        antialias: gl?.getContextAttributes()?.antialias ?? false,
        alpha: gl?.getContextAttributes()?.alpha ?? false,
        firstFrameAt: window.__frameProbe.firstFrameAt,
        longTasks: window.__frameProbe.longTasks,
      };
    }, canvasSelector);
    if (details === null) throw new Error(`${kind} (${url}) has no ${canvasSelector}`);
    const allocatedBytesPerFrame = await allocatedPerFrame(page, cdp);
    const replayed = await page.evaluate(replayFrameCost, { frames: REPLAYED_FRAMES, rounds: REPLAY_ROUNDS });
    if (errors.length > 0) throw new Error(`${kind} (${url}) reported errors: ${errors.join(' | ')}`);

    const frames = after.frames - before.frames;
    const windowSeconds = (after.now - before.now) / 1000;
    const perFrame = (seconds: number) => (frames > 0 ? (seconds * 1000) / frames : NaN);
    const windowTasks = details.longTasks.filter((task) => task.start + task.duration >= before.now);
    return {
      page: kind,
      throttle,
      round,
      canvas: details.canvas,
      antialias: details.antialias,
      alpha: details.alpha,
      windowSeconds,
      frames,
      fps: frames / windowSeconds,
      drawCallsPerFrame: frames > 0 ? (after.drawCalls - before.drawCalls) / frames : NaN,
      scriptMsPerFrame: perFrame(after.scriptSeconds - before.scriptSeconds),
      taskMsPerFrame: perFrame(after.taskSeconds - before.taskSeconds),
      styleLayoutMsPerFrame: perFrame(after.styleLayoutSeconds - before.styleLayoutSeconds),
      gpuProcessMsPerFrame: perFrame(after.gpuProcessSeconds - before.gpuProcessSeconds),
      glReplayMsPerFrame: replayed.msPerFrame,
      firstFrameMs: details.firstFrameAt,
      jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      jsGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      scripts,
      heapUsedBytes: after.heapUsedBytes,
      allocatedBytesPerFrame,
      longestTaskMs: Math.max(0, ...details.longTasks.map((task) => task.duration)),
      longestTaskInWindowMs: Math.max(0, ...windowTasks.map((task) => task.duration)),
    };
  } finally {
    await context.close();
  }
}

function summarise(runs: RunResult[], throttle: number): ThrottleSummary {
  const medians = (kind: PageKind) => {
    const chosen = runs.filter((run) => run.page === kind && run.throttle === throttle);
    return Object.fromEntries(METRICS.map((metric) => [metric, median(chosen.map((run) => run[metric]))])) as Record<Metric, number>;
  };
  const ours = medians('ours');
  const three = medians('three');
  const ratio = Object.fromEntries(METRICS.map((metric) => [metric, ours[metric] / three[metric]])) as Record<Metric, number>;
  return { throttle, ours, three, ratio };
}

export async function runPageBenchmark(options: BenchOptions, log: (line: string) => void) {
  const dist = resolve(repositoryRoot, options.dist);
  if (!existsSync(resolve(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: run \`npm run build\` first (or pass --dist DIR of an \`astro build --outDir DIR\`).`);
  }
  if (!existsSync(resolve(dist, 'models/mannequin.glb'))) throw new Error(`${dist}/models/mannequin.glb is missing: rebuild the site.`);
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium package or set CHROMIUM_PATH.`);

  log('Bundling the three.js viewer with Vite…');
  const viewer = await buildThreeViewer();
  const server = await serveStatic(dist, viewer);
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...(options.uncapped ? UNCAPPED_ARGS : [])] });
  const chromiumVersion = browser.version();
  const browserCdp = await browser.newBrowserCDPSession();
  const loadAverageBefore = loadavg()[0];
  const runs: RunResult[] = [];
  try {
    for (const throttle of options.throttleRates) {
      for (const [kind, round] of [['ours', 1], ['three', 1], ['ours', 2], ['three', 2]] as const) {
        const started = performance.now();
        const run = await runOnce(browser, browserCdp, server, options, kind, throttle, round);
        runs.push(run);
        log(`  ${throttle}× CPU: ${kind}, round ${round}: ${run.fps.toFixed(1)} fps (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(viewer, { recursive: true, force: true });
  }
  return {
    chromium: chromiumVersion,
    dist,
    viewport: VIEWPORT,
    devicePixelRatio: options.devicePixelRatio,
    windowSeconds: options.seconds,
    /** One-minute load average of the machine before and after (2 busy cores make every number noisy). */
    loadAverage: { before: loadAverageBefore, after: loadavg()[0], cores: availableParallelism() },
    uncapped: options.uncapped,
    contextOverride: { ours: options.oursContext, three: options.threeContext },
    extraCss: { ours: options.oursCss, three: options.threeCss },
    runs,
    summary: options.throttleRates.map((throttle) => summarise(runs, throttle)),
  };
}

type PageBenchmark = Awaited<ReturnType<typeof runPageBenchmark>>;

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
}

export function pageTable(result: PageBenchmark): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
  const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;
  const header = ['run', 'fps', 'draws/fr', 'script/fr', 'task/fr', 'style+layout', 'GPU proc/fr', 'GL replayed', '1st frame', 'JS gzip', 'heap', 'alloc/fr', 'longest task'];
  const widths = [20, 6, 8, 9, 9, 12, 11, 11, 9, 9, 7, 8, 12];
  const format = (values: Record<Metric, number>) => [
    values.fps.toFixed(1),
    values.drawCallsPerFrame.toFixed(1),
    ms(values.scriptMsPerFrame),
    ms(values.taskMsPerFrame),
    ms(values.styleLayoutMsPerFrame),
    ms(values.gpuProcessMsPerFrame),
    ms(values.glReplayMsPerFrame),
    ms(values.firstFrameMs, 0),
    kb(values.jsGzipBytes),
    mb(values.heapUsedBytes),
    `${values.allocatedBytesPerFrame.toFixed(0)} B`,
    ms(values.longestTaskMs, 0),
  ];
  const first = result.runs[0];
  const lines = [
    `Page benchmark — Chromium ${result.chromium}, SwiftShader WebGL2, viewport ${result.viewport.width}×${result.viewport.height}, DPR ${result.devicePixelRatio}, ${result.windowSeconds} s after the first frame${result.uncapped ? ', frames not held to vsync (--uncapped)' : ''}`,
    `canvas ${first.canvas.width}×${first.canvas.height} px; ours = ${result.dist}/index.html (model figure), three = minimal three.js viewer`,
    `machine load average ${result.loadAverage.before.toFixed(1)} before, ${result.loadAverage.after.toFixed(1)} after, on ${result.loadAverage.cores} cores`,
  ];
  for (const summary of result.summary) {
    lines.push('', `CPU throttling ${summary.throttle}×`, pad(header, widths));
    for (const run of result.runs.filter((candidate) => candidate.throttle === summary.throttle)) {
      const label = `${run.page} #${run.round} ${run.antialias ? 'AA' : 'no AA'}${run.alpha ? ', α' : ''}`;
      lines.push(pad([label, ...format(run)], widths));
    }
    lines.push(pad(['median ours', ...format(summary.ours)], widths));
    lines.push(pad(['median three', ...format(summary.three)], widths));
    // A ratio to nothing (three.js's page restyles nothing per frame) is shown as a dash.
    lines.push(pad(['ours / three', ...METRICS.map((metric) => (Number.isFinite(summary.ratio[metric]) ? `${summary.ratio[metric].toFixed(2)}×` : '–'))], widths));
  }
  lines.push(
    '',
    'fps: frames that drew, per second (higher is better); script/task: main-thread ms per drawn frame (CDP ScriptDuration / TaskDuration);',
    'style+layout: main-thread ms per drawn frame restyling and laying out the page (CDP RecalcStyleDuration + LayoutDuration);',
    'GPU proc: CPU ms of the GPU process per drawn frame (SwiftShader draws and composites there);',
    'GL replayed: ms per frame of one recorded frame’s WebGL calls issued 60 times in a row (drawing alone, no compositing; least of 5 rounds);',
    '1st frame: navigation → first drawn frame; JS gzip: every script the page loaded (zlib default level); heap: JSHeapUsedSize at the end;',
    `alloc/fr: JavaScript allocated per drawn frame in ${ALLOCATION_SECONDS} s after the window (CDP sampling heap profiler, every script on the page);`,
    'longest task: longest long task (≥ 50 ms) from navigation to the end of the window, 0 if none. AA / α: the context is antialiased / has alpha.',
  );
  for (const kind of ['ours', 'three'] as const) {
    const run = result.runs.find((candidate) => candidate.page === kind);
    if (run !== undefined) lines.push(`scripts, ${kind}: ${run.scripts.map((script) => `${script.path.replace(/^.*\//, '')} ${kb(script.gzipBytes)}`).join(', ')}`);
  }
  return lines.join('\n');
}

function parseArguments(argv: string[]): { options: BenchOptions; json: boolean; pages: boolean } {
  const value = (name: string): string | undefined => {
    const index = argv.indexOf(name);
    if (index < 0) return undefined;
    const given = argv[index + 1];
    if (given === undefined || given.startsWith('--')) throw new Error(`${name} needs a value`);
    return given;
  };
  const attributes = (name: string): Record<string, boolean> | null => {
    const given = value(name);
    if (given === undefined) return null;
    const parsed: Record<string, boolean> = {};
    for (const pair of given.split(',')) {
      const match = /^(\w+)=(true|false)$/.exec(pair);
      if (match === null) throw new Error(`${name} takes NAME=true|false pairs separated by commas (e.g. antialias=false), not "${pair}"`);
      parsed[match[1]] = match[2] === 'true';
    }
    return parsed;
  };
  const positive = (name: string, text: string): number => {
    const number = Number(text);
    if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} takes a positive number, not "${text}"`);
    return number;
  };
  const nonNegative = (name: string, text: string): number => {
    const number = Number(text);
    if (!Number.isFinite(number) || number < 0) throw new Error(`${name} takes a number ≥ 0, not "${text}"`);
    return number;
  };
  const throttleRates = (value('--throttle') ?? '1,4').split(',').map((rate) => positive('--throttle', rate));
  if (throttleRates.some((rate) => rate < 1)) throw new Error('--throttle rates are slow-down factors, each ≥ 1');
  return {
    json: argv.includes('--json'),
    pages: argv.includes('--pages'),
    options: {
      dist: value('--dist') ?? process.env.BENCH_DIST ?? 'dist',
      seconds: positive('--seconds', value('--seconds') ?? '5'),
      settleSeconds: nonNegative('--settle', value('--settle') ?? '2'),
      throttleRates,
      devicePixelRatio: positive('--dpr', value('--dpr') ?? '1'),
      oursContext: attributes('--ours-context'),
      threeContext: attributes('--three-context'),
      oursCss: argv.includes('--figure-alone') ? FIGURE_ALONE_CSS : (value('--ours-css') ?? null),
      threeCss: value('--three-css') ?? null,
      uncapped: argv.includes('--uncapped'),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { options, json, pages } = parseArguments(process.argv.slice(2));
  // With --json, stdout carries the JSON object alone: progress goes to stderr.
  const log = (line: string) => process.stderr.write(`${line}\n`);
  if (pages) {
    const result = await runLighthouse(options.dist, log);
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${lighthouseTable(result)}\n`);
  } else {
    const result = await runPageBenchmark(options, log);
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${pageTable(result)}\n`);
  }
}
