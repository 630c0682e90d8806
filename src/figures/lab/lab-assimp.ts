// The model lab's Assimp path: the worker (lab-worker.ts) imports this module only when the model
// opened is a format Assimp reads (FBX, COLLADA, BVH, MD5…), so neither the page nor a glb ever
// loads it. Assimp is the Open Asset Import Library compiled to WebAssembly (npm `assimpjs`); its
// Emscripten script is bundled into this module's chunk and its .wasm is served from the site's
// own build output (a Vite `?url` asset), fetched here once per worker with progress.
//
// Every dropped file goes into Assimp's FileList, the model first, so the files it names (a .dae's
// textures, an .md5mesh's .md5anim, an Ogre .skeleton.xml) are found. The scene is converted twice:
// to glb ("glb2"), which the core's glTF reader and the diagnosis then load like any glTF, and to
// Assimp's own JSON ("assjson"), the aiScene the chapters describe, for the "Assimp's view" panel.

import createAssimp from 'assimpjs';
import assimpWasmUrl from 'assimpjs/dist/assimpjs.wasm?url';
import type { AssimpModule } from 'assimpjs';
import { glbGenerator, readAssimpScene, type AssimpScene } from './lab-assimp-scene.ts';

/** The most bytes handed to Assimp at once: assimpjs copies a file into WebAssembly one byte per call (≈ 3 MB/s). */
export const MAX_ASSIMP_BYTES = 64 * 1024 * 1024;

/** What Assimp's result codes mean, for the message a reader sees. */
const ERROR_CODES: Record<string, string> = {
  no_files_found: 'no file was given to it',
  import_error: 'none of its importers could read the file: it is damaged, or not the format its name says',
  export_error: 'it read the file but could not write it as glTF',
  unknown_error: 'it stopped without saying why',
};

export interface AssimpInput {
  /** Name as Assimp sees it (it finds companions by name). */
  name: string;
  bytes: Uint8Array;
}

export interface AssimpConversion {
  /** The scene as glb, for the glTF reader; a copy owned by the caller. */
  glb: Uint8Array;
  generator: string;
  scene: AssimpScene;
  milliseconds: number;
}

/** Progress callback: stage, bytes done and bytes in all (0 when unknown). */
export type AssimpProgress = (stage: 'loading-assimp' | 'converting', loaded: number, total: number) => void;

/** The Assimp module once loaded; null again after it aborts (its memory is then unusable). */
let assimp: Promise<AssimpModule> | null = null;

/** Fetches Assimp's .wasm (from this site) with progress. */
async function fetchWasm(onProgress: AssimpProgress): Promise<Uint8Array> {
  const response = await fetch(assimpWasmUrl);
  if (!response.ok || response.body === null) throw new Error(`Assimp could not be loaded: ${assimpWasmUrl} answered HTTP ${response.status}.`);
  const total = Number(response.headers.get('content-length') ?? 0);
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress('loading-assimp', loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

function loadAssimp(onProgress: AssimpProgress): Promise<AssimpModule> {
  if (assimp === null) {
    onProgress('loading-assimp', 0, 0);
    // The .wasm is handed over as bytes, so the Emscripten script never works out a URL of its own.
    assimp = fetchWasm(onProgress).then((wasmBinary) => createAssimp({ wasmBinary, print: () => {}, printErr: () => {} }));
    assimp.catch(() => (assimp = null));
  }
  return assimp;
}

/** One conversion of the listed files to `format`; the first output file's bytes, copied out of Assimp's memory. */
function convert(module: AssimpModule, files: readonly AssimpInput[], format: 'glb2' | 'assjson', modelName: string, formatName: string): Uint8Array {
  const list = new module.FileList();
  for (const file of files) list.AddFile(file.name, file.bytes);
  const result = module.ConvertFileList(list, format);
  try {
    if (!result.IsSuccess() || result.FileCount() < 1) {
      const code = result.GetErrorCode();
      throw new Error(`Assimp could not read ${modelName} (${formatName}): error code "${code}" — ${ERROR_CODES[code] ?? 'an error it did not describe'}.`);
    }
    const file = result.GetFile(0);
    const bytes = file.GetContent().slice();
    file.delete();
    return bytes;
  } finally {
    result.delete();
    list.delete();
  }
}

/**
 * Converts `files` (the model first) with Assimp: the glb for the glTF reader and the aiScene
 * JSON excerpt. Throws an Error naming the model, its format and Assimp's error code when Assimp
 * refuses it, and when Assimp itself stops (a trap or an uncaught C++ exception), after which the
 * next file loads it afresh.
 */
export async function convertWithAssimp(files: readonly AssimpInput[], formatName: string, onProgress: AssimpProgress): Promise<AssimpConversion> {
  const modelName = files[0].name;
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > MAX_ASSIMP_BYTES) {
    throw new Error(`The files given hold ${(total / 2 ** 20).toFixed(0)} MiB; the lab hands at most ${MAX_ASSIMP_BYTES / 2 ** 20} MiB to Assimp at once.`);
  }
  const module = await loadAssimp(onProgress);
  onProgress('converting', 0, total);
  const start = performance.now();
  try {
    const glb = convert(module, files, 'glb2', modelName, formatName);
    onProgress('converting', total, total);
    const json = new TextDecoder().decode(convert(module, files, 'assjson', modelName, formatName));
    return { glb, generator: glbGenerator(glb), scene: readAssimpScene(json), milliseconds: performance.now() - start };
  } catch (error) {
    // Our own messages pass through; anything else (a trap, a C++ exception surfacing as a number) leaves Assimp unusable.
    if (error instanceof Error && !(error instanceof WebAssembly.RuntimeError)) throw error;
    assimp = null;
    const reason = error instanceof Error ? error.message : `exception ${String(error)}`;
    throw new Error(`Assimp stopped while reading ${modelName} (${formatName}): ${reason}. The file may be damaged.`);
  }
}
