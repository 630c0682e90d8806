// The clip names of the project's model files, read once per build for the figures' clip menus.
import { readProjectModel } from './project-models.ts';

/** File name in public/models → its clips' names, in file order. */
const cache = new Map<string, readonly string[]>();

/** The names of the clips of public/models/`file`, in file order (the order the loader gives). */
export function clipNamesOf(file: string): readonly string[] {
  let names = cache.get(file);
  if (names === undefined) {
    names = readProjectModel(file).clips.map((clip) => clip.name);
    cache.set(file, names);
  }
  return names;
}
