// What the page benchmark runs in each page before the page's own scripts (Playwright
// addInitScript): it counts the frames that drew, notes when the first one drew and records long
// tasks, in window.__frameProbe. A frame that drew = an animation frame (one requestAnimationFrame
// timestamp) in whose callbacks at least one WebGL2 draw call was issued; a figure that draws only
// when needed is charged only for the frames it draws. Draw calls made outside animation-frame
// callbacks are counted in drawCalls but make no frame.
//
// This function is serialised into the page: it must not refer to anything outside itself.

export interface FrameProbe {
  /** Animation frames that issued at least one draw call. */
  frames: number;
  /** Draw calls issued (drawArrays, drawElements and their instanced and ranged forms). */
  drawCalls: number;
  /** performance.now() (ms since navigation start) at the first draw of the first drawn frame, −1 before. */
  firstFrameAt: number;
  /** Long tasks (≥ 50 ms) seen so far: start (ms since navigation start) and duration (ms). */
  longTasks: { start: number; duration: number }[];
}

export interface FrameProbeOptions {
  /**
   * Context attributes (antialias, alpha, premultipliedAlpha, …) that replace the page's own in
   * every WebGL2 context it asks for; null leaves them as the page asks.
   */
  contextAttributes: Record<string, boolean> | null;
  /** A style sheet added to the page once its document is parsed (a diagnostic), null for none. */
  extraCss: string | null;
}

declare global {
  interface Window {
    __frameProbe: FrameProbe;
  }
}

export function installFrameProbe(options: FrameProbeOptions): void {
  const probe: FrameProbe = { frames: 0, drawCalls: 0, firstFrameAt: -1, longTasks: [] };
  window.__frameProbe = probe;

  // Animation frames are numbered by their timestamp; callbackDepth > 0 while one runs.
  let frameNumber = 0;
  let frameTimestamp = -1;
  let countedFrame = -1;
  let callbackDepth = 0;
  const requestFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
    requestFrame((timestamp) => {
      if (timestamp !== frameTimestamp) {
        frameTimestamp = timestamp;
        frameNumber++;
      }
      callbackDepth++;
      try {
        callback(timestamp);
      } finally {
        callbackDepth--;
      }
    });

  const countDraw = (): void => {
    probe.drawCalls++;
    if (callbackDepth === 0 || countedFrame === frameNumber) return;
    countedFrame = frameNumber;
    probe.frames++;
    if (probe.firstFrameAt < 0) probe.firstFrameAt = performance.now();
  };
  type DrawCall = (this: WebGL2RenderingContext, a: unknown, b: unknown, c: unknown, d: unknown, e: unknown, f: unknown) => void;
  const prototype = WebGL2RenderingContext.prototype as unknown as Record<string, DrawCall>;
  for (const name of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced', 'drawRangeElements']) {
    const draw = prototype[name];
    prototype[name] = function (a, b, c, d, e, f) {
      countDraw();
      draw.call(this, a, b, c, d, e, f);
    };
  }

  const forced = options.contextAttributes;
  if (forced !== null) {
    const getContext = HTMLCanvasElement.prototype.getContext as (this: HTMLCanvasElement, id: string, attributes?: object) => RenderingContext | null;
    (HTMLCanvasElement.prototype as unknown as { getContext: typeof getContext }).getContext = function (id, attributes) {
      return getContext.call(this, id, id === 'webgl2' ? { ...attributes, ...forced } : attributes);
    };
  }

  const extraCss = options.extraCss;
  if (extraCss !== null) {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = extraCss;
      document.head.append(style);
    });
  }

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API: longTasks stays empty.
  }
}

export interface ReplayOptions {
  /** Frames replayed per round, then one pixel read back so that the GPU has finished them. */
  frames: number;
  rounds: number;
}

export interface ReplayResult {
  /** Least ms per replayed frame over the rounds (the round least disturbed by the rest of the machine). */
  msPerFrame: number;
  /** Every round's ms per frame. */
  rounds: number[];
  /** WebGL calls in the recorded frame. */
  calls: number;
}

/**
 * What one of the page's frames costs the GPU alone, without compositing or the page's own script:
 * records every WebGL2 call of one animation frame that draws, then issues that frame again
 * `frames` times in a row and reads one pixel back, which waits until the GPU has drawn them all.
 * With a software renderer this is the rasterisation a frame costs, the number that decides the
 * frame rate once the GPU is the bottleneck; measured so because fps alone, on a machine of few
 * cores where the GPU process, the compositor and the page compete for the CPU, varies by half
 * from run to run. Runs in the page (page.evaluate): refers to nothing outside itself.
 */
export async function replayFrameCost(options: ReplayOptions): Promise<ReplayResult> {
  type Call = { context: WebGL2RenderingContext; method: (...args: unknown[]) => unknown; args: unknown[]; name: string };
  const prototype = WebGL2RenderingContext.prototype as unknown as Record<string, unknown>;
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  let recording = false;
  let calls: Call[] = [];
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
    if (descriptor === undefined || typeof descriptor.value !== 'function' || name === 'constructor') continue;
    const method = descriptor.value as (...args: unknown[]) => unknown;
    originals.set(name, method);
    prototype[name] = function (this: WebGL2RenderingContext, ...args: unknown[]) {
      // Typed arrays are copied: a page reuses its own from frame to frame.
      if (recording) calls.push({ context: this, method, args: args.map((arg) => (ArrayBuffer.isView(arg) && !(arg instanceof DataView) ? (arg as Float32Array).slice() : arg)), name });
      return method.apply(this, args);
    };
  }
  const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  const isDraw = (call: Call) => /^draw(Arrays|Elements|RangeElements)/.test(call.name);
  try {
    for (let attempt = 0; attempt < 20 && !calls.some(isDraw); attempt++) {
      await nextFrame();
      calls = [];
      recording = true;
      await nextFrame();
      recording = false;
    }
  } finally {
    for (const [name, method] of originals) prototype[name] = method;
  }
  const draw = calls.find(isDraw);
  if (draw === undefined) throw new Error('replayFrameCost: no animation frame drew in 20 tries (is the figure animating?)');
  const gl = draw.context;
  const pixel = new Uint8Array(4);
  const replay = (count: number) => {
    for (let frame = 0; frame < count; frame++) for (const call of calls) call.method.apply(call.context, call.args);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  };
  replay(5);
  const rounds: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const started = performance.now();
    replay(options.frames);
    rounds.push((performance.now() - started) / options.frames);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { msPerFrame: Math.min(...rounds), rounds, calls: calls.length };
}
