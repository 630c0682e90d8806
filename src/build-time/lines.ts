// Line selectors: how a page asks a snippet to highlight or focus lines without writing
// `[!code …]` comments into the source file itself.
//
//   5              line 5 of the region (1-based, counted in the displayed code)
//   '3-6'          lines 3 to 6; '1,4-6' lists several
//   '/^\s*for/'    every line matching the regular expression between the slashes
//   'parentGlobal' every line containing the text
//   [2, 'out[']    any mix of the above
//
// A selector that selects nothing (text not found, line out of range) throws: when the source
// changes under a page, the build says which selector went stale.

export type LineSelector = number | string | readonly (number | string)[];

/** Thrown when a selector is malformed or selects no line. */
export class LineSelectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LineSelectorError';
  }
}

const rangeList = /^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/;

function addRange(out: Set<number>, from: number, to: number, lineCount: number, label: string): void {
  if (from < 1 || to > lineCount || from > to) {
    throw new LineSelectorError(`${label}: lines ${from}-${to} are outside 1-${lineCount}`);
  }
  for (let line = from; line <= to; line++) out.add(line);
}

/**
 * Resolves `selector` against `code` to a set of 1-based line numbers. `label` prefixes error
 * messages (e.g. the file and region). `undefined` selects nothing and is not an error.
 */
export function resolveLines(code: string, selector: LineSelector | undefined, label = 'snippet'): Set<number> {
  const selected = new Set<number>();
  if (selector === undefined) return selected;
  const lines = code.split('\n');
  const items = typeof selector === 'number' || typeof selector === 'string' ? [selector] : selector;
  for (const item of items) {
    if (typeof item === 'number') {
      if (!Number.isInteger(item)) throw new LineSelectorError(`${label}: line ${item} is not an integer`);
      addRange(selected, item, item, lines.length, label);
      continue;
    }
    if (rangeList.test(item)) {
      for (const part of item.split(',')) {
        const [from, to = from] = part.split('-').map((n) => Number(n.trim()));
        addRange(selected, from, to, lines.length, label);
      }
      continue;
    }
    const regex = /^\/(.+)\/([a-z]*)$/.exec(item);
    const matches = regex
      ? (line: string) => new RegExp(regex[1], regex[2]).test(line)
      : (line: string) => line.includes(item);
    let count = 0;
    lines.forEach((line, index) => {
      if (matches(line)) {
        selected.add(index + 1);
        count++;
      }
    });
    if (count === 0) throw new LineSelectorError(`${label}: no line matches ${JSON.stringify(item)}`);
  }
  return selected;
}

/** Character ranges [start, end) of every occurrence of each word in `code`; throws for a word not found. */
export function findWords(code: string, words: readonly string[], label = 'snippet'): [number, number][] {
  const ranges: [number, number][] = [];
  for (const word of words) {
    if (word === '') throw new LineSelectorError(`${label}: empty word to highlight`);
    let from = code.indexOf(word);
    if (from < 0) throw new LineSelectorError(`${label}: the word ${JSON.stringify(word)} does not occur`);
    while (from >= 0) {
      ranges.push([from, from + word.length]);
      from = code.indexOf(word, from + word.length);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i][0] < ranges[i - 1][1]) {
      throw new LineSelectorError(`${label}: highlighted words overlap at character ${ranges[i][0]}`);
    }
  }
  return ranges;
}
