// Reading comforts of the built site in Chromium: a chapter's reading time and reading-progress bar;
// the Models page and the model line under each figure's caption, checked against the files read by
// an independent glTF reader (@gltf-transform/core); the pages of whole source files that a
// snippet's path links to; and the numbers of the weight paint (its legend and the chosen joint's
// weight at the vertex pointed at, tapped or inspected).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeIO } from '@gltf-transform/core';
import type { Locator, Page } from 'playwright-core';
import { dist, openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';
import { layOutEveryBlock, nextFrames, waitForState } from './figures.ts';
import { extractRegion } from '../../src/build-time/regions.ts';
import { estimateReadingTime } from '../../src/build-time/reading-time.ts';
import { weightColor } from '../../src/build-time/poster/render-scene.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const chaptersDirectory = join(root, 'src/content/chapters');
/** Chapter file → URL: NN-slug.mdx is served at /chapters/slug/. */
const chapterFiles = readdirSync(chaptersDirectory).filter((name) => name.endsWith('.mdx')).sort();
const chapterPath = (file: string) => `/chapters/${file.replace(/\.mdx$/, '').replace(/^\d+-/, '')}/`;
const offsetChapter = '/chapters/offset-matrices/';
const weightsChapter = '/chapters/skin-weights/';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

describe('reading time', () => {
  it('shows each chapter’s estimate under its title, out of the search index', async () => {
    const { page, context } = await site.newPage();
    for (const file of chapterFiles) {
      const expected = estimateReadingTime(readFileSync(join(chaptersDirectory, file), 'utf8')).minutes;
      await page.goto(site.origin + chapterPath(file));
      const reading = page.locator('.chapter-header .reading-time');
      expect(await reading.textContent(), file).toBe(`${expected} min read`);
      expect(await reading.getAttribute('data-pagefind-ignore'), file).not.toBeNull();
      // Near the title: in the header, below the h1, and on the first screen.
      const [title, box] = [await page.locator('.chapter-header h1').boundingBox(), await reading.boundingBox()];
      expect(box!.y).toBeGreaterThan(title!.y);
      expect(box!.y + box!.height).toBeLessThan(800);
    }
    await context.close();
  });
});

describe('reading progress', () => {
  /** Counts reads of the article's box (the progress script's only layout read) and records scroll listeners' options. */
  const instrument = () => {
    const counters = { articleReads: 0, scrollListeners: [] as boolean[], longestFrameCallback: 0 };
    (window as unknown as { __progress: typeof counters }).__progress = counters;
    const read = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.matches('article.chapter')) counters.articleReads++;
      return read.call(this);
    };
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      if (this === window && type === 'scroll') counters.scrollListeners.push(typeof options === 'object' && options.passive === true);
      return add.call(this, type, listener, options);
    };
    const frame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      frame((time) => {
        const started = performance.now();
        callback(time);
        counters.longestFrameCallback = Math.max(counters.longestFrameCallback, performance.now() - started);
      });
  };
  const counters = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __progress: { articleReads: number; scrollListeners: boolean[]; longestFrameCallback: number } }).__progress }));
  const scale = (page: Page) =>
    page.locator('[data-reading-progress]').evaluate((bar) => {
      const transform = getComputedStyle(bar).transform;
      return transform === 'none' ? 1 : new DOMMatrixReadOnly(transform).a;
    });
  /** The part of the article scrolled past, computed here from its box. */
  const expectedScale = (page: Page) =>
    page.evaluate(() => {
      const box = document.querySelector('article.chapter')!.getBoundingClientRect();
      return Math.min(1, Math.max(0, -box.top / (box.height - window.innerHeight)));
    });

  it('is a decorative bar at the top that follows the scroll with transform: scaleX, one frame’s work per scroll, nothing when still', async () => {
    const { page, context, errors } = await site.newPage({ reducedMotion: 'reduce', height: 800 });
    await context.addInitScript(instrument);
    await page.goto(site.origin + offsetChapter, { waitUntil: 'networkidle' });
    const bar = page.locator('[data-reading-progress]');
    expect(await bar.getAttribute('aria-hidden')).toBe('true');
    expect(await bar.getAttribute('role')).toBeNull();
    const layout = await bar.evaluate((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return { position: style.position, top: box.top, height: box.height, width: element.clientWidth, origin: style.transformOrigin, pointer: style.pointerEvents };
    });
    expect(layout).toMatchObject({ position: 'fixed', top: 0, pointer: 'none' });
    expect(layout.height).toBeGreaterThan(1);
    expect(layout.height).toBeLessThanOrEqual(4);
    expect(layout.width).toBe(await page.evaluate(() => document.documentElement.clientWidth));
    expect(layout.origin.startsWith('0px')).toBe(true);
    expect(await scale(page)).toBe(0);

    // Every scroll listener on the window is passive; the page's own included.
    const registered = (await counters(page)).scrollListeners;
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.every(Boolean)).toBe(true);

    // Twenty scroll events in one frame: the article is read once, in one animation frame.
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await nextFrames(page);
    const before = (await counters(page)).articleReads;
    await page.evaluate(() => {
      for (let i = 0; i < 20; i++) window.dispatchEvent(new Event('scroll'));
    });
    await nextFrames(page);
    expect((await counters(page)).articleReads - before).toBe(1);
    // Still: nothing runs.
    const idle = (await counters(page)).articleReads;
    await page.waitForTimeout(1000);
    expect((await counters(page)).articleReads).toBe(idle);

    // Half-way and at the end, the bar is as long as the part read; its box never changes (transform only).
    // Blocks are laid out as they come near (content-visibility), so the page's height can change
    // after a jump: the bar follows it, and the end is reached by going there until it stays put.
    for (const fraction of [0.5, 1]) {
      for (let jump = 0; jump < 5; jump++) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.evaluate((at) => window.scrollTo({ top: at * (document.documentElement.scrollHeight - window.innerHeight), behavior: 'instant' }), fraction);
        await nextFrames(page);
        if (fraction < 1 || (await page.evaluate(() => document.documentElement.scrollHeight)) === height) break;
      }
      // The blocks laid out by the jump change the height a frame or two later; the bar follows.
      await expect.poll(async () => Math.abs((await scale(page)) - (await expectedScale(page))), { timeout: 2000 }).toBeLessThan(0.0005);
      expect(await bar.evaluate((element) => element.clientWidth)).toBe(layout.width);
    }
    expect(await scale(page)).toBe(1);
    expect(await bar.getAttribute('style')).toMatch(/^transform: scaleX\([\d.]+\);?$/);
    // Scrolling through the top of the chapter (prose, no live figure): no frame's work comes near a long task.
    await page.evaluate(async () => {
      for (let y = 0; y < 1500; y += 40) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    expect((await counters(page)).longestFrameCallback).toBeLessThan(16);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('eases only for readers who do not ask for less motion, and is not shown without JavaScript or on paper', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page, context } = await site.newPage({ reducedMotion });
      await page.goto(site.origin + offsetChapter);
      const duration = await page.locator('[data-reading-progress]').evaluate((bar) => getComputedStyle(bar).transitionDuration);
      if (reducedMotion === 'reduce') expect(duration).toBe('0s');
      else expect(parseFloat(duration)).toBeGreaterThan(0);
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('[data-reading-progress]').evaluate((bar) => getComputedStyle(bar).display)).toBe('none');
      await context.close();
    }
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.origin + offsetChapter);
    expect(await page.locator('[data-reading-progress]').evaluate((bar) => getComputedStyle(bar).display)).toBe('none');
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`leaves the chapter page axe-clean, half-way through (${colorScheme})`, async () => {
      const { page, context } = await site.newPage({ colorScheme, height: 800 });
      await page.goto(site.origin + offsetChapter, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 3, behavior: 'instant' }));
      await nextFrames(page);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

/** What @gltf-transform/core reads in a model file: an independent reference for the site's numbers. */
async function referenceCounts(file: string) {
  const document = await new NodeIO().read(join(root, 'public/models', file));
  const rootNode = document.getRoot();
  const primitives = rootNode.listMeshes().flatMap((mesh) => mesh.listPrimitives()).filter((primitive) => primitive.getAttribute('JOINTS_0') !== null);
  return {
    joints: rootNode.listSkins().reduce((sum, skin) => sum + skin.listJoints().length, 0),
    nodes: rootNode.listNodes().length,
    vertices: primitives.reduce((sum, primitive) => sum + primitive.getAttribute('POSITION')!.getCount(), 0),
    triangles: primitives.reduce((sum, primitive) => sum + primitive.getIndices()!.getCount() / 3, 0),
    clips: rootNode.listAnimations().map((animation) => ({
      name: animation.getName(),
      duration: Math.max(...animation.listSamplers().map((sampler) => sampler.getInput()!.getMax([])[0])),
    })),
  };
}

/** "255.0 KB": kilobytes of 1,024 bytes. */
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('a long chapter', () => {
  const longChapter = '/chapters/keyframe-interpolation/';

  for (const width of [390, 1280]) {
    it(`lays out only the blocks near the viewport, each off-screen one about as tall as it will be (${width} px)`, async () => {
      const { page, context } = await site.newPage({ width, height: 800 });
      await page.goto(site.origin + longChapter);
      const state = () =>
        page.evaluate(() => {
          // A block whose layout is skipped hides its contents (not itself) from checkVisibility.
          const blocks = [...document.querySelectorAll('.prose > *')].filter((block) => block.firstElementChild !== null);
          const skipped = blocks.filter((block) => !block.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
          return { blocks: blocks.length, skipped: skipped.length, codeSkipped: skipped.filter((block) => block.matches('.code')).length, height: document.documentElement.scrollHeight };
        });
      const first = await state();
      expect(first.skipped, 'blocks left unlaid-out').toBeGreaterThan(first.blocks / 2);
      expect(first.codeSkipped).toBeGreaterThan(10);
      // Every block laid out: the page's real height, which the estimates come within 10 % of.
      await layOutEveryBlock(page);
      const laidOut = await state();
      expect(laidOut.skipped).toBe(0);
      expect(Math.abs(first.height - laidOut.height) / laidOut.height, `${first.height} px estimated, ${laidOut.height} px laid out`).toBeLessThan(0.1);
      await context.close();
    });

    it(`lays out the column's last block, whose contents would otherwise run over the footer (${width} px)`, async () => {
      // The terminology page ends on a list of sources far taller than a list's estimate; skipped,
      // its links sat over the footer's as far as axe's target-size could tell (Lighthouse, 412 px).
      for (const pageWidth of [width, 412]) {
        const { page, context } = await site.newPage({ width: pageWidth, height: 800 });
        await page.goto(site.origin + '/terminology/');
        const last = page.locator('.prose > :last-child');
        expect(await last.evaluate((block) => getComputedStyle(block).contentVisibility)).toBe('visible');
        const footer = (await page.locator('footer.site-footer').boundingBox())!;
        const lastLink = (await last.locator('a').last().boundingBox())!;
        expect(lastLink.y + lastLink.height, `${pageWidth} px`).toBeLessThanOrEqual(footer.y);
        expect(await axeViolations(page, 'footer.site-footer'), `${pageWidth} px`).toEqual([]);
        await context.close();
      }
    });

    it.each([longChapter, '/maths/'])(`lands a smooth jump to a far heading of %s under the header, though the blocks on the way grow as they are laid out (${width} px)`, async (path) => {
      const { page, context } = await site.newPage({ width, height: 800, reducedMotion: 'no-preference' });
      await page.goto(site.origin + path);
      const targets = await page.$$eval('.toc-aside a[data-toc-link]', (links) => links.map((link) => link.getAttribute('href')!.slice(1)));
      const far = targets[targets.length - 3];
      if (width < 600) await page.locator('.toc-inline summary').click();
      await page.locator(`${width < 600 ? '.toc-inline' : '.toc-aside'} a[href="#${far}"]`).click();
      const offset = () =>
        page.evaluate((id) => {
          const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
          return Math.abs(document.getElementById(id)!.getBoundingClientRect().top - padding);
        }, far);
      // The first scroll passes the heading on its way to the estimated place: the heading counts
      // as landed once it stays under the header.
      const settled = async () => {
        const first = await offset();
        await page.waitForTimeout(400);
        return Math.max(first, await offset());
      };
      await expect.poll(settled, { timeout: 15_000 }).toBeLessThanOrEqual(1);
      await context.close();
    });
  }
});

describe('models to download', () => {
  const modelFiles = readdirSync(join(root, 'public/models')).filter((name) => name.endsWith('.glb')).sort();
  const readme = readFileSync(join(root, 'public/models/README.md'), 'utf8');

  it('the Models page lists every model with its description, the counts of an independent reader, its size and a working download', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + '/models/', { waitUntil: 'networkidle' });
    const listed = await page.$$eval('.model-entry h2', (headings) => headings.map((heading) => heading.id));
    expect([...listed].sort()).toEqual(modelFiles.map((file) => file.replace(/\.glb$/, '')).sort());
    for (const file of modelFiles) {
      const name = file.replace(/\.glb$/, '');
      const entry = page.locator('.model-entry', { has: page.locator(`h2[id="${name}"]`) });
      const text = (await entry.textContent())!.replace(/\s+/g, ' ');
      // The README's sentence under "### name".
      const sentence = new RegExp(`^### ${name}\\n\\n(.+)$`, 'm').exec(readme)![1];
      expect(text, file).toContain(sentence);
      const reference = await referenceCounts(file);
      expect(text, file).toContain(`${reference.joints.toLocaleString('en')} joint${reference.joints === 1 ? '' : 's'} of ${reference.nodes.toLocaleString('en')} node`);
      expect(text, file).toContain(`${reference.vertices.toLocaleString('en')} vertices, ${reference.triangles.toLocaleString('en')} triangles`);
      for (const clip of reference.clips) expect(text, file).toContain(`${clip.name} (${Number(clip.duration.toFixed(3))} s)`);
      const download = entry.locator('a[download]');
      expect(await download.getAttribute('href')).toBe(`/models/${file}`);
      const bytes = statSync(join(root, 'public/models', file)).size;
      expect(text, file).toContain(`Download ${file} (${kilobytes(bytes)})`);
      const response = await page.request.get(site.origin + `/models/${file}`);
      expect(response.status(), file).toBe(200);
      expect(Buffer.compare(await response.body(), readFileSync(join(root, 'public/models', file))), file).toBe(0);
    }
    // The chapters each model is drawn in exist.
    const chapterLinks = [...new Set(await page.$$eval('.model-facts a', (links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname)))];
    expect(chapterLinks.length).toBeGreaterThan(5);
    for (const path of chapterLinks) expect((await page.request.get(site.origin + path)).status(), path).toBe(200);
    expect(await page.locator('[data-pagefind-body]').count(), 'not in the site search').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every figure that draws a model file links it under its caption, with its size; the bend tube under the weights figure', async () => {
    const { page, context } = await site.newPage();
    let linked = 0;
    for (const file of chapterFiles) {
      await page.goto(site.origin + chapterPath(file));
      const figures = await page.$$eval('figure.island-figure', (list) =>
        list.map((figure) => ({
          element: figure.parentElement!.tagName.toLowerCase(),
          links: [...figure.querySelectorAll(':scope > figcaption .figure-models a[download]')].map((link) => ({
            href: link.getAttribute('href')!,
            text: link.textContent!,
            size: /^ \(([\d.]+ KB);/.exec(link.nextSibling?.textContent ?? '')?.[1] ?? '',
          })),
          ignored: figure.querySelector(':scope > figcaption .figure-models')?.hasAttribute('data-pagefind-ignore') ?? null,
        })),
      );
      for (const figure of figures) {
        // Only the arm of chapter 1 is built in code, with no file to link.
        if (figure.element === 'arm-figure') {
          expect(figure.links).toEqual([]);
          continue;
        }
        expect(figure.links.length, `${file}: <${figure.element}> links its model`).toBeGreaterThan(0);
        expect(figure.ignored).toBe(true);
        for (const link of figure.links) {
          const model = link.text;
          expect(modelFiles).toContain(model);
          expect(link.href).toBe(`/models/${model}`);
          expect(link.size).toBe(kilobytes(statSync(join(root, 'public/models', model)).size));
          linked++;
        }
      }
      if (file.startsWith('02-')) {
        const weights = figures.find((figure) => figure.element === 'weights-figure')!;
        expect(weights.links.map((link) => link.text)).toEqual(['bend-tube.glb']);
      }
    }
    expect(linked).toBeGreaterThan(15);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the Models page is axe-clean and fits a phone (${colorScheme})`, async () => {
      for (const width of [1280, 360]) {
        const { page, context } = await site.newPage({ colorScheme, width, height: width > 600 ? 800 : 740 });
        await page.goto(site.origin + '/models/', { waitUntil: 'networkidle' });
        expect(await axeViolations(page), `${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        await context.close();
      }
    });
  }
});

/** Every file under `directory`, repository-relative to `base`, whose name is index.html. */
function indexPages(directory: string, base: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) found.push(...indexPages(path, base));
    else if (name === 'index.html') found.push(relative(base, directory).split('\\').join('/'));
  }
  return found;
}

describe('source pages', () => {
  /** Every snippet of every chapter: its file, region and the address its path links to. */
  async function chapterSnippets(page: Page) {
    const snippets: { chapter: string; file: string; region: string | null; href: string | null }[] = [];
    for (const file of chapterFiles) {
      await page.goto(site.origin + chapterPath(file));
      const found = await page.$$eval('figure.code[data-file]', (figures) =>
        figures.map((figure) => ({
          file: figure.getAttribute('data-file')!,
          region: figure.getAttribute('data-region'),
          href: figure.querySelector('.code-path a')?.getAttribute('href') ?? null,
          text: figure.querySelector('.code-path a')?.textContent ?? null,
        })),
      );
      for (const snippet of found) {
        expect(snippet.text, `${file}: the link reads as the path`).toBe(snippet.file);
        snippets.push({ chapter: file, file: snippet.file, region: snippet.region, href: snippet.href });
      }
    }
    return snippets;
  }

  it('every snippet’s path links to its file’s page at its region, and only printed files have pages', async () => {
    const { page, context } = await site.newPage();
    const snippets = await chapterSnippets(page);
    expect(snippets.length).toBeGreaterThan(50);
    for (const snippet of snippets) {
      expect(snippet.href, `${snippet.chapter}: ${snippet.file} #${snippet.region}`).toBe(`/source/${snippet.file}/${snippet.region ? `#region-${snippet.region}` : ''}`);
    }
    const printed = [...new Set(snippets.map((snippet) => snippet.file))].sort();
    expect(indexPages(join(dist, 'source'), join(dist, 'source')).sort()).toEqual(printed);

    // Each page holds the whole file, line for line and numbered, and marks each region it is linked at.
    for (const file of printed) {
      const response = await page.goto(site.origin + `/source/${file}/`);
      expect(response?.status(), file).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(file);
      expect(await page.locator('[data-pagefind-body]').count(), 'not in the site search').toBe(0);
      const lines = await page.$$eval('figure.code .line', (list) => list.map((line) => ({ text: line.textContent ?? '', number: line.getAttribute('data-line'), regions: line.getAttribute('data-regions') ?? '' })));
      const source = readFileSync(join(root, file), 'utf8').replace(/\r\n?/g, '\n').replace(/\n$/, '');
      expect(lines.map((line) => line.text).join('\n'), file).toBe(source);
      expect(lines.map((line) => line.number)).toEqual(lines.map((_, index) => String(index + 1)));
      for (const region of new Set(snippets.filter((snippet) => snippet.file === file && snippet.region !== null).map((snippet) => snippet.region!))) {
        expect(await page.locator(`[id="region-${region}"]`).textContent(), `${file} #region-${region}`).toMatch(new RegExp(`#region ${region.replace(/\./g, '\\.')}\\s*$`));
        // The lines marked as the region's, less blank and marker lines, are the lines the snippet prints.
        const marked = lines
          .filter((line) => line.regions.split(' ').includes(region) && line.text.trim() !== '' && !/^\s*\/\/\s*#(end)?region\b/.test(line.text))
          .map((line) => Number(line.number));
        const printedLines = extractRegion(source, region, file);
        expect(marked, `${file} #${region}`).toEqual(printedLines.lines.filter((_, index) => printedLines.code.split('\n')[index].trim() !== ''));
      }
    }
    await context.close();
  });

  it('following a snippet’s path lands on its region, marked, below the header', async () => {
    const { page, context, errors } = await site.newPage({ height: 800 });
    await page.goto(site.origin + offsetChapter);
    const link = page.locator('figure.code[data-file="src/core/palette.ts"][data-region="build-palette"] .code-path a');
    await link.click();
    await page.waitForURL(`${site.origin}/source/src/core/palette.ts/#region-build-palette`);
    const region = extractRegion(readFileSync(join(root, 'src/core/palette.ts'), 'utf8'), 'build-palette');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const target = document.querySelector(':target')!;
          const header = document.querySelector('.site-header')!.getBoundingClientRect();
          const top = target.getBoundingClientRect().top;
          return target.id === 'region-build-palette' && top >= header.bottom && top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    const marked = await page.$$eval('figure.code .line', (lines) =>
      lines.filter((line) => getComputedStyle(line).backgroundColor !== 'rgba(0, 0, 0, 0)').map((line) => Number(line.getAttribute('data-line'))),
    );
    // The marker line and every line of the region, up to (not including) its #endregion line.
    expect(marked).toEqual(Array.from({ length: region.lines[region.lines.length - 1] - region.lines[0] + 2 }, (_, index) => region.lines[0] - 1 + index));
    // A line address marks that line alone.
    await page.goto(site.origin + '/source/src/core/palette.ts/#L3');
    const alone = await page.$$eval('figure.code .line', (lines) => lines.filter((line) => getComputedStyle(line).backgroundColor !== 'rgba(0, 0, 0, 0)').map((line) => line.id));
    expect(alone).toEqual(['L3']);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the longest source page is axe-clean and does not scroll sideways on a phone (${colorScheme})`, async () => {
      for (const width of [1280, 360]) {
        const { page, context } = await site.newPage({ colorScheme, width, height: width > 600 ? 800 : 740 });
        await page.goto(site.origin + '/source/src/core/pitfalls.ts/#region-palette-reversed-order', { waitUntil: 'networkidle' });
        expect(await axeViolations(page), `${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        await context.close();
      }
    });
  }
});

describe('the weight read-out', () => {
  /** The file's own weight of joint `jointName` at every vertex, read by @gltf-transform/core (normalised). */
  async function fileWeights(file: string, jointName: string): Promise<{ joint: number; weightAt: (vertex: number) => number }> {
    const document = await new NodeIO().read(join(root, 'public/models', file));
    const rootNode = document.getRoot();
    const joint = rootNode.listSkins()[0].listJoints().findIndex((node) => node.getName() === jointName);
    const primitive = rootNode.listMeshes()[0].listPrimitives()[0];
    const joints = primitive.getAttribute('JOINTS_0')!.getArray()!;
    const weights = primitive.getAttribute('WEIGHTS_0')!.getArray()!;
    return {
      joint,
      weightAt: (vertex) => {
        let sum = 0;
        let mine = 0;
        for (let k = 0; k < 4; k++) {
          sum += weights[4 * vertex + k];
          if (joints[4 * vertex + k] === joint) mine += weights[4 * vertex + k];
        }
        return mine / sum;
      },
    };
  }

  /** Moves the pointer over the canvas until the legend reads a vertex; returns where. */
  async function hoverModel(page: Page, island: Locator): Promise<{ x: number; y: number }> {
    const box = (await island.locator('canvas').boundingBox())!;
    const legend = island.locator('[data-part=weight-legend]');
    for (let fy = 0.3; fy < 0.8; fy += 0.05) {
      for (let fx = 0.25; fx < 0.75; fx += 0.025) {
        const point = { x: box.x + box.width * fx, y: box.y + box.height * fy };
        await page.mouse.move(point.x, point.y);
        await nextFrames(page);
        if ((await legend.getAttribute('data-vertex')) !== null) return point;
      }
    }
    throw new Error('no vertex under the pointer anywhere on the canvas');
  }

  const legendState = (island: Locator) =>
    island.locator('[data-part=weight-legend]').evaluate((legend) => ({
      vertex: Number((legend as HTMLElement).dataset.vertex),
      joint: Number((legend as HTMLElement).dataset.joint),
      weight: Number((legend as HTMLElement).dataset.weight),
      text: legend.querySelector('[data-part=weight-at]')!.textContent,
    }));

  it('numbers the colour ramp, shown while the weight paint is on, in the colours the paint uses', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + weightsChapter);
    const island = page.locator('weights-figure');
    const legend = island.locator('[data-part=weight-legend]');
    const paint = island.locator('[data-part=weights]');
    await paint.uncheck();
    expect(await legend.isVisible()).toBe(false);
    await paint.check();
    expect(await legend.isVisible()).toBe(true);
    expect(await legend.locator('.island-weight-ticks li').evaluateAll((items) => items.map((item) => item.firstChild!.textContent!.trim()))).toEqual(['0', '0.25', '0.5', '0.75', '1']);
    // Each number stands under its place on the ramp.
    const ramp = (await legend.locator('.island-weight-ramp').boundingBox())!;
    const ticks = await legend.locator('.island-weight-ticks li').evaluateAll((items) => items.map((item) => item.getBoundingClientRect()).map((box) => ({ left: box.left, right: box.right })));
    [0, 0.25, 0.5, 0.75, 1].forEach((at, index) => {
      const anchor = ticks[index].left + at * (ticks[index].right - ticks[index].left);
      expect(Math.abs(anchor - (ramp.x + at * ramp.width)), `tick ${at}`).toBeLessThan(1);
    });
    // The ramp's pixels are weightColor's, decoded in the page from a screenshot of the ramp.
    await legend.scrollIntoViewIfNeeded();
    const png = (await legend.locator('.island-weight-ramp').screenshot()).toString('base64');
    const fractions = [0.03, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 0.97];
    const pixels = await page.evaluate(
      async ([data, at]) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context2d = canvas.getContext('2d')!;
        context2d.drawImage(bitmap, 0, 0);
        return at.map((fraction) => Array.from(context2d.getImageData(Math.round(fraction * (bitmap.width - 1)), Math.floor(bitmap.height / 2), 1, 1).data.slice(0, 3)));
      },
      [png, fractions] as const,
    );
    const color = new Float32Array(3);
    fractions.forEach((fraction, index) => {
      weightColor(color, fraction);
      for (let c = 0; c < 3; c++) expect(Math.abs(pixels[index][c] - 255 * color[c]), `weight ${fraction}, channel ${c}: ${pixels[index]}`).toBeLessThan(12);
    });
    await context.close();
  });

  it('reads the chosen joint’s weight at the vertex under the mouse, as the file has it, and follows the joint menu and the weights chosen', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + weightsChapter);
    const island = page.locator('weights-figure');
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running', 'paused']);
    await island.locator('[data-part=weights]').check();
    const text = island.locator('[data-part=weight-at]');
    await expect.poll(() => text.textContent()).toBe('Point at the model, or tap it, to read the weight at a vertex.');
    const point = await hoverModel(page, island);
    const middle = await fileWeights('bend-tube.glb', 'middle');
    let state = await legendState(island);
    expect(state.joint).toBe(middle.joint);
    expect(state.weight).toBeCloseTo(middle.weightAt(state.vertex), 6);
    expect(state.text).toBe(`Weight of middle at vertex ${state.vertex}: ${state.weight.toFixed(3)}`);
    // The mark on the ramp stands at the weight.
    const ramp = (await island.locator('.island-weight-ramp').boundingBox())!;
    const mark = (await island.locator('[data-part=weight-marker]').boundingBox())!;
    expect(Math.abs(mark.x + mark.width / 2 - (ramp.x + state.weight * ramp.width))).toBeLessThan(1.5);

    // Another joint in the menu: its weight at the same vertex.
    await island.locator('[data-part=joint]').selectOption({ label: 'base' });
    await page.mouse.move(point.x, point.y);
    const base = await fileWeights('bend-tube.glb', 'base');
    await expect.poll(async () => (await legendState(island)).joint).toBe(base.joint);
    state = await legendState(island);
    expect(state.weight).toBeCloseTo(base.weightAt(state.vertex), 6);
    expect(state.text).toMatch(/^Weight of base at vertex \d+: \d\.\d{3}$/);

    // Rigid weights: every vertex all on one bone, so the weight read is 0 or 1.
    await island.locator('input[value="rigid"]').check();
    await page.mouse.move(point.x + 1, point.y);
    await expect.poll(async () => [0, 1].includes((await legendState(island)).weight)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads the weight out in every figure that paints weights, here chapter 4’s offset figure', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + '/chapters/offset-matrices/');
    const island = page.locator('offset-figure');
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running', 'paused']);
    await island.locator('[data-part=weights]').check();
    await hoverModel(page, island);
    const state = await legendState(island);
    const jointName = (await island.locator('[data-part=joint] option:checked').textContent())!.trim();
    const file = await fileWeights('two-bones-rotated.glb', jointName);
    expect(state.joint).toBe(file.joint);
    expect(state.weight).toBeCloseTo(file.weightAt(state.vertex), 6);
    expect(state.text).toBe(`Weight of ${jointName} at vertex ${state.vertex}: ${state.weight.toFixed(3)}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the vertex inspector when the pointer is elsewhere, and a tap on a touch screen', async () => {
    {
      const { page, context } = await site.newPage();
      await page.goto(site.origin + weightsChapter);
      const island = page.locator('weights-figure');
      await island.scrollIntoViewIfNeeded();
      await waitForState(island, ['running', 'paused']);
      await island.locator('[data-part=weights]').check();
      await island.locator('[data-part=inspector-on]').check();
      const inspector = island.locator('[data-part=inspector]');
      await expect.poll(() => inspector.getAttribute('data-vertex')).not.toBeNull();
      await page.mouse.move(0, 0);
      for (let step = 0; step < 2; step++) {
        const vertex = Number(await inspector.getAttribute('data-vertex'));
        await expect.poll(async () => (await legendState(island)).vertex).toBe(vertex);
        const middle = await fileWeights('bend-tube.glb', 'middle');
        expect((await legendState(island)).weight).toBeCloseTo(middle.weightAt(vertex), 6);
        await island.locator('[data-part=vertex-next]').click();
      }
      await context.close();
    }
    {
      const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await page.goto(site.origin + weightsChapter);
      const island = page.locator('weights-figure');
      await island.scrollIntoViewIfNeeded();
      await waitForState(island, ['running', 'paused']);
      await island.locator('[data-part=weights]').check();
      await island.locator('canvas').scrollIntoViewIfNeeded();
      const box = (await island.locator('canvas').boundingBox())!;
      const legend = island.locator('[data-part=weight-legend]');
      let tapped = false;
      for (let fx = 0.2; fx < 0.8 && !tapped; fx += 0.04) {
        await page.touchscreen.tap(box.x + fx * box.width, box.y + 0.55 * box.height);
        await nextFrames(page);
        tapped = (await legend.getAttribute('data-vertex')) !== null;
      }
      expect(tapped, 'a tap on the tube reads a vertex').toBe(true);
      const state = await legendState(island);
      const middle = await fileWeights('bend-tube.glb', 'middle');
      expect(state.weight).toBeCloseTo(middle.weightAt(state.vertex), 6);
      await context.close();
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`leaves the weights figure axe-clean with the legend and a weight shown (${colorScheme})`, async () => {
      const { page, context } = await site.newPage({ colorScheme });
      await page.goto(site.origin + weightsChapter);
      const island = page.locator('weights-figure');
      await island.scrollIntoViewIfNeeded();
      await waitForState(island, ['running', 'paused']);
      await island.locator('[data-part=weights]').check();
      await hoverModel(page, island);
      expect(await axeViolations(page, 'weights-figure')).toEqual([]);
      await context.close();
    });
  }
});
