// The reading order of the site: the planned chapters, merged with the MDX chapters that exist.
// A planned chapter without an MDX file is listed on the home page as "coming"; an MDX chapter
// takes its title and summary from its own frontmatter.

export interface PlannedChapter {
  order: number;
  title: string;
  summary: string;
}

/** The curriculum, in reading order. */
export const plannedChapters: readonly PlannedChapter[] = [
  {
    order: 0,
    title: 'Why skeletons',
    summary: 'Per-vertex animation, morph targets and skeletons compared, and the rigging → skinning → animating pipeline.',
  },
  {
    order: 1,
    title: 'Bones and the hierarchy',
    summary: 'What a bone is, and how local transforms chain into global ones.',
  },
  {
    order: 2,
    title: 'Skin weights',
    summary: 'Each vertex follows up to four bones, blended by weights that sum to one; how to store and debug them.',
  },
  {
    order: 3,
    title: 'Bind pose',
    summary: 'The pose the mesh was modelled in, which every other matrix refers to.',
  },
  {
    order: 4,
    title: 'Offset (inverse bind) matrices',
    summary: 'Taking a vertex into a bone’s space at bind time, and out again along the bone’s current pose.',
  },
  {
    order: 5,
    title: 'Hierarchy traversal',
    summary: 'Computing every global transform in one pass, parents first — bone-less nodes included.',
  },
  {
    order: 6,
    title: 'Global inverse transform',
    summary: 'The root’s placement in the world, Z-up to Y-up, and why glTF ignores the skinned mesh’s node.',
  },
  {
    order: 7,
    title: 'Keyframe interpolation',
    summary: 'From keys at 24 or 30 fps to any frame: cursors, lerp, slerp the short way, step and cubic splines.',
  },
  {
    order: 8,
    title: 'The skinning shader',
    summary: 'Integer joint attributes, a bone texture instead of a uniform array, and normals that stay normal.',
  },
  {
    order: 9,
    title: 'Real models',
    summary: 'glTF 2.0 and Assimp side by side: skins, accessors, row- versus column-major, and FBX quirks.',
  },
  {
    order: 10,
    title: 'Dual quaternion skinning',
    summary: 'Where linear blend skinning breaks — the candy wrapper, the collapsing elbow — and the blend of rigid transforms that does not.',
  },
  {
    order: 11,
    title: 'Blending clips',
    summary: 'Crossfades on translation, rotation and scale, clocks synchronised by phase, and additive layers.',
  },
  {
    order: 12,
    title: 'Skinning a crowd',
    summary: 'A thousand characters: the fast path’s SoA buffers and SIMD lanes, baked animation textures and instancing.',
  },
];

export interface ChapterListing {
  order: number;
  title: string;
  summary: string;
  /** URL of the chapter page, or null for a chapter not yet written. */
  href: string | null;
}

/** URL of a chapter page from its collection id (its file name without extension). */
export function chapterHref(id: string): string {
  return `/chapters/${id}/`;
}

/** Planned chapters merged with the written ones (written ones win), sorted by order. */
export function listChapters(
  written: readonly { id: string; data: { order: number; title: string; summary: string } }[],
): ChapterListing[] {
  const byOrder = new Map<number, ChapterListing>();
  for (const planned of plannedChapters) byOrder.set(planned.order, { ...planned, href: null });
  const seen = new Map<number, string>();
  for (const entry of written) {
    const other = seen.get(entry.data.order);
    if (other !== undefined) {
      throw new Error(`Chapters "${other}" and "${entry.id}" both have order ${entry.data.order}`);
    }
    seen.set(entry.data.order, entry.id);
    byOrder.set(entry.data.order, { ...entry.data, href: chapterHref(entry.id) });
  }
  return [...byOrder.values()].sort((a, b) => a.order - b.order);
}
