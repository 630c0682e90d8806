// What a figure costs while the reader reads: a figure at rest draws no frames at all, one change
// draws one short burst, and a software renderer (headless Chromium's SwiftShader, the stand-in
// for a machine without a usable GPU) gets a context without multisampling, which would cost it
// about a third of its frame rate. Frames are counted where they cost: animation-frame callbacks
// that issue a WebGL draw call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site } from './harness.ts';
import { nextFrames, waitForState } from './figures.ts';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** Counts, from page start, the animation frames in which a WebGL2 draw call was made. */
function countDrawnFrames(): void {
  const probe = { frames: 0, drawsThisFrame: 0 };
  (window as unknown as { drawnFrames: () => number }).drawnFrames = () => probe.frames;
  const prototype = WebGL2RenderingContext.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced']) {
    const original = prototype[name];
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      probe.drawsThisFrame++;
      return original.apply(this, args);
    };
  }
  const requestFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    requestFrame((time) => {
      probe.drawsThisFrame = 0;
      callback(time);
      if (probe.drawsThisFrame > 0) probe.frames++;
    });
}

const drawnFrames = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { drawnFrames: () => number }).drawnFrames());

/** Records linkProgram calls ("link") and LINK_STATUS queries ("status") in window.programCalls. */
function recordProgramCalls(): void {
  const calls: string[] = [];
  (window as unknown as { programCalls: string[] }).programCalls = calls;
  const prototype = WebGL2RenderingContext.prototype;
  const { linkProgram, getProgramParameter } = prototype;
  prototype.linkProgram = function (this: WebGL2RenderingContext, program: WebGLProgram) {
    calls.push('link');
    return linkProgram.call(this, program);
  };
  prototype.getProgramParameter = function (this: WebGL2RenderingContext, program: WebGLProgram, name: GLenum) {
    if (name === this.LINK_STATUS) calls.push('status');
    return getProgramParameter.call(this, program, name);
  };
}

const programCalls = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { programCalls: string[] }).programCalls.slice());

describe('frame cost', () => {
  it('a figure at rest draws nothing; a change draws once and stops; the clip playing draws every frame', async () => {
    // Reduced motion: the home page's walking figure starts paused, at rest.
    const { page, context, errors } = await site.newPage({ reducedMotion: 'reduce' });
    await page.addInitScript(countDrawnFrames);
    await page.addInitScript(recordProgramCalls);
    await page.goto(site.origin + '/');
    const island = page.locator('model-figure').first();
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    await nextFrames(page);
    await page.waitForTimeout(300);
    const settled = await drawnFrames(page);
    expect(settled).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    expect(await drawnFrames(page), 'frames drawn in 1.5 s at rest').toBe(settled);

    // One change (the weights view): a short burst, then rest again. Its program (shade.frag with
    // WEIGHT_PAINT) was made at start-up, linked with the others: the tick links nothing.
    const linkedBefore = (await programCalls(page)).length;
    await island.locator('[data-part=weights]').first().click();
    await page.waitForTimeout(500);
    expect((await programCalls(page)).slice(linkedBefore), 'program calls for the weights view').toEqual([]);
    const afterChange = await drawnFrames(page);
    expect(afterChange).toBeGreaterThan(settled);
    expect(afterChange - settled).toBeLessThanOrEqual(3);
    await page.waitForTimeout(1000);
    expect(await drawnFrames(page), 'frames drawn in 1 s after the change').toBe(afterChange);

    // Playing: it draws continuously.
    await island.locator('[data-part=play]').click();
    await page.waitForTimeout(1000);
    expect((await drawnFrames(page)) - afterChange).toBeGreaterThan(5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('while a clip plays, the time slider moves at most every other frame and the time output at most ten times a second, its text changed in place', async () => {
    // Each move of either costs the page Chromium's whole update of the frame (playback-controls.ts);
    // a new text node in the output would cost it a style recalculation as well.
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + '/');
    const island = page.locator('model-figure').first();
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    await expect.poll(() => island.getAttribute('data-playing')).toBe('true');
    // Per frame (a callback of its own, after the figure's): did the slider move, or the output
    // change, and how long after the slider's last move?
    const seen = await island.evaluate(async (host) => {
      const slider = host.querySelector<HTMLInputElement>('[data-part=time]')!;
      const output = host.querySelector<HTMLOutputElement>('[data-part=time-output]')!;
      let frames = 0;
      let sliderMoves = 0;
      /** Moves less than 20 ms (a frame at 60 Hz) after the one before. */
      let closeMoves = 0;
      let outputWrites = 0;
      let lastValue = slider.value;
      let lastText = output.value;
      let lastMove = Number.NEGATIVE_INFINITY;
      const textNode = output.firstChild;
      let textNodeReplaced = false;
      const end = performance.now() + 2000;
      await new Promise<void>((resolve) => {
        const check = (now: number) => {
          frames++;
          if (slider.value !== lastValue) {
            sliderMoves++;
            if (now - lastMove < 20) closeMoves++;
            lastMove = now;
          }
          if (output.value !== lastText) outputWrites++;
          if (output.firstChild !== textNode || output.childNodes.length !== 1) textNodeReplaced = true;
          lastValue = slider.value;
          lastText = output.value;
          if (performance.now() < end) requestAnimationFrame(check);
          else resolve();
        };
        requestAnimationFrame(check);
      });
      return { frames, sliderMoves, closeMoves, outputWrites, textNodeReplaced };
    });
    const report = JSON.stringify(seen);
    expect(seen.frames, report).toBeGreaterThan(20);
    expect(seen.sliderMoves, report).toBeGreaterThan(seen.frames / 4);
    // A wrapped loop is shown at once (the 1.2 s walk wraps once or twice in 2 s), and a frame
    // that ran late may be followed by a move in the next: a few. Moving every frame, all are.
    expect(seen.closeMoves, report).toBeLessThanOrEqual(2 + seen.sliderMoves / 10);
    expect(seen.outputWrites, report).toBeGreaterThan(5);
    expect(seen.outputWrites, report).toBeLessThanOrEqual(20 + 2);
    expect(seen.textNodeReplaced, report).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a software renderer for a context without multisampling', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + '/');
    const island = page.locator('model-figure').first();
    await island.scrollIntoViewIfNeeded();
    await waitForState(island, ['running']);
    const found = await island.locator('canvas').first().evaluate((canvas) => {
      const gl = (canvas as HTMLCanvasElement).getContext('webgl2')!;
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return { renderer: String(gl.getParameter(info!.UNMASKED_RENDERER_WEBGL)), antialias: gl.getContextAttributes()!.antialias };
    });
    expect(found.renderer).toMatch(/SwiftShader/i);
    expect(found.antialias).toBe(false);
    await context.close();
  });
});
