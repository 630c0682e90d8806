// Which of the files a reader dropped (or picked) is the model, and how a .gltf's `uri`s find the
// other files dropped with it. Pure functions: the worker (lab-worker.ts) and the tests use them.

/** A file as the lab sees it: its name and, for a folder dropped or picked whole, its relative path. */
export interface LabFileName {
  name: string;
  /** "folder/scene.gltf" for a file inside a dropped folder, else "" or the name. */
  relativePath: string;
}

/** The most bytes the lab reads from one drop (all files together); a bigger drop is refused before reading. */
export const MAX_DROP_BYTES = 512 * 1024 * 1024;

/** How the lab reads a model: with the core's glTF reader, or converted to glb by Assimp first. */
export type ModelReader = 'gltf' | 'assimp';

export interface ModelFormat {
  reader: ModelReader;
  /** The format's name as a reader knows it ("FBX", "COLLADA"). */
  name: string;
}

/**
 * The model formats the lab opens, by file name ending: glTF with the core's reader; the formats
 * Assimp reads that carry a skeleton, skins or animation (and OBJ, which readers often have at
 * hand) through Assimp. Companions (.bin, .mtl, textures, .skeleton.xml) are not listed: they are
 * read only when the model names them.
 */
const MODEL_FORMATS: [RegExp, ModelFormat][] = [
  [/\.glb$/i, { reader: 'gltf', name: 'glTF binary' }],
  [/\.gltf$/i, { reader: 'gltf', name: 'glTF' }],
  [/\.fbx$/i, { reader: 'assimp', name: 'FBX' }],
  [/\.dae$/i, { reader: 'assimp', name: 'COLLADA' }],
  [/\.x$/i, { reader: 'assimp', name: 'DirectX' }],
  [/\.bvh$/i, { reader: 'assimp', name: 'BVH motion capture' }],
  [/\.md5mesh$/i, { reader: 'assimp', name: 'Doom 3 MD5' }],
  [/\.md5anim$/i, { reader: 'assimp', name: 'Doom 3 MD5 animation' }],
  [/\.smd$/i, { reader: 'assimp', name: 'Valve SMD' }],
  [/\.iqm$/i, { reader: 'assimp', name: 'Inter-Quake Model' }],
  [/\.b3d$/i, { reader: 'assimp', name: 'Blitz3D' }],
  [/\.ms3d$/i, { reader: 'assimp', name: 'MilkShape 3D' }],
  [/\.mesh\.xml$/i, { reader: 'assimp', name: 'Ogre XML' }],
  [/\.obj$/i, { reader: 'assimp', name: 'Wavefront OBJ' }],
];

/** A model's animation beside it: the model when dropped alone, a companion when its model is there too. */
const SECONDARY_MODEL = /\.md5anim$/i;

/** The endings the lab opens, for messages and the file picker's accept list. */
export const MODEL_EXTENSIONS = ['.glb', '.gltf', '.fbx', '.dae', '.x', '.bvh', '.md5mesh', '.md5anim', '.smd', '.iqm', '.b3d', '.ms3d', '.mesh.xml', '.obj'] as const;

/** The format of a model file by its name, or null for a file that is not a model the lab opens. */
export function modelFormatOf(name: string): ModelFormat | null {
  for (const [ending, format] of MODEL_FORMATS) if (ending.test(name)) return format;
  return null;
}

/**
 * The index of the model among `files`: the one .glb, .gltf or file Assimp reads (an .md5mesh
 * before the .md5anim dropped with it). Throws an Error saying what is wrong when there is none or
 * more than one (names are quoted as given, never interpreted).
 */
export function chooseModelFile(files: readonly LabFileName[]): number {
  const candidates = files.map((file, i) => [file, i] as const).filter(([file]) => modelFormatOf(file.name) !== null);
  const primary = candidates.filter(([file]) => !SECONDARY_MODEL.test(file.name));
  const models = primary.length > 0 ? primary : candidates;
  if (models.length === 1) return models[0][1];
  if (models.length === 0) {
    const names = files.map((file) => `"${file.name}"`).join(', ') || 'none';
    throw new Error(
      `No model among the files given (${names}). The lab opens ${MODEL_EXTENSIONS.join(', ')}: drop the model itself, with the files it names (a .gltf's .bin, an .md5mesh's .md5anim).`,
    );
  }
  if (primary.length === 0) {
    throw new Error(`One animation at a time: ${models.map(([file]) => `"${file.name}"`).join(', ')} were given together. Drop one, with its .md5mesh.`);
  }
  throw new Error(`One model at a time: ${models.map(([file]) => `"${file.name}"`).join(', ')} were given together.`);
}

/** The file name without folders and without its last extension ("a/walk.md5mesh" → "walk"). */
function baseName(name: string): string {
  const file = name.slice(name.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}

/**
 * The name under which each dropped file is handed to Assimp, the model first in `order`. Assimp
 * finds companions by file name (case-insensitive), and an .md5mesh's animation only as the
 * .md5anim of the same name: a single .md5anim dropped with an .md5mesh is handed over under that
 * name. Throws when several .md5anim files could belong to the model and none is named like it.
 */
export function assimpInputs(files: readonly LabFileName[], modelIndex: number): { order: number[]; names: string[] } {
  const model = files[modelIndex].name;
  const names = files.map((file) => file.name);
  if (/\.md5mesh$/i.test(model)) {
    const wanted = `${baseName(model)}.md5anim`;
    const animations = files.flatMap((file, i) => (SECONDARY_MODEL.test(file.name) ? [i] : []));
    const named = animations.filter((i) => files[i].name.toLowerCase() === wanted.toLowerCase());
    if (animations.length === 1) names[animations[0]] = wanted;
    else if (animations.length > 1 && named.length !== 1) {
      throw new Error(
        `Assimp reads one animation per .md5mesh, the .md5anim named like it ("${wanted}"): ${animations.map((i) => `"${files[i].name}"`).join(', ')} were given. Drop one of them.`,
      );
    }
  }
  const order = [modelIndex, ...files.map((_, i) => i).filter((i) => i !== modelIndex)];
  return { order, names };
}

/**
 * A uri as written in a .gltf, as a path to compare with dropped files: percent-decoding undone
 * (left as written when malformed), backslashes as slashes, "./" and a query or fragment dropped.
 */
export function uriToPath(uri: string): string {
  let path = uri.replace(/[?#].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed percent-encoding: compare the uri as written.
  }
  return path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/** The folder of a relative path, with its trailing slash ("" at the top). */
function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** Resolves ".." and "." segments of a relative path ("a/../b.bin" → "b.bin"). */
function normalisePath(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/');
}

/**
 * A resolveUri for parseGltf: the bytes of the dropped file a uri of the model names — the file at
 * that path relative to the model's own (a dropped folder keeps its layout), else the only dropped
 * file with that name — or undefined, which the loader reports naming the uri.
 */
export function resolverFor(
  files: readonly LabFileName[],
  bytesOf: (index: number) => Uint8Array,
  modelIndex: number,
): (uri: string) => Uint8Array | undefined {
  const base = folderOf(files[modelIndex].relativePath || files[modelIndex].name);
  return (uri) => {
    const path = uriToPath(uri);
    const wanted = normalisePath(base + path);
    const exact = files.findIndex((file, i) => i !== modelIndex && normalisePath(file.relativePath || file.name) === wanted);
    if (exact >= 0) return bytesOf(exact);
    const name = path.slice(path.lastIndexOf('/') + 1);
    const byName = files.flatMap((file, i) => (i !== modelIndex && file.name === name ? [i] : []));
    return byName.length === 1 ? bytesOf(byName[0]) : undefined;
  };
}

/** The reader-facing message for a loader error: a missing external file gets a hint on what to drop. */
export function explainLoadError(message: string): string {
  if (/external file ".*" was not provided/.test(message)) {
    return `${message}. Drop the .gltf together with the files it names (select them all, or drop their folder).`;
  }
  return message;
}
