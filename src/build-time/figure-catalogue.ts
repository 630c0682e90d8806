// Every named live figure of the site, read from where it is placed: the chapters' MDX and the home
// page. A figure element there that carries name="…" and title="…" (e.g. <OffsetFigure
// name="offset-matrices" title="…" />) is in the catalogue with its other attributes as props, so
// the figure's own page (src/pages/figures/[name].astro) renders it with exactly the props of the
// chapter, and the list of figures (src/pages/figures/index.astro) shows its poster
// (FIGURE_POSTERS, social.ts). The chapter text stays the one place a figure's props are written.

import { isFigureName } from '../figures/shared/figure-names.ts';

/** A prop as the page's source writes it: a string, a number or boolean between braces, or a bare name (true). */
export type FigureProp = string | number | boolean;

/** Where a figure is placed: a chapter, or the home page. */
export interface FigurePlace {
  /** Page path, e.g. "/chapters/offset-matrices/" or "/". */
  href: string;
  /** "Chapter 4: Offset (inverse bind) matrices", or "the home page". */
  label: string;
  /** The chapter's title (the page's title for the home page). */
  title: string;
  /** Chapter number; null for the home page. */
  order: number | null;
}

export interface CatalogueFigure {
  /** Unique over the site, lower-case words and hyphens: anchor #figure-<name>, page /figures/<name>/. */
  name: string;
  /** Short title for the figure's page and the list. */
  title: string;
  /** The component's name, e.g. "OffsetFigure". */
  component: string;
  /** Every attribute of the element, name and title included, as the component receives them. */
  props: Record<string, FigureProp>;
  /** The same attributes as written, for the posters (social.ts reads attributes this way). */
  attributes: Record<string, string | true>;
  place: FigurePlace;
}

/** A page that places figures: its source text and where it is. */
export interface FigureSource {
  source: string;
  place: FigurePlace;
}

/** An element named like a figure component (<ArmFigure …/>), attributes as written. */
const ELEMENT = /<([A-Z][A-Za-z]*Figure)\b((?:[^>"'{]|"[^"]*"|'[^']*'|\{[^}]*\})*)\/?>/g;
const ATTRIBUTE = /([A-Za-z][A-Za-z0-9]*)(?:=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}))?/g;

/** The value of an attribute written between braces: a number, true/false or a quoted string. */
function expressionValue(expression: string, where: string): FigureProp {
  const text = expression.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  const quoted = /^(["'])(.*)\1$/s.exec(text);
  if (quoted !== null) return quoted[2];
  throw new Error(`${where}: {${text}} is not a literal the figure catalogue can read (a number, true, false or a quoted string)`);
}

/**
 * The named figures of one page's source, in order. A figure element with a name must have a
 * well-formed name and a title; elements without a name (static figures, MathFigure) are skipped.
 */
export function figuresIn({ source, place }: FigureSource): CatalogueFigure[] {
  const figures: CatalogueFigure[] = [];
  for (const element of source.matchAll(ELEMENT)) {
    const component = element[1];
    const written = [...element[2].matchAll(ATTRIBUTE)];
    if (!written.some((attribute) => attribute[1] === 'name')) continue;
    const props: Record<string, FigureProp> = {};
    const attributes: Record<string, string | true> = {};
    for (const attribute of written) {
      const [, key, double, single, expression] = attribute;
      const where = `${place.href}: <${component} ${key}>`;
      if (expression !== undefined) {
        const value = expressionValue(expression, where);
        props[key] = value;
        attributes[key] = String(value);
      } else {
        const value = double ?? single;
        props[key] = value ?? true;
        attributes[key] = value ?? true;
      }
    }
    const { name, title } = props;
    if (typeof name !== 'string' || !isFigureName(name)) {
      throw new Error(`${place.href}: <${component} name=${JSON.stringify(name)}>: a figure's name is lower-case words joined by hyphens, at most 40 characters`);
    }
    if (typeof title !== 'string' || title.trim() === '') throw new Error(`${place.href}: <${component} name="${name}"> has no title="…"`);
    figures.push({ name, title, component, props, attributes, place });
  }
  return figures;
}

/** The catalogue: every named figure of `sources`, in the order given; names must be unique. */
export function buildCatalogue(sources: readonly FigureSource[]): CatalogueFigure[] {
  const figures = sources.flatMap(figuresIn);
  const seen = new Map<string, string>();
  for (const figure of figures) {
    const earlier = seen.get(figure.name);
    if (earlier !== undefined) throw new Error(`Two figures are named "${figure.name}": in ${earlier} and in ${figure.place.href}`);
    seen.set(figure.name, figure.place.href);
  }
  return figures;
}
