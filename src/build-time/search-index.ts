// Site search, built once the pages are written: an Astro integration whose `astro:build:done`
// hook runs Pagefind over the output directory the build actually used (so `astro build --outDir X`
// indexes X) and writes the index beside the pages, in <outDir>/pagefind/. The browser loads it
// from there when a reader opens the search dialog (src/components/search-dialog.ts); nothing is
// fetched from anywhere else.
//
// What is indexed: only the chapter text. ChapterLayout marks the article with data-pagefind-body,
// so pages without one (home, 404) stay out, and the selectors below keep the parts of a chapter
// that are not prose out of it too.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';

/**
 * Parts of a chapter that are not its text: an interactive figure's stage (canvas, "Reset view",
 * status line), its controls and live read-outs — every child of the figure but its caption —
 * the copy buttons of code blocks and their file path and line numbers (the title and the code
 * itself are indexed), KaTeX's MathML copy of each formula (the visible copy is indexed once)
 * and the previous/next chapter links.
 */
export const searchExcludedSelectors: readonly string[] = [
  '.island-figure > :not(figcaption)',
  '.island-stage',
  '.island-panel',
  '.code-copy',
  '.code-path',
  '.code-head [role="status"]',
  '.katex-mathml',
  '.chapter-nav',
];

/** Folder of the index inside the build output; the browser loads `/pagefind/pagefind.js`. */
export const searchBundleFolder = 'pagefind';

/** The Astro integration that indexes the built site. */
export function searchIndex(): AstroIntegration {
  return {
    name: 'skinning:search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const started = performance.now();
        try {
          const { index, errors } = await createIndex({ excludeSelectors: [...searchExcludedSelectors], forceLanguage: 'en' });
          if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
          const added = await index.addDirectory({ path: site });
          if (added.errors.length > 0) throw new Error(`Pagefind could not index ${site}: ${added.errors.join('; ')}`);
          if (added.page_count === 0) throw new Error(`Pagefind found no page with data-pagefind-body in ${site}`);
          const written = await index.writeFiles({ outputPath: join(site, searchBundleFolder) });
          if (written.errors.length > 0) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
          logger.info(`read ${added.page_count} pages, wrote the index of their chapters to ${written.outputPath} in ${Math.round(performance.now() - started)} ms`);
        } finally {
          await close();
        }
      },
    },
  };
}
