// Section ids and self-links of chapter headings (src/build-time/rehype-heading-anchors.ts).
import { describe, expect, it } from 'vitest';
import type { Element, Root } from 'hast';
import { rehypeHeadingAnchors, slugify } from '../../src/build-time/rehype-heading-anchors.ts';

const heading = (tagName: string, text: string, id?: string): Element => ({
  type: 'element',
  tagName,
  properties: id ? { id } : {},
  children: [{ type: 'text', value: text }],
});

describe('slugify', () => {
  it('makes readable ids', () => {
    expect(slugify('Local and global transforms')).toBe('local-and-global-transforms');
    expect(slugify('A pose: rotation, translation and scale per bone')).toBe('a-pose-rotation-translation-and-scale-per-bone');
    expect(slugify('Offset (inverse bind) matrices')).toBe('offset-inverse-bind-matrices');
    expect(slugify('Déjà vu')).toBe('deja-vu');
  });
});

describe('rehypeHeadingAnchors', () => {
  it('gives h2–h4 unique ids and an empty labelled self-link, leaving other headings alone', () => {
    const tree: Root = {
      type: 'root',
      children: [heading('h1', 'Title'), heading('h2', 'Sources'), heading('h3', 'Sources'), heading('h2', 'Kept', 'custom-id')],
    };
    rehypeHeadingAnchors()(tree);
    const [h1, h2, h3, kept] = tree.children as Element[];
    expect(h1.properties.id).toBeUndefined();
    expect(h1.children).toHaveLength(1);
    expect(h2.properties.id).toBe('sources');
    expect(h3.properties.id).toBe('sources-1');
    expect(kept.properties.id).toBe('custom-id');
    const anchor = h3.children[1] as Element;
    expect(anchor.properties).toEqual({ className: ['heading-anchor'], href: '#sources-1', ariaLabel: 'Link to the section “Sources”' });
    expect(anchor.children).toEqual([]);
  });
});
