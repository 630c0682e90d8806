// Chapter 12's worked numbers (src/figures/crowd/crowd-example.ts) against what can be derived by
// hand from the mannequin — bytes per matrix, per vertex and per frame — and against an
// independent look at the bake's error; the crowd's layout (crowd-layout.ts) and the plot's axes
// (crowd-plot.ts).
import { describe, expect, it } from 'vitest';
import { bakeClip, bakedFrameOffset } from '../../src/core/bake.ts';
import { Playback } from '../../src/core/clip.ts';
import { animateFrame, createPlayer } from '../../src/core/frame.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { MATRICES_PER_ROW, paletteAtlasFloats, paletteAtlasRows } from '../../src/gl/crowd-buffers.ts';
import { computeCrowdExample } from '../../src/figures/crowd/crowd-example.ts';
import { CROWD_SPACING, layoutCrowd, placeInstance } from '../../src/figures/crowd/crowd-layout.ts';
import { costPlot, decadeLabel, plotDecades, plotX, plotY, PLOT_HEIGHT, PLOT_MARGIN, STAGES } from '../../src/figures/crowd/crowd-plot.ts';
import { loadModelFile } from '../../tools/inspect.ts';

const example = computeCrowdExample();

describe('chapter 12 worked examples', () => {
  it('describe the mannequin: 3,198 vertices, 6,340 triangles, 19 joints among 21 nodes, a 1.2 s walk', () => {
    expect(example.model).toEqual({ vertexCount: 3198, triangleCount: 6340, jointCount: 19, nodeCount: 21, clipDuration: expect.closeTo(1.2, 6), clipName: 'walk' });
  });

  it('count the bytes per mannequin and per 1,000: 19 × 64, 3,198 × 12, and 4', () => {
    expect(example.perInstance).toEqual({ palette: 1216, positions: 38_376, paletteBase: 4 });
    expect(example.crowd).toEqual({ count: 1000, palettes: 1_216_000, positions: 38_376_000, paletteBases: 4000, atlasRows: 297 });
    // 19,000 matrices at 64 a row: 296 full rows and one more.
    expect(Math.ceil(19_000 / 64)).toBe(297);
  });

  it('bake the walk at 15, 30 and 60 fps: 18, 36, 72 frames of 19 matrices', () => {
    expect(example.baked.map((rate) => [rate.framesPerSecond, rate.frames, rate.bytes, rate.textureRows])).toEqual([
      [15, 18, 18 * 19 * 64, Math.ceil((18 * 19) / 64)],
      [30, 36, 43_776, 11],
      [60, 72, 87_552, 22],
    ]);
  });

  it('measure the bake\'s error: about the distance the fastest vertex moves in one baked frame, halved when the rate doubles', () => {
    const [fifteen, thirty, sixty] = example.baked.map((rate) => rate.largestError);
    expect(fifteen).toBeCloseTo(0.2103, 3);
    expect(thirty).toBeCloseTo(0.1094, 3);
    expect(sixty).toBeCloseTo(0.0548, 3);
    expect(fifteen / thirty).toBeGreaterThan(1.8);
    expect(fifteen / thirty).toBeLessThan(2.2);
    expect(thirty / sixty).toBeGreaterThan(1.8);
    expect(thirty / sixty).toBeLessThan(2.2);

    // Independently: just before baked frame 7 at 30 fps, the baked mesh is frame 6's; its worst
    // vertex is off by no more than the largest error found, and by a good part of it.
    const model = loadModelFile('public/models/mannequin.glb');
    const walk = model.clips.find((clip) => clip.name === 'walk')!;
    const player = createPlayer(model);
    const baked = bakeClip(createPlayer(model), walk, 30);
    const primitive = model.meshes[0].primitives[0];
    const time = 7 / 30 - 1e-5;
    expect(bakedFrameOffset(baked, time)).toBe(6 * 19 * 16);
    const sampled = new Float32Array(3 * primitive.vertexCount);
    const played = new Float32Array(3 * primitive.vertexCount);
    animateFrame(player, walk, time, Playback.LOOP);
    skinVertices(sampled, null, primitive, player.palettes[0]);
    animateFrame(player, walk, 6 / 30, Playback.LOOP);
    skinVertices(played, null, primitive, player.palettes[0]);
    let largest = 0;
    for (let v = 0; v < sampled.length; v += 3) largest = Math.max(largest, Math.hypot(sampled[v] - played[v], sampled[v + 1] - played[v + 1], sampled[v + 2] - played[v + 2]));
    expect(largest).toBeLessThanOrEqual(thirty + 1e-6);
    expect(largest).toBeGreaterThan(0.2 * thirty);
  });

  it('size the fast path\'s kernels and find it equal to the teaching path to float rounding', () => {
    expect(example.kernels.skin).toBeGreaterThan(200);
    expect(example.kernels.skin).toBeLessThan(1000);
    expect(example.kernels.pose).toBeGreaterThan(example.kernels.skin);
    expect(example.agreement.moments).toBe(48);
    expect(example.agreement.palette).toBeGreaterThan(0);
    expect(example.agreement.palette).toBeLessThan(5e-6);
    expect(example.agreement.position).toBeLessThan(1e-6);
  });
});

describe('the palette atlas layout', () => {
  it('holds MATRICES_PER_ROW matrices a row, 16 floats each, padded to whole rows', () => {
    expect(MATRICES_PER_ROW).toBe(64);
    expect(paletteAtlasRows(0)).toBe(1);
    expect(paletteAtlasRows(64)).toBe(1);
    expect(paletteAtlasRows(65)).toBe(2);
    expect(paletteAtlasFloats(19)).toBe(64 * 16);
    expect(paletteAtlasFloats(1900)).toBe(30 * 64 * 16);
  });
});

describe('layoutCrowd', () => {
  it('puts one mannequin at the origin, unturned, at the clip\'s start', () => {
    const one = layoutCrowd(1, 1.2);
    expect(Array.from(one.placements)).toEqual([0, 0, 1, 0]);
    expect(Array.from(one.timeOffsets)).toEqual([0]);
    expect([one.halfWidth, one.halfDepth]).toEqual([0, 0]);
  });

  it('spreads a crowd on a grid about the origin, each turned by less than 20° and at its own point of the clip', () => {
    const crowd = layoutCrowd(100, 1.2);
    const xs: number[] = [];
    for (let i = 0; i < 100; i++) {
      const [x, z, c, s] = crowd.placements.subarray(4 * i, 4 * i + 4);
      xs.push(x);
      expect(Math.hypot(c, s)).toBeCloseTo(1, 6);
      expect(Math.abs(Math.atan2(s, c))).toBeLessThanOrEqual((20 * Math.PI) / 180 + 1e-6);
      expect(Math.abs(x)).toBeLessThanOrEqual(crowd.halfWidth + 1e-6);
      expect(Math.abs(z)).toBeLessThanOrEqual(crowd.halfDepth + 1e-6);
      expect(crowd.timeOffsets[i]).toBeGreaterThanOrEqual(0);
      expect(crowd.timeOffsets[i]).toBeLessThan(1.2);
    }
    // A 10 × 10 grid: 4.5 spacings from the middle to the last column, plus the wobble's reach.
    expect(crowd.halfWidth).toBeCloseTo(4.7 * CROWD_SPACING, 6);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(8 * CROWD_SPACING);
    // Neighbours differ in phase: no two offsets within a hundredth of a second.
    const sorted = Array.from(crowd.timeOffsets).sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1]).toBeGreaterThan(0.001);
  });

  it('refuses a count that is not a positive whole number, naming it', () => {
    expect(() => layoutCrowd(0, 1)).toThrow('at least 1 (got 0)');
    expect(() => layoutCrowd(2.5, 1)).toThrow('(got 2.5)');
  });

  it('places positions as crowd.vert does: turned about +Y by the heading, then moved; directions only turned', () => {
    const layout = { count: 1, placements: new Float32Array([2, -3, Math.cos(Math.PI / 2), Math.sin(Math.PI / 2)]), timeOffsets: new Float32Array(1), halfWidth: 0, halfDepth: 0 };
    // A quarter turn about +Y takes +X to −Z and +Z to +X.
    const out = placeInstance(new Float32Array(6), new Float32Array([1, 0, 0, 0, 5, 1]), layout, 0);
    expect(Array.from(out).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([2, 0, -4, 3, 5, -3]);
    const turned = placeInstance(new Float32Array(3), new Float32Array([1, 0, 0]), layout, 0, true);
    expect(Array.from(turned).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 0, -1]);
  });
});

describe('costPlot', () => {
  it('puts decades of milliseconds on a logarithmic y axis, at least two, covering every value', () => {
    expect(plotDecades([0.05, 3, 0, Number.NaN])).toEqual({ low: -2, high: 1 });
    expect(plotDecades([2, 3])).toEqual({ low: 0, high: 2 });
    expect(plotDecades([])).toEqual({ low: -2, high: 1 });
    expect(plotY(1, 0, 2)).toBeCloseTo(PLOT_HEIGHT - PLOT_MARGIN.bottom, 9);
    expect(plotY(10, 0, 2)).toBeCloseTo(PLOT_HEIGHT - PLOT_MARGIN.bottom - (PLOT_HEIGHT - PLOT_MARGIN.top - PLOT_MARGIN.bottom) / 2, 9);
    expect(plotY(100, 0, 2)).toBeCloseTo(PLOT_MARGIN.top, 9);
    expect([decadeLabel(-2), decadeLabel(0), decadeLabel(2), decadeLabel(3), decadeLabel(5)]).toEqual(['0.01 ms', '1 ms', '100 ms', '1 s', '100 s']);
  });

  it('draws a cost proportional to the crowd as a straight line, and leaves out stages that cost nothing', () => {
    const sizes = [1, 10, 100, 1000];
    const milliseconds = sizes.flatMap((size) => STAGES.map((stage) => (stage === 'skin' ? 0 : stage === 'draw' ? 0.5 : 0.01 * size)));
    const plot = costPlot(sizes, milliseconds);
    expect(plot.xTicks.map((tick) => tick.label)).toEqual(['1', '10', '100', '1,000']);
    expect(plot.xTicks[0].x).toBe(plotX(1, 1, 1000));
    expect(plot.lines[STAGES.indexOf('skin')]).toBe('');
    const pose = plot.lines[STAGES.indexOf('pose')].split(' ').map((point) => point.split(',').map(Number));
    expect(pose).toHaveLength(4);
    // Equal steps in x and in y: one decade of crowd, one decade of cost.
    const steps = pose.slice(1).map((point, i) => [point[0] - pose[i][0], point[1] - pose[i][1]]);
    for (const step of steps) {
      expect(step[0]).toBeCloseTo(steps[0][0], 0);
      expect(step[1]).toBeCloseTo(steps[0][1], 0);
    }
    const draw = plot.lines[STAGES.indexOf('draw')].split(' ').map((point) => Number(point.split(',')[1]));
    expect(new Set(draw).size, 'a flat line').toBe(1);
  });
});
