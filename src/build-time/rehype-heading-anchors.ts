// Gives every h2–h4 of a chapter a stable id and a small "#" link to itself, so any section can
// be linked to. Runs before Astro collects the headings for the table of contents, which then
// reuses these ids. The link has no text of its own (the "#" is drawn by CSS), so it adds nothing
// to the heading's text in the table of contents; its accessible name comes from aria-label.
import type { Element, ElementContent, Root } from 'hast';

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** Lower-case, punctuation dropped, spaces to hyphens: "Local and global transforms" → "local-and-global-transforms". */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{Letter}\p{Number}\s_-]/gu, '')
    .replace(/\s+/g, '-');
}

function visitElements(node: Root | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child);
    visitElements(child, visit);
  }
}

/** The rehype plugin. */
export function rehypeHeadingAnchors() {
  return (tree: Root) => {
    const used = new Map<string, number>();
    visitElements(tree, (element) => {
      if (!/^h[2-4]$/.test(element.tagName)) return;
      const text = element.children.map(textOf).join('').trim();
      let id = typeof element.properties.id === 'string' ? element.properties.id : slugify(text) || 'section';
      const seen = used.get(id) ?? 0;
      used.set(id, seen + 1);
      if (seen > 0) id = `${id}-${seen}`;
      element.properties.id = id;
      element.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['heading-anchor'], href: `#${id}`, ariaLabel: `Link to the section “${text}”` },
        children: [],
      });
    });
  };
}
