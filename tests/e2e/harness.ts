// Shared set-up for the end-to-end tests: serves the built site (dist/, from `npm run build`) on
// 127.0.0.1 with the project's static server (tools/static-server.ts) inside the test process, as
// a static host would (gzip, 301 to a directory's slash, 404.html), and drives Debian's Chromium
// through playwright-core. Each test file calls `openSite()` in beforeAll and `site.close()` in
// afterAll. (Not `astro preview`: Astro allows one preview server per project at a time, so two
// test runs in the same checkout would refuse each other.)
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../tools/chromium.ts';
import { serveStatic } from '../../tools/static-server.ts';

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

/** Serves dist/ on a free port of 127.0.0.1 and launches Chromium. */
export async function openSite(): Promise<Site> {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the e2e tests (npm test does).');
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium package (.ci/run does).`);
  }
  const server = await serveStatic(dist);
  const { origin } = server;
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  } catch (error) {
    await server.close();
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
      await server.close();
    },
  };
}
