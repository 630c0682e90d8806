// Chapter 8 in Chromium: the skin-shader figure's "Break it" shaders each change the picture and
// "Correct" gives back exactly its pixels; the CPU-against-GPU figure draws the same walk both ways
// and reads a difference of float rounding; the bone-limit figure reads this device's uniform
// limit, and a uniform array too small for the tentacle's 300 joints changes the picture while the
// bone texture restores it exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differingShare, nextFrames, pause, shot, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';

const PATH = '/chapters/the-skinning-shader/';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

async function openFigure(tag: string) {
  const { page, context, errors } = await site.newPage();
  await page.goto(site.origin + PATH);
  const island = page.locator(tag);
  expect(await island.count()).toBe(1);
  await island.scrollIntoViewIfNeeded();
  expect(await waitForState(island, ['running', 'error', 'unsupported'])).toBe('running');
  await pause(island);
  return { page, context, errors, island };
}

describe('the skin-shader figure (chapter 8)', () => {
  it('each mistake in the shader changes the picture and says what it does; Correct restores the exact pixels', async () => {
    const { page, context, errors, island } = await openFigure('skin-shader-figure');
    const group = island.getByRole('group', { name: /^Break it/ });
    const radio = (name: RegExp) => group.getByRole('radio', { name });
    const note = island.locator('[data-part=skin-shader-note]');
    expect(await radio(/^Correct:/).isChecked()).toBe(true);
    const correct = await shot(island);

    const mistakes: [RegExp, RegExp, number][] = [
      [/^Joints as floats:/, /Joint 1 arrives as 1\.0 and reads 1,065,353,216; joint 2 reads 1,073,741,824/, 0.02],
      [/^Normals not skinned:/, /keeps the light it had standing upright/, 0.01],
      [/^Normals through the plain matrix:/, /Stretched 2\.5× across, normals lean towards the stretched axis: up to \d+\.\d° /, 0.002],
    ];
    await radio(/^Correct:/).focus();
    for (const [name, says, share] of mistakes) {
      await page.keyboard.press('ArrowDown');
      expect(await radio(name).isChecked(), String(name)).toBe(true);
      expect(await differingShare(page, correct, await shot(island)), `${name} changes the picture`).toBeGreaterThan(share);
      expect(await note.textContent()).toMatch(says);
    }

    // The plain matrix's error grows with the stretch, and is small but not zero without it.
    const stretch = island.locator('input[data-part=stretch]');
    const degreesAt = async (value: string) => {
      await stretch.fill(value);
      await nextFrames(page);
      await page.waitForTimeout(200);
      return Number(/up to (\d+\.\d)°/.exec((await note.textContent()) ?? '')?.[1]);
    };
    const unstretched = await degreesAt('1');
    const stretched = await degreesAt('3');
    expect(unstretched).toBeGreaterThan(0.5);
    expect(stretched).toBeGreaterThan(unstretched + 5);
    await degreesAt('2.5');

    await radio(/^Correct:/).click();
    const back = await shot(island);
    expect(Buffer.compare(back, correct), 'Correct gives back the exact pixels').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the CPU-against-GPU figure (chapter 8)', () => {
  it('skins the walk on either side with differences of float rounding, and draws the same picture', async () => {
    const { page, context, errors, island } = await openFigure('cpu-gpu-figure');
    const note = island.locator('[data-part=cpu-gpu-note]');
    // The note describes a capture read back after its fence: wait for one made on `place` (its
    // CPU timing says so) at `time` s.
    const measured = async (place: string, time = '\\d\\.\\d\\d') => {
      const pattern = new RegExp(`^At ${time} s into the walk, .*${place === 'cpu' ? 'skinVertices took' : 'nothing more\\.$'}`);
      await expect.poll(async () => (await note.textContent()) ?? '').toMatch(pattern);
    };
    // While the walk plays the note only says how to compare; paused, it compares the pose shown.
    expect(await note.textContent()).toMatch(/^\s*Pause the walk/);
    await pause(island);
    await measured('gpu');
    await page.waitForTimeout(400);
    const gpu = await shot(island);
    expect(Number(await island.getAttribute('data-largest-distance'))).toBeLessThan(1e-5);
    expect(Number(await island.getAttribute('data-largest-normal-degrees'))).toBeLessThan(1e-3);
    expect(await note.textContent()).toMatch(/over 3,198 vertices, CPU and GPU differ by at most .* m in position/);

    await island.getByRole('radio', { name: /^CPU:/ }).click();
    await measured('cpu');
    await page.waitForTimeout(400);
    const cpu = await shot(island);
    expect(await note.textContent()).toMatch(/skinVertices took \d+\.\d\d ms for that frame/);
    expect(Number(await island.getAttribute('data-largest-distance'))).toBeLessThan(1e-5);
    // Same pose, same shading: at most a few edge pixels differ by rounding.
    expect(await differingShare(page, gpu, cpu)).toBeLessThan(0.002);

    // The CPU path follows the clip: another time, another picture.
    await island.locator('input[data-part=time]').fill('0.6');
    await measured('cpu', '0\\.60');
    await page.waitForTimeout(400);
    expect(await differingShare(page, cpu, await shot(island))).toBeGreaterThan(0.01);
    expect(Number(await island.getAttribute('data-largest-distance'))).toBeLessThan(1e-5);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the bone-limit figure (chapter 8)', () => {
  it("states this device's limit, shows what a too-small uniform array does, and the texture restores the picture", async () => {
    const { page, context, errors, island } = await openFigure('bone-limit-figure');
    const limit = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2')!;
      return gl.getParameter(gl.MAX_VERTEX_UNIFORM_VECTORS) as number;
    });
    const device = island.locator('[data-part=bone-limit-device]');
    const note = island.locator('[data-part=bone-limit-note]');
    expect(await device.textContent()).toContain(`${limit.toLocaleString('en')} uniform vectors`);
    expect(await device.textContent()).toContain(`room for ${Math.floor((limit - 5) / 4).toLocaleString('en')} bone matrices`);
    await island.locator('input[data-part=time]').fill('2');
    await page.waitForTimeout(200);
    const texture = await shot(island);
    expect(await note.textContent()).toMatch(/All 300 matrices are in the texture/);

    for (const [name, size] of [[/^uniform mat4 bones\[100\]/, 100], [/^uniform mat4 bones\[128\]/, 128]] as const) {
      await island.getByRole('radio', { name }).click();
      expect(await island.getAttribute('data-bone-array-size')).toBe(String(size));
      expect(await note.textContent()).toContain(`Only joints 0 to ${size - 1} are uploaded`);
      expect(await differingShare(page, texture, await shot(island)), `${size} bones change the picture`).toBeGreaterThan(0.002);
    }
    await island.getByRole('radio', { name: /^As many as this device holds/ }).click();
    const capacity = Math.floor((limit - 5) / 4);
    expect(await note.textContent()).toMatch(capacity >= 300 ? /hold all 300 joints/ : new RegExp(`Only joints 0 to ${capacity - 1}`));
    if (capacity >= 300) expect(await differingShare(page, texture, await shot(island))).toBeLessThan(0.001);

    await island.getByRole('radio', { name: /^Bone texture/ }).click();
    expect(Buffer.compare(await shot(island), texture), 'the texture gives back the exact pixels').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
