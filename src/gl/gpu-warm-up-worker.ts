// Runs in a Web Worker (started by gpu-warm-up.ts): makes and drops one WebGL2 context on an
// OffscreenCanvas, so that the browser's one-time set-up of its GPU process — over a second in a
// software renderer — happens on this thread, not the page's. Replies when done (true) or when it
// could not make a context (false: the page will find out for itself and say why).

const canvas = new OffscreenCanvas(1, 1);
const gl = canvas.getContext('webgl2');
gl?.getExtension('WEBGL_lose_context')?.loseContext();
postMessage(gl !== null);
