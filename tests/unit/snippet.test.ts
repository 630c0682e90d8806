// The build-time machinery behind <Snippet>: region extraction, line selectors, file access and
// the highlighted HTML (src/build-time/regions.ts, src/build-time/lines.ts, src/build-time/snippet.ts, src/build-time/code.ts).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dedent, extractRegion, listRegions, RegionError } from '../../src/build-time/regions.ts';
import { findWords, LineSelectorError, resolveLines } from '../../src/build-time/lines.ts';
import { languageOf, prepareSnippet, readRepositoryFile, SnippetError } from '../../src/build-time/snippet.ts';
import { renderCodeBlock } from '../../src/build-time/code.ts';
import type { Element, ElementContent, Root } from 'hast';

const source = [
  'import { a } from "./a.ts";', // 1
  '', // 2
  '// #region outer', // 3
  'export function outer(x: number): number {', // 4
  '  // #region inner', // 5
  '  const doubled = 2 * x;', // 6
  '', // 7
  '  return doubled;', // 8
  '  // #endregion inner', // 9
  '}', // 10
  '// #endregion', // 11
  '', // 12
  'class Holder {', // 13
  '    // #region method', // 14
  '    method(): void {', // 15
  '      work();', // 16
  '    }', // 17
  '    // #endregion', // 18
  '}', // 19
].join('\n');

describe('extractRegion', () => {
  it('cuts a region without its marker lines and reports file line numbers', () => {
    const region = extractRegion(source, 'outer', 'demo.ts');
    expect(region.code).toBe(
      ['export function outer(x: number): number {', '  const doubled = 2 * x;', '', '  return doubled;', '}'].join('\n'),
    );
    expect(region.lines).toEqual([4, 6, 7, 8, 10]);
    expect(region.code).not.toContain('#region');
    expect(region.code).not.toContain('#endregion');
  });

  it('extracts a nested region on its own, dedented', () => {
    const region = extractRegion(source, 'inner', 'demo.ts');
    expect(region.code).toBe(['const doubled = 2 * x;', '', 'return doubled;'].join('\n'));
    expect(region.lines).toEqual([6, 7, 8]);
  });

  it('dedents by the common indentation and keeps relative indentation', () => {
    const region = extractRegion(source, 'method', 'demo.ts');
    expect(region.code).toBe(['method(): void {', '  work();', '}'].join('\n'));
    expect(region.lines).toEqual([15, 16, 17]);
  });

  it('drops blank lines at both ends and trailing whitespace, and accepts CRLF', () => {
    const text = '// #region r\r\n\r\n    let a = 1;   \r\n\r\n    let b = 2;\r\n\r\n// #endregion\r\n';
    const region = extractRegion(text, 'r');
    expect(region.code).toBe('let a = 1;\n\nlet b = 2;');
    expect(region.lines).toEqual([3, 4, 5]);
  });

  it('works with GLSL sources', () => {
    const glsl = '#version 300 es\n// #region skin-matrix\nmat4 skin = a_weights.x * bone(a_joints.x);\n// #endregion skin-matrix\n';
    expect(extractRegion(glsl, 'skin-matrix', 'shaders/skin.vert').code).toBe('mat4 skin = a_weights.x * bone(a_joints.x);');
  });

  it('throws a RegionError naming the file and the regions that exist when the region is missing', () => {
    expect(() => extractRegion(source, 'nope', 'src/core/demo.ts')).toThrow(RegionError);
    expect(() => extractRegion(source, 'nope', 'src/core/demo.ts')).toThrow(
      'src/core/demo.ts: no region "nope" (regions there: outer, inner, method)',
    );
    expect(() => extractRegion('const a = 1;', 'x', 'plain.ts')).toThrow('the file has no // #region markers');
  });

  it('rejects malformed markers with the line number', () => {
    expect(() => extractRegion('// #region a\ncode', 'a', 'f.ts')).toThrow('f.ts:1: region "a" is never closed');
    expect(() => extractRegion('code\n// #endregion', 'a', 'f.ts')).toThrow('f.ts:2: #endregion without an open #region');
    expect(() => extractRegion('// #region a\n// #region b\nx\n// #endregion a\n// #endregion b', 'a', 'f.ts')).toThrow(
      'f.ts:4: "#endregion a" closes region "b"',
    );
    expect(() => extractRegion('// #region a\nx\n// #endregion\n// #region a\ny\n// #endregion', 'a', 'f.ts')).toThrow(
      'f.ts:4: region "a" is already defined at line 1',
    );
    expect(() => extractRegion('// #region\nx\n// #endregion', '', 'f.ts')).toThrow('f.ts:1: a region needs a name');
    expect(() => extractRegion('// #region empty\n\n// #endregion', 'empty', 'f.ts')).toThrow('region "empty" is empty');
  });

  it('lists regions in order of appearance', () => {
    expect(listRegions(source)).toEqual(['outer', 'inner', 'method']);
  });
});

describe('dedent', () => {
  it('removes only the shared prefix, leaving blank lines empty', () => {
    expect(dedent('    a\n      b\n\n    c')).toBe('a\n  b\n\nc');
    expect(dedent('\tx\n\t\ty')).toBe('x\n\ty');
    expect(dedent('a\n  b')).toBe('a\n  b');
  });
});

describe('resolveLines', () => {
  const code = ['const a = 1;', 'for (let i = 0; i < n; i++) {', '  total += a;', '}', 'return total;'].join('\n');

  it('accepts numbers, ranges, lists, text and regular expressions', () => {
    expect([...resolveLines(code, 3)]).toEqual([3]);
    expect([...resolveLines(code, '2-4')].sort()).toEqual([2, 3, 4]);
    expect([...resolveLines(code, '1, 4-5')].sort()).toEqual([1, 4, 5]);
    expect([...resolveLines(code, 'total')].sort()).toEqual([3, 5]);
    expect([...resolveLines(code, '/^\\s*for/')]).toEqual([2]);
    expect([...resolveLines(code, [1, 'return'])].sort()).toEqual([1, 5]);
    expect(resolveLines(code, undefined).size).toBe(0);
  });

  it('throws when a selector selects nothing or leaves the region', () => {
    expect(() => resolveLines(code, 'missingName', 'f.ts #r')).toThrow(LineSelectorError);
    expect(() => resolveLines(code, 'missingName', 'f.ts #r')).toThrow('f.ts #r: no line matches "missingName"');
    expect(() => resolveLines(code, 9)).toThrow('lines 9-9 are outside 1-5');
    expect(() => resolveLines(code, '4-2')).toThrow('outside 1-5');
    expect(() => resolveLines(code, 1.5)).toThrow('not an integer');
  });
});

describe('findWords', () => {
  it('finds every occurrence and rejects missing or overlapping words', () => {
    expect(findWords('a + ab + a', ['a'])).toEqual([
      [0, 1],
      [4, 5],
      [9, 10],
    ]);
    expect(() => findWords('abc', ['zz'])).toThrow('the word "zz" does not occur');
    expect(() => findWords('abc', ['ab', 'bc'])).toThrow('overlap');
  });
});

describe('prepareSnippet', () => {
  const root = mkdtempSync(join(tmpdir(), 'snippet-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'demo.ts'), source);

  it('reads the region from the repository and resolves annotations against it', () => {
    const block = prepareSnippet({ file: 'src/demo.ts', region: 'outer', highlight: 'doubled', focus: 1 }, root);
    expect(block.lang).toBe('ts');
    expect(block.path).toBe('src/demo.ts');
    expect(block.range).toEqual([4, 10]);
    expect([...block.highlight!].sort()).toEqual([2, 4]);
    expect([...block.focus!]).toEqual([1]);
    expect(block.lineNumbers).toEqual([4, 6, 7, 8, 10]);
  });

  it('fails clearly for a missing file, a path outside the repository or a stale selector', () => {
    expect(() => prepareSnippet({ file: 'src/missing.ts', region: 'x' }, root)).toThrow(SnippetError);
    expect(() => prepareSnippet({ file: 'src/missing.ts', region: 'x' }, root)).toThrow('file "src/missing.ts" does not exist');
    expect(() => readRepositoryFile('../outside.ts', root)).toThrow('must be a path inside the repository');
    expect(() => prepareSnippet({ file: 'src/demo.ts', region: 'gone' }, root)).toThrow('no region "gone"');
    expect(() => prepareSnippet({ file: 'src/demo.ts', region: 'inner', highlight: 'renamedVariable' }, root)).toThrow(
      'src/demo.ts #inner: no line matches "renamedVariable"',
    );
  });

  it('shows a whole file without its markers when no region is named', () => {
    const block = prepareSnippet({ file: 'src/demo.ts', lineNumbers: false }, root);
    expect(block.code).not.toContain('#region');
    expect(block.code.split('\n')[0]).toBe('import { a } from "./a.ts";');
    expect(block.lineNumbers).toBeUndefined();
  });

  it('guesses the language from the extension', () => {
    expect(languageOf('shaders/skin.vert')).toBe('glsl');
    expect(languageOf('src/core/pose.ts')).toBe('ts');
    expect(languageOf('README')).toBe('text');
  });

  it('finds the regions the chapters show in the real core sources', () => {
    const hierarchy = prepareSnippet({ file: 'src/core/hierarchy.ts', region: 'local-to-global', highlight: 'multiplyMat4At' });
    expect(hierarchy.code.startsWith('export function localToGlobal(')).toBe(true);
    expect(hierarchy.highlight!.size).toBe(1);
    expect(prepareSnippet({ file: 'src/core/pose.ts', region: 'compose-local' }).code).toContain('composeTRSAt(');
    expect(prepareSnippet({ file: 'src/core/pose.ts', region: 'combine-rigid' }).code).toContain('multiplyQuatAt(');
  });
});

describe('renderCodeBlock', () => {
  it('frames the code with its path, a labelled copy button and marked lines', async () => {
    const html = await renderCodeBlock({
      code: 'const a = 1;\nconst b = a + 1;\nreturn b;',
      lang: 'ts',
      title: 'Demo',
      path: 'src/demo.ts',
      range: [10, 12],
      highlight: new Set([2]),
      lineNumbers: [10, 11, 12],
      words: [[6, 7]],
    });
    // --lines sizes the block while it is off screen and not laid out (styles/code.css).
    expect(html).toMatch(/^<figure class="code" data-language="ts" style="--lines:3" data-file="src\/demo.ts">/);
    expect(html).toContain('<span class="code-title">Demo</span>');
    expect(html).toContain('<code>src/demo.ts</code> · lines 10–12');
    expect(html).toMatch(/<button type="button" class="code-copy" data-copy="">/);
    expect(html).toContain('Copy Demo');
    expect(html).toContain('role="status"');
    expect(html.match(/class="line highlighted"/g)).toHaveLength(1);
    expect(html).toContain('data-line="11"');
    expect(html).toContain('highlighted-word');
    // The text of the lines is exactly the code: no annotation ever reaches what is copied.
    const plain = html
      .slice(html.indexOf('<code>', html.indexOf('<pre')))
      .replace(/<[^>]+>/g, '')
      .replace(/&#x3C;/g, '<')
      .replace(/&#x26;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
    expect(plain).toBe('const a = 1;\nconst b = a + 1;\nreturn b;');
  });
});

describe('code themes', () => {
  it('give every token at least 4.5:1 contrast on every code background', async () => {
    const { codeThemes, contrastRatio } = await import('../../src/build-time/code.ts');
    const backgrounds = { light: ['#f6f4ef', '#f9edc9', '#d5e1db'], dark: ['#0f1216', '#2c291e', '#203535'] };
    for (const kind of ['light', 'dark'] as const) {
      const colors = (codeThemes[kind].tokenColors ?? [])
        .map((rule) => rule.settings.foreground)
        .filter((color): color is string => typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color));
      expect(colors.length).toBeGreaterThan(10);
      for (const color of colors) for (const bg of backgrounds[kind]) expect(contrastRatio(color, bg), `${kind} ${color} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes WCAG contrast ratios', async () => {
    const { contrastRatio, withContrast } = await import('../../src/build-time/code.ts');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(withContrast('#000000', ['#ffffff'], 'black')).toBe('#000000');
    expect(contrastRatio(withContrast('#aaaaaa', ['#ffffff'], 'black'), '#ffffff')).toBeGreaterThanOrEqual(4.7);
  });
});

describe('token colours as classes', () => {
  type Colours = { light?: string; dark?: string };
  /** [character, light colour, dark colour] for every character of the code, colours resolved the way the page's CSS does. */
  function colouredText(node: ElementContent | Root, inherited: Colours, classes: Map<string, Colours>): string[] {
    if (node.type === 'text') return [...node.value].map((char) => `${char} ${inherited.light} ${inherited.dark}`);
    if (node.type !== 'element' && node.type !== 'root') return [];
    let own = inherited;
    if (node.type === 'element') {
      own = { ...inherited };
      // Shiki's hast keeps classes as `class`, a string or a list.
      for (const name of [node.properties.class ?? []].flat().join(' ').split(' ')) Object.assign(own, classes.get(name));
      for (const part of String(node.properties.style ?? '').split(';')) {
        const [name, value] = part.split(':');
        if (name === '--shiki-light') own.light = value.toUpperCase();
        if (name === '--shiki-dark') own.dark = value.toUpperCase();
      }
    }
    return node.children.flatMap((child) => colouredText(child as ElementContent, own, classes));
  }

  it('colour every character as the inline styles did, with no colour style left on a token', async () => {
    const { getHighlighter, codeThemes, notationTransformers, tokenColourClasses, tokenColourCss } = await import('../../src/build-time/code.ts');
    const classes = new Map<string, Colours>();
    for (const [colour, name] of tokenColourClasses.light) classes.set(name, { light: colour });
    for (const [colour, name] of tokenColourClasses.dark) classes.set(name, { dark: colour });
    for (const name of classes.keys()) expect(tokenColourCss).toMatch(new RegExp(`\\.code pre \\.${name}\\{--shiki-(light|dark):#[0-9A-F]{6,8}\\}`));
    const shiki = await getHighlighter();
    const root = new URL('../../', import.meta.url).pathname;
    const samples = [
      { lang: 'ts', code: readRepositoryFile('src/core/pose.ts', root) },
      { lang: 'glsl', code: readRepositoryFile('shaders/skin.vert', root) },
      { lang: 'json', code: '{ "joints": [0, 1], "name": "Hip", "ok": true, "none": null }' },
      { lang: 'bash', code: 'npm install && npm run dev # serve' },
    ];
    for (const { lang, code } of samples) {
      const options = { lang, themes: codeThemes, defaultColor: false as const };
      const inline = shiki.codeToHast(code, options);
      const classed = shiki.codeToHast(code, { ...options, transformers: notationTransformers() });
      const before = colouredText(inline, {}, classes);
      expect(new Set(before.map((entry) => entry.slice(2))).size, lang).toBeGreaterThan(3);
      expect(colouredText(classed, {}, classes), lang).toEqual(before);
      const styled: string[] = [];
      visit(classed, (node) => {
        if (node.tagName !== 'pre' && String(node.properties.style ?? '').includes('--shiki')) styled.push(String(node.properties.style));
      });
      expect(styled, lang).toEqual([]);
    }
  });
});

function visit(node: Root | ElementContent, each: (element: Element) => void): void {
  if (node.type === 'element') each(node);
  if (node.type === 'element' || node.type === 'root') for (const child of node.children) visit(child as ElementContent, each);
}

describe('fenced code in MDX', () => {
  it('applies the notation comments, removes them from the code and frames the block with its title', async () => {
    const { getHighlighter, codeThemes, notationTransformers, transformerFencedFrame } = await import('../../src/build-time/code.ts');
    const shiki = await getHighlighter();
    const html = shiki.codeToHtml(
      ['const kept = 1; // [!code highlight]', 'const old = 2; // [!code --]', 'const fresh = 3; // [!code ++]', 'use(kept); // [!code focus]'].join('\n'),
      {
        lang: 'ts',
        themes: codeThemes,
        defaultColor: false,
        meta: { __raw: 'title="Notation demo"' },
        transformers: [...notationTransformers(), transformerFencedFrame()],
      },
    );
    expect(html).toContain('<span class="code-title">Notation demo</span>');
    expect(html).toContain('class="line highlighted"');
    expect(html).toContain('class="line diff remove"');
    expect(html).toContain('class="line diff add"');
    expect(html).toContain('class="line focused"');
    expect(html).toContain('has-focused');
    expect(html).not.toContain('[!code');
    expect(html).toContain('data-copy');
  });
});

describe('the real shaders and core sources the chapters cut from', () => {
  const root = new URL('../../', import.meta.url).pathname;

  it('has well-formed regions in every shader, and skin.vert shows the skinning the islands compile', () => {
    const files = ['shaders/skin.vert', 'shaders/shade.frag'];
    for (const file of files) expect(listRegions(readRepositoryFile(file, root), file).length, file).toBeGreaterThan(0);
    const skin = prepareSnippet({ file: 'shaders/skin.vert', region: 'skin' }, root);
    expect(skin.code).toMatch(/a_weights|weights/);
    const fetch = prepareSnippet({ file: 'shaders/skin.vert', region: 'fetch-joint-matrix' }, root);
    expect(fetch.code).toContain('texelFetch');
    expect(languageOf('shaders/skin.vert')).toBe('glsl');
  });

  it('finds every region a chapter asks for', () => {
    const chapters = new URL('../../src/content/chapters/', import.meta.url).pathname;
    const requests: { file: string; region: string }[] = [];
    for (const name of readdirSync(chapters).filter((n) => n.endsWith('.mdx'))) {
      const text = readFileSync(join(chapters, name), 'utf8');
      for (const [tag] of text.matchAll(/<Snippet\b[^>]*>/g)) {
        const file = /\bfile="([^"]+)"/.exec(tag)?.[1];
        const region = /\bregion="([^"]+)"/.exec(tag)?.[1];
        if (file && region) requests.push({ file, region });
      }
    }
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(() => prepareSnippet(request, root), `${request.file} #${request.region}`).not.toThrow();
  });
});
