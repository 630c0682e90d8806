// Shared set-up for the end-to-end tests: serves the built site (dist/, from `npm run build`)
// with `astro preview` on 127.0.0.1 and drives Debian's Chromium through playwright-core.
// Each test file calls `openSite()` in beforeAll and `site.close()` in afterAll.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a sandbox without network or GPU: WebGL2 through SwiftShader, no background traffic. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Site {
  /** e.g. http://127.0.0.1:4567 (no trailing slash). */
  origin: string;
  browser: Browser;
  /** A fresh context (own storage, clipboard permission granted) and page; console errors collected. */
  newPage(options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; reducedMotion?: 'reduce' | 'no-preference' }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`astro preview exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`astro preview did not answer ${url} within ${timeoutMs} ms`);
}

/** Starts `astro preview` on a free port and launches Chromium. */
export async function openSite(): Promise<Site> {
  if (!existsSync(`${root}dist/index.html`)) {
    throw new Error('dist/ is missing: run `npm run build` before the e2e tests (npm test does).');
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium package (.ci/run does).`);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [`${root}node_modules/astro/bin/astro.mjs`, 'preview', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let serverLog = '';
  server.stdout?.on('data', (d) => (serverLog += d));
  server.stderr?.on('data', (d) => (serverLog += d));
  try {
    await waitForHttp(`${origin}/`, server, 30_000);
  } catch (error) {
    server.kill();
    throw new Error(`${(error as Error).message}\n${serverLog}`);
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });

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
      server.kill();
    },
  };
}
