// The pages of whole source files (src/build-time/source-pages.ts): which files get one, their
// addresses, and the anchors and region marks of the highlighted file.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  printedSources,
  regionsByLine,
  renderSourcePage,
  sourceHref,
  sourcePagePath,
  type ChapterSource,
} from '../../src/build-time/source-pages.ts';

const chapter = (id: string, order: number, body: string): ChapterSource => ({ id, order, title: `Title ${order}`, body });

describe('printedSources', () => {
  it('lists each printed file once, alphabetically, with its chapters in reading order and each region once', () => {
    const printed = printedSources([
      chapter('later', 7, '<Snippet file="src/core/clip.ts" region="find-key" />\n<Snippet file="shaders/skin.vert" region="skin" highlight="a" />'),
      chapter('earlier', 2, [
        '<Snippet file="src/core/clip.ts" region="sample" />',
        '<Snippet',
        '  file="src/core/clip.ts"',
        '  region="sample"',
        '/>',
        '<Snippet file="src/core/pose.ts" />',
        'Prose that names <Snippet> in passing is not a snippet.',
      ].join('\n')),
    ]);
    expect([...printed.keys()]).toEqual(['shaders/skin.vert', 'src/core/clip.ts', 'src/core/pose.ts']);
    expect(printed.get('src/core/clip.ts')).toEqual([
      { chapter: { id: 'earlier', order: 2, title: 'Title 2' }, region: 'sample' },
      { chapter: { id: 'later', order: 7, title: 'Title 7' }, region: 'find-key' },
    ]);
    expect(printed.get('src/core/pose.ts')).toEqual([{ chapter: { id: 'earlier', order: 2, title: 'Title 2' }, region: null }]);
  });
});

describe('addresses', () => {
  it('put the repository path under /source/, with the region as the fragment', () => {
    expect(sourcePagePath('src/core/frame.ts')).toBe('/source/src/core/frame.ts/');
    expect(sourceHref('src/core/frame.ts', 'animate-frame')).toBe('/source/src/core/frame.ts/#region-animate-frame');
    expect(sourceHref('shaders/skin.vert')).toBe('/source/shaders/skin.vert/');
  });

  it('refuse paths that are not repository-relative', () => {
    for (const bad of ['', '/etc/passwd', '../secret.ts', 'src/../x.ts', 'src//x.ts', './x.ts']) {
      expect(() => sourcePagePath(bad), bad).toThrow(/not a repository-relative path/);
    }
  });
});

// Line numbers in the comments are 1-based.
const source = [
  'const before = 0;', // 1
  '// #region outer', // 2
  'const a = 1;', // 3
  '  // #region inner', // 4
  '  const b = 2;', // 5
  '  // #endregion inner', // 6
  'const c = 3;', // 7
  '// #endregion', // 8
  'const after = 4;', // 9
].join('\n');

describe('regionsByLine', () => {
  it('gives each line the regions it lies in, markers of a region outside it, and each opening line', () => {
    const { inside, opening } = regionsByLine(source, 'x.ts');
    expect(inside).toEqual([[], [], ['outer'], ['outer'], ['outer', 'inner'], ['outer'], ['outer'], [], []]);
    expect([...opening]).toEqual([
      [2, 'outer'],
      [4, 'inner'],
    ]);
  });

  it('throws naming the file when the markers are malformed', () => {
    expect(() => regionsByLine('// #region open\nconst a = 1;', 'broken.ts')).toThrow(/broken\.ts:1: region "open" is never closed/);
  });
});

describe('renderSourcePage', () => {
  it('numbers every line, anchors lines and regions, and marks each region for :target', async () => {
    const root = mkdtempSync(join(tmpdir(), 'source-pages-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'x.ts'), source + '\n');
    const page = await renderSourcePage('src/x.ts', root);
    expect(page.lineCount).toBe(9);
    expect(page.regions).toEqual([
      { name: 'outer', line: 2 },
      { name: 'inner', line: 4 },
    ]);
    const lines = [...page.html.matchAll(/<span class="line"([^>]*)>/g)].map((match) => match[1]);
    expect(lines).toHaveLength(9);
    const attribute = (text: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(text)?.[1];
    expect(lines.map((text) => attribute(text, 'id'))).toEqual(['L1', 'region-outer', 'L3', 'region-inner', 'L5', 'L6', 'L7', 'L8', 'L9']);
    expect(lines.map((text) => attribute(text, 'data-line'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(lines.map((text) => attribute(text, 'data-regions') ?? '')).toEqual(['', '', 'outer', 'outer', 'outer inner', 'outer', 'outer', '', '']);
    // The frame of a snippet: the path and the whole range, no link to itself.
    expect(page.html).toContain('<code>src/x.ts</code> · lines 1–9');
    expect(page.html).not.toContain('code-source');
    expect(page.css).toContain('[id="region-outer"]:target ~ .line[data-regions~="outer"]');
    expect(page.css).toContain('[id="region-inner"]:target ~ .line[data-regions~="inner"]');
    expect(page.css).toContain('.line:target');
  });

  it('names a missing file', async () => {
    await expect(renderSourcePage('src/missing.ts', mkdtempSync(join(tmpdir(), 'source-pages-')))).rejects.toThrow(/"src\/missing\.ts" does not exist/);
  });
});
