// The site's promise: the code a chapter prints is the code its figures run. For every snippet a
// chapter cuts from the skinning core, the core functions it shows (the functions whose lines the
// region covers) must be reached from a figure or a build-time worked example — called from
// src/figures/ or the WebGL plumbing it draws with, directly or through other core functions, such
// as animateFrame calling sampleClip. A function printed only for the page, with no caller, fails
// here. The deliberately wrong variants of src/core/pitfalls.ts (and pitfalls-beyond.ts) are held to the same rule: each one
// is run by a figure's "Break it" choice.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { extractRegion } from '../../src/build-time/regions.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Repository-relative paths of the files under `directory` whose names end with one of `endings`. */
function filesUnder(directory: string, endings: string[]): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else if (endings.some((ending) => name.endsWith(ending))) found.push(relative(root, child).split('\\').join('/'));
    }
  };
  walk(join(root, directory));
  return found.sort();
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The script parts of a file: all of a .ts file; an .astro file's frontmatter and <script> bodies. */
function scriptOf(file: string): string {
  const text = read(file);
  if (!file.endsWith('.astro')) return text;
  const parts: string[] = [];
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text);
  if (frontmatter) parts.push(frontmatter[1]);
  for (const match of text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) parts.push(match[1]);
  return parts.join('\n');
}

/** Every identifier in `code` (code only: names in comments and strings do not count). */
function identifiersIn(code: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('code.ts', code, ts.ScriptTarget.Latest, true));
  return names;
}

/** A function by its module and name, e.g. "src/core/clip.ts#sampleClip". */
type FunctionKey = string;

/**
 * The functions a file's code can name: local name → key, for every named import of a relative
 * module (resolved to its repository path), plus `ownFunctions` of the file itself.
 */
function namesInScope(file: string, code: string, ownFunctions: string[] = []): Map<string, FunctionKey> {
  const scope = new Map<string, FunctionKey>();
  for (const name of ownFunctions) scope.set(name, `${file}#${name}`);
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const target = relative(root, join(root, dirname(file), specifier)).split('\\').join('/');
    const bindings = statement.importClause?.namedBindings;
    if (bindings === undefined || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      scope.set(element.name.text, `${target}#${(element.propertyName ?? element.name).text}`);
    }
  }
  return scope;
}

interface CoreFunction {
  key: FunctionKey;
  file: string;
  name: string;
  /** 1-based lines the declaration spans, its doc comment excluded. */
  firstLine: number;
  lastLine: number;
  /** The functions its body names. */
  calls: FunctionKey[];
}

/** Every top-level function declared in the core's modules (the fast path included). */
function coreFunctions(): CoreFunction[] {
  const functions: CoreFunction[] = [];
  for (const file of filesUnder('src/core', ['.ts'])) {
    const code = read(file);
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
    const declarations = source.statements.filter(
      (statement): statement is ts.FunctionDeclaration & { name: ts.Identifier; body: ts.Block } =>
        ts.isFunctionDeclaration(statement) && statement.name !== undefined && statement.body !== undefined,
    );
    const scope = namesInScope(file, code, declarations.map((declaration) => declaration.name.text));
    const line = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
    for (const declaration of declarations) {
      const calls = [...identifiersIn(declaration.body.getText(source))].flatMap((name) => scope.get(name) ?? []);
      functions.push({
        key: `${file}#${declaration.name.text}`,
        file,
        name: declaration.name.text,
        firstLine: line(declaration.getStart(source)),
        lastLine: line(declaration.getEnd()),
        calls,
      });
    }
  }
  return functions;
}

/** Keys of the core functions reached from the figures (and the WebGL plumbing they draw with). */
function reachedFromFigures(functions: CoreFunction[]): Set<FunctionKey> {
  const byKey = new Map(functions.map((fn) => [fn.key, fn]));
  const reached = new Set<FunctionKey>();
  const pending: FunctionKey[] = [];
  const reach = (key: FunctionKey) => {
    if (byKey.has(key) && !reached.has(key)) {
      reached.add(key);
      pending.push(key);
    }
  };
  for (const file of [...filesUnder('src/figures', ['.ts', '.astro']), ...filesUnder('src/gl', ['.ts'])]) {
    const code = scriptOf(file);
    const scope = namesInScope(file, code);
    for (const name of identifiersIn(code)) {
      const key = scope.get(name);
      if (key !== undefined) reach(key);
    }
  }
  while (pending.length > 0) for (const key of byKey.get(pending.pop()!)!.calls) reach(key);
  return reached;
}

/** Every <Snippet file=… region=…> of every chapter. */
function printedRegions(): { chapter: string; file: string; region: string }[] {
  const snippets: { chapter: string; file: string; region: string }[] = [];
  for (const chapter of filesUnder('src/content/chapters', ['.mdx'])) {
    for (const match of read(chapter).matchAll(/<Snippet\b([^>]*)\/>/g)) {
      const file = /\bfile="([^"]+)"/.exec(match[1])?.[1];
      const region = /\bregion="([^"]+)"/.exec(match[1])?.[1];
      if (file !== undefined && region !== undefined) snippets.push({ chapter, file, region });
    }
  }
  return snippets;
}

describe('printed code is running code', () => {
  const functions = coreFunctions();
  const reached = reachedFromFigures(functions);
  const printed = printedRegions();

  it('finds the chapters\' snippets and the core functions they print', () => {
    expect(printed.filter((snippet) => snippet.file.startsWith('src/core/')).length).toBeGreaterThan(10);
    expect(reached).toContain('src/core/frame.ts#animateFrame');
    expect(reached).toContain('src/core/clip.ts#sampleClip'); // through animateFrame
    expect(reached).toContain('src/core/clip.ts#findKeyIndex'); // through sampleClip
  });

  it('every core function a chapter prints is called by a figure or a build-time worked example', () => {
    const unreached: string[] = [];
    for (const { chapter, file, region } of printed) {
      if (!file.startsWith('src/core/')) continue;
      const { lines } = extractRegion(read(file), region, file);
      const first = lines[0];
      const last = lines[lines.length - 1];
      const shown = functions.filter((fn) => fn.file === file && fn.firstLine <= last && fn.lastLine >= first);
      expect(shown.length, `${chapter}: region "${region}" of ${file} shows no function`).toBeGreaterThan(0);
      for (const fn of shown) if (!reached.has(fn.key)) unreached.push(`${chapter} prints ${fn.name} (${file}, region "${region}")`);
    }
    expect(unreached).toEqual([]);
  });

  it('every deliberately wrong variant is run by a figure\'s "Break it" choice', () => {
    const pitfalls = functions.filter((fn) => (fn.file === 'src/core/pitfalls.ts' || fn.file === 'src/core/pitfalls-beyond.ts') && /^export function/m.test(read(fn.file).split('\n')[fn.firstLine - 1]));
    expect(pitfalls.length).toBeGreaterThan(5);
    expect(pitfalls.filter((fn) => !reached.has(fn.key)).map((fn) => fn.name)).toEqual([]);
  });

  it('would notice a printed function that nothing runs', () => {
    // The rule checked above, on a function no figure calls: rewinding a clip cursor by hand, which
    // only the tests do.
    expect(functions.some((fn) => fn.key === 'src/core/clip.ts#resetClipCursor')).toBe(true);
    expect(reached.has('src/core/clip.ts#resetClipCursor')).toBe(false);
  });
});
