// Where PipelineDiagram.astro draws each stage of src/build-time/pipeline.ts: the set-up box on
// top, the per-frame stages in rows of `columns` boxes (one row on wide screens, wrapped on phones),
// an arrow from each stage to the next (round the corner when a row wraps), and the fast path as a
// band under them all. Sizes in SVG user units; the text sizes are the ones the component draws.
import { PIPELINE_STAGES, type PipelineStage, type PipelineStageId } from '../../build-time/pipeline.ts';
import { arrowAlong, bottomOf, centreX, centreY, rightOf, textWidth, type Arrow, type Rect } from './svg-geometry.ts';

/** Font sizes, user units: the function's name (monospace), and the flow and chapter lines. */
export const PIPELINE_NAME_SIZE = 12;
export const PIPELINE_SMALL_SIZE = 10;
const MARGIN = 4;
const PADDING_X = 8;
const BOX_HEIGHT = 56;
const COLUMN_GAP = 16;
const ROW_GAP = 30;
const SETUP_GAP = 22;
const BAND_GAP = 12;
const BAND_HEIGHT = 44;

export interface PipelineBox extends Rect {
  stage: PipelineStage;
}

export interface PipelineArrow extends Arrow {
  from: PipelineStageId;
  to: PipelineStageId;
}

export interface PipelineLayout {
  width: number;
  height: number;
  boxes: PipelineBox[];
  arrows: PipelineArrow[];
}

/** "ch 1, 5": the chapter line of a stage's box. */
export function chapterLine(stage: PipelineStage): string {
  return `ch ${stage.chapters.join(', ')}`;
}

/** The name line of a stage's box: the fast path names its player and its skinner. */
export function nameLine(stage: PipelineStage): string {
  return stage.kind === 'span' ? [stage.functionName, ...stage.relatedFunctions].join(' + ') : stage.functionName;
}

function widthOf(stage: PipelineStage): number {
  return (
    2 * PADDING_X +
    Math.max(textWidth(nameLine(stage), PIPELINE_NAME_SIZE, 'mono'), textWidth(stage.flow, PIPELINE_SMALL_SIZE, 'sans'), textWidth(chapterLine(stage), PIPELINE_SMALL_SIZE, 'sans'))
  );
}

/** The layout with the per-frame stages in rows of `columns` (1 or more). */
export function layoutPipeline(columns: number): PipelineLayout {
  if (!Number.isInteger(columns) || columns < 1) throw new Error(`layoutPipeline: columns must be a positive integer, got ${columns}`);
  const setup = PIPELINE_STAGES.filter((stage) => stage.kind === 'once');
  const frame = PIPELINE_STAGES.filter((stage) => stage.kind === 'frame' || stage.kind === 'optional');
  const span = PIPELINE_STAGES.filter((stage) => stage.kind === 'span');
  if (setup.length !== 1 || span.length !== 1) throw new Error(`layoutPipeline: expected one set-up stage and one fast path, got ${setup.length} and ${span.length}`);

  // Each box as wide as its text; rows of `columns` boxes, left-aligned.
  const perRow = Math.min(columns, frame.length);
  const frameBoxes: PipelineBox[] = [];
  let x = MARGIN;
  let y = MARGIN + BOX_HEIGHT + SETUP_GAP;
  frame.forEach((stage, i) => {
    if (i > 0 && i % perRow === 0) {
      x = MARGIN;
      y += BOX_HEIGHT + ROW_GAP;
    }
    const width = widthOf(stage);
    frameBoxes.push({ stage, x, y, width, height: BOX_HEIGHT });
    x += width + COLUMN_GAP;
  });
  const rowsWidth = Math.max(...frameBoxes.map(rightOf)) - MARGIN;
  const setupBox: PipelineBox = { stage: setup[0], x: MARGIN, y: MARGIN, width: Math.max(widthOf(setup[0]), frameBoxes[0].width), height: BOX_HEIGHT };
  const lastRowBottom = bottomOf(frameBoxes[frameBoxes.length - 1]);
  const bandWidth = Math.max(rowsWidth, widthOf(span[0]));
  const band: PipelineBox = { stage: span[0], x: MARGIN, y: lastRowBottom + BAND_GAP, width: bandWidth, height: BAND_HEIGHT };

  const arrows: PipelineArrow[] = [];
  // The Model from the set-up feeds the first per-frame stage, straight below it.
  const first = frameBoxes[0];
  arrows.push({ from: setupBox.stage.id, to: first.stage.id, ...arrowAlong([[centreX(first), bottomOf(setupBox)], [centreX(first), first.y]]) });
  for (let i = 1; i < frameBoxes.length; i++) {
    const a = frameBoxes[i - 1];
    const b = frameBoxes[i];
    const sameRow = a.y === b.y;
    const points: [number, number][] = sameRow
      ? [
          [rightOf(a), centreY(a)],
          [b.x, centreY(b)],
        ]
      : [
          [centreX(a), bottomOf(a)],
          [centreX(a), bottomOf(a) + ROW_GAP / 2],
          [centreX(b), bottomOf(a) + ROW_GAP / 2],
          [centreX(b), b.y],
        ];
    arrows.push({ from: a.stage.id, to: b.stage.id, ...arrowAlong(points) });
  }
  const width = Math.max(rightOf(setupBox), MARGIN + rowsWidth, rightOf(band)) + MARGIN;
  return { width, height: bottomOf(band) + MARGIN, boxes: [setupBox, ...frameBoxes, band], arrows };
}
