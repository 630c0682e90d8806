// A Vite plugin for the shaders the figures import with `?raw`: their comments — written for the
// reader of shaders/, and printed on the chapter pages from the files themselves — are blanked in
// the JavaScript bundle, saving about half of each shader's bytes. Lines are kept, so a compile
// error's line number still points at the right line of the file; `// #region` markers are kept,
// because src/gl/skin-shader-variants.ts splices variant regions at run time.
import type { Plugin } from 'vite';

/** `source` with its comments blanked: block comments keep their line breaks, line comments go, region markers stay. */
export function blankGlslComments(source: string): string {
  const withoutBlocks = source.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ''));
  return withoutBlocks
    .split('\n')
    .map((line) => {
      if (/^\s*\/\/\s*#(end)?region\b/.test(line)) return line;
      const comment = line.indexOf('//');
      return (comment < 0 ? line : line.slice(0, comment)).replace(/\s+$/, '');
    })
    .join('\n');
}

export function glslComments(): Plugin {
  return {
    name: 'glsl-comments',
    enforce: 'post',
    transform(code, id) {
      if (!/\.(vert|frag)\?raw$/.test(id)) return null;
      const literal = /^export default (".*")\s*;?\s*$/s.exec(code);
      if (literal === null) return null;
      return { code: `export default ${JSON.stringify(blankGlslComments(JSON.parse(literal[1]) as string))};`, map: null };
    },
  };
}
