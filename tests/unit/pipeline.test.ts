// The per-frame pipeline drawn at the top of every chapter: its table (src/build-time/pipeline.ts)
// against the chapter files and the core's exports, and its layout
// (src/components/diagrams/pipeline-geometry.ts): arrows from each stage to the next, touching both.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as core from '../../src/core/index.ts';
import * as simdPose from '../../src/core/fast/pose-simd.ts';
import * as simdSkin from '../../src/core/fast/skin-simd.ts';
import { CHAPTER_STAGES, PIPELINE_STAGES, chapterStages, pipelineStage } from '../../src/build-time/pipeline.ts';
import { chapterLine, layoutPipeline, nameLine, PIPELINE_NAME_SIZE, PIPELINE_SMALL_SIZE } from '../../src/components/diagrams/pipeline-geometry.ts';
import { arrowTip, bottomOf, isOnEdge, rightOf, textWidth, type Rect } from '../../src/components/diagrams/svg-geometry.ts';

const chaptersDirectory = fileURLToPath(new URL('../../src/content/chapters/', import.meta.url));
const chapterOrders = readdirSync(chaptersDirectory)
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => Number(/^order:\s*(\d+)\s*$/m.exec(readFileSync(chaptersDirectory + name, 'utf8'))?.[1]));

describe('the pipeline table', () => {
  it('has an entry for every chapter in src/content/chapters, and none for a chapter that does not exist', () => {
    expect(chapterOrders.length).toBeGreaterThanOrEqual(12);
    for (const order of chapterOrders) expect(CHAPTER_STAGES[order], `chapter ${order}`).toBeDefined();
    expect(Object.keys(CHAPTER_STAGES).map(Number).sort((a, b) => a - b)).toEqual([...chapterOrders].sort((a, b) => a - b));
  });

  it('names, for every stage, functions the core exports (the fast path from src/core/fast/)', () => {
    const fast = { ...simdPose, ...simdSkin } as Record<string, unknown>;
    for (const stage of PIPELINE_STAGES) {
      const exports = stage.kind === 'span' ? fast : (core as Record<string, unknown>);
      for (const name of [stage.functionName, ...stage.relatedFunctions]) {
        expect(typeof exports[name], `${stage.id}: ${name}`).toBe('function');
      }
    }
    // The README's "one frame, whole" order: sample, compose, globals, palette.
    const frameOrder = PIPELINE_STAGES.map((stage) => stage.functionName).filter((name) => ['sampleClip', 'composeLocal', 'localToGlobal', 'buildPalette'].includes(name));
    expect(frameOrder).toEqual(['sampleClip', 'composeLocal', 'localToGlobal', 'buildPalette']);
  });

  it('lights, in each chapter, a stage that lists the chapter, and lists each chapter only on stages that chapter lights', () => {
    for (const [order, taught] of Object.entries(CHAPTER_STAGES)) {
      for (const id of [taught.lit, ...taught.also]) expect(pipelineStage(id).chapters, `chapter ${order}, ${id}`).toContain(Number(order));
      expect(taught.also).not.toContain(taught.lit);
    }
    for (const stage of PIPELINE_STAGES) {
      expect([...stage.chapters].sort((a, b) => a - b)).toEqual(stage.chapters);
      expect(stage.chapters, `${stage.id} links to chapter ${stage.home}`).toContain(stage.home);
      for (const order of stage.chapters) {
        const taught = chapterStages(order);
        expect([taught.lit, ...taught.also], `chapter ${order}`).toContain(stage.id);
      }
    }
  });

  it('names what is missing', () => {
    expect(() => chapterStages(99)).toThrow('chapter 99 has no entry in CHAPTER_STAGES');
    expect(() => pipelineStage('nope' as never)).toThrow('no stage "nope"');
  });
});

describe('layoutPipeline', () => {
  const overlap = (a: Rect, b: Rect) => a.x < rightOf(b) && b.x < rightOf(a) && a.y < bottomOf(b) && b.y < bottomOf(a);

  for (const columns of [6, 3, 1]) {
    it(`in rows of ${columns}: each arrow leaves its stage's box and its tip lands on the next stage's box`, () => {
      const layout = layoutPipeline(columns);
      const boxOf = (id: string) => layout.boxes.find((box) => box.stage.id === id)!;
      const chain = PIPELINE_STAGES.filter((stage) => stage.kind !== 'span').map((stage) => stage.id);
      expect(layout.arrows.map((arrow) => [arrow.from, arrow.to])).toEqual(chain.slice(1).map((id, i) => [chain[i], id]));
      for (const arrow of layout.arrows) {
        expect(isOnEdge(arrow.points[0], boxOf(arrow.from)), `${arrow.from} → ${arrow.to} tail`).toBe(true);
        expect(isOnEdge(arrowTip(arrow), boxOf(arrow.to)), `${arrow.from} → ${arrow.to} tip`).toBe(true);
        expect(isOnEdge(arrowTip(arrow), boxOf(arrow.from))).toBe(false);
      }
      for (let i = 0; i < layout.boxes.length; i++) {
        const box = layout.boxes[i];
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(rightOf(box)).toBeLessThanOrEqual(layout.width);
        expect(bottomOf(box)).toBeLessThanOrEqual(layout.height);
        for (const other of layout.boxes.slice(i + 1)) expect(overlap(box, other), `${box.stage.id} / ${other.stage.id}`).toBe(false);
        // The text drawn in the box fits it.
        expect(textWidth(nameLine(box.stage), PIPELINE_NAME_SIZE, 'mono')).toBeLessThan(box.width);
        expect(textWidth(chapterLine(box.stage), PIPELINE_SMALL_SIZE, 'sans')).toBeLessThan(box.width);
      }
    });
  }

  it('puts every per-frame stage in one row when there are enough columns, and wraps into rows of three', () => {
    const rows = (columns: number) => new Set(layoutPipeline(columns).boxes.filter((box) => box.stage.kind === 'frame' || box.stage.kind === 'optional').map((box) => box.y)).size;
    expect(rows(6)).toBe(1);
    expect(rows(3)).toBe(2);
    expect(rows(1)).toBe(6);
    // The fast path spans every per-frame stage.
    const layout = layoutPipeline(3);
    const band = layout.boxes.find((box) => box.stage.kind === 'span')!;
    const frame = layout.boxes.filter((box) => box.stage.kind === 'frame');
    expect(band.x).toBeLessThanOrEqual(Math.min(...frame.map((box) => box.x)));
    expect(rightOf(band)).toBeGreaterThanOrEqual(Math.max(...frame.map(rightOf)));
    expect(band.y).toBeGreaterThan(Math.max(...frame.map(bottomOf)));
  });

  it('refuses a column count that is not a positive integer', () => {
    expect(() => layoutPipeline(0)).toThrow('columns must be a positive integer, got 0');
    expect(() => layoutPipeline(2.5)).toThrow('got 2.5');
  });
});
