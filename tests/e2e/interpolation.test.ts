// Chapter 7's figures in Chromium: the keys figure's timeline shows the model's own key times and
// highlights the keys around the sampled time; the curves figure plots exactly the values the core
// samples; every control and every "Break it" choice changes the pixels, and "Correct" (or Slerp)
// brings back the very same pixels; keyboard, mouse and touch all work.
//
// Pixels are compared from element screenshots decoded in the page, as in islands.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { Playback, createClipCursor, sampleClip } from '../../src/core/clip.ts';
import { nlerpQuatAt } from '../../src/core/math.ts';
import { createPose, type Clip, type Model } from '../../src/core/model.ts';
import { lerpQuatAtWithoutNormalizing, sampleClipWithUnscaledTangents } from '../../src/core/pitfalls.ts';
import { sampleClipBlendingRotations } from '../../src/core/rotation-blend.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { differingPixels, nextFrames, seek, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';

const PATH = '/chapters/keyframe-interpolation/';

const mannequin = loadModelFile(new URL('../../public/models/mannequin.glb', import.meta.url).pathname);
const walk = mannequin.clips.find((clip) => clip.name === 'walk')!;
const pointers = loadModelFile(new URL('../../public/models/interpolation.glb', import.meta.url).pathname);
const keysClip = pointers.clips[0];

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** Number of pixels that differ between two PNG screenshots of the same size (−1 when the sizes differ). */
async function differing(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return (await differingPixels(page, a, b)).differing;
}

/** A screenshot of `element` after the page has drawn. */
async function shot(element: Locator): Promise<Buffer> {
  await nextFrames(element.page());
  return element.screenshot();
}

/** A fresh page (desktop, or a phone with a touch screen) scrolled to the first `tag` island once it runs, paused. */
async function openIsland(tag: string, touch = false) {
  const context = await site.browser.newContext(touch ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(site.origin + PATH);
  const island = page.locator(tag).first();
  await island.scrollIntoViewIfNeeded();
  await waitForState(island, ['running']);
  if ((await island.getAttribute('data-playing')) === 'true') await island.locator('[data-part=play]').click();
  await nextFrames(page);
  return { page, context, errors, island, canvas: island.locator('canvas') };
}

/** The x coordinates of a path made of "M x y …" moves. */
function movesX(d: string | null): number[] {
  return Array.from((d ?? '').matchAll(/M(-?[\d.]+) /g), (match) => Number(match[1]));
}

describe('the keys figure (chapter 7)', () => {
  it('draws a tick at each of the chosen joint\'s key times, channel by channel, and highlights the two around the sampled time', async () => {
    const { page, context, errors, island } = await openIsland('keys-figure');
    const rows = island.locator('.keys-ticks');
    expect(await rows.count()).toBe(3);
    for (const joint of ['hips', 'upper_leg.L', 'hand.L', 'foot.R']) {
      await island.locator('[data-part=joint]').selectOption({ label: joint });
      await nextFrames(page);
      const node = mannequin.hierarchy.names.indexOf(joint);
      for (let path = 0; path < 3; path++) {
        const track = walk.tracks.find((t) => t.node === node && t.path === path);
        const xs = movesX(await rows.nth(path).getAttribute('d'));
        const expected = track === undefined ? [] : Array.from(track.times, (time) => (1000 * time) / walk.duration);
        expect(xs.length, `${joint}, channel ${path}`).toBe(expected.length);
        xs.forEach((x, k) => expect(Math.abs(x - expected[k]), `${joint}, channel ${path}, key ${k}`).toBeLessThan(0.06));
        const label = await island.locator('[data-part=key-count]').nth(path).textContent();
        expect(label).toBe(String(track?.times.length ?? 0));
      }
    }
    // At 0.35 s the thigh's rotation lies between keys 10 and 11, and the timeline marks its two flips.
    await island.locator('[data-part=joint]').selectOption({ label: 'upper_leg.L' });
    await seek(island, 0.35);
    const thigh = walk.tracks.find((t) => t.node === mannequin.hierarchy.names.indexOf('upper_leg.L') && t.path === 1)!;
    expect(movesX(await island.locator('.keys-around').nth(1).getAttribute('d'))).toEqual([10, 11].map((k) => Number(((1000 * thigh.times[k]) / walk.duration).toFixed(1))));
    expect(movesX(await island.locator('.keys-flips').nth(1).getAttribute('d'))).toHaveLength(2);
    expect(await island.locator('[data-part=keys-state]').textContent()).toMatch(/Clock 0\.35 s → clip time 0\.35 s\. upper_leg\.L: .*rotation keys 10–11 of 37, u = 0\.50/);
    const playhead = await island.locator('[data-part=playhead]').getAttribute('x1');
    expect(Number(playhead)).toBeCloseTo((1000 * 0.35) / walk.duration, 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('counts the searches: the scan costs the most, the cursor two or three per channel while stepping forward', async () => {
    const { page, context, errors, island } = await openIsland('keys-figure');
    await seek(island, 0.5);
    /** The six counts: linear, binary, cursor for the chosen joint, then for every channel. */
    const cells = () => Promise.all([0, 1, 2, 3, 4, 5].map(async (c) => Number(await island.locator(`[data-count="${c}"]`).textContent())));
    await island.locator('[data-part=step-forward]').click();
    // The counts are written when the stepped frame is drawn.
    await nextFrames(page);
    const counts = await cells();
    const [, , , linear, binary, cursor] = counts;
    expect(linear).toBeGreaterThan(binary);
    expect(binary).toBeGreaterThan(cursor);
    // 18 channels between their keys: two or three comparisons each.
    expect(cursor).toBeGreaterThanOrEqual(2 * 18);
    expect(cursor).toBeLessThanOrEqual(3 * 18);
    // The hips' two channels are among them.
    expect(counts[2]).toBeGreaterThanOrEqual(4);
    expect(counts[2]).toBeLessThanOrEqual(6);
    expect(await island.locator('[data-part=joint-name]').textContent()).toBe('hips');
    // Backwards, the cursor's guesses fail: it pays the binary search on top.
    await island.locator('[data-part=step-back]').click();
    await island.locator('[data-part=step-back]').click();
    await nextFrames(page);
    const back = await cells();
    expect(back[5]).toBeGreaterThan(back[4]);
    await nextFrames(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the picture with every control, and every "Break it" choice; Correct brings back the same pixels', async () => {
    const { page, context, errors, island, canvas } = await openIsland('keys-figure');
    const mode = (value: string) => island.locator(`[data-part=keys-mode] input[value=${value}]`);

    // The clock at 0.6 s: the tick-based mistakes sample another time, the long way is still right there.
    await seek(island, 0.6);
    const at06 = await shot(canvas);
    for (const [value, changes] of [['seconds-as-ticks', true], ['no-ticks-default', true], ['long-way', false], ['clamp', false], ['fmod', false]] as const) {
      await mode(value).check();
      const count = await differing(page, at06, await shot(canvas));
      if (changes) expect(count, `${value} at 0.6 s`).toBeGreaterThan(500);
      else expect(count, `${value} at 0.6 s`).toBe(0);
    }
    await mode('correct').check();
    expect(await differing(page, at06, await shot(canvas)), 'Correct again at 0.6 s').toBe(0);

    // 0.35 s, between keys on opposite sides: the thighs go the long way.
    await seek(island, 0.35);
    const at035 = await shot(canvas);
    await mode('long-way').check();
    expect(await differing(page, at035, await shot(canvas)), 'the long way round').toBeGreaterThan(500);
    await mode('correct').check();
    expect(await differing(page, at035, await shot(canvas))).toBe(0);

    // Past the end: clamped, the walk stands on its last key; one frame before 0, fmod's negative time holds the first.
    await seek(island, walk.duration);
    for (let i = 0; i < 6; i++) await island.locator('[data-part=step-forward]').click();
    const pastEnd = await shot(canvas);
    await mode('clamp').check();
    expect(await differing(page, pastEnd, await shot(canvas)), 'clamped past the end').toBeGreaterThan(200);
    await mode('correct').check();
    expect(await differing(page, pastEnd, await shot(canvas))).toBe(0);
    await seek(island, 0);
    for (let i = 0; i < 6; i++) await island.locator('[data-part=step-back]').click();
    await nextFrames(page);
    expect(await island.locator('[data-part=keys-state]').textContent()).toMatch(/^Clock −0\.10 s → clip time 1\.10 s/);
    const beforeZero = await shot(canvas);
    await mode('fmod').check();
    expect(await differing(page, beforeZero, await shot(canvas)), 'fmod below 0').toBeGreaterThan(200);
    await nextFrames(page);
    expect(await island.locator('[data-part=keys-state]').textContent()).toMatch(/^Clock −0\.10 s → clip time 0\.00 s/);
    await mode('correct').check();
    expect(await differing(page, beforeZero, await shot(canvas))).toBe(0);

    // Steps: one frame forward changes the pose, one back restores it exactly.
    await seek(island, 0.5);
    const still = await shot(canvas);
    await island.locator('[data-part=step-forward]').click();
    expect(await differing(page, still, await shot(canvas)), 'a frame forward').toBeGreaterThan(50);
    await island.locator('[data-part=step-back]').click();
    expect(await differing(page, still, await shot(canvas)), 'a frame back').toBe(0);

    // The joint menu and the weights view: the paint follows the chosen joint.
    await island.locator('[data-part=weights]').check();
    const hipsPaint = await shot(canvas);
    await island.locator('[data-part=joint]').selectOption({ label: 'upper_leg.L' });
    expect(await differing(page, hipsPaint, await shot(canvas)), 'another joint painted').toBeGreaterThan(200);
    await island.locator('[data-part=joint]').selectOption({ label: 'hips' });
    expect(await differing(page, hipsPaint, await shot(canvas))).toBe(0);
    await island.locator('[data-part=weights]').uncheck();

    // Speed: at −1× the clip plays backwards (the clock goes down).
    await island.locator('[data-part=speed]').selectOption('-1');
    await island.locator('[data-part=play]').click();
    await page.waitForTimeout(400);
    await island.locator('[data-part=play]').click();
    await nextFrames(page);
    const state = (await island.locator('[data-part=keys-state]').textContent()) ?? '';
    const clock = Number(/^Clock (−?[\d.]+)/.exec(state)![1].replace('\u2212', '-'));
    expect(clock).toBeLessThan(0.5);
    expect(clock).toBeGreaterThan(-0.2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from the keyboard: the time slider, the steps, the speed menu and the "Break it" radios', async () => {
    const { page, context, errors, island, canvas } = await openIsland('keys-figure');
    await seek(island, 0.6);
    const start = await shot(canvas);
    const slider = island.locator('[data-part=time]');
    await slider.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    expect(await differing(page, start, await shot(canvas)), 'arrow keys on the time slider').toBeGreaterThan(200);
    await seek(island, 0.6);
    await island.locator('[data-part=step-forward]').focus();
    await page.keyboard.press('Enter');
    expect(await differing(page, start, await shot(canvas)), 'Enter on a step').toBeGreaterThan(50);
    await island.locator('[data-part=step-back]').focus();
    await page.keyboard.press('Space');
    expect(await differing(page, start, await shot(canvas)), 'Space on the other step').toBe(0);
    // The radio group: arrows move the choice, as in any native group.
    const correct = island.locator('[data-part=keys-mode] input[value=correct]');
    await correct.focus();
    await page.keyboard.press('ArrowDown'); // clamp
    await page.keyboard.press('ArrowDown'); // fmod
    await page.keyboard.press('ArrowDown'); // seconds as ticks
    expect(await island.locator('[data-part=keys-mode] input[value=seconds-as-ticks]').isChecked()).toBe(true);
    expect(await differing(page, start, await shot(canvas))).toBeGreaterThan(500);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await correct.isChecked()).toBe(true);
    expect(await differing(page, start, await shot(canvas))).toBe(0);
    // The speed menu, from the keyboard.
    await island.locator('[data-part=speed]').focus();
    await page.keyboard.press('ArrowDown');
    expect(await island.locator('[data-part=speed]').inputValue()).toBe('2');
    // The live region says where the clock is once a change is committed.
    expect(await island.locator('[data-part=keys-announce]').textContent()).toMatch(/^Clock /);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works by touch: tap play, a step and a choice, drag the view', async () => {
    const { page, context, errors, island, canvas } = await openIsland('keys-figure', true);
    await seek(island, 0.6);
    const start = await shot(canvas);
    await island.locator('[data-part=step-forward]').tap();
    expect(await differing(page, start, await shot(canvas))).toBeGreaterThan(50);
    await island.locator('[data-part=step-back]').tap();
    expect(await differing(page, start, await shot(canvas))).toBe(0);
    await island.locator('[data-part=keys-mode] label').filter({ hasText: 'seconds as ticks' }).tap();
    expect(await differing(page, start, await shot(canvas))).toBeGreaterThan(500);
    await island.locator('[data-part=keys-mode] label').filter({ hasText: 'Correct' }).tap();
    expect(await differing(page, start, await shot(canvas))).toBe(0);
    await island.locator('[data-part=play]').tap();
    expect(await island.getAttribute('data-playing')).toBe('true');
    await island.locator('[data-part=play]').tap();
    expect(await island.getAttribute('data-playing')).toBe('false');
    // A finger dragged sideways across the view turns the model.
    const paused = await shot(canvas);
    const box = (await canvas.boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const y = box.y + box.height / 2;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', box.x + box.width * 0.3);
    for (let step = 1; step <= 8; step++) await touch('touchMove', box.x + box.width * (0.3 + 0.05 * step));
    await touch('touchEnd', 0);
    expect(await differing(page, paused, await shot(canvas)), 'the view turned by touch').toBeGreaterThan(500);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Values the core samples for pointer `node` at `time` with `sampler`: translation y, angle about z (degrees, of the local matrix), scale. */
function coreValues(model: Model, clip: Clip, node: number, sampler: string, time: number): number[] {
  const pose = createPose(model.hierarchy.count);
  const cursor = createClipCursor(clip.tracks.length);
  const rest = model.hierarchy.rest;
  if (sampler === 'nlerp') sampleClipBlendingRotations(pose, clip, rest, time, Playback.LOOP, cursor, nlerpQuatAt);
  else if (sampler === 'lerp') sampleClipBlendingRotations(pose, clip, rest, time, Playback.LOOP, cursor, lerpQuatAtWithoutNormalizing);
  else if (sampler === 'unscaled') sampleClipWithUnscaledTangents(pose, clip, rest, time, Playback.LOOP, cursor);
  else sampleClip(pose, clip, rest, time, Playback.LOOP, cursor);
  const z = pose.rotations[4 * node + 2], w = pose.rotations[4 * node + 3];
  return [pose.translations[3 * node + 1], (Math.atan2(2 * w * z, 1 - 2 * z * z) * 180) / Math.PI, pose.scales[3 * node]];
}

describe('the curves figure (chapter 7)', () => {
  it('plots the values the core samples, for every pointer and every kernel, with the keys where the keys are', async () => {
    const { page, context, errors, island } = await openIsland('curves-figure');
    const plots = island.locator('svg[data-plot]');
    expect(await plots.count()).toBe(4);
    for (const pointer of ['step', 'linear', 'cubic']) {
      const node = pointers.hierarchy.names.indexOf(pointer);
      for (const sampler of ['slerp', 'nlerp', 'lerp', 'unscaled']) {
        await island.locator(`[data-part=sampler] input[value=${sampler}]`).check();
        // A kernel that changes one pointer only plots that one: choose the pointer afterwards.
        await island.locator(`[data-part=plot-mode] input[value=${pointer}]`).check();
        await nextFrames(page);
        for (let p = 0; p < 3; p++) {
          const plot = plots.nth(p);
          const [min, max, duration] = await Promise.all(['min', 'max', 'duration'].map(async (key) => Number(await plot.getAttribute(`data-${key}`))));
          const points = ((await plot.locator('.curves-curve').getAttribute('points')) ?? '').trim().split(' ');
          expect(points.length, `${pointer} ${sampler} plot ${p}`).toBe(241);
          points.forEach((point, i) => {
            const [x, y] = point.split(',').map(Number);
            const time = (i * duration) / 240;
            expect(x).toBeCloseTo((1000 * i) / 240, 1);
            const expected = coreValues(pointers, keysClip, node, sampler, time)[p];
            const value = min + ((100 - y) / 100) * (max - min);
            expect(Math.abs(value - expected), `${pointer}, ${sampler}, plot ${p}, ${time.toFixed(3)} s`).toBeLessThan(0.001 * (max - min) + 1e-6);
          });
          // Keys as dots at the keys' times.
          const track = keysClip.tracks.find((t) => t.node === node && t.path === p)!;
          expect(movesX(await plot.locator('.curves-keys').getAttribute('d'))).toEqual(Array.from(track.times, (t) => Number(((1000 * t) / keysClip.duration).toFixed(1))));
        }
        // A reference curve only where the kernel changes this pointer.
        const reference = (await plots.nth(1).locator('.curves-reference').getAttribute('points')) ?? '';
        const changed = sampler === 'unscaled' ? pointer === 'cubic' : sampler !== 'slerp' && pointer === 'linear';
        expect(reference.length > 0, `${pointer}, ${sampler}: reference`).toBe(changed);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the picture with each kernel and plot; Slerp brings back the same pixels; keyboard and touch both work', async () => {
    const { page, context, errors, island, canvas } = await openIsland('curves-figure');
    const plotsBox = island.locator('.curves-plots');
    await seek(island, 0.75);
    const correct = await shot(canvas);
    const correctPlots = await shot(plotsBox);
    for (const sampler of ['nlerp', 'lerp', 'unscaled']) {
      await island.locator(`[data-part=sampler] input[value=${sampler}]`).check();
      expect(await differing(page, correct, await shot(canvas)), `${sampler}: the pointers`).toBeGreaterThan(sampler === 'nlerp' ? 10 : 50);
    }
    // Unscaled tangents changed the cubic pointer, and the plots followed it there.
    expect(await island.locator('[data-part=plot-mode] input[value=cubic]').isChecked()).toBe(true);
    await island.locator('[data-part=sampler] input[value=slerp]').check();
    expect(await differing(page, correct, await shot(canvas))).toBe(0);
    await island.locator('[data-part=plot-mode] input[value=linear]').check();
    await nextFrames(page);
    // The readout names the values at the playhead.
    expect(await island.locator('[data-part=curves-state]').textContent()).toBe('The linear pointer at 0.75 s: translation y 0.639, rotation 40.0° (quaternion length 1.000), scale 1.250.');
    // The plotted pointer, from the keyboard: arrows in the segmented group.
    await island.locator('[data-part=plot-mode] input[value=linear]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await island.locator('[data-part=plot-mode] input[value=cubic]').isChecked()).toBe(true);
    expect(await differing(page, correctPlots, await shot(plotsBox))).toBeGreaterThan(100);
    await page.keyboard.press('ArrowLeft');
    expect(await differing(page, correctPlots, await shot(plotsBox))).toBe(0);
    // The time slider moves the playheads and the pointers.
    await island.locator('[data-part=time]').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await differing(page, correct, await shot(canvas))).toBeGreaterThan(50);
    expect(await differing(page, correctPlots, await shot(plotsBox))).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();

    const touch = await openIsland('curves-figure', true);
    await seek(touch.island, 0.75);
    const before = await shot(touch.canvas);
    await touch.island.locator('[data-part=sampler] label').filter({ hasText: 'no normalising' }).tap();
    expect(await differing(touch.page, before, await shot(touch.canvas))).toBeGreaterThan(50);
    await touch.island.locator('[data-part=sampler] label').filter({ hasText: 'Slerp' }).tap();
    expect(await differing(touch.page, before, await shot(touch.canvas))).toBe(0);
    await touch.island.locator('[data-part=plot-mode] label').filter({ hasText: 'Step' }).tap();
    expect(await touch.island.locator('[data-part=plot-mode] input[value=step]').isChecked()).toBe(true);
    expect(touch.errors).toEqual([]);
    await touch.context.close();
  });
});
