// Hostile or degenerate glTF files for the loader's resource limits (tests/unit/limits/loader.test.ts),
// each built from a few lines of JSON. Every scenario parses its file and returns what the loader
// made of it, or throws what the loader threw.
import { parseGltf } from '../../../../src/core/gltf/index.ts';

const FLOAT = 5126;
const UNSIGNED_BYTE = 5121;

/** The JSON text of `document` as a .gltf file's bytes. */
function bytesOf(document: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(document));
}

/** A small summary of a loaded model, for the test to check. */
function summary(model: ReturnType<typeof parseGltf>) {
  return {
    meshes: model.meshes.length,
    primitives: model.meshes.reduce((sum, mesh) => sum + mesh.primitives.length, 0),
    vertices: model.meshes.reduce((sum, mesh) => sum + mesh.primitives.reduce((s, p) => s + p.vertexCount, 0), 0),
    clips: model.clips.length,
    notes: model.notes.slice(0, 20),
  };
}

/**
 * Case 1: zero-filled accessors (no bufferView) of `vertices` vertices — POSITION, JOINTS_0,
 * WEIGHTS_0 — shared by `primitives` primitives of one mesh, drawn by `skins` nodes each with a
 * skin of its own (all over the same joint).
 */
export function sharedAccessors({ vertices, primitives, skins }: { vertices: number; primitives: number; skins: number }) {
  const file = {
    asset: { version: '2.0' },
    nodes: [{ name: 'joint' }, ...Array.from({ length: skins }, (_, s) => ({ mesh: 0, skin: s }))],
    skins: Array.from({ length: skins }, () => ({ joints: [0] })),
    accessors: [
      { componentType: FLOAT, count: vertices, type: 'VEC3' },
      { componentType: UNSIGNED_BYTE, count: vertices, type: 'VEC4' },
      { componentType: FLOAT, count: vertices, type: 'VEC4' },
    ],
    meshes: [{ primitives: Array.from({ length: primitives }, () => ({ attributes: { POSITION: 0, JOINTS_0: 1, WEIGHTS_0: 2 } })) }],
  };
  return summary(parseGltf(bytesOf(file)));
}

/**
 * Case 2: `vertices` unweighted vertices and `joints` joints whose bind-pose origins lie on the
 * unit sphere around them, so every joint is about equally near and the nearest-joint search
 * cannot prune. The vertices are all at the origin (zero-filled), or, with `distinct`, each at a
 * point of its own within 0.01 of it (read from the buffer).
 */
export function equidistantJoints({ vertices, joints, distinct = false }: { vertices: number; joints: number; distinct?: boolean }) {
  const nodes: object[] = [{ mesh: 0, skin: 0 }];
  const inverseBinds = new Float32Array(16 * joints);
  for (let j = 0; j < joints; j++) {
    // Fibonacci sphere: joint j at p; its inverse bind matrix translates by −p.
    const y = 1 - (2 * (j + 0.5)) / joints;
    const r = Math.sqrt(1 - y * y);
    const phi = j * Math.PI * (3 - Math.sqrt(5));
    const p = [Math.cos(phi) * r, y, Math.sin(phi) * r];
    nodes.push({ translation: p });
    inverseBinds.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -p[0], -p[1], -p[2], 1], 16 * j);
  }
  const positions = new Float32Array(distinct ? 3 * vertices : 0);
  for (let i = 0; i < positions.length; i++) positions[i] = 0.01 * Math.sin(i * 12.9898 + 78.233 * (i % 7));
  const binary = new Uint8Array(inverseBinds.byteLength + positions.byteLength);
  binary.set(new Uint8Array(inverseBinds.buffer), 0);
  binary.set(new Uint8Array(positions.buffer), inverseBinds.byteLength);
  const file = {
    asset: { version: '2.0' },
    buffers: [{ byteLength: binary.byteLength, uri: `data:application/octet-stream;base64,${Buffer.from(binary).toString('base64')}` }],
    bufferViews: [
      { buffer: 0, byteLength: inverseBinds.byteLength },
      ...(distinct ? [{ buffer: 0, byteOffset: inverseBinds.byteLength, byteLength: positions.byteLength }] : []),
    ],
    nodes,
    skins: [{ joints: Array.from({ length: joints }, (_, j) => j + 1), inverseBindMatrices: 3 }],
    accessors: [
      { ...(distinct ? { bufferView: 1 } : {}), componentType: FLOAT, count: vertices, type: 'VEC3' },
      { componentType: UNSIGNED_BYTE, count: vertices, type: 'VEC4' },
      { componentType: FLOAT, count: vertices, type: 'VEC4' },
      { bufferView: 0, componentType: FLOAT, count: joints, type: 'MAT4' },
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, JOINTS_0: 1, WEIGHTS_0: 2 } }] }],
  };
  return summary(parseGltf(bytesOf(file)));
}
