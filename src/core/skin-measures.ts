// Measures of what skinning does to a shape (chapter: beyond linear blend skinning): the volume a
// closed mesh encloses and the area of a cross-section, before and after skinning. Linear blend
// skinning loses both where joints twist — the bend tube's ring at its end joint shrinks to a
// point at a 180° twist — and dual quaternion skinning (src/core/dual-quaternion.ts) keeps them.
//
// Pure functions over flat arrays (3 floats per vertex, model units; triangle lists as in
// SkinnedPrimitive.indices, or consecutive triples of vertices when there are none). Results are
// in model units cubed or squared (cubic and square metres for the project's models). The
// measures read only and allocate nothing, so a figure can run them every frame on the skinned
// positions; findSectionRing is set-up work, run once on the bind pose. A triangle or ring index
// that names no vertex is a caller's mistake and throws a RangeError naming it.

/**
 * The signed volume the triangles enclose: Σ over triangles (a, b, c) of the tetrahedron
 * (origin, a, b, c), a · (b × c) / 6. For a closed mesh (every edge shared by two triangles, or
 * only seams whose vertices coincide, as the bend tube's caps) wound counter-clockwise seen from
 * outside — glTF's front faces — the origin's contributions cancel and this is the enclosed
 * volume; wound the other way, its negative.
 *
 * For an open mesh it is not a volume of anything: it depends on where the origin is, changing by
 * d · S / 3 when the mesh moves by d, where S is surfaceVectorArea — zero exactly when the surface
 * closes. Check S before reading this as a volume.
 *
 * `positions`: 3 floats per vertex. `indices`: 3 vertex indices per triangle, or null for
 * positions read as consecutive triangles. A trailing partial triangle is ignored. Non-finite
 * positions give NaN.
 */
// #region enclosed-volume
export function enclosedVolume(positions: Float32Array, indices: Uint32Array | Uint16Array | null): number {
  const triangleCount = triangleCountOf(positions, indices);
  let sixTimesVolume = 0;
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexOffset(positions, indices, 3 * t);
    const b = vertexOffset(positions, indices, 3 * t + 1);
    const c = vertexOffset(positions, indices, 3 * t + 2);
    const bx = positions[b], by = positions[b + 1], bz = positions[b + 2];
    const cx = positions[c], cy = positions[c + 1], cz = positions[c + 2];
    // a · (b × c): six times the signed volume of the tetrahedron (origin, a, b, c).
    sixTimesVolume += positions[a] * (by * cz - bz * cy) + positions[a + 1] * (bz * cx - bx * cz) + positions[a + 2] * (bx * cy - by * cx);
  }
  return sixTimesVolume / 6;
}
// #endregion enclosed-volume

/**
 * The vector area of the triangles, S = Σ ½ (b − a) × (c − a), written to out[0..3) (model units
 * squared); returns out. It is zero for a closed surface, whatever its shape, and for an open one
 * it is the vector area of the holes (pointing into the mesh), so |S| compared with the size of
 * the mesh squared says whether enclosedVolume means anything. Same inputs as enclosedVolume.
 */
export function surfaceVectorArea<Out extends Float32Array | Float64Array>(out: Out, positions: Float32Array, indices: Uint32Array | Uint16Array | null): Out {
  const triangleCount = triangleCountOf(positions, indices);
  let sx = 0, sy = 0, sz = 0;
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexOffset(positions, indices, 3 * t);
    const b = vertexOffset(positions, indices, 3 * t + 1);
    const c = vertexOffset(positions, indices, 3 * t + 2);
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    sx += uy * vz - uz * vy;
    sy += uz * vx - ux * vz;
    sz += ux * vy - uy * vx;
  }
  out[0] = sx / 2;
  out[1] = sy / 2;
  out[2] = sz / 2;
  return out;
}

/**
 * Finds the bind-pose vertices of a section through a tube-like mesh: those within `tolerance` of
 * the plane through `planePoint` with normal `planeNormal` (3 floats each; the normal need not be
 * unit length), leaving out any within `tolerance` of the line through planePoint along the normal
 * (a cap's centre). Writes their indices to outRing in order of angle around the normal,
 * counter-clockwise seen from the side the normal points to, and returns how many.
 *
 * For the bend tube (public/models/README.md, tools/models/catalogue/bend-tube.ts), whose 49 rings
 * of 32 vertices lie 1/16 unit apart along +Y, the plane y = 2 through (0, 2, 0) with normal
 * (0, 1, 0) finds ring 32 — vertices 1024 to 1055, the ring at the `middle` → `end` joint, weighted
 * half and half — and no vertex of the caps, which lie at y = 0 and 3.
 *
 * Set-up work, run once on the bind pose: the ring's indices then follow the vertices wherever
 * skinning moves them (sectionArea). Throws a RangeError when planeNormal has
 * no length, tolerance is not ≥ 0, or outRing is too short for the vertices found (the message
 * says how many it needs).
 */
export function findSectionRing(
  outRing: Uint32Array,
  positions: Float32Array,
  planePoint: ArrayLike<number>,
  planeNormal: ArrayLike<number>,
  tolerance: number,
): number {
  const normalLength = Math.hypot(planeNormal[0], planeNormal[1], planeNormal[2]);
  if (!(normalLength > 0 && normalLength < Infinity)) {
    throw new RangeError(`findSectionRing: planeNormal (${Array.from({ length: 3 }, (_, i) => planeNormal[i]).join(', ')}) has no direction`);
  }
  if (!(tolerance >= 0)) throw new RangeError(`findSectionRing: tolerance must be ≥ 0, got ${tolerance}`);
  const nx = planeNormal[0] / normalLength, ny = planeNormal[1] / normalLength, nz = planeNormal[2] / normalLength;
  const px = planePoint[0], py = planePoint[1], pz = planePoint[2];
  const vertexCount = Math.floor(positions.length / 3);
  let count = 0;
  for (let v = 0; v < vertexCount; v++) {
    const dx = positions[3 * v] - px, dy = positions[3 * v + 1] - py, dz = positions[3 * v + 2] - pz;
    const along = dx * nx + dy * ny + dz * nz;
    if (!(Math.abs(along) <= tolerance)) continue;
    const radial = Math.hypot(dx - along * nx, dy - along * ny, dz - along * nz);
    if (!(radial > tolerance)) continue;
    if (count < outRing.length) outRing[count] = v;
    count++;
  }
  if (count > outRing.length) {
    throw new RangeError(`findSectionRing: ${count} vertices lie in the section, but outRing holds only ${outRing.length}`);
  }
  // In-plane axes u ⟂ n and w = n × u, for the angle atan2(d·w, d·u) of each vertex around the normal.
  const helperX = Math.abs(nx) < 0.9 ? 1 : 0, helperY = Math.abs(nx) < 0.9 ? 0 : 1;
  let ux = helperY * nz, uy = -helperX * nz, uz = helperX * ny - helperY * nx; // helper × n
  const uLength = Math.hypot(ux, uy, uz);
  ux /= uLength;
  uy /= uLength;
  uz /= uLength;
  const wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
  const angleOf = (v: number): number => {
    const dx = positions[3 * v] - px, dy = positions[3 * v + 1] - py, dz = positions[3 * v + 2] - pz;
    return Math.atan2(dx * wx + dy * wy + dz * wz, dx * ux + dy * uy + dz * uz);
  };
  // Insertion sort by angle: a ring has tens of vertices, and this runs once.
  for (let i = 1; i < count; i++) {
    const vertex = outRing[i];
    const angle = angleOf(vertex);
    let k = i - 1;
    while (k >= 0 && angleOf(outRing[k]) > angle) {
      outRing[k + 1] = outRing[k];
      k--;
    }
    outRing[k + 1] = vertex;
  }
  return count;
}

/**
 * The area enclosed by the closed loop of vertices ring[0], ring[1], …, ring[count − 1] (indices
 * into `positions`, 3 floats per vertex, as findSectionRing writes them): the length of the loop's
 * vector area ½ Σ pₖ × pₖ₊₁, model units squared. For a planar loop that is its polygon's area,
 * wherever the loop has moved or turned; for a loop skinning has warped out of its plane, the area
 * of its projection onto the plane it is most spread over. A loop flattened onto a line or a point
 * — linear blend skinning's candy wrapper — has area 0. Fewer than 3 vertices give 0.
 */
// #region section-area
export function sectionArea(positions: Float32Array, ring: Uint32Array, count: number): number {
  if (!Number.isInteger(count) || count < 0 || count > ring.length) {
    throw new RangeError(`sectionArea: count ${count} is not between 0 and the ring's length, ${ring.length}`);
  }
  const vertexCount = Math.floor(positions.length / 3);
  for (let k = 0; k < count; k++) {
    if (ring[k] >= vertexCount) throw new RangeError(`sectionArea: ring[${k}] = ${ring[k]} names no vertex (${vertexCount} vertices)`);
  }
  let sx = 0, sy = 0, sz = 0;
  for (let k = 0; k < count; k++) {
    const a = ring[k], b = ring[(k + 1) % count];
    const ax = positions[3 * a], ay = positions[3 * a + 1], az = positions[3 * a + 2];
    const bx = positions[3 * b], by = positions[3 * b + 1], bz = positions[3 * b + 2];
    // pₖ × pₖ₊₁: twice the vector area of the triangle (origin, pₖ, pₖ₊₁); around a closed loop
    // the origin's share cancels.
    sx += ay * bz - az * by;
    sy += az * bx - ax * bz;
    sz += ax * by - ay * bx;
  }
  return count < 3 ? 0 : Math.sqrt(sx * sx + sy * sy + sz * sz) / 2;
}
// #endregion section-area

/** The number of whole triangles in `indices` (or in `positions`, read as consecutive triangles). */
function triangleCountOf(positions: Float32Array, indices: Uint32Array | Uint16Array | null): number {
  return indices === null ? Math.floor(positions.length / 9) : Math.floor(indices.length / 3);
}

/** The offset in `positions` of the corner `corner` (0, 1, 2, 3, …) of the triangle list; throws a RangeError when it names no vertex. */
function vertexOffset(positions: Float32Array, indices: Uint32Array | Uint16Array | null, corner: number): number {
  if (indices === null) return 3 * corner;
  const vertex = indices[corner];
  if (3 * vertex + 3 > positions.length) {
    throw new RangeError(`triangle ${Math.floor(corner / 3)} names vertex ${vertex}, but there are only ${Math.floor(positions.length / 3)} vertices`);
  }
  return 3 * vertex;
}
