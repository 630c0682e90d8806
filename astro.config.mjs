// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { unified } from '@astrojs/markdown-remark';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import { codeThemes, notationTransformers, transformerFencedFrame } from './src/build-time/code.ts';
import { rehypeHeadingAnchors } from './src/build-time/rehype-heading-anchors.ts';
import { searchIndex } from './src/build-time/search-index.ts';
import { glslComments } from './src/build-time/glsl-comments.ts';
import { noPreloadHelper } from './src/build-time/no-preload-helper.ts';
import { posters } from './src/build-time/poster/integration.ts';

// Maths is typeset at build time (remark-math + rehype-katex through the unified processor: Astro 7's
// default processor ignores remark/rehype plugins). Fenced code uses the same Shiki themes, notation
// transformers and frame (caption + copy button) as the <Snippet> component. After the build,
// searchIndex() runs Pagefind over the output directory (dist/, or --outDir) for the site search;
// posters() publishes the figures' build-time stills there (src/build-time/poster/).
export default defineConfig({
  trailingSlash: 'ignore',
  integrations: [mdx(), searchIndex(), posters()],
  markdown: {
    processor: unified({
      remarkPlugins: [remarkMath],
      rehypePlugins: [[rehypeKatex, { throwOnError: true, strict: 'error', output: 'htmlAndMathml' }], rehypeHeadingAnchors],
    }),
    syntaxHighlight: 'shiki',
    shikiConfig: {
      themes: codeThemes,
      defaultColor: false,
      wrap: false,
      transformers: [...notationTransformers(), transformerFencedFrame()],
    },
  },
  build: { inlineStylesheets: 'auto' },
  devToolbar: { enabled: false },
  // Shader comments stay in shaders/ and on the pages, not in the bundle (src/build-time/glsl-comments.ts).
  // Workers are built as ES modules so they can split: the model lab's worker imports Assimp only on demand.
  // No module preload lists: each figure's loader would carry the names of every chunk its island
  // imports (about 220 bytes gzip per figure on a page, 0.9 KB on chapter 8) to fetch them one round
  // trip sooner, which matters less than the bytes: a figure's code loads after the page has painted.
  // A plugin, because Astro sets build.modulePreload itself after the site's own vite.build. Without
  // those lists Vite's preload helper has nothing to do; noPreloadHelper drops it (0.9 KB gzip a page).
  vite: {
    plugins: [glslComments(), noPreloadHelper(), { name: 'no-module-preload-lists', config: () => ({ build: { modulePreload: false } }) }],
    worker: { format: 'es' },
  },
});
