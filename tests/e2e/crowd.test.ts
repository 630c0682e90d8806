// Chapter 12 in Chromium (SwiftShader): the crowd figure runs 100 mannequins and reports what each
// stage costs; every switch changes what it reports or draws, and coming back gives the same
// pixels; "Measure" times every crowd size and plots it; axe finds no violation. And the
// instanced shader (shaders/variants/crowd.vert), run with transform feedback over several instances —
// each with its own time and place, palettes sampled or baked — equals the core's CPU skinning
// (skinVertices) of that instance's palette, turned and moved as the instance stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import type { Locator, Page } from 'playwright-core';
import { bakeClip, bakedFrameOffset } from '../../src/core/bake.ts';
import { Playback } from '../../src/core/clip.ts';
import { animateFrame, createPlayer } from '../../src/core/frame.ts';
import { parseGltf } from '../../src/core/gltf/index.ts';
import type { Model } from '../../src/core/model.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { layoutCrowd, placeInstance, type CrowdLayout } from '../../src/figures/crowd/crowd-layout.ts';
import { differingShare, pause, shot, waitForState } from './figures.ts';
import { openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PATH = '/chapters/skinning-a-crowd/';
/** Largest allowed |GPU − CPU| per coordinate, metres (positions) and unit-vector components (normals). */
const TOLERANCE = 1e-5;

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** A fresh page scrolled to the crowd figure, running and paused (so that only the controls change the picture). */
async function openCrowd(colorScheme: 'light' | 'dark' = 'light') {
  const { page, context, errors } = await site.newPage({ colorScheme });
  await page.goto(site.origin + PATH);
  const island = page.locator('crowd-figure');
  await island.scrollIntoViewIfNeeded();
  expect(await waitForState(island, ['running', 'error', 'unsupported'])).toBe('running');
  await pause(island);
  return { page, context, errors, island };
}

/** Waits until the island's data-`name` attribute (camelCase) equals `expected`, or with `expected` null is not empty; returns it. */
async function waitForData(island: Locator, name: string, expected: string | null, timeout = 60_000): Promise<string> {
  await island.page().waitForFunction(
    ([element, key, wanted]) => {
      const value = (element as HTMLElement).dataset[key as string];
      return wanted === null ? value !== undefined && value !== '' : value === wanted;
    },
    [await island.elementHandle(), name, expected] as const,
    { timeout },
  );
  return (await island.evaluate((element, key) => (element as HTMLElement).dataset[key], name)) ?? '';
}

/** Waits until the live note contains `text`. */
async function waitForNote(island: Locator, text: string): Promise<string> {
  const note = island.locator('[data-part=crowd-note]');
  await island.page().waitForFunction(([element, wanted]) => (element as HTMLElement).textContent!.includes(wanted as string), [await note.elementHandle(), text] as const, {
    timeout: 60_000,
  });
  return (await note.textContent()) ?? '';
}

const radio = (island: Locator, group: string, value: string) => island.locator(`[data-part=${group}] input[value="${value}"]`);

describe('the crowd figure (chapter 12)', () => {
  it('runs 100 mannequins and reports each stage: in the table, the data- attributes and the note', async () => {
    const { context, errors, island } = await openCrowd();
    expect(await island.getAttribute('data-count')).toBe('100');
    // 100 palettes of 19 matrices: 1,900 matrices, 30 rows of 64, each row 64 × 64 bytes.
    expect(await waitForData(island, 'uploadedBytes', '122880')).toBe('122880');
    expect(await island.getAttribute('data-draw-calls')).toBe('1');
    expect(Number(await island.getAttribute('data-pose-ms'))).toBeGreaterThanOrEqual(0);
    // The note names the bytes of the frame before it: the first frame also sends each instance's palette base (400 bytes).
    const note = await waitForNote(island, '(122.9 KB)');
    expect(note).toMatch(/^100 mannequins, posed in JavaScript, skinned on the GPU in one instanced draw\. On this machine: pose \d+(\.\d+)? ms, upload \d+(\.\d+)? ms \(122\.9 KB\), draw \d+(\.\d+)? ms to issue 1 call\./);
    expect(await island.locator('[data-part=crowd-note]').getAttribute('aria-live')).toBe('polite');
    expect(await island.locator('[data-readout=pose]').textContent()).toMatch(/^\d+\.\d+ ms$/);
    expect(await island.locator('[data-readout=draw-detail]').textContent()).toBe('1 call');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes what it reports or draws with every switch, and gives back the same pixels', async () => {
    const { page, context, errors, island } = await openCrowd();
    await waitForData(island, 'uploadedBytes', '122880');
    const start = await shot(island);

    // The fast path: the same poses (to a millionth), reported as posed by the kernel.
    await radio(island, 'crowd-engine', 'simd').check();
    expect(await waitForNote(island, 'posed by the WebAssembly SIMD kernel')).toMatch(/^100 mannequins, posed by the WebAssembly SIMD kernel/);
    expect(await differingShare(page, start, await shot(island)), 'the fast path draws the same crowd').toBeLessThan(0.002);
    await radio(island, 'crowd-engine', 'javascript').check();

    // Baked: one palette base of 4 bytes per mannequin is all that is uploaded.
    await radio(island, 'crowd-source', 'baked').check();
    expect(await waitForData(island, 'uploadedBytes', '400')).toBe('400');
    expect(await waitForNote(island, 'played from palettes baked at 30 frames per second')).toContain('(400 B)');
    await radio(island, 'crowd-source', 'sampled').check();

    // On the CPU: one draw per mannequin, lit flat; it catches up to every mannequin while paused.
    await radio(island, 'crowd-place', 'cpu').check();
    expect(await waitForData(island, 'drawCalls', '100')).toBe('100');
    await waitForData(island, 'stale', '0', 90_000);
    expect(await waitForNote(island, 'skinned on the CPU by skinVertices')).toMatch(/skin \d+(\.\d+)? ms/);
    expect(await differingShare(page, start, await shot(island)), 'skinned on the CPU, lit flat').toBeGreaterThan(0.002);
    await radio(island, 'crowd-place', 'gpu').check();
    await waitForData(island, 'drawCalls', '1');

    // Ten mannequins: 190 matrices, 3 rows of the atlas.
    await radio(island, 'crowd-size', '10').check();
    expect(await waitForData(island, 'uploadedBytes', '12288')).toBe('12288');
    expect(await island.getAttribute('data-count')).toBe('10');
    expect(await differingShare(page, start, await shot(island)), 'ten mannequins').toBeGreaterThan(0.01);
    await radio(island, 'crowd-size', '100').check();
    await waitForData(island, 'uploadedBytes', '122880');

    // The bind pose, and back.
    await radio(island, 'pose', 'bind').check();
    expect(await differingShare(page, start, await shot(island)), 'the bind pose').toBeGreaterThan(0.002);
    await radio(island, 'pose', 'animated').check();
    expect(await differingShare(page, start, await shot(island)), 'every switch back: the same pixels').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('measures every crowd size on demand and plots it; axe finds no violation, in either theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context, errors, island } = await openCrowd(colorScheme);
      if (colorScheme === 'light') {
        await island.locator('[data-part=measure]').click();
        const measured = (await waitForData(island, 'measured', null, 200_000)).split(' ').map(Number);
        expect(measured).toHaveLength(4 * 5);
        const at = (size: number, stage: number) => measured[5 * size + stage];
        // Sizes 1, 10, 100, 1,000; stages pose, skin, upload, draw, total. Skinned on the GPU: no CPU
        // skinning. The GPU is waited for, so each measured size draws slower than the one before
        // (many times slower on a software renderer, which then stops before a size that would hold
        // the page for seconds, and says so).
        const measuredSizes = [0, 1, 2, 3].filter((size) => !Number.isNaN(at(size, 4)));
        expect(measuredSizes.length, 'at least 1 and 10 measured').toBeGreaterThanOrEqual(2);
        expect(measuredSizes).toEqual([0, 1, 2, 3].slice(0, measuredSizes.length));
        for (const size of measuredSizes.slice(1)) {
          expect(at(size, 3), `drawing size ${size} costs more than the one before`).toBeGreaterThan(at(size - 1, 3));
          expect(at(size, 4), `a frame of size ${size} costs more than the one before`).toBeGreaterThan(at(size - 1, 4));
        }
        for (const size of measuredSizes) expect(at(size, 1)).toBeLessThan(0.5);
        const note = await island.locator('[data-part=crowd-note]').textContent();
        expect(note).toMatch(/^Measured on this machine, GPU waited for: a frame of 1 mannequin took \d/);
        const points = (await island.locator('polyline[data-stage=total]').getAttribute('points'))!.split(' ');
        expect(points).toHaveLength(measuredSizes.length);
        if (measuredSizes.length < 4) {
          const first = ['1', '10', '100', '1,000'][measuredSizes.length];
          expect(note).toContain(`${first} was not measured: at about `);
          expect(await island.locator(`[data-measured="${first.replace(',', '')}-total"]`).textContent()).toBe('not measured');
        }
        expect(await island.locator('[data-part=measured]').isVisible()).toBe(true);
        expect(await island.locator('[data-measured="10-total"]').textContent()).toMatch(/^\d+(\.\d+)? ms$/);
        expect(await island.getAttribute('data-count'), 'back to the crowd shown before').toBe('100');
      }
      expect(await axeViolations(page, 'crowd-figure'), colorScheme).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 300_000);
});

// ---------------------------------------------------------------------------------------------
// shaders/variants/crowd.vert against the core, with transform feedback.

/**
 * The browser side, bundled from the site's real modules: window.crowdParity.skin(input) uploads a
 * primitive, the instances' placements and palette bases and an atlas of palettes, runs
 * crowd.vert over every vertex of every instance (drawArraysInstanced, points, rasterizer off) and
 * returns the positions and normals it wrote, instance after instance.
 */
const browserEntry = `
import { createPaletteAtlas, paletteAtlasFloats, uploadPaletteAtlas } from '${root}src/gl/crowd-buffers.ts';
import { attachCrowdInstances, createCrowdInstances, createCrowdMesh, CROWD_VERTEX_SHADER, uploadPaletteBases } from '${root}src/gl/crowd-pass.ts';
import { createSkinFeedback, readSkinFeedback, SKIN_FEEDBACK_VARYINGS } from '${root}src/gl/feedback.ts';
import { PALETTE_TEXTURE_UNIT, SHADE_FRAGMENT_SHADER } from '${root}src/gl/mesh-pass.ts';
import { createProgram, uniformLocation } from '${root}src/gl/program.ts';

const gl = document.createElement('canvas').getContext('webgl2');

window.crowdParity = {
  skin(input) {
    if (!gl) throw new Error('no WebGL2');
    const primitive = {
      vertexCount: input.vertexCount,
      positions: new Float32Array(input.positions),
      normals: new Float32Array(input.normals),
      joints: new Uint16Array(input.joints),
      weights: new Float32Array(input.weights),
      indices: null,
    };
    const program = createProgram(gl, CROWD_VERTEX_SHADER, SHADE_FRAGMENT_SHADER, SKIN_FEEDBACK_VARYINGS);
    const mesh = createCrowdMesh(gl, primitive);
    const instances = createCrowdInstances(gl, new Float32Array(input.placements), input.count);
    attachCrowdInstances(gl, mesh, instances);
    uploadPaletteBases(gl, instances, new Uint32Array(input.bases), input.count);
    const atlas = createPaletteAtlas(gl, input.matrixCount);
    if (typeof atlas === 'string') throw new Error(atlas);
    const palettes = new Float32Array(paletteAtlasFloats(input.matrixCount));
    palettes.set(input.palettes);
    gl.activeTexture(gl.TEXTURE0 + PALETTE_TEXTURE_UNIT);
    uploadPaletteAtlas(gl, atlas, palettes, input.matrixCount);
    gl.useProgram(program.program);
    gl.uniform1i(uniformLocation(program, 'u_palette'), PALETTE_TEXTURE_UNIT);

    const vertices = input.vertexCount * input.count;
    const feedback = createSkinFeedback(gl, vertices);
    gl.bindVertexArray(mesh.instanced.vao);
    gl.bindTransformFeedback(gl.TRANSFORM_FEEDBACK, feedback.transformFeedback);
    gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 0, feedback.positions);
    gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 1, feedback.normals);
    gl.enable(gl.RASTERIZER_DISCARD);
    gl.beginTransformFeedback(gl.POINTS);
    gl.drawArraysInstanced(gl.POINTS, 0, input.vertexCount, input.count);
    gl.endTransformFeedback();
    gl.disable(gl.RASTERIZER_DISCARD);
    gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 0, null);
    gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 1, null);
    gl.bindTransformFeedback(gl.TRANSFORM_FEEDBACK, null);
    gl.bindVertexArray(null);
    const positions = new Float32Array(3 * vertices);
    const normals = new Float32Array(3 * vertices);
    readSkinFeedback(gl, feedback, positions, normals);
    gl.deleteTexture(atlas.texture);
    gl.deleteProgram(program.program);
    const error = gl.getError();
    if (error !== gl.NO_ERROR) throw new Error('WebGL error ' + error);
    return { positions: Array.from(positions), normals: Array.from(normals) };
  },
};
`;

/** Bundles browserEntry (with the shaders inlined through ?raw) into one script. */
async function bundleBrowserCode(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [
      {
        name: 'crowd-parity-entry',
        enforce: 'pre',
        resolveId: (id) => (id.endsWith('virtual:crowd-parity') ? '\0virtual:crowd-parity' : null),
        load: (id) => (id === '\0virtual:crowd-parity' ? browserEntry : null),
      },
    ],
    build: { write: false, minify: false, lib: { entry: 'virtual:crowd-parity', formats: ['iife'], name: 'crowdParity' } },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunk = results[0].output.find((item) => item.type === 'chunk');
  if (chunk === undefined || chunk.type !== 'chunk') throw new Error('the crowd parity bundle produced no chunk');
  return chunk.code;
}

interface GpuCrowd {
  positions: number[];
  normals: number[];
}

interface CrowdParityWindow {
  crowdParity: { skin(input: unknown): GpuCrowd };
}

function readModel(path: string): Model {
  const bytes = readFileSync(path);
  return parseGltf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

describe('shaders/variants/crowd.vert, instanced, matches skinVertices for every instance', () => {
  const model = readModel(join(root, 'public/models/mannequin.glb'));
  const clipIndex = model.clips.findIndex((clip) => clip.name === 'walk');
  const walk = model.clips[clipIndex];
  const primitive = model.meshes[0].primitives[0];
  const jointCount = model.skins[0].joints.length;
  /** Instances compared: enough for several rows and headings, few enough to read back quickly. */
  const COUNT = 7;
  /** The figure's clock, seconds: every instance is at CLOCK + its own offset. */
  const CLOCK = 0.37;
  const layout = layoutCrowd(COUNT, walk.duration);
  let page: Page;

  beforeAll(async () => {
    const code = await bundleBrowserCode();
    ({ page } = await site.newPage());
    await page.goto(`${site.origin}/`);
    await page.addScriptTag({ content: code });
  });

  /** Runs crowd.vert with these palettes (matrix after matrix) and bases; returns what it captured. */
  async function skinOnGpu(palettes: Float32Array, matrixCount: number, bases: Uint32Array): Promise<GpuCrowd> {
    const input = {
      vertexCount: primitive.vertexCount,
      positions: Array.from(primitive.positions),
      normals: Array.from(primitive.normals!),
      joints: Array.from(primitive.joints),
      weights: Array.from(primitive.weights),
      placements: Array.from(layout.placements),
      bases: Array.from(bases),
      palettes: Array.from(palettes),
      matrixCount,
      count: COUNT,
    };
    return page.evaluate((value) => (window as unknown as CrowdParityWindow).crowdParity.skin(value), input);
  }

  /** Largest |GPU − CPU| over instance `instance`'s positions and normals, the CPU side skinned with `palette` and placed by `layout`. */
  function largestDifference(gpu: GpuCrowd, instance: number, palette: Float32Array, placement: CrowdLayout): { position: number; normal: number } {
    const positions = new Float32Array(3 * primitive.vertexCount);
    const normals = new Float32Array(3 * primitive.vertexCount);
    skinVertices(positions, normals, primitive, palette);
    placeInstance(positions, positions, placement, instance);
    placeInstance(normals, normals, placement, instance, true);
    const first = 3 * primitive.vertexCount * instance;
    let position = 0;
    let normal = 0;
    for (let k = 0; k < positions.length; k++) {
      position = Math.max(position, Math.abs(positions[k] - gpu.positions[first + k]));
      normal = Math.max(normal, Math.abs(normals[k] - gpu.normals[first + k]));
    }
    return { position, normal };
  }

  it(`sampled: each instance's own palette, at its own time, within ${TOLERANCE}`, async () => {
    const player = createPlayer(model);
    const stride = 16 * jointCount;
    const palettes = new Float32Array(COUNT * stride);
    const bases = new Uint32Array(COUNT);
    for (let i = 0; i < COUNT; i++) {
      animateFrame(player, walk, CLOCK + layout.timeOffsets[i], Playback.LOOP);
      palettes.set(player.palettes[0], i * stride);
      bases[i] = i * jointCount;
    }
    expect(new Set(Array.from(layout.timeOffsets)).size, 'every instance at its own time').toBe(COUNT);
    const gpu = await skinOnGpu(palettes, COUNT * jointCount, bases);
    expect(gpu.positions).toHaveLength(3 * primitive.vertexCount * COUNT);
    for (let i = 0; i < COUNT; i++) {
      const { position, normal } = largestDifference(gpu, i, palettes.subarray(i * stride, (i + 1) * stride), layout);
      expect(position, `instance ${i}: positions`).toBeLessThanOrEqual(TOLERANCE);
      expect(normal, `instance ${i}: normals`).toBeLessThanOrEqual(TOLERANCE);
    }
    // Sensitive: instance 3 compared with instance 4's palette, or without its placement, differs by far more.
    expect(largestDifference(gpu, 3, palettes.subarray(4 * stride, 5 * stride), layout).position).toBeGreaterThan(1e-2);
    expect(largestDifference(gpu, 3, palettes.subarray(3 * stride, 4 * stride), layoutCrowd(COUNT + 9, walk.duration)).position).toBeGreaterThan(1e-2);
  });

  it(`baked: each instance's palette base points at its frame of the bake, within ${TOLERANCE}`, async () => {
    const baked = bakeClip(createPlayer(model), walk, 30);
    const bases = new Uint32Array(COUNT);
    for (let i = 0; i < COUNT; i++) bases[i] = bakedFrameOffset(baked, CLOCK + layout.timeOffsets[i]) / 16;
    expect(new Set(Array.from(bases)).size, 'instances on different frames').toBeGreaterThan(3);
    const gpu = await skinOnGpu(baked.palettes, baked.frameCount * jointCount, bases);
    for (let i = 0; i < COUNT; i++) {
      const offset = 16 * bases[i];
      const { position, normal } = largestDifference(gpu, i, baked.palettes.subarray(offset, offset + 16 * jointCount), layout);
      expect(position, `instance ${i}: positions`).toBeLessThanOrEqual(TOLERANCE);
      expect(normal, `instance ${i}: normals`).toBeLessThanOrEqual(TOLERANCE);
    }
  });
});
