// The built site in Chromium: every page loads cleanly, navigation and maths work, code blocks
// copy exactly their source region, the theme toggle persists, phones do not scroll sideways,
// axe finds no violation of any impact in either theme, and a chapter's JavaScript stays
// within budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { dist, openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';
import { extractRegion } from '../../src/build-time/regions.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** JavaScript a chapter page may load, gzip-compressed, in bytes. */
const chapterJsBudget = 45 * 1024;

/**
 * Every HTML page of dist/ as a URL path: /, /chapters/x/, /models/, /404.html. The pages of whole
 * source files (/source/…/, one template for some forty files) are checked in reading-comforts.test.ts.
 */
function builtPages(directory = dist): string[] {
  const pages: string[] = [];
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) {
      if (name !== '_astro' && name !== 'packed' && !(directory === dist && name === 'source')) pages.push(...builtPages(path));
    } else if (name.endsWith('.html')) {
      const url = '/' + relative(dist, path).split('\\').join('/');
      pages.push(url.endsWith('/index.html') ? url.slice(0, -'index.html'.length) : url);
    }
  }
  return pages.sort();
}

const pages = builtPages();
const chapterPages = pages.filter((path) => path.startsWith('/chapters/'));
/** Pages read like a chapter (table of contents, maths): the chapters and the reference pages. */
const readingPages = [...chapterPages, ...pages.filter((path) => path === '/notation/' || path === '/terminology/' || path === '/maths/')];

/** Scrolls to the bottom in steps so lazily started islands load, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight * 0.8;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

describe('the built site', () => {
  it('has a home page and at least one chapter', () => {
    expect(pages).toContain('/');
    expect(chapterPages.length).toBeGreaterThan(0);
  });

  it('loads every page with no console error and no failed request', async () => {
    for (const path of pages) {
      const { page, context, errors } = await site.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().endsWith('/404.html')) failed.push(`${response.url()} ${response.status()}`);
      });
      const response = await page.goto(site.origin + path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBeLessThan(path === '/404.html' ? 500 : 400);
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      expect(errors, `console errors on ${path}`).toEqual([]);
      expect(failed, `failed requests on ${path}`).toEqual([]);
      await context.close();
    }
  });

  it('answers every chapter URL published before the chapter files were numbered', async () => {
    // The files are named NN-slug.mdx; the URLs keep the slug alone (chapterIdOf in src/content.config.ts).
    const published = {
      '/chapters/bones-and-the-hierarchy/': 'Bones and the hierarchy',
      '/chapters/skin-weights/': 'Skin weights',
      '/chapters/bind-pose/': 'Bind pose',
      '/chapters/offset-matrices/': 'Offset (inverse bind) matrices',
      '/chapters/hierarchy-traversal/': 'Hierarchy traversal',
    };
    const { page, context } = await site.newPage();
    for (const [path, title] of Object.entries(published)) {
      const response = await page.goto(site.origin + path);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator('h1').textContent(), path).toContain(title);
    }
    await context.close();
  });

  it('lists every chapter on the home page, linking the written ones', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + '/');
    const links = await page.$$eval('.chapter-list a', (anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(links.sort()).toEqual([...chapterPages].sort());
    expect(await page.locator('.chapter-list > li').count()).toBeGreaterThanOrEqual(10);
    await context.close();
  });
});

describe('chapter pages', () => {
  it('have table-of-contents links that all resolve to headings (the reference pages too)', async () => {
    expect(readingPages, 'the reference pages are built').toEqual(expect.arrayContaining(['/notation/', '/terminology/', '/maths/']));
    for (const path of readingPages) {
      const { page, context } = await site.newPage();
      await page.goto(site.origin + path);
      const targets = await page.$$eval('nav.toc a', (anchors) =>
        anchors.map((a) => {
          const id = decodeURIComponent((a as HTMLAnchorElement).hash.slice(1));
          const target = document.getElementById(id);
          return { id, tag: target?.tagName ?? null, text: a.textContent?.trim() ?? '', heading: target?.textContent?.trim() ?? '' };
        }),
      );
      expect(targets.length, `${path} has a table of contents`).toBeGreaterThan(2);
      // Every section heading links to itself.
      const anchors = await page.$$eval('.prose :is(h2, h3)', (headings) =>
        headings.map((h) => ({ id: h.id, href: h.querySelector('a.heading-anchor')?.getAttribute('href') ?? null })),
      );
      for (const anchor of anchors) expect(anchor.href, `self-link of #${anchor.id}`).toBe(`#${anchor.id}`);
      for (const target of targets) {
        expect(['H2', 'H3'], `${path}#${target.id}`).toContain(target.tag);
        expect(target.heading).toContain(target.text);
      }
      // Following a link scrolls its heading into view.
      const last = targets[targets.length - 1];
      await page.click(`.toc-aside a[href="#${last.id}"]`);
      await page.waitForFunction((id) => {
        const top = document.getElementById(id)!.getBoundingClientRect().top;
        return top >= 0 && top < window.innerHeight;
      }, last.id);
      expect(new URL(page.url()).hash).toBe(`#${last.id}`);
      await context.close();
    }
  });

  it('link to the previous and next chapter in the home page order', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + '/');
    const order = await page.$$eval('.chapter-list > li', (items) =>
      items.map((item) => {
        const link = item.querySelector('a');
        const title = item.querySelector('h3')?.childNodes;
        const text = [...(title ?? [])]
          .filter((node) => !(node instanceof HTMLElement && node.classList.contains('badge')))
          .map((node) => node.textContent)
          .join('')
          .replace(/^\s*Chapter \d+:\s*/, '')
          .trim();
        return { href: link ? new URL(link.href).pathname : null, title: text };
      }),
    );
    for (const path of chapterPages) {
      const index = order.findIndex((chapter) => chapter.href === path);
      expect(index, `${path} is on the home page`).toBeGreaterThanOrEqual(0);
      for (const [direction, neighbour] of [
        ['prev', order[index - 1]],
        ['next', order[index + 1]],
      ] as const) {
        await page.goto(site.origin + path);
        const slot = page.locator(`.chapter-nav .${direction === 'prev' ? 'previous' : 'next'}`);
        if (!neighbour) {
          expect(await slot.count()).toBe(0);
          continue;
        }
        await expect.poll(() => slot.locator('.name').textContent()).toBe(neighbour.title);
        if (neighbour.href) {
          // Blocks are laid out as they come near the viewport (content-visibility), so the
          // page's height settles a frame or two after a jump to its end, and may move the link
          // under the pointer between press and release: go there first, as a reader does.
          const link = page.locator(`.chapter-nav a[rel="${direction}"]`);
          for (let settle = 0; settle < 3; settle++) {
            await link.scrollIntoViewIfNeeded();
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          }
          await link.click();
          await page.waitForURL(site.origin + neighbour.href);
          expect(await page.locator('h1').textContent()).toBe(neighbour.title);
          const back = direction === 'prev' ? 'next' : 'prev';
          expect(new URL(await page.locator(`.chapter-nav a[rel="${back}"]`).evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe(path);
        } else {
          expect(await slot.locator('a').count(), 'an unwritten chapter is not linked').toBe(0);
          expect(await slot.textContent()).toContain('coming');
        }
      }
    }
    await context.close();
  });

  it('start at chapter 0, Why skeletons: first on the home page, next to chapter 1, which links back', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + '/');
    const firstItem = page.locator('.chapter-list > li').first();
    expect(await firstItem.locator('.chapter-number').textContent()).toBe('00');
    expect(new URL(await firstItem.locator('a').evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe('/chapters/why-skeletons/');
    expect(await page.locator('.hero-actions a').getAttribute('href')).toBe('/chapters/why-skeletons/');
    await page.goto(site.origin + '/chapters/why-skeletons/');
    expect(await page.locator('.chapter-header .eyebrow').textContent()).toBe('Chapter 0');
    expect(await page.locator('.chapter-nav .previous').count(), 'nothing before chapter 0').toBe(0);
    expect(await page.locator('.chapter-nav a[rel="next"]').getAttribute('href')).toBe('/chapters/bones-and-the-hierarchy/');
    await page.goto(site.origin + '/chapters/bones-and-the-hierarchy/');
    expect(await page.locator('.chapter-nav a[rel="prev"]').getAttribute('href')).toBe('/chapters/why-skeletons/');
    expect(await page.locator('.chapter-nav .previous .direction').textContent()).toContain('Chapter 0');
    await context.close();
  });

  it('typeset maths with KaTeX at build time, sub- and superscripts smaller than the text (the reference pages too)', async () => {
    for (const path of readingPages) {
      const { page, context } = await site.newPage();
      await page.goto(site.origin + path);
      expect(await page.locator('.katex').count(), path).toBeGreaterThan(0);
      expect(await page.locator('.katex-error').count(), path).toBe(0);
      const sizes = await page.evaluate(() => {
        const script = document.querySelector('.prose .katex .msupsub .sizing, .prose .katex .msupsub .mord');
        const katex = script?.closest('.katex');
        const paragraph = document.querySelector('.prose p');
        const size = (element: Element | null | undefined) => (element ? parseFloat(getComputedStyle(element).fontSize) : NaN);
        return { script: size(script), katex: size(katex), body: size(paragraph) };
      });
      expect(sizes.script, `${path} has a sub/superscript`).toBeGreaterThan(0);
      expect(sizes.script).toBeLessThan(sizes.body);
      expect(sizes.script).toBeLessThan(0.8 * sizes.katex);
      // No maths runtime is shipped: KaTeX's CSS is, its JavaScript is not.
      const scripts = await page.$$eval('script[src]', (list) => list.map((s) => (s as HTMLScriptElement).src));
      expect(scripts.filter((src) => /katex/i.test(src))).toEqual([]);
      await context.close();
    }
  });

  it('copy exactly the source region with the keyboard, and say so', async () => {
    let checked = 0;
    for (const path of chapterPages) {
      const { page, context } = await site.newPage();
      await page.goto(site.origin + path);
      const figures = page.locator('figure.code[data-file][data-region]');
      const count = await figures.count();
      for (let i = 0; i < count; i++) {
        const figure = figures.nth(i);
        const file = (await figure.getAttribute('data-file'))!;
        const region = (await figure.getAttribute('data-region'))!;
        const expected = extractRegion(readFileSync(join(root, file), 'utf8'), region, file).code;
        const button = figure.locator('button.code-copy');
        expect(await button.getAttribute('type')).toBe('button');
        expect((await button.textContent())?.trim()).toMatch(/^Copy\s*Copy /);
        await page.evaluate(() => navigator.clipboard.writeText(''));
        await button.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => figure.locator('.code-copy-label').textContent()).toBe('Copied');
        expect(await figure.locator('[role="status"]').textContent()).toBe('Copied to the clipboard');
        expect(await page.evaluate(() => navigator.clipboard.readText()), `${file} #${region}`).toBe(expected);
        checked++;
      }
      await context.close();
    }
    expect(checked, 'at least one snippet was checked').toBeGreaterThan(0);
  });
});

describe('theme', () => {
  it('colours code tokens from their classes, as the light and the dark code theme say', async () => {
    const { codeThemes, tokenColourClasses } = await import('../../src/build-time/code.ts');
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    for (const path of ['/chapters/keyframe-interpolation/', '/chapters/the-skinning-shader/', '/source/src/core/pose.ts/']) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, context } = await site.newPage({ colorScheme });
        await page.goto(site.origin + path);
        const tokens = await page.evaluate(() =>
          [...document.querySelectorAll('.code pre span')]
            .filter((span) => /^l\d+ d\d+$/.test(span.className))
            .map((span) => [span.className, getComputedStyle(span).color] as const),
        );
        const expected = new Map([...tokenColourClasses[colorScheme]].map(([colour, name]) => [name, rgb(colour)]));
        const seen = new Map(tokens.map(([classes, color]) => [classes.split(' ')[colorScheme === 'light' ? 0 : 1], color]));
        expect(seen.size, `${path} ${colorScheme}: token colours`).toBeGreaterThanOrEqual(4);
        for (const [name, color] of seen) expect(color, `${path} ${colorScheme} .${name}`).toBe(expected.get(name));
        // A token in the block's own colour has no class and shows the <pre>'s colour.
        const plain = await page.evaluate(() => {
          const pre = document.querySelector('.code pre')!;
          return [getComputedStyle(pre).color, getComputedStyle(pre.querySelector('.line-content')!).color];
        });
        expect(plain[1]).toBe(plain[0]);
        expect(plain[0]).toBe(rgb(codeThemes[colorScheme].colors!['editor.foreground']));
        await context.close();
      }
    }
  });

  it('switches from the system theme to light, then dark, and persists across reloads', async () => {
    const { page, context } = await site.newPage({ colorScheme: 'light' });
    const path = chapterPages[0];
    await page.goto(site.origin + path);
    const toggle = page.locator('[data-theme-toggle]');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    expect(await toggle.getAttribute('data-theme-choice')).toBe('system');

    // Three choices, in turn: follow the system (here light) → light → dark.
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await background()).toBe(light);
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await toggle.getAttribute('data-theme-choice')).toBe('dark');
    const dark = await background();
    expect(dark).not.toBe(light);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // Applied before the first paint on the next load (the inline head script), on every page.
    await page.goto(site.origin + '/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await background()).toBe(dark);
    expect(await page.locator('[data-theme-toggle]').getAttribute('data-theme-choice')).toBe('dark');
    await page.reload();
    expect(await background()).toBe(dark);

    // After dark comes the system's choice again.
    await page.locator('[data-theme-toggle]').click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    expect(await background()).toBe(light);
    await context.close();
  });

  it('follows the system preference when nothing is stored', async () => {
    const background = async (colorScheme: 'light' | 'dark') => {
      const { page, context } = await site.newPage({ colorScheme });
      await page.goto(site.origin + '/');
      const state = await page.evaluate(() => ({
        pinned: document.documentElement.dataset.theme ?? null,
        name: document.querySelector('[data-theme-toggle-label]')?.textContent,
        background: getComputedStyle(document.body).backgroundColor,
      }));
      await context.close();
      return state;
    };
    const light = await background('light');
    const dark = await background('dark');
    expect(light.pinned).toBeNull();
    expect(dark.pinned).toBeNull();
    expect(light.name).toBe('Theme: follow the system (now light)');
    expect(dark.name).toBe('Theme: follow the system (now dark)');
    expect(dark.background).not.toBe(light.background);
  });
});

describe('layout and accessibility', () => {
  // One test per page: each page's checks fail (and time out) on their own.
  it.each(pages)('%s never scrolls sideways on a 360 px phone', async (path) => {
    {
      const { page, context } = await site.newPage({ width: 360, height: 740 });
      await page.goto(site.origin + path, { waitUntil: 'networkidle' });
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll, `${path} at 360 px`).toBeLessThanOrEqual(widths.client);
      await context.close();
    }
  });

  it.each(pages)('%s has a skip link, one main landmark and one h1', async (path) => {
    {
      const { page, context } = await site.newPage();
      await page.goto(site.origin + path);
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent, href: (document.activeElement as HTMLAnchorElement).hash }));
      expect(focused).toEqual({ text: 'Skip to content', href: '#main' });
      expect(await page.locator('main#main').count()).toBe(1);
      expect(await page.locator('h1').count()).toBe(1);
      await context.close();
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it.each(pages)(`%s has no axe violations of any impact in the ${colorScheme} theme`, async (path) => {
      for (const width of [1280, 360]) {
        const { page, context } = await site.newPage({ colorScheme, width });
        await page.goto(site.origin + path, { waitUntil: 'networkidle' });
        expect(await axeViolations(page), `${path} at ${width} px, ${colorScheme}`).toEqual([]);
        await context.close();
      }
    });
  }
});

describe('performance budget', () => {
  it("ships no Vite preload helper: dynamic imports load their chunk directly (src/build-time/no-preload-helper.ts)", () => {
    const scripts = readdirSync(join(dist, '_astro')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((name) => name.startsWith('preload-helper'))).toEqual([]);
    expect(scripts.filter((name) => readFileSync(join(dist, '_astro', name), 'utf8').includes('preload-helper'))).toEqual([]);
  });

  it(`loads at most ${chapterJsBudget / 1024} KB of gzipped JavaScript on a chapter page`, async () => {
    const over: string[] = [];
    for (const path of chapterPages) {
      const { page, context } = await site.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === site.origin && (response.request().resourceType() === 'script' || url.pathname.endsWith('.js'))) {
          scripts.add(url.pathname);
        }
      });
      await page.goto(site.origin + path, { waitUntil: 'networkidle' });
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      let external = 0;
      for (const script of scripts) external += gzipSync(readFileSync(join(dist, decodeURIComponent(script)))).length;
      // Inline scripts that run; not the JSON data blocks (an exercise's answers), which are data like the HTML around them.
      const inline = await page.$$eval('script:not([src]):not([type="application/json"])', (list) => list.map((s) => s.textContent ?? '').join('\n'));
      const inlineBytes = gzipSync(Buffer.from(inline)).length;
      const css = await page.$$eval('link[rel="stylesheet"]', (links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
      const inlineCss = await page.$$eval('style', (list) => list.map((s) => s.textContent ?? '').join('\n'));
      const cssBytes =
        css.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0) + gzipSync(Buffer.from(inlineCss)).length;
      console.log(
        `${path}: JavaScript ${(external / 1024).toFixed(1)} KB gzip in ${scripts.size} file(s) ` +
          `+ ${(inlineBytes / 1024).toFixed(1)} KB gzip inline; CSS ${(cssBytes / 1024).toFixed(1)} KB gzip (${css.length} file(s) + inline)`,
      );
      if (external + inlineBytes > chapterJsBudget) over.push(`${path}: ${external + inlineBytes} bytes, over ${chapterJsBudget}`);
      await context.close();
    }
    // Every page measured and printed first; then the ones over budget, all at once.
    expect(over).toEqual([]);
  });
});
