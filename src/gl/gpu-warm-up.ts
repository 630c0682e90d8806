// The first WebGL2 context a page makes pays for the browser's GPU process set-up: about a second
// of main-thread time in a software renderer (SwiftShader), tens of milliseconds on a GPU, and
// every later context about 10 ms. warmUpGpu pays it on a worker instead (gpu-warm-up-worker.ts),
// once per page; a figure about to take its context awaits it. Without workers or OffscreenCanvas
// it resolves at once, and the first context pays as before.

/** Longest wait for the worker, ms: past it the figure goes ahead (the worst case is the old cost). */
const WARM_UP_TIMEOUT = 5000;

let warmUp: Promise<void> | null = null;
let warm = false;

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
    const done = () => {
      warm = true;
      worker?.terminate();
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(done, WARM_UP_TIMEOUT);
    try {
      worker = new Worker(new URL('./gpu-warm-up-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = done;
      worker.onerror = done;
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
