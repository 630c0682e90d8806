// The reading order (src/build-time/chapters.ts): planned chapters merged with the written ones; and
// the chapter files, numbered in the tree.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chapterHref, listChapters, plannedChapters } from '../../src/build-time/chapters.ts';

const entry = (id: string, order: number, title = `Title ${order}`) => ({ id, data: { order, title, summary: `About ${id}` } });

describe('listChapters', () => {
  it('lists the planned chapters 0 to 12 in order, none linked when none is written', () => {
    const listing = listChapters([]);
    expect(listing.map((chapter) => chapter.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(listing.every((chapter) => chapter.href === null)).toBe(true);
    expect(listing.slice(0, 2).map((chapter) => chapter.title)).toEqual(['Why skeletons', 'Bones and the hierarchy']);
    expect(listing.slice(10).map((chapter) => chapter.title)).toEqual(['Dual quaternion skinning', 'Blending clips', 'Skinning a crowd']);
  });

  it('lets a written chapter replace its planned entry and link to its page', () => {
    const listing = listChapters([entry('skin-weights', 2, 'Skin weights, in depth')]);
    expect(listing).toHaveLength(plannedChapters.length);
    expect(listing[2]).toEqual({ order: 2, title: 'Skin weights, in depth', summary: 'About skin-weights', href: '/chapters/skin-weights/' });
    expect(listing[0].href).toBeNull();
  });

  it('puts chapter 0 first, before chapter 1, whatever order the entries arrive in', () => {
    const listing = listChapters([entry('bones-and-the-hierarchy', 1), entry('why-skeletons', 0)]);
    expect(listing.slice(0, 2).map((chapter) => chapter.href)).toEqual(['/chapters/why-skeletons/', '/chapters/bones-and-the-hierarchy/']);
  });

  it('places an unplanned chapter by its order', () => {
    const listing = listChapters([entry('appendix', 14)]);
    expect(listing.at(-1)?.href).toBe(chapterHref('appendix'));
  });

  it('refuses two chapters with the same order', () => {
    expect(() => listChapters([entry('a', 3), entry('b', 3)])).toThrow('Chapters "a" and "b" both have order 3');
  });
});

describe('chapter files', () => {
  it('are named NN-slug.mdx, NN being the chapter number of their frontmatter, so the tree lists them in reading order', () => {
    const directory = fileURLToPath(new URL('../../src/content/chapters/', import.meta.url));
    const files = readdirSync(directory).filter((name) => name.endsWith('.mdx'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const match = /^(\d\d)-[a-z0-9-]+\.mdx$/.exec(file);
      expect(match, file).not.toBeNull();
      const order = /^order:\s*(\d+)\s*$/m.exec(readFileSync(directory + file, 'utf8'))?.[1];
      expect(Number(order), file).toBe(Number(match![1]));
    }
  });
});
