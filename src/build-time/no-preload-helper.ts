// A Vite plugin that drops Vite's preload helper from the browser bundle. Vite wraps every dynamic
// import (a figure's code, the search, an exercise's grading) in __vitePreload(load, deps), whose
// module (preload-helper.js, 0.9 KB gzip, on every page with a figure) fetches `deps` ahead: the
// chunks the imported one needs, and its CSS. The site has no module preload lists (astro.config.mjs)
// and no CSS in a lazily loaded chunk, so `deps` is always empty and the helper only calls `load`.
// Each call becomes the loader it wraps, called (a plain `() => import(…)`, the import() alone),
// and a call of another shape gets `load => load()` in place of the helper. A lazily loaded chunk
// that does bring CSS would need the helper to load it: the build stops with a message then.
import type { Plugin } from 'vite';

/** The import of the helper as a chunk has it before minification, e.g. `import { t as __vitePreload } from "./preload-helper.x.js";`. */
const helperImport = /^import \{ (?:\w+ as )?__vitePreload \} from "[^"]*preload-helper[^"]*";$/m;

/** The dependencies argument a call ends with: Vite's placeholder, or what it became. */
const noDependencies = /,\s*(?:__VITE_PRELOAD__|\[\]|void 0)\s*$/;

/**
 * The index just past the parenthesis that closes the one at `open` in `code`, skipping string and
 * template literals (without nested `${…}`), or -1.
 */
function closingParenthesis(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\' || (c === '`' && code[i] === '$' && code[i + 1] === '{')) return -1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * `code` of a chunk with each call of the preload helper with no dependencies replaced by what it
 * wraps — `() => import("./x.js")` by `import("./x.js")`, any other loader by `(loader)()` — and the
 * helper's import dropped (or, if some call is left, replaced by a function that only loads).
 */
export function withoutPreloadHelper(code: string): string {
  if (!helperImport.test(code)) return code;
  let out = '';
  let from = 0;
  for (let at = code.indexOf('__vitePreload(', 0); at >= 0; at = code.indexOf('__vitePreload(', from)) {
    const open = at + '__vitePreload'.length;
    const end = closingParenthesis(code, open);
    const args = end < 0 ? '' : code.slice(open + 1, end - 1);
    if (!noDependencies.test(args)) {
      out += code.slice(from, open);
      from = open;
      continue;
    }
    const loader = args.replace(noDependencies, '').trim();
    const plainImport = /^\(\)\s*=>\s*(import\("[^"]*"\))$/.exec(loader);
    out += code.slice(from, at) + (plainImport !== null ? plainImport[1] : `(${loader})()`);
    from = end;
  }
  out += code.slice(from);
  return out.replace(helperImport, /\b__vitePreload\(/.test(out) ? 'const __vitePreload = (load) => load();' : '');
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
