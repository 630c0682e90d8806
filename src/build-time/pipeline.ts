// The per-frame pipeline drawn at the top of every chapter (src/components/PipelineDiagram.astro):
// its stages in data-flow order, each named by the core function that does it, and which chapter
// teaches which stage. One table, so the diagram, its test and the README's "one frame, whole"
// cannot disagree: tests/unit/pipeline.test.ts checks every function name against src/core's
// exports and every chapter file against CHAPTER_STAGES.

/** A stage's identity, used by CHAPTER_STAGES and the diagram's markup. */
export type PipelineStageId = 'setup' | 'sample' | 'blend' | 'compose' | 'globals' | 'palette' | 'skin' | 'fast';

export interface PipelineStage {
  id: PipelineStageId;
  /** The exported function of src/core that does the stage (src/core/fast/ for the fast path): the box's name. */
  functionName: string;
  /** Other exported functions that do the same stage another way (named in the link's label, not drawn). */
  relatedFunctions: readonly string[];
  /** What goes in and what comes out, in a few words ("keys → pose"). */
  flow: string;
  /** Chapters (frontmatter `order`) that teach the stage, ascending. */
  chapters: readonly number[];
  /** The chapter the stage's box links to: the one that teaches its function (one of `chapters`). */
  home: number;
  /**
   * 'once' runs when the file loads, not per frame; 'optional' only when clips are blended;
   * 'span' is the fast path, which redoes every per-frame stage at once.
   */
  kind: 'once' | 'frame' | 'optional' | 'span';
}

/** The stages, in the order one frame runs them (animateFrame, src/core/frame.ts; skinning after). */
export const PIPELINE_STAGES: readonly PipelineStage[] = [
  { id: 'setup', functionName: 'parseGltf', relatedFunctions: ['bindGlobalsOf'], flow: 'file → Model, bind pose', chapters: [0, 3, 9], home: 9, kind: 'once' },
  { id: 'sample', functionName: 'sampleClip', relatedFunctions: [], flow: 'keys → pose', chapters: [7], home: 7, kind: 'frame' },
  { id: 'blend', functionName: 'blendPoses', relatedFunctions: ['sampleCrossfade', 'applyAdditivePose'], flow: 'poses → pose', chapters: [11], home: 11, kind: 'optional' },
  { id: 'compose', functionName: 'composeLocal', relatedFunctions: [], flow: 'pose → locals', chapters: [1], home: 1, kind: 'frame' },
  { id: 'globals', functionName: 'localToGlobal', relatedFunctions: [], flow: 'locals → globals', chapters: [1, 5], home: 1, kind: 'frame' },
  { id: 'palette', functionName: 'buildPalette', relatedFunctions: [], flow: 'globals → palette', chapters: [4, 6], home: 4, kind: 'frame' },
  { id: 'skin', functionName: 'skinVertices', relatedFunctions: ['skinVerticesDualQuaternion'], flow: 'palette → vertices', chapters: [2, 8, 10], home: 2, kind: 'frame' },
  { id: 'fast', functionName: 'createSimdPlayer', relatedFunctions: ['createSimdSkinner'], flow: 'every stage again, WebAssembly SIMD', chapters: [12], home: 12, kind: 'span' },
];

/** What a chapter teaches of the pipeline: the stage it lights, and any other stage it also covers. */
export interface ChapterStages {
  lit: PipelineStageId;
  also: readonly PipelineStageId[];
  /** One line for readers: what of the stage this chapter is about. */
  note: string;
}

/** Chapter `order` → its stages. Every chapter in src/content/chapters has an entry (tested). */
export const CHAPTER_STAGES: Readonly<Record<number, ChapterStages>> = {
  0: { lit: 'setup', also: [], note: 'the mesh, skeleton and clips an artist’s tool exports, which every stage reads' },
  1: { lit: 'globals', also: ['compose'], note: 'local transforms, and globals as their product down the tree' },
  2: { lit: 'skin', also: [], note: 'the weights that blend the palette’s matrices per vertex' },
  3: { lit: 'setup', also: [], note: 'the bind pose the inverse bind matrices come from' },
  4: { lit: 'palette', also: [], note: 'global × inverse bind, one matrix per joint' },
  5: { lit: 'globals', also: [], note: 'every global in one pass, parents first' },
  6: { lit: 'palette', also: [], note: 'the global inverse in front of every palette matrix' },
  7: { lit: 'sample', also: [], note: 'keys interpolated to the frame’s time' },
  8: { lit: 'skin', also: [], note: 'the same sum on the GPU, in the vertex shader' },
  9: { lit: 'setup', also: [], note: 'a real file read into the Model every stage uses' },
  10: { lit: 'skin', also: [], note: 'skinning with dual quaternions instead of matrices' },
  11: { lit: 'blend', also: [], note: 'two sampled poses blended into one' },
  12: { lit: 'fast', also: [], note: 'every per-frame stage again, for a thousand characters' },
};

/** The stage named `id`; throws for an id the table does not have. */
export function pipelineStage(id: PipelineStageId): PipelineStage {
  const stage = PIPELINE_STAGES.find((each) => each.id === id);
  if (stage === undefined) throw new Error(`pipeline: no stage "${id}" (stages: ${PIPELINE_STAGES.map((each) => each.id).join(', ')})`);
  return stage;
}

/** The stages chapter `order` teaches; throws, naming the chapter, when the table has no entry for it. */
export function chapterStages(order: number): ChapterStages {
  const stages = CHAPTER_STAGES[order];
  if (stages === undefined) {
    throw new Error(`pipeline: chapter ${order} has no entry in CHAPTER_STAGES (src/build-time/pipeline.ts); add the stage it teaches`);
  }
  return stages;
}
