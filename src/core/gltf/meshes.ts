// Nodes with both `mesh` and `skin` → SkinnedMesh. Each triangle primitive becomes bind-pose
// positions and unit normals (smooth ones computed from the triangles when the file has none), at
// most 4 joint influences per vertex with weights summing to 1, and 32-bit indices. Nodes with a
// `mesh` and no `skin` → RigidPart: the same positions, normals and indices, placed by the node.
// Everything the reader changes on the way is counted in Model.notes.

import type { RigidPart, RigidPrimitive, Skin, SkinnedMesh, SkinnedPrimitive } from '../model.ts';
import { ComponentType, expectCount, expectFormat, type AccessorInfo } from './accessors.ts';
import { accessorAt, chargeDecoded, floatsOf, unsignedOf, type GltfDocument } from './document.ts';
import { GltfError } from './errors.ts';
import {
  expectObject,
  field,
  optionalArray,
  optionalBoolean,
  optionalIndex,
  optionalInteger,
  optionalString,
  expectIndex,
  formatFloat32,
  countOf,
  type IndexSpace,
  type JsonObject,
} from './json.ts';
import type { NodeTable } from './nodes.ts';
import { computeVertexNormals } from '../normals.ts';
import { MAX_INFLUENCES, writeLargestInfluences } from '../weights.ts';

/** A vertex whose weights sum differs from 1 by more than this is reported (it is renormalised either way). */
export const WEIGHT_SUM_TOLERANCE = 1e-3;

/** A normal whose length differs from 1 by more than this is reported (all are renormalised). */
const NORMAL_LENGTH_TOLERANCE = 1e-2;

const MODE_NAMES = ['POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP', 'TRIANGLES', 'TRIANGLE_STRIP', 'TRIANGLE_FAN'];

const FLOAT = { componentType: ComponentType.FLOAT, normalized: false } as const;
const UNSIGNED_INTEGERS = [
  { componentType: ComponentType.UNSIGNED_BYTE, normalized: false },
  { componentType: ComponentType.UNSIGNED_SHORT, normalized: false },
  { componentType: ComponentType.UNSIGNED_INT, normalized: false },
] as const;
/** POSITION: float, or any integer type (KHR_mesh_quantization), normalised or not. */
const POSITION_FORMATS = [
  FLOAT,
  ...[ComponentType.BYTE, ComponentType.UNSIGNED_BYTE, ComponentType.SHORT, ComponentType.UNSIGNED_SHORT].flatMap(
    (componentType) => [
      { componentType, normalized: false },
      { componentType, normalized: true },
    ],
  ),
];
const NORMAL_FORMATS = [
  FLOAT,
  { componentType: ComponentType.BYTE, normalized: true },
  { componentType: ComponentType.SHORT, normalized: true },
];
const JOINT_FORMATS = UNSIGNED_INTEGERS.slice(0, 2);
const WEIGHT_FORMATS = [
  FLOAT,
  { componentType: ComponentType.UNSIGNED_BYTE, normalized: true },
  { componentType: ComponentType.UNSIGNED_SHORT, normalized: true },
];

/**
 * One SkinnedMesh per node that has both `mesh` and `skin`, in node order. Skins on nodes without a
 * mesh are reported in the notes; meshes on nodes without a skin are readRigidParts' business.
 */
export function readSkinnedMeshes(doc: GltfDocument, table: NodeTable, skins: Skin[]): SkinnedMesh[] {
  const meshList = optionalArray(doc.root, 'meshes', 'meshes');
  const meshSpace: IndexSpace = { singular: 'mesh', plural: 'meshes', count: meshList.length };
  const skinSpace: IndexSpace = { singular: 'skin', plural: 'skins', count: skins.length };
  const primitivesOf = new Map<string, SkinnedPrimitive[]>();
  const built: BuiltPrimitives = new Map();
  const meshless: number[] = [];
  const result: SkinnedMesh[] = [];
  table.nodes.forEach((node, source) => {
    const path = `nodes[${source}]`;
    const mesh = optionalIndex(node, 'mesh', `${path}.mesh`, meshSpace);
    const skin = optionalIndex(node, 'skin', `${path}.skin`, skinSpace);
    if (mesh === -1) {
      if (skin !== -1) meshless.push(source);
      return;
    }
    if (skin === -1) return;
    const meshObject = expectObject(meshList[mesh], `meshes[${mesh}]`);
    const key = `${mesh}/${skin}`;
    let primitives = primitivesOf.get(key);
    if (primitives === undefined) {
      primitives = readMeshPrimitives(doc, meshObject, mesh, skins[skin], skin, source, built);
      primitivesOf.set(key, primitives);
    }
    const meshName = optionalString(meshObject, 'name', `meshes[${mesh}].name`, '');
    result.push({
      name: meshName !== '' ? meshName : table.hierarchy.names[table.hierarchyIndexOf[source]],
      node: table.hierarchyIndexOf[source],
      skin,
      primitives,
    });
  });
  if (meshless.length > 0) {
    doc.notes.push(
      `${listNodes(meshless)}: ${meshless.length === 1 ? 'has a skin' : 'have skins'} but no mesh; ignored`,
    );
  }
  return result;
}

/**
 * One RigidPart per node that has a `mesh` and no `skin`, in node order: triangle primitives with
 * positions, unit normals and indices, in the node's space. JOINTS_n and WEIGHTS_n, if the mesh
 * has them, are not read (no skin says which joints they name); a note says so.
 */
export function readRigidParts(doc: GltfDocument, table: NodeTable): RigidPart[] {
  const meshList = optionalArray(doc.root, 'meshes', 'meshes');
  const meshSpace: IndexSpace = { singular: 'mesh', plural: 'meshes', count: meshList.length };
  const primitivesOf = new Map<number, RigidPrimitive[]>();
  const built = new Map<string, { path: string; primitive: RigidPrimitive | null }>();
  const sources: number[] = [];
  const influencesUnread: number[] = [];
  const result: RigidPart[] = [];
  table.nodes.forEach((node, source) => {
    const path = `nodes[${source}]`;
    if (field(node, 'skin') !== undefined) return;
    const mesh = optionalIndex(node, 'mesh', `${path}.mesh`, meshSpace);
    if (mesh === -1) return;
    sources.push(source);
    const meshPath = `meshes[${mesh}]`;
    const meshObject = expectObject(meshList[mesh], meshPath);
    let primitives = primitivesOf.get(mesh);
    if (primitives === undefined) {
      const list = optionalArray(meshObject, 'primitives', `${meshPath}.primitives`);
      if (list.length === 0) throw new GltfError(`${meshPath}.primitives`, 'must list at least one primitive');
      primitives = [];
      list.forEach((value, p) => {
        const primitivePath = `${meshPath}.primitives[${p}]`;
        const object = expectObject(value, primitivePath);
        const doubleSided = isDoubleSided(doc, object, primitivePath);
        const key = JSON.stringify([field(object, 'mode') ?? 4, field(object, 'indices') ?? null, field(object, 'attributes') ?? null, doubleSided]);
        let entry = built.get(key);
        if (entry === undefined) {
          entry = { path: primitivePath, primitive: readRigidPrimitive(doc, object, primitivePath, doubleSided) };
          built.set(key, entry);
        } else {
          doc.notes.push(`${primitivePath}: the same accessors as ${entry.path}; shares its data`);
        }
        if (entry.primitive !== null) primitives!.push(entry.primitive);
      });
      primitivesOf.set(mesh, primitives);
    }
    const hasInfluences = optionalArray(meshObject, 'primitives', `${meshPath}.primitives`).some((value) =>
      Object.keys(field(value as JsonObject, 'attributes') as JsonObject).some((name) => /^(?:JOINTS|WEIGHTS)_\d+$/.test(name)),
    );
    if (hasInfluences) influencesUnread.push(source);
    const meshName = optionalString(meshObject, 'name', `${meshPath}.name`, '');
    result.push({
      name: meshName !== '' ? meshName : table.hierarchy.names[table.hierarchyIndexOf[source]],
      node: table.hierarchyIndexOf[source],
      primitives,
    });
  });
  if (sources.length > 0) {
    doc.notes.push(
      `${listNodes(sources)}: ${sources.length === 1 ? 'has a mesh' : 'have meshes'} without a skin; ` +
        `drawn rigidly, each placed by its node's global matrix`,
    );
  }
  if (influencesUnread.length > 0) {
    doc.notes.push(
      `${listNodes([...new Set(influencesUnread)])}: JOINTS_n/WEIGHTS_n on a mesh whose node has no skin; ` +
        'not read (no skin says which joints they name)',
    );
  }
  return result;
}

function readRigidPrimitive(doc: GltfDocument, primitive: JsonObject, path: string, doubleSided: boolean): RigidPrimitive | null {
  const geometry = readGeometry(doc, primitive, path);
  if (geometry === null) return null;
  const { vertexCount, positions, positionPath } = geometry;
  const indices = readIndices(doc, primitive, path, positionPath, vertexCount);
  const normals = geometry.normals ?? computedNormals(doc, path, positions, indices);
  return { vertexCount, positions, normals, indices, doubleSided };
}

/**
 * The doubleSided of the primitive's material; false without a material (glTF's default material
 * is single-sided) or without the property.
 */
function isDoubleSided(doc: GltfDocument, primitive: JsonObject, path: string): boolean {
  const materials = optionalArray(doc.root, 'materials', 'materials');
  const index = optionalIndex(primitive, 'material', `${path}.material`, { singular: 'material', plural: 'materials', count: materials.length });
  if (index === -1) return false;
  return optionalBoolean(expectObject(materials[index], `materials[${index}]`), 'doubleSided', `materials[${index}].doubleSided`, false);
}

function listNodes(sources: number[]): string {
  const shown = sources.slice(0, 8).map((source) => `nodes[${source}]`);
  if (sources.length > 8) shown.push(`${sources.length - 8} more`);
  return shown.join(', ');
}

/**
 * Primitives read so far, by what they are made of — mode, attribute and index accessors, and the
 * skin — with the JSON path of the first: a primitive that repeats another is the same object,
 * built once (its arrays are read only, as all of a Model).
 */
type BuiltPrimitives = Map<string, { path: string; primitive: SkinnedPrimitive | null }>;

function readMeshPrimitives(
  doc: GltfDocument,
  mesh: JsonObject,
  meshIndex: number,
  skin: Skin,
  skinIndex: number,
  nodeSource: number,
  built: BuiltPrimitives,
): SkinnedPrimitive[] {
  const meshPath = `meshes[${meshIndex}]`;
  const list = optionalArray(mesh, 'primitives', `${meshPath}.primitives`);
  if (list.length === 0) throw new GltfError(`${meshPath}.primitives`, 'must list at least one primitive');
  const primitives: SkinnedPrimitive[] = [];
  list.forEach((value, p) => {
    const path = `${meshPath}.primitives[${p}]`;
    const object = expectObject(value, path);
    const doubleSided = isDoubleSided(doc, object, path);
    const key = JSON.stringify([skinIndex, field(object, 'mode') ?? 4, field(object, 'indices') ?? null, field(object, 'attributes') ?? null, doubleSided]);
    let entry = built.get(key);
    if (entry === undefined) {
      entry = { path, primitive: readPrimitive(doc, object, path, skin, skinIndex, nodeSource, doubleSided) };
      built.set(key, entry);
    } else {
      doc.notes.push(`${path}: the same accessors and skin as ${entry.path}; shares its data`);
    }
    if (entry.primitive !== null) primitives.push(entry.primitive);
  });
  return primitives;
}

function readPrimitive(
  doc: GltfDocument,
  primitive: JsonObject,
  path: string,
  skin: Skin,
  skinIndex: number,
  nodeSource: number,
  /** The material's doubleSided (isDoubleSided), read once for the primitive's key too. */
  doubleSided: boolean,
): SkinnedPrimitive | null {
  const geometry = readGeometry(doc, primitive, path);
  if (geometry === null) return null;
  const { attributes, vertexCount, positions, positionPath, jointSets } = geometry;
  let normals = geometry.normals;

  // Influence sets JOINTS_n / WEIGHTS_n, in increasing n.
  const setNumbers = [...jointSets].sort((a, b) => a - b);
  if (!jointSets.has(0)) {
    throw new GltfError(
      `${path}.attributes`,
      `JOINTS_0 and WEIGHTS_0 are required: nodes[${nodeSource}] draws this mesh with skin ${skinIndex}`,
    );
  }
  const jointData: Uint32Array[] = [];
  const weightData: Float32Array[] = [];
  for (const n of setNumbers) {
    for (const name of [`JOINTS_${n}`, `WEIGHTS_${n}`]) {
      if (field(attributes, name) === undefined) {
        const partner = name.startsWith('J') ? `WEIGHTS_${n}` : `JOINTS_${n}`;
        throw new GltfError(`${path}.attributes`, `${partner} has no matching ${name}`);
      }
    }
    const jointsPath = `${path}.attributes.JOINTS_${n}`;
    const joints = accessorAt(doc, attributes, `JOINTS_${n}`, jointsPath);
    expectFormat(joints, jointsPath, ['VEC4'], JOINT_FORMATS);
    noteMisaligned(doc, joints, jointsPath);
    expectCount(joints, jointsPath, vertexCount, SAME_COUNT);
    const jointValues = unsignedOf(doc, joints, jointsPath);
    checkJointRange(jointValues, joints, jointsPath, skin, skinIndex);
    jointData.push(jointValues);

    const weightsPath = `${path}.attributes.WEIGHTS_${n}`;
    const weights = accessorAt(doc, attributes, `WEIGHTS_${n}`, weightsPath);
    expectFormat(weights, weightsPath, ['VEC4'], WEIGHT_FORMATS);
    noteMisaligned(doc, weights, weightsPath);
    expectCount(weights, weightsPath, vertexCount, SAME_COUNT);
    const weightValues = floatsOf(doc, weights, weightsPath);
    for (let i = 0; i < weightValues.length; i++) {
      if (weightValues[i] < 0) {
        throw new GltfError(
          weightsPath,
          `accessor ${weights.index} vertex ${i >> 2} has a negative weight (${formatFloat32(weightValues[i])})`,
        );
      }
    }
    weightData.push(weightValues);
  }

  chargeDecoded(doc, 2 * MAX_INFLUENCES * vertexCount, `${path}.attributes`);
  const outJoints = new Uint16Array(MAX_INFLUENCES * vertexCount);
  const outWeights = new Float32Array(MAX_INFLUENCES * vertexCount);
  const counts = combineInfluences(jointData, weightData, skin.joints.length, vertexCount, outJoints, outWeights);
  const approximate = counts.unweighted.length > 0 ? bindToNearestJoint(counts.unweighted, positions, skin, outJoints, outWeights) : 0;
  reportInfluences(counts, path, setNumbers.length, doc.notes);
  if (approximate > 0) {
    doc.notes.push(
      `${path}: the search for the joint nearest each unweighted vertex ran out of its budget ` +
        `(${NEAREST_SEARCH_BASE_VISITS} plus ${NEAREST_SEARCH_VISITS_PER_VERTEX} steps per vertex); ` +
        `${approximate} vertices got a joint near them, not necessarily the nearest`,
    );
  }

  const indices = readIndices(doc, primitive, path, positionPath, vertexCount);
  if (normals === null) normals = computedNormals(doc, path, positions, indices);

  return { vertexCount, positions, normals, joints: outJoints, weights: outWeights, indices, doubleSided };
}

const SAME_COUNT = ` (as many as POSITION)`;

interface Geometry {
  attributes: JsonObject;
  vertexCount: number;
  positions: Float32Array;
  positionPath: string;
  /** Unit normals, or null when the file has none. */
  normals: Float32Array | null;
  /** The n of every JOINTS_n and WEIGHTS_n attribute. */
  jointSets: Set<number>;
}

/**
 * A primitive's attributes checked, morph targets noted, then POSITION and NORMAL read; null (with
 * a note) for a primitive that is not a triangle list or has no POSITION.
 */
function readGeometry(doc: GltfDocument, primitive: JsonObject, path: string): Geometry | null {
  const mode = optionalInteger(primitive, 'mode', `${path}.mode`, 0, 6, 4);
  if (field(primitive, 'attributes') === undefined) throw new GltfError(`${path}.attributes`, 'is required');
  const attributes = expectObject(field(primitive, 'attributes'), `${path}.attributes`);
  const jointSets = new Set<number>();
  for (const name of Object.keys(attributes)) {
    expectIndex(attributes[name], `${path}.attributes.${name}`, doc.accessorSpace);
    const set = /^(?:JOINTS|WEIGHTS)_(\d+)$/.exec(name);
    if (set !== null) jointSets.add(Number(set[1]));
  }
  const targets = optionalArray(primitive, 'targets', `${path}.targets`);
  if (targets.length > 0) {
    doc.notes.push(`${path}.targets: ${targets.length} morph target${targets.length === 1 ? '' : 's'} ignored`);
  }
  if (mode !== 4) {
    doc.notes.push(`${path}: mode ${mode} (${MODE_NAMES[mode]}) is not a triangle list; skipped`);
    return null;
  }
  if (field(attributes, 'POSITION') === undefined) {
    doc.notes.push(`${path}.attributes: no POSITION; skipped`);
    return null;
  }

  const positionPath = `${path}.attributes.POSITION`;
  const positionAccessor = accessorAt(doc, attributes, 'POSITION', positionPath);
  expectFormat(positionAccessor, positionPath, ['VEC3'], POSITION_FORMATS);
  noteMisaligned(doc, positionAccessor, positionPath);
  const vertexCount = positionAccessor.count;
  const positions = floatsOf(doc, positionAccessor, positionPath);

  let normals: Float32Array | null = null;
  if (field(attributes, 'NORMAL') !== undefined) {
    const normalPath = `${path}.attributes.NORMAL`;
    const accessor = accessorAt(doc, attributes, 'NORMAL', normalPath);
    expectFormat(accessor, normalPath, ['VEC3'], NORMAL_FORMATS);
    noteMisaligned(doc, accessor, normalPath);
    expectCount(accessor, normalPath, vertexCount, SAME_COUNT);
    normals = floatsOf(doc, accessor, normalPath);
    normaliseNormals(normals, normalPath, doc.notes);
  }
  return { attributes, vertexCount, positions, positionPath, normals, jointSets };
}

/** Smooth normals from the triangles, for a primitive without NORMAL (charged to the budget, noted). */
function computedNormals(doc: GltfDocument, path: string, positions: Float32Array, indices: Uint32Array | null): Float32Array {
  const vertexCount = positions.length / 3;
  chargeDecoded(doc, 3 * vertexCount, path);
  doc.notes.push(`${path}: no NORMAL attribute; smooth normals computed from the triangles`);
  return computeVertexNormals(new Float32Array(3 * vertexCount), positions, indices);
}

/** The primitive's triangle indices, each checked against `vertexCount`, or null when it has none. */
function readIndices(
  doc: GltfDocument,
  primitive: JsonObject,
  path: string,
  positionPath: string,
  vertexCount: number,
): Uint32Array | null {
  let indices: Uint32Array | null = null;
  if (field(primitive, 'indices') !== undefined) {
    const indicesPath = `${path}.indices`;
    const accessor = accessorAt(doc, primitive, 'indices', indicesPath);
    expectFormat(accessor, indicesPath, ['SCALAR'], UNSIGNED_INTEGERS);
    if (accessor.count % 3 !== 0) {
      throw new GltfError(
        indicesPath,
        `accessor ${accessor.index} has ${countOf(accessor.count, 'element')}, not a multiple of 3 (triangles)`,
      );
    }
    indices = unsignedOf(doc, accessor, indicesPath);
    for (let i = 0; i < indices.length; i++) {
      if (indices[i] >= vertexCount) {
        throw new GltfError(
          indicesPath,
          `accessor ${accessor.index} element ${i} is ${indices[i]}, but the primitive has ${countOf(vertexCount, 'vertex', 'vertices')}`,
        );
      }
    }
  } else if (vertexCount % 3 !== 0) {
    const vertices = countOf(vertexCount, 'vertex', 'vertices');
    throw new GltfError(positionPath, `${vertices} without indices is not a multiple of 3 (triangles)`);
  }
  return indices;
}

/**
 * Notes a vertex attribute whose elements are not 4-byte aligned in their buffer (the start of the
 * accessor in it, or the distance between elements, not a multiple of 4): the spec requires the
 * alignment for vertex attributes; the reader reads such data as it is.
 */
function noteMisaligned(doc: GltfDocument, info: AccessorInfo, path: string): void {
  if (info.bufferView < 0) return;
  const start = doc.store.views[info.bufferView].byteOffset + info.byteOffset;
  if (start % 4 === 0 && info.stride % 4 === 0) return;
  doc.notes.push(
    `${path}: accessor ${info.index} starts at byte ${start} of its buffer with elements ${info.stride} bytes apart; ` +
      'the spec asks vertex attributes to be 4-byte aligned (read as it is)',
  );
}

function checkJointRange(
  values: Uint32Array,
  accessor: AccessorInfo,
  path: string,
  skin: Skin,
  skinIndex: number,
): void {
  const jointCount = skin.joints.length;
  for (let i = 0; i < values.length; i++) {
    if (values[i] >= jointCount) {
      throw new GltfError(
        path,
        `accessor ${accessor.index} vertex ${i >> 2} uses joint ${values[i]}, but skin ${skinIndex} has ${jointCount} joint${jointCount === 1 ? '' : 's'}`,
      );
    }
  }
}

/** Renormalises every normal in place; zero normals become +Z. */
function normaliseNormals(normals: Float32Array, path: string, notes: string[]): void {
  let off = 0;
  let zero = 0;
  for (let i = 0; i < normals.length; i += 3) {
    const length = Math.hypot(normals[i], normals[i + 1], normals[i + 2]);
    if (length === 0) {
      normals[i + 2] = 1;
      zero++;
      continue;
    }
    if (Math.abs(length - 1) > NORMAL_LENGTH_TOLERANCE) off++;
    normals[i] /= length;
    normals[i + 1] /= length;
    normals[i + 2] /= length;
  }
  if (off > 0) notes.push(`${path}: ${off} normal${off === 1 ? ' was' : 's were'} not unit length; renormalised`);
  if (zero > 0) notes.push(`${path}: ${zero} zero-length normal${zero === 1 ? '' : 's'} replaced by +Z`);
}

interface InfluenceCounts {
  /** Vertices that had more than MAX_INFLUENCES distinct joints with non-zero weight. */
  overflowing: number;
  /** Vertices whose weights summed to something other than 1 (beyond WEIGHT_SUM_TOLERANCE). */
  unnormalised: number;
  /** Vertices whose weights were all 0. */
  unweighted: number[];
}

/**
 * Merges all influence sets of each vertex (repeated joints add up), keeps the MAX_INFLUENCES
 * largest weights in decreasing order (ties keep file order) and renormalises them to sum 1.
 * Unused slots are joint 0 with weight 0. Linear in the number of influences, however many sets.
 */
function combineInfluences(
  jointSets: Uint32Array[],
  weightSets: Float32Array[],
  jointCount: number,
  vertexCount: number,
  outJoints: Uint16Array,
  outWeights: Float32Array,
): InfluenceCounts {
  // Weight per skin joint for the current vertex (0 = not seen yet), and the joints seen, in file order.
  const accumulated = new Float64Array(jointCount);
  const seen = new Int32Array(4 * jointSets.length);
  // Their summed weights, in the same order (consumed by writeLargestInfluences).
  const candidateWeights = new Float64Array(4 * jointSets.length);
  const counts: InfluenceCounts = { overflowing: 0, unnormalised: 0, unweighted: [] };
  for (let v = 0; v < vertexCount; v++) {
    let used = 0;
    for (let set = 0; set < jointSets.length; set++) {
      for (let k = 0; k < 4; k++) {
        const weight = weightSets[set][4 * v + k];
        if (!(weight > 0)) continue;
        const joint = jointSets[set][4 * v + k];
        if (accumulated[joint] === 0) seen[used++] = joint;
        accumulated[joint] += weight;
      }
    }
    if (used === 0) {
      counts.unweighted.push(v);
      continue;
    }
    let sum = 0;
    for (let i = 0; i < used; i++) sum += accumulated[seen[i]];
    if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) counts.unnormalised++;
    if (used > MAX_INFLUENCES) counts.overflowing++;
    // The largest MAX_INFLUENCES, renormalised; the first seen wins a tie.
    for (let i = 0; i < used; i++) {
      candidateWeights[i] = accumulated[seen[i]];
      accumulated[seen[i]] = 0;
    }
    writeLargestInfluences(outJoints, outWeights, 4 * v, seen, candidateWeights, used, MAX_INFLUENCES, true);
  }
  return counts;
}

/** Tree nodes the nearest-joint searches of one primitive may visit in all, beyond 64 per vertex. */
const NEAREST_SEARCH_BASE_VISITS = 1 << 20;
const NEAREST_SEARCH_VISITS_PER_VERTEX = 64;

/**
 * Gives each vertex without influence weight 1 on the joint whose bind-pose origin is nearest
 * (the point its inverse bind matrix maps to the joint's origin; the lowest joint index among
 * equally near ones), so it follows the nearest bone instead of collapsing to the model origin as
 * Σ wᵢ·Mᵢ = 0 would make it. Joints with a singular inverse bind matrix are never chosen; if all
 * are singular, joint 0 is. Returns how many vertices got a joint near them rather than the nearest.
 *
 * Cost: a k-d tree makes a search O(log joints) for spread-out joints, but joints all about equally
 * far from a vertex (on a sphere around it) make it visit every one. So the searches of one
 * primitive share a budget of NEAREST_SEARCH_BASE_VISITS + NEAREST_SEARCH_VISITS_PER_VERTEX ×
 * vertices tree nodes; past it, each search stops after the path down the tree and a few nodes
 * more (approximate). A run of vertices at one point is searched once.
 */
function bindToNearestJoint(
  vertices: number[],
  positions: Float32Array,
  skin: Skin,
  outJoints: Uint16Array,
  outWeights: Float32Array,
): number {
  const tree = buildPointTree(jointOriginsInBindPose(skin));
  const approximateVisits = tree === null ? 0 : 2 * Math.ceil(Math.log2(tree.order.length + 1)) + 8;
  let exactVisits = NEAREST_SEARCH_BASE_VISITS + NEAREST_SEARCH_VISITS_PER_VERTEX * vertices.length;
  let approximate = 0;
  let lastX = NaN, lastY = NaN, lastZ = NaN;
  let joint = 0;
  const search = { visits: 0 };
  for (const v of vertices) {
    const x = positions[3 * v], y = positions[3 * v + 1], z = positions[3 * v + 2];
    if (tree !== null && !(x === lastX && y === lastY && z === lastZ)) {
      const exact = exactVisits > 0;
      search.visits = exact ? exactVisits : approximateVisits;
      joint = nearestPoint(tree, x, y, z, search);
      if (exact) exactVisits = search.visits;
      if (search.visits <= 0) approximate++;
      lastX = x;
      lastY = y;
      lastZ = z;
    } else if (tree !== null && search.visits <= 0) {
      approximate++;
    }
    outJoints[4 * v] = joint;
    outWeights[4 * v] = 1;
  }
  return approximate;
}

/** A k-d tree over points: node i (implicit, heap layout by recursion) holds one point index. */
interface PointTree {
  /** 3 doubles per point. */
  points: Float64Array;
  /** Point indices arranged so each subarray [lo, hi) has its splitting point at the middle. */
  order: Int32Array;
}

/**
 * A tree over the finite points of `points` (NaN rows skipped; of identical points only the lowest
 * index, so duplicates cannot degrade the search), or null when there are none.
 */
function buildPointTree(points: Float64Array): PointTree | null {
  const finite: number[] = [];
  for (let i = 0; 3 * i < points.length; i++) if (Number.isFinite(points[3 * i])) finite.push(i);
  if (finite.length === 0) return null;
  const same = (a: number, b: number) =>
    points[3 * a] === points[3 * b] &&
    points[3 * a + 1] === points[3 * b + 1] &&
    points[3 * a + 2] === points[3 * b + 2];
  finite.sort(
    (a, b) =>
      points[3 * a] - points[3 * b] ||
      points[3 * a + 1] - points[3 * b + 1] ||
      points[3 * a + 2] - points[3 * b + 2] ||
      a - b,
  );
  const order = Int32Array.from(finite.filter((p, i) => i === 0 || !same(finite[i - 1], p)));
  const build = (lo: number, hi: number, axis: number): void => {
    if (hi - lo <= 1) return;
    const slice = Array.from(order.subarray(lo, hi));
    slice.sort((a, b) => points[3 * a + axis] - points[3 * b + axis] || a - b);
    order.set(slice, lo);
    const middle = (lo + hi) >> 1;
    build(lo, middle, (axis + 1) % 3);
    build(middle + 1, hi, (axis + 1) % 3);
  };
  build(0, order.length, 0);
  return { points, order };
}

/**
 * Index of the point nearest to (x, y, z), the lowest index winning ties; visits at most
 * budget.visits tree nodes (at least one) and leaves what is left of it there. A search cut short
 * (budget.visits ≤ 0 on return) gives the nearest point among those visited.
 */
function nearestPoint(tree: PointTree, x: number, y: number, z: number, budget: { visits: number }): number {
  const { points, order } = tree;
  let best = -1;
  let bestDistance = Infinity;
  const search = (lo: number, hi: number, axis: number): void => {
    if (hi <= lo || (budget.visits <= 0 && best >= 0)) return;
    budget.visits--;
    const middle = (lo + hi) >> 1;
    const p = order[middle];
    const dx = points[3 * p] - x;
    const dy = points[3 * p + 1] - y;
    const dz = points[3 * p + 2] - z;
    const distance = dx * dx + dy * dy + dz * dz;
    if (distance < bestDistance || (distance === bestDistance && p < best)) {
      bestDistance = distance;
      best = p;
    }
    const offset = (axis === 0 ? x : axis === 1 ? y : z) - points[3 * p + axis];
    const next = (axis + 1) % 3;
    if (offset < 0) search(lo, middle, next);
    else search(middle + 1, hi, next);
    // The far side can only hold a point at least |offset| away; ≤ keeps exact ties reachable.
    if (offset * offset <= bestDistance) {
      if (offset < 0) search(middle + 1, hi, next);
      else search(lo, middle, next);
    }
  };
  search(0, order.length, 0);
  return best;
}

/** p with IBM × p = origin, i.e. −A⁻¹·t for IBM = [A t]; NaN for a joint whose A is singular. */
function jointOriginsInBindPose(skin: Skin): Float64Array {
  const origins = new Float64Array(3 * skin.joints.length);
  const m = skin.inverseBindMatrices;
  for (let j = 0; j < skin.joints.length; j++) {
    const o = 16 * j;
    const [a, b, c, d, e, f, g, h, i] = [
      m[o],
      m[o + 1],
      m[o + 2],
      m[o + 4],
      m[o + 5],
      m[o + 6],
      m[o + 8],
      m[o + 9],
      m[o + 10],
    ];
    // Column-major A = [a d g; b e h; c f i]; inverse by cofactors.
    const det = a * (e * i - f * h) - d * (b * i - c * h) + g * (b * f - c * e);
    const tx = m[o + 12];
    const ty = m[o + 13];
    const tz = m[o + 14];
    if (det === 0 || !Number.isFinite(det)) {
      origins.fill(NaN, 3 * j, 3 * j + 3);
      continue;
    }
    // Rows of A⁻¹ applied to t.
    origins[3 * j] = -((e * i - f * h) * tx + (g * f - d * i) * ty + (d * h - g * e) * tz) / det;
    origins[3 * j + 1] = -((c * h - b * i) * tx + (a * i - g * c) * ty + (g * b - a * h) * tz) / det;
    origins[3 * j + 2] = -((b * f - c * e) * tx + (d * c - a * f) * ty + (a * e - d * b) * tz) / det;
  }
  return origins;
}

function reportInfluences(counts: InfluenceCounts, path: string, sets: number, notes: string[]): void {
  const vertices = (n: number) => `${n} vert${n === 1 ? 'ex' : 'ices'}`;
  if (counts.overflowing > 0) {
    notes.push(
      `${path}: ${vertices(counts.overflowing)} had more than ${MAX_INFLUENCES} influences ` +
        `(${sets} joint sets); kept the ${MAX_INFLUENCES} largest and renormalised`,
    );
  }
  if (counts.unnormalised > 0) {
    notes.push(
      `${path}: ${vertices(counts.unnormalised)} had weights not summing to 1 (±${WEIGHT_SUM_TOLERANCE}); renormalised`,
    );
  }
  if (counts.unweighted.length > 0) {
    notes.push(
      `${path}: ${vertices(counts.unweighted.length)} had all weights 0; ` +
        'each was bound with weight 1 to the joint nearest to it in bind pose',
    );
  }
}
