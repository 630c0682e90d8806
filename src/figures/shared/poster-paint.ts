// When the posters a page opens on are on screen: the island manager starts no figure before (on a
// figure's own page and the home page, the poster is the page's largest paint, and a figure's model
// would share the network with it). Loaded only by a page whose posters load eagerly
// (IslandStage.astro marks them for element timing).

/** Resolves when each eagerly loaded poster in the viewport is on screen. */
export function postersPainted(): Promise<unknown> {
  const posters = [...document.querySelectorAll<HTMLImageElement>('img[elementtiming=poster]')];
  return Promise.all(posters.filter((poster) => poster.getBoundingClientRect().top < innerHeight).map(posterPainted));
}

/**
 * Resolves when `poster` is on screen: its element-timing entry, which comes when the frame showing
 * it is presented; where the browser has no element timing, once it is decoded, ready for the next
 * frame. A poster that fails to load is the browser's broken image: nothing to wait for.
 */
function posterPainted(poster: HTMLImageElement): Promise<unknown> {
  if (poster.complete && poster.naturalWidth === 0) return Promise.resolve();
  const failed = new Promise((resolve) => poster.addEventListener('error', resolve, { once: true }));
  const shown = PerformanceObserver.supportedEntryTypes?.includes('element')
    ? new Promise<void>((resolve) =>
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some((entry) => (entry as PerformanceEntry & { element: Element | null }).element === poster)) return;
          observer.disconnect();
          resolve();
        }).observe({ type: 'element', buffered: true }),
      )
    : poster.decode();
  return Promise.race([failed, shown.catch(() => {})]);
}
