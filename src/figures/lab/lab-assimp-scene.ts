// Assimp's own view of a model for the lab's "Assimp's view" panel: the aiScene as Assimp's JSON
// exporter ("assjson") writes it, pretty-printed for reading, with the bulk data cut — vertex
// arrays, faces, weights and keys longer than MAX_DATA_ENTRIES are replaced by their length — and
// the whole capped at MAX_SCENE_CHARS. Pure functions: the worker runs them, the unit tests pin them.
// The text is shown with textContent only: names in it come from the reader's file.

/** Entries a number array (or an array of small number arrays: faces, weights, keys) keeps before it is cut to its length. */
export const MAX_DATA_ENTRIES = 16;
/** Characters of a string (an embedded texture, a long name) kept before it is cut to its length. */
export const MAX_STRING_CHARS = 200;
/** Characters of the whole excerpt; a last line says how much was left out. */
export const MAX_SCENE_CHARS = 300_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A number array, or an array of number arrays nested at most twice ([[t, [x, y, z]], …]): data, not structure. */
function isDataArray(value: Json[]): boolean {
  const isNumbers = (items: Json[], depth: number): boolean =>
    items.every((item) => typeof item === 'number' || (Array.isArray(item) && depth > 0 && isNumbers(item, depth - 1)));
  return isNumbers(value, 2);
}

function write(value: Json, indent: string, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && value.length > MAX_STRING_CHARS) {
      out.push(JSON.stringify(`${value.slice(0, 40)}… ${value.length} characters`));
    } else out.push(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    if (isDataArray(value)) {
      const flat = value.every((item) => typeof item === 'number');
      if (value.length > MAX_DATA_ENTRIES) out.push(`"… ${value.length} ${flat ? 'numbers' : 'entries'}"`);
      else out.push(JSON.stringify(value).replace(/,/g, ', '));
      return;
    }
    const inner = `${indent}  `;
    out.push('[\n');
    value.forEach((item, i) => {
      out.push(inner);
      write(item, inner, out);
      out.push(i < value.length - 1 ? ',\n' : '\n');
    });
    out.push(`${indent}]`);
    return;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) {
    out.push('{}');
    return;
  }
  const inner = `${indent}  `;
  out.push('{\n');
  keys.forEach((key, i) => {
    out.push(`${inner}${JSON.stringify(key)}: `);
    write(value[key], inner, out);
    out.push(i < keys.length - 1 ? ',\n' : '\n');
  });
  out.push(`${indent}}`);
}

/** What the lab shows of an aiScene. */
export interface AssimpScene {
  /** The scene as indented JSON, bulk data cut (see readAssimpScene). */
  excerpt: string;
  /** aiMeshes, and their vertices as Assimp hands them over (after it splits shared ones). */
  meshes: number;
  vertices: number;
}

/**
 * Reads the aiScene JSON `text` (Assimp's "assjson" export): an indented excerpt with bulk arrays
 * cut to "… N numbers" (or "… N entries" for faces, weights and keys), at most `maxChars` in all,
 * and the mesh and vertex counts. Throws an Error naming the problem when `text` is not JSON.
 */
export function readAssimpScene(text: string, maxChars = MAX_SCENE_CHARS): AssimpScene {
  let scene: Json;
  try {
    scene = JSON.parse(text) as Json;
  } catch (error) {
    throw new Error(`Assimp's JSON export could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const meshList = scene !== null && typeof scene === 'object' && !Array.isArray(scene) && Array.isArray(scene.meshes) ? scene.meshes : [];
  let vertices = 0;
  for (const mesh of meshList) {
    if (mesh !== null && typeof mesh === 'object' && !Array.isArray(mesh) && Array.isArray(mesh.vertices)) vertices += mesh.vertices.length / 3;
  }
  const out: string[] = [];
  write(scene, '', out);
  let excerpt = out.join('');
  if (excerpt.length > maxChars) {
    const cut = excerpt.lastIndexOf('\n', maxChars);
    const kept = excerpt.slice(0, cut > 0 ? cut : maxChars);
    excerpt = `${kept}\n… cut here: ${(excerpt.length - kept.length).toLocaleString('en')} more characters of the scene.`;
  }
  return { excerpt, meshes: meshList.length, vertices };
}

/** The `generator` of a glb's JSON chunk ("Open Asset Import Library (assimp v5.2.…)"), or "" when it has none or is not a glb. */
export function glbGenerator(glb: Uint8Array): string {
  if (glb.length < 20) return '';
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a || 20 + jsonLength > glb.length) return '';
  try {
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as { asset?: { generator?: unknown } };
    return typeof json.asset?.generator === 'string' ? json.asset.generator : '';
  } catch {
    return '';
  }
}
