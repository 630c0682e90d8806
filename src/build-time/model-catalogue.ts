// The project's model files (public/models/*.glb) as the site describes them, at build time: the
// Models page (src/pages/models/index.astro) and the model line under a figure's caption
// (src/components/FigureModels.astro). The counts come from the core's own glTF reader, the size
// from the file, the one-sentence description from public/models/README.md (which the model
// generator writes from each model's spec, and tests/unit/models.test.ts keeps equal to it).

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Model } from '../core/model.ts';
import { listProjectModels, readProjectModel } from './project-models.ts';

/** One downloadable model. */
export interface ModelEntry {
  /** File name in public/models, e.g. "bend-tube.glb". */
  file: string;
  /** File name without its extension, e.g. "bend-tube"; also its anchor on the Models page. */
  name: string;
  /** Where the browser downloads it, e.g. "/models/bend-tube.glb". */
  href: string;
  /** Size of the file, bytes. */
  bytes: number;
  /** One sentence from public/models/README.md. */
  description: string;
  /** Joints of its skins, nodes of its hierarchy (joints and bone-less nodes). */
  joints: number;
  nodes: number;
  /** Vertices and triangles of its skinned meshes. */
  vertices: number;
  triangles: number;
  /** Its clips: name and length in seconds. */
  clips: { name: string; duration: number }[];
}

/** Size as the site prints it: kilobytes of 1,024 bytes with one decimal, e.g. "97.5 KB". */
export function formatKilobytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new Error(`model size: ${bytes} is not a number of bytes`);
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * Each model's one-sentence description from the README's "### name" sections (the paragraph
 * under the heading), by name without extension.
 */
export function readmeDescriptions(readme: string): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const match of readme.matchAll(/^### ([^\n]+)\n\n([^\n]+(?:\n[^\n-][^\n]*)*)/gm)) {
    descriptions.set(match[1].trim(), match[2].replace(/\s*\n\s*/g, ' ').trim());
  }
  return descriptions;
}

/** Joints, nodes, vertices, triangles and clips of a model the core has read. */
export function countModel(model: Model): Pick<ModelEntry, 'joints' | 'nodes' | 'vertices' | 'triangles' | 'clips'> {
  let vertices = 0;
  let triangles = 0;
  for (const mesh of model.meshes) {
    for (const primitive of mesh.primitives) {
      vertices += primitive.vertexCount;
      triangles += Math.floor((primitive.indices?.length ?? primitive.vertexCount) / 3);
    }
  }
  return {
    joints: model.skins.reduce((sum, skin) => sum + skin.joints.length, 0),
    nodes: model.hierarchy.count,
    vertices,
    triangles,
    clips: model.clips.map((clip) => ({ name: clip.name, duration: clip.duration })),
  };
}

const catalogues = new Map<string, ModelEntry[]>();

/**
 * Every public/models/*.glb under `root`, in the README's order (the smallest skeletons first), read
 * by the core. Throws when a file has no description in the README (regenerate the models: `npm run
 * models`). Cached per root: the files are read once per build.
 */
export function modelCatalogue(root: string = process.cwd()): ModelEntry[] {
  const cached = catalogues.get(root);
  if (cached) return cached;
  const descriptions = readmeDescriptions(readFileSync(join(root, 'public', 'models', 'README.md'), 'utf8'));
  const order = [...descriptions.keys()];
  const files = listProjectModels(root).sort((a, b) => order.indexOf(a.replace(/\.glb$/, '')) - order.indexOf(b.replace(/\.glb$/, '')));
  const entries = files.map((file): ModelEntry => {
    const name = file.replace(/\.glb$/, '');
    const description = descriptions.get(name);
    if (description === undefined) throw new Error(`public/models/README.md has no section "### ${name}" describing ${file}`);
    return {
      file,
      name,
      href: `/models/${file}`,
      bytes: statSync(join(root, 'public', 'models', file)).size,
      description,
      ...countModel(readProjectModel(file, root)),
    };
  });
  catalogues.set(root, entries);
  return entries;
}

/** The entry of `file` (e.g. "bend-tube.glb"); throws naming the file when public/models has no such model. */
export function modelEntry(file: string, root: string = process.cwd()): ModelEntry {
  const entry = modelCatalogue(root).find((candidate) => candidate.file === file);
  if (entry === undefined) {
    throw new Error(`no model "${file}" in public/models (there: ${modelCatalogue(root).map((candidate) => candidate.file).join(', ')})`);
  }
  return entry;
}
