import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * One MDX file per chapter, named NN-slug.mdx so the tree lists them in reading order; `order` is
 * the chapter number (from 0: the opening chapter, Why skeletons) and fixes the reading order. The
 * id (and so the URL, /chapters/slug/) drops the number: links made before the files were numbered
 * keep working.
 */
const chapters = defineCollection({
  loader: glob({
    pattern: '**/*.mdx',
    base: './src/content/chapters',
    generateId: ({ entry }) => chapterIdOf(entry),
  }),
  schema: z.object({
    title: z.string().min(1),
    order: z.number().int().nonnegative(),
    summary: z.string().min(1),
  }),
});

/** "05-hierarchy-traversal.mdx" → "hierarchy-traversal". */
function chapterIdOf(fileName: string): string {
  return fileName.replace(/\.mdx$/, '').replace(/^\d+-/, '');
}

export const collections = { chapters };
