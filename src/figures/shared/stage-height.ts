// Keeps a figure's stage and the control panel under it on one screen. island.css caps the stage's
// height at what the viewport leaves once the site's header and the panel have their room (never
// below a minimum), and the panel's at what the stage leaves, beyond which it scrolls. The heights
// CSS cannot know are kept here, in CSS pixels, on the island element, by one ResizeObserver for
// the page: --island-panel-height, the height of the panel's content, and --island-stage-height.
// The panel's is taken again only when its width changes (a new window size, full screen): text
// that changes inside it as the reader works the controls makes it scroll, not the canvas change
// size. The island manager starts this for every island as the page starts, before the island's
// own code loads, so that a stage does not change size when its figure starts; a figure that opens
// its page has both heights taken even earlier, while the page is read (OpeningFigureHeights.astro).

let observer: ResizeObserver | null = null;
/** Each observed panel's width (CSS pixels) when its height was last taken. */
const measuredWidths = new WeakMap<Element, number>();

function onResize(entries: ResizeObserverEntry[]): void {
  for (const { target, borderBoxSize } of entries) {
    const island = target.closest<HTMLElement>('.island');
    const stage = target.previousElementSibling;
    if (island === null || stage === null) continue;
    const { inlineSize, blockSize } = borderBoxSize[0];
    if (measuredWidths.get(target) !== inlineSize) {
      measuredWidths.set(target, inlineSize);
      // The content's height, scrolled or not: the border box less the visible part, plus all of it.
      island.style.setProperty('--island-panel-height', `${Math.ceil(blockSize - target.clientHeight + target.scrollHeight)}px`);
    }
    // The stage's height once that has taken effect, in the next frame: a change to the panel's
    // size from within this callback would be a resize loop.
    requestAnimationFrame(() => island.style.setProperty('--island-stage-height', `${stage.getBoundingClientRect().height}px`));
  }
}

/** Starts keeping the heights on `host` (an .island) of its stage and of the panel under it. */
export function trackPanelHeight(host: HTMLElement): void {
  const panel = host.querySelector('.island-stage + .island-panel');
  if (panel === null) return;
  observer ??= new ResizeObserver(onResize);
  observer.observe(panel);
}
