// The site's figure catalogue (figure-catalogue.ts) from the site's own pages: the home page's
// source, then the chapters in reading order. For the figure pages and their list, at build time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getCollection } from 'astro:content';
import { buildCatalogue, type CatalogueFigure, type FigureSource } from './figure-catalogue.ts';
import { chapterSources } from './source-pages.ts';

/** Every named figure of the site: the home page's first, then each chapter's, in reading order. */
export async function siteFigures(root: string = process.cwd()): Promise<CatalogueFigure[]> {
  const chapters = chapterSources(await getCollection('chapters')).sort((a, b) => a.order - b.order);
  const sources: FigureSource[] = [
    { source: readFileSync(join(root, 'src/pages/index.astro'), 'utf8'), place: { href: '/', label: 'the home page', title: 'Home page', order: null } },
    ...chapters.map((chapter) => ({
      source: chapter.body,
      place: { href: `/chapters/${chapter.id}/`, label: `Chapter ${chapter.order}: ${chapter.title}`, title: chapter.title, order: chapter.order },
    })),
  ];
  return buildCatalogue(sources);
}
