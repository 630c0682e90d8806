// The first WebGL2 context a page makes pays for the browser's GPU process set-up: about a second
// of main-thread time in a software renderer (SwiftShader), tens of milliseconds on a GPU, and
// every later context about 10 ms. warmUpGpu pays it on a worker instead (gpu-warm-up-worker.ts),
// once per page; a figure about to take its context awaits it. Without workers or OffscreenCanvas
// it resolves at once, and the first context pays as before. The worker also names the renderer:
// a software one (SwiftShader, llvmpipe, WARP — the stand-in when there is no usable GPU) gets
// contexts without multisampling, which costs it about a third of its frame rate.

/** What the warm-up worker found. */
export interface GpuWarmUpReply {
  /** A WebGL2 context could be made. */
  context: boolean;
  /** The renderer's name (unmasked where the browser allows), "" when unknown. */
  renderer: string;
}

/** Renderer names of software rasterisers (Chromium's SwiftShader, Mesa's llvmpipe/softpipe, Windows' WARP). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|warp|basic render/i;

/** Longest wait for the worker, ms: past it the figure goes ahead (the worst case is the old cost). */
const WARM_UP_TIMEOUT = 5000;

let warmUp: Promise<void> | null = null;
let warm = false;
let software = false;

/** Starts the warm-up if it has not started (cheap to call often); resolves when it is over. */
export function warmUpGpu(): Promise<void> {
  if (warmUp !== null) return warmUp;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    warm = true;
    warmUp = Promise.resolve();
    return warmUp;
  }
  warmUp = new Promise<void>((resolve) => {
    let worker: Worker | null = null;
    const done = (event?: MessageEvent<GpuWarmUpReply>) => {
      software = SOFTWARE_RENDERER.test(event?.data?.renderer ?? '');
      warm = true;
      worker?.terminate();
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(() => done(), WARM_UP_TIMEOUT);
    try {
      worker = new Worker(new URL('./gpu-warm-up-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = done;
      worker.onerror = () => done();
    } catch {
      done();
    }
  });
  return warmUp;
}

/** True once the warm-up is over (or was not possible): a context can be made at its usual cost. */
export function isGpuWarm(): boolean {
  return warm;
}

/**
 * Whether figures should ask for a multisampled (antialiased) context: yes on a GPU, where it is
 * cheap; no on a software renderer found by the warm-up, where it costs the most.
 */
export function wantsAntialias(): boolean {
  return !software;
}
