// The searching half of the search dialog (SearchDialog.astro): loaded the first time the dialog
// opens, it loads Pagefind's browser module from the site's own /pagefind/ folder (written at
// build time by src/build-time/search-index.ts), searches as the reader types and lists, per
// chapter, the sections that match best — each a link to its heading.

/** What Pagefind's browser module (pagefind.js) exports that the dialog uses. */
interface PagefindModule {
  options(options: { excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  /** Resolves to null when a later call superseded this one before it ran. */
  debouncedSearch(term: string, options?: object, debounceMs?: number): Promise<{ results: PagefindResult[] } | null>;
}

interface PagefindResult {
  data(): Promise<PagefindPage>;
}

interface PagefindPage {
  url: string;
  /** The page's indexed text. */
  content: string;
  meta: Record<string, string | undefined>;
  sub_results: PagefindSection[];
}

/** A stretch of a page from one heading with an id to the next. */
interface PagefindSection {
  title: string;
  /** The page URL plus `#id` of the heading the section starts at. */
  url: string;
  /** Plain text with the matching words in <mark> elements. */
  excerpt: string;
  weighted_locations: { balanced_score: number }[];
  anchor?: { element: string; id: string };
}

/** Most chapters listed for one search, best first. */
const maxPages = 8;
/** Most sections listed under one chapter, best first. */
const maxSectionsPerPage = 3;
/** Words of context in an excerpt. */
const excerptWords = 22;
/** Pause after the last keystroke before searching, milliseconds. */
const typingPauseMs = 120;

const bundleUrl = `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}pagefind/pagefind.js`;

let pagefind: Promise<PagefindModule> | null = null;

function loadPagefind(): Promise<PagefindModule> {
  pagefind ??= (async () => {
    const module = (await import(/* @vite-ignore */ bundleUrl)) as PagefindModule;
    await module.options({ excerptLength: excerptWords });
    await module.init();
    return module;
  })();
  return pagefind;
}

/** Lower-case words of a text: runs of letters and digits. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/** Beginnings that count as `word` being present: the word, and the word less one common ending. */
function beginningsOf(word: string): string[] {
  for (const ending of ['ies', 'es', 's', 'ed', 'ing']) {
    if (word.endsWith(ending) && word.length - ending.length >= 3) return [word, word.slice(0, -ending.length)];
  }
  return [word];
}

/**
 * Whether every word of the query begins a word of the page. Pagefind falls back to ever shorter
 * beginnings of a word it cannot find ("reset" finds "re-based"); such pages are near misses, and
 * listing them would answer a search for a word the chapters never use.
 */
function containsEveryWord(content: string, query: string): boolean {
  const pageWords = new Set(wordsOf(content));
  return wordsOf(query).every((word) => {
    const beginnings = beginningsOf(word);
    for (const pageWord of pageWords) if (beginnings.some((beginning) => pageWord.startsWith(beginning))) return true;
    return false;
  });
}

function sectionScore(section: PagefindSection): number {
  let score = 0;
  for (const location of section.weighted_locations) score += location.balanced_score;
  return score;
}

/** The excerpt's text and <mark>s, and nothing else, as nodes. */
function excerptNodes(html: string): Node[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const nodes: Node[] = [];
  for (const node of template.content.childNodes) {
    if (node instanceof HTMLElement && node.tagName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      nodes.push(mark);
    } else {
      nodes.push(document.createTextNode(node.textContent ?? ''));
    }
  }
  return nodes;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, children: (Node | string)[] = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

function renderPage(page: PagefindPage, sections: PagefindSection[]): HTMLLIElement {
  const title = page.meta.title ?? page.url;
  const label = page.meta.chapter ? `${page.meta.chapter} · ${title}` : title;
  const list = element('ul', 'search-sections');
  for (const section of sections) {
    // The stretch before the first h2 starts at the chapter's own title.
    const heading = section.anchor?.element === 'h1' ? 'Introduction' : section.title;
    const link = element('a', 'search-section', [
      element('span', 'search-section-title', [heading]),
      element('span', 'search-excerpt', excerptNodes(section.excerpt)),
    ]);
    link.href = section.url;
    link.dataset.searchResult = '';
    list.append(element('li', '', [link]));
  }
  return element('li', 'search-page', [element('p', 'search-page-title', [label]), list]);
}

/**
 * Makes the dialog search. `forgetReturnFocus` is called when the reader follows a result, so that
 * closing the dialog leaves focus where the link took it instead of on the search button.
 */
export function connectSearch(dialog: HTMLDialogElement, forgetReturnFocus: () => void): void {
  const input = dialog.querySelector<HTMLInputElement>('[data-search-input]');
  const status = dialog.querySelector<HTMLElement>('[data-search-status]');
  const results = dialog.querySelector<HTMLOListElement>('[data-search-results]');
  if (!input || !status || !results) throw new Error('search dialog: missing [data-search-input], [data-search-status] or [data-search-results]');

  // Increments with every keystroke; a search whose number is no longer current is dropped.
  let latest = 0;

  const show = (message: string, pages: HTMLLIElement[]) => {
    status.textContent = message;
    results.replaceChildren(...pages);
    results.hidden = pages.length === 0;
  };

  const search = async () => {
    const term = input.value.trim();
    const serial = ++latest;
    if (term === '') {
      show('', []);
      return;
    }
    let api: PagefindModule;
    try {
      api = await loadPagefind();
    } catch {
      show('Search is unavailable: its index was not found. It is written by the site build (npm run build).', []);
      return;
    }
    const found = await api.debouncedSearch(term, {}, typingPauseMs);
    if (found === null || serial !== latest) return;
    // Twice as many as are shown, since near misses are dropped below.
    const pages = await Promise.all(found.results.slice(0, 2 * maxPages).map((result) => result.data()));
    if (serial !== latest) return;
    const items: HTMLLIElement[] = [];
    let sectionCount = 0;
    for (const page of pages) {
      if (items.length === maxPages || !containsEveryWord(page.content, term)) continue;
      const sections = page.sub_results
        .map((section) => ({ section, score: sectionScore(section) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, maxSectionsPerPage)
        .map(({ section }) => section);
      if (sections.length === 0) continue;
      sectionCount += sections.length;
      items.push(renderPage(page, sections));
    }
    const quoted = `“${term}”`;
    if (items.length === 0) show(`No results for ${quoted}.`, []);
    else {
      const chapters = items.length === 1 ? '1 chapter' : `${items.length} chapters`;
      const sections = sectionCount === 1 ? '1 section' : `${sectionCount} sections`;
      show(`${sections} in ${chapters} match ${quoted}.`, items);
    }
  };

  const links = () => [...results.querySelectorAll<HTMLAnchorElement>('a[data-search-result]')];

  input.addEventListener('input', () => void search());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      links()[0]?.click();
    }
  });
  results.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    event.preventDefault();
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) input.focus();
    else all[Math.min(next, all.length - 1)].focus();
  });
  // Following a result: close first, so that a heading on this same page scrolls into view.
  results.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[data-search-result]')) return;
    forgetReturnFocus();
    dialog.close();
  });

  // Loading starts now, while the reader types the first word.
  loadPagefind().catch(() => undefined);
  if (input.value.trim() !== '') void search();
}
