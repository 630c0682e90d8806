// Shared set-up for the end-to-end tests: serves the built site (dist/, from `npm run build`) on
// 127.0.0.1 with a small static file server inside the test process, and drives Debian's Chromium
// through playwright-core. Each test file calls `openSite()` in beforeAll and `site.close()` in
// afterAll. (Not `astro preview`: Astro allows one preview server per project at a time, so two
// test runs in the same checkout would refuse each other.)
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../tools/chromium.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
export { chromiumPath };

export interface Site {
  /** e.g. http://127.0.0.1:4567 (no trailing slash). */
  origin: string;
  browser: Browser;
  /** A fresh context (own storage, clipboard permission granted) and page; console errors collected. */
  newPage(options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; reducedMotion?: 'reduce' | 'no-preference' }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/**
 * The built site: dist/, or the directory named by E2E_DIST (absolute, or relative to the
 * repository), for a build made with `astro build --outDir` elsewhere.
 */
export const dist = resolve(root, process.env.E2E_DIST ?? 'dist');

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

/** The file of dist/ a URL path names (directory → its index.html), or null. */
function resolveFile(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const path = resolve(dist, '.' + decoded);
  if (path !== dist && !path.startsWith(dist + sep)) return null;
  const candidates = decoded.endsWith('/') ? [join(path, 'index.html')] : [path, `${path}.html`];
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Serves dist/ like a static host: directories need their trailing slash, unknown paths get 404.html. */
function serveDist(): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = resolveFile(url.pathname);
    if (!file) {
      const directory = resolve(dist, '.' + url.pathname);
      if (!url.pathname.endsWith('/') && existsSync(join(directory, 'index.html'))) {
        response.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      const notFound = join(dist, '404.html');
      response.writeHead(404, { 'content-type': contentTypes['.html'] });
      response.end(existsSync(notFound) ? readFileSync(notFound) : 'Not found');
      return;
    }
    response.writeHead(200, {
      'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolvePromise({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

/** Serves dist/ on a free port of 127.0.0.1 and launches Chromium. */
export async function openSite(): Promise<Site> {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the e2e tests (npm test does).');
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium package (.ci/run does).`);
  }
  const { server, port } = await serveDist();
  const origin = `http://127.0.0.1:${port}`;
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  } catch (error) {
    server.close();
    throw error;
  }

  return {
    origin,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        colorScheme: options.colorScheme ?? 'light',
        reducedMotion: options.reducedMotion ?? 'no-preference',
      });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      return { context, page, errors };
    },
    async close() {
      await browser.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
