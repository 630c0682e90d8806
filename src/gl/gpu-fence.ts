// Waiting for the GPU without blocking the page. A WebGL call that returns a value (a link status,
// a uniform's location, a new context) is a round trip to the browser's GPU process, and the page
// stops until the GPU process has finished whatever it is doing: in a software renderer, tens to
// hundreds of milliseconds after a first draw or while the page is composited. A fence is not:
// gpuFinished issues one and polls its status (a cached value, never a round trip in Chromium)
// once per task, so that the next blocking call can be made when it will not wait.

/** Poll interval, ms. */
const POLL_INTERVAL = 4;
/** Longest wait, ms: past it the caller goes ahead (the worst case is the blocking call's own wait). */
const LONGEST_WAIT = 1500;

/**
 * Resolves once the GPU process has run every command issued on `gl` so far (or the context is
 * lost, or after LONGEST_WAIT ms). Never rejects.
 */
export function gpuFinished(gl: WebGL2RenderingContext): Promise<void> {
  const sync = gl.isContextLost() ? null : gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (sync === null) return Promise.resolve();
  gl.flush();
  const started = performance.now();
  return new Promise((resolve) => {
    const poll = () => {
      if (gl.isContextLost() || gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED || performance.now() - started > LONGEST_WAIT) {
        if (!gl.isContextLost()) gl.deleteSync(sync);
        resolve();
      } else {
        setTimeout(poll, POLL_INTERVAL);
      }
    };
    setTimeout(poll, POLL_INTERVAL);
  });
}
