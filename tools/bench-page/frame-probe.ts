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
