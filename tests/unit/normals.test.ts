// Vertex normals computed from triangles (src/core/normals.ts), as the glTF reader does for a
// primitive without NORMAL.
import { describe, expect, it } from 'vitest';
import { computeVertexNormals, FALLBACK_NORMAL } from '../../src/core/normals.ts';
import { expectClose, expectFinite, randomIn, seededRandom } from './helpers.ts';

const SQRT1_2 = Math.SQRT1_2;

/** The corners of a quad in the plane x = z; counter-clockwise seen from (−1, 0, 1). */
const QUAD = [0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 1, 0];
/** Its two triangles, sharing the diagonal 0–2. */
const QUAD_INDICES = [0, 1, 2, 0, 2, 3];
/** The quad's face normal, (−1, 0, 1) / √2. */
const QUAD_NORMAL = [-SQRT1_2, 0, SQRT1_2];

/** `normal` repeated for `count` vertices. */
function repeated(normal: readonly number[], count: number): number[] {
  return Array.from({ length: count }, () => [...normal]).flat();
}

/** Normals for `positions` (3 per vertex) and optional `indices`, into a fresh array. */
function normalsOf(positions: number[], indices: number[] | null): Float32Array {
  const out = new Float32Array(positions.length);
  const result = computeVertexNormals(out, new Float32Array(positions), indices === null ? null : Uint32Array.from(indices));
  expect(result).toBe(out);
  return out;
}

/** The positions of `indices`' vertices, one copy per corner: the same triangles, not indexed. */
function unindexed(positions: number[], indices: number[]): number[] {
  return indices.flatMap((i) => positions.slice(3 * i, 3 * i + 3));
}

describe('computeVertexNormals', () => {
  it('gives every vertex of a flat quad the unit face normal', () => {
    const normals = normalsOf(QUAD, QUAD_INDICES);
    expectClose(normals, repeated(QUAD_NORMAL, 4), 1e-7);
  });

  it('reads a non-indexed list as triangles 3t, 3t+1, 3t+2, with the same result for a flat quad', () => {
    const normals = normalsOf(unindexed(QUAD, QUAD_INDICES), null);
    expectClose(normals, repeated(QUAD_NORMAL, 6), 1e-7);
  });

  it('follows the winding: clockwise triangles face the other way', () => {
    const normals = normalsOf(QUAD, [0, 2, 1, 0, 3, 2]);
    expectClose(normals, repeated([SQRT1_2, 0, -SQRT1_2], 4), 1e-7);
  });

  describe('a vertex shared by two faces', () => {
    // Two triangles folded at 90° along the edge 0–2: A = (0, 1, 2) in z = 0 facing +Z with area
    // 1/2, B = (0, 2, 3) in x = 0 facing +X with area 1 (its u × v is (2, 0, 0)).
    const FOLD = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2];
    const FOLD_INDICES = [0, 1, 2, 0, 2, 3];

    it('indexed: the shared vertices get the area-weighted mean, the others their face normal', () => {
      const normals = normalsOf(FOLD, FOLD_INDICES);
      const shared = [2 / Math.sqrt(5), 0, 1 / Math.sqrt(5)];
      expectClose(normals, [...shared, 0, 0, 1, ...shared, 1, 0, 0], 1e-7);
    });

    it('not indexed: nothing is shared, so each corner gets its own face normal (flat shading)', () => {
      const normals = normalsOf(unindexed(FOLD, FOLD_INDICES), null);
      expectClose(normals, [...repeated([0, 0, 1], 3), ...repeated([1, 0, 0], 3)], 1e-7);
    });

    it('equal areas give the bisector', () => {
      const normals = normalsOf([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], FOLD_INDICES);
      expectClose(normals.subarray(0, 3), [SQRT1_2, 0, SQRT1_2], 1e-7);
    });
  });

  it('writes unit normals for a random indexed mesh', () => {
    const random = seededRandom(7);
    const positions = Array.from({ length: 3 * 50 }, () => randomIn(random, -2, 2));
    const indices = Array.from({ length: 3 * 80 }, () => Math.floor(random() * 50));
    const normals = normalsOf(positions, indices);
    for (let v = 0; v < 50; v++) expectClose(Math.hypot(...normals.subarray(3 * v, 3 * v + 3)), 1, 1e-6, `vertex ${v}`);
  });

  it('allows out === positions (every position is read before a normal is written)', () => {
    const positions = new Float32Array(QUAD);
    expect(computeVertexNormals(positions, positions, Uint32Array.from(QUAD_INDICES))).toBe(positions);
    expectClose(positions, repeated(QUAD_NORMAL, 4), 1e-7);
  });

  describe('invalid input', () => {
    it('a degenerate triangle contributes nothing; a vertex on no other gets the fallback +Z', () => {
      expect([...FALLBACK_NORMAL]).toEqual([0, 0, 1]);
      // Triangle 0 is collinear (0, 1, 4 on the line x = z, y = 0); triangle 1 is the quad's first half.
      const positions = [...QUAD, 2, 0, 2];
      const normals = normalsOf(positions, [0, 1, 4, 0, 1, 2]);
      expectClose(normals.subarray(0, 9), repeated(QUAD_NORMAL, 3), 1e-7);
      expect([...normals.subarray(9, 12)]).toEqual([0, 0, 1]); // vertex 3: on no triangle
      expect([...normals.subarray(12, 15)]).toEqual([0, 0, 1]); // vertex 4: only on the degenerate one
    });

    it('a triangle with two equal corners, and faces that cancel out, give the fallback', () => {
      expect([...normalsOf([0, 0, 0, 1, 0, 0, 1, 0, 0], null)]).toEqual(repeated([0, 0, 1], 3));
      // The same triangle twice, once each way round (a two-sided sheet sharing its vertices).
      expect([...normalsOf([0, 0, 0, 0, 1, 0, 0, 0, 1], [0, 1, 2, 0, 2, 1])]).toEqual(repeated([0, 0, 1], 3));
    });

    it('positions of any float magnitude: no overflow, no underflow', () => {
      for (const scale of [1e30, 1e-30]) {
        const normals = normalsOf(QUAD.map((x) => x * scale), QUAD_INDICES);
        expectClose(normals, repeated(QUAD_NORMAL, 4), 1e-6, `scale ${scale}`);
      }
    });

    it('non-finite positions give the fallback, never NaN', () => {
      const positions = [...QUAD];
      positions[4] = NaN;
      const normals = normalsOf(positions, QUAD_INDICES);
      expectFinite(normals);
      // Vertex 3 is only on triangle (0, 2, 3), which does not touch the NaN at vertex 1.
      expectClose(normals.subarray(9, 12), QUAD_NORMAL, 1e-7);
      expect([...normals.subarray(3, 6)]).toEqual([0, 0, 1]);
    });

    it('skips triangles naming a vertex past the count, and a trailing partial triangle', () => {
      const normals = normalsOf(QUAD, [0, 1, 2, 0, 2, 9, 3, 2]);
      expectClose(normals.subarray(0, 9), repeated(QUAD_NORMAL, 3), 1e-7);
      expect([...normals.subarray(9, 12)]).toEqual([0, 0, 1]);
      const twoAndABit = normalsOf(unindexed(QUAD, QUAD_INDICES).slice(0, 12), null);
      expectClose(twoAndABit.subarray(0, 9), repeated(QUAD_NORMAL, 3), 1e-7);
      expect([...twoAndABit.subarray(9, 12)]).toEqual([0, 0, 1]);
    });

    it('the vertex count is the smaller of out and positions; the rest of out is left untouched', () => {
      const long = new Float32Array(18).fill(7);
      computeVertexNormals(long, new Float32Array(QUAD), Uint32Array.from(QUAD_INDICES));
      expectClose(long.subarray(0, 12), repeated(QUAD_NORMAL, 4), 1e-7);
      expect([...long.subarray(12)]).toEqual([7, 7, 7, 7, 7, 7]);
      // Only vertices 0 and 1 fit: both triangles name vertex 2 or 3, so both get the fallback.
      const short = new Float32Array(6);
      expect(() => computeVertexNormals(short, new Float32Array(QUAD), Uint32Array.from(QUAD_INDICES))).not.toThrow();
      expect([...short]).toEqual([0, 0, 1, 0, 0, 1]);
    });

    it('empty input writes nothing', () => {
      expect(computeVertexNormals(new Float32Array(0), new Float32Array(0), null)).toHaveLength(0);
      expect(computeVertexNormals(new Float32Array(0), new Float32Array(0), new Uint32Array([0, 1, 2]))).toHaveLength(0);
    });
  });
});
