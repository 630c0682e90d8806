// The model lab's worker: reads the files a reader dropped (with progress), loads the model with
// the core's glTF reader and diagnoses it, off the page's thread so a large or hostile file never
// freezes the page; the page ends it (Cancel) with Worker.terminate(). The loader's budgets bound
// the time and memory a file can cost. A model in a format Assimp reads (FBX, COLLADA, BVH, MD5…)
// is first converted to glb by Assimp (lab-assimp.ts, imported only then). Files are read from the
// reader's disk here and go nowhere else: the only network requests this worker makes are for the
// site's own models and, once, for Assimp's WebAssembly.

import { diagnoseGltf } from '../../core/diagnosis.ts';
import type { Model } from '../../core/model.ts';
import { assimpInputs, chooseModelFile, explainLoadError, MAX_DROP_BYTES, modelFormatOf, resolverFor, type LabFileName } from './lab-files.ts';
import type { AssimpReport, LabRequest, LabResponse, LabStage } from './lab-protocol.ts';

/** Least time between two progress messages, milliseconds. */
const PROGRESS_INTERVAL = 100;

function post(message: LabResponse, transfer: Transferable[] = []): void {
  (self as unknown as { postMessage(message: LabResponse, transfer: Transferable[]): void }).postMessage(message, transfer);
}

function progress(id: number, stage: LabStage, loaded: number, total: number): void {
  post({ kind: 'progress', id, stage, loaded, total });
}

/** Reads `file` whole, posting progress; `offset`/`total` place it within the whole drop. */
async function readFile(file: Blob, id: number, offset: number, total: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let at = 0;
  let lastPost = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > bytes.length) throw new Error('the file grew while it was being read');
    bytes.set(value, at);
    at += value.length;
    const now = performance.now();
    if (now - lastPost > PROGRESS_INTERVAL) {
      lastPost = now;
      progress(id, 'reading', offset + at, total);
    }
  }
  return at === bytes.length ? bytes : bytes.subarray(0, at);
}

/** The ArrayBuffers under every typed array of `model`, each once, to transfer instead of copy. */
function buffersOf(model: Model): Transferable[] {
  const buffers = new Set<ArrayBufferLike>();
  const add = (array: ArrayBufferView | null) => {
    if (array !== null) buffers.add(array.buffer);
  };
  const { hierarchy } = model;
  for (const array of [hierarchy.parents, hierarchy.sourceIndex, hierarchy.rest.translations, hierarchy.rest.rotations, hierarchy.rest.scales]) add(array);
  for (const skin of model.skins) {
    add(skin.joints);
    add(skin.inverseBindMatrices);
  }
  for (const mesh of model.meshes) {
    for (const p of mesh.primitives) for (const array of [p.positions, p.normals, p.joints, p.weights, p.indices]) add(array);
  }
  for (const part of model.rigidParts ?? []) {
    for (const p of part.primitives) for (const array of [p.positions, p.normals, p.indices]) add(array);
  }
  for (const clip of model.clips) {
    for (const track of clip.tracks) {
      add(track.times);
      add(track.values);
    }
  }
  return [...buffers].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
}

function finish(id: number, name: string, data: Uint8Array, resolveUri?: (uri: string) => Uint8Array | undefined, assimp: AssimpReport | null = null): void {
  progress(id, 'parsing', data.length, data.length);
  const { model, diagnosis } = diagnoseGltf(data, { resolveUri });
  if (diagnosis.error !== null) diagnosis.error = explainLoadError(diagnosis.error);
  if (assimp !== null) diagnosis.notes.unshift(convertedNote(name, assimp, diagnosis.counts?.vertices ?? null));
  post({ kind: 'done', id, name, model, diagnosis, assimp }, model === null ? [] : buffersOf(model));
}

/** The loader note that says the file went through Assimp, and what that changes; `gltfVertices` null when the glb was refused. */
function convertedNote(name: string, assimp: AssimpReport, gltfVertices: number | null): string {
  const by = assimp.generator === '' ? 'Assimp' : `Assimp (${assimp.generator})`;
  const counts =
    gltfVertices === null
      ? ''
      : ` Here its aiScene holds ${assimp.vertices.toLocaleString('en')} vertices and the glTF it wrote ${gltfVertices.toLocaleString('en')}.`;
  return (
    `${name} (${assimp.format}) was converted to glTF by ${by} before the glTF reader loaded it: this report describes ` +
    `Assimp's glTF, not the file as written. Assimp un-welds vertices on the way — a vertex shared by several faces can come ` +
    `out as one copy per face corner — so vertex counts differ from those of the file's own tool.${counts}`
  );
}

async function open(request: LabRequest): Promise<void> {
  if (request.kind === 'url') {
    progress(request.id, 'reading', 0, 0);
    const response = await fetch(request.url);
    if (!response.ok) throw new Error(`${request.name} could not be downloaded (HTTP ${response.status}).`);
    const data = new Uint8Array(await response.arrayBuffer());
    finish(request.id, request.name, data);
    return;
  }
  const files = request.files;
  const names: LabFileName[] = files.map((file) => ({ name: file.name, relativePath: (file as File & { webkitRelativePath?: string }).webkitRelativePath ?? '' }));
  const modelIndex = chooseModelFile(names);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_DROP_BYTES) {
    throw new Error(`The files given hold ${(total / 2 ** 20).toFixed(0)} MiB; the lab reads at most ${MAX_DROP_BYTES / 2 ** 20} MiB at once.`);
  }
  const contents: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    contents.push(await readFile(file, request.id, offset, total));
    offset += file.size;
  }
  progress(request.id, 'reading', total, total);
  const format = modelFormatOf(files[modelIndex].name);
  if (format === null || format.reader === 'gltf') {
    finish(request.id, files[modelIndex].name, contents[modelIndex], resolverFor(names, (i) => contents[i], modelIndex));
    return;
  }
  const { order, names: assimpNames } = assimpInputs(names, modelIndex);
  const { convertWithAssimp } = await import('./lab-assimp.ts');
  const converted = await convertWithAssimp(
    order.map((i) => ({ name: assimpNames[i], bytes: contents[i] })),
    format.name,
    (stage, loaded, stageTotal) => progress(request.id, stage, loaded, stageTotal),
  );
  const { scene } = converted;
  finish(request.id, files[modelIndex].name, converted.glb, undefined, {
    format: format.name,
    generator: converted.generator,
    scene: scene.excerpt,
    meshes: scene.meshes,
    vertices: scene.vertices,
    milliseconds: converted.milliseconds,
  });
}

self.addEventListener('message', (event: MessageEvent<LabRequest>) => {
  const request = event.data;
  open(request).catch((error: unknown) => {
    post({ kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  });
});
