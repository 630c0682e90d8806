// Triangle meshes with skin weights for the generated models.
//
// Shapes are added in authoring space with a weight function per vertex; the builder keeps
// everything in 64-bit floats and packs glTF-ready typed arrays at the end: float positions and
// unit normals, JOINTS_0 as unsigned bytes (unsigned shorts once a vertex uses a skin joint index
// above 255), WEIGHTS_0 as floats summing to 1 (at most four influences, largest first), and
// triangle indices (counter-clockwise = front) as unsigned shorts, or unsigned ints past 65,534 vertices.

import {
  type Mat4,
  type Quat,
  type Vec3,
  add3,
  addScaled3,
  cross3,
  length3,
  mat4TransformPoint,
  normalize3,
  quatRotate,
  smoothstep,
  sub3,
} from './math.ts';

/** [node index of a joint, weight ≥ 0]; weights of one vertex are normalised when packed. */
export type Influence = [node: number, weight: number];

/** Skin influences of a point (authoring space). */
export type WeightFunction = (point: Vec3) => Influence[];

export interface MeshBuilder {
  positions: Vec3[];
  normals: Vec3[];
  influences: Influence[][];
  /** Three vertex indices per triangle. */
  triangles: number[];
}

/** What a glTF primitive needs, ready to write. */
export interface PackedMesh {
  vertexCount: number;
  /** 3 floats per vertex, bind-pose world space, metres. */
  positions: Float32Array<ArrayBuffer>;
  /** 3 floats per vertex, unit length. */
  normals: Float32Array<ArrayBuffer>;
  /**
   * 4 skin joint indices per vertex; unused slots are 0 with weight 0. Unsigned bytes while every
   * index is ≤ 255, unsigned shorts (0 … 65535) as soon as one is above.
   */
  joints: Uint8Array<ArrayBuffer> | Uint16Array<ArrayBuffer>;
  /** 4 weights per vertex in [0, 1], largest first, summing to 1. */
  weights: Float32Array<ArrayBuffer>;
  /** 3 vertex indices per triangle: unsigned shorts while every vertex index fits (< 65,535), else unsigned ints. */
  indices: Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;
}

export function createMeshBuilder(): MeshBuilder {
  return { positions: [], normals: [], influences: [], triangles: [] };
}

/** Appends a vertex and returns its index. */
export function addVertex(mesh: MeshBuilder, position: Vec3, normal: Vec3, influences: Influence[]): number {
  mesh.positions.push(position);
  mesh.normals.push(normal);
  mesh.influences.push(influences);
  return mesh.positions.length - 1;
}

/** One cross-section of a lathed shape: an ellipse (or superellipse) around `center`. */
export interface Ring {
  center: Vec3;
  /** Unit axes of the cross-section; u × v points towards the next ring. */
  u: Vec3;
  v: Vec3;
  /** Semi-axes along u and v; both 0 makes the ring a single pole vertex (first or last only). */
  radiusU: number;
  radiusV: number;
}

/**
 * A closed or open surface through `rings`, `segments` vertices around each ring (one for a pole
 * ring), smooth normals averaged from the faces. `exponent` 2 gives ellipses; larger values give
 * squarer cross-sections (superellipse |x|^n + |y|^n = 1).
 */
export function addLathe(
  mesh: MeshBuilder,
  rings: Ring[],
  segments: number,
  weights: WeightFunction,
  exponent = 2,
): void {
  const first = mesh.positions.length;
  const ringStart: number[] = [];
  const ringIsPole: boolean[] = [];
  for (const ring of rings) {
    ringStart.push(mesh.positions.length);
    const pole = ring.radiusU === 0 && ring.radiusV === 0;
    ringIsPole.push(pole);
    if (pole) {
      addVertex(mesh, ring.center, [0, 0, 0], weights(ring.center));
      continue;
    }
    for (let k = 0; k < segments; k++) {
      const angle = (2 * Math.PI * k) / segments;
      const c = Math.cos(angle);
      const s = Math.sin(angle);
      const power = 2 / exponent;
      const cu = Math.sign(c) * Math.abs(c) ** power;
      const sv = Math.sign(s) * Math.abs(s) ** power;
      const point = addScaled3(addScaled3(ring.center, ring.u, ring.radiusU * cu), ring.v, ring.radiusV * sv);
      addVertex(mesh, point, [0, 0, 0], weights(point));
    }
  }
  const vertexAt = (ring: number, k: number): number =>
    ringIsPole[ring] ? ringStart[ring] : ringStart[ring] + (k % segments);
  for (let i = 0; i + 1 < rings.length; i++) {
    if (ringIsPole[i] && ringIsPole[i + 1]) throw new Error('two consecutive pole rings');
    for (let k = 0; k < segments; k++) {
      const a = vertexAt(i, k),
        b = vertexAt(i, k + 1);
      const c = vertexAt(i + 1, k),
        d = vertexAt(i + 1, k + 1);
      if (!ringIsPole[i]) mesh.triangles.push(a, b, c);
      if (!ringIsPole[i + 1]) mesh.triangles.push(b, d, c);
    }
  }
  computeSmoothNormals(mesh, first, mesh.positions.length);
}

/** Area-weighted average of the face normals around each vertex in [start, end). */
function computeSmoothNormals(mesh: MeshBuilder, start: number, end: number): void {
  const sums: Vec3[] = [];
  for (let i = start; i < end; i++) sums.push([0, 0, 0]);
  for (let t = 0; t < mesh.triangles.length; t += 3) {
    const a = mesh.triangles[t],
      b = mesh.triangles[t + 1],
      c = mesh.triangles[t + 2];
    if (a < start || a >= end) continue;
    const faceNormal = cross3(sub3(mesh.positions[b], mesh.positions[a]), sub3(mesh.positions[c], mesh.positions[a]));
    for (const vertex of [a, b, c]) sums[vertex - start] = add3(sums[vertex - start], faceNormal);
  }
  for (let i = start; i < end; i++) mesh.normals[i] = normalize3(sums[i - start]);
}

/** One cross-section of a box strip: a rectangle in the frame's XZ plane, centred on `center`. */
export interface BoxSection {
  center: Vec3;
  /** Frame of the section; its +Y points along the strip (towards the next section). */
  rotation: Quat;
  /** Half extents along the frame's X and Z. */
  halfX: number;
  halfZ: number;
  influences: Influence[];
}

/**
 * A box-section column through `sections` with flat sides and both ends capped: the classic
 * skinned "strip". Each side has its own vertices so edges stay sharp. With two sections it is
 * a plain box.
 */
export function addBoxStrip(mesh: MeshBuilder, sections: BoxSection[]): void {
  // Corners in the section frame, counter-clockwise seen from +Y: (+x,+z) → (+x,−z) → (−x,−z) → (−x,+z).
  const corners: [number, number][] = [
    [1, 1],
    [1, -1],
    [-1, -1],
    [-1, 1],
  ];
  const cornerPoint = (section: BoxSection, corner: number): Vec3 => {
    const [sx, sz] = corners[corner];
    return add3(section.center, quatRotate(section.rotation, [sx * section.halfX, 0, sz * section.halfZ]));
  };
  // Side k spans corners k → k+1; its outward normal in the section frame.
  const sideNormals: Vec3[] = [
    [1, 0, 0],
    [0, 0, -1],
    [-1, 0, 0],
    [0, 0, 1],
  ];
  for (let side = 0; side < 4; side++) {
    const base = mesh.positions.length;
    for (const section of sections) {
      const normal = quatRotate(section.rotation, sideNormals[side]);
      addVertex(mesh, cornerPoint(section, side), normal, section.influences);
      addVertex(mesh, cornerPoint(section, (side + 1) % 4), normal, section.influences);
    }
    for (let i = 0; i + 1 < sections.length; i++) {
      const a = base + 2 * i,
        b = a + 1,
        c = a + 2,
        d = a + 3;
      // a → b runs along the section, a → c along the strip: (a, b, c) faces outwards.
      mesh.triangles.push(a, b, c, b, d, c);
    }
  }
  const capEnd = (section: BoxSection, outward: 1 | -1): void => {
    const base = mesh.positions.length;
    const normal = quatRotate(section.rotation, [0, outward, 0]);
    for (let corner = 0; corner < 4; corner++)
      addVertex(mesh, cornerPoint(section, corner), normal, section.influences);
    if (outward > 0) mesh.triangles.push(base, base + 1, base + 2, base, base + 2, base + 3);
    else mesh.triangles.push(base, base + 2, base + 1, base, base + 3, base + 2);
  };
  capEnd(sections[0], -1);
  capEnd(sections[sections.length - 1], 1);
}

/** A box with centre, frame rotation and half extents (x, y, z), rigidly bound. */
export function addBox(mesh: MeshBuilder, center: Vec3, rotation: Quat, half: Vec3, influences: Influence[]): void {
  const along = quatRotate(rotation, [0, half[1], 0]);
  addBoxStrip(mesh, [
    { center: sub3(center, along), rotation, halfX: half[0], halfZ: half[2], influences },
    { center: add3(center, along), rotation, halfX: half[0], halfZ: half[2], influences },
  ]);
}

/**
 * A capped cylinder around `axis` (unit) through `center`: smooth sides, flat ends, rigidly bound.
 * `reference` is any direction not parallel to the axis (sets where the seam lies).
 */
export function addCylinder(
  mesh: MeshBuilder,
  center: Vec3,
  axis: Vec3,
  reference: Vec3,
  radius: number,
  halfLength: number,
  segments: number,
  influences: Influence[],
): void {
  const w = normalize3(axis);
  const v = normalize3(cross3(w, reference));
  const u = cross3(v, w);
  const bottom = addScaled3(center, w, -halfLength);
  const top = addScaled3(center, w, halfLength);
  const radial = (k: number): Vec3 => {
    const angle = (2 * Math.PI * k) / segments;
    return add3(
      [u[0] * Math.cos(angle), u[1] * Math.cos(angle), u[2] * Math.cos(angle)],
      [v[0] * Math.sin(angle), v[1] * Math.sin(angle), v[2] * Math.sin(angle)],
    );
  };
  // Sides: bottom ring then top ring, radial normals.
  const sideBase = mesh.positions.length;
  for (const end of [bottom, top]) {
    for (let k = 0; k < segments; k++) addVertex(mesh, addScaled3(end, radial(k), radius), radial(k), influences);
  }
  for (let k = 0; k < segments; k++) {
    const a = sideBase + k,
      b = sideBase + ((k + 1) % segments);
    const c = a + segments,
      d = b + segments;
    mesh.triangles.push(a, b, c, b, d, c);
  }
  // Caps: a centre vertex and a ring each, flat normals.
  for (const [end, sign] of [
    [bottom, -1],
    [top, 1],
  ] as [Vec3, number][]) {
    const normal: Vec3 = [w[0] * sign, w[1] * sign, w[2] * sign];
    const middle = addVertex(mesh, end, normal, influences);
    for (let k = 0; k < segments; k++) addVertex(mesh, addScaled3(end, radial(k), radius), normal, influences);
    for (let k = 0; k < segments; k++) {
      const a = middle + 1 + k,
        b = middle + 1 + ((k + 1) % segments);
      if (sign > 0) mesh.triangles.push(middle, a, b);
      else mesh.triangles.push(middle, b, a);
    }
  }
}

/** Maps every vertex by an affine matrix whose 3×3 block is a rotation (normals rotate with it). */
export function transformMesh(mesh: MeshBuilder, matrix: Mat4): void {
  const origin = mat4TransformPoint(matrix, [0, 0, 0]);
  for (let i = 0; i < mesh.positions.length; i++) {
    mesh.positions[i] = mat4TransformPoint(matrix, mesh.positions[i]);
    mesh.normals[i] = normalize3(sub3(mat4TransformPoint(matrix, mesh.normals[i]), origin));
  }
}

/**
 * Merges duplicate joints, drops zero weights, keeps the four largest (ties: lower joint first)
 * and rescales them to sum to 1. Throws on a vertex with no positive weight.
 */
export function normalizeInfluences(influences: Influence[]): Influence[] {
  const merged = new Map<number, number>();
  for (const [joint, weight] of influences) {
    if (!(weight >= 0)) throw new Error(`negative or NaN weight ${weight} for joint ${joint}`);
    if (weight > 0) merged.set(joint, (merged.get(joint) ?? 0) + weight);
  }
  const sorted = [...merged.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 4);
  const total = sorted.reduce((sum, [, weight]) => sum + weight, 0);
  if (!(total > 0)) throw new Error('vertex without influences');
  return sorted.map(([joint, weight]) => [joint, weight / total] as Influence);
}

/** Largest skin joint index JOINTS_0 holds as UNSIGNED_BYTE. */
export const MAX_BYTE_JOINT_INDEX = 255;
/** Largest skin joint index JOINTS_0 holds at all (UNSIGNED_SHORT, glTF's widest joint type). */
export const MAX_SHORT_JOINT_INDEX = 65535;

/**
 * Packs the builder into glTF-ready arrays (see PackedMesh); `skinJoints` lists the joints' node
 * indices in skin order, so JOINTS_0 holds positions in that list.
 */
export function packMesh(mesh: MeshBuilder, skinJoints: number[]): PackedMesh {
  const skinIndexOfNode = new Map(skinJoints.map((node, index) => [node, index]));
  const vertexCount = mesh.positions.length;
  const positions = new Float32Array(3 * vertexCount);
  const normals = new Float32Array(3 * vertexCount);
  const skinIndices = new Array<number>(4 * vertexCount).fill(0);
  const weights = new Float32Array(4 * vertexCount);
  for (let i = 0; i < vertexCount; i++) {
    positions.set(
      mesh.positions[i].map((x) => (Math.abs(x) < 1e-12 ? 0 : x)),
      3 * i,
    );
    const normal = mesh.normals[i];
    if (Math.abs(length3(normal) - 1) > 1e-9) throw new Error(`vertex ${i}: normal is not unit length`);
    normals.set(
      normal.map((x) => (Math.abs(x) < 1e-12 ? 0 : x)),
      3 * i,
    );
    const influences = normalizeInfluences(mesh.influences[i]);
    // Round all but the largest weight, then give the largest whatever makes the float sum 1.
    let rest = 0;
    for (let k = 1; k < influences.length; k++) {
      weights[4 * i + k] = influences[k][1];
      rest += weights[4 * i + k];
    }
    weights[4 * i] = 1 - rest;
    for (let k = 0; k < influences.length; k++) {
      const skinIndex = skinIndexOfNode.get(influences[k][0]);
      if (skinIndex === undefined) throw new Error(`vertex ${i}: node ${influences[k][0]} is not a joint of the skin`);
      if (skinIndex > MAX_SHORT_JOINT_INDEX) {
        throw new Error(`vertex ${i}: joint index ${skinIndex} does not fit JOINTS_0 (unsigned short, at most ${MAX_SHORT_JOINT_INDEX})`);
      }
      skinIndices[4 * i + k] = skinIndex;
    }
  }
  // The smallest glTF type that holds every index: files of small skins keep their byte layout.
  const needsShorts = skinIndices.some((index) => index > MAX_BYTE_JOINT_INDEX);
  const joints = needsShorts ? new Uint16Array(skinIndices) : new Uint8Array(skinIndices);
  // 65,535 is the primitive-restart value of 16-bit indices, which glTF forbids as an index.
  const indices = vertexCount < 65535 ? new Uint16Array(mesh.triangles) : new Uint32Array(mesh.triangles);
  return { vertexCount, positions, normals, joints, weights, indices };
}

/** A knot of a lathe profile: distance along the axis, semi-axes along u and v, centre offset along v. */
export type ProfileKnot = [along: number, radiusU: number, radiusV: number, offsetV?: number];

/**
 * A rounded solid around a straight axis: cross-sections interpolated through `knots`
 * (Catmull–Rom, flat at both ends) every `step` units or closer, closed by quarter-ellipse caps
 * of `capStart` / `capEnd` length beyond the first and last knot. `u` must be perpendicular to
 * `direction`; v = direction × u.
 */
export function addProfileLathe(
  mesh: MeshBuilder,
  options: {
    start: Vec3;
    direction: Vec3;
    u: Vec3;
    knots: ProfileKnot[];
    step: number;
    capStart: number;
    capEnd: number;
    segments: number;
    exponent?: number;
    weights: WeightFunction;
  },
): void {
  const w = normalize3(options.direction);
  const u = normalize3(options.u);
  const v = cross3(w, u);
  const { knots } = options;
  const value = (k: number, component: 1 | 2 | 3): number => knots[k][component] ?? 0;
  const slope = (k: number, component: 1 | 2 | 3): number => {
    if (k === 0 || k === knots.length - 1) return 0;
    return (value(k + 1, component) - value(k - 1, component)) / (knots[k + 1][0] - knots[k - 1][0]);
  };
  const sample = (along: number): [number, number, number] => {
    let k = 0;
    while (k + 2 < knots.length && along > knots[k + 1][0]) k++;
    const t0 = knots[k][0],
      t1 = knots[k + 1][0],
      h = t1 - t0;
    const x = Math.min(1, Math.max(0, (along - t0) / h));
    const h00 = 2 * x ** 3 - 3 * x ** 2 + 1,
      h10 = x ** 3 - 2 * x ** 2 + x;
    const h01 = -2 * x ** 3 + 3 * x ** 2,
      h11 = x ** 3 - x ** 2;
    const at = (c: 1 | 2 | 3): number =>
      h00 * value(k, c) + h10 * h * slope(k, c) + h01 * value(k + 1, c) + h11 * h * slope(k + 1, c);
    return [at(1), at(2), at(3)];
  };
  const ring = (along: number, scale: number, radii: [number, number, number]): Ring => ({
    center: addScaled3(addScaled3(options.start, w, along), v, radii[2]),
    u,
    v,
    radiusU: radii[0] * scale,
    radiusV: radii[1] * scale,
  });
  const first = knots[0][0],
    last = knots[knots.length - 1][0];
  const capAngles = [90, 60, 30];
  const rings: Ring[] = [];
  for (const degrees of capAngles) {
    const angle = (degrees * Math.PI) / 180;
    rings.push(ring(first - options.capStart * Math.sin(angle), Math.cos(angle), sample(first)));
  }
  // Sample positions: every knot, plus evenly spaced points between knots.
  for (let k = 0; k + 1 < knots.length; k++) {
    const t0 = knots[k][0],
      t1 = knots[k + 1][0];
    const pieces = Math.max(1, Math.ceil((t1 - t0) / options.step - 1e-9));
    for (let p = 0; p < pieces; p++) {
      const along = t0 + ((t1 - t0) * p) / pieces;
      rings.push(ring(along, 1, sample(along)));
    }
  }
  rings.push(ring(last, 1, sample(last)));
  for (const degrees of [...capAngles].reverse()) {
    const angle = (degrees * Math.PI) / 180;
    rings.push(ring(last + options.capEnd * Math.sin(angle), Math.cos(angle), sample(last)));
  }
  // The 90° rings have zero radius: make them exact poles.
  rings[0] = { ...rings[0], radiusU: 0, radiusV: 0 };
  rings[rings.length - 1] = { ...rings[rings.length - 1], radiusU: 0, radiusV: 0 };
  addLathe(mesh, rings, options.segments, options.weights, options.exponent ?? 2);
}

/**
 * Influences along a chain of joints, from a coordinate that grows along the chain:
 * `joints[i]` owns the stretch between `boundaries[i − 1]` and `boundaries[i]`, and each boundary
 * blends its two neighbours with a smoothstep over ±`halfWidths[i]`.
 */
export function chainInfluences(
  coordinate: number,
  joints: number[],
  boundaries: number[],
  halfWidths: number[],
): Influence[] {
  if (boundaries.length !== joints.length - 1 || halfWidths.length !== boundaries.length) {
    throw new Error('chainInfluences: need one boundary and one half width between each pair of joints');
  }
  const influences: Influence[] = [];
  let previous = 1;
  for (let i = 0; i < boundaries.length; i++) {
    const beyond = smoothstep(boundaries[i] - halfWidths[i], boundaries[i] + halfWidths[i], coordinate);
    influences.push([joints[i], previous - beyond]);
    previous = beyond;
  }
  influences.push([joints[joints.length - 1], previous]);
  return influences.filter(([, weight]) => weight > 0);
}
