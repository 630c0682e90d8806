// Build-time syntax highlighting for every code block of the site: the <Snippet> component and
// fenced code in MDX share these themes, transformers and the frame with its copy button, so the
// two look and behave the same. Nothing here runs in the browser; the copy button's few lines of
// client script live in src/components/CopyScript.astro.
import type { Element, ElementContent, Root } from 'hast';
import {
  bundledThemes,
  createHighlighter,
  type DecorationItem,
  type Highlighter,
  type ShikiTransformer,
  type ThemeRegistration,
} from 'shiki';
import {
  transformerNotationDiff,
  transformerNotationFocus,
  transformerNotationHighlight,
  transformerNotationWordHighlight,
} from '@shikijs/transformers';

// ---------- Themes with guaranteed contrast ----------
//
// GitHub's themes, with every token colour nudged (towards black in the light theme, towards
// white in the dark one) until it reaches WCAG AA contrast (4.5:1, plus a margin) against every
// background a token can sit on in styles/code.css: the block, a highlighted line and a
// highlighted word. Keep these backgrounds in sync with code.css.

/** Minimum contrast ratio of a token against each background. */
const minimumContrast = 4.7;

const backgrounds = {
  light: ['#f6f4ef', '#f9edc9', '#d5e1db'],
  dark: ['#0f1216', '#2c291e', '#203535'],
} as const;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex);
  if (!match) return null;
  const value = parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(parseHex(a)!);
  const lb = luminance(parseHex(b)!);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `hex` moved towards black or white in small steps until it contrasts enough with every background. */
export function withContrast(hex: string, against: readonly string[], towards: 'black' | 'white'): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  const target = towards === 'black' ? 0 : 255;
  let color: Rgb = rgb;
  for (let step = 0; step < 50 && against.some((bg) => contrastRatio(toHex(color), bg) < minimumContrast); step++) {
    color = color.map((c) => c + (target - c) * 0.06) as Rgb;
  }
  return toHex(color).toUpperCase() === hex.slice(0, 7).toUpperCase() ? hex : toHex(color);
}

async function contrastSafeTheme(name: string, kind: 'light' | 'dark'): Promise<ThemeRegistration> {
  const theme = (await bundledThemes[name as keyof typeof bundledThemes]()).default as ThemeRegistration;
  const against = backgrounds[kind];
  const towards = kind === 'light' ? 'black' : 'white';
  const fix = (color: string | undefined) => (color ? withContrast(color, against, towards) : color);
  return {
    ...theme,
    name: `${name}-contrast`,
    colors: { ...theme.colors, 'editor.foreground': fix(theme.colors?.['editor.foreground'])! },
    tokenColors: (theme.tokenColors ?? []).map((rule) => ({
      ...rule,
      settings: { ...rule.settings, foreground: fix(rule.settings.foreground) },
    })),
  };
}

/** Light and dark token colours; the page picks one with CSS `light-dark()` (see styles/code.css). */
export const codeThemes = {
  light: await contrastSafeTheme('github-light-default', 'light'),
  dark: await contrastSafeTheme('github-dark-default', 'dark'),
};

// ---------- Token colours as classes ----------
//
// Shiki writes each token's two colours as an inline style, `--shiki-light:#…;--shiki-dark:#…`. A
// chapter prints a few thousand tokens and each theme has about a dozen colours: one class per
// theme colour (`l3 d5`) makes the HTML lighter (the keyframe chapter: 160 KB of such styles) and
// gives the browser a few shared rules to match instead of a style declaration per token.

/** The foreground colours of a theme, upper case, in a fixed order. */
function themeColours(theme: ThemeRegistration): string[] {
  const colours = new Set<string>();
  const add = (colour: unknown) => {
    if (typeof colour === 'string' && colour.startsWith('#')) colours.add(colour.toUpperCase());
  };
  add(theme.colors?.['editor.foreground']);
  for (const rule of theme.tokenColors ?? []) add(rule.settings.foreground);
  return [...colours].sort();
}

/** Class of each theme colour (upper-case hex): `l<i>` in the light theme, `d<i>` in the dark one. */
export const tokenColourClasses = {
  light: new Map(themeColours(codeThemes.light).map((colour, i) => [colour, `l${i}`])),
  dark: new Map(themeColours(codeThemes.dark).map((colour, i) => [colour, `d${i}`])),
};

/** The rules behind those classes; every page with code carries them (ChapterLayout, source pages). */
export const tokenColourCss = (['light', 'dark'] as const)
  .flatMap((kind) => [...tokenColourClasses[kind]].map(([colour, name]) => `.code pre .${name}{--shiki-${kind}:${colour}}`))
  .join('');

/** `a:b;c:d` as [name, value] pairs. */
function declarations(style: unknown): [string, string][] {
  if (typeof style !== 'string') return [];
  return style
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      return [part.slice(0, colon).trim(), part.slice(colon + 1).trim()];
    });
}

/**
 * Replaces each token's colour style by the classes of its colours, and drops the colours a
 * token shares with the block (inherited from the <pre>, whose style Shiki keeps): a token left
 * with no attribute at all becomes plain text. A colour outside the themes (none today) stays an
 * inline style, so it is never lost.
 */
function transformerTokenClasses(): ShikiTransformer {
  return {
    name: 'skinning:token-classes',
    pre(pre) {
      const blockColours = new Map(declarations(pre.properties.style).map(([name, value]) => [name, value.toUpperCase()]));
      const visit = (node: Element) => {
        const children: ElementContent[] = [];
        for (const child of node.children) {
          children.push(child);
          if (child.type !== 'element') continue;
          if (child.tagName === 'span' && child.properties.style !== undefined) {
            const kept: string[] = [];
            const classes: string[] = [];
            for (const [name, value] of declarations(child.properties.style)) {
              const kind = name === '--shiki-light' ? 'light' : name === '--shiki-dark' ? 'dark' : null;
              const colour = value.toUpperCase();
              if (kind && blockColours.get(name) === colour) continue;
              const className = kind ? tokenColourClasses[kind].get(colour) : undefined;
              if (className) classes.push(className);
              else kept.push(`${name}:${value}`);
            }
            if (kept.length) child.properties.style = kept.join(';');
            else delete child.properties.style;
            if (classes.length) this.addClassToHast(child, classes);
          }
          visit(child);
          if (child.tagName === 'span' && Object.keys(child.properties).length === 0) children.splice(-1, 1, ...child.children);
        }
        node.children = children;
      };
      visit(pre);
    },
  };
}

/** Languages the site highlights. */
const codeLanguages = ['ts', 'js', 'glsl', 'json', 'bash', 'text', 'c', 'cpp'] as const;

/** `[!code highlight]`, `[!code focus]`, `[!code ++]`/`[!code --]`, `[!code word:x]` in fenced code. */
export function notationTransformers(): ShikiTransformer[] {
  return [
    transformerNotationHighlight({ matchAlgorithm: 'v3' }),
    transformerNotationFocus({ matchAlgorithm: 'v3' }),
    transformerNotationDiff({ matchAlgorithm: 'v3' }),
    transformerNotationWordHighlight({ matchAlgorithm: 'v3' }),
    transformerLineContent(),
    transformerTokenClasses(),
  ];
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}

/** The text content of a hast node. */
function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function element(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

const languageNames: Record<string, string> = {
  ts: 'TypeScript',
  typescript: 'TypeScript',
  js: 'JavaScript',
  javascript: 'JavaScript',
  glsl: 'GLSL',
  json: 'JSON',
  bash: 'Shell',
  sh: 'Shell',
  c: 'C',
  cpp: 'C++',
  text: 'Text',
  plaintext: 'Text',
};

interface FrameOptions {
  /** Heading of the block, e.g. "Local to global". */
  title?: string;
  /** Repository path of the file the code comes from, e.g. "src/core/hierarchy.ts". */
  path?: string;
  /** File line range shown next to the path, e.g. [41, 58]. */
  range?: [number, number];
  /** Name of the region of `path` the code was cut from (recorded as data-region). */
  region?: string;
  /** Where the path links to: the page of the whole file (src/build-time/source-pages.ts); no link when absent. */
  href?: string;
  /** Language id, shown when there is no path. */
  lang: string;
}

/** The <code> element of Shiki's <pre>. */
function codeOf(pre: Element): Element | undefined {
  return pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
}

/** Adds the caption (title, file path and lines) and the copy button around Shiki's <pre>. */
function frame(root: Root, options: FrameOptions): void {
  const pre = root.children.find((child): child is Element => child.type === 'element' && child.tagName === 'pre');
  if (!pre) return;
  pre.properties.tabindex = '0';
  const language = languageNames[options.lang] ?? options.lang;
  const caption: ElementContent[] = [];
  const label = options.title ?? (options.path ? undefined : language);
  if (label) caption.push(element('span', { className: ['code-title'] }, [text(label)]));
  if (options.path) {
    const path = element('code', {}, [text(options.path)]);
    const where: ElementContent[] = [options.href ? element('a', { href: options.href, className: ['code-source'] }, [path]) : path];
    if (options.range) {
      const [from, to] = options.range;
      where.push(text(from === to ? ` · line ${from}` : ` · lines ${from}–${to}`));
    }
    caption.push(element('span', { className: ['code-path'] }, where));
  }
  const target = options.title ?? options.path ?? `${language} code`;
  caption.push(
    element('button', { type: 'button', className: ['code-copy'], dataCopy: '' }, [
      element('span', { className: ['code-copy-label'], ariaHidden: 'true' }, [text('Copy')]),
      element('span', { className: ['visually-hidden'] }, [text(`Copy ${target}`)]),
    ]),
    element('span', { className: ['visually-hidden'], role: 'status' }, []),
  );
  const code = codeOf(pre);
  const lines = code?.children.filter((child) => child.type === 'element').length ?? 0;
  // The line count sizes the block while the browser skips its layout off screen (styles/code.css).
  const attributes: Element['properties'] = { className: ['code'], dataLanguage: options.lang, style: `--lines:${lines}` };
  if (options.path) attributes.dataFile = options.path;
  if (options.region) attributes.dataRegion = options.region;
  const figure = element('figure', attributes, [
    element('figcaption', { className: ['code-head'] }, caption),
    pre,
  ]);
  root.children = root.children.map((child) => (child === pre ? figure : child));
}

/**
 * Wraps Shiki's <pre> in <figure class="code"> with a caption and a copy button. The button
 * copies the text of the rendered lines, which never contains the `[!code …]` notation comments
 * (the notation transformers remove them) nor the line numbers (drawn by CSS from data-line).
 */
function transformerCodeFrame(options: FrameOptions): ShikiTransformer {
  return {
    name: 'skinning:code-frame',
    root(root) {
      frame(root, options);
    },
  };
}

/** Fenced code in MDX: the frame, with `title="…"` read from the meta string (```ts title="…"). */
export function transformerFencedFrame(): ShikiTransformer {
  return {
    name: 'skinning:fenced-frame',
    root(root) {
      const meta = (this.options.meta?.__raw as string | undefined) ?? '';
      const title = /title=(?:"([^"]*)"|'([^']*)')/.exec(meta);
      frame(root, { title: title?.[1] ?? title?.[2], lang: this.options.lang });
    },
  };
}

/**
 * Wraps each line's tokens in <span class="line-content">, so CSS can soft-wrap long lines next to
 * a fixed line-number gutter. The text of the line is unchanged.
 */
function transformerLineContent(): ShikiTransformer {
  return {
    name: 'skinning:line-content',
    // The `pre` hook runs after every `line` and `code` hook, i.e. after the notation transformers
    // removed their comments and after Shiki applied decorations, which both expect bare tokens.
    pre(pre) {
      const code = codeOf(pre);
      if (!code) return;
      for (const line of code.children) {
        if (line.type !== 'element' || line.tagName !== 'span') continue;
        // Wrapped continuation lines hang 2ch deeper than the line's own indentation.
        const indent = /^[ \t]*/.exec(textOf(line))![0].replace(/\t/g, '  ').length;
        const properties: Element['properties'] = { className: ['line-content'] };
        if (indent > 0) properties.style = `--indent:${indent}ch`;
        line.children = [element('span', properties, line.children)];
      }
    },
  };
}

/** Marks lines (1-based) with classes, the same classes the notation transformers use. */
function transformerLineClasses(marks: {
  highlight?: ReadonlySet<number>;
  focus?: ReadonlySet<number>;
  add?: ReadonlySet<number>;
  remove?: ReadonlySet<number>;
  /** File line number per displayed line, shown in the gutter. */
  numbers?: readonly number[];
}): ShikiTransformer {
  return {
    name: 'skinning:line-classes',
    line(node, line) {
      if (marks.highlight?.has(line)) this.addClassToHast(node, 'highlighted');
      if (marks.focus?.has(line)) this.addClassToHast(node, 'focused');
      if (marks.add?.has(line)) this.addClassToHast(node, ['diff', 'add']);
      if (marks.remove?.has(line)) this.addClassToHast(node, ['diff', 'remove']);
      if (marks.numbers) node.properties.dataLine = String(marks.numbers[line - 1]);
    },
    pre(node) {
      if (marks.focus?.size) this.addClassToHast(node, 'has-focused');
      if (marks.add?.size || marks.remove?.size) this.addClassToHast(node, 'has-diff');
      if (marks.highlight?.size) this.addClassToHast(node, 'has-highlighted');
      if (marks.numbers) this.addClassToHast(node, 'has-line-numbers');
    },
  };
}

let highlighter: Promise<Highlighter> | undefined;

/** One highlighter for the whole build. */
export function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: Object.values(codeThemes), langs: [...codeLanguages] });
  return highlighter;
}

export interface CodeBlock extends FrameOptions {
  code: string;
  highlight?: ReadonlySet<number>;
  focus?: ReadonlySet<number>;
  add?: ReadonlySet<number>;
  remove?: ReadonlySet<number>;
  /** Character ranges [start, end) to mark as highlighted words. */
  words?: readonly [number, number][];
  /** File line number per line of `code`, for the gutter; omit for no gutter. */
  lineNumbers?: readonly number[];
  /** More transformers, run after the site's own (e.g. line anchors on a source page). */
  transformers?: readonly ShikiTransformer[];
}

/** Highlights a code block into the site's framed HTML. */
export async function renderCodeBlock(block: CodeBlock): Promise<string> {
  const shiki = await getHighlighter();
  const decorations: DecorationItem[] = (block.words ?? []).map(([start, end]) => ({
    start,
    end,
    properties: { class: 'highlighted-word' },
  }));
  return shiki.codeToHtml(block.code, {
    lang: block.lang,
    themes: codeThemes,
    defaultColor: false,
    decorations,
    transformers: [
      transformerLineClasses({
        highlight: block.highlight,
        focus: block.focus,
        add: block.add,
        remove: block.remove,
        numbers: block.lineNumbers,
      }),
      transformerLineContent(),
      transformerTokenClasses(),
      transformerCodeFrame(block),
      ...(block.transformers ?? []),
    ],
  });
}
