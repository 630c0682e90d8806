// The page's scrolling, as the figures see it. While the reader scrolls, the browser draws a frame
// of the page every vsync, and in a software renderer its GPU process is never free for long: a
// WebGL context made then blocked the page for 90–130 ms at 4× CPU throttling (15–30 ms at rest),
// and a figure's set-up work (a model's bounds over several poses, tens of milliseconds) drops
// frames of the scroll. So a figure that comes into view while the page scrolls shows its poster,
// the same picture as its first frame, until the scrolling rests, and then starts.

/** Quiet time after the page's last scroll event, ms, that counts as the scrolling at rest. */
const SCROLL_REST = 300;

/** performance.now() of the page's last scroll event (of the document or any scroller in it). */
let lastScroll = -Infinity;
let watching = false;

/** Starts listening to the page's scroll events (cheap to call often). */
export function watchScrolling(): void {
  if (watching) return;
  watching = true;
  // Scroll events do not bubble; captured at the document they come from every scroller.
  document.addEventListener('scroll', () => (lastScroll = performance.now()), { capture: true, passive: true });
}

/** Resolves once the page has not scrolled for SCROLL_REST ms, with the time of its last scroll event. */
export async function scrollingAtRest(): Promise<number> {
  watchScrolling();
  for (let quiet = performance.now() - lastScroll; quiet < SCROLL_REST; quiet = performance.now() - lastScroll) {
    await new Promise((resolve) => window.setTimeout(resolve, SCROLL_REST - quiet));
  }
  return lastScroll;
}

/** Whether the page has scrolled after `time` (a value scrollingAtRest resolved with). */
export function scrolledSince(time: number): boolean {
  return lastScroll !== time;
}
