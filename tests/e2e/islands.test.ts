// The WebGL islands of the built chapters, in Chromium (SwiftShader): they start only when scrolled
// to, draw something, react to their controls (bind pose ↔ animated, joint sliders, the time
// slider), respect reduced motion, explain themselves without WebGL2, survive a lost context, and
// never hold more than eight live WebGL contexts. The arm's "Break it" choice swaps in the wrong
// local → global variants and back; the weights island's choice swaps the mesh's weights.
//
// Pixels are compared from element screenshots decoded in the page (createImageBitmap): what the
// reader sees, after compositing, with no test hook in the shipped code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { differingPixels, differingShare, nextFrames, openIsland, pause, shot, waitForState } from './figures.ts';
import { dist, openSite, type Site } from './harness.ts';

/** Must match MAX_LIVE_CONTEXTS in src/figures/shared/island-manager.ts. */
const MAX_LIVE_CONTEXTS = 8;
/** States in which an island holds a WebGL context. */
const LIVE_STATES = ['loading', 'running', 'paused', 'lost'];
const ISLANDS = 'arm-figure, model-figure, weights-figure, bind-figure, offset-figure, traversal-figure, global-inverse-figure, keys-figure, curves-figure, skin-shader-figure, cpu-gpu-figure, bone-limit-figure, inspector-figure, blend-figure, row-major-figure, dual-quaternion-figure, crowd-figure';

/** Chapter pages of dist/ as URL paths. */
function chapterPages(): string[] {
  const directory = join(dist, 'chapters');
  const pages: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else if (name === 'index.html') pages.push('/' + relative(dist, path).split('\\').join('/') + '/');
    }
  };
  walk(directory);
  return pages.sort();
}

const pages = chapterPages();

/**
 * Init script: records on window.startUpLinks, for each WebGL2 context a figure makes, its
 * linkProgram calls ("link") and LINK_STATUS queries ("status") in order, until its first draw.
 */
function recordStartUpLinks(): void {
  const log: { figure: string; calls: string[] }[] = [];
  (window as unknown as { startUpLinks: typeof log }).startUpLinks = log;
  const open = new Map<WebGL2RenderingContext, string[]>();
  const callsOf = (gl: WebGL2RenderingContext) => {
    let calls = open.get(gl);
    if (calls === undefined) {
      calls = [];
      open.set(gl, calls);
      const canvas = gl.canvas as HTMLCanvasElement;
      log.push({ figure: canvas.closest?.('[data-state]')?.tagName.toLowerCase() ?? 'no figure', calls });
    }
    return calls;
  };
  const closed = new WeakSet<WebGL2RenderingContext>();
  const prototype = WebGL2RenderingContext.prototype;
  const { linkProgram, getProgramParameter } = prototype;
  prototype.linkProgram = function (this: WebGL2RenderingContext, program: WebGLProgram) {
    if (!closed.has(this)) callsOf(this).push('link');
    return linkProgram.call(this, program);
  };
  prototype.getProgramParameter = function (this: WebGL2RenderingContext, program: WebGLProgram, name: GLenum) {
    if (!closed.has(this) && name === this.LINK_STATUS) callsOf(this).push('status');
    return getProgramParameter.call(this, program, name);
  };
  for (const name of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced'] as const) {
    const draw = prototype[name] as (...args: unknown[]) => void;
    (prototype as unknown as Record<string, unknown>)[name] = function (this: WebGL2RenderingContext, ...args: unknown[]) {
      closed.add(this);
      return draw.apply(this, args);
    };
  }
}

/** Share of the stage's pixels that the canvas changes (screenshot with vs without the canvas). */
async function drawnShare(island: Locator): Promise<number> {
  const page = island.page();
  const stage = island.locator('.island-stage');
  const canvas = island.locator('canvas');
  await nextFrames(page);
  const withCanvas = await stage.screenshot();
  await canvas.evaluate((element) => ((element as HTMLElement).style.visibility = 'hidden'));
  const without = await stage.screenshot();
  await canvas.evaluate((element) => ((element as HTMLElement).style.visibility = ''));
  const { differing, total } = await differingPixels(page, withCanvas, without);
  return differing / total;
}

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

describe('islands on the chapter pages', () => {
  it('finds chapter pages with islands', async () => {
    expect(pages.length).toBeGreaterThan(0);
    let islands = 0;
    for (const path of pages) {
      const { page, context } = await site.newPage();
      await page.goto(site.origin + path);
      islands += await page.locator(ISLANDS).count();
      await context.close();
    }
    expect(islands).toBeGreaterThan(0);
  });

  for (const path of pages) {
    it(`${path}: each island starts when scrolled to, draws, and its controls change the picture`, async () => {
      const { page, context, errors } = await site.newPage();
      await page.addInitScript(recordStartUpLinks);
      await page.goto(site.origin + path, { waitUntil: 'networkidle' });
      const islands = await page.locator(ISLANDS).all();

      // Lazy start: an island far below the first screen has not loaded anything yet.
      for (const island of islands) {
        const box = await island.boundingBox();
        if (box !== null && box.y > 900 + 600) expect(await island.getAttribute('data-state'), 'below the fold').toBe('idle');
      }

      for (const [index, island] of islands.entries()) {
        const where = `${path} island ${index} (${await island.evaluate((e) => e.tagName.toLowerCase())})`;
        await island.scrollIntoViewIfNeeded();
        expect(await waitForState(island, ['running', 'error', 'unsupported']), where).toBe('running');
        expect(await island.locator('[data-part=status]').isVisible(), `${where}: status hidden`).toBe(false);
        const drawn = await drawnShare(island);
        expect(drawn, `${where}: share of the stage the canvas draws`).toBeGreaterThan(0.02);

        await pause(island);
        const before = await shot(island);
        const again = await shot(island);
        expect((await differingPixels(page, before, again)).differing, `${where}: a paused island is still`).toBe(0);

        // Bind pose ↔ animated (or posed): to the other one, and back.
        const startsInBind = await island.locator('[data-part=pose] input[value=bind]').isChecked();
        const [other, start] = startsInBind ? ['animated', 'bind'] : ['bind', 'animated'];
        await island.locator(`[data-part=pose] input[value=${other}]`).check();
        const switched = await shot(island);
        const bySwitch = await differingPixels(page, before, switched);
        expect(bySwitch.differing / bySwitch.total, `${where}: the pose switch changes the picture`).toBeGreaterThan(0.002);
        await island.locator(`[data-part=pose] input[value=${start}]`).check();
        const back = await shot(island);
        expect((await differingPixels(page, before, back)).differing, `${where}: back to the same pose`).toBe(0);

        // A slider: a joint rotation (arm), the clip time (model) or the bend (weights).
        const slider = island.locator('input[data-part=angle], input[data-part=time], input[data-part=bend]').first();
        expect(await slider.count(), `${where}: has a slider`).toBe(1);
        // From the slider's start (Home), so that a figure paused near the end of its range still
        // has room to move. 20 steps move most figures plainly; a clip whose motion is small on
        // screen (chapter 1's wave moves one forearm of a whole-body view) gets up to 60.
        await slider.focus();
        await page.keyboard.press('Home');
        const fromStart = await shot(island);
        let bySlider = { differing: 0, total: 1 };
        for (let steps = 0; steps < 60 && bySlider.differing / bySlider.total <= 0.002; steps += 20) {
          for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
          bySlider = await differingPixels(page, fromStart, await shot(island));
        }
        expect(bySlider.differing / bySlider.total, `${where}: the slider changes the picture`).toBeGreaterThan(0.002);

        // The camera from the keyboard: arrow keys turn the view while the canvas has focus.
        // (Screenshots from here on include the canvas's focus ring.)
        await island.locator('canvas').focus();
        const focused = await shot(island);
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        const turned = await shot(island);
        const byKeys = await differingPixels(page, focused, turned);
        expect(byKeys.differing / byKeys.total, `${where}: arrow keys turn the view`).toBeGreaterThan(0.002);
        await page.keyboard.press('Home');
        expect((await differingPixels(page, focused, await shot(island))).differing, `${where}: Home resets the view`).toBe(0);
      }
      // Every program a figure's renderer links at start-up was linked ahead (FigureScene.programs):
      // createProgram then only asks for its status. One it links itself follows a status query.
      const startUps = await page.evaluate(() => (window as unknown as { startUpLinks: { figure: string; calls: string[] }[] }).startUpLinks);
      expect(startUps.length, 'contexts made').toBeGreaterThanOrEqual(islands.length);
      for (const { figure, calls } of startUps) {
        const firstStatus = calls.indexOf('status');
        expect(firstStatus, `${figure}: links then asks`).toBeGreaterThan(0);
        expect(calls.lastIndexOf('link'), `${figure}: a program linked at start-up that was not linked ahead (${calls.join(' ')})`).toBeLessThan(firstStatus);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the arm island', () => {
  const armPage = pages.find((path) => path.includes('bones')) ?? pages[0];

  it('turns the shoulder: the elbow\'s global matrix changes, its local matrix does not', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + armPage);
    const arm = page.locator('arm-figure').first();
    await arm.scrollIntoViewIfNeeded();
    await waitForState(arm, ['running']);
    await arm.locator('[data-part=joint]').selectOption({ label: 'elbow' });
    const cells = async (kind: string) => arm.locator(`table[data-matrix=${kind}] tbody td`).allTextContents();
    await nextFrames(page);
    const local = await cells('local');
    const global = await cells('global');
    expect(local).toHaveLength(16);
    // Chapter 1's numbers: elbow local = T(0, 2, 0) R(45°); global translation (−1, 1.73).
    expect(local.slice(0, 4)).toEqual(['0.71', '\u22120.71', '0.00', '0.00']);
    expect([global[3], global[7]]).toEqual(['\u22121.00', '1.73']);

    const shoulder = arm.locator('input[data-part=angle][data-joint="0"]');
    await shoulder.focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
    expect(await shoulder.inputValue()).toBe('0');
    await nextFrames(page);
    expect(await cells('local'), 'elbow local after turning the shoulder').toEqual(local);
    const turned = await cells('global');
    expect(turned, 'elbow global after turning the shoulder').not.toEqual(global);
    // Shoulder at 0°: the elbow sits straight above it, at (0, 2).
    expect([turned[3], turned[7]]).toEqual(['0.00', '2.00']);
    // Choosing a joint announces its matrices once, politely (the tables themselves are not live).
    await shoulder.dispatchEvent('change');
    expect(await arm.locator('[data-part=readout-summary]').textContent()).toContain('elbow');
    expect(await arm.locator('table[data-matrix=global]').getAttribute('aria-live')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the arm island’s "Break it" choice', () => {
  const armPage = pages.find((path) => path.includes('bones')) ?? pages[0];
  const MINUS = '\u2212';

  /** The elbow's readout cells (16 each, row by row on screen), after the page has drawn. */
  async function readout(arm: Locator): Promise<{ local: string[]; global: string[] }> {
    await nextFrames(arm.page());
    const cells = (kind: string) => arm.locator(`table[data-matrix=${kind}] tbody td`).allTextContents();
    return { local: await cells('local'), global: await cells('global') };
  }

  /** The upper-left 3×3 block of a readout matrix (rotation), and its translation column. */
  const rotationOf = (cells: string[]) => [0, 1, 2, 4, 5, 6, 8, 9, 10].map((i) => cells[i]);
  const translationOf = (cells: string[]) => [cells[3], cells[7], cells[11]];

  it('is a labelled radio group, operable from the keyboard, that breaks the skin, the skeleton and the readout, and restores them', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + armPage);
    const arm = page.locator('arm-figure').first();
    await arm.scrollIntoViewIfNeeded();
    await waitForState(arm, ['running']);
    await arm.locator('[data-part=joint]').selectOption({ label: 'elbow' });

    const group = arm.getByRole('group', { name: /^Break it/ });
    expect(await group.count()).toBe(1);
    const correct = group.getByRole('radio', { name: 'Correct: G = G parent × L' });
    const reversed = group.getByRole('radio', { name: 'Wrong order: G = L × G parent' });
    const orphaned = group.getByRole('radio', { name: 'Forget the parent: G = L' });
    for (const radio of [correct, reversed, orphaned]) expect(await radio.isEnabled()).toBe(true);
    expect(await correct.isChecked()).toBe(true);
    const tag = arm.locator('.island-broken-tag');
    expect(await tag.isVisible(), 'no "computed wrongly" tag while correct').toBe(false);

    const original = await shot(arm);
    const start = await readout(arm);
    expect(translationOf(start.global)).toEqual([`${MINUS}1.00`, '1.73', '0.00']);

    // Wrong order, chosen with the arrow key as in any native radio group.
    await correct.focus();
    await page.keyboard.press('ArrowDown');
    expect(await reversed.isChecked()).toBe(true);
    const wrongOrder = await shot(arm);
    const byOrder = await differingPixels(page, original, wrongOrder);
    expect(byOrder.differing / byOrder.total, 'wrong order changes the picture').toBeGreaterThan(0.01);
    const afterOrder = await readout(arm);
    expect(afterOrder.local, 'the local matrix is the same').toEqual(start.local);
    // About one axis the rotations still add up (30° + 45°); the offset is no longer turned by the
    // shoulder, so the elbow sits straight above it at (0, 2).
    expect(rotationOf(afterOrder.global)).toEqual(rotationOf(start.global));
    expect(translationOf(afterOrder.global)).toEqual(['0.00', '2.00', '0.00']);
    expect(await tag.isVisible(), '"computed wrongly" tag').toBe(true);

    // Forget the parent: the elbow's global is its local.
    await page.keyboard.press('ArrowDown');
    expect(await orphaned.isChecked()).toBe(true);
    const withoutParents = await shot(arm);
    const byParents = await differingPixels(page, original, withoutParents);
    expect(byParents.differing / byParents.total, 'forgetting the parent changes the picture').toBeGreaterThan(0.01);
    expect((await differingPixels(page, wrongOrder, withoutParents)).differing, 'the two mistakes look different').toBeGreaterThan(0);
    const afterParents = await readout(arm);
    expect(afterParents.global).toEqual(afterParents.local);
    expect(afterParents.local).toEqual(start.local);

    // …so turning the shoulder moves the upper arm only: the elbow's global stays where it is.
    const shoulder = arm.locator('input[data-part=angle][data-joint="0"]');
    await shoulder.focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
    const turned = await shot(arm);
    const byShoulder = await differingPixels(page, withoutParents, turned);
    expect(byShoulder.differing / byShoulder.total, 'the upper arm turns').toBeGreaterThan(0.002);
    expect((await readout(arm)).global, 'the elbow ignores its parent').toEqual(afterParents.global);
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    expect(await shoulder.inputValue()).toBe('30');

    // Correct again: exactly the original pixels and numbers.
    await correct.check();
    expect((await differingPixels(page, original, await shot(arm))).differing, 'back to the original pixels').toBe(0);
    expect(await readout(arm)).toEqual(start);
    expect(await tag.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('breaks the bind pose only by forgetting the parent (offsets alone commute), and stays broken while the clip plays', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + armPage);
    const arm = page.locator('arm-figure').first();
    await arm.scrollIntoViewIfNeeded();
    await waitForState(arm, ['running']);
    await arm.locator('[data-part=joint]').selectOption({ label: 'hand' });
    const mode = (value: string) => arm.locator(`[data-part=hierarchy-mode] input[value=${value}]`);

    await arm.locator('[data-part=pose] input[value=bind]').check();
    const bind = await shot(arm);
    await mode('reversed-order').check();
    expect((await differingPixels(page, bind, await shot(arm))).differing, 'wrong order, bind pose').toBe(0);
    await mode('without-parents').check();
    const orphaned = await differingPixels(page, bind, await shot(arm));
    expect(orphaned.differing / orphaned.total, 'forget the parent, bind pose').toBeGreaterThan(0.002);
    // The hand's global is its local: 1.5 units up from the origin instead of 3.5.
    expect(translationOf((await readout(arm)).global)).toEqual(['0.00', '1.50', '0.00']);

    // Playing: every frame uses the chosen variant.
    await arm.locator('[data-part=play]').click();
    expect(await arm.getAttribute('data-playing')).toBe('true');
    await page.waitForTimeout(500);
    await arm.locator('[data-part=play]').click();
    expect(await arm.getAttribute('data-playing')).toBe('false');
    await arm.locator('[data-part=joint]').selectOption({ label: 'elbow' });
    const played = await readout(arm);
    expect(played.global).toEqual(played.local);
    // The wave bends the elbow by 10° to 80°: its local is no longer the bind pose's translation.
    expect(played.local[0], 'the clip has turned the elbow').not.toBe('1.00');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('island life cycle', () => {
  // Chapter 1: a playing model island, and islands of both kinds to clone.
  const path = pages.find((page) => page.includes('bones')) ?? pages[0];

  it('starts paused when the reader prefers reduced motion', async () => {
    const { page, context, errors } = await site.newPage({ reducedMotion: 'reduce' });
    await page.goto(site.origin + path);
    const model = page.locator('model-figure').first();
    expect(await model.count()).toBe(1);
    await model.scrollIntoViewIfNeeded();
    await waitForState(model, ['running']);
    expect(await model.getAttribute('data-playing')).toBe('false');
    const a = await shot(model);
    await page.waitForTimeout(400);
    const b = await shot(model);
    expect((await differingPixels(page, a, b)).differing).toBe(0);
    // Play still works on request.
    await model.locator('[data-part=play]').click();
    expect(await model.getAttribute('data-playing')).toBe('true');
    await page.waitForTimeout(300);
    const c = await shot(model);
    expect((await differingPixels(page, a, c)).differing).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('re-sizes its framebuffer when the device pixel ratio changes (another screen, a zoom that keeps the layout)', async () => {
    const { page, context, errors } = await site.newPage({ width: 1280, height: 900 });
    await page.goto(site.origin + path);
    const island = page.locator('model-figure').first();
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    const canvas = island.locator('canvas');
    const size = () => canvas.evaluate((c) => ({ width: (c as HTMLCanvasElement).width, css: (c as HTMLCanvasElement).clientWidth }));
    const before = await size();
    expect(before.width).toBe(before.css);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 900, deviceScaleFactor: 2, mobile: false });
    await page.waitForFunction((element) => (element as HTMLCanvasElement).width !== (element as HTMLCanvasElement).clientWidth, await canvas.elementHandle(), { timeout: 5_000 });
    const after = await size();
    expect(after.css, 'same size on the page').toBe(before.css);
    expect(after.width, 'twice the framebuffer pixels').toBe(2 * after.css);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays by default otherwise', async () => {
    const { context, island: model } = await openIsland(site, path, 'model-figure');
    expect(await model.getAttribute('data-playing')).toBe('true');
    await context.close();
  });

  it('seeks to where the time slider is moved while the clip plays, at the first move, and pauses there', async () => {
    const { page, context, island: model } = await openIsland(site, path, 'model-figure');
    expect(await model.getAttribute('data-playing')).toBe('true');
    const slider = model.locator('[data-part=time]');
    const target = Number(await slider.getAttribute('max')) / 3;
    await slider.evaluate((element, value) => {
      const input = element as HTMLInputElement;
      input.valueAsNumber = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, target);
    await nextFrames(page);
    expect(await model.getAttribute('data-playing')).toBe('false');
    expect(Number(await slider.inputValue())).toBeCloseTo(target, 6);
    expect(await model.locator('[data-part=time-output]').textContent()).toBe(`${target.toFixed(2)} s`);
    // The keyboard moves it on from there, not from where the clip was.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    expect(Number(await slider.inputValue())).toBeGreaterThan(target);
    await context.close();
  });

  it('explains itself in words when the browser has no WebGL2', async () => {
    const { page, context, errors } = await site.newPage();
    await context.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type === 'webgl2') return null;
        return (getContext as (...args: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof getContext;
    });
    await page.goto(site.origin + path);
    for (const island of await page.locator(ISLANDS).all()) {
      await island.scrollIntoViewIfNeeded();
      expect(await waitForState(island, ['unsupported', 'running', 'error'])).toBe('unsupported');
      const status = island.locator('[data-part=status]');
      expect(await status.isVisible()).toBe(true);
      expect(await status.textContent()).toMatch(/needs WebGL2/);
      expect(await island.locator('[data-part=play]').isDisabled()).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the problem in words when a model file is broken or missing', async () => {
    for (const [label, fulfil, expected] of [
      // A packed model cut off inside its JSON: the error names the file and how short it is.
      ['truncated', { status: 200, contentType: 'application/octet-stream', body: Buffer.from('SKPM\x01\x00\x00\x00\x00\x10\x00\x00{"hi', 'latin1') }, /mannequin\.model: the file is cut short: its JSON needs 4108 bytes, the file has 16/],
      ['not a packed model', { status: 200, contentType: 'text/html', body: '<!doctype html><p>Sign in</p>' }, /not a packed model \(it starts with "<!do"/],
      ['missing', { status: 404, contentType: 'text/plain', body: 'not found' }, /HTTP 404/],
    ] as const) {
      const { page, context } = await site.newPage();
      await page.route('**/models/packed/*.model', (route) => route.fulfill(fulfil));
      await page.goto(site.origin + path);
      const island = page.locator('model-figure').first();
      await island.scrollIntoViewIfNeeded();
      expect(await waitForState(island, ['error', 'running']), label).toBe('error');
      const text = (await island.textContent()) ?? '';
      expect(text, label).toMatch(expected);
      expect(await island.locator('[data-part=play]').isDisabled(), label).toBe(true);
      await context.close();
    }
  });

  it('shows a lost context, then recovers when it is restored', async () => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + path);
    const island = page.locator(ISLANDS).first();
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    await island.locator('canvas').evaluate((canvas) => {
      const extension = (canvas as HTMLCanvasElement).getContext('webgl2')!.getExtension('WEBGL_lose_context')!;
      (window as unknown as { loseContext: WEBGL_lose_context }).loseContext = extension;
      extension.loseContext();
    });
    await waitForState(island, ['lost']);
    const status = island.locator('[data-part=status]');
    expect(await status.isVisible()).toBe(true);
    expect(await status.textContent()).toMatch(/graphics context was lost/);
    await page.evaluate(() => (window as unknown as { loseContext: WEBGL_lose_context }).loseContext.restoreContext());
    await waitForState(island, ['running']);
    expect(await status.isVisible()).toBe(false);
    expect(await drawnShare(island)).toBeGreaterThan(0.02);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts figures in view one at a time: each takes its context after the last one\'s first frame is on screen', async () => {
    const { page, context, errors } = await site.newPage({ width: 1280, height: 3000 });
    // Times (ms) at which each figure's canvas got its WebGL2 context and its poster was hidden (its first frame).
    await page.addInitScript(() => {
      const log: { kind: 'context' | 'frame'; figure: string; at: number }[] = [];
      (window as unknown as { startLog: typeof log }).startLog = log;
      const figureOf = (element: Element) => element.closest<HTMLElement>('[data-test-figure]')?.dataset.testFigure ?? '';
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: Parameters<typeof getContext>) {
        if (args[0] === 'webgl2') log.push({ kind: 'context', figure: figureOf(this), at: performance.now() });
        return getContext.apply(this, args);
      } as typeof getContext;
      new MutationObserver((records) => {
        for (const record of records) {
          const element = record.target as HTMLElement;
          if (element.dataset.part === 'poster' && element.hidden) log.push({ kind: 'frame', figure: figureOf(element), at: performance.now() });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    });
    await page.goto(site.origin + path);
    // Three copies of the first model figure right after it: four figures in view at once.
    await page.evaluate(() => {
      const original = document.querySelector<HTMLElement>('model-figure')!;
      original.dataset.testFigure = '0';
      for (let i = 3; i >= 1; i--) {
        const copy = original.cloneNode(true) as HTMLElement;
        copy.dataset.state = 'idle';
        copy.dataset.testFigure = String(i);
        original.after(copy);
      }
      original.scrollIntoView({ block: 'start' });
    });
    const figures = page.locator('[data-test-figure]');
    expect(await figures.count()).toBe(4);
    for (const figure of await figures.all()) expect(await waitForState(figure, ['running'])).toBe('running');
    await page.waitForFunction(() => (window as unknown as { startLog: { kind: string }[] }).startLog.filter((entry) => entry.kind === 'frame').length >= 4);
    const log = await page.evaluate(() => (window as unknown as { startLog: { kind: 'context' | 'frame'; figure: string; at: number }[] }).startLog);
    const contexts = log.filter((entry) => entry.kind === 'context');
    expect(contexts.map((entry) => entry.figure).sort()).toEqual(['0', '1', '2', '3']);
    const firstFrame = (figure: string) => log.find((entry) => entry.kind === 'frame' && entry.figure === figure)!.at;
    for (let i = 1; i < contexts.length; i++) expect(contexts[i].at).toBeGreaterThan(firstFrame(contexts[i - 1].figure));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes no context while the page scrolls: a figure scrolled into view shows its poster until the scrolling rests', async () => {
    // A WebGL context made while the GPU process draws the scrolling page blocks the page for
    // 100 ms and more at 4× CPU throttling (gpu-process.ts); made at rest, 15–30 ms.
    const { page, context, errors } = await site.newPage();
    await page.addInitScript(() => {
      const contexts: number[] = [];
      (window as unknown as { contextTimes: number[] }).contextTimes = contexts;
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: Parameters<typeof getContext>) {
        if (args[0] === 'webgl2') contexts.push(performance.now());
        return getContext.apply(this, args);
      } as typeof getContext;
    });
    await page.goto(site.origin + path);
    const figure = page.locator('model-figure').last();
    // Scrolls the figure into view, then 3 px down and up every frame for 3 s (the reader's wheel),
    // rests for 310 ms — just past the rest, so that the figure checks the GPU process while the
    // scrolling starts again — and scrolls 2 s more.
    const scrolling = await figure.evaluate(async (element) => {
      const host = element as HTMLElement;
      host.scrollIntoView({ block: 'center', behavior: 'instant' });
      const states = new Set<string>();
      let posterShown = true;
      const scrollFor = (milliseconds: number) =>
        new Promise<void>((resolve) => {
          const start = performance.now();
          let frame = 0;
          const step = () => {
            window.scrollBy({ top: frame++ % 2 === 0 ? 3 : -3, behavior: 'instant' });
            states.add(host.dataset.state ?? '');
            posterShown &&= host.querySelector<HTMLElement>('[data-part=poster]')?.hidden === false;
            if (performance.now() - start < milliseconds) requestAnimationFrame(step);
            else resolve();
          };
          requestAnimationFrame(step);
        });
      await scrollFor(3000);
      await new Promise((resolve) => setTimeout(resolve, 310));
      await scrollFor(2000);
      return { states: [...states], posterShown, end: performance.now(), contexts: (window as unknown as { contextTimes: number[] }).contextTimes.length };
    });
    expect(scrolling.contexts, 'contexts made while the page scrolled').toBe(0);
    expect(scrolling.states).not.toContain('running');
    expect(scrolling.posterShown).toBe(true);
    expect(await waitForState(figure, ['running'])).toBe('running');
    const firstContext = await page.evaluate(() => (window as unknown as { contextTimes: number[] }).contextTimes[0]);
    // The scrolling rests 300 ms after its last event (SCROLL_REST).
    expect(firstContext - scrolling.end).toBeGreaterThan(250);
    expect(errors).toEqual([]);
    await context.close();
  });

  it(`keeps at most ${MAX_LIVE_CONTEXTS} live WebGL contexts, and brings released islands back`, async () => {
    const { page, context, errors } = await site.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(site.origin + path);
    // Twelve more islands down the page, far apart, each a copy of the first model island.
    const copies = 12;
    await page.evaluate((count) => {
      const original = document.querySelector('model-figure')!;
      const shelf = document.createElement('div');
      for (let i = 0; i < count; i++) {
        const copy = original.cloneNode(true) as HTMLElement;
        copy.dataset.state = 'idle';
        copy.classList.add('test-copy');
        copy.style.marginBottom = '150vh';
        shelf.append(copy);
      }
      document.querySelector('main')!.append(shelf);
    }, copies);
    const live = () => page.evaluate((states) => Array.from(document.querySelectorAll<HTMLElement>('arm-figure, model-figure')).filter((e) => states.includes(e.dataset.state ?? '')).length, LIVE_STATES);
    const all = await page.locator('.test-copy').all();
    for (const copy of all) {
      await copy.scrollIntoViewIfNeeded();
      expect(await waitForState(copy, ['running'])).toBe('running');
      expect(await live()).toBeLessThanOrEqual(MAX_LIVE_CONTEXTS);
    }
    // The first copies were released (farthest away); scrolling back brings the first one back.
    expect(await all[0].getAttribute('data-state')).toBe('idle');
    await all[0].scrollIntoViewIfNeeded();
    expect(await waitForState(all[0], ['running'])).toBe('running');
    expect(await live()).toBeLessThanOrEqual(MAX_LIVE_CONTEXTS);
    expect(await drawnShare(all[0])).toBeGreaterThan(0.02);
    expect(errors).toEqual([]);
    // Chromium warns when it has to kill a context to make room: the budget must make that never happen.
    expect(warnings.filter((w) => /too many active webgl contexts/i.test(w))).toEqual([]);
    await context.close();
  });
});

describe('the weights island (chapter 2)', () => {
  const weightsPage = pages.find((path) => path.includes('skin-weights'));

  it('swaps smooth, rigid and unrenormalised weights: alike where nothing bends, apart where it does, and back exactly', async () => {
    expect(weightsPage, 'the skin weights chapter is built').toBeDefined();
    const { page, context, errors, island } = await openIsland(site, weightsPage!, 'weights-figure');
    await island.locator('[data-part=weights]').uncheck();

    const group = island.getByRole('group', { name: /^Weights/ });
    const smooth = group.getByRole('radio', { name: /^Smooth/ });
    const rigid = group.getByRole('radio', { name: /^Rigid/ });
    const broken = group.getByRole('radio', { name: /^Break it/ });
    expect(await smooth.isChecked()).toBe(true);

    // Bent: rigid weights crease the tube, the unrenormalised ones pinch it; smooth comes back exactly.
    const bentSmooth = await shot(island);
    await rigid.check();
    const bentRigid = await shot(island);
    const byRigid = await differingShare(page, bentSmooth, bentRigid);
    expect(byRigid, 'rigid weights change the bent tube').toBeGreaterThan(0.002);
    await broken.check();
    const bentBroken = await shot(island);
    expect(await differingShare(page, bentSmooth, bentBroken), 'unrenormalised weights change it more').toBeGreaterThan(byRigid);
    await smooth.check();
    expect((await differingPixels(page, bentSmooth, await shot(island))).differing, 'back to smooth: the same pixels').toBe(0);

    // In the bind pose every bone's matrix is the identity: rigid weights give the same mesh,
    // unrenormalised ones still pinch it (their sums below 1 scale vertices toward the origin).
    await island.locator('[data-part=pose] input[value=bind]').check();
    const bindSmooth = await shot(island);
    await rigid.check();
    expect((await differingPixels(page, bindSmooth, await shot(island))).differing, 'rigid = smooth in the bind pose').toBe(0);
    await broken.check();
    expect(await differingShare(page, bindSmooth, await shot(island)), 'the pinch shows without any bend').toBeGreaterThan(0.002);

    // The weight paint follows the weights in use: rigid paint differs from smooth paint.
    await island.locator('[data-part=weights]').check();
    await rigid.check();
    const paintRigid = await shot(island);
    await smooth.check();
    const paintSmooth = await shot(island);
    expect((await differingPixels(page, paintRigid, paintSmooth)).differing, 'the paint shows the hard edges of rigid weights').toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the bind-pose island (chapter 3)', () => {
  const bindPage = pages.find((path) => path.includes('bind-pose'));

  it('binds in the walk pose: the rest pose deforms, and the mesh is as stored exactly when the skeleton passes through that pose', async () => {
    expect(bindPage, 'the bind pose chapter is built').toBeDefined();
    const { page, context, errors, island } = await openIsland(site, bindPage!, 'bind-figure');
    await island.locator('[data-part=skeleton]').uncheck();
    const note = island.locator('[data-part=bind-note]');
    expect(await island.locator('[data-part=pose] input[value=bind]').isChecked(), 'opens in the rest pose').toBe(true);
    expect(await note.textContent()).toMatch(/every skinning matrix is the identity/);

    const modelled = island.getByRole('radio', { name: /^Bound as modelled/ });
    const broken = island.getByRole('radio', { name: /^Break it/ });
    const restAsModelled = await shot(island);
    await broken.check();
    const restBroken = await shot(island);
    expect(await differingShare(page, restAsModelled, restBroken), 'bound elsewhere, the rest pose is deformed').toBeGreaterThan(0.01);
    expect(await note.textContent()).toMatch(/differ by up to \d/);

    // 0.3 s into the walk the skeleton stands where the broken skin was bound: the mesh is as stored.
    await island.locator('[data-part=time]').evaluate((slider) => {
      (slider as HTMLInputElement).value = '0.3';
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const walkBroken = await shot(island);
    expect(await differingShare(page, restAsModelled, walkBroken), 'the stored T-pose, drawn mid-stride').toBeLessThan(0.001);

    await modelled.check();
    const walkAsModelled = await shot(island);
    expect(await differingShare(page, restAsModelled, walkAsModelled), 'bound as modelled, the mannequin walks').toBeGreaterThan(0.01);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the offset island (chapter 4)', () => {
  const offsetPage = pages.find((path) => path.includes('offset-matrices'));

  it('wrong order hides in the bind pose and shows when the bone turns; the other two mistakes show at once; correct comes back exactly', async () => {
    expect(offsetPage, 'the offset chapter is built').toBeDefined();
    const { page, context, errors, island } = await openIsland(site, offsetPage!, 'offset-figure');
    await island.locator('[data-part=skeleton]').uncheck();
    const mode = (value: string) => island.locator(`[data-part=palette-mode] input[value=${value}]`);
    const pose = (value: string) => island.locator(`[data-part=pose] input[value=${value}]`);

    const turnedCorrect = await shot(island);
    await pose('bind').check();
    const bindCorrect = await shot(island);

    await mode('reversed-order').check();
    expect(await differingShare(page, bindCorrect, await shot(island)), 'B⁻¹ × G = G × B⁻¹ = I in the bind pose').toBe(0);
    await pose('animated').check();
    expect(await differingShare(page, turnedCorrect, await shot(island)), 'the wrong order shows once the child turns').toBeGreaterThan(0.002);

    for (const value of ['without-offsets', 'not-inverted']) {
      await mode(value).check();
      await pose('bind').check();
      expect(await differingShare(page, bindCorrect, await shot(island)), `${value}: wrong already in the bind pose`).toBeGreaterThan(0.002);
      await pose('animated').check();
    }

    await mode('correct').check();
    expect(await differingShare(page, turnedCorrect, await shot(island)), 'back to the correct pixels').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the traversal island (chapter 5)', () => {
  const traversalPage = pages.find((path) => path.includes('hierarchy-traversal'));

  it('skipping the bone-less Armature node or adding keys to the rest pose each change the walking figure; correct comes back exactly', async () => {
    expect(traversalPage, 'the hierarchy traversal chapter is built').toBeDefined();
    const { page, context, errors, island } = await openIsland(site, traversalPage!, 'traversal-figure');
    await pause(island);
    const mode = (value: string) => island.locator(`[data-part=traversal-mode] input[value=${value}]`);
    const correct = await shot(island);
    await mode('skip-boneless').check();
    const skipped = await shot(island);
    expect(await differingShare(page, correct, skipped), 'without the Armature node the figure lies down').toBeGreaterThan(0.01);
    await mode('relative-keys').check();
    const relative = await shot(island);
    expect(await differingShare(page, correct, relative), 'keys on top of the rest pose').toBeGreaterThan(0.01);
    expect(await differingShare(page, skipped, relative), 'the two mistakes look different').toBeGreaterThan(0.01);
    // In the bind pose no key is sampled: adding keys to it changes nothing, skipping the Armature still does.
    await island.locator('[data-part=pose] input[value=bind]').check();
    const bindRelative = await shot(island);
    await mode('correct').check();
    const bindCorrect = await shot(island);
    expect(await differingShare(page, bindCorrect, bindRelative), 'no keys in the bind pose').toBe(0);
    await mode('skip-boneless').check();
    expect(await differingShare(page, bindCorrect, await shot(island)), 'the Armature matters in the bind pose too').toBeGreaterThan(0.01);
    await mode('correct').check();
    await island.locator('[data-part=pose] input[value=animated]').check();
    expect(await differingShare(page, correct, await shot(island)), 'back to the correct pixels').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('controls work before their figure starts', () => {
  /** Focuses `control` without scrolling the page (as a screen reader's cursor can), so its figure stays unstarted. */
  const focusInPlace = (control: Locator) => control.evaluate((element) => (element as HTMLElement).focus({ preventScroll: true }));
  const press = async (page: Page, key: string, times: number) => {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
  };

  /** A fresh page on `path` (the same short viewport), scrolled to its first `tag` island, running. */
  async function openStarted(path: string, tag: string) {
    const opened = await site.newPage({ height: 500 });
    await opened.page.goto(site.origin + path);
    const island = opened.page.locator(tag).first();
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    return { ...opened, island };
  }

  /** A fresh page on `path` whose first `tag` island is still idle (far below a short viewport). */
  async function openUnstarted(path: string, tag: string) {
    const opened = await site.newPage({ height: 500 });
    await opened.page.goto(site.origin + path, { waitUntil: 'networkidle' });
    const island = opened.page.locator(tag).first();
    expect(await island.getAttribute('data-state'), `${tag} has not started`).toBe('idle');
    return { ...opened, island };
  }

  it('chapter 4: a "Break it" choice and the bend chosen from the keyboard before the figure starts are what it starts from', async () => {
    const path = pages.find((p) => p.includes('offset-matrices'))!;
    const early = await openUnstarted(path, 'offset-figure');
    const { page, island } = early;
    const slider = island.locator('input[data-part=bend]');
    const startDegrees = Number(await slider.inputValue());
    await focusInPlace(island.locator('[data-part=palette-mode] input:checked'));
    await page.keyboard.press('ArrowDown');
    await focusInPlace(slider);
    await press(page, 'ArrowRight', 12);
    expect(await island.getAttribute('data-state'), 'still not started').toBe('idle');
    const chosen = await island.locator('[data-part=palette-mode] input:checked').getAttribute('value');
    expect(chosen, 'the arrow key chose the next mistake').not.toBe('correct');
    expect(await island.locator('output[for]').first().textContent()).toBe(`${startDegrees + 12}°`);
    await island.scrollIntoViewIfNeeded();
    expect(await waitForState(island, ['running', 'error'])).toBe('running');
    expect(await island.locator('[data-part=palette-mode] input:checked').getAttribute('value'), 'the choice is kept').toBe(chosen);
    expect(Number(await slider.inputValue()), 'the bend is kept').toBe(startDegrees + 12);
    const startedThere = await shot(island);

    // The same state reached after the start, on another page: the same picture.
    const late = await openStarted(path, 'offset-figure');
    await late.island.locator(`[data-part=palette-mode] input[value=${chosen}]`).check();
    await late.island.locator('input[data-part=bend]').focus();
    await press(late.page, 'ArrowRight', 12);
    expect(Number(await late.island.locator('input[data-part=bend]').inputValue())).toBe(startDegrees + 12);
    const reference = await shot(late.island);
    expect(await differingShare(page, startedThere, reference), 'same picture as choosing after the start').toBe(0);
    const unchanged = await openStarted(path, 'offset-figure');
    expect(await differingShare(page, startedThere, await shot(unchanged.island)), 'and not the default picture').toBeGreaterThan(0.002);
    expect(early.errors).toEqual([]);
    for (const { context } of [early, late, unchanged]) await context.close();
  });

  it('chapter 1: the arm starts from a "Break it" choice and a joint angle set early; the model figure from the bind pose, or paused where the time slider was put', async () => {
    const path = pages.find((p) => p.includes('bones'))!;
    const early = await openUnstarted(path, 'arm-figure');
    const { page, island } = early;
    await focusInPlace(island.locator('[data-part=hierarchy-mode] input:checked'));
    await page.keyboard.press('ArrowDown');
    const elbow = island.locator('input[data-part=angle]').nth(1);
    const elbowStart = Number(await elbow.inputValue());
    await focusInPlace(elbow);
    await press(page, 'ArrowLeft', 15);
    const chosen = await island.locator('[data-part=hierarchy-mode] input:checked').getAttribute('value');
    expect(chosen).not.toBe('correct');
    expect(await island.getAttribute('data-state')).toBe('idle');
    await island.scrollIntoViewIfNeeded();
    expect(await waitForState(island, ['running', 'error'])).toBe('running');
    await nextFrames(page);
    const matrices = (figure: Locator) => figure.locator('[data-part=readout] .island-matrices').textContent();
    const readout = await matrices(island);

    const late = await openStarted(path, 'arm-figure');
    await late.island.locator(`[data-part=hierarchy-mode] input[value=${chosen}]`).check();
    await late.island.locator('input[data-part=angle]').nth(1).focus();
    await press(late.page, 'ArrowLeft', 15);
    expect(Number(await late.island.locator('input[data-part=angle]').nth(1).inputValue())).toBe(elbowStart - 15);
    await nextFrames(late.page);
    expect(readout, 'the matrices of a figure started in that state').toBe(await matrices(late.island));
    await late.context.close();

    expect(early.errors).toEqual([]);
    await early.context.close();

    // The walking mannequin (autoplay): the bind pose chosen early keeps it in the bind pose, paused.
    const posed = await openUnstarted(path, 'model-figure');
    const model = posed.island;
    await focusInPlace(model.locator('[data-part=pose] input:checked'));
    await posed.page.keyboard.press('ArrowLeft');
    expect(await model.locator('[data-part=pose] input[value=bind]').isChecked()).toBe(true);
    expect(await model.getAttribute('data-state')).toBe('idle');
    await model.scrollIntoViewIfNeeded();
    expect(await waitForState(model, ['running', 'error'])).toBe('running');
    expect(await model.locator('[data-part=pose] input[value=bind]').isChecked(), 'still the bind pose').toBe(true);
    expect(await model.getAttribute('data-playing'), 'the bind pose is still').toBe('false');
    expect(await model.locator('[data-part=play-label]').textContent()).toBe('Play');
    expect(posed.errors).toEqual([]);
    await posed.context.close();

    // The time slider moved early: the clip starts paused at that share of its length.
    const timed = await openUnstarted(path, 'model-figure');
    const time = timed.island.locator('input[data-part=time]');
    await focusInPlace(time);
    await press(timed.page, 'End', 1);
    await press(timed.page, 'ArrowLeft', 50);
    const share = Number(await time.inputValue()) / Number(await time.getAttribute('max'));
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.8);
    await timed.island.scrollIntoViewIfNeeded();
    expect(await waitForState(timed.island, ['running', 'error'])).toBe('running');
    expect(await timed.island.getAttribute('data-playing'), 'a moved slider means paused').toBe('false');
    const duration = Number(await time.getAttribute('max'));
    expect(duration).toBeGreaterThan(0.1);
    expect(Number(await time.inputValue()) / duration).toBeCloseTo(share, 6);
    expect(await timed.island.locator('[data-part=time-output]').textContent()).toBe(`${(share * duration).toFixed(2)} s`);
    await timed.context.close();
  });

  it('chapter 1: Play/Pause pressed before the start decides whether the clip plays, over the figure\'s default and reduced motion', async () => {
    const path = pages.find((p) => p.includes('bones'))!;
    for (const [presses, playing] of [
      [2, 'false'], // Play, then Pause: an autoplaying figure starts paused
      [1, 'true'], // Play: it plays even for a reader who prefers reduced motion
    ] as const) {
      const { page, context } = await site.newPage({ height: 500, reducedMotion: playing === 'true' ? 'reduce' : 'no-preference' });
      await page.goto(site.origin + path, { waitUntil: 'networkidle' });
      const model = page.locator('model-figure').first();
      expect(await model.getAttribute('data-state')).toBe('idle');
      await focusInPlace(model.locator('[data-part=play]'));
      await press(page, 'Enter', presses);
      expect(await model.locator('[data-part=play-label]').textContent()).toBe(playing === 'true' ? 'Pause' : 'Play');
      await model.scrollIntoViewIfNeeded();
      expect(await waitForState(model, ['running', 'error'])).toBe('running');
      expect(await model.getAttribute('data-playing'), `${presses} press(es)`).toBe(playing);
      await context.close();
    }
  });

  it('keeps every control of a figure that cannot run disabled', async () => {
    const path = pages.find((p) => p.includes('bones'))!;
    const { page, context } = await site.newPage();
    await page.route('**/models/packed/*.model', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto(site.origin + path);
    const model = page.locator('model-figure').first();
    await model.scrollIntoViewIfNeeded();
    expect(await waitForState(model, ['error', 'running'])).toBe('error');
    for (const control of await model.locator('input, select, .island-panel button').all()) expect(await control.isDisabled()).toBe(true);
    await context.close();
  });
});

describe('a model that failed to load', () => {
  it('shows its message on a hidden canvas with a Retry button, and runs once Retry loads it', async () => {
    const path = pages.find((p) => p.includes('bones'))!;
    const { page, context, errors } = await site.newPage();
    let refused = 0;
    await page.route('**/models/packed/mannequin.model', async (route) => {
      refused++;
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
    });
    await page.goto(site.origin + path);
    const island = page.locator('model-figure').first();
    await island.scrollIntoViewIfNeeded();
    expect(await waitForState(island, ['error', 'running'])).toBe('error');
    expect(refused).toBeGreaterThan(0);
    const status = island.locator('[data-part=status]');
    expect(await status.textContent()).toMatch(/mannequin\.glb could not be loaded[\s\S]*HTTP 404/);
    expect(await island.locator('canvas').evaluate((canvas) => getComputedStyle(canvas).visibility), 'no broken canvas behind the message').toBe('hidden');
    const retry = status.getByRole('button', { name: 'Retry' });
    expect(await retry.isVisible()).toBe(true);
    expect(await retry.isEnabled()).toBe(true);

    // The network is back: Retry loads the model and the figure runs.
    await page.unroute('**/models/packed/mannequin.model');
    await retry.focus();
    await page.keyboard.press('Enter');
    expect(await waitForState(island, ['running', 'error'])).toBe('running');
    expect(await status.isVisible()).toBe(false);
    expect(await retry.count()).toBe(0);
    expect(await island.locator('canvas').evaluate((canvas) => getComputedStyle(canvas).visibility)).toBe('visible');
    expect(await drawnShare(island)).toBeGreaterThan(0.02);
    expect(await island.locator('[data-part=play]').isEnabled()).toBe(true);
    // Failed loads log the 404 in the console; nothing else may.
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
    await context.close();
  });

  it('offers no Retry when the browser has no WebGL2', async () => {
    const path = pages.find((p) => p.includes('bones'))!;
    const { page, context } = await site.newPage();
    await context.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type === 'webgl2') return null;
        return (getContext as (...args: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof getContext;
    });
    await page.goto(site.origin + path);
    const island = page.locator('model-figure').first();
    await island.scrollIntoViewIfNeeded();
    expect(await waitForState(island, ['unsupported', 'running', 'error'])).toBe('unsupported');
    expect(await island.locator('[data-part=retry]').count()).toBe(0);
    expect(await island.locator('canvas').evaluate((canvas) => getComputedStyle(canvas).visibility)).toBe('hidden');
    await context.close();
  });
});

describe('forced colours (high contrast)', () => {
  it('shows which pose and which "Break it" choice is selected, and where the focus is', async () => {
    const path = pages.find((p) => p.includes('bones'))!;
    const context = await site.browser.newContext({ forcedColors: 'active', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(site.origin + path);
    const arm = page.locator('arm-figure').first();
    await arm.scrollIntoViewIfNeeded();
    await waitForState(arm, ['running']);
    // The system colour for what is selected, as this browser resolves it.
    const highlight = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'Highlight';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    /** Where the element shows Highlight: its background, border or outline (as drawn: a none style draws nothing). */
    const marks = (locator: Locator) =>
      locator.evaluate((element, color) => {
        const style = getComputedStyle(element);
        const found: string[] = [];
        if (style.backgroundColor === color) found.push('background');
        if (style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) > 0 && style.borderTopColor === color) found.push('border');
        if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor === color) found.push('outline');
        return found;
      }, highlight);
    const segment = (checked: boolean) => arm.locator(`[data-part=pose] input:${checked ? 'checked' : 'not(:checked)'} + span`);
    expect(await marks(segment(true)), 'the checked pose segment').not.toEqual([]);
    expect(await marks(segment(false)), 'the other segment').toEqual([]);
    const choice = (checked: boolean) => arm.locator(`[data-part=hierarchy-mode] .island-choice:has(input${checked ? ':checked' : ':not(:checked)'})`).first();
    expect(await marks(choice(true)), 'the checked "Break it" row').not.toEqual([]);
    expect(await marks(choice(false)), 'another row').toEqual([]);
    // A focused segment keeps a visible ring; a focused slider too.
    await arm.locator('[data-part=pose] input:checked').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await marks(arm.locator('[data-part=pose] input:focus + span'))).toContain('outline');
    await arm.locator('input[data-part=angle]').first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await marks(arm.locator('input[data-part=angle]').first())).toContain('outline');
    await context.close();
  });
});

describe('the live description of every figure', () => {
  /** The text of the element the canvas's aria-describedby names. */
  const description = (island: Locator) =>
    island.locator('canvas').evaluate((canvas) => {
      const id = canvas.getAttribute('aria-describedby');
      const region = id === null ? null : document.getElementById(id);
      return region === null ? null : { text: region.textContent ?? '', live: region.getAttribute('aria-live') };
    });
  /** Polls until `predicate` holds for the description (or the timeout passes); returns the last text. */
  async function waitForDescription(island: Locator, predicate: (text: string) => boolean, timeout = 3000): Promise<string> {
    const end = Date.now() + timeout;
    let text = '';
    do {
      text = (await description(island))?.text ?? '';
      if (predicate(text)) return text;
      await island.page().waitForTimeout(100);
    } while (Date.now() < end);
    return text;
  }

  for (const path of pages) {
    it(`${path}: each figure describes its state in words, and the words follow a change of its controls`, async () => {
      const { page, context, errors } = await site.newPage();
      await page.goto(site.origin + path, { waitUntil: 'networkidle' });
      for (const [index, island] of (await page.locator(ISLANDS).all()).entries()) {
        const where = `${path} island ${index} (${await island.evaluate((e) => e.tagName.toLowerCase())})`;
        await island.scrollIntoViewIfNeeded();
        expect(await waitForState(island, ['running', 'error', 'unsupported']), where).toBe('running');
        expect((await description(island))?.live, `${where}: the canvas names a polite live region`).toBe('polite');
        const first = await waitForDescription(island, (text) => text.length > 0);
        expect(first.length, `${where}: described`).toBeGreaterThan(10);
        const other = (await island.locator('[data-part=pose] input[value=bind]').isChecked()) ? 'animated' : 'bind';
        await island.locator(`[data-part=pose] input[value=${other}]`).check();
        const changed = await waitForDescription(island, (text) => text !== first && text.length > 0);
        expect(changed, `${where}: the description follows the pose switch`).not.toBe(first);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('announces at most every half second while a slider is scrubbed, and not the time of a playing clip', async () => {
    const path = pages.find((p) => p.includes('bones'))!;
    const { page, context, island } = await openIsland(site, path, 'model-figure');
    expect(await island.getAttribute('data-playing')).toBe('true');
    const playing = await waitForDescription(island, (text) => text.includes('playing'));
    const clipName = /playing the (\S+) clip/.exec(playing)?.[1];
    expect(clipName, playing).toBeDefined();
    // Count the rewrites of the region over 1.6 s of playing, then over 1.6 s of scrubbing.
    const countRewrites = (during: () => Promise<void>) =>
      (async () => {
        await island.locator('[data-part=description]').evaluate((region) => {
          const counter = window as unknown as { rewrites: number; observer: MutationObserver };
          counter.rewrites = 0;
          counter.observer = new MutationObserver(() => counter.rewrites++);
          counter.observer.observe(region, { childList: true, characterData: true, subtree: true });
        });
        const started = Date.now();
        await during();
        const seconds = (Date.now() - started) / 1000;
        const rewrites = await page.evaluate(() => {
          const counter = window as unknown as { rewrites: number; observer: MutationObserver };
          counter.observer.disconnect();
          return counter.rewrites;
        });
        return { rewrites, seconds };
      })();
    const whilePlaying = await countRewrites(() => page.waitForTimeout(1600));
    expect(whilePlaying.rewrites, 'a playing clip announces nothing per frame').toBe(0);
    const slider = island.locator('input[data-part=time]');
    await slider.focus();
    const scrubbing = await countRewrites(async () => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('ArrowRight');
        await page.waitForTimeout(40);
      }
    });
    expect(scrubbing.rewrites, 'scrubbing announces something').toBeGreaterThan(0);
    expect(scrubbing.rewrites, `at most one rewrite per 0.5 s over ${scrubbing.seconds.toFixed(1)} s`).toBeLessThanOrEqual(Math.ceil(scrubbing.seconds / 0.5) + 1);
    // The last press is described once the half second after the last rewrite has passed.
    await page.waitForTimeout(700);
    const settled = await waitForDescription(island, (text) => /paused at \d+\.\d\d s of the/.test(text));
    expect(settled).toContain(`paused at ${await island.locator('[data-part=time-output]').textContent()} of the ${clipName} clip`);
    await context.close();
  });
});
