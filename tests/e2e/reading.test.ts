// Reading comforts of the built site in Chromium: the search dialog (keyboard shortcut, button,
// focus, results that land on a heading, an index of the chapter text only, loaded on demand and
// from the site alone), the three-way theme button, the print stylesheet, heading links on touch
// screens, and what a reader without JavaScript is (not) shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { dist, openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';


const offsetChapter = '/chapters/offset-matrices/';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

const dialogOpen = (page: Page) => page.evaluate(() => document.querySelector<HTMLDialogElement>('[data-search-dialog]')?.open ?? false);

/** Types `term` into the open search dialog and waits for its answer (results or "No results"). */
async function searchFor(page: Page, term: string): Promise<string> {
  await page.keyboard.type(term);
  await page.waitForFunction(
    (wanted) => {
      const status = document.querySelector('[data-search-status]')?.textContent ?? '';
      return status.includes(`“${wanted}”`);
    },
    term,
    { timeout: 15_000 },
  );
  return (await page.locator('[data-search-status]').textContent()) ?? '';
}

const resultLinks = (page: Page) =>
  page.$$eval('[data-search-results] a', (links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname + (link as HTMLAnchorElement).hash));

describe('search', () => {
  it('opens with "/", finds "inverse bind" first in the offset-matrices chapter, and its link lands on that heading', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + '/');
    expect(await dialogOpen(page)).toBe(false);
    await page.keyboard.press('/');
    expect(await dialogOpen(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    expect(await page.evaluate(() => document.querySelector('[data-search-dialog]')!.matches(':modal'))).toBe(true);

    const status = await searchFor(page, 'inverse bind');
    expect(status).toMatch(/match “inverse bind”/);
    const links = await resultLinks(page);
    expect(links.length).toBeGreaterThan(1);
    const first = /^\/chapters\/offset-matrices\/#(.+)$/.exec(links[0]);
    expect(first, `first result ${links[0]}`).not.toBeNull();
    const id = decodeURIComponent(first![1]);
    // The anchor is a heading of the built chapter, not just any element with an id.
    const html = readFileSync(join(dist, 'chapters/offset-matrices/index.html'), 'utf8');
    expect(html).toMatch(new RegExp(`<h[1-4][^>]* id="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
    // Matched words are marked in the excerpt.
    expect(await page.locator('[data-search-results] mark').count()).toBeGreaterThan(0);

    await page.locator('[data-search-results] a').first().click();
    await page.waitForURL(`${site.origin}${offsetChapter}#${first![1]}`);
    expect(await dialogOpen(page)).toBe(false);
    await page.waitForFunction((target) => {
      const heading = document.getElementById(target);
      if (!heading) return false;
      const top = heading.getBoundingClientRect().top;
      return /^H[1-4]$/.test(heading.tagName) && top >= 0 && top < window.innerHeight / 2;
    }, id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a result to a heading on the same page, and Enter opens the first result', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + offsetChapter);
    await page.keyboard.press('/');
    await searchFor(page, 'inverse bind');
    const [first] = await resultLinks(page);
    expect(first.startsWith(offsetChapter + '#')).toBe(true);
    const id = decodeURIComponent(first.split('#')[1]);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await page.keyboard.press('Enter');
    expect(await dialogOpen(page)).toBe(false);
    await page.waitForFunction((target) => {
      const top = document.getElementById(target)!.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    }, id);
    expect(new URL(page.url()).hash).toBe(`#${first.split('#')[1]}`);
    await context.close();
  });

  it('opens from the header button; arrows move through results; Escape closes and focus returns to the button', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + offsetChapter);
    const button = page.locator('[data-search-open]');
    expect(await button.getAttribute('aria-haspopup')).toBe('dialog');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await dialogOpen(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await searchFor(page, 'inverse bind');

    await page.keyboard.press('ArrowDown');
    const links = await resultLinks(page);
    const focused = () => page.evaluate(() => (document.activeElement instanceof HTMLAnchorElement ? new URL(document.activeElement.href).pathname + document.activeElement.hash : document.activeElement?.id));
    expect(await focused()).toBe(links[0]);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(links[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('search-input');

    await page.keyboard.press('Escape');
    expect(await dialogOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-open'))).toBe(true);

    // The Close button and a click on the backdrop close it too.
    await button.click();
    await page.locator('[data-search-close]').click();
    expect(await dialogOpen(page)).toBe(false);
    await button.click();
    await page.mouse.click(5, 795);
    expect(await dialogOpen(page)).toBe(false);
    await context.close();
  });

  it('ignores "/" typed into a form field', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + offsetChapter);
    const slider = page.locator('input[type="range"]').first();
    await slider.scrollIntoViewIfNeeded();
    // Enabled once its figure has started.
    await expect.poll(() => slider.isEnabled(), { timeout: 30_000 }).toBe(true);
    await slider.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('range');
    await page.keyboard.press('/');
    expect(await dialogOpen(page)).toBe(false);
    await context.close();
  });

  it('loads Pagefind only when opened, and only from the site itself', async () => {
    const { page, context, errors } = await site.newPage();
    const requests: string[] = [];
    const elsewhere: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(site.origin + '/')) {
        requests.push(new URL(url).pathname);
        return route.continue();
      }
      elsewhere.push(url);
      return route.abort('internetdisconnected');
    });
    await page.goto(site.origin + offsetChapter, { waitUntil: 'networkidle' });
    expect(requests.filter((path) => path.startsWith('/pagefind/')), 'nothing of the index before search opens').toEqual([]);

    await page.locator('[data-search-open]').click();
    const status = await searchFor(page, 'skinning matrix');
    expect(status).toMatch(/match/);
    expect(requests).toContain('/pagefind/pagefind.js');
    expect(requests.some((path) => /^\/pagefind\/(index|fragment)\//.test(path))).toBe(true);
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('indexes the chapter text, not the figure controls', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + offsetChapter);
    // The control labels are on the page …
    expect(await page.locator('button', { hasText: 'Reset view' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.island-panel', { hasText: 'a further turn about its z axis' }).count()).toBeGreaterThan(0);
    await page.keyboard.press('/');
    // … but not in the index: not in the text Pagefind stored for the chapter …
    // (A string, so that the test runner leaves the page's own dynamic import alone.)
    const stored = await page.evaluate<string>(`(async () => {
      const pagefind = await import('/pagefind/pagefind.js');
      const found = await pagefind.search('offset');
      const pages = await Promise.all(found.results.map((result) => result.data()));
      return pages.find((page) => page.url === '/chapters/offset-matrices/')?.content ?? '';
    })()`);
    expect(stored).toContain('classic wrong ways');
    expect(stored).not.toContain('Reset view');
    expect(stored).not.toContain('a further turn about its z axis');
    expect(stored).not.toContain('Interactive figure: it starts');
    // … and the dialog finds nothing.
    expect(await searchFor(page, 'Reset view')).toBe('No results for “Reset view”.');
    // Figure captions are prose and stay searchable.
    await page.fill('[data-search-input]', '');
    await page.locator('[data-search-input]').focus();
    expect(await searchFor(page, 'classic wrong ways')).toMatch(/match/);
    expect((await resultLinks(page))[0]).toMatch(/^\/chapters\/offset-matrices\//);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      it(`has no axe violation with the dialog open and showing results (${colorScheme}, ${width} px)`, async () => {
        const { page, context } = await site.newPage({ colorScheme, width, height: width > 600 ? 800 : 844 });
        await page.goto(site.origin + offsetChapter, { waitUntil: 'networkidle' });
        await page.locator('[data-search-open]').click();
        await searchFor(page, 'inverse bind');
        expect(await axeViolations(page, '[data-search-dialog]')).toEqual([]);
        // The dialog fits the viewport; its results scroll inside it.
        const box = await page.locator('[data-search-dialog]').boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await context.close();
      });
    }
  }
});

describe('theme button', () => {
  it('cycles follow the system → light → dark → follow the system, says which, and persists across reloads', async () => {
    // The system is dark, so "follow the system" and "light" look different.
    const { page, context } = await site.newPage({ colorScheme: 'dark' });
    await page.goto(site.origin + offsetChapter);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // The button's accessible name, as the accessibility tree computes it.
    const name = async () => {
      const label = (await page.locator('[data-theme-toggle-label]').textContent()) ?? '';
      expect(await page.getByRole('button', { name: label, exact: true }).count()).toBe(1);
      return label;
    };
    const state = async () => ({
      pinned: await page.evaluate(() => document.documentElement.dataset.theme ?? null),
      stored: await page.evaluate(() => localStorage.getItem('theme')),
      name: await name(),
    });
    const dark = await background();
    expect(await state()).toEqual({ pinned: null, stored: null, name: 'Theme: follow the system (now dark)' });

    const toggle = page.locator('[data-theme-toggle]');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await state()).toEqual({ pinned: 'light', stored: 'light', name: 'Theme: light' });
    const light = await background();
    expect(light).not.toBe(dark);
    await page.reload();
    expect(await state()).toEqual({ pinned: 'light', stored: 'light', name: 'Theme: light' });
    expect(await background()).toBe(light);

    await page.locator('[data-theme-toggle]').focus();
    await page.keyboard.press('Space');
    expect(await state()).toEqual({ pinned: 'dark', stored: 'dark', name: 'Theme: dark' });
    await page.goto(site.origin + '/');
    expect(await state()).toEqual({ pinned: 'dark', stored: 'dark', name: 'Theme: dark' });
    expect(await background()).toBe(dark);

    await page.goto(site.origin + offsetChapter);
    await page.locator('[data-theme-toggle]').click();
    expect(await state()).toEqual({ pinned: null, stored: 'system', name: 'Theme: follow the system (now dark)' });
    await page.reload();
    expect(await state()).toEqual({ pinned: null, stored: 'system', name: 'Theme: follow the system (now dark)' });
    expect(await background()).toBe(dark);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe(light);
    await expect.poll(() => page.locator('[data-theme-toggle-label]').textContent(), { timeout: 10_000 }).toBe('Theme: follow the system (now light)');
    await context.close();
  });
});

describe('print', () => {
  it('hides controls, canvases and buttons, prints figure posters and captions, wraps code and adds nothing to links', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + offsetChapter, { waitUntil: 'networkidle' });
    const hidden = [
      '.island-panel',
      '.island-canvas',
      '[data-copy]',
      '[data-search-open]',
      '[data-theme-toggle]',
      '.toc-aside',
      '.chapter-nav',
      '.prose h2 .heading-anchor',
    ];
    const displays = () =>
      page.evaluate(
        (selectors) => Object.fromEntries(selectors.map((selector) => [selector, getComputedStyle(document.querySelector(selector)!).display])),
        hidden,
      );
    // On screen they show …
    for (const [selector, display] of Object.entries(await displays())) expect(display, `${selector} on screen`).not.toBe('none');
    await page.emulateMedia({ media: 'print' });
    // … on paper they do not.
    for (const [selector, display] of Object.entries(await displays())) expect(display, `${selector} in print`).toBe('none');
    // In place of each canvas, its poster: the figure's first frame, drawn at build time.
    expect(await page.locator('.island-stage [data-part=poster]').first().evaluate((poster) => getComputedStyle(poster).display)).not.toBe('none');
    // The Reset view button shows once its figure runs; on paper it never does.
    expect(await page.locator('.island-reset').first().evaluate((button) => getComputedStyle(button).display)).toBe('none');
    const printed = await page.evaluate(() => {
      const caption = document.querySelector('.island figcaption')!;
      const link = document.querySelector('.prose p a[href]')!;
      const line = document.querySelector('.code .line-content')!;
      return {
        captionDisplay: getComputedStyle(caption).display,
        captionHeight: caption.getBoundingClientRect().height,
        linkAfter: getComputedStyle(link, '::after').content,
        codeWhiteSpace: getComputedStyle(line).whiteSpace,
        preOverflow: getComputedStyle(document.querySelector('.code pre')!).overflowX,
        widest: Math.max(...[...document.querySelectorAll('.code pre')].map((pre) => pre.scrollWidth - pre.clientWidth)),
      };
    });
    expect(printed.captionDisplay).not.toBe('none');
    expect(printed.captionHeight).toBeGreaterThan(10);
    expect(['none', 'normal']).toContain(printed.linkAfter);
    expect(printed.codeWhiteSpace).toBe('pre-wrap');
    expect(printed.preOverflow).toBe('visible');
    expect(printed.widest).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('heading links', () => {
  it('are shown without hover on a touch screen', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(site.origin + offsetChapter);
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const anchor = page.locator('.prose h2 .heading-anchor').first();
    await anchor.scrollIntoViewIfNeeded();
    const style = await anchor.evaluate((a) => ({ display: getComputedStyle(a).display, opacity: getComputedStyle(a).opacity }));
    expect(style.display).not.toBe('none');
    expect(style.opacity).toBe('1');
    const box = await anchor.boundingBox();
    expect(box!.width).toBeGreaterThan(10);
    await context.close();
  });

  it('are hidden until hovered or focused with a mouse, and reachable with the keyboard', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + offsetChapter);
    const anchor = page.locator('.prose h2 .heading-anchor').first();
    expect(await anchor.evaluate((a) => getComputedStyle(a).opacity)).toBe('0');
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.classList.contains('heading-anchor') ?? false);
    }
    expect(reached, 'a heading link takes keyboard focus').toBe(true);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.activeElement!).opacity), { timeout: 10_000 }).toBe('1');
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('hides the theme button, the search button and the copy buttons, which need it', async () => {
    const selectors = ['[data-theme-toggle]', '[data-search-open]', '[data-copy]'];
    const displays = async (javaScriptEnabled: boolean) => {
      const context = await site.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(site.origin + offsetChapter);
      const result = await page.evaluate(
        (list) => list.map((selector) => getComputedStyle(document.querySelector(selector)!).display),
        selectors,
      );
      await context.close();
      return result;
    };
    for (const display of await displays(true)) expect(display).not.toBe('none');
    expect(await displays(false)).toEqual(['none', 'none', 'none']);
  });
});

it('writes the search index into the build output', () => {
  expect(existsSync(join(dist, 'pagefind/pagefind.js'))).toBe(true);
  const entry = JSON.parse(readFileSync(join(dist, 'pagefind/pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
  // Every chapter, and nothing else (the home and 404 pages have no data-pagefind-body).
  const chapters = readdirSync(join(dist, 'chapters')).length;
  expect(chapters).toBeGreaterThan(0);
  expect(Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0)).toBe(chapters);
});
