// Which model file each interactive figure draws, for the download line under its caption
// (src/components/FigureModels.astro) and the "Shown in" list of the Models page. One table, by
// figure folder (src/figures/<folder>/): the files its island loads from /models/, as
// tests/unit/figure-models.test.ts checks against the island's code. The model figure
// (src/figures/model/) is not listed: it shows the file its `model` attribute names. The arm of
// chapter 1 is built in code (src/figures/arm/arm-model.ts) and has no file to download.

import type { ChapterSource } from './source-pages.ts';

/** Model files in public/models each figure's island loads, by figure folder. */
export const FIGURE_MODELS: Readonly<Record<string, readonly string[]>> = {
  bind: ['mannequin.glb'],
  blend: ['mannequin.glb'],
  'bone-limit': ['tentacle.glb'],
  'cpu-gpu': ['mannequin.glb'],
  crowd: ['mannequin.glb'],
  curves: ['interpolation.glb'],
  'dual-quaternion': ['bend-tube.glb', 'mannequin.glb'],
  'global-inverse': ['mannequin-zup-cm.glb'],
  inspector: ['mannequin.glb'],
  keys: ['mannequin.glb'],
  offset: ['two-bones-rotated.glb'],
  'row-major': ['mannequin.glb'],
  'skin-shader': ['bend-tube.glb'],
  traversal: ['mannequin.glb'],
  weights: ['bend-tube.glb'],
};

/** The model files of figure folder `folder`; throws naming the folder when the table has none. */
export function figureModels(folder: string): readonly string[] {
  const files = FIGURE_MODELS[folder];
  if (files === undefined) throw new Error(`figure-models: no model files listed for the figure folder "${folder}" (src/build-time/figure-models.ts)`);
  return files;
}

/**
 * The chapters whose figures show each model: a chapter shows a file when it places a figure
 * component imported from a folder of FIGURE_MODELS, or a <ModelFigure model="…">. File name →
 * chapters in reading order, each once.
 */
export function chaptersShowingModels(chapters: readonly ChapterSource[]): Map<string, { id: string; order: number; title: string }[]> {
  const shown = new Map<string, { id: string; order: number; title: string }[]>();
  const add = (file: string, chapter: ChapterSource) => {
    const list = shown.get(file) ?? [];
    if (!list.some((listed) => listed.id === chapter.id)) list.push({ id: chapter.id, order: chapter.order, title: chapter.title });
    shown.set(file, list);
  };
  for (const chapter of [...chapters].sort((a, b) => a.order - b.order)) {
    for (const match of chapter.body.matchAll(/^import\s+(\w+Figure)\s+from\s+'[./]*\/figures\/([\w-]+)\/\w+\.astro';?$/gm)) {
      const [, component, folder] = match;
      if (!new RegExp(`<${component}\\b`).test(chapter.body)) continue;
      for (const file of FIGURE_MODELS[folder] ?? []) add(file, chapter);
    }
    for (const match of chapter.body.matchAll(/<ModelFigure\b[^>]*?\bmodel="([^"]+)"/g)) add(match[1], chapter);
  }
  return shown;
}
