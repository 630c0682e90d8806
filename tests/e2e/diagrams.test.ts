// The build-time diagrams in Chromium: the per-frame pipeline at the top of every chapter, with
// exactly one stage lit (the one src/build-time/pipeline.ts gives the chapter) in the layout the
// width shows, its links landing on built chapters, left out of the search index and inside the
// viewport on a phone; the diagrams of chapters 3, 4 and 5: their data and their phone layout; and
// axe finds no violation in any of them, light and dark, at 360 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { dist, openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';
import { CHAPTER_STAGES } from '../../src/build-time/pipeline.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Chapter id → its `order`, from the chapter files (NN-slug.mdx: the id is the slug). */
const chapters = readdirSync(join(root, 'src/content/chapters'))
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => ({
    id: name.replace(/^\d+-/, '').replace(/\.mdx$/, ''),
    order: Number(/^order:\s*(\d+)\s*$/m.exec(readFileSync(join(root, 'src/content/chapters', name), 'utf8'))![1]),
  }));

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** The pipeline as the reader sees it: the shown layout, its lit stages, its links. */
function readPipeline(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector<HTMLElement>('[data-pipeline]');
    if (!nav) return null;
    const shown = [...nav.querySelectorAll<SVGSVGElement>('svg[data-pipeline-layout]')].filter((svg) => getComputedStyle(svg).display !== 'none');
    const svg = shown[0];
    const box = svg?.getBoundingClientRect();
    return {
      layouts: shown.map((each) => each.dataset.pipelineLayout),
      lit: svg ? [...svg.querySelectorAll<SVGAElement>('a[aria-current="step"]')].map((link) => link.dataset.stage) : [],
      stages: svg ? svg.querySelectorAll('a[data-stage]').length : 0,
      hrefs: svg ? [...svg.querySelectorAll<SVGAElement>('a[data-stage]')].map((link) => link.getAttribute('href')) : [],
      ignored: nav.hasAttribute('data-pagefind-ignore'),
      left: box?.left ?? NaN,
      right: box?.right ?? NaN,
      caption: nav.querySelector('.pipeline-caption')?.textContent ?? '',
    };
  });
}

describe('the per-frame pipeline', () => {
  for (const width of [1280, 360]) {
    it(`tops every chapter with exactly one lit stage, the chapter's own, in one layout, inside the viewport (${width} px)`, async () => {
      const { page, context, errors } = await site.newPage({ width, height: 800 });
      expect(chapters.length).toBeGreaterThanOrEqual(12);
      for (const chapter of chapters) {
        await page.goto(`${site.origin}/chapters/${chapter.id}/`, { waitUntil: 'domcontentloaded' });
        const pipeline = await readPipeline(page);
        expect(pipeline, chapter.id).not.toBeNull();
        expect(pipeline!.layouts, chapter.id).toEqual([width > 600 ? 'wide' : 'narrow']);
        expect(pipeline!.lit, chapter.id).toEqual([CHAPTER_STAGES[chapter.order].lit]);
        expect(pipeline!.stages).toBe(8);
        expect(pipeline!.ignored).toBe(true);
        expect(pipeline!.caption).toContain(`Chapter ${chapter.order} in one frame`);
        expect(pipeline!.left).toBeGreaterThanOrEqual(0);
        expect(pipeline!.right).toBeLessThanOrEqual(width);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('links every stage to a built chapter, and a click lands there', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 800 });
    await page.goto(`${site.origin}/chapters/offset-matrices/`, { waitUntil: 'domcontentloaded' });
    const { hrefs } = (await readPipeline(page))!;
    expect(new Set(hrefs).size).toBeGreaterThanOrEqual(7);
    for (const href of hrefs) {
      expect(href, 'a stage without a link').toMatch(/^\/chapters\/[a-z0-9-]+\/$/);
      expect(existsSync(join(dist, href!, 'index.html')), href!).toBe(true);
    }
    await page.locator('[data-pipeline] svg[data-pipeline-layout="wide"] a[data-stage="sample"]').click();
    await page.waitForURL(`${site.origin}/chapters/keyframe-interpolation/`);
    expect(await page.locator('[data-pipeline] svg[data-pipeline-layout="wide"] a[aria-current="step"]').getAttribute('data-stage')).toBe('sample');
    await context.close();
  });

  it('is left out of the search index: no chapter is found by the pipeline’s own words', () => {
    const html = readFileSync(join(dist, 'chapters/offset-matrices/index.html'), 'utf8');
    const nav = /<nav[^>]*data-pipeline[^>]*>/.exec(html)?.[0] ?? '';
    expect(nav).toContain('data-pagefind-ignore');
  });
});

describe('chapter diagrams', () => {
  it('draws chapter 2’s regrouping and chapter 4’s three frames with the core’s numbers', async () => {
    const { page, context } = await site.newPage({ width: 1280, height: 800 });
    await page.goto(`${site.origin}/chapters/skin-weights/`, { waitUntil: 'domcontentloaded' });
    const regroup = page.locator('[data-diagram="regroup"] svg');
    expect(await regroup.getAttribute('role')).toBe('img');
    expect(await page.locator('[data-diagram="regroup"] svg desc').textContent()).toMatch(/Vertex \d+ gets joint 0 \(base\) weight 1\.000/);
    expect(await page.locator('[data-diagram="regroup"] .regroup-arrow').count()).toBeGreaterThanOrEqual(4);

    await page.goto(`${site.origin}/chapters/offset-matrices/`, { waitUntil: 'domcontentloaded' });
    const vertices = await page.$$eval('[data-diagram="bone-space"] .diagram-wide [data-vertex-at]', (dots) => dots.map((dot) => dot.getAttribute('data-vertex-at')));
    expect(vertices).toEqual(['(−0.354, 1.354)', '(0, 0.5)', '(−0.5, 1)']);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [360, 1280]) {
      it(`has no axe violation in chapter 4's pipeline and diagram (${colorScheme}, ${width} px)`, async () => {
        const { page, context } = await site.newPage({ colorScheme, width, height: 800, reducedMotion: 'reduce' });
        await page.goto(`${site.origin}/chapters/offset-matrices/`, { waitUntil: 'domcontentloaded' });
        await page.locator('[data-diagram="bone-space"]').scrollIntoViewIfNeeded();
        expect(await axeViolations(page, '[data-pipeline], [data-diagram]')).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('chapters 3 and 5: the bind pose and the parents-first order', () => {
  const pages = [
    { path: '/chapters/bind-pose/', diagram: 'bind-pose' },
    { path: '/chapters/hierarchy-traversal/', diagram: 'parents-first' },
  ];

  it('draws chapter 3’s vertex at the core’s coordinates and chapter 5’s 21 nodes, every arc to an earlier cell', async () => {
    const { page, context, errors } = await site.newPage({ width: 1280, height: 800 });
    await page.goto(`${site.origin}/chapters/bind-pose/`, { waitUntil: 'domcontentloaded' });
    const vertices = await page.$$eval('[data-diagram="bind-pose"] .diagram-wide [data-vertex-at]', (dots) => dots.map((dot) => dot.getAttribute('data-vertex-at')));
    // (0.1, 1.75, 0.1) turned 45° about z round the child's joint at (0, 1): √½ (0.1 − 0.75), 1 + √½ (0.1 + 0.75).
    expect(vertices).toEqual(['(0.1, 1.75, 0.1)', '(−0.46, 1.601, 0.1)']);
    expect(await page.locator('[data-diagram="bind-pose"] .diagram-wide').getAttribute('aria-label')).toContain('to (−0.46, 1.601, 0.1)');

    await page.goto(`${site.origin}/chapters/hierarchy-traversal/`, { waitUntil: 'domcontentloaded' });
    const figure = page.locator('[data-diagram="parents-first"]');
    expect(await figure.getAttribute('data-node-count')).toBe('21');
    const cells = await page.$$eval('[data-diagram="parents-first"] .diagram-wide [data-cell]', (groups) =>
      groups.map((group) => ({ cell: Number(group.getAttribute('data-cell')), parent: Number(group.getAttribute('data-parent')), other: group.classList.contains('parents-first-other') })),
    );
    expect(cells.map((each) => each.cell)).toEqual([...Array(21).keys()]);
    for (const each of cells) expect(each.parent).toBeLessThan(each.cell);
    expect(cells.filter((each) => each.other).map((each) => each.cell)).toEqual([0, 20]);
    expect(await page.locator('[data-diagram="parents-first"] .diagram-wide [data-node="Armature"]').getAttribute('class')).toContain('parents-first-other');
    expect(await page.locator('[data-diagram="parents-first"] .diagram-wide .parents-first-arc').count()).toBe(19);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows one layout of each at 360 px, inside the viewport, without sideways scrolling', async () => {
    const { page, context } = await site.newPage({ width: 360, height: 800 });
    for (const { path, diagram } of pages) {
      await page.goto(`${site.origin}${path}`, { waitUntil: 'domcontentloaded' });
      const shown = await page.$$eval(`[data-diagram="${diagram}"] svg`, (svgs) =>
        svgs.filter((svg) => getComputedStyle(svg).display !== 'none').map((svg) => ({ layout: svg.classList.contains('diagram-narrow') ? 'narrow' : 'wide', left: svg.getBoundingClientRect().left, right: svg.getBoundingClientRect().right })),
      );
      expect(shown.map((each) => each.layout), diagram).toEqual(['narrow']);
      expect(shown[0].left).toBeGreaterThanOrEqual(0);
      expect(shown[0].right).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), diagram).toBeLessThanOrEqual(360);
    }
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [360, 1280]) {
      it(`has no axe violation of any impact in either diagram (${colorScheme}, ${width} px)`, async () => {
        const { page, context } = await site.newPage({ colorScheme, width, height: 800, reducedMotion: 'reduce' });
        const found: string[] = [];
        for (const { path, diagram } of pages) {
          await page.goto(`${site.origin}${path}`, { waitUntil: 'domcontentloaded' });
          await page.locator(`[data-diagram="${diagram}"]`).scrollIntoViewIfNeeded();
          found.push(...(await axeViolations(page, `[data-diagram="${diagram}"]`)).map((violation) => `${diagram}: ${violation}`));
        }
        expect(found).toEqual([]);
        await context.close();
      });
    }
  }
});
