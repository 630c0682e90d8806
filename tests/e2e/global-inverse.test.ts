// Chapter 6 in Chromium: the global inverse figure's "Break it" choice — a labelled radio group
// operable by keyboard, mouse and touch — draws each of the three mistakes differently from the
// correct figure and from each other, in the walk and in the bind pose, says in words where the
// mesh went, frames it, and gives back exactly the correct pixels; the worked examples are
// typeset with the numbers the chapter quotes.
//
// Pixels are compared as in islands.test.ts: element screenshots decoded in the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differingShare, pause, shot, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';

const PATH = '/chapters/global-inverse-transform/';
/** A pixel "differs" when its R, G and B differ by more than this in total (0–765), as in islands.test.ts. */
const MISTAKES = ['without-global-inverse', 'global-inverse-twice', 'mesh-node-transform'] as const;

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** A fresh page on the chapter, scrolled to its figure once it runs, paused. */
async function openFigure(options: { width?: number; height?: number } = {}) {
  const { page, context, errors } = await site.newPage(options);
  await page.goto(site.origin + PATH);
  const island = page.locator('global-inverse-figure');
  expect(await island.count()).toBe(1);
  await island.scrollIntoViewIfNeeded();
  await waitForState(island, ['running']);
  await pause(island);
  // The pointer off the figure: a control it rests on (an on-stage button) shows its hover state in the pictures.
  await page.mouse.move(0, 0);
  return { page, context, errors, island, mode: (value: string) => island.locator(`[data-part=global-inverse-mode] input[value=${value}]`) };
}

describe('the global inverse figure (chapter 6)', () => {
  it('is a labelled radio group operable from the keyboard; each mistake draws its own picture and says where the mesh went; Correct comes back exactly', async () => {
    const { page, context, errors, island } = await openFigure();
    const group = island.getByRole('group', { name: /^Break it/ });
    expect(await group.count()).toBe(1);
    const radios = {
      correct: group.getByRole('radio', { name: /^Correct: G · B⁻¹/ }),
      'without-global-inverse': group.getByRole('radio', { name: /^Global inverse forgotten:/ }),
      'global-inverse-twice': group.getByRole('radio', { name: /^Global inverse applied twice:/ }),
      'mesh-node-transform': group.getByRole('radio', { name: /^Mesh node’s transform applied:/ }),
    };
    expect(await radios.correct.isChecked()).toBe(true);
    const note = island.locator('[data-part=global-inverse-note]');
    expect(await note.getAttribute('aria-live')).toBe('polite');
    expect(await note.textContent()).toMatch(/stands 1\.85 m tall/);

    const correct = await shot(island);
    const notes: Record<string, RegExp> = {
      'without-global-inverse': /lies on its back, 1\.85 m long/,
      'global-inverse-twice': /lies on its face in the file's own Z-up axes, 1\.85 m long/,
      'mesh-node-transform': /1\.85 cm long, 100 times too small/,
    };
    const pictures: Buffer[] = [];
    await radios.correct.focus();
    for (const mistake of MISTAKES) {
      // The next choice, with the arrow key as in any native radio group.
      await page.keyboard.press('ArrowDown');
      expect(await radios[mistake].isChecked(), mistake).toBe(true);
      const picture = await shot(island);
      expect(await differingShare(page, correct, picture), `${mistake} changes the picture`).toBeGreaterThan(0.01);
      for (const other of pictures) expect(await differingShare(page, other, picture), `${mistake} looks different from the other mistakes`).toBeGreaterThan(0.01);
      pictures.push(picture);
      expect(await note.textContent()).toMatch(notes[mistake]);
    }

    // Correct again, with the mouse: exactly the first picture, camera and all (the camera reframes
    // to the correct figure's own framing over its next frames, so the picture is polled for).
    await radios.correct.click();
    await expect.poll(async () => differingShare(page, correct, await shot(island)), { message: 'back to the correct pixels', timeout: 5_000 }).toBe(0);
    expect(await note.textContent()).toMatch(/stands 1\.85 m tall/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every mistake in the bind pose too, and keeps it while the walk plays', async () => {
    const { page, context, errors, island, mode } = await openFigure();
    await island.locator('[data-part=skeleton]').uncheck();
    await island.locator('[data-part=pose] input[value=bind]').check();
    const bindCorrect = await shot(island);
    for (const mistake of MISTAKES) {
      await mode(mistake).check();
      expect(await differingShare(page, bindCorrect, await shot(island)), `${mistake} in the bind pose`).toBeGreaterThan(0.01);
    }
    // The mistake stays on while the clip plays: the (lying, tiny) mesh walks.
    await island.locator('[data-part=play]').click();
    expect(await island.getAttribute('data-playing')).toBe('true');
    const first = await shot(island);
    await page.waitForTimeout(400);
    // A few hundred pixels, fewer at some moments of the walk than at others (0.0019 of the canvas
    // seen); a mesh standing still differs in none.
    expect(await differingShare(page, first, await shot(island)), 'the 1.85 cm mesh walks').toBeGreaterThan(0.0005);
    await pause(island);
    expect(await mode('mesh-node-transform').isChecked()).toBe(true);
    await mode('correct').check();
    await island.locator('[data-part=pose] input[value=bind]').check();
    await expect.poll(async () => differingShare(page, bindCorrect, await shot(island)), { message: 'back to the correct bind pose', timeout: 5_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('frames each choice; after the reader turns the view, Reset view returns to that framing', async () => {
    const { page, context, errors, island, mode } = await openFigure();
    await mode('mesh-node-transform').check();
    const framed = await shot(island);
    const canvas = island.locator('canvas');
    await canvas.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('-');
    await canvas.evaluate((element) => (element as HTMLElement).blur());
    expect(await differingShare(page, framed, await shot(island)), 'the view turned').toBeGreaterThan(0.002);
    const reset = island.locator('[data-part=reset-view]');
    await reset.click();
    // The button sits over the canvas: unhovered and unfocused, it looks as it did.
    await page.mouse.move(0, 0);
    await reset.evaluate((element) => (element as HTMLElement).blur());
    await expect.poll(async () => differingShare(page, framed, await shot(island)), { message: 'the mistake framed again', timeout: 5_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers touch on a phone: a tap chooses a mistake, another gives back the correct picture', async () => {
    const context = await site.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(site.origin + PATH);
    const island = page.locator('global-inverse-figure');
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    await island.locator('[data-part=play]').tap();
    expect(await island.getAttribute('data-playing')).toBe('false');
    const correct = await shot(island);
    const forgotten = island.locator('[data-part=global-inverse-mode] input[value=without-global-inverse]');
    await forgotten.tap();
    expect(await forgotten.isChecked()).toBe(true);
    expect(await differingShare(page, correct, await shot(island))).toBeGreaterThan(0.01);
    await island.locator('[data-part=global-inverse-mode] input[value=correct]').tap();
    await expect.poll(async () => differingShare(page, correct, await shot(island)), { timeout: 5_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the worked examples of chapter 6', () => {
  it('typeset the placement, the vertex and ogldev\'s re-based matrix with the core\'s numbers', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + PATH);
    const text = async (part: string) => (await page.locator(`figure[data-part=${part}] .katex-mathml`).allTextContents()).join(' ');
    const placement = await text('placement');
    expect(placement).toContain('0.01');
    expect(placement).toMatch(/100/); // the hips, 100 cm up the Armature's z
    expect(await text('vertex')).toMatch(/185\.5[\s\S]*1\.855/);
    expect(await text('ogldev')).toContain('0.01');
    const prose = (await page.locator('main').textContent()) ?? '';
    expect(prose).toContain('1.85 cm long');
    expect(prose).toContain('mannequin-zup-cm.glb');
    expect(errors).toEqual([]);
    await context.close();
  });
});
