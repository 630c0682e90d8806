// The data model shared by every stage of the skinning core.
//
// Everything here is flat typed arrays, produced once by the loader (src/core/gltf/) or by hand in
// a chapter, and treated as immutable afterwards. Per-frame state (poses, matrices, the palette)
// lives in caller-owned buffers created by the `create…` helpers below, so the runtime stages
// allocate nothing.
//
// Conventions: column-major 4×4 matrices stored as 16 consecutive floats, column vectors,
// post-multiplication (global = parentGlobal × local), quaternions [x, y, z, w], time in seconds.

/** Interpolation of an animation track, numbered so a track stores a small integer. */
export const Interpolation = { STEP: 0, LINEAR: 1, CUBICSPLINE: 2 } as const;
export type Interpolation = (typeof Interpolation)[keyof typeof Interpolation];

/** Which component of a node's local transform a track drives. */
export const TrackPath = { TRANSLATION: 0, ROTATION: 1, SCALE: 2 } as const;
export type TrackPath = (typeof TrackPath)[keyof typeof TrackPath];

/** Local transforms of every node, structure-of-arrays: node i uses [3i, 3i+3) and [4i, 4i+4). */
export interface Pose {
  /** 3 floats per node, model units. */
  translations: Float32Array;
  /** 4 floats per node, unit quaternion [x, y, z, w]. */
  rotations: Float32Array;
  /** 3 floats per node, unitless factors. */
  scales: Float32Array;
}

/**
 * The flattened node hierarchy: every node of the file (joints and bone-less nodes alike), sorted
 * so that a parent always comes before its children. Indices into it are "hierarchy indices".
 */
export interface Hierarchy {
  /** Number of nodes. */
  count: number;
  /** Parent hierarchy index per node, -1 for a root; parents[i] < i always holds. */
  parents: Int16Array;
  /** Node names ("" when the file gives none); not unique in general. */
  names: string[];
  /** Index of the node in the source file (glTF `nodes[k]`), per hierarchy index. */
  sourceIndex: Int32Array;
  /** The rest (authored) local transform of every node; nodes without a track keep it. */
  rest: Pose;
}

/** A skin binds a mesh to a set of joints, each a node of the hierarchy. */
export interface Skin {
  name: string;
  /** Hierarchy index of each joint; JOINTS_n attributes index this array, not the hierarchy. */
  joints: Int16Array;
  /** One column-major 4×4 per joint (16·joints.length floats): model space → that joint's space. */
  inverseBindMatrices: Float32Array;
  /** Hierarchy index of the skeleton root the file names, or -1 when it names none. */
  skeleton: number;
}

/** One skinned draw call: vertex data in bind pose, at most 4 influences per vertex. */
export interface SkinnedPrimitive {
  vertexCount: number;
  /** 3 floats per vertex, bind-pose model space. */
  positions: Float32Array;
  /**
   * 3 floats per vertex (unit length). Never null from the loader, which computes smooth normals
   * (src/core/normals.ts) when the file has none. Null only in a primitive built in code without
   * normals: skinVertices then writes no normals, and src/gl/mesh.ts computes them for drawing.
   */
  normals: Float32Array | null;
  /** 4 per vertex: indices into the skin's `joints` array. Unused slots are 0 with weight 0. */
  joints: Uint16Array;
  /** 4 per vertex, each in [0, 1], summing to 1 (renormalised by the loader). */
  weights: Float32Array;
  /** Triangle list indices, or null for non-indexed geometry. */
  indices: Uint32Array | null;
  /**
   * The glTF material's doubleSided: false, the triangles' back faces (clockwise on screen) are not
   * drawn, as glTF requires of a single-sided material; true, both sides are, each lit from the
   * side seen. Absent (a primitive built in code): both sides.
   */
  doubleSided?: boolean;
}

/** A mesh drawn with a skin. Its node's own transform is ignored, as glTF requires. */
export interface SkinnedMesh {
  name: string;
  /** Hierarchy index of the node that instantiates the mesh. */
  node: number;
  /** Index into Model.skins. */
  skin: number;
  primitives: SkinnedPrimitive[];
}

/** One draw call of a mesh without a skin: vertex data in the space of the node that places it. */
export interface RigidPrimitive {
  vertexCount: number;
  /** 3 floats per vertex, in the node's own space (model units before the node's global matrix). */
  positions: Float32Array;
  /** 3 floats per vertex (unit length); the loader computes smooth normals when the file has none. */
  normals: Float32Array;
  /** Triangle list indices, or null for non-indexed geometry. */
  indices: Uint32Array | null;
  /**
   * The glTF material's doubleSided: false, the triangles' back faces (clockwise on screen) are not
   * drawn, as glTF requires of a single-sided material; true, both sides are, each lit from the
   * side seen. Absent (a primitive built in code): both sides.
   */
  doubleSided?: boolean;
}

/**
 * A mesh drawn without a skin (a robot's hand plate, a helmet): it follows its node rigidly, each
 * vertex placed by the node's global matrix, globals[node] × position, every frame.
 */
export interface RigidPart {
  name: string;
  /** Hierarchy index of the node whose global matrix places the mesh. */
  node: number;
  primitives: RigidPrimitive[];
}

/**
 * One animated property of one node. Keys are absolute: they replace the rest value.
 * `values` holds `width` floats per key (3 for translation/scale, 4 for rotation); for CUBICSPLINE
 * it holds three such groups per key, in glTF order: in-tangent, value, out-tangent.
 */
export interface Track {
  /** Hierarchy index of the animated node. */
  node: number;
  path: TrackPath;
  interpolation: Interpolation;
  /** Key times in seconds, strictly increasing, at least one key. */
  times: Float32Array;
  values: Float32Array;
}

/** An animation clip: tracks with independent key times. */
export interface Clip {
  name: string;
  /** Seconds: the last key time over all tracks (0 for a clip whose keys are all at 0). */
  duration: number;
  tracks: Track[];
}

/** A loaded model: immutable after loading. */
export interface Model {
  hierarchy: Hierarchy;
  skins: Skin[];
  meshes: SkinnedMesh[];
  /** Meshes on nodes without a skin, in node order; absent (none) in models built in code. */
  rigidParts?: RigidPart[];
  clips: Clip[];
  /** Things the loader changed or ignored, in words (e.g. "12 vertices had > 4 influences"). */
  notes: string[];
}

/** A pose for `nodeCount` nodes, filled with the identity transform. */
export function createPose(nodeCount: number): Pose {
  const pose: Pose = {
    translations: new Float32Array(3 * nodeCount),
    rotations: new Float32Array(4 * nodeCount),
    scales: new Float32Array(3 * nodeCount),
  };
  for (let i = 0; i < nodeCount; i++) {
    pose.rotations[4 * i + 3] = 1;
    pose.scales[3 * i] = pose.scales[3 * i + 1] = pose.scales[3 * i + 2] = 1;
  }
  return pose;
}

/** Copies `source` into `out` (same node count) and returns `out`. */
export function copyPose(out: Pose, source: Pose): Pose {
  out.translations.set(source.translations);
  out.rotations.set(source.rotations);
  out.scales.set(source.scales);
  return out;
}

/** Room for `count` column-major 4×4 matrices (16·count floats), all zero. */
export function createMatrices(count: number): Float32Array {
  return new Float32Array(16 * count);
}
