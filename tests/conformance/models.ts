// The models every conformance test and benchmark runs on: the project's own (public/models) and the
// Khronos samples in ../shared/models/khronos, which may be absent on some machines.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const khronosDir = fileURLToPath(new URL('../../../shared/models/khronos/', import.meta.url));
/** The Khronos models the conformance suite expects; listed by name so an absent folder is reported, not hidden. */
export const khronosNames = ['RiggedSimple', 'RiggedFigure', 'SimpleSkin'] as const;

export interface ModelFile {
  /** e.g. "mannequin.glb" or "khronos/RiggedFigure.gltf" */
  label: string;
  /** Absolute path, or null when the file is missing on this machine. */
  path: string | null;
}

/** The project's generated models, public/models/*.glb. */
export function projectModels(): ModelFile[] {
  const dir = `${projectRoot}public/models/`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.glb'))
    .sort()
    .map((name) => ({ label: name, path: dir + name }));
}

/** Each Khronos sample as .glb and .gltf; path is null when ../shared is not present. */
export function khronosModels(): ModelFile[] {
  return khronosNames.flatMap((name) =>
    ['glb', 'gltf'].map((ext) => {
      const path = `${khronosDir}${name}/${name}.${ext}`;
      return { label: `khronos/${name}.${ext}`, path: existsSync(path) ? path : null };
    }),
  );
}

export function readBytes(path: string): Uint8Array {
  const buffer = readFileSync(path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
