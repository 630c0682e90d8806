// What <Snippet> does at build time: read a real file of the repository, cut one named region
// out of it, and resolve the page's line annotations against that region.
import { readFileSync, existsSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { extractRegion, type Region } from './regions.ts';
import { findWords, resolveLines, type LineSelector } from './lines.ts';
import type { CodeBlock } from './code.ts';

export interface SnippetRequest {
  /** Repository-relative path, e.g. "src/core/hierarchy.ts" or "shaders/skin.vert". */
  file: string;
  /** Region name; omit to show the whole file (marker lines removed). */
  region?: string;
  /** Shiki language id; by default from the file extension. */
  lang?: string;
  title?: string;
  highlight?: LineSelector;
  focus?: LineSelector;
  add?: LineSelector;
  remove?: LineSelector;
  /** Words (exact text) to mark wherever they occur. */
  words?: string | readonly string[];
  /** Show file line numbers in a gutter (default true). */
  lineNumbers?: boolean;
}

/** Thrown when the file of a snippet is missing or outside the repository. */
export class SnippetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnippetError';
  }
}

const extensionLanguages: Record<string, string> = {
  ts: 'ts',
  mts: 'ts',
  js: 'js',
  mjs: 'js',
  json: 'json',
  glsl: 'glsl',
  vert: 'glsl',
  frag: 'glsl',
  sh: 'bash',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
};

/** Language id for a path, by extension ("text" when unknown). */
export function languageOf(file: string): string {
  const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return extensionLanguages[extension] ?? 'text';
}

/** Reads `file` relative to `root`, refusing paths that leave the repository. */
export function readRepositoryFile(file: string, root: string = process.cwd()): string {
  const absolute = resolve(root, file);
  const inside = relative(root, absolute);
  if (isAbsolute(file) || inside.startsWith('..')) {
    throw new SnippetError(`Snippet: "${file}" must be a path inside the repository, relative to its root`);
  }
  if (!existsSync(absolute) || !statSync(absolute).isFile()) {
    throw new SnippetError(`Snippet: file "${file}" does not exist (looked for ${absolute})`);
  }
  return readFileSync(absolute, 'utf8');
}

/** The whole file as a region: marker lines dropped, dedented like a region. */
function wholeFile(source: string, file: string): Region {
  const wrapped = `// #region __file__\n${source}\n// #endregion __file__`;
  const region = extractRegion(wrapped, '__file__', file);
  return { ...region, name: file, lines: region.lines.map((line) => line - 1) };
}

/** Cuts the requested region and resolves its annotations; throws with a precise message. */
export function prepareSnippet(request: SnippetRequest, root: string = process.cwd()): CodeBlock {
  const source = readRepositoryFile(request.file, root);
  const region = request.region ? extractRegion(source, request.region, request.file) : wholeFile(source, request.file);
  const label = request.region ? `${request.file} #${request.region}` : request.file;
  const words = request.words === undefined ? [] : typeof request.words === 'string' ? [request.words] : request.words;
  return {
    code: region.code,
    lang: request.lang ?? languageOf(request.file),
    title: request.title,
    path: request.file,
    region: request.region,
    range: [region.lines[0], region.lines[region.lines.length - 1]],
    highlight: resolveLines(region.code, request.highlight, label),
    focus: resolveLines(region.code, request.focus, label),
    add: resolveLines(region.code, request.add, label),
    remove: resolveLines(region.code, request.remove, label),
    words: findWords(region.code, words, label),
    lineNumbers: request.lineNumbers === false ? undefined : region.lines,
  };
}
