// Runs in a Web Worker (started by gpu-warm-up.ts): makes and drops one WebGL2 context on an
// OffscreenCanvas, so that the browser's one-time set-up of its GPU process — over a second in a
// software renderer — happens on this thread, not the page's. Replies with what it found: whether
// a context could be made (if not, the page will find out for itself and say why), and the
// renderer's name, so the page can tell a software renderer from a GPU.

import type { GpuWarmUpReply } from './gpu-warm-up.ts';

const canvas = new OffscreenCanvas(1, 1);
const gl = canvas.getContext('webgl2');
let renderer = '';
if (gl !== null) {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info === null ? gl.RENDERER : info.UNMASKED_RENDERER_WEBGL);
  renderer = typeof name === 'string' ? name : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext();
}
postMessage({ context: gl !== null, renderer } satisfies GpuWarmUpReply);
