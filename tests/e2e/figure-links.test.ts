// A figure's view in the page address, and a figure on its own page: Link copies an address that
// opens the figure with the same controls and the same pixels; hostile addresses load cleanly and
// change nothing; "Open on its own page" takes the view along; a figure's own page starts and
// draws, large; the list of figures links to every figure page, and each page back to its figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { differingPixels, nextFrames, pause, shot, waitForState } from './figures.ts';
import { dist, openSite, type Site } from './harness.ts';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** A fresh page at `url` (path or absolute), its figure `name` scrolled to and running. */
async function openFigure(url: string, name: string) {
  const { page, context, errors } = await site.newPage({ width: 1280, height: 900 });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url.startsWith('http') ? url : site.origin + url);
  const island = page.locator(`#figure-${name}`);
  await island.scrollIntoViewIfNeeded();
  await waitForState(island, ['running']);
  return { page, context, errors, dialogs, island };
}

/** Sets a range input as a reader dragging it would (input, then change). */
async function setSlider(slider: Locator, value: number): Promise<void> {
  await slider.evaluate((element, v) => {
    const input = element as HTMLInputElement;
    input.valueAsNumber = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** Presses the figure's Link button; returns the address it copied, after its status says so. */
async function copyLink(page: Page, island: Locator): Promise<string> {
  const button = island.getByRole('button', { name: 'Copy link to this view' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => island.locator('[data-figure-link-status]').textContent()).toBe('Link to this view copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(page.url(), 'the address bar shows the same address').toBe(copied);
  return copied;
}

/** Pixels that differ between the two canvases' screenshots; fails when their sizes differ. */
async function differing(page: Page, a: Buffer, b: Buffer): Promise<number> {
  const { differing: count, total } = await differingPixels(page, a, b);
  expect(count, 'same canvas size').toBeGreaterThanOrEqual(0);
  return count / total;
}

describe('Link: the view in the address', () => {
  it('keeps a Break it choice and a slider (chapter 4, the offset matrices)', async () => {
    const name = 'offset-matrices';
    const first = await openFigure('/chapters/offset-matrices/', name);
    await first.island.locator('input[type=radio][value=not-inverted]').check();
    await setSlider(first.island.locator('[data-part=bend]'), 75);
    await nextFrames(first.page);
    const before = await shot(first.island);
    const copied = await copyLink(first.page, first.island);
    const address = new URL(copied);
    expect(address.pathname).toBe('/chapters/offset-matrices/');
    expect(address.hash).toBe(`#figure-${name}`);
    expect(Object.fromEntries(address.searchParams)).toEqual({ fig: name, 'palette-mode': 'not-inverted', bend: '75' });

    const second = await openFigure(copied, name);
    expect(await second.island.locator('input[type=radio][value=not-inverted]').isChecked()).toBe(true);
    expect(await second.island.locator('[data-part=bend]').inputValue()).toBe('75');
    expect(await second.island.locator('output[for$="-bend"]').textContent()).toBe('75°');
    expect(await second.page.evaluate(() => document.getElementById('figure-offset-matrices')!.getBoundingClientRect().top), 'scrolled to the figure').toBeLessThan(300);
    const after = await shot(second.island);
    expect(await differing(second.page, before, after)).toBeLessThan(0.002);
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('keeps a paused time and a view switch (chapter 0, the mannequin and its skeleton)', async () => {
    const name = 'mannequin-skeleton';
    const first = await openFigure('/chapters/why-skeletons/', name);
    await pause(first.island);
    await setSlider(first.island.locator('[data-part=time]'), 0.42);
    await first.island.locator('input[data-part=skeleton]').uncheck();
    await nextFrames(first.page);
    const before = await shot(first.island);
    const copied = await copyLink(first.page, first.island);
    // Other controls this figure may have (a joint, a clip) are written only when changed from how the figure starts.
    expect(Object.fromEntries(new URL(copied).searchParams)).toEqual({ fig: name, skeleton: '0', time: '0.42' });

    const second = await openFigure(copied, name);
    await expect.poll(() => second.island.locator('[data-part=time]').inputValue()).toBe('0.42');
    expect(await second.island.getAttribute('data-playing')).toBe('false');
    expect(await second.island.locator('input[data-part=skeleton]').isChecked()).toBe(false);
    expect(await second.island.locator('[data-part=time-output]').textContent()).toBe('0.42 s');
    const after = await shot(second.island);
    expect(await differing(second.page, before, after)).toBeLessThan(0.002);
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('keeps a weights choice and a bend (chapter 2, the bend tube)', async () => {
    const name = 'bend-tube-weights';
    const first = await openFigure('/chapters/skin-weights/', name);
    await first.island.locator('[data-part=weights-mode] input[type=radio]').nth(1).check();
    const chosen = await first.island.locator('[data-part=weights-mode] input[type=radio]').nth(1).getAttribute('value');
    await setSlider(first.island.locator('[data-part=bend]'), -30);
    await nextFrames(first.page);
    const before = await shot(first.island);
    const copied = await copyLink(first.page, first.island);
    // The joint menu, which the figure fills and sets itself, comes along too when it is not on its first joint.
    const joint = await first.island.locator('select[data-part=joint]').inputValue();
    const expected: Record<string, string> = { fig: name, 'weights-mode': chosen!, bend: '-30' };
    if (joint !== '0') expected.joint = joint;
    expect(Object.fromEntries(new URL(copied).searchParams)).toEqual(expected);

    const second = await openFigure(copied, name);
    expect(await second.island.locator(`[data-part=weights-mode] input[value="${chosen}"]`).isChecked()).toBe(true);
    expect(await second.island.locator('[data-part=bend]').inputValue()).toBe('-30');
    await expect.poll(() => second.island.locator('select[data-part=joint]').inputValue()).toBe(joint);
    const after = await shot(second.island);
    expect(await differing(second.page, before, after)).toBeLessThan(0.002);
    await first.context.close();
    await second.context.close();
  });

  it('ignores hostile and malformed values without an error, and writes none of them into the page', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    for (const query of [
      `?fig=x&time=NaN&choice=${encodeURIComponent(hostile)}`,
      `?fig=offset-matrices&bend=NaN&bend=1e999&palette-mode=${encodeURIComponent(hostile)}&time=-1&${'a'.repeat(3000)}=1`,
      `?fig=offset-matrices&bend=999&palette-mode=nonsense&skeleton=2&pose=${'x'.repeat(500)}`,
      `?fig=${encodeURIComponent('"><img src=x onerror=alert(1)>')}&bend=10`,
    ]) {
      const { page, context, errors, dialogs, island } = await openFigure(`/chapters/offset-matrices/${query}`, 'offset-matrices');
      expect(await island.locator('[data-part=bend]').inputValue(), query).toBe('40');
      expect(await island.locator('input[type=radio][value=correct]').isChecked(), query).toBe(true);
      expect(await page.locator('img[src="x"]').count(), query).toBe(0);
      await page.waitForTimeout(200);
      expect(dialogs, query).toEqual([]);
      expect(errors, query).toEqual([]);
      await context.close();
    }
  });
});

describe('a figure on its own page', () => {
  it('opens from the chapter with the view, starts, draws across the page, and links back', async () => {
    const name = 'offset-matrices';
    const first = await openFigure('/chapters/offset-matrices/', name);
    await first.island.locator('input[type=radio][value=without-offsets]').check();
    await Promise.all([first.page.waitForURL(/\/figures\/offset-matrices\//), first.island.getByRole('link', { name: 'Open on its own page' }).click()]);
    const address = new URL(first.page.url());
    expect(address.pathname).toBe(`/figures/${name}/`);
    expect(address.searchParams.get('palette-mode')).toBe('without-offsets');
    const island = first.page.locator(`#figure-${name}`);
    await waitForState(island, ['running']);
    expect(await island.locator('input[type=radio][value=without-offsets]').isChecked()).toBe(true);
    expect(await first.page.locator('h1').count()).toBe(1);
    expect(await island.getByRole('link', { name: 'Open on its own page' }).count(), 'no link to the page it is on').toBe(0);
    const canvas = (await island.locator('canvas').boundingBox())!;
    expect(canvas.width, 'the stage spans the page').toBeGreaterThan(1280 * 0.85);
    // It draws: the canvas is not one flat colour.
    const picture = await shot(island);
    const colours = await first.page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return seen.size;
    }, picture.toString('base64'));
    expect(colours).toBeGreaterThan(50);
    expect(await first.page.locator('[data-part=poster]').isVisible(), 'the poster gives way to the canvas').toBe(false);
    // Back to the chapter, with the view.
    await Promise.all([first.page.waitForURL(/\/chapters\/offset-matrices\//), first.page.getByRole('link', { name: 'Offset (inverse bind) matrices' }).click()]);
    const back = new URL(first.page.url());
    expect(back.hash).toBe(`#figure-${name}`);
    expect(back.searchParams.get('palette-mode')).toBe('without-offsets');
    const chapterIsland = first.page.locator(`#figure-${name}`);
    await waitForState(chapterIsland, ['running']);
    expect(await chapterIsland.locator('input[type=radio][value=without-offsets]').isChecked()).toBe(true);
    expect(first.errors).toEqual([]);
    await first.context.close();
  });

  it('has a list of figures that links to every figure page, with posters and no canvas', async () => {
    const built = readdirSync(join(dist, 'figures'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `/figures/${entry.name}/`)
      .sort();
    expect(built.length).toBeGreaterThanOrEqual(20);
    const { page, context, errors } = await site.newPage();
    await page.goto(`${site.origin}/figures/`);
    const links = await page.$$eval('main a[href^="/figures/"]', (anchors) => anchors.map((a) => a.getAttribute('href')!));
    expect([...new Set(links)].sort()).toEqual(built);
    expect(await page.locator('main canvas').count()).toBe(0);
    expect(await page.locator('main img').count()).toBe(built.length);
    expect(errors).toEqual([]);
    await context.close();
    // Each page links back to its figure in the chapter, which carries that anchor.
    for (const path of built) {
      const html = readFileSync(join(dist, path, 'index.html'), 'utf8');
      const back = /<a href="([^"#]*)#(figure-[a-z0-9-]+)" data-figure-link="open"/.exec(html);
      expect(back, path).not.toBeNull();
      const chapter = readFileSync(join(dist, back![1], 'index.html'), 'utf8');
      expect(chapter, `${back![1]} has #${back![2]}`).toContain(`id="${back![2]}"`);
    }
  });
});
