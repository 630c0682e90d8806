// The messages between the model lab's page (lab-island.ts) and its worker (lab-worker.ts). Every
// field is structured-cloneable: a Model travels as its plain objects and typed arrays.

import type { Diagnosis } from '../../core/diagnosis.ts';
import type { Model } from '../../core/model.ts';

/** Page → worker: open these dropped or picked files, or one of the site's own models. */
export type LabRequest =
  | { kind: 'files'; id: number; files: File[] }
  | { kind: 'url'; id: number; url: string; name: string };

/**
 * What the worker is doing for request `id`; `loaded` and `total` are bytes (0 when unknown).
 * 'loading-assimp' fetches Assimp's WebAssembly (once per worker); 'converting' hands the files to it.
 */
export type LabStage = 'reading' | 'loading-assimp' | 'converting' | 'parsing' | 'checking';

/** For a file Assimp converted to glb before the glTF reader loaded it: what Assimp saw. */
export interface AssimpReport {
  /** The format of the file opened ("FBX"). */
  format: string;
  /** Who wrote the glb, as Assimp's exporter names itself ("Open Asset Import Library (assimp v5.2.…)"), "" when unnamed. */
  generator: string;
  /** The aiScene as JSON, bulk arrays cut (lab-assimp-scene.ts). */
  scene: string;
  /** aiMeshes and their vertices as Assimp hands them over. */
  meshes: number;
  vertices: number;
  /** Time Assimp took to convert the file twice (to glb and to JSON), milliseconds. */
  milliseconds: number;
}

/** Worker → page. */
export type LabResponse =
  | { kind: 'progress'; id: number; stage: LabStage; loaded: number; total: number }
  /** The loader's verdict: the model (null when refused) and the diagnosis either way. */
  | { kind: 'done'; id: number; name: string; model: Model | null; diagnosis: Diagnosis; assimp: AssimpReport | null }
  /** Nothing to diagnose: no model among the files, too big, unreadable, not downloaded. */
  | { kind: 'failed'; id: number; message: string };
