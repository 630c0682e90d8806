// The shared playback options (PlaybackOptions.astro under Timeline.astro) as a reader uses them
// from the keyboard, on the home page's model figure and chapter 5's traversal figure: the clip
// menu plays another of the mannequin's clips (another picture, and the description names it),
// the speed menu scales how fast the clip time runs against the wall clock, and a step pauses and
// moves the time slider by exactly one frame, 1/30 s; all of them set before the figure starts
// are what it starts from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { loadModelFile } from '../../tools/inspect.ts';
import { differingPixels, nextFrames, openIsland, pause, seek, shot, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';

/** One step of the step buttons, seconds: PlaybackOptions.astro's default frame rate, 30 per second. */
const FRAME = 1 / 30;

const mannequin = loadModelFile(new URL('../../public/models/mannequin.glb', import.meta.url).pathname);
const clipNames = mannequin.clips.map((clip) => clip.name);
const idle = mannequin.clips.find((clip) => clip.name === 'idle')!;

const FIGURES = [
  { path: '/', tag: 'model-figure' },
  { path: '/chapters/hierarchy-traversal/', tag: 'traversal-figure' },
];

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** A fresh page on `path`, scrolled to its first `tag` island once that island runs, paused. */
async function openPaused(path: string, tag: string) {
  const opened = await openIsland(site, path, tag);
  await pause(opened.island);
  return opened;
}

const sliderValue = async (island: Locator) => Number(await island.locator('[data-part=time]').inputValue());

/** Focuses `control` and presses `key` on it `times` times. */
async function press(control: Locator, key: string, times = 1): Promise<void> {
  await control.focus();
  for (let i = 0; i < times; i++) await control.page().keyboard.press(key);
}

/** The figure's live description (the element its canvas's aria-describedby names), once `pattern` matches it or 3 s have passed. */
async function descriptionMatching(island: Locator, pattern: RegExp): Promise<string> {
  const read = () => island.locator('canvas').evaluate((canvas) => document.getElementById(canvas.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
  const end = Date.now() + 3000;
  let text = await read();
  while (!pattern.test(text) && Date.now() < end) {
    await island.page().waitForTimeout(100);
    text = await read();
  }
  return text;
}

/**
 * Plays from 0 s for about a second of wall time (Space on Play, then on Pause) and returns the
 * clip time reached over the wall time that passed, both measured in the page.
 */
async function clipSecondsPerSecond(page: Page, island: Locator): Promise<number> {
  await seek(island, 0);
  const play = island.locator('[data-part=play]');
  await play.focus();
  const started = await page.evaluate(() => performance.now());
  await page.keyboard.press('Space');
  await page.waitForTimeout(1000);
  await page.keyboard.press('Space');
  const stopped = await page.evaluate(() => performance.now());
  expect(await island.getAttribute('data-playing')).toBe('false');
  return (await sliderValue(island)) / ((stopped - started) / 1000);
}

describe('the playback options, from the keyboard', () => {
  for (const { path, tag } of FIGURES) {
    it(`${path} ${tag}: the clip menu offers the mannequin's clips; choosing wave changes the picture and the description`, async () => {
      const { page, context, errors, island } = await openPaused(path, tag);
      const menu = island.locator('[data-part=clip-select]');
      expect(await menu.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(clipNames);
      expect(await menu.inputValue()).toBe('walk');
      await seek(island, 0.4);
      const walking = await shot(island);
      expect(await descriptionMatching(island, /paused at 0\.40 s of the walk clip[.,]/)).toMatch(/paused at 0\.40 s of the walk clip[.,]/);
      await press(menu, 'ArrowDown');
      expect(await menu.inputValue()).toBe('wave');
      // Another clip plays from its start, still paused.
      expect(await island.getAttribute('data-playing')).toBe('false');
      expect(await sliderValue(island)).toBe(0);
      expect(Number(await island.locator('[data-part=time]').getAttribute('max'))).toBeCloseTo(mannequin.clips[1].duration, 6);
      const { differing } = await differingPixels(page, walking, await shot(island));
      expect(differing, 'the wave is another picture').toBeGreaterThan(500);
      expect(await descriptionMatching(island, /paused at 0\.00 s of the wave clip[.,]/)).toMatch(/paused at 0\.00 s of the wave clip[.,]/);
      // And back: the walk at 0.4 s is the very same picture.
      await press(menu, 'ArrowUp');
      await seek(island, 0.4);
      expect((await differingPixels(page, walking, await shot(island))).differing).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${path} ${tag}: at 0.5× the clip time runs about half as fast as at 1×, and the description names the speed`, async () => {
      const { page, context, errors, island } = await openPaused(path, tag);
      // The idle clip (4 s) does not loop within the second measured.
      await island.locator('[data-part=clip-select]').selectOption('idle');
      const speed = island.locator('[data-part=speed]');
      expect(await speed.inputValue()).toBe('1');
      const full = await clipSecondsPerSecond(page, island);
      await press(speed, 'ArrowUp');
      expect(await speed.inputValue()).toBe('0.5');
      const half = await clipSecondsPerSecond(page, island);
      // Slow software-rendered frames advance at most 0.1 s each (figure-canvas.ts), at either speed alike.
      expect(full, 'up to one clip second per second at 1×').toBeGreaterThan(0.3);
      expect(full).toBeLessThan(1.2);
      expect(half, 'and about half of that at 0.5×').toBeGreaterThan(0.35 * full);
      expect(half).toBeLessThan(0.65 * full);
      expect(half).toBeLessThan(idle.duration);
      expect(await descriptionMatching(island, /paused at [\d.]+ s of the idle clip at 0\.5× speed[.,]/)).toMatch(/paused at [\d.]+ s of the idle clip at 0\.5× speed[.,]/);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${path} ${tag}: a step pauses the clip and moves the slider by exactly one frame`, async () => {
      const { page, context, errors, island } = await openPaused(path, tag);
      const forward = island.locator('[data-part=step-forward]');
      const back = island.locator('[data-part=step-back]');
      expect(await forward.getAttribute('aria-label')).toBeNull();
      expect(await forward.textContent()).toMatch(/1 frame forward \(1\/30 s\)/);
      // Paused at 0.5 s: forward twice, back once.
      await seek(island, 0.5);
      const still = await shot(island);
      await press(forward, 'Enter');
      await nextFrames(page);
      expect(await sliderValue(island)).toBeCloseTo(0.5 + FRAME, 9);
      expect((await differingPixels(page, still, await shot(island))).differing, 'a frame later, another pose').toBeGreaterThan(20);
      await press(forward, 'Space');
      expect(await sliderValue(island)).toBeCloseTo(0.5 + 2 * FRAME, 9);
      await press(back, 'Space', 2);
      expect(await sliderValue(island)).toBeCloseTo(0.5, 9);
      expect((await differingPixels(page, still, await shot(island))).differing, 'back where it was').toBe(0);
      expect(await island.locator('[data-part=time-output]').textContent()).toBe('0.50 s');
      // Playing: a step pauses, one frame on from where the slider stood.
      await press(island.locator('[data-part=play]'), 'Enter');
      expect(await island.getAttribute('data-playing')).toBe('true');
      await page.waitForTimeout(300);
      await forward.focus();
      const before = await sliderValue(island);
      await page.keyboard.press('Enter');
      expect(await island.getAttribute('data-playing')).toBe('false');
      const after = await sliderValue(island);
      // The slider follows each drawn frame; a frame may be drawn between reading it and the key press.
      expect(after).toBeGreaterThanOrEqual(before + FRAME - 1e-9);
      expect(after).toBeLessThan(before + FRAME + 0.25);
      await press(forward, 'Enter');
      expect(await sliderValue(island)).toBeCloseTo(after + FRAME, 9);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('chapter 5: a clip, a speed and two steps chosen before the figure starts are what it starts from', async () => {
    const { path, tag } = FIGURES[1];
    const { page, context, errors } = await site.newPage({ height: 500 });
    await page.goto(site.origin + path, { waitUntil: 'networkidle' });
    const island = page.locator(tag).first();
    expect(await island.getAttribute('data-state'), 'not started').toBe('idle');
    const focusInPlace = (control: Locator) => control.evaluate((element) => (element as HTMLElement).focus({ preventScroll: true }));
    await focusInPlace(island.locator('[data-part=clip-select]'));
    await page.keyboard.press('ArrowDown');
    await focusInPlace(island.locator('[data-part=speed]'));
    await page.keyboard.press('ArrowDown');
    await focusInPlace(island.locator('[data-part=step-forward]'));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await island.getAttribute('data-state'), 'still not started').toBe('idle');
    expect(await island.locator('[data-part=play-label]').textContent(), 'a step pauses').toBe('Play');
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    await nextFrames(page);
    expect(await island.getAttribute('data-playing')).toBe('false');
    expect(await island.locator('[data-part=clip-select]').inputValue()).toBe('wave');
    expect(await sliderValue(island)).toBeCloseTo(2 * FRAME, 9);
    expect(await descriptionMatching(island, /paused at 0\.07 s of the wave clip at 2× speed[.,]/)).toMatch(/paused at 0\.07 s of the wave clip at 2× speed[.,]/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
