// The chapters' reading time (src/build-time/reading-time.ts), against counts made by hand.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  countWords,
  estimateReadingTime,
  snippetCodeLines,
  stringAttributes,
  WORDS_PER_MINUTE,
} from '../../src/build-time/reading-time.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fence = '```';

// Counted by hand: the comment after each line says what it adds.
const chapter = [
  '---', //                                          frontmatter: nothing
  'title: Not counted',
  'order: 1',
  'summary: Neither is this',
  '---',
  '',
  "import Callout from '../../components/Callout.astro';", // ESM: nothing
  'export const n = (value) => value.toFixed(', //            ESM block until the blank line
  '  2);',
  '',
  'Three plain words, then $a + b$ and $c_{j}$.', //  5 words, 2 inline formulas
  '',
  '$$',
  'M_j = G_j \\, B_j^{-1}', //                         1 display formula
  '$$',
  '',
  '<Callout type="pitfall" title="Two words">', //     2 words (title); "pitfall" is not prose
  'Inside the callout: `skins[0].joints` counts, {n(1.234)} counts.', // 3 + 1 (code) + 1 + 1 (expression) + 1 = 7 words
  '</Callout>',
  '',
  '<Snippet file="src/x.ts" region="r" highlight="/=>/" />', // code lines from the callback: 7
  '',
  `${fence}ts title="A fenced block"`, //                 2 code lines (the blank one is not counted)
  'const a = 1;',
  '',
  'const b = 2;',
  fence,
  '',
  '{/* An MDX comment: nothing. */}',
  'A [link text](/chapters/x/) here, $$x$$ inline.', //  5 words; $$x$$ within a line: an inline formula
  '',
  '<ModelFigure', //                                   a tag over three lines: 4 words of label
  '  model="robot-arm.glb"',
  '  label="A robot arm, rigid."',
  '/>',
].join('\n');

describe('estimateReadingTime', () => {
  it('counts prose, formulas and code lines as worked out by hand', () => {
    const snippets: Record<string, string>[] = [];
    const time = estimateReadingTime(chapter, (attributes) => {
      snippets.push({ ...attributes });
      return 7;
    });
    expect(snippets).toEqual([{ file: 'src/x.ts', region: 'r', highlight: '/=>/' }]);
    expect(time.inlineFormulas).toBe(3);
    expect(time.displayFormulas).toBe(1);
    expect(time.codeLines).toBe(7 + 2);
    expect(time.words).toBe(5 + 2 + 7 + 5 + 4);
    expect(time.wordEquivalents).toBe(23 + 2 * 3 + 15 * 1 + 5 * 9);
    expect(time.minutes).toBe(1);
  });

  it('rounds to whole minutes at 238 words a minute, never below one', () => {
    const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');
    expect(WORDS_PER_MINUTE).toBe(238);
    expect(estimateReadingTime(words(594), () => 0).minutes).toBe(2); // 2.496 minutes
    expect(estimateReadingTime(words(595), () => 0).minutes).toBe(3); // 2.5 minutes
    expect(estimateReadingTime(words(3), () => 0).minutes).toBe(1);
    expect(estimateReadingTime('', () => 0).minutes).toBe(1);
  });

  it('names what is never closed', () => {
    expect(() => estimateReadingTime(`Text\n\n${fence}ts\nconst a = 1;\n`, () => 0)).toThrow(/code fence at line 3 is never closed/);
    expect(() => estimateReadingTime('One\n\n$$\nx = 1\n', () => 0)).toThrow(/display formula at line 3 is never closed/);
    expect(() => estimateReadingTime('One\ntwo <Figure caption="x"\n', () => 0)).toThrow(/tag at line 2 .* never closed/);
    expect(() => estimateReadingTime('---\ntitle: x\n', () => 0)).toThrow(/frontmatter is never closed/);
  });
});

describe('the helpers', () => {
  it('countWords counts runs with a letter or a digit', () => {
    expect(countWords('  A vertex — three bones, 0.5 each; ( ) … done.  ')).toBe(7);
    expect(countWords('')).toBe(0);
  });

  it('stringAttributes reads quoted attributes and skips expressions', () => {
    expect(stringAttributes(`<Snippet file="src/core/frame.ts" region='animate' words={['a', "b"]} lineNumbers />`)).toEqual({
      file: 'src/core/frame.ts',
      region: 'animate',
    });
  });

  it('snippetCodeLines counts the non-blank lines of the region a <Snippet> shows, or of the whole file', () => {
    const repository = mkdtempSync(join(tmpdir(), 'reading-time-'));
    mkdirSync(join(repository, 'src'));
    writeFileSync(
      join(repository, 'src', 'x.ts'),
      ['// header', '// #region r', 'const a = 1;', '', '  // #region inner', 'const b = 2;', '  // #endregion inner', '// #endregion r', ''].join('\n'),
    );
    expect(snippetCodeLines({ file: 'src/x.ts', region: 'r' }, repository)).toBe(2);
    expect(snippetCodeLines({ file: 'src/x.ts', region: 'inner' }, repository)).toBe(1);
    expect(snippetCodeLines({ file: 'src/x.ts' }, repository)).toBe(7);
    expect(() => snippetCodeLines({ region: 'r' }, repository)).toThrow(/without a file attribute/);
    expect(() => snippetCodeLines({ file: 'src/missing.ts' }, repository)).toThrow(/does not exist/);
  });
});

describe('the chapters', () => {
  it('each take between 2 and 40 minutes, and every snippet they print is counted', () => {
    const directory = join(root, 'src/content/chapters');
    for (const name of readdirSync(directory).filter((file) => file.endsWith('.mdx'))) {
      const source = readFileSync(join(directory, name), 'utf8');
      let snippets = 0;
      const time = estimateReadingTime(source, (attributes) => {
        snippets++;
        return snippetCodeLines(attributes, root);
      });
      expect(snippets, name).toBe([...source.matchAll(/<Snippet\b/g)].length);
      expect(time.minutes, `${name}: ${JSON.stringify(time)}`).toBeGreaterThanOrEqual(2);
      expect(time.minutes, name).toBeLessThanOrEqual(40);
      // The estimate is mostly prose: a count of the raw file's words is an upper bound of it.
      expect(time.words, name).toBeLessThan(countWords(source));
    }
  });
});
