// How long a chapter takes to read, estimated at build time from its MDX source ("12 min read" under
// the chapter's title, src/layouts/ChapterLayout.astro).
//
// Prose is read at 238 words a minute: the mean silent reading rate of adults reading non-fiction in
// English in Brysbaert's meta-analysis of 190 studies ("How many words do we read per minute? A
// review and meta-analysis of reading rate", Journal of Memory and Language 109, 2019). A "word" is a
// run of characters between spaces that holds a letter or a digit.
//
// Maths and code are slower than prose and are counted as the time of so many words — estimates of
// this site, not measured rates:
//   an inline formula ($…$, or $$…$$ within a line)  2 words (about half a second)
//   a display formula ($$…$$)                       15 words (about 4 seconds)
//   a line of code (a <Snippet> region, fenced code)  5 words (about 1.3 seconds: read, not studied)
//
// What a chapter only shows is not counted: interactive figures, diagrams, worked examples and
// exercises count by their captions, labels and titles alone, and an MDX expression ({…}, a number
// computed at build time) counts as one word. Time spent playing with a figure is the reader's own.

import { extractRegion } from './regions.ts';
import { readRepositoryFile } from './snippet.ts';

/** Silent reading rate of English non-fiction, words a minute (Brysbaert 2019). */
export const WORDS_PER_MINUTE = 238;
/** Reading time of one inline formula, in words of prose. */
export const WORDS_PER_INLINE_FORMULA = 2;
/** Reading time of one display formula, in words of prose. */
export const WORDS_PER_DISPLAY_FORMULA = 15;
/** Reading time of one line of code, in words of prose. */
export const WORDS_PER_CODE_LINE = 5;

/** Attributes of an MDX element whose text is prose that the reader reads (captions, titles). */
const PROSE_ATTRIBUTES = new Set(['caption', 'label', 'title']);

/** What a chapter holds to be read, and the minutes it takes. */
export interface ReadingTime {
  /** Words of prose (captions and titles included). */
  words: number;
  inlineFormulas: number;
  displayFormulas: number;
  /** Lines of code shown: <Snippet> regions and fenced code blocks, blank lines excluded. */
  codeLines: number;
  /** Everything above as words of prose. */
  wordEquivalents: number;
  /** Whole minutes, at least 1. */
  minutes: number;
}

/**
 * Lines of code a `<Snippet>` shows, from its attributes (file, region): reads the file and cuts the
 * region as the component does, blank lines excluded. Throws (naming the file) like the build would.
 */
export function snippetCodeLines(attributes: Readonly<Record<string, string>>, root: string = process.cwd()): number {
  const file = attributes.file;
  if (file === undefined) throw new Error('reading time: a <Snippet> without a file attribute');
  const source = readRepositoryFile(file, root);
  const code = attributes.region === undefined ? source : extractRegion(source, attributes.region, file).code;
  return nonBlankLines(code);
}

function nonBlankLines(code: string): number {
  return code.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;
}

/** Words in plain text: whitespace-separated runs that hold a letter or a digit. */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) count++;
  return count;
}

/**
 * Finds the end of the JSX tag that starts at `source[start]` ('<'): the index just past its '>',
 * skipping '>' inside quoted attribute values and {…} expressions. −1 when it never closes.
 */
function endOfTag(source: string, start: number): number {
  let quote = '';
  let depth = 0;
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '"' || c === "'" || c === '`') {
        // A string inside an expression: skip to its end.
        const close = source.indexOf(c, i + 1);
        if (close < 0) return -1;
        i = close;
      }
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '>') return i + 1;
  }
  return -1;
}

/** The string-valued attributes of a JSX tag's text (`<Name a="x" b='y' c={…} />`). */
export function stringAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/\s([A-Za-z][\w-]*)=(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[match[1]] = match[2] ?? match[3];
  }
  return attributes;
}

/**
 * Estimates the reading time of an MDX chapter (frontmatter allowed). `codeLinesOf` tells how many
 * lines of code a `<Snippet>` with these attributes shows (snippetCodeLines reads the file). Throws
 * when a JSX tag or a formula never closes, naming the line, as the MDX compiler would refuse it too.
 */
export function estimateReadingTime(
  mdx: string,
  codeLinesOf: (attributes: Readonly<Record<string, string>>) => number = (attributes) => snippetCodeLines(attributes),
): ReadingTime {
  let words = 0;
  let inlineFormulas = 0;
  let displayFormulas = 0;
  let codeLines = 0;

  // Line by line first: frontmatter, fenced code, top-level import/export blocks (MDX's ESM, which
  // runs until a blank line), display maths. What is left is prose with inline syntax.
  const lines = mdx.split(/\r\n|\r|\n/);
  const prose: string[] = [];
  let index = 0;
  if (lines[0]?.trim() === '---') {
    const close = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
    if (close < 0) throw new Error('reading time: the frontmatter is never closed with ---');
    index = close + 1;
  }
  while (index < lines.length) {
    const line = lines[index];
    const fence = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const marker = fence[1];
      let end = index + 1;
      while (end < lines.length && !lines[end].trim().startsWith(marker)) end++;
      if (end >= lines.length) throw new Error(`reading time: the code fence at line ${index + 1} is never closed`);
      codeLines += nonBlankLines(lines.slice(index + 1, end).join('\n'));
      index = end + 1;
      continue;
    }
    if (/^(import|export)\s/.test(line)) {
      while (index < lines.length && lines[index].trim() !== '') index++;
      continue;
    }
    if (line.trim().startsWith('$$')) {
      const rest = line.trim().slice(2);
      if (rest.includes('$$')) {
        displayFormulas++;
        index++;
        continue;
      }
      let end = index + 1;
      while (end < lines.length && !lines[end].includes('$$')) end++;
      if (end >= lines.length) throw new Error(`reading time: the display formula at line ${index + 1} is never closed with $$`);
      displayFormulas++;
      index = end + 1;
      continue;
    }
    prose.push(line);
    index++;
  }

  let text = prose.join('\n');
  // MDX comments, then inline code (its words count as words, and it may hold $ or {).
  text = text.replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ');
  text = text.replace(/(`+)([\s\S]*?)\1/g, (_, __, code: string) => {
    words += countWords(code);
    return ' ';
  });

  // JSX tags: a <Snippet> counts its code lines; other tags count their prose attributes; the text
  // between an opening and a closing tag stays, as prose.
  let stripped = '';
  let cursor = 0;
  for (let open = text.indexOf('<'); open >= 0; open = text.indexOf('<', cursor)) {
    stripped += text.slice(cursor, open);
    if (!/^<\/?[A-Za-z]/.test(text.slice(open, open + 3))) {
      stripped += '<';
      cursor = open + 1;
      continue;
    }
    const end = endOfTag(text, open);
    if (end < 0) {
      const line = text.slice(0, open).split('\n').length;
      throw new Error(`reading time: the tag at line ${line} of the prose is never closed with >`);
    }
    const tag = text.slice(open, end);
    const attributes = stringAttributes(tag);
    if (/^<Snippet\b/.test(tag)) codeLines += codeLinesOf(attributes);
    else {
      for (const [name, value] of Object.entries(attributes)) if (PROSE_ATTRIBUTES.has(name)) words += countWords(value);
    }
    stripped += ' ';
    cursor = end;
  }
  stripped += text.slice(cursor);
  text = stripped;

  // Inline maths, then build-time expressions, then link targets; the rest is words.
  // ($$…$$ within a paragraph is inline maths too, as remark-math reads it.)
  text = text.replace(/(?<![\\$])(\${1,2})((?:\\.|[^$\\])+?)\1/g, () => {
    inlineFormulas++;
    return ' ';
  });
  text = text.replace(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, () => {
    words++;
    return ' ';
  });
  text = text.replace(/\]\([^)\s]*\)/g, '] ');
  words += countWords(text.replace(/[#>*_~[\]|]/g, ' '));

  const wordEquivalents =
    words + WORDS_PER_INLINE_FORMULA * inlineFormulas + WORDS_PER_DISPLAY_FORMULA * displayFormulas + WORDS_PER_CODE_LINE * codeLines;
  const minutes = Math.max(1, Math.round(wordEquivalents / WORDS_PER_MINUTE));
  return { words, inlineFormulas, displayFormulas, codeLines, wordEquivalents, minutes };
}
