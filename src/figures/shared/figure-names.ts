// A figure's name (written on its element in the chapter, name="…") and the addresses made from it:
// its anchor in the page, its own page, and the query parameter of a linked view. Shared by the
// build (src/build-time/figure-catalogue.ts, the figure pages) and the page's code (url-state.ts).

/** Query parameter that names the figure a URL's state is for: ?fig=<name>&<control>=<value>… */
export const FIGURE_PARAMETER = 'fig';

/** Lower-case words joined by hyphens, 1 to 40 characters, e.g. "offset-matrices". */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a well-formed figure name (what a URL may carry; nothing else is looked up). */
export function isFigureName(name: string): boolean {
  return name.length <= 40 && NAME.test(name);
}

/** The element id of figure `name` in its page, e.g. "figure-offset-matrices". */
export function figureAnchor(name: string): string {
  return `figure-${name}`;
}

/** The path of figure `name`'s own page, e.g. "/figures/offset-matrices/". */
export function figurePagePath(name: string): string {
  return `/figures/${name}/`;
}
