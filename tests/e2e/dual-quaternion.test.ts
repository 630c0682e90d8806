// Chapter 10 in Chromium: the dual quaternion figure draws linear blend and dual quaternion
// skinning side by side on one pose, measures both (the twisted ring keeps cos²(θ/2) of its area
// under linear blend, all of it under dual quaternions), says when a scale is dropped, and its
// "Break it" (signs not aligned) changes the picture past 90° of twist while "Correct" gives back
// the exact pixels. Sliders work from the keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differingShare, nextFrames, shot, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';

const PATH = '/chapters/dual-quaternion-skinning/';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

describe('the dual quaternion figure (chapter 10)', () => {
  it('measures both copies, breaks without sign alignment, restores exactly, and switches model', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + PATH);
    const island = page.locator('dual-quaternion-figure');
    await island.scrollIntoViewIfNeeded();
    expect(await waitForState(island, ['running', 'error', 'unsupported'])).toBe('running');
    const note = island.locator('[data-part=dual-quaternion-note]');
    const twist = island.locator('input[data-part=twist]');

    // Unbent, with the keyboard moving the twist slider 120° → 121°: the measures follow cos²(θ/2).
    await island.locator('input[data-part=bend]').fill('0');
    await twist.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    expect(await twist.inputValue()).toBe('121');
    const linear = Number(await island.getAttribute('data-linear-section'));
    const dual = Number(await island.getAttribute('data-dual-section'));
    expect(linear).toBeCloseTo(100 * Math.cos((121 * Math.PI) / 360) ** 2, 2);
    expect(dual).toBeCloseTo(100, 2);
    expect(await note.textContent()).toMatch(/Cross-section at the end joint: linear blend 24\.2 % of its bind-pose area, dual quaternions 100\.0 %/);

    // Bent (a round tube swung about its own axis looks the same): the sign rule shows.
    await island.locator('input[data-part=bend]').fill('40');
    await page.waitForTimeout(300);
    const correct = await shot(island);
    const group = island.getByRole('group', { name: /^Break it/ });
    await group.getByRole('radio', { name: /^Signs not aligned/ }).click();
    await page.waitForTimeout(300);
    expect(await differingShare(page, correct, await shot(island)), 'unaligned signs change the picture').toBeGreaterThan(0.002);
    expect(await note.textContent()).toMatch(/Signs not aligned/);
    await group.getByRole('radio', { name: /^Correct/ }).click();
    expect(Buffer.compare(await shot(island), correct), 'Correct gives back the exact pixels').toBe(0);

    // A stretch is dropped by dual quaternions, and the note says so.
    await island.locator('input[data-part=stretch]').fill('2');
    await page.waitForTimeout(300);
    expect(await note.textContent()).toMatch(/scales its axes by 2\.000, 1\.000, 1\.000.*the right-hand copy is not stretched/);
    await island.locator('input[data-part=stretch]').fill('1');

    await island.getByRole('radio', { name: /^Mannequin/ }).click();
    await page.waitForFunction(() => document.querySelector('[data-part=dual-quaternion-note]')?.textContent?.includes('at the wrist'), null, { timeout: 15_000 });
    await nextFrames(page);
    expect(Number(await island.getAttribute('data-linear-section'))).toBeLessThan(Number(await island.getAttribute('data-dual-section')));
    expect(errors).toEqual([]);
    await context.close();
  });
});
