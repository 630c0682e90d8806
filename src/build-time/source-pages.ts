// The site's pages of whole source files: /source/<repository path>/ (src/pages/source/[...file].astro)
// for every file a chapter's <Snippet> prints from, highlighted at build time by the same Shiki set-up
// as the snippets, with file line numbers, an anchor per line (#L12) and one per region
// (#region-name, on its `// #region` line). A snippet's file path links there, to its region, which
// the page highlights while it is the target of the address.
//
// The pages are left out of the site search (they carry no data-pagefind-body): every line a chapter
// prints is already indexed with that chapter, and whole files would bury the chapters' prose under
// matches in code nobody quotes.

import type { ShikiTransformer } from 'shiki';
import { renderCodeBlock } from './code.ts';
import { listRegions } from './regions.ts';
import { languageOf, readRepositoryFile } from './snippet.ts';

/** A chapter as the scan needs it: its URL id, number, title and MDX source. */
export interface ChapterSource {
  id: string;
  order: number;
  title: string;
  body: string;
}

/** The chapters of the content collection (getCollection('chapters')) as the scan reads them. */
export function chapterSources(entries: readonly { id: string; body?: string; data: { order: number; title: string } }[]): ChapterSource[] {
  return entries.map((entry) => ({ id: entry.id, order: entry.data.order, title: entry.data.title, body: entry.body ?? '' }));
}

/** One place a file is printed: a chapter and the region it cuts (null: the whole file). */
export interface PrintedPlace {
  chapter: { id: string; order: number; title: string };
  region: string | null;
}

/**
 * Every file the chapters' <Snippet> elements print, with where: repository path → places, files in
 * alphabetical order, places in chapter order then region order of appearance, each place once.
 */
export function printedSources(chapters: readonly ChapterSource[]): Map<string, PrintedPlace[]> {
  const places = new Map<string, PrintedPlace[]>();
  for (const chapter of [...chapters].sort((a, b) => a.order - b.order)) {
    for (const match of chapter.body.matchAll(/<Snippet\b([^>]*)\/>/g)) {
      const file = /\bfile="([^"]+)"/.exec(match[1])?.[1];
      if (file === undefined) continue;
      const region = /\bregion="([^"]+)"/.exec(match[1])?.[1] ?? null;
      const list = places.get(file) ?? [];
      if (!list.some((place) => place.chapter.id === chapter.id && place.region === region)) {
        list.push({ chapter: { id: chapter.id, order: chapter.order, title: chapter.title }, region });
      }
      places.set(file, list);
    }
  }
  return new Map([...places].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The page of a whole file, e.g. "/source/src/core/frame.ts/". */
export function sourcePagePath(file: string): string {
  if (file === '' || file.startsWith('/') || file.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`source pages: "${file}" is not a repository-relative path`);
  }
  return `/source/${file}/`;
}

/** The id of the `// #region name` line on a source page. */
export function regionAnchor(region: string): string {
  return `region-${region}`;
}

/** The id of line `line` (1-based) on a source page. */
export function lineAnchor(line: number): string {
  return `L${line}`;
}

/** Where a snippet's file path links: the file's page, at the region when there is one. */
export function sourceHref(file: string, region?: string | null): string {
  return sourcePagePath(file) + (region ? `#${regionAnchor(region)}` : '');
}

/** Per line of `source` (1-based), the regions it lies inside (markers of those regions excluded), and each region's `#region` line. */
export function regionsByLine(source: string, file = '<source>'): { inside: string[][]; opening: Map<number, string> } {
  const lines = source.split(/\r\n|\r|\n/);
  const inside: string[][] = lines.map(() => []);
  const opening = new Map<number, string>();
  const open: { name: string; line: number }[] = [];
  // listRegions validates the markers (a RegionError names the file and line when they are malformed).
  const names = new Set(listRegions(source, file));
  lines.forEach((text, index) => {
    const opened = /^\s*\/\/\s*#region\b[ \t]*(.*?)\s*$/.exec(text);
    if (opened && names.has(opened[1])) {
      for (const region of open) inside[index].push(region.name);
      open.push({ name: opened[1], line: index + 1 });
      opening.set(index + 1, opened[1]);
      return;
    }
    if (/^\s*\/\/\s*#endregion\b/.test(text)) {
      open.pop();
      for (const region of open) inside[index].push(region.name);
      return;
    }
    for (const region of open) inside[index].push(region.name);
  });
  return { inside, opening };
}

/** Line ids (L12, or region-name on a region's opening line) and the regions each line lies in, as data-regions. */
function transformerSourceAnchors(inside: readonly string[][], opening: ReadonlyMap<number, string>): ShikiTransformer {
  return {
    name: 'skinning:source-anchors',
    line(node, line) {
      const region = opening.get(line);
      node.properties.id = region === undefined ? lineAnchor(line) : regionAnchor(region);
      const regions = inside[line - 1];
      if (regions !== undefined && regions.length > 0) node.properties.dataRegions = regions.join(' ');
    },
  };
}

/** A whole source file as the page shows it. */
export interface SourcePage {
  /** The framed, highlighted code (the same frame and copy button as a snippet). */
  html: string;
  /** Rules that highlight a region's lines while its #region-name is the address's target. */
  css: string;
  lineCount: number;
  /** Regions of the file in order of appearance, with their opening line. */
  regions: { name: string; line: number }[];
}

/** Reads and highlights `file` (repository-relative) for its source page; throws naming the file when it is missing. */
export async function renderSourcePage(file: string, root: string = process.cwd()): Promise<SourcePage> {
  const source = readRepositoryFile(file, root).replace(/\r\n?/g, '\n');
  const code = source.endsWith('\n') ? source.slice(0, -1) : source;
  const lineCount = code.split('\n').length;
  const { inside, opening } = regionsByLine(code, file);
  const html = await renderCodeBlock({
    code,
    lang: languageOf(file),
    path: file,
    range: [1, lineCount],
    lineNumbers: Array.from({ length: lineCount }, (_, index) => index + 1),
    transformers: [transformerSourceAnchors(inside, opening)],
  });
  const regions = [...opening].map(([line, name]) => ({ name, line }));
  const highlight = 'background: var(--code-line-hl); box-shadow: inset 3px 0 0 var(--code-line-hl-edge);';
  const css = regions
    .map(({ name }) => `[id="${regionAnchor(name)}"]:target ~ .line[data-regions~="${name}"]`)
    .concat('.line:target')
    .join(',\n') + ` { ${highlight} }`;
  return { html, css, lineCount, regions };
}
