// The figure catalogue read from the pages that place figures, and the shape checks of a linked
// view's address (url-state.ts): what a hostile or malformed address is reduced to.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, figuresIn, type FigurePlace } from '../../src/build-time/figure-catalogue.ts';
import { FIGURE_POSTERS } from '../../src/build-time/poster/social.ts';
import { figureAnchor, figurePagePath, isFigureName } from '../../src/figures/shared/figure-names.ts';
import { formatControlNumber, parseControlNumber, readAddressState } from '../../src/figures/shared/url-state.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const place = (href: string): FigurePlace => ({ href, label: href, title: href, order: 1 });

describe('figuresIn', () => {
  it('reads a named figure element: strings, numbers and booleans between braces, bare names as true', () => {
    const source = [
      "import X from 'y';",
      '<MathFigure lines={[1]} />',
      '<BindFigure />',
      '<WeightsFigure name="tube" title="A tube, bent" label="a > b, ‘quoted’" bend={-30} scale={2.5} weights inspect={false} clip={\'walk\'}\n  extra="x" />',
    ].join('\n');
    const [figure, ...rest] = figuresIn({ source, place: place('/chapters/a/') });
    expect(rest).toEqual([]);
    expect(figure.name).toBe('tube');
    expect(figure.title).toBe('A tube, bent');
    expect(figure.component).toBe('WeightsFigure');
    expect(figure.props).toEqual({ name: 'tube', title: 'A tube, bent', label: 'a > b, ‘quoted’', bend: -30, scale: 2.5, weights: true, inspect: false, clip: 'walk', extra: 'x' });
    expect(figure.attributes).toMatchObject({ bend: '-30', weights: true, inspect: 'false' });
  });

  it('refuses a malformed name, a missing title, an expression it cannot read, and a name used twice', () => {
    expect(() => figuresIn({ source: '<ArmFigure name="Arm One" title="t" />', place: place('/c/') })).toThrow(/\/c\/: <ArmFigure name="Arm One">: a figure's name is lower-case words/);
    expect(() => figuresIn({ source: '<ArmFigure name="arm" />', place: place('/c/') })).toThrow(/\/c\/: <ArmFigure name="arm"> has no title/);
    expect(() => figuresIn({ source: '<ArmFigure name="arm" title="t" bend={limits.max} />', place: place('/c/') })).toThrow(/<ArmFigure bend>: \{limits.max\} is not a literal/);
    expect(() =>
      buildCatalogue([
        { source: '<ArmFigure name="arm" title="t" />', place: place('/a/') },
        { source: '<BindFigure name="arm" title="u" />', place: place('/b/') },
      ]),
    ).toThrow('Two figures are named "arm": in /a/ and in /b/');
  });

  it('finds every live figure the chapters and the home page place, each named, titled and with a poster', () => {
    const chapters = join(root, 'src/content/chapters');
    const sources = [
      { source: readFileSync(join(root, 'src/pages/index.astro'), 'utf8'), place: place('/') },
      ...readdirSync(chapters).filter((file) => file.endsWith('.mdx')).map((file) => ({ source: readFileSync(join(chapters, file), 'utf8'), place: place(`/${file}/`) })),
    ];
    const catalogue = buildCatalogue(sources);
    // Every element of a live figure component is named: none is left without a page.
    const placed = sources.flatMap(({ source }) => [...source.matchAll(/<([A-Z][A-Za-z]*Figure)\b/g)].map((match) => match[1]).filter((name) => name in FIGURE_POSTERS));
    expect(catalogue.map((figure) => figure.component)).toEqual(placed);
    expect(catalogue.length).toBeGreaterThanOrEqual(20);
    for (const figure of catalogue) expect(FIGURE_POSTERS[figure.component], figure.component).toBeDefined();
  });
});

describe('figure names', () => {
  it('accept lower-case words joined by hyphens, up to 40 characters', () => {
    expect(isFigureName('offset-matrices')).toBe(true);
    expect(isFigureName('a'.repeat(40))).toBe(true);
    for (const bad of ['', 'a'.repeat(41), 'Offset', 'a--b', '-a', 'a-', 'a b', '../x', '<img>']) expect(isFigureName(bad), bad).toBe(false);
    expect(figureAnchor('arm')).toBe('figure-arm');
    expect(figurePagePath('arm')).toBe('/figures/arm/');
  });
});

describe('readAddressState', () => {
  it('reads the figure and its controls, first value of a repeated name', () => {
    const state = readAddressState('?fig=offset-matrices&palette-mode=not-inverted&bend=75&bend=10');
    expect(state?.name).toBe('offset-matrices');
    expect(Object.fromEntries(state!.values)).toEqual({ 'palette-mode': 'not-inverted', bend: '75' });
  });

  it('drops malformed names and values, and ignores an overlong address whole', () => {
    expect(readAddressState('?fig=x&time=NaN')).toEqual({ name: 'x', values: new Map([['time', 'NaN']]) });
    expect(readAddressState('?time=1')).toBeNull();
    expect(readAddressState(`?fig=${encodeURIComponent('"><img src=x>')}`)).toBeNull();
    const hostile = readAddressState(`?fig=arm&choice=${encodeURIComponent('<img src=x onerror=alert(1)>')}&Bad-Key=1&${'k'.repeat(41)}=1&long=${'x'.repeat(65)}&fig2=ok`);
    // Shape only here: a choice is checked against the figure's own choices when applied.
    expect(Object.fromEntries(hostile!.values)).toEqual({ choice: '<img src=x onerror=alert(1)>', fig2: 'ok' });
    expect(readAddressState(`?fig=arm&a=${'1'.repeat(1990)}`)).toBeNull();
    const many = readAddressState(`?fig=arm&${Array.from({ length: 50 }, (_, i) => `c${i}=1`).join('&')}`);
    expect(many!.values.size).toBe(32);
  });
});

describe('control numbers', () => {
  it('parse plain decimals only', () => {
    expect(parseControlNumber('0.42')).toBe(0.42);
    expect(parseControlNumber('-30')).toBe(-30);
    for (const bad of ['NaN', 'Infinity', '1e3', '0x10', '', ' 1', '1.', '.5', '--1']) expect(parseControlNumber(bad), bad).toBeNull();
  });

  it('write at most four decimals', () => {
    expect(formatControlNumber(0.4166666)).toBe('0.4167');
    expect(formatControlNumber(75)).toBe('75');
    expect(formatControlNumber(-0.00001)).toBe('0');
  });
});
