// Decides when each interactive figure ("island") on a page runs.
//
// This module is in every page's initial JavaScript, so it is small and imports nothing heavy:
// an island's code (the core, WebGL, shaders) is fetched with a dynamic import() the first time
// the island comes near the viewport, once the page has painted. After that:
//   - in view → it draws (state "running"); out of view → it stops drawing ("paused");
//   - at most MAX_LIVE_CONTEXTS islands hold a WebGL context: before another one takes a context,
//     the live island farthest from the viewport gives its own back ("idle"), and takes a new one
//     when it returns. Browsers cap live contexts per page (16 in Chromium) and silently kill the
//     oldest beyond that; staying well under the cap keeps that from ever happening.
// One IntersectionObserver watches every island; the element's data-state attribute reports:
//   idle | loading | running | paused | lost | error | unsupported

import { warmUpGpu } from '../../gl/gpu-process.ts';
import { keepStateBeforeStart } from './controls-before-start.ts';
import { watchScrolling } from './scroll-rest.ts';
import { holdStageHeight } from './stage-height.ts';

/** What the manager asks of a mounted island (implemented by the lazily loaded code). */
export interface Island {
  /** True while the island holds (or is creating) a WebGL context. */
  readonly holdsContext: boolean;
  /** Takes a WebGL context (again, after release) and prepares to draw. */
  acquire(): void;
  /** Gives the WebGL context back; acquire() brings it back. */
  release(): void;
  /** In view: draw (and animate); out of view: stop drawing. */
  setVisible(visible: boolean): void;
}

/** The lazily loaded module of an island kind. */
export interface IslandModule {
  mountIsland(host: HTMLElement): Island;
}

/** Live WebGL contexts allowed on one page. */
export const MAX_LIVE_CONTEXTS = 8;

interface Entry {
  host: HTMLElement;
  load: () => Promise<IslandModule>;
  island: Island | null;
  loading: boolean;
  visible: boolean;
}

const entries = new Map<Element, Entry>();

// A figure's state in the address (?fig=…, url-state.ts) is set before any island's code loads;
// the module loads only for such an address, or when a figure's Link or a link carrying its state
// ([data-figure-link], FigureLinks.astro) is pressed (a modified click keeps the browser's own
// behaviour). Both are set up with the page's first island. Kept this small for the JS budget.
let addressState: Promise<void> | null | undefined;
const urlState = () => import('./url-state.ts');

function followAddressAndLinks(): void {
  addressState = location.search.includes('fig=') ? urlState().then((state) => state.applyAddressState()) : null;
  document.addEventListener('click', (event) => {
    const trigger = (event.target as Element).closest?.<HTMLElement>('[data-figure-link]');
    if (trigger && !(event.ctrlKey || event.metaKey || event.shiftKey)) {
      event.preventDefault();
      void urlState().then((state) => state.followFigureLink(trigger));
    }
  });
}

/** Islands already mounted, kept if their element is taken out of the page and put back. */
const mounted = new WeakMap<HTMLElement, Island>();
let observer: IntersectionObserver | null = null;

/** Shows `message` in the island's status line (server-rendered, [data-part=status]). */
function showStatus(host: HTMLElement, message: string): void {
  const status = host.querySelector<HTMLElement>('[data-part=status]');
  if (status !== null) {
    status.textContent = message;
    status.hidden = false;
  }
  // Controls are enabled from the start (they set the state the figure starts from); a figure
  // that cannot start at all disables them, as FigureCanvas.fail does.
  for (const control of host.querySelectorAll<HTMLInputElement | HTMLButtonElement | HTMLSelectElement>('input, button, select')) {
    control.disabled = true;
  }
}

/** Distance in CSS pixels from the element to the viewport (0 when they overlap). */
function distanceToViewport(element: Element): number {
  const rect = element.getBoundingClientRect();
  const above = -rect.bottom;
  const below = rect.top - window.innerHeight;
  return Math.max(0, above, below);
}

/** Releases contexts of off-screen islands, farthest first, until one more fits. */
function makeRoomForContext(): void {
  let live = 0;
  for (const entry of entries.values()) if (entry.island?.holdsContext) live++;
  while (live >= MAX_LIVE_CONTEXTS) {
    let farthest: Entry | null = null;
    let farthestDistance = -1;
    for (const entry of entries.values()) {
      if (entry.visible || !entry.island?.holdsContext) continue;
      const distance = distanceToViewport(entry.host);
      if (distance > farthestDistance) {
        farthest = entry;
        farthestDistance = distance;
      }
    }
    if (farthest === null) return;
    farthest.island!.release();
    live--;
  }
}

// The page paints first, then figures start: their code, the GPU process and the first frame
// would otherwise hold that paint back, and their models would share the network with the posters
// the page opens on (on a figure's own page and the home page, the poster is the page's largest
// paint). So: the first contentful paint, then, on a page that loads posters eagerly
// (IslandStage.astro), those in the viewport on screen (poster-paint.ts, loaded only there). At
// most POSTER_PAINT_WAIT after this module runs: a page opened in a background tab never paints,
// and a poster may be slow to arrive.
const POSTER_PAINT_WAIT = 2500; // ms
const painted = new Promise<unknown>((resolve) => {
  setTimeout(resolve, POSTER_PAINT_WAIT);
  if (typeof PerformanceObserver === 'undefined') return;
  const posters = document.querySelector('img[elementtiming=poster]') && import('./poster-paint.ts');
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    void Promise.resolve(posters).then((module) => module && module.postersPainted()).then(resolve, resolve);
  }).observe({ type: 'paint', buffered: true });
});

async function activate(entry: Entry): Promise<void> {
  await painted;
  // The page's first context is expensive to make on the main thread: start paying for it on a
  // worker now, while the island's code and model load (gpu-process.ts).
  void warmUpGpu();
  // A figure starts when the scrolling rests (scroll-rest.ts): know of the scrolling from now on.
  watchScrolling();
  if (entry.island === null) {
    if (entry.loading) return;
    entry.loading = true;
    entry.host.dataset.state = 'loading';
    try {
      await addressState;
      const module = await entry.load();
      entry.island = module.mountIsland(entry.host);
      mounted.set(entry.host, entry.island);
    } catch (error) {
      entry.host.dataset.state = 'error';
      showStatus(entry.host, `This figure's code could not be loaded (${(error as Error).message}). Reloading the page may help.`);
      return;
    } finally {
      entry.loading = false;
    }
    // The element may have left the page while its code was loading.
    if (!entries.has(entry.host)) return;
  }
  if (!entry.visible) return;
  if (!entry.island.holdsContext) {
    makeRoomForContext();
    entry.island.acquire();
  }
  entry.island.setVisible(true);
}

function onIntersection(records: IntersectionObserverEntry[]): void {
  for (const record of records) {
    const entry = entries.get(record.target);
    if (entry === undefined) continue;
    entry.visible = record.isIntersecting;
    if (entry.visible) void activate(entry);
    else entry.island?.setVisible(false);
  }
}

/** The island mounted on `host` (its code loaded and started), or undefined. */
export function mountedIsland(host: HTMLElement): Island | undefined {
  return mounted.get(host);
}

/** An island that failed and tries again (its Retry button): it takes a context now if it is in view. */
export function resumeIsland(host: HTMLElement): void {
  const entry = entries.get(host);
  if (entry !== undefined && entry.island !== null && entry.visible) void activate(entry);
}

/**
 * Starts managing `host`: `load` is called (once) when the element first comes near the viewport
 * and must resolve to the island kind's module.
 */
export function observeIsland(host: HTMLElement, load: () => Promise<IslandModule>): void {
  if (entries.has(host)) return;
  if (addressState === undefined) followAddressAndLinks();
  if (!host.dataset.state) host.dataset.state = 'idle';
  const entry: Entry = { host, load, island: mounted.get(host) ?? null, loading: false, visible: false };
  entries.set(host, entry);
  keepStateBeforeStart(host, () => mounted.has(host));
  holdStageHeight(host);
  if (typeof IntersectionObserver === 'undefined') {
    // Very old browsers: treat every island as visible (the context budget still applies).
    entry.visible = true;
    void activate(entry);
    return;
  }
  // A small margin starts loading just before the island scrolls in.
  observer ??= new IntersectionObserver(onIntersection, { rootMargin: '120px 0px' });
  observer.observe(host);
}

/** Stops managing `host` (element removed from the page) and frees its context. */
export function unobserveIsland(host: HTMLElement): void {
  const entry = entries.get(host);
  if (entry === undefined) return;
  observer?.unobserve(host);
  entries.delete(host);
  entry.visible = false;
  entry.island?.setVisible(false);
  if (entry.island?.holdsContext) entry.island.release();
}

/**
 * Registers custom element `name` as an island: when one is added to the page it is observed, and
 * `load` (a dynamic import of the island's module, so that its code loads only when needed) runs
 * when it first scrolls into view. Defining the same name twice does nothing.
 */
export function defineIslandElement(name: string, load: () => Promise<IslandModule>): void {
  if (customElements.get(name)) return;
  customElements.define(
    name,
    class extends HTMLElement {
      connectedCallback(): void {
        observeIsland(this, load);
      }
      disconnectedCallback(): void {
        unobserveIsland(this);
      }
    },
  );
}
