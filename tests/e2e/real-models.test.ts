// Chapter 9 in Chromium: the file's JSON, the loader's tables and Assimp's view are on the page
// without JavaScript; the row-major figure's "Break it" (offsets copied transposed) moves the mesh
// off its skeleton, says how far, and "Correct" gives back the exact pixels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differingShare, pause, shot, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';

const PATH = '/chapters/real-models/';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

describe('chapter 9, real models', () => {
  it('prints the file, the loader’s result and Assimp’s view at build time', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + PATH);
    expect(await page.locator('[data-part=json] pre').textContent()).toContain('"inverseBindMatrices": 0');
    expect(await page.locator('[data-part=loader] table').count()).toBe(4);
    expect(await page.locator('[data-part=assimp] pre').textContent()).toContain('"offsetmatrix"');
    const marks = await page.locator('[data-part=offsets] mark').allTextContents();
    expect(marks).toEqual(['−1', '−1']);
    await context.close();
  });

  it('breaks with transposed offsets and restores the exact picture', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + PATH);
    const island = page.locator('row-major-figure');
    await island.scrollIntoViewIfNeeded();
    expect(await waitForState(island, ['running', 'error', 'unsupported'])).toBe('running');
    await pause(island);
    const correct = await shot(island);
    const group = island.getByRole('group', { name: /^Break it/ });
    await group.getByRole('radio', { name: /^Read row-major/ }).click();
    expect(await differingShare(page, correct, await shot(island))).toBeGreaterThan(0.02);
    await page.waitForTimeout(400);
    expect(await island.locator('[data-part=row-major-note]').textContent()).toMatch(/vertices stray up to \d+\.\d\d m/);
    expect(Number(await island.getAttribute('data-largest-distance'))).toBeGreaterThan(0.5);
    await group.getByRole('radio', { name: /^Correct/ }).click();
    // Correct reframes the camera to the walk's own framing on its next frames: the exact pixels come back.
    await expect.poll(async () => Buffer.compare(await shot(island), correct), { timeout: 5_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
