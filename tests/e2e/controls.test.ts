// The shared figure controls as a reader uses them, with the mouse and the keyboard, on the home
// page's model figure (a clip playing, Skeleton and Weights off): the time slider sets the time
// wherever it is pressed, clicked, dragged or keyed, and pauses there; the bind pose pauses the
// clip and Play leaves it; a joint chosen while nothing shows joints turns the weight paint on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { differingPixels, nextFrames, openIsland, shot } from './figures.ts';
import { openSite, type Site } from './harness.ts';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

const slider = (island: Locator) => island.locator('[data-part=time]');
const timeOutput = (island: Locator) => island.locator('[data-part=time-output]');
const playLabel = (island: Locator) => island.locator('[data-part=play-label]');
const playing = async (island: Locator) => (await island.getAttribute('data-playing')) === 'true';

/** The slider's value and range, in seconds. */
async function sliderState(island: Locator): Promise<{ value: number; max: number }> {
  return { value: Number(await slider(island).inputValue()), max: Number(await slider(island).getAttribute('max')) };
}

/** Starts the clip if it is paused, and lets it run a little. */
async function play(island: Locator): Promise<void> {
  if (!(await playing(island))) await island.locator('[data-part=play]').click();
  expect(await playing(island)).toBe(true);
  await island.page().waitForTimeout(250);
}

/**
 * The page point on the slider's track at `fraction` (0–1) of its range. The thumb's centre runs
 * from half a thumb in from the left end to half a thumb in from the right (the site keeps
 * Chromium's 16 px thumb); the tests allow a few percent either way.
 */
async function trackPoint(island: Locator, fraction: number): Promise<{ x: number; y: number }> {
  const box = (await slider(island).boundingBox())!;
  const halfThumb = 8;
  return { x: box.x + halfThumb + fraction * (box.width - 2 * halfThumb), y: box.y + box.height / 2 };
}

/** The clip's time shown in the output, in seconds ("0.42 s" → 0.42). */
async function shownTime(island: Locator): Promise<number> {
  const text = (await timeOutput(island).textContent()) ?? '';
  expect(text).toMatch(/^\d+\.\d\d s$/);
  return Number(text.slice(0, -2));
}

/** Two screenshots of the canvas `ms` apart differ in this many pixels (0: the figure stands still). */
async function movement(page: Page, island: Locator, ms = 300): Promise<number> {
  const before = await shot(island);
  await page.waitForTimeout(ms);
  return (await differingPixels(page, before, await shot(island))).differing;
}

describe('the time slider of a playing clip', () => {
  it('sets the time where it is clicked, pauses there, and stays there', async () => {
    const { page, context, errors, island } = await openIsland(site, '/', 'model-figure');
    for (const fraction of [0.8, 0.25, 0.55]) {
      await play(island);
      const target = await trackPoint(island, fraction);
      await page.mouse.click(target.x, target.y);
      expect(await playing(island), `paused by a click at ${fraction}`).toBe(false);
      expect(await playLabel(island).textContent()).toBe('Play');
      const { value, max } = await sliderState(island);
      expect(Math.abs(value / max - fraction), `the thumb jumped to the click at ${fraction}`).toBeLessThan(0.06);
      await nextFrames(page);
      expect(await shownTime(island)).toBeCloseTo(value, 2);
      // Paused: neither the thumb nor the figure moves on.
      expect(await movement(page, island), 'the figure stands still').toBe(0);
      expect((await sliderState(island)).value).toBe(value);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes hold of the time where the thumb stands when the thumb itself is pressed', async () => {
    const { page, context, errors, island } = await openIsland(site, '/', 'model-figure');
    await play(island);
    // A press on the thumb moves no value (no input event): the press alone must pause.
    const held = await slider(island).evaluate((element) => {
      element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse' }));
      return (element as HTMLInputElement).valueAsNumber;
    });
    expect(await playing(island)).toBe(false);
    await page.waitForTimeout(300);
    expect((await sliderState(island)).value).toBeCloseTo(held, 6);
    expect(await shownTime(island)).toBeCloseTo(held, 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a drag and stops where the pointer is let go', async () => {
    const { page, context, errors, island } = await openIsland(site, '/', 'model-figure');
    await play(island);
    const from = await trackPoint(island, 0.15);
    const to = await trackPoint(island, 0.7);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(from.x + ((to.x - from.x) * step) / 8, to.y);
    expect(await playing(island), 'paused from the first press').toBe(false);
    await page.mouse.up();
    const { value, max } = await sliderState(island);
    expect(Math.abs(value / max - 0.7)).toBeLessThan(0.06);
    await nextFrames(page);
    expect(await shownTime(island)).toBeCloseTo(value, 2);
    expect(await movement(page, island)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes to the end with End and to the start with Home, and an arrow key at the end does not wrap', async () => {
    const { page, context, errors, island } = await openIsland(site, '/', 'model-figure');
    const { max } = await sliderState(island);
    await play(island);
    await slider(island).focus();
    await page.keyboard.press('End');
    expect(await playing(island), 'End pauses').toBe(false);
    expect((await sliderState(island)).value).toBeCloseTo(max, 6);
    await nextFrames(page);
    expect(await timeOutput(island).textContent()).toBe(`${max.toFixed(2)} s`);
    const atEnd = await shot(island);

    await page.keyboard.press('ArrowRight');
    await nextFrames(page);
    expect((await sliderState(island)).value, 'ArrowRight at the end stays at the end').toBeCloseTo(max, 6);
    expect(await timeOutput(island).textContent()).toBe(`${max.toFixed(2)} s`);
    expect((await differingPixels(page, atEnd, await shot(island))).differing).toBe(0);

    // One step back from the end, then forward again: back at the end, not at the start.
    await page.keyboard.press('ArrowLeft');
    expect((await sliderState(island)).value).toBeLessThan(max);
    await page.keyboard.press('ArrowRight');
    expect((await sliderState(island)).value).toBeCloseTo(max, 6);
    expect(await timeOutput(island).textContent()).toBe(`${max.toFixed(2)} s`);

    // Home while playing: the start.
    await play(island);
    await slider(island).focus();
    await page.keyboard.press('Home');
    expect(await playing(island), 'Home pauses').toBe(false);
    expect((await sliderState(island)).value).toBe(0);
    await nextFrames(page);
    expect(await timeOutput(island).textContent()).toBe('0.00 s');

    // End, then Play: the clip plays on from the end, through the loop, without stopping.
    await page.keyboard.press('End');
    await island.locator('[data-part=play]').click();
    await page.waitForTimeout(300);
    expect(await playing(island)).toBe(true);
    expect((await sliderState(island)).value).toBeLessThan(max);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the bind pose switch and play/pause', () => {
  it('pauses the clip in the bind pose, offers Play, and Play returns to the posed figure', async () => {
    const { page, context, errors, island } = await openIsland(site, '/', 'model-figure');
    await play(island);
    const bind = island.locator('[data-part=pose] input[value=bind]');
    const posed = island.locator('[data-part=pose] input[value=animated]');
    await bind.check();
    expect(await playing(island), 'the bind pose pauses').toBe(false);
    expect(await playLabel(island).textContent()).toBe('Play');
    const pausedAt = (await sliderState(island)).value;
    expect(pausedAt, 'the time stays where the clip was').toBeGreaterThan(0);
    await nextFrames(page);
    expect(await shownTime(island)).toBeCloseTo(pausedAt, 2);
    expect(await movement(page, island), 'the bind pose stands still').toBe(0);
    const bindPicture = await shot(island);

    // Play: back to the posed figure, moving.
    await island.locator('[data-part=play]').click();
    expect(await playing(island)).toBe(true);
    expect(await playLabel(island).textContent()).toBe('Pause');
    expect(await posed.isChecked()).toBe(true);
    expect(await bind.isChecked()).toBe(false);
    expect(await movement(page, island), 'the clip plays again').toBeGreaterThan(0);
    expect((await differingPixels(page, bindPicture, await shot(island))).differing, 'no longer the bind pose').toBeGreaterThan(0);

    // The first press of Pause pauses.
    await island.locator('[data-part=play]').click();
    expect(await playing(island)).toBe(false);
    expect(await playLabel(island).textContent()).toBe('Play');
    expect(await movement(page, island)).toBe(0);

    // Paused, the bind pose and back: the same picture as before, still paused.
    const still = await shot(island);
    await bind.check();
    await posed.check();
    expect(await playing(island)).toBe(false);
    expect((await differingPixels(page, still, await shot(island))).differing).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the joint menu', () => {
  it('turns the weight paint on when Skeleton and Weights are both off, and the paint follows the joint', async () => {
    const { page, context, errors, island } = await openIsland(site, '/', 'model-figure');
    await island.locator('[data-part=play]').click();
    expect(await playing(island)).toBe(false);
    const weights = island.locator('[data-part=weights]');
    const skeleton = island.locator('[data-part=skeleton]');
    expect(await weights.isChecked()).toBe(false);
    expect(await skeleton.isChecked()).toBe(false);
    const shaded = await shot(island);

    const menu = island.locator('[data-part=joint]');
    await menu.selectOption({ label: 'upper_leg.L' });
    expect(await weights.isChecked(), 'Weights switched on').toBe(true);
    const thigh = await shot(island);
    expect((await differingPixels(page, shaded, thigh)).differing, 'the paint shows').toBeGreaterThan(500);

    await menu.selectOption({ label: 'head' });
    const head = await shot(island);
    expect((await differingPixels(page, thigh, head)).differing, 'another joint, another paint').toBeGreaterThan(200);

    // Unticked by the reader, Weights stays off while the skeleton shows the chosen joint.
    await weights.uncheck();
    await skeleton.check();
    await menu.selectOption({ label: 'hips' });
    expect(await weights.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves the views alone on a figure that shows the chosen joint in words', async () => {
    const { context, errors, island } = await openIsland(site, '/chapters/keyframe-interpolation/', 'keys-figure');
    const weights = island.locator('[data-part=weights]');
    expect(await weights.isChecked()).toBe(false);
    await island.locator('[data-part=joint]').selectOption({ label: 'upper_leg.L' });
    expect(await island.locator('[data-part=joint-name]').textContent()).toBe('upper_leg.L');
    expect(await weights.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
