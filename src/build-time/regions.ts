// Named regions of real source files, cut out at build time for the chapters' code snippets.
//
// A region is delimited by two comment lines, in TypeScript and GLSL alike:
//
//     // #region local-to-global
//     …code…
//     // #endregion
//
// `// #endregion` may repeat the name (`// #endregion local-to-global`); when it does, it must
// close the innermost open region of that name. Regions nest. Marker lines never appear in the
// extracted code, including the markers of regions nested inside the one extracted. The code is
// dedented by its common leading whitespace, and blank lines at its start and end are dropped.
// Every malformed input throws a `RegionError` whose message names the file and the line, so a
// page that asks for a region that moved or vanished fails the build instead of showing stale code.

/** A region cut from a source file. */
export interface Region {
  /** The region's name, as written after `#region`. */
  name: string;
  /** The code without marker lines, dedented, no leading/trailing blank lines, no final newline. */
  code: string;
  /**
   * 1-based line number, in the source file, of each line of `code` (marker lines removed, so
   * the numbers can skip). `lines.length` equals the number of lines of `code`.
   */
  lines: number[];
}

/** Thrown for a missing region or malformed region markers; the message says where. */
export class RegionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegionError';
  }
}

const openMarker = /^\s*\/\/\s*#region\b[ \t]*(.*?)\s*$/;
const closeMarker = /^\s*\/\/\s*#endregion\b[ \t]*(.*?)\s*$/;

interface MarkedRegion {
  name: string;
  /** 0-based index of the `#region` line. */
  open: number;
  /** 0-based index of the `#endregion` line. */
  close: number;
}

/** Splits on \n, \r\n or \r. */
function splitLines(source: string): string[] {
  return source.split(/\r\n|\r|\n/);
}

function isMarker(line: string): boolean {
  return openMarker.test(line) || closeMarker.test(line);
}

/** Parses every region of `source`; `file` only labels error messages. */
function parseRegions(source: string, file = '<source>'): MarkedRegion[] {
  const lines = splitLines(source);
  const stack: { name: string; open: number }[] = [];
  const found: MarkedRegion[] = [];
  const seen = new Map<string, number>();
  lines.forEach((line, index) => {
    const opening = openMarker.exec(line);
    if (opening) {
      const name = opening[1];
      if (!/^[\w.-]+$/.test(name)) {
        throw new RegionError(
          `${file}:${index + 1}: a region needs a name of letters, digits, "-", "_" or "." (got "${name}")`,
        );
      }
      const earlier = seen.get(name);
      if (earlier !== undefined) {
        throw new RegionError(
          `${file}:${index + 1}: region "${name}" is already defined at line ${earlier + 1}`,
        );
      }
      seen.set(name, index);
      stack.push({ name, open: index });
      return;
    }
    const closing = closeMarker.exec(line);
    if (closing) {
      const top = stack.pop();
      if (!top) throw new RegionError(`${file}:${index + 1}: #endregion without an open #region`);
      const name = closing[1];
      if (name && name !== top.name) {
        throw new RegionError(
          `${file}:${index + 1}: "#endregion ${name}" closes region "${top.name}" (opened at line ${top.open + 1})`,
        );
      }
      found.push({ name: top.name, open: top.open, close: index });
    }
  });
  const unclosed = stack.pop();
  if (unclosed) {
    throw new RegionError(
      `${file}:${unclosed.open + 1}: region "${unclosed.name}" is never closed with // #endregion`,
    );
  }
  return found.sort((a, b) => a.open - b.open);
}

/** Names of the regions of `source`, in order of appearance. */
export function listRegions(source: string, file = '<source>'): string[] {
  return parseRegions(source, file).map((region) => region.name);
}

/** Width of the leading whitespace shared by every non-blank line (tabs and spaces counted as characters). */
function commonIndent(lines: string[]): string {
  let prefix: string | null = null;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)![0];
    if (prefix === null) {
      prefix = indent;
      continue;
    }
    let shared = 0;
    while (shared < prefix.length && shared < indent.length && prefix[shared] === indent[shared]) shared++;
    prefix = prefix.slice(0, shared);
    if (prefix === '') break;
  }
  return prefix ?? '';
}

/** Removes the common leading whitespace of `code`'s non-blank lines; blank lines become empty. */
export function dedent(code: string): string {
  const lines = splitLines(code);
  const indent = commonIndent(lines);
  return lines.map((line) => (line.trim() === '' ? '' : line.slice(indent.length))).join('\n');
}

/**
 * Cuts the region `name` out of `source`. Throws a `RegionError` when it is missing (listing the
 * regions that exist) or when the markers are malformed.
 */
export function extractRegion(source: string, name: string, file = '<source>'): Region {
  const regions = parseRegions(source, file);
  const region = regions.find((candidate) => candidate.name === name);
  if (!region) {
    const names = regions.map((candidate) => candidate.name);
    throw new RegionError(
      `${file}: no region "${name}" (` +
        (names.length ? `regions there: ${names.join(', ')}` : 'the file has no // #region markers') +
        ')',
    );
  }
  const all = splitLines(source);
  let kept: { text: string; line: number }[] = [];
  for (let index = region.open + 1; index < region.close; index++) {
    if (!isMarker(all[index])) kept.push({ text: all[index], line: index + 1 });
  }
  while (kept.length && kept[0].text.trim() === '') kept.shift();
  while (kept.length && kept[kept.length - 1].text.trim() === '') kept.pop();
  if (kept.length === 0) throw new RegionError(`${file}:${region.open + 1}: region "${name}" is empty`);
  const indent = commonIndent(kept.map((entry) => entry.text));
  kept = kept.map((entry) => ({
    text: entry.text.trim() === '' ? '' : entry.text.slice(indent.length).replace(/[ \t]+$/, ''),
    line: entry.line,
  }));
  return { name, code: kept.map((entry) => entry.text).join('\n'), lines: kept.map((entry) => entry.line) };
}

/**
 * `base` with the body of each region that `patch` defines replaced by the patch's body of the
 * same name, markers kept (lines as written, not dedented). Used to make a "Break it" variant of a
 * shader from a file that holds only the wrong lines. Throws a `RegionError` when the patch names
 * a region the base does not have, or when either file's markers are malformed.
 */
export function replaceRegions(base: string, patch: string, baseFile = '<base>', patchFile = '<patch>'): string {
  const patchLines = splitLines(patch);
  const baseRegions = parseRegions(base, baseFile);
  // Outermost patch regions only: a nested one travels inside its parent's body.
  const replacements = parseRegions(patch, patchFile).filter(
    (region, _, all) => !all.some((outer) => outer.open < region.open && region.close < outer.close),
  );
  let lines = splitLines(base);
  // From the bottom up, so earlier line numbers stay valid.
  const ordered = replacements
    .map((replacement) => {
      const target = baseRegions.find((region) => region.name === replacement.name);
      if (!target) {
        throw new RegionError(
          `${patchFile}:${replacement.open + 1}: region "${replacement.name}" is not in ${baseFile} (regions there: ${baseRegions.map((region) => region.name).join(', ')})`,
        );
      }
      return { target, body: patchLines.slice(replacement.open + 1, replacement.close) };
    })
    .sort((a, b) => b.target.open - a.target.open);
  for (const { target, body } of ordered) {
    lines = [...lines.slice(0, target.open + 1), ...body, ...lines.slice(target.close)];
  }
  return lines.join('\n');
}
