// Chapter 11 in Chromium: the blend figure crossfades the walk into the wave or into a faster walk.
// Every control changes the picture — time, B's weight (held by hand), the fade's start and length,
// the clocks, the clip B, the additive layer, its weight and reference; each "Break it" changes the
// pixels and "Correct" gives back the exact ones; the note's numbers and the plot's curves are the
// core's, computed here in Node by the same functions at the same settings; all of it from the
// keyboard; and axe finds no violation in either theme.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import { Playback, wrapClipTime } from '../../src/core/clip.ts';
import { createPlayer } from '../../src/core/frame.ts';
import { plotPoints } from '../../src/figures/blend/blend-plot.ts';
import {
  CrossfadeClock,
  createBlendRig,
  createBlender,
  defaultBlendSettings,
  feetApart,
  feetApartOverTimeline,
  poseBlend,
  rightHandHeight,
  shortestBone,
  type BlendRig,
  type BlendSettings,
} from '../../src/figures/blend/blend-pose.ts';
import { differingShare, nextFrames, pause, shot, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';

const PATH = '/chapters/blending-clips/';
/** Milliseconds the figure waits after a change before it measures (SETTLE_MS), with room. */
const SETTLE = 400;

const rig = createBlendRig(readProjectModel('mannequin.glb')) as BlendRig;
const names = rig.model.hierarchy.names;

/** The pose the figure shows at `time` with `settings`, measured in Node as the note measures it. */
function expected(settings: BlendSettings, time: number) {
  const player = createPlayer(rig.model);
  const blender = createBlender(rig, settings);
  const weight = poseBlend(player, blender, settings, time);
  const bone = shortestBone({ joint: -1, ratio: 1 }, rig, player.globals);
  const { timeA, clipA } = blender.crossfade;
  return {
    weight,
    walkTime: wrapClipTime(timeA, clipA.duration, Playback.LOOP),
    apart: feetApart(rig, player.globals),
    wrist: rightHandHeight(rig, player.globals),
    bone: names[bone.joint],
    ratio: bone.ratio,
  };
}

/** Checks the note and the figure's data attributes against `expected(settings, time)`. */
async function expectNoteToMatch(island: Locator, settings: BlendSettings, time: number, label: string): Promise<void> {
  const want = expected(settings, time);
  const note = (await island.locator('[data-part=blend-note]').textContent()) ?? '';
  expect(Number(await island.getAttribute('data-weight')), `${label}: weight`).toBeCloseTo(want.weight, 6);
  expect(Number(await island.getAttribute('data-feet-apart')), `${label}: feet apart`).toBeCloseTo(want.apart, 4);
  expect(Number(await island.getAttribute('data-bone-ratio')), `${label}: shortest bone`).toBeCloseTo(want.ratio, 4);
  expect(note, label).toContain(`At ${time.toFixed(2)} s: the walk sampled at ${want.walkTime.toFixed(2)} s,`);
  expect(note, label).toContain(`B’s weight ${want.weight.toFixed(2)}`);
  expect(note, label).toContain(`Feet ${Math.abs(want.apart).toFixed(2)} m apart, ${want.apart >= 0 ? 'left' : 'right'} foot ahead.`);
  expect(note, label).toContain(`Right wrist ${want.wrist.toFixed(2)} m above the ground.`);
  if (want.ratio > 0.9995) expect(note, label).toContain('Every bone keeps its length.');
  else expect(note, label).toContain(`The bone that kept the least of its length: ${want.bone}, ${(100 * want.ratio).toFixed(1)} %.`);
}

/** Moves the time slider to `seconds` as a reader's drag would (input, then change), and lets the figure settle. */
async function seek(island: Locator, seconds: number): Promise<void> {
  await island.locator('input[data-part=time]').evaluate((element, value) => {
    const input = element as HTMLInputElement;
    input.valueAsNumber = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, seconds);
  await island.page().waitForTimeout(SETTLE);
}

/** The y values (0–100) of a polyline's points. */
async function plotted(island: Locator, part: string): Promise<number[]> {
  const points = (await island.locator(`[data-part=${part}]`).getAttribute('points')) ?? '';
  return points.split(' ').map((point) => Number(point.split(',')[1]));
}

function ys(points: string): number[] {
  return points.split(' ').map((point) => Number(point.split(',')[1]));
}

/** Asserts the plot's solid and dashed curves are feetApart over the timeline for `settings`, its clock solid. */
async function expectPlot(island: Locator, settings: BlendSettings, label: string): Promise<void> {
  const other = settings.clock === CrossfadeClock.SEPARATE ? CrossfadeClock.SYNCHRONISED : CrossfadeClock.SEPARATE;
  for (const [part, clock] of [['plot-curve', settings.clock], ['plot-other', other]] as const) {
    const want = ys(plotPoints(feetApartOverTimeline(rig, settings, clock)));
    const got = await plotted(island, part);
    expect(got.length, `${label}: ${part} points`).toBe(want.length);
    // One decimal of a 100-unit box: the same numbers, up to the last digit's rounding.
    expect(Math.max(...got.map((y, i) => Math.abs(y - want[i]))), `${label}: ${part}`).toBeLessThanOrEqual(0.1001);
  }
}

/** Presses `key` `count` times on the element, then lets the figure settle. */
async function press(page: Page, target: Locator, key: string, count = 1): Promise<void> {
  await target.focus();
  for (let i = 0; i < count; i++) await page.keyboard.press(key);
  await page.waitForTimeout(SETTLE);
}

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

describe('the blend figure (chapter 11)', () => {
  it('measures the crossfade as the core does, breaks it two ways and restores the exact pixels, and reacts to every control from the keyboard', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + PATH);
    const island = page.locator('blend-figure').first();
    await island.scrollIntoViewIfNeeded();
    expect(await waitForState(island, ['running', 'error', 'unsupported'])).toBe('running');
    expect(await island.getAttribute('data-playing'), 'plays by default').toBe('true');
    await pause(island);
    const settings = defaultBlendSettings();
    await expectPlot(island, settings, 'first curves');

    // A third of the way into the fade: the note's numbers are the core's.
    await seek(island, 2);
    await expectNoteToMatch(island, settings, 2, 'walk → wave at 2 s');
    const correct = await shot(island);
    const changes = async (label: string) => {
      const now = await shot(island);
      expect(await differingShare(page, correct, now), `${label} changes the picture`).toBeGreaterThan(0.002);
      return now;
    };

    // Break it, with the arrow keys as in any radio group: matrices, then quaternions not normalised.
    const group = island.getByRole('group', { name: /^Break it/ });
    const radio = (name: RegExp) => group.getByRole('radio', { name });
    await press(page, radio(/^Correct/), 'ArrowDown');
    expect(await radio(/^Matrices blended/).isChecked()).toBe(true);
    await changes('matrices blended');
    await expectNoteToMatch(island, { ...settings, method: 'matrices' }, 2, 'matrices blended');
    expect(await island.getAttribute('data-bone')).toBe(expected({ ...settings, method: 'matrices' }, 2).bone);
    expect(expected({ ...settings, method: 'matrices' }, 2).ratio, 'the bones shrink').toBeLessThan(0.7);
    await press(page, radio(/^Matrices blended/), 'ArrowDown');
    expect(await radio(/^Quaternions not normalised/).isChecked()).toBe(true);
    await changes('quaternions not normalised');
    await expectNoteToMatch(island, { ...settings, method: 'unnormalised' }, 2, 'quaternions not normalised');
    await radio(/^Correct/).check();
    await page.waitForTimeout(SETTLE);
    expect(Buffer.compare(await shot(island), correct), 'Correct gives back the exact pixels').toBe(0);

    // B's weight, by hand: held at 0.43 (from 0.33, ten steps of 0.01), then given back by the time slider.
    const weight = island.locator('input[data-part=weight]');
    await press(page, weight, 'ArrowRight', 10);
    expect(await weight.inputValue()).toBe('0.43');
    await changes('a held weight');
    await expectNoteToMatch(island, { ...settings, heldWeight: 0.43 }, 2, 'held weight');
    expect(await island.locator('[data-part=blend-note]').textContent()).toContain('held by hand');
    expect(await island.locator('[data-part=weight-source]').textContent()).toMatch(/^Held by hand/);
    await seek(island, 2);
    await expectNoteToMatch(island, settings, 2, 'weight given back to the fade');
    expect(Buffer.compare(await shot(island), correct), 'the fade drives the weight again').toBe(0);

    // The fade's start (1.2 → 1.3 s) and length (2.4 → 2.2 s), each a step of 0.1 s by key.
    await press(page, island.locator('input[data-part=fade-start]'), 'ArrowRight');
    await changes('a later fade start');
    const later = { ...settings, fadeStartSeconds: 1.3 };
    await expectNoteToMatch(island, later, 2, 'fade start 1.3 s');
    await expectPlot(island, later, 'fade start 1.3 s');
    expect(await island.locator('[data-part=fade-band]').getAttribute('x')).toBe('270.8');
    await press(page, island.locator('input[data-part=fade-start]'), 'ArrowLeft');
    await press(page, island.locator('input[data-part=fade-duration]'), 'ArrowLeft', 2);
    await changes('a shorter fade');
    await expectNoteToMatch(island, { ...settings, fadeDurationSeconds: 2.2 }, 2, 'fade length 2.2 s');
    await press(page, island.locator('input[data-part=fade-duration]'), 'ArrowRight', 2);
    expect(Buffer.compare(await shot(island), correct), 'back to the first fade').toBe(0);

    // The clocks: synchronised, the wave is sampled at the walk's phase.
    const clocks = island.locator('[data-part=blend-clock]');
    await press(page, clocks.locator('input[value=separate]'), 'ArrowRight');
    expect(await clocks.locator('input[value=synchronised]').isChecked()).toBe(true);
    await changes('synchronised clocks');
    const synchronised = { ...settings, clock: CrossfadeClock.SYNCHRONISED };
    await expectNoteToMatch(island, synchronised, 2, 'synchronised');
    expect(await island.locator('[data-part=blend-note]').textContent()).toMatch(/one phase, \d\.\d{3} cycles/);
    await expectPlot(island, synchronised, 'synchronised');
    await clocks.locator('input[value=separate]').check();

    // Clip B: the walk 1.5× faster.
    const targets = island.locator('[data-part=blend-target]');
    await press(page, targets.locator('input[value=wave]'), 'ArrowRight');
    await changes('the faster walk as B');
    const fast = { ...settings, target: 'fast' as const };
    await expectNoteToMatch(island, fast, 2, 'walk → walk 1.5×');
    await expectPlot(island, fast, 'walk → walk 1.5×');
    await targets.locator('input[value=wave]').check();
    await page.waitForTimeout(SETTLE);

    // The additive layer: on (the space bar), its weight (1 → 0.8), its reference (the bind pose).
    await press(page, island.locator('input[data-part=additive]'), 'Space');
    const layered = await changes('the wave layer');
    const layer = { ...settings, additive: true };
    await expectNoteToMatch(island, layer, 2, 'wave layer');
    await press(page, island.locator('input[data-part=additive-weight]'), 'ArrowLeft', 4);
    expect(await island.locator('input[data-part=additive-weight]').inputValue()).toBe('0.8');
    expect(await differingShare(page, layered, await shot(island)), 'the layer weight changes the picture').toBeGreaterThan(0.001);
    await expectNoteToMatch(island, { ...layer, additiveWeight: 0.8 }, 2, 'wave layer at 0.8');
    await press(page, island.locator('input[data-part=additive-weight]'), 'ArrowRight', 4);
    const references = island.locator('[data-part=additive-reference]');
    await press(page, references.locator('input[value=first-frame]'), 'ArrowRight');
    expect(await differingShare(page, layered, await shot(island)), 'the bind pose as reference changes the picture').toBeGreaterThan(0.002);
    await expectNoteToMatch(island, { ...layer, reference: 'bind' }, 2, 'wave layer over the bind pose');
    await references.locator('input[value=first-frame]').check();
    await press(page, island.locator('input[data-part=additive]'), 'Space');
    expect(Buffer.compare(await shot(island), correct), 'the layer off: the first pixels').toBe(0);

    // Playing, B's weight follows the fade on its slider.
    await seek(island, 1.5);
    await island.locator('[data-part=play]').click();
    await page.waitForTimeout(700);
    await pause(island);
    const shownWeight = Number(await weight.inputValue());
    expect(shownWeight).toBeGreaterThan(0.1);
    expect(await island.locator('[data-part=weight-output]').textContent()).toBe(shownWeight.toFixed(2));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walk → walk 1.5×: on separate clocks the feet close up mid-fade, synchronised they keep their stride; the wave layer raises the wrist', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + PATH);
    const island = page.locator('blend-figure').nth(1);
    expect(await island.getAttribute('data-target')).toBe('fast');
    await island.scrollIntoViewIfNeeded();
    expect(await waitForState(island, ['running', 'error', 'unsupported'])).toBe('running');
    await pause(island);
    const separate = { ...defaultBlendSettings(), target: 'fast' as const };
    await expectPlot(island, separate, 'separate clocks');
    await seek(island, 2.36);
    await expectNoteToMatch(island, separate, 2.36, 'separate clocks, mid-fade');
    expect(Math.abs(Number(await island.getAttribute('data-feet-apart'))), 'the legs close up').toBeLessThan(0.1);

    await island.locator('[data-part=blend-clock] input[value=synchronised]').check();
    await page.waitForTimeout(SETTLE);
    const synchronised = { ...separate, clock: CrossfadeClock.SYNCHRONISED };
    await expectPlot(island, synchronised, 'synchronised clocks');
    // Synchronised, every step of the fade reaches the walk's own stride (the plot's samples, in the box's units).
    const curve = await plotted(island, 'plot-curve');
    const separateCurve = await plotted(island, 'plot-other');
    const fadeSamples = (values: number[]) => values.slice(60, 181).map((y) => Math.abs(50 - y));
    expect(Math.max(...fadeSamples(curve).slice(55, 75)), 'synchronised: a full step mid-fade').toBeGreaterThan(35);
    expect(Math.max(...fadeSamples(separateCurve).slice(55, 75)), 'separate: the feet together mid-fade').toBeLessThan(10);

    await island.locator('input[data-part=additive]').check();
    await seek(island, 1.5);
    await expectNoteToMatch(island, { ...synchronised, additive: true }, 1.5, 'synchronised, with the wave layer');
    expect(expected({ ...synchronised, additive: true }, 1.5).wrist - expected(synchronised, 1.5).wrist, 'the wrist rises').toBeGreaterThan(0.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violations with both figures running, ${colorScheme}`, async () => {
      const { page, context } = await site.newPage({ colorScheme });
      await page.goto(site.origin + PATH);
      for (const island of await page.locator('blend-figure').all()) {
        await island.scrollIntoViewIfNeeded();
        expect(await waitForState(island, ['running'])).toBe('running');
        await pause(island);
      }
      await page.waitForTimeout(SETTLE);
      await nextFrames(page);
      expect(await axeViolations(page, 'blend-figure')).toEqual([]);
      await context.close();
    });
  }
});
