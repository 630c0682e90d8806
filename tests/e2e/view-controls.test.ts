// The view controls every 3D figure shares, in Chromium (SwiftShader): Fit frames what the figure
// draws now and says so; the "Break it" choices that carry the mesh away are framed whole; the
// stage and its control panel fit one screen (desktop and phone, every chapter); two fingers tilt
// the view while one finger still scrolls the page; on-screen buttons turn, tilt and zoom from
// touch and keyboard; Full screen enlarges the figure and gives it back.
//
// Where the mesh is on the canvas is read from screenshots: the test paints the mesh magenta
// through the theme hook --island-mesh (island.css), a colour nothing else in a figure uses, and
// finds its pixels — no test hook in the shipped code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { differingPixels, nextFrames, pause, shot, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';

const ISLANDS = '.island:has(.island-stage)';
const CHAPTERS = [
  'why-skeletons',
  'bones-and-the-hierarchy',
  'skin-weights',
  'bind-pose',
  'offset-matrices',
  'hierarchy-traversal',
  'global-inverse-transform',
  'keyframe-interpolation',
  'the-skinning-shader',
  'real-models',
  'dual-quaternion-skinning',
  'blending-clips',
  'skinning-a-crowd',
].map((slug) => `/chapters/${slug}/`);
/** The mesh colour the tests paint with (--island-mesh): pure magenta. */
const MESH_STYLE = '.island { --island-mesh: #ff00ff !important; }';
/** Pixels along each edge of the canvas in which a mesh pixel means the mesh is cut off there. */
const EDGE = 3;

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** The first `tag` island of `path`, scrolled to and running, on `page`; the mesh painted magenta. */
async function openIsland(page: Page, path: string, tag: string): Promise<Locator> {
  await page.goto(site.origin + path);
  await page.addStyleTag({ content: MESH_STYLE });
  const island = page.locator(tag).first();
  await island.scrollIntoViewIfNeeded();
  expect(await waitForState(island, ['running', 'error', 'unsupported'])).toBe('running');
  return island;
}

interface MeshExtent {
  /** Share of the canvas's pixels that show the mesh (0–1). */
  share: number;
  /** Mesh pixels within EDGE pixels of each edge. */
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** The mesh's pixel box as shares of the canvas's width and height (0–1; NaN without a mesh pixel). */
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Where the magenta mesh is on a screenshot of the canvas (decoded in the page, as figures.ts does). */
async function meshExtent(page: Page, png: Buffer): Promise<MeshExtent> {
  return page.evaluate(
    async ([base64, edge]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { width, height } = bitmap;
      const data = context.getImageData(0, 0, width, height).data;
      const extent = { share: 0, top: 0, bottom: 0, left: 0, right: 0, minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = 4 * (y * width + x);
          // Shaded magenta keeps red and blue well above green; the greys of the stage do not.
          if (data[i] - data[i + 1] <= 40 || data[i + 2] - data[i + 1] <= 40) continue;
          extent.share++;
          if (y < edge) extent.top++;
          if (y >= height - edge) extent.bottom++;
          if (x < edge) extent.left++;
          if (x >= width - edge) extent.right++;
          extent.minX = Math.min(extent.minX, x / width);
          extent.maxX = Math.max(extent.maxX, x / width);
          extent.minY = Math.min(extent.minY, y / height);
          extent.maxY = Math.max(extent.maxY, y / height);
        }
      }
      extent.share /= width * height;
      if (extent.share === 0) extent.minX = extent.maxX = extent.minY = extent.maxY = NaN;
      return extent;
    },
    [png.toString('base64'), EDGE] as const,
  );
}

/** Mesh pixels at any edge of the canvas (0: the whole mesh is in view, or none of it). */
const cutOff = (extent: MeshExtent) => extent.top + extent.bottom + extent.left + extent.right;

/** Sets a range input to `value`, as a reader's drag would (input, then change). */
async function setRange(slider: Locator, value: number): Promise<void> {
  await slider.evaluate((element, to) => {
    const input = element as HTMLInputElement;
    input.value = String(to);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** The range input's min, max and value. */
const rangeOf = (slider: Locator) =>
  slider.evaluate((element) => {
    const input = element as HTMLInputElement;
    return { min: Number(input.min), max: Number(input.max), value: Number(input.value) };
  });

describe('Fit', () => {
  it('frames the pose shown after the view was zoomed in and turned away, from the keyboard, and says so; Reset view returns', async () => {
    const { page, context, errors } = await site.newPage();
    const island = await openIsland(page, '/chapters/hierarchy-traversal/', 'traversal-figure');
    await pause(island);
    const start = await shot(island);
    const framed = await meshExtent(page, start);
    expect(cutOff(framed), 'the figure starts framed').toBe(0);

    // Zoomed in and turned, from the keyboard on the view: the mesh runs off the canvas.
    await island.locator('canvas').focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('+');
    await page.keyboard.press('Shift+ArrowRight');
    const zoomed = await meshExtent(page, await shot(island));
    expect(cutOff(zoomed), 'zoomed in, the mesh is cut off').toBeGreaterThan(0);

    const fit = island.getByRole('button', { name: 'Fit the view to what the figure shows now' });
    await fit.focus();
    await page.keyboard.press('Enter');
    const fitted = await meshExtent(page, await shot(island));
    expect(cutOff(fitted), 'after Fit, nothing is cut off').toBe(0);
    // Tight: the walking figure (taller than wide) spans most of the canvas's height.
    expect(fitted.maxY - fitted.minY, 'the fitted mesh fills the height').toBeGreaterThan(0.6);
    expect(await island.locator('[data-part=view-status]').textContent()).toMatch(/^View fitted/);
    expect(await island.locator('[data-part=view-status]').getAttribute('aria-live')).toBe('polite');

    // Fit again: the same words are announced again (a changed text), the same view.
    const fittedTurned = await shot(island);
    await page.keyboard.press('Enter');
    expect(await island.locator('[data-part=view-status]').textContent()).toMatch(/^View fitted.*\u00a0$/);
    expect((await differingPixels(page, fittedTurned, await shot(island))).differing, 'Fit is steady').toBe(0);

    // Reset view (the pointer then moved off the button, whose hover colours the shot would show).
    await island.locator('[data-part=reset-view]').click();
    await page.mouse.move(0, 0);
    expect((await differingPixels(page, start, await shot(island))).differing, 'Reset view: the start again').toBe(0);
    expect(await island.locator('[data-part=view-status]').textContent()).toMatch(/^View reset/);

    // Fit from the figure's own angle differs from Fit from the turned one: Fit keeps the reader's angle.
    await fit.focus();
    await page.keyboard.press('Enter');
    const byAngle = await differingPixels(page, fittedTurned, await shot(island));
    expect(byAngle.differing / byAngle.total, 'Fit keeps the turned angle').toBeGreaterThan(0.005);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('frames both copies of the dual quaternion figure', async () => {
    const { page, context, errors } = await site.newPage();
    const island = await openIsland(page, '/chapters/dual-quaternion-skinning/', 'dual-quaternion-figure');
    await island.locator('canvas').focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('+');
    expect(cutOff(await meshExtent(page, await shot(island))), 'zoomed in').toBeGreaterThan(0);
    await island.locator('[data-part=fit-view]').click();
    const fitted = await meshExtent(page, await shot(island));
    expect(cutOff(fitted), 'after Fit').toBe(0);
    // Two copies side by side: mesh on both sides of the middle, spanning most of the width.
    expect(fitted.minX).toBeLessThan(0.4);
    expect(fitted.maxX).toBeGreaterThan(0.6);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('"Break it" choices that carry the mesh away', () => {
  const cases = [
    { path: '/chapters/offset-matrices/', tag: 'offset-figure', group: 'palette-mode', values: ['reversed-order', 'without-offsets', 'not-inverted'] },
    { path: '/chapters/hierarchy-traversal/', tag: 'traversal-figure', group: 'traversal-mode', values: ['skip-boneless', 'relative-keys'] },
    { path: '/chapters/real-models/', tag: 'row-major-figure', group: 'row-major-mode', values: ['transposed'] },
  ];

  for (const { path, tag, group, values } of cases) {
    it(`${tag}: each is framed whole, posed and in the bind pose; "Correct" returns to the figure's framing`, async () => {
      const { page, context, errors } = await site.newPage();
      const island = await openIsland(page, path, tag);
      if ((await island.getAttribute('data-playing')) === 'true') await pause(island);
      // The slider the figure is posed by: the clip's time, or the bend (offset).
      const bend = island.locator('input[data-part=bend]');
      const slider = (await bend.count()) > 0 ? bend : island.locator('input[data-part=time]');
      const range = await rangeOf(slider);
      const at = (share: number) => range.min + share * (range.max - range.min);
      // Clip figures at four moments of the clip; the bend figure at both ends of its range and where it starts.
      const positions = slider === bend ? [range.min, range.value, range.max] : [0.05, 0.3, 0.55, 0.8].map(at);
      await setRange(slider, positions[1]);
      const correct = await shot(island);
      expect(cutOff(await meshExtent(page, correct)), `${tag} correct`).toBe(0);

      const radio = (value: string) => island.locator(`[data-part=${group}] input[value=${value}]`);
      for (const value of values) {
        await radio(value).check();
        for (const position of positions) {
          await setRange(slider, position);
          const extent = await meshExtent(page, await shot(island));
          expect(extent.share, `${tag} ${value} at ${position}: the mesh shows`).toBeGreaterThan(0.002);
          expect(cutOff(extent), `${tag} ${value} at ${position}: nothing cut off`).toBe(0);
        }
        await island.locator('[data-part=pose] input[value=bind]').check();
        expect(cutOff(await meshExtent(page, await shot(island))), `${tag} ${value} in the bind pose`).toBe(0);
      }
      await island.locator(`[data-part=${group}] input[type=radio]`).first().check();
      await setRange(slider, positions[1]);
      expect((await differingPixels(page, correct, await shot(island))).differing, `${tag}: back to the figure's framing`).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the stage and its panel fit one screen', () => {
  /** Per island of the page, once it runs: its stage's and panel's boxes, and the height the site's header leaves. */
  async function measure(page: Page) {
    const islands = await page.locator(ISLANDS).all();
    const rows = [];
    for (const [index, island] of islands.entries()) {
      await island.scrollIntoViewIfNeeded();
      expect(await waitForState(island, ['running', 'error', 'unsupported'])).toBe('running');
      await nextFrames(page);
      rows.push(
        await island.evaluate((element, i) => {
          const stage = element.querySelector('.island-stage')!.getBoundingClientRect();
          const canvas = element.querySelector('canvas')!.getBoundingClientRect();
          const panel = element.querySelector<HTMLElement>('.island-stage + .island-panel');
          const rootFont = parseFloat(getComputedStyle(document.documentElement).fontSize);
          const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) * rootFont;
          return {
            name: `${element.tagName.toLowerCase()} ${i}`,
            room: innerHeight - header,
            stage: stage.height,
            canvas: canvas.height,
            // Stage top to panel bottom: what must be in view together.
            together: (panel?.getBoundingClientRect().bottom ?? stage.bottom) - stage.top,
            panelScrolls: panel !== null && panel.scrollHeight > panel.clientHeight + 1,
            rootFont,
          };
        }, index),
      );
    }
    return rows;
  }

  for (const { width, height } of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${width}×${height}, on every chapter: the canvas fills the stage, no smaller than its minimum, and the panel fits under it`, async () => {
      const { page, context, errors } = await site.newPage({ width, height });
      let figures = 0;
      const scrolling: string[] = [];
      for (const path of CHAPTERS) {
        await page.goto(site.origin + path);
        for (const row of await measure(page)) {
          const where = `${path} ${row.name}`;
          figures++;
          expect(row.together, `${where}: stage and panel, ${Math.round(row.together)} px of ${Math.round(row.room)}`).toBeLessThanOrEqual(row.room + 1);
          // The minimum: 13rem, or half the screen when that is less.
          expect(row.stage, `${where}: stage height`).toBeGreaterThanOrEqual(Math.min(13 * row.rootFont, height / 2) - 1);
          expect(Math.abs(row.canvas - (row.stage - 2)), `${where}: the canvas fills the stage (inside its border)`).toBeLessThanOrEqual(1);
          if (row.panelScrolls) scrolling.push(where);
        }
      }
      expect(figures).toBeGreaterThan(15);
      console.log(`${width}×${height}: ${figures} figures; panels that scroll within themselves: ${scrolling.join(', ') || 'none'}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('at 200 % zoom on a 1280×800 screen (640×400 CSS pixels), the canvas leaves room for its panel', async () => {
    const { page, context } = await site.newPage({ width: 640, height: 400 });
    await page.goto(site.origin + '/chapters/bones-and-the-hierarchy/');
    for (const row of await measure(page)) {
      // The stage is as tall as the panel leaves it, and never more than 60 % of the screen
      // (unconstrained, the 16:10 stage of a 592 px column would be 370 px of the 400).
      expect(row.together, row.name).toBeLessThanOrEqual(row.room + 1);
      expect(row.stage, row.name).toBeLessThanOrEqual(0.6 * 400);
    }
    await context.close();
  });
});

describe('on a touch screen', () => {
  /** A phone-sized page with touch, on the first `tag` island of `path`, paused. */
  async function openTouch(path: string, tag: string): Promise<{ context: BrowserContext; page: Page; island: Locator }> {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const island = await openIsland(page, path, tag);
    await pause(island);
    return { context, page, island };
  }

  /** Drags `fingers` fingers from the canvas's centre by (dx, dy) CSS pixels, in steps (CDP touch events, as a touch screen sends them). */
  async function drag(page: Page, context: BrowserContext, island: Locator, fingers: number, dx: number, dy: number): Promise<void> {
    const box = (await island.locator('canvas').boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const points = (t: number) =>
      Array.from({ length: fingers }, (_, id) => ({ x: box.x + box.width / 2 + (id - (fingers - 1) / 2) * 70 + t * dx, y: box.y + box.height / 2 + t * dy, id }));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(step / 10) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await nextFrames(page);
  }

  it('two fingers dragged up tilt the view and leave the page where it was; one finger still scrolls the page', async () => {
    const { context, page, island } = await openTouch('/chapters/hierarchy-traversal/', 'traversal-figure');
    const scrollY = () => page.evaluate(() => window.scrollY);
    const before = await shot(island);
    const top = await scrollY();
    await drag(page, context, island, 2, 0, -120);
    expect(await scrollY(), 'two fingers do not scroll the page').toBe(top);
    const tilted = await shot(island);
    const byTilt = await differingPixels(page, before, tilted);
    expect(byTilt.differing / byTilt.total, 'two fingers tilt the view').toBeGreaterThan(0.01);

    await drag(page, context, island, 1, 0, -150);
    expect(await scrollY(), 'one finger scrolls the page').toBeGreaterThan(top + 50);
    expect((await differingPixels(page, tilted, await shot(island))).differing, 'and does not turn the view').toBe(0);
    await context.close();
  });

  it('the on-screen buttons turn, tilt and zoom when tapped', async () => {
    const { context, page, island } = await openTouch('/chapters/hierarchy-traversal/', 'traversal-figure');
    // On a stage this narrow they stand in one row along its bottom edge, in this order, so that
    // none stands over the middle of what the figure frames.
    const order = ['Zoom in', 'Zoom out', 'Turn left', 'Tilt up', 'Tilt down', 'Turn right'];
    const boxes = await Promise.all(order.map(async (name) => (await island.getByRole('button', { name, exact: true }).boundingBox())!));
    const stage = (await island.locator('canvas').boundingBox())!;
    for (const [i, box] of boxes.entries()) {
      expect(box.y, `${order[i]} in the bottom row`).toBeCloseTo(boxes[0].y, 0);
      expect(box.y + box.height, `${order[i]} near the stage's bottom`).toBeGreaterThan(stage.y + stage.height - 40);
      if (i > 0) expect(box.x, `${order[i]} right of ${order[i - 1]}`).toBeGreaterThan(boxes[i - 1].x);
    }
    for (const name of ['Turn left', 'Turn right', 'Tilt up', 'Tilt down', 'Zoom in', 'Zoom out']) {
      const before = await shot(island);
      await island.getByRole('button', { name, exact: true }).tap();
      const after = await differingPixels(page, before, await shot(island));
      expect(after.differing / after.total, `${name} changes the view`).toBeGreaterThan(0.002);
    }
    await context.close();
  });
});

describe('the view buttons from the keyboard', () => {
  it('are in the tab order after the view, each step a button that Enter and Space press; Reset view undoes them', async () => {
    const { page, context, errors } = await site.newPage();
    const island = await openIsland(page, '/chapters/bind-pose/', 'bind-figure');
    await pause(island);
    const start = await shot(island);
    const pad = island.getByRole('group', { name: 'Turn, tilt and zoom the view' });
    expect(await pad.getByRole('button').count()).toBe(6);
    await island.locator('canvas').focus();
    const order: string[] = [];
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(order).toEqual(['Fit the view to what the figure shows now', 'Reset view', 'Full screen', 'Zoom in', 'Zoom out', 'Turn left', 'Tilt up', 'Tilt down', 'Turn right']);
    // Focus is on "Turn right": Enter and Space each take a step.
    let last = start;
    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press(key);
      const now = await shot(island);
      expect((await differingPixels(page, last, now)).differing, `${key} turns the view`).toBeGreaterThan(0);
      last = now;
    }
    await island.locator('[data-part=reset-view]').click();
    await page.mouse.move(0, 0);
    expect((await differingPixels(page, start, await shot(island))).differing, 'Reset view undoes the steps').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`a running figure with its view buttons has no axe violation, ${colorScheme}`, async () => {
      const { page, context } = await site.newPage({ colorScheme });
      await openIsland(page, '/chapters/offset-matrices/', 'offset-figure');
      expect(await axeViolations(page, 'offset-figure')).toEqual([]);
      await context.close();
    });
  }
});

describe('Full screen', () => {
  it('shows the figure on the whole screen, its canvas filling what the panel leaves, and gives it back', async () => {
    const { page, context, errors } = await site.newPage({ width: 1280, height: 800 });
    const island = await openIsland(page, '/chapters/offset-matrices/', 'offset-figure');
    const button = island.locator('[data-part=full-screen]');
    expect(await button.isVisible()).toBe(true);
    const canvasSize = () => island.locator('canvas').evaluate((canvas) => ({ width: canvas.clientWidth, height: canvas.clientHeight, framebuffer: (canvas as HTMLCanvasElement).width }));
    const inPage = await canvasSize();
    await button.click();
    await page.waitForFunction(() => document.fullscreenElement !== null, null, { timeout: 5000 });
    expect(await island.evaluate((element) => document.fullscreenElement === element)).toBe(true);
    expect(await button.textContent()).toBe('Exit full screen');
    await nextFrames(page);
    const full = await canvasSize();
    const screen = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    console.log(`canvas in the page ${inPage.width}×${inPage.height}, full screen ${full.width}×${full.height} of ${screen.width}×${screen.height}`);
    expect(full.width, 'the canvas takes the width of the screen').toBeGreaterThan(screen.width - 40);
    expect(full.height, 'and at least half its height').toBeGreaterThanOrEqual(screen.height / 2 - 1);
    expect(full.framebuffer, 'the framebuffer follows').toBeGreaterThan(inPage.framebuffer);
    // Stage and panel on the screen together.
    const panelBottom = await island.locator('.island-stage + .island-panel').evaluate((panel) => panel.getBoundingClientRect().bottom);
    expect(panelBottom).toBeLessThanOrEqual(screen.height + 1);
    const drawn = await meshExtent(page, await shot(island));
    expect(drawn.share, 'the figure draws in full screen').toBeGreaterThan(0.005);
    expect(cutOff(drawn), 'framed for the new shape').toBe(0);

    // Escape, as a reader would; headless Chromium has no browser frame to hear it, so the
    // button is the fallback that the test then relies on.
    await page.keyboard.press('Escape');
    const leftByEscape = await page
      .waitForFunction(() => document.fullscreenElement === null, null, { timeout: 1000 })
      .then(() => true)
      .catch(() => false);
    if (!leftByEscape) await button.click();
    await page.waitForFunction(() => document.fullscreenElement === null, null, { timeout: 5000 });
    console.log(`full screen left by ${leftByEscape ? 'Escape' : 'the button (Escape does not reach headless Chromium)'}`);
    // The label follows the browser's fullscreenchange event, which may come a task after the element is released.
    await expect.poll(() => button.textContent()).toBe('Full screen');
    await nextFrames(page);
    await expect.poll(() => canvasSize()).toEqual(inPage);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is hidden where the browser cannot show an element full screen', async () => {
    const { page, context } = await site.newPage();
    await page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    const island = await openIsland(page, '/chapters/offset-matrices/', 'offset-figure');
    expect(await island.locator('[data-part=reset-view]').isVisible()).toBe(true);
    expect(await island.locator('[data-part=full-screen]').isVisible()).toBe(false);
    await context.close();
  });
});
