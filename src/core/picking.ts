// CPU picking (chapter: the skinning shader): which vertex of a skinned mesh lies under a ray.
//
// The GPU skins vertices for drawing and keeps the results to itself; to know what the reader
// clicked on, the CPU skins the mesh too (skinVertices, src/core/skin.ts) and intersects the ray
// with the *skinned* triangles. Each triangle is tested with the Möller–Trumbore algorithm
// (Möller and Trumbore, "Fast, Minimum Storage Ray/Triangle Intersection", Journal of Graphics
// Tools 2(1), 1997): solve origin + t·direction = a + u·(b − a) + v·(c − a) by Cramer's rule, and
// accept the hit when u ≥ 0, v ≥ 0, u + v ≤ 1 and t > 0. Triangles count from both sides: a
// double-sided material shows both, and on a closed surface the nearest hit is a front face
// anyway, culled back faces or not. Of the nearest triangle hit, the vertex closest to the hit
// point is the one picked.

/**
 * Below this sine of the angle between the ray and a triangle's plane (as |det| relative to
 * |direction|·|e₁ × e₂|), the ray counts as parallel to the triangle and misses it: the division
 * by det would be ill-conditioned there, and a ray grazing a plane hits nothing visible.
 */
const PARALLEL_SINE = 1e-7;

/** The result of pickVertex; made by createVertexPick, overwritten by each call. */
export interface VertexPick {
  /** Index of the picked vertex, or −1 when the ray hits no triangle. */
  vertex: number;
  /** Index of the nearest triangle hit (its first index is at 3·triangle), or −1. */
  triangle: number;
  /** Ray parameter t of the hit: the hit point is origin + t·direction (in |direction| units; Infinity for none). */
  distance: number;
  /** The hit point, model space (3 floats; unchanged when nothing is hit). */
  point: Float32Array;
}

/** A VertexPick for pickVertex to fill (set-up work: allocates). */
export function createVertexPick(): VertexPick {
  return { vertex: -1, triangle: -1, distance: Infinity, point: new Float32Array(3) };
}

/**
 * Intersects the ray origin + t·direction (t > 0; both 3 floats, model space; direction need not
 * be unit length) with the triangles `indices` makes of `positions` (3 floats per vertex, e.g.
 * skinVertices' output; null indices: consecutive triples of vertices), and writes into `out` the
 * nearest triangle hit and, of its three vertices, the one nearest the hit point (the first of
 * equals); vertex −1 and distance Infinity when nothing is hit. Returns out.
 *
 * Hits on a triangle's edges and corners count; a triangle whose index is past the positions, or
 * that is degenerate (zero area), or that the ray runs parallel to, is skipped. Allocates nothing;
 * never throws (a non-finite ray hits nothing).
 */
export function pickVertex(
  out: VertexPick,
  origin: Float32Array,
  direction: Float32Array,
  positions: Float32Array,
  indices: Uint32Array | Uint16Array | null,
): VertexPick {
  const ox = origin[0], oy = origin[1], oz = origin[2];
  const dx = direction[0], dy = direction[1], dz = direction[2];
  const directionLengthSquared = dx * dx + dy * dy + dz * dz;
  const vertexCount = Math.floor(positions.length / 3);
  const triangleCount = Math.floor((indices === null ? vertexCount : indices.length) / 3);
  let nearest = Infinity;
  let nearestTriangle = -1;
  for (let triangle = 0; triangle < triangleCount; triangle++) {
    const i = 3 * triangle;
    const a = indices === null ? i : indices[i];
    const b = indices === null ? i + 1 : indices[i + 1];
    const c = indices === null ? i + 2 : indices[i + 2];
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    // #region moller-trumbore
    const ax = positions[3 * a], ay = positions[3 * a + 1], az = positions[3 * a + 2];
    // Edges from corner a: e1 = b − a, e2 = c − a.
    const e1x = positions[3 * b] - ax, e1y = positions[3 * b + 1] - ay, e1z = positions[3 * b + 2] - az;
    const e2x = positions[3 * c] - ax, e2y = positions[3 * c + 1] - ay, e2z = positions[3 * c + 2] - az;
    // p = direction × e2; det = e1 · p = direction · (e2 × e1), the triple product of the system.
    const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    // |e1 × e2|² (twice the area, squared): the scale det is measured against.
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const areaSquared = nx * nx + ny * ny + nz * nz;
    if (!(det * det > PARALLEL_SINE * PARALLEL_SINE * directionLengthSquared * areaSquared)) continue;
    const inverseDet = 1 / det;
    // s = origin − a; u = (s · p) / det, the weight of b.
    const sx = ox - ax, sy = oy - ay, sz = oz - az;
    const u = (sx * px + sy * py + sz * pz) * inverseDet;
    if (u < 0 || u > 1) continue;
    // q = s × e1; v = (direction · q) / det, the weight of c; t = (e2 · q) / det.
    const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inverseDet;
    if (v < 0 || u + v > 1) continue;
    const t = (e2x * qx + e2y * qy + e2z * qz) * inverseDet;
    if (t > 0 && t < nearest) {
      nearest = t;
      nearestTriangle = triangle;
    }
    // #endregion moller-trumbore
  }
  out.triangle = nearestTriangle;
  out.distance = nearest;
  out.vertex = -1;
  if (nearestTriangle < 0) return out;
  const hx = ox + nearest * dx, hy = oy + nearest * dy, hz = oz + nearest * dz;
  out.point[0] = hx;
  out.point[1] = hy;
  out.point[2] = hz;
  let closest = Infinity;
  for (let corner = 0; corner < 3; corner++) {
    const i = 3 * nearestTriangle + corner;
    const vertex = indices === null ? i : indices[i];
    const ex = positions[3 * vertex] - hx, ey = positions[3 * vertex + 1] - hy, ez = positions[3 * vertex + 2] - hz;
    const distanceSquared = ex * ex + ey * ey + ez * ez;
    if (distanceSquared < closest) {
      closest = distanceSquared;
      out.vertex = vertex;
    }
  }
  return out;
}
