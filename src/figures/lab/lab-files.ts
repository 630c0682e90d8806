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

const MODEL_EXTENSION = /\.(glb|gltf)$/i;

/**
 * The index of the model among `files`: the one .glb or .gltf. Throws an Error saying what is
 * wrong when there is none or more than one (names are quoted as given, never interpreted).
 */
export function chooseModelFile(files: readonly LabFileName[]): number {
  const models = files.map((file, i) => [file, i] as const).filter(([file]) => MODEL_EXTENSION.test(file.name));
  if (models.length === 1) return models[0][1];
  if (models.length === 0) {
    const names = files.map((file) => `"${file.name}"`).join(', ') || 'none';
    throw new Error(`No .glb or .gltf among the files given (${names}). Drop the model itself, with its .bin beside a .gltf.`);
  }
  throw new Error(`One model at a time: ${models.map(([file]) => `"${file.name}"`).join(', ')} were given together.`);
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
