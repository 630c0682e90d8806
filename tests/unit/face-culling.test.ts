// The site's models are drawn with back faces culled (their materials are single-sided; src/gl/mesh.ts
// cullFaces), which halves the triangles a software renderer shades. That changes no pixel only if
// every back face is hidden behind a front face: each primitive must be a closed surface whose
// triangles all wind counter-clockwise seen from outside. These checks would fail for a mesh with a
// hole (an edge used once), a flipped triangle (an edge used twice in one direction) or one wound
// inside out (negative volume).

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../src/core/gltf/index.ts';
import type { SkinnedPrimitive } from '../../src/core/model.ts';

const MODELS_DIRECTORY = fileURLToPath(new URL('../../public/models/', import.meta.url));
const files = readdirSync(MODELS_DIRECTORY).filter((name) => name.endsWith('.glb'));

interface SurfaceCheck {
  /** Directed edges (between welded vertices) with no edge running the other way: holes or flips. */
  unpairedEdges: number;
  /** Directed edges used by more than one triangle: flipped or repeated triangles. */
  repeatedEdges: number;
  /** Signed volume enclosed, model units³: positive when the triangles wind counter-clockwise seen from outside. */
  volume: number;
}

/** Edges and enclosed volume of a triangle list, vertices welded by position (seams split normals, not the surface). */
function checkSurface(primitive: SkinnedPrimitive): SurfaceCheck {
  const { positions, vertexCount } = primitive;
  const indices = primitive.indices ?? Uint32Array.from({ length: vertexCount }, (_, i) => i);
  const firstAt = new Map<string, number>();
  const welded = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const key = `${positions[3 * v]},${positions[3 * v + 1]},${positions[3 * v + 2]}`;
    if (!firstAt.has(key)) firstAt.set(key, v);
    welded[v] = firstAt.get(key)!;
  }
  const uses = new Map<string, number>();
  let volume = 0;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const corners = [welded[indices[t]], welded[indices[t + 1]], welded[indices[t + 2]]];
    for (let c = 0; c < 3; c++) {
      const edge = `${corners[c]}>${corners[(c + 1) % 3]}`;
      uses.set(edge, (uses.get(edge) ?? 0) + 1);
    }
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]].map((i) => [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]]);
    // a · (b × c) / 6: the signed volume of the tetrahedron the triangle spans with the origin.
    volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
  }
  let unpairedEdges = 0;
  let repeatedEdges = 0;
  for (const [edge, count] of uses) {
    const [from, to] = edge.split('>');
    if (!uses.has(`${to}>${from}`)) unpairedEdges++;
    if (count > 1) repeatedEdges++;
  }
  return { unpairedEdges, repeatedEdges, volume };
}

describe('back-face culling hides nothing on the site’s models', () => {
  it('covers every model', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of files) {
    it(`${file}: single-sided, closed, wound counter-clockwise seen from outside`, () => {
      const model = parseGltf(readFileSync(MODELS_DIRECTORY + file));
      const primitives = model.meshes.flatMap((mesh) => mesh.primitives);
      expect(primitives.length).toBeGreaterThan(0);
      for (const primitive of primitives) {
        expect(primitive.doubleSided).toBe(false);
        const check = checkSurface(primitive);
        expect(check.unpairedEdges).toBe(0);
        expect(check.repeatedEdges).toBe(0);
        expect(check.volume).toBeGreaterThan(0);
      }
    });
  }

  it('would see a hole, a flipped triangle and a surface wound inside out', () => {
    // A tetrahedron, counter-clockwise from outside; then with one triangle removed, one flipped, all flipped.
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const closed = [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3];
    const of = (indices: number[]): SkinnedPrimitive => ({
      vertexCount: 4,
      positions,
      normals: null,
      joints: new Uint16Array(16),
      weights: new Float32Array(16),
      indices: Uint32Array.from(indices),
    });
    expect(checkSurface(of(closed))).toMatchObject({ unpairedEdges: 0, repeatedEdges: 0 });
    expect(checkSurface(of(closed)).volume).toBeCloseTo(1 / 6, 6);
    expect(checkSurface(of(closed.slice(3))).unpairedEdges).toBe(3);
    expect(checkSurface(of([0, 1, 2, ...closed.slice(3)])).repeatedEdges).toBe(3);
    const insideOut = closed.map((_, i) => closed[i - (i % 3) + [0, 2, 1][i % 3]]);
    expect(checkSurface(of(insideOut)).unpairedEdges).toBe(0);
    expect(checkSurface(of(insideOut)).volume).toBeCloseTo(-1 / 6, 6);
  });
});
