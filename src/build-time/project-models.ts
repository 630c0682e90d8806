// Reading the project's own model files (public/models) at build time, for the worked examples.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGltf } from '../core/gltf/index.ts';
import type { Model } from '../core/model.ts';

/** public/models/`name` under the repository `root`, parsed by the core's glTF reader. */
export function readProjectModel(name: string, root: string = process.cwd()): Model {
  const bytes = readFileSync(join(root, 'public', 'models', name));
  return parseGltf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** File names of the project's models, public/models/*.glb under `root`, sorted. */
export function listProjectModels(root: string = process.cwd()): string[] {
  return readdirSync(join(root, 'public', 'models'))
    .filter((name) => name.endsWith('.glb'))
    .sort();
}
