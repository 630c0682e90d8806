// What the e2e tests of the figures share: waiting for an island's state, letting the page draw,
// and comparing screenshots pixel by pixel — decoded in the page (createImageBitmap), so what is
// compared is what the reader sees after compositing, with no test hook in the shipped code.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Site } from './harness.ts';

/** A pixel "differs" when its R, G and B differ by more than this in total (0–765). */
export const PIXEL_THRESHOLD = 24;

/** Waits until the island's data-state is one of `states`; returns it. */
export async function waitForState(island: Locator, states: string[], timeout = 30_000): Promise<string> {
  const handle = await island.elementHandle();
  await island.page().waitForFunction(
    ([element, wanted]) => wanted.includes((element as HTMLElement).dataset.state ?? ''),
    [handle, states] as const,
    { timeout },
  );
  return (await island.getAttribute('data-state')) ?? '';
}

/** Lets the page draw: two animation frames. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Pixels that differ between two PNG screenshots of the same size (differing −1 when the sizes differ). */
export async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<{ differing: number; total: number }> {
  return page.evaluate(
    async ([first, second, threshold]) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      if (x.length !== y.length) return { differing: -1, total: x.length / 4 };
      let differing = 0;
      for (let i = 0; i < x.length; i += 4) {
        if (Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]) > threshold) differing++;
      }
      return { differing, total: x.length / 4 };
    },
    [a.toString('base64'), b.toString('base64'), PIXEL_THRESHOLD] as const,
  );
}

/** Share (0–1) of the pixels that differ between two PNG screenshots of the same size (negative when the sizes differ). */
export async function differingShare(page: Page, a: Buffer, b: Buffer): Promise<number> {
  const { differing, total } = await differingPixels(page, a, b);
  return differing / total;
}

/**
 * Screenshot of the island's canvas after the page has drawn. The chapters lay out their blocks
 * only near the viewport, each estimated until then (content-visibility, styles/prose.css), so
 * where the canvas lies in the page, to the fraction of a pixel, depends on what was scrolled
 * past, and with it how the buttons over the canvas snap to the pixel grid. The same state reached
 * along two paths is compared as the same pixels: every block is laid out first (the page's one
 * change for the test), and the canvas brought to rest in view.
 */
export async function shot(island: Locator): Promise<Buffer> {
  const canvas = island.locator('canvas');
  await layOutEveryBlock(island.page());
  await settleInView(canvas);
  return canvas.screenshot();
}

/**
 * Lays out every block of the page's reading column, for good (see shot): a test that measures
 * where the canvas is and then takes shots calls it before measuring, so that the first shot does
 * not move the canvas.
 */
export async function layOutEveryBlock(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.getElementById('e2e-all-laid-out') !== null) return;
    const style = document.createElement('style');
    style.id = 'e2e-all-laid-out';
    style.textContent = '.prose > * { content-visibility: visible !important; }';
    document.head.append(style);
  });
  await nextFrames(page);
}

/** Scrolls `element` into view and waits until its place in the page stays put for two frames. */
export async function settleInView(element: Locator): Promise<void> {
  let previous = '';
  for (let attempt = 0; attempt < 10; attempt++) {
    await element.scrollIntoViewIfNeeded();
    await nextFrames(element.page());
    const place = await element.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return `${box.left + window.scrollX},${box.top + window.scrollY},${box.width},${box.height}`;
    });
    if (place === previous) return;
    previous = place;
  }
}

/** Pauses the island's clip if it plays, so that only the controls change what it shows. */
export async function pause(island: Locator): Promise<void> {
  if ((await island.getAttribute('data-playing')) === 'true') await island.locator('[data-part=play]').click();
  expect(await island.getAttribute('data-playing')).toBe('false');
  await nextFrames(island.page());
}

/** A fresh page of `site` on `path`, scrolled to its first `tag` island, once that island runs. */
export async function openIsland(site: Site, path: string, tag: string) {
  const { page, context, errors } = await site.newPage();
  await page.goto(site.origin + path);
  const island = page.locator(tag).first();
  await island.scrollIntoViewIfNeeded();
  await waitForState(island, ['running']);
  return { page, context, errors, island };
}

/** Moves the island's time slider to `seconds`, as a drag would (input, then change), and lets the page draw. */
export async function seek(island: Locator, seconds: number): Promise<void> {
  await island.locator('[data-part=time]').evaluate((slider, value) => {
    (slider as HTMLInputElement).value = String(value);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    slider.dispatchEvent(new Event('change', { bubbles: true }));
  }, seconds);
  await nextFrames(island.page());
}
