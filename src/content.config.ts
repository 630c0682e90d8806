import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** One MDX file per chapter; `order` is the chapter number and fixes the reading order. */
const chapters = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/chapters' }),
  schema: z.object({
    title: z.string().min(1),
    order: z.number().int().positive(),
    summary: z.string().min(1),
  }),
});

export const collections = { chapters };
