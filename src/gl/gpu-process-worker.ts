// Runs in a Web Worker (started by gpu-process.ts) for the life of the page.
//
// At start it makes one WebGL2 context on an OffscreenCanvas, so that the browser's one-time set-up
// of its GPU process — over a second in a software renderer — happens on this thread, not the
// page's, and replies with what it found: whether a context could be made (if not, the page will
// find out for itself and say why) and the renderer's name, so the page can tell a software
// renderer from a GPU.
//
// Then it answers "is the GPU process free?" (any message; GpuIdleReply): it makes round trips to the GPU
// process (gl.getError(), which waits for everything queued there) until one comes back within
// IDLE_ROUND_TRIP ms, or LONGEST_PROBE ms have passed, and replies. Waiting is harmless here; the
// page, told the GPU process is free, makes its own blocking calls straight away.

import type { GpuIdleReply, GpuWarmUpReply } from './gpu-process.ts';

/** A round trip this quick (ms) means nothing else was queued in the GPU process. */
const IDLE_ROUND_TRIP = 2;
/** Longest probe, ms: past it the worker replies anyway. */
const LONGEST_PROBE = 1500;

const canvas = new OffscreenCanvas(1, 1);
const gl = canvas.getContext('webgl2');
let renderer = '';
if (gl !== null) {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info === null ? gl.RENDERER : info.UNMASKED_RENDERER_WEBGL);
  renderer = typeof name === 'string' ? name : '';
}
postMessage({ kind: 'warm', context: gl !== null, renderer } satisfies GpuWarmUpReply);

onmessage = () => {
  const started = performance.now();
  let idle = gl === null || gl.isContextLost();
  while (!idle && performance.now() - started < LONGEST_PROBE) {
    const before = performance.now();
    gl!.getError();
    idle = performance.now() - before < IDLE_ROUND_TRIP;
  }
  postMessage({ kind: 'idle' } satisfies GpuIdleReply);
};
