// The GPU process, seen from the page: a WebGL call that returns a value (a new context, a link
// status) waits for everything the GPU process is doing — in a software renderer (SwiftShader),
// drawing and compositing the page's frames, tens to hundreds of milliseconds each — and the page
// stops meanwhile. One worker (gpu-process-worker.ts), started once per page by warmUpGpu, takes
// that waiting off the page's main thread:
//   - it makes the page's first WebGL2 context, which pays for the GPU process's set-up (about a
//     second in a software renderer, tens of milliseconds on a GPU); a figure about to take its
//     context awaits warmUpGpu;
//   - it names the renderer: a software one (SwiftShader, llvmpipe, WARP — the stand-in when there
//     is no usable GPU) gets contexts without multisampling, which costs it a third of its frame rate;
//   - gpuIdle() resolves when the GPU process is free, so that a figure makes its blocking calls
//     (context, programs) then and not while the page is being drawn.
// The worker's 1×1 context lives as long as the page and counts towards the browser's cap on live
// contexts (16 in Chromium; figures hold at most 8, island-manager.ts). Without workers or
// OffscreenCanvas everything resolves at once, and the page waits as before.

/** The worker's first message. */
export interface GpuWarmUpReply {
  kind: 'warm';
  /** A WebGL2 context could be made. */
  context: boolean;
  /** The renderer's name (unmasked where the browser allows), "" when unknown. */
  renderer: string;
}

/** The worker's answer to a request (any message): the GPU process was free, or it gave up waiting. */
export interface GpuIdleReply {
  kind: 'idle';
}

/** Renderer names of software rasterisers (Chromium's SwiftShader, Mesa's llvmpipe/softpipe, Windows' WARP). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|warp|basic render/i;

/** Longest wait for the worker's first reply, ms: past it figures go ahead (the worst case is the old cost). */
const WARM_UP_TIMEOUT = 5000;
/** Longest wait for an idle reply, ms (the worker gives up sooner, at 1.5 s). */
const IDLE_TIMEOUT = 2000;

let warmUp: Promise<void> | null = null;
let worker: Worker | null = null;
let software = false;
/** Resolvers of gpuIdle() calls waiting for the worker's next idle reply. */
const idleWaiters: (() => void)[] = [];

function settleIdleWaiters(): void {
  for (const resolve of idleWaiters.splice(0)) resolve();
}

/** Starts the worker if it has not started (cheap to call often); resolves when its context is made. */
export function warmUpGpu(): Promise<void> {
  if (warmUp !== null) return warmUp;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    warmUp = Promise.resolve();
    return warmUp;
  }
  warmUp = new Promise<void>((resolve) => {
    const timer = window.setTimeout(() => done(false), WARM_UP_TIMEOUT);
    // Without a context (or a worker) there is nothing to ask: the worker goes, gpuIdle resolves at once.
    // Also called if the worker fails later: the renderer's name, once known, stays.
    function done(usable: boolean, reply?: GpuWarmUpReply): void {
      window.clearTimeout(timer);
      if (reply !== undefined) software = SOFTWARE_RENDERER.test(reply.renderer);
      if (!usable) {
        worker?.terminate();
        worker = null;
        settleIdleWaiters();
      }
      resolve();
    }
    try {
      worker = new Worker(new URL('./gpu-process-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<GpuWarmUpReply | GpuIdleReply>) => {
        if (event.data.kind === 'warm') done(event.data.context, event.data);
        else idleWaiters.shift()?.();
      };
      worker.onerror = () => done(false);
    } catch {
      done(false);
    }
  });
  return warmUp;
}

/** After the page's next frame, ms: long enough for it to reach the GPU process. */
const AFTER_FRAME_DELAY = 8;
/** Longest wait for the page's next frame, ms (none comes in a hidden tab). */
const FRAME_TIMEOUT = 100;

/**
 * Resolves when the GPU process has nothing queued, or after at most about 2 s; at once where there
 * is no worker. The page's own changes (a figure's status, say) are drawn in its next frame, so
 * the worker is asked once that frame has gone to the GPU process. Call after warmUpGpu resolves.
 */
export async function gpuIdle(): Promise<void> {
  if (worker === null) return;
  await new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, FRAME_TIMEOUT);
    requestAnimationFrame(() => {
      window.clearTimeout(timer);
      window.setTimeout(resolve, AFTER_FRAME_DELAY);
    });
  });
  const probe = worker;
  if (probe === null) return;
  return new Promise((resolve) => {
    // A waiter stays queued after its timeout, so that each reply still meets its own request.
    const timer = window.setTimeout(resolve, IDLE_TIMEOUT);
    function settle(): void {
      window.clearTimeout(timer);
      resolve();
    }
    idleWaiters.push(settle);
    probe.postMessage(null);
  });
}

/**
 * Whether figures should ask for a multisampled (antialiased) context: yes on a GPU, where it is
 * cheap; no on a software renderer found by the warm-up, where it costs the most.
 */
export function wantsAntialias(): boolean {
  return !software;
}
