// Holds a figure's stage at the height the browser gave it, so that text changing in the control
// panel under it as the reader works the controls makes the panel grow or scroll, never the stage
// change size. The browser shares the screen between the two on its own, on the page's first layout
// (island.css, .island-room); this only keeps that height, in CSS pixels, in --island-stage-height
// on the island element, by one ResizeObserver for the page, and takes it again, the stage let go,
// only when the stage's width changes (a new window size, full screen). The island manager starts
// this for every island as the page starts.

let observer: ResizeObserver | null = null;
/** Each observed stage's width (CSS pixels) when its height was last taken. */
const measuredWidths = new WeakMap<Element, number>();

function onResize(entries: ResizeObserverEntry[]): void {
  for (const { target, borderBoxSize } of entries) {
    const island = target.closest<HTMLElement>('.island');
    const { inlineSize } = borderBoxSize[0];
    if (island === null || measuredWidths.get(target) === inlineSize) continue;
    measuredWidths.set(target, inlineSize);
    // Let go first: the height the browser gives the stage at this width. At the first call the
    // stage was not held yet, and this is the height it already has.
    island.style.removeProperty('--island-stage-height');
    island.style.setProperty('--island-stage-height', `${target.getBoundingClientRect().height}px`);
  }
}

/** Starts holding the stage of `host` (an .island) at the height the browser gave it. */
export function holdStageHeight(host: HTMLElement): void {
  const stage = host.querySelector('.island-room > .island-stage');
  if (stage === null) return;
  observer ??= new ResizeObserver(onResize);
  observer.observe(stage);
}
