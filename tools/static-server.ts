// The one static server of the end-to-end tests (tests/e2e/harness.ts) and the page benchmarks
// (tools/bench-page/), node:http on 127.0.0.1 and a free port. It serves the built site (dist/) at
// / as a static host does — a directory needs its trailing slash (301), an unknown path gets the
// site's 404.html, text (HTML, CSS, JavaScript, JSON, SVG, WebAssembly) goes gzip-compressed to a
// browser that accepts it — and, for the benchmark, the three.js viewer's bundle at /three-viewer/.
// Every file is sent with `cache-control: no-store`. The server remembers the JavaScript it sent so
// that a run can be charged for it (takeServedScripts), gzip bytes counted with node:zlib.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** Extensions sent gzip-compressed to a browser that accepts gzip. */
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.gltf', '.wasm', '.txt']);

/** URL prefix of the three.js viewer's bundle. */
export const THREE_VIEWER_PREFIX = '/three-viewer/';

/** One JavaScript file the server sent: its URL path, raw and gzip (zlib default level) bytes. */
export interface ServedScript {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface StaticServer {
  /** e.g. http://127.0.0.1:4567 (no trailing slash). */
  origin: string;
  /** The scripts sent since the last call, each once, in the order first sent. */
  takeServedScripts(): ServedScript[];
  /** The file a URL path names, or null (directory → its index.html). */
  fileOf(pathname: string): string | null;
  close(): Promise<void>;
}

/** Raw and gzip sizes of `file`, bytes (gzip with zlib's default level, as most static hosts send). */
export function compressedSize(file: string): { bytes: number; gzipBytes: number } {
  const content = readFileSync(file);
  return { bytes: content.byteLength, gzipBytes: gzipSync(content).byteLength };
}

/** The file under `root` that `relativePath` names (a directory → its index.html), or null; never outside `root`. */
function fileUnder(root: string, relativePath: string): string | null {
  const path = resolve(root, '.' + relativePath);
  if (path !== root && !path.startsWith(root + sep)) return null;
  const candidates = relativePath.endsWith('/') ? [join(path, 'index.html')] : [path, `${path}.html`];
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Serves `siteDirectory` at / and, unless null, `viewerDirectory` at THREE_VIEWER_PREFIX. Both absolute paths. */
export function serveStatic(siteDirectory: string, viewerDirectory: string | null = null): Promise<StaticServer> {
  /** Gzip (zlib's default level) of each compressible file, by path, made on its first request. */
  const gzipped = new Map<string, Buffer>();
  const gzipOf = (file: string, content: Buffer): Buffer => {
    let compressed = gzipped.get(file);
    if (compressed === undefined) {
      compressed = gzipSync(content);
      gzipped.set(file, compressed);
    }
    return compressed;
  };
  let served = new Map<string, ServedScript>();

  const fileOf = (pathname: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (viewerDirectory !== null && decoded.startsWith(THREE_VIEWER_PREFIX)) {
      return fileUnder(viewerDirectory, decoded.slice(THREE_VIEWER_PREFIX.length - 1));
    }
    return fileUnder(siteDirectory, decoded);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = fileOf(url.pathname);
    if (file === null) {
      if (!url.pathname.endsWith('/') && fileOf(`${url.pathname}/`) !== null) {
        response.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      const notFound = join(siteDirectory, '404.html');
      response.writeHead(404, { 'content-type': contentTypes['.html'] }).end(existsSync(notFound) ? readFileSync(notFound) : 'Not found');
      return;
    }
    const type = extname(file).toLowerCase();
    const content = readFileSync(file);
    if ((type === '.js' || type === '.mjs') && !served.has(url.pathname)) {
      served.set(url.pathname, { path: url.pathname, bytes: content.byteLength, gzipBytes: gzipOf(file, content).byteLength });
    }
    const headers: Record<string, string> = { 'content-type': contentTypes[type] ?? 'application/octet-stream', 'cache-control': 'no-store' };
    let body: Buffer = content;
    if (compressible.has(type)) {
      headers.vary = 'accept-encoding';
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        body = gzipOf(file, content);
        headers['content-encoding'] = 'gzip';
      }
    }
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolvePromise({
        origin: `http://127.0.0.1:${port}`,
        takeServedScripts() {
          const scripts = [...served.values()];
          served = new Map();
          return scripts;
        },
        fileOf,
        close() {
          server.closeAllConnections();
          return new Promise<void>((done) => server.close(() => done()));
        },
      });
    });
  });
}
