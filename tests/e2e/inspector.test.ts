// The vertex inspector (src/figures/shared/vertex-inspector.ts) in Chromium, in the two figures that
// compose it: chapter 2's bend tube (weights-figure, inspector off until switched on) and the
// walking mannequin (inspector-figure, on), wherever a chapter places them. What it shows is
// compared with the core run here in Node on the same model and pose: the vertex a click picks
// (the ray the page cast, from data-ray, through the core's pickVertex on the core's skinned
// mesh), and every number of the readout. Pixels: the marks appear where the reader clicked, a
// drag turns the view without picking, and switched off the inspector leaves the model's pixels
// exactly as they were. Keyboard, touch, the live summary and axe in both themes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { Playback } from '../../src/core/clip.ts';
import { animateFrame, createPlayer, showRestPose, type Player } from '../../src/core/frame.ts';
import { multiplyQuatAt } from '../../src/core/math.ts';
import { copyPose, type Model, type SkinnedPrimitive } from '../../src/core/model.ts';
import { limitInfluencesWithoutRenormalising } from '../../src/core/pitfalls.ts';
import { createVertexPick, pickVertex } from '../../src/core/picking.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { createVertexSkinning, explainVertex } from '../../src/core/vertex-influence.ts';
import { limitInfluences } from '../../src/core/weights.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { differingPixels, layOutEveryBlock, nextFrames, pause, shot, waitForState } from './figures.ts';
import { dist, openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Half a unit of the readout's last digit (3 decimals), and a little for float32 → text. */
const SHOWN = 0.0005 + 1e-6;

/** The chapter page (URL path) whose HTML holds `<tag`, or undefined. */
function pageWith(tag: string): string | undefined {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else if (name === 'index.html' && readFileSync(child, 'utf8').includes(`<${tag}`)) found.push('/' + relative(dist, path).split('\\').join('/') + '/');
    }
  };
  walk(join(dist, 'chapters'));
  return found.sort()[0];
}

const weightsPage = pageWith('weights-figure');
const inspectorPage = pageWith('inspector-figure');

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** A fresh page on `path`, scrolled to its first `tag` island once it runs, the inspector switched on. */
async function openInspector(path: string, tag: string, options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}) {
  const { page, context, errors } = await site.newPage(options);
  await page.goto(site.origin + path);
  const island = page.locator(tag).first();
  await island.scrollIntoViewIfNeeded();
  await waitForState(island, ['running']);
  await island.locator('canvas').evaluate((canvas) => canvas.scrollIntoView({ block: 'center', behavior: 'instant' }));
  return { page, context, errors, island, inspector: island.locator('[data-part=inspector]') };
}

/** The canvas's box on the page, once it is scrolled to the middle of the viewport (clear of the sticky header). */
async function canvasBox(island: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const canvas = island.locator('canvas');
  await layOutEveryBlock(island.page());
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await nextFrames(island.page());
  return (await canvas.boundingBox())!;
}

async function switchOn(island: Locator): Promise<void> {
  await island.locator('[data-part=inspector-on]').check();
  await nextFrames(island.page());
}

/** Sets a range input (the bend or the time slider) to `value` as the reader would, one input event. */
async function setSlider(island: Locator, part: string, value: number): Promise<void> {
  await island.locator(`input[data-part=${part}]`).evaluate((slider, v) => {
    (slider as HTMLInputElement).value = String(v);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
  await nextFrames(island.page());
}

// ── The core's side, in Node ─────────────────────────────────────────────────────────────────

const bendTube = loadModelFile('public/models/bend-tube.glb');
const mannequin = loadModelFile('public/models/mannequin.glb');

/** The bend tube as the weights figure poses it: "middle" and "end" turned `degrees` about their own z (0 for the bind pose). */
function bendTubePlayer(degrees: number): Player {
  const player = createPlayer(bendTube);
  copyPose(player.pose, bendTube.hierarchy.rest);
  const half = (degrees * Math.PI) / 360;
  const turn = Float32Array.of(0, 0, Math.sin(half), Math.cos(half));
  for (const name of ['middle', 'end']) {
    const node = bendTube.hierarchy.names.indexOf(name);
    multiplyQuatAt(player.pose.rotations, 4 * node, player.pose.rotations, 4 * node, turn, 0);
  }
  animateFrame(player, null);
  return player;
}

/** The mannequin playing clip `clipName` at `time` seconds (looped), or in its bind pose. */
function mannequinPlayer(clipName: string, time: number | 'bind'): Player {
  const player = createPlayer(mannequin);
  if (time === 'bind') showRestPose(player);
  else animateFrame(player, mannequin.clips.find((clip) => clip.name === clipName)!, time, Playback.LOOP);
  return player;
}

/** What the core picks along the ray the page cast (data-ray), on `primitive` skinned with `palette`. */
function corePick(ray: string, primitive: SkinnedPrimitive, palette: Float32Array): number {
  const values = ray.split(' ').map(Number);
  expect(values).toHaveLength(6);
  const skinned = new Float32Array(3 * primitive.vertexCount);
  skinVertices(skinned, null, primitive, palette);
  return pickVertex(createVertexPick(), Float32Array.from(values.slice(0, 3)), Float32Array.from(values.slice(3)), skinned, primitive.indices).vertex;
}

/** The readout, as numbers and names. */
async function readInspector(inspector: Locator) {
  await nextFrames(inspector.page());
  return inspector.evaluate((root) => {
    const numbers = (scope: Element, selector: string) =>
      Array.from(scope.querySelectorAll(selector)).map((cell) => Number((cell.textContent ?? '').replace('\u2212', '-')));
    const cards = Array.from(root.querySelectorAll<HTMLElement>('[data-part=influence]')).filter((card) => !card.hidden);
    const terms = Array.from(root.querySelectorAll<HTMLElement>('[data-part=sum-term]')).filter((term) => !term.hidden);
    return {
      vertex: Number((root as HTMLElement).dataset.vertex),
      bind: numbers(root, '[data-field=bind]'),
      final: numbers(root, '[data-field=final]'),
      influences: cards.map((card) => ({
        joint: card.querySelector('[data-field=joint]')?.textContent ?? '',
        jointIndex: Number(card.querySelector('[data-field=joint-index]')?.textContent),
        weight: numbers(card, '[data-field=weight]')[0],
        matrix: numbers(card, 'table[data-field=matrix] tbody td'),
        candidate: numbers(card, '[data-field=candidate]'),
      })),
      terms: terms.map((term) => ({ weight: numbers(term, '[data-field=weight]')[0], candidate: numbers(term, '[data-field=candidate]') })),
      summary: root.querySelector('[data-part=inspector-summary]')?.textContent ?? '',
    };
  });
}

/** Asserts that the readout shows exactly the core's numbers for its vertex of `primitive` under `palette`. */
async function expectCoreNumbers(inspector: Locator, model: Model, primitive: SkinnedPrimitive, palette: Float32Array, label: string): Promise<void> {
  const shown = await readInspector(inspector);
  const core = explainVertex(createVertexSkinning(), primitive, palette, shown.vertex);
  const close = (actual: number[], expected: ArrayLike<number>, what: string) => {
    expect(actual, `${label}: ${what}`).toHaveLength(expected.length);
    actual.forEach((value, i) => expect(Math.abs(value - expected[i]), `${label}: ${what}[${i}] shows ${value}, the core has ${expected[i]}`).toBeLessThanOrEqual(SHOWN));
  };
  close(shown.bind, core.bindPosition, 'bind position');
  close(shown.final, core.position, 'final position');
  expect(shown.influences, `${label}: influences`).toHaveLength(core.count);
  expect(shown.terms, `${label}: terms of the sum`).toHaveLength(core.count);
  const skin = model.skins[model.meshes[0].skin];
  shown.influences.forEach((influence, i) => {
    const joint = core.joints[i];
    expect(influence.joint).toBe(model.hierarchy.names[skin.joints[joint]]);
    expect(influence.jointIndex).toBe(joint);
    close([influence.weight, shown.terms[i].weight], [core.weights[i], core.weights[i]], `weight ${i}`);
    // On screen row by row; the palette column-major.
    const rows = Array.from({ length: 16 }, (_, cell) => palette[16 * joint + 4 * (cell % 4) + Math.floor(cell / 4)]);
    close(influence.matrix, rows, `palette[${joint}]`);
    close(influence.candidate, core.candidates.subarray(3 * i, 3 * i + 3), `candidate ${i}`);
    close(shown.terms[i].candidate, core.candidates.subarray(3 * i, 3 * i + 3), `candidate ${i} in the sum`);
  });
  // The sum as printed adds up, to the rounding of its terms.
  for (let axis = 0; axis < 3; axis++) {
    const sum = shown.terms.reduce((total, term) => total + term.weight * term.candidate[axis], 0);
    expect(Math.abs(sum - shown.final[axis]), `${label}: Σ wᵢ·(Mᵢ·v), axis ${axis}`).toBeLessThan(0.003);
  }
}

/** The centre (CSS pixels from the canvas's top-left) of the pixels that differ between two canvas screenshots, and how many differ. */
async function differenceCentre(page: Page, a: Buffer, b: Buffer): Promise<{ x: number; y: number; count: number }> {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return { data: context.getImageData(0, 0, bitmap.width, bitmap.height).data, width: bitmap.width };
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      let sumX = 0, sumY = 0, count = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        if (Math.abs(x.data[i] - y.data[i]) + Math.abs(x.data[i + 1] - y.data[i + 1]) + Math.abs(x.data[i + 2] - y.data[i + 2]) > 24) {
          sumX += (i / 4) % x.width;
          sumY += Math.floor(i / 4 / x.width);
          count++;
        }
      }
      return { x: sumX / count + 0.5, y: sumY / count + 0.5, count };
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

// ── The bend tube, chapter 2 ─────────────────────────────────────────────────────────────────

describe('the vertex inspector on the bend tube (weights figure)', () => {
  it('is off at first; switched on it draws its marks, switched off the model’s pixels are exactly as before', async () => {
    expect(weightsPage, 'a chapter shows the weights figure').toBeDefined();
    const { page, context, errors, island, inspector } = await openInspector(weightsPage!, 'weights-figure');
    expect(await inspector.getAttribute('data-on')).toBe('false');
    expect(await inspector.locator('[data-part=inspector-body]').isVisible()).toBe(false);
    const off = await shot(island);
    await switchOn(island);
    expect(await inspector.locator('[data-part=inspector-body]').isVisible()).toBe(true);
    // It opens on the most evenly blended vertex: the worked example's (0.25, 1, 0), half base, half middle.
    const shown = await readInspector(inspector);
    expect(shown.bind).toEqual([0.25, 1, 0]);
    expect(shown.influences.map((influence) => [influence.joint, influence.weight])).toEqual([
      ['base', 0.5],
      ['middle', 0.5],
    ]);
    const on = await shot(island);
    const marks = await differingPixels(page, off, on);
    expect(marks.differing, 'the ghosts, lines and final point change pixels').toBeGreaterThan(150);
    expect(marks.differing / marks.total, 'and only around the vertex').toBeLessThan(0.02);
    await island.locator('[data-part=inspector-on]').uncheck();
    expect((await differingPixels(page, off, await shot(island))).differing, 'off again: the model’s own pixels').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the core’s numbers for the bend the slider sets, under each choice of weights, the bind pose included', async () => {
    const { context, errors, island, inspector } = await openInspector(weightsPage!, 'weights-figure');
    await switchOn(island);
    const primitive = bendTube.meshes[0].primitives[0];
    const mode = (value: string) => island.locator(`[data-part=weights-mode] input[value=${value}]`);
    const variants: Record<string, SkinnedPrimitive> = {
      smooth: primitive,
      rigid: { ...primitive, ...limitInfluences(primitive, 1) },
      unnormalised: { ...primitive, ...limitInfluencesWithoutRenormalising(primitive, 1) },
    };
    for (const degrees of [45, -90]) {
      await setSlider(island, 'bend', degrees);
      const palette = bendTubePlayer(degrees).palettes[0];
      for (const [value, variant] of Object.entries(variants)) {
        await mode(value).check();
        await expectCoreNumbers(inspector, bendTube, variant, palette, `bend ${degrees}°, ${value}`);
      }
      await mode('smooth').check();
    }
    // The unrenormalised weights: one influence of 0.5, so the vertex sits halfway to the origin.
    await mode('unnormalised').check();
    const broken = await readInspector(inspector);
    expect(broken.influences.map((influence) => influence.weight)).toEqual([0.5]);
    await mode('smooth').check();
    // The bind pose: every skinning matrix the identity, every candidate the vertex itself.
    await island.locator('[data-part=pose] input[value=bind]').check();
    const bind = await readInspector(inspector);
    for (const influence of bind.influences) {
      expect(influence.matrix).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
      expect(influence.candidate).toEqual(bind.bind);
    }
    expect(bind.final).toEqual(bind.bind);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('picks by click the vertex the core picks along the same ray, draws its marks where the click was, and turns the view on a drag without picking', async () => {
    const { page, context, errors, island, inspector } = await openInspector(weightsPage!, 'weights-figure');
    await switchOn(island);
    await island.locator('[data-part=weights]').uncheck();
    const box = await canvasBox(island);
    const primitive = bendTube.meshes[0].primitives[0];

    // Bent (the figure's 60°): each click's ray, through the core's picking on the core's skinned tube.
    const palette = bendTubePlayer(60).palettes[0];
    let hits = 0;
    const grid = [0.3, 0.4, 0.5, 0.6].flatMap((fx) => [0.45, 0.6, 0.75].map((fy) => [fx, fy]));
    for (const [fx, fy] of [...grid, [0.05, 0.05]]) {
      await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
      const ray = (await inspector.getAttribute('data-ray'))!;
      const expected = corePick(ray, primitive, palette);
      const picked = (await inspector.getAttribute('data-pick')) === 'hit';
      expect(picked, `(${fx}, ${fy}): hit or miss as the core`).toBe(expected >= 0);
      if (picked) {
        expect(Number(await inspector.getAttribute('data-vertex')), `(${fx}, ${fy})`).toBe(expected);
        hits++;
      }
    }
    expect(hits, 'clicks on the tube, of 12').toBeGreaterThanOrEqual(3);
    expect(hits, 'clicks beside it').toBeLessThan(12);
    expect(await inspector.locator('[data-part=inspector-note]').textContent(), 'the last click missed').toMatch(/No part of the model there/);

    // The bind pose: all marks of a vertex coincide, so they are drawn where the picked vertex is — at the click.
    await island.locator('[data-part=pose] input[value=bind]').check();
    await island.locator('[data-part=inspector-on]').uncheck();
    const model = await shot(island);
    await island.locator('[data-part=inspector-on]').check();
    expect(await canvasBox(island), 'the canvas has not moved').toEqual(box);
    let located = 0;
    for (const [fx, fy] of grid) {
      await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
      if ((await inspector.getAttribute('data-pick')) !== 'hit') continue;
      located++;
      expect(Number(await inspector.getAttribute('data-vertex'))).toBe(corePick((await inspector.getAttribute('data-ray'))!, primitive, bendTubePlayer(0).palettes[0]));
      const centre = await differenceCentre(page, model, await shot(island));
      expect(centre.count, 'the marks are drawn').toBeGreaterThan(50);
      expect(Math.hypot(centre.x - fx * box.width, centre.y - fy * box.height), `marks near the click at (${fx}, ${fy})`).toBeLessThan(12);
    }
    expect(located, 'clicks on the straight tube, of 12').toBeGreaterThanOrEqual(2);

    // A drag of 60 px turns the view and picks nothing; a press that moves 2 px is still a click.
    const vertex = await inspector.getAttribute('data-vertex');
    const before = await shot(island);
    await page.mouse.move(box.x + 0.3 * box.width, box.y + 0.2 * box.height);
    await page.mouse.down();
    await page.mouse.move(box.x + 0.3 * box.width + 30, box.y + 0.2 * box.height, { steps: 3 });
    await page.mouse.move(box.x + 0.3 * box.width + 60, box.y + 0.2 * box.height, { steps: 3 });
    await page.mouse.move(box.x + 0.5 * box.width, box.y + 0.5 * box.height, { steps: 3 });
    await page.mouse.up();
    expect(await inspector.getAttribute('data-vertex'), 'a drag ends over the tube without picking').toBe(vertex);
    expect((await differingPixels(page, before, await shot(island))).differing, 'the drag turned the view').toBeGreaterThan(500);
    await page.mouse.move(box.x + 0.5 * box.width, box.y + 0.5 * box.height);
    await page.mouse.down();
    await page.mouse.move(box.x + 0.5 * box.width + 2, box.y + 0.5 * box.height);
    await page.mouse.up();
    expect(await inspector.getAttribute('data-pick')).toBe('hit');
    expect(await inspector.getAttribute('data-vertex'), 'a press with a 2 px slip picks').not.toBe(vertex);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('steps through the vertices from the keyboard: next, previous, and an index typed in, with visible focus', async () => {
    const { page, context, errors, island, inspector } = await openInspector(weightsPage!, 'weights-figure');
    await island.locator('[data-part=inspector-on]').focus();
    await page.keyboard.press('Space');
    expect(await inspector.getAttribute('data-on')).toBe('true');
    await nextFrames(page);
    const start = Number(await inspector.getAttribute('data-vertex'));
    const previous = inspector.locator('[data-part=vertex-previous]');
    const next = inspector.locator('[data-part=vertex-next]');
    const index = inspector.locator('[data-part=vertex-index]');
    await page.keyboard.press('Tab');
    expect(await previous.evaluate((button) => button === document.activeElement)).toBe(true);
    const focusRing = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(await focusRing(previous), 'visible focus').not.toBe('none');
    await page.keyboard.press('Enter');
    expect(Number(await inspector.getAttribute('data-vertex'))).toBe(start - 1);
    expect(await index.inputValue()).toBe(String(start - 1));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await focusRing(next)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(Number(await inspector.getAttribute('data-vertex'))).toBe(start + 1);
    // The numbers follow: the readout is the core's for the new vertex.
    await expectCoreNumbers(inspector, bendTube, bendTube.meshes[0].primitives[0], bendTubePlayer(60).palettes[0], 'after next');
    // An index typed in, and the arrow keys of the field.
    await index.fill('7');
    await index.press('Enter');
    expect(Number(await inspector.getAttribute('data-vertex'))).toBe(7);
    await index.press('ArrowUp');
    expect(Number(await inspector.getAttribute('data-vertex'))).toBe(8);
    // Out of range: the field puts back the vertex shown; previous from 0 wraps to the last.
    await index.fill('99999');
    await index.press('Tab');
    expect(await index.inputValue()).toBe('8');
    await index.fill('0');
    await index.press('Enter');
    await previous.click();
    expect(Number(await inspector.getAttribute('data-vertex'))).toBe(bendTube.meshes[0].primitives[0].vertexCount - 1);
    // Each committed choice is described once, politely; the tables are not live.
    await nextFrames(page);
    const summary = inspector.locator('[data-part=inspector-summary]');
    expect(await summary.getAttribute('aria-live')).toBe('polite');
    expect(await summary.textContent()).toMatch(new RegExp(`^Vertex ${bendTube.meshes[0].primitives[0].vertexCount - 1}: \\w+ 1; skinned position \\(`));
    expect(await inspector.locator('table[data-field=matrix]').first().getAttribute('aria-live')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('picks with a tap on a touch screen', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(site.origin + weightsPage!);
    const island = page.locator('weights-figure').first();
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    await island.locator('[data-part=inspector-on]').tap();
    const inspector = island.locator('[data-part=inspector]');
    const box = await canvasBox(island);
    const start = await inspector.getAttribute('data-vertex');
    // Taps across the middle of the view until one lands on the tube.
    for (const fx of [0.5, 0.4, 0.6, 0.3, 0.7]) {
      await page.touchscreen.tap(box.x + fx * box.width, box.y + 0.5 * box.height);
      expect(await inspector.getAttribute('data-ray'), 'a tap casts a ray').not.toBeNull();
      if ((await inspector.getAttribute('data-pick')) === 'hit') break;
      await page.waitForTimeout(600);
    }
    expect(await inspector.getAttribute('data-pick')).toBe('hit');
    const vertex = Number(await inspector.getAttribute('data-vertex'));
    expect(String(vertex)).not.toBe(start);
    expect(vertex).toBe(corePick((await inspector.getAttribute('data-ray'))!, bendTube.meshes[0].primitives[0], bendTubePlayer(60).palettes[0]));
    await context.close();
  });
});

// ── The mannequin, chapter 8 ─────────────────────────────────────────────────────────────────

describe.skipIf(inspectorPage === undefined)('the inspector figure: the walking mannequin', () => {
  it('shows the core’s numbers at a pinned time of each clip and in the bind pose, and picks what the core picks', async () => {
    const { page, context, errors, island, inspector } = await openInspector(inspectorPage!, 'inspector-figure');
    expect(await inspector.getAttribute('data-on')).toBe('true');
    await pause(island);
    const primitive = mannequin.meshes[0].primitives[0];
    // It opens on the front of the left knee, half thigh, half shin.
    const first = await readInspector(inspector);
    expect(first.vertex).toBe(1714);
    expect(first.influences.map((influence) => influence.joint).sort()).toEqual(['lower_leg.L', 'upper_leg.L']);
    for (const [clip, time] of [
      ['walk', 0.4],
      ['walk', 1.05],
      ['wave', 1.7],
      ['idle', 2.25],
    ] as const) {
      await island.locator(`[data-part=clip] input[value=${clip}]`).check();
      await setSlider(island, 'time', time);
      await expectCoreNumbers(inspector, mannequin, primitive, mannequinPlayer(clip, time).palettes[0], `${clip} at ${time} s`);
    }
    // Clicks, at the pinned time.
    await island.locator('[data-part=clip] input[value=walk]').check();
    await setSlider(island, 'time', 0.4);
    const palette = mannequinPlayer('walk', 0.4).palettes[0];
    const box = await canvasBox(island);
    let hits = 0;
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.47, 0.3],
      [0.55, 0.7],
      [0.9, 0.9],
    ]) {
      await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
      const expected = corePick((await inspector.getAttribute('data-ray'))!, primitive, palette);
      expect((await inspector.getAttribute('data-pick')) === 'hit', `(${fx}, ${fy})`).toBe(expected >= 0);
      if (expected >= 0) {
        hits++;
        expect(Number(await inspector.getAttribute('data-vertex'))).toBe(expected);
        await expectCoreNumbers(inspector, mannequin, primitive, palette, `picked at (${fx}, ${fy})`);
      }
    }
    expect(hits).toBeGreaterThanOrEqual(2);
    await island.locator('[data-part=pose] input[value=bind]').check();
    await expectCoreNumbers(inspector, mannequin, primitive, mannequinPlayer('walk', 'bind').palettes[0], 'bind pose');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the playing clip, and describes it to screen readers at most every few seconds', async () => {
    const { page, context, errors, island, inspector } = await openInspector(inspectorPage!, 'inspector-figure');
    if ((await island.getAttribute('data-playing')) !== 'true') await island.locator('[data-part=play]').click();
    const final = () => inspector.locator('[data-part=final]').textContent();
    const summary = inspector.locator('[data-part=inspector-summary]');
    await summary.evaluate((element) => {
      (window as unknown as { summaryWrites: number }).summaryWrites = 0;
      new MutationObserver(() => (window as unknown as { summaryWrites: number }).summaryWrites++).observe(element, { childList: true, characterData: true, subtree: true });
    });
    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      seen.add(await final());
      await page.waitForTimeout(250);
    }
    expect(seen.size, 'the final position moves as the clip plays').toBeGreaterThan(2);
    expect(await page.evaluate(() => (window as unknown as { summaryWrites: number }).summaryWrites), 'live summary writes in 1.5 s of play').toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// ── Accessibility ────────────────────────────────────────────────────────────────────────────

describe('the inspector’s accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violations in the ${colorScheme} theme, on and off, wide and narrow`, async () => {
      const figures: [string, string][] = [[weightsPage!, 'weights-figure']];
      if (inspectorPage !== undefined) figures.push([inspectorPage, 'inspector-figure']);
      for (const [path, tag] of figures) {
        for (const width of [1280, 390]) {
          const { page, context, island } = await openInspector(path, tag, { colorScheme, width, height: 844 });
          for (const on of [false, true]) {
            await island.locator('[data-part=inspector-on]').setChecked(on);
            await nextFrames(page);
            expect(await axeViolations(page, tag), `${tag}, ${colorScheme}, ${width} px, inspector ${on ? 'on' : 'off'}`).toEqual([]);
          }
          await context.close();
        }
      }
    });
  }
});
