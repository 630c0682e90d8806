// Vertex normals for meshes that come without them (the glTF reader calls this for a primitive
// with no NORMAL attribute, so every loaded primitive has normals for lighting and CPU skinning).
//
// Smooth, area-weighted normals: each triangle contributes its face normal (u × v for the edges
// u = b − a, v = c − a, counter-clockwise front faces as glTF defines them), whose length is twice
// the triangle's area, to each of its three vertices; each vertex's sum is then normalised. Large
// triangles weigh more than slivers, and a degenerate triangle (zero area) contributes nothing.

/**
 * Unit normal given to a vertex whose face normals sum to zero (it is on no triangle of non-zero
 * area, or its faces cancel out): +Z, as the reader does for a zero-length NORMAL in a file.
 */
export const FALLBACK_NORMAL = [0, 0, 1] as const;

/**
 * Writes smooth area-weighted normals, 3 unit-length floats per vertex, to `out` and returns it.
 * `positions` holds 3 floats per vertex (model units); `indices` lists triangles (3 per triangle),
 * or is null for a non-indexed triangle list (vertices 3t, 3t+1, 3t+2 form triangle t). A vertex
 * whose face normals sum to zero, or to something not finite, gets FALLBACK_NORMAL.
 *
 * Ownership: `out` is caller-owned and written; positions and indices are read only. `out` may be
 * `positions` (every position is read before any normal is written). The vertex count is the
 * smallest that `out` and `positions` hold; a triangle naming a vertex past it (or a trailing
 * partial triangle) is skipped, and vertices past it are left untouched.
 *
 * Never throws, and the normals written are always finite: sums are accumulated in doubles, so
 * float positions of any magnitude neither overflow nor underflow them. Allocates a scratch array
 * of 3 doubles per vertex: this is set-up work, run once per primitive when a model is loaded.
 */
export function computeVertexNormals(out: Float32Array, positions: Float32Array, indices: Uint32Array | null): Float32Array {
  const vertexCount = Math.min(Math.floor(out.length / 3), Math.floor(positions.length / 3));
  // Σ of the area-weighted face normals of each vertex's triangles, 3 doubles per vertex.
  const sums = new Float64Array(3 * vertexCount);
  const triangleCount = Math.floor((indices === null ? vertexCount : indices.length) / 3);
  for (let t = 0; t < triangleCount; t++) {
    const a = indices === null ? 3 * t : indices[3 * t];
    const b = indices === null ? 3 * t + 1 : indices[3 * t + 1];
    const c = indices === null ? 3 * t + 2 : indices[3 * t + 2];
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    // Edges u = b − a and v = c − a; their cross product is the face normal, |u × v| = 2 · area.
    const ux = positions[3 * b] - positions[3 * a];
    const uy = positions[3 * b + 1] - positions[3 * a + 1];
    const uz = positions[3 * b + 2] - positions[3 * a + 2];
    const vx = positions[3 * c] - positions[3 * a];
    const vy = positions[3 * c + 1] - positions[3 * a + 1];
    const vz = positions[3 * c + 2] - positions[3 * a + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    addNormal(sums, a, nx, ny, nz);
    addNormal(sums, b, nx, ny, nz);
    addNormal(sums, c, nx, ny, nz);
  }
  for (let v = 0; v < vertexCount; v++) {
    const x = sums[3 * v], y = sums[3 * v + 1], z = sums[3 * v + 2];
    const length = Math.hypot(x, y, z);
    if (length > 0 && Number.isFinite(length)) {
      out[3 * v] = x / length;
      out[3 * v + 1] = y / length;
      out[3 * v + 2] = z / length;
    } else {
      out[3 * v] = FALLBACK_NORMAL[0];
      out[3 * v + 1] = FALLBACK_NORMAL[1];
      out[3 * v + 2] = FALLBACK_NORMAL[2];
    }
  }
  return out;
}

/** sums[3v..3v+3) += (x, y, z). */
function addNormal(sums: Float64Array, v: number, x: number, y: number, z: number): void {
  sums[3 * v] += x;
  sums[3 * v + 1] += y;
  sums[3 * v + 2] += z;
}

/**
 * The largest angle, in radians in [0, π], between the normals a[3i..] and b[3i..] over the first
 * `count` vertices (both read only): how far one set of normals strays from the other. Measured as
 * atan2(|a × b|, a · b), which stays accurate for tiny angles where acos(a · b) rounds to 0 or
 * to 10⁻⁴ rad; lengths do not matter. 0 for no vertices; a NaN component counts as π.
 */
export function largestNormalAngle(a: Float32Array, b: Float32Array, count: number): number {
  const n = Math.min(count, Math.floor(a.length / 3), Math.floor(b.length / 3));
  let largest = 0;
  for (let i = 0; i < 3 * n; i += 3) {
    const ax = a[i], ay = a[i + 1], az = a[i + 2];
    const bx = b[i], by = b[i + 1], bz = b[i + 2];
    const cross = Math.hypot(ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx);
    const angle = Math.atan2(cross, ax * bx + ay * by + az * bz);
    if (!(angle <= largest)) largest = Number.isNaN(angle) ? Math.PI : angle;
  }
  return largest;
}

/** The largest distance between the points a[3i..] and b[3i..] over the first `count` (model units; both read only). */
export function largestPointDistance(a: Float32Array, b: Float32Array, count: number): number {
  const n = Math.min(count, Math.floor(a.length / 3), Math.floor(b.length / 3));
  let largest = 0;
  for (let i = 0; i < 3 * n; i += 3) {
    const distance = Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]);
    if (!(distance <= largest)) largest = Number.isNaN(distance) ? Infinity : distance;
  }
  return largest;
}
