// A Vite plugin that drops Vite's preload helper from the browser bundle. Vite wraps every dynamic
// import (a figure's code, the search, an exercise's grading) in __vitePreload(load, deps), whose
// module (preload-helper.js, 0.9 KB gzip, on every page with a figure) fetches `deps` ahead: the
// chunks the imported one needs, and its CSS. The site has no module preload lists (astro.config.mjs)
// and no CSS in a lazily loaded chunk, so `deps` is always empty and the helper only calls `load`.
// Each chunk that imports it gets `load => load()` instead. A lazily loaded chunk that does bring
// CSS would need the helper to load it: the build stops with a message then.
import type { Plugin } from 'vite';

/** The import of the helper as a chunk has it before minification, e.g. `import { t as __vitePreload } from "./preload-helper.x.js";`. */
const helperImport = /^import \{ (?:\w+ as )?__vitePreload \} from "[^"]*preload-helper[^"]*";$/m;

/** `code` of a chunk with the preload helper's import replaced by a function that only loads. */
export function withoutPreloadHelper(code: string): string {
  return code.replace(helperImport, 'const __vitePreload = (load) => load();');
}

export function noPreloadHelper(): Plugin {
  return {
    name: 'no-preload-helper',
    apply: 'build',
    renderChunk(code, chunk) {
      const css = (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
      if (chunk.isDynamicEntry && css !== undefined && css.size > 0) {
        this.error(`${chunk.fileName} is loaded lazily and imports CSS (${[...css].join(', ')}), which only Vite's preload helper loads: remove noPreloadHelper() or move the CSS to the page.`);
      }
      if (!helperImport.test(code)) return null;
      return { code: withoutPreloadHelper(code), map: null };
    },
    generateBundle(_options, bundle) {
      // The helper's own chunk, once no chunk names it any more.
      const helper = Object.values(bundle).find((file) => file.type === 'chunk' && /(^|\/)preload-helper\.[^/]*\.js$/.test(file.fileName));
      if (helper === undefined) return;
      const named = Object.values(bundle).some((file) => file.type === 'chunk' && file !== helper && file.code.includes(helper.fileName.split('/').pop()!));
      if (!named) delete bundle[helper.fileName];
    },
  };
}
