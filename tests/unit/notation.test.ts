// The Notation page's table (src/build-time/notation.ts) against the chapters' own maths: the
// formulas are read from the MDX files with the parser the site builds them with (remark-parse,
// remark-mdx, remark-math), so the page lists what the chapters really typeset, in the chapter
// that really introduces it. And the page's cells typeset (src/build-time/inline-tex.ts).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkMath from 'remark-math';
import { chaptersNotCovered, coveredChapters, notation, notationByChapter, type NotationEntry } from '../../src/build-time/notation.ts';
import { renderInlineTex, renderTex } from '../../src/build-time/inline-tex.ts';

const directory = fileURLToPath(new URL('../../src/content/chapters/', import.meta.url));

interface ChapterMaths {
  order: number;
  file: string;
  /** Every formula, inline or display, white space collapsed. */
  formulas: string[];
}

/** The TeX of every `math` and `inlineMath` node under `node`. */
function formulasIn(node: { type: string; value?: unknown; children?: unknown[] }, out: string[]): string[] {
  if ((node.type === 'math' || node.type === 'inlineMath') && typeof node.value === 'string') out.push(node.value.replace(/\s+/g, ' ').trim());
  for (const child of node.children ?? []) formulasIn(child as typeof node, out);
  return out;
}

const chapters: ChapterMaths[] = readdirSync(directory)
  .filter((name) => name.endsWith('.mdx'))
  .map((file) => {
    const text = readFileSync(directory + file, 'utf8');
    const order = Number(/^order:\s*(\d+)\s*$/m.exec(text)?.[1]);
    const tree = unified().use(remarkParse).use(remarkMdx).use(remarkMath).parse(text);
    return { order, file, formulas: formulasIn(tree, []) };
  })
  .sort((a, b) => a.order - b.order);

/** The first chapter with a formula `entry.usage` matches, and that formula. */
function firstUse(entry: NotationEntry): { order: number; formula: string } | null {
  for (const chapter of chapters) {
    const formula = chapter.formulas.find((f) => entry.usage.test(f));
    if (formula !== undefined) return { order: chapter.order, formula };
  }
  return null;
}

/** Names of Greek letters, as TeX commands without the backslash. */
const GREEK = /\\(alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|iota|kappa|lambda|mu|nu|xi|pi|rho|sigma|tau|upsilon|phi|varphi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Phi|Psi|Omega)(?![A-Za-z])/g;

/** The letters and Greek-letter commands a formula uses as symbols (words in \text{…} and the like, and operator names, are not symbols). */
function symbolsOf(formula: string): string[] {
  const words = formula.replace(/\\(?:text|mathrm|operatorname|begin|end)\{[^}]*\}/g, ' ');
  const greek = Array.from(words.matchAll(GREEK), (match) => `\\${match[1]}`);
  const latin = words.replace(/\\[A-Za-z]+/g, ' ').match(/[A-Za-z]/g) ?? [];
  return [...greek, ...latin];
}

describe('the chapters read for the notation page', () => {
  it('are the numbered chapter files, each with formulas', () => {
    expect(chapters.length).toBeGreaterThanOrEqual(8);
    expect(chapters.slice(0, 8).map((chapter) => chapter.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Every chapter typesets some maths (chapter 9, about file formats, the least).
    for (const chapter of chapters) expect(chapter.formulas.length, chapter.file).toBeGreaterThan(1);
    // The parser reads prose maths, not the `$` of a JavaScript template inside a component.
    expect(chapters.flatMap((chapter) => chapter.formulas).filter((f) => f.includes('${'))).toEqual([]);
  });

  it('extract symbols without the words around them', () => {
    expect(symbolsOf('G_{\\text{root}} = L_{\\text{root}}')).toEqual(['G', 'L']);
    expect(symbolsOf('\\cos\\theta = q_a \\cdot q_b')).toEqual(['\\theta', 'q', 'a', 'q', 'b']);
    expect(symbolsOf('t\' = \\operatorname{normalize}(A\\,t)')).toEqual(['t', 'A', 't']);
  });
});

describe('the notation table', () => {
  it('names, for every symbol, the chapter that first uses it in that sense', () => {
    for (const entry of notation) {
      const first = firstUse(entry);
      expect(first, `${entry.tex}: no chapter has a formula matching ${entry.usage}`).not.toBeNull();
      expect(first!.order, `${entry.tex} is first used in chapter ${first!.order} ("${first!.formula}"), but listed under chapter ${entry.chapter}`).toBe(entry.chapter);
    }
  });

  it('accounts for every letter the chapters it covers typeset', () => {
    const listed = new Set(notation.flatMap((entry) => entry.letters));
    const missing: string[] = [];
    for (const chapter of chapters.filter((c) => coveredChapters.includes(c.order))) {
      for (const formula of chapter.formulas) {
        for (const symbol of symbolsOf(formula)) {
          if (!listed.has(symbol)) missing.push(`${symbol} in ${chapter.file}: "${formula}"`);
        }
      }
    }
    expect(missing, 'symbols with no entry in src/build-time/notation.ts').toEqual([]);
  });

  it('lists each letter once, with no letter that no formula uses', () => {
    const letters = notation.flatMap((entry) => entry.letters);
    expect(new Set(letters).size).toBe(letters.length);
    const used = new Set(chapters.flatMap((chapter) => chapter.formulas.flatMap(symbolsOf)));
    expect(letters.filter((letter) => !used.has(letter))).toEqual([]);
  });

  it('covers chapters that exist, chapters 0 to 7 among them, and says which written ones it does not', () => {
    const written = chapters.map((chapter) => chapter.order);
    expect(coveredChapters.filter((order) => !written.includes(order))).toEqual([]);
    expect(coveredChapters.slice(0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(chaptersNotCovered([1, 2, 9, 3, 12], [1, 2, 3])).toEqual([9, 12]);
    expect(chaptersNotCovered([1, 2], [1, 2, 3])).toEqual([]);
    // Every entry belongs to a covered chapter.
    expect(notation.filter((entry) => !coveredChapters.includes(entry.chapter)).map((entry) => entry.tex)).toEqual([]);
  });

  it('groups the entries by chapter, in reading order', () => {
    const groups = notationByChapter();
    expect(groups.map((group) => group.chapter)).toEqual([...new Set(notation.map((entry) => entry.chapter))].sort((a, b) => a - b));
    expect(groups.reduce((sum, group) => sum + group.entries.length, 0)).toBe(notation.length);
    expect(groups[0].entries[0].tex).toBe('i');
  });

  it('typesets every cell', () => {
    for (const entry of notation) {
      expect(() => renderTex(entry.tex), entry.tex).not.toThrow();
      expect(() => renderInlineTex(entry.meaning), entry.meaning).not.toThrow();
      expect(() => renderInlineTex(entry.space), entry.space).not.toThrow();
    }
  });
});

describe('renderInlineTex', () => {
  it('typesets $…$, codes `…` and escapes the rest', () => {
    const html = renderInlineTex('a <b> & $G_i$ in `parents`');
    expect(html.startsWith('a &lt;b&gt; &amp; <span class="katex">')).toBe(true);
    expect(html).toContain('<annotation encoding="application/x-tex">G_i</annotation>');
    expect(html.endsWith(' in <code>parents</code>')).toBe(true);
  });

  it('refuses an unmatched $ or backtick, naming the text', () => {
    expect(() => renderInlineTex('costs $5')).toThrow('unmatched $ in "costs $5"');
    expect(() => renderInlineTex('the `parents array')).toThrow('unmatched ` in "the `parents array"');
  });

  it('refuses TeX that KaTeX cannot typeset', () => {
    expect(() => renderInlineTex('$\\notacommand$')).toThrow();
  });
});
