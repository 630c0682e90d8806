// The description of one generated model, independent of the file format: what the catalogue
// builds and what gltf.ts writes. Everything is in world space at bind, seconds for time.

import type { PackedMesh } from './mesh.ts';
import type { Rig } from './rig.ts';

export type TrackPathName = 'translation' | 'rotation' | 'scale';
export type InterpolationName = 'STEP' | 'LINEAR' | 'CUBICSPLINE';

/** One animation channel with its own sampler. */
export interface TrackSpec {
  /** Index into `ModelSpec.rig.nodes`. */
  node: number;
  path: TrackPathName;
  interpolation: InterpolationName;
  /**
   * Key times in seconds, strictly increasing, first key at 0. Tracks of one clip that hold the
   * same array (the same object) share one input accessor in the file.
   */
  times: Float32Array<ArrayBuffer>;
  /**
   * 3 (translation, scale) or 4 (rotation, unit quaternion) floats per key; CUBICSPLINE stores
   * in-tangent, value, out-tangent per key, tangents in units per second.
   */
  values: Float32Array<ArrayBuffer>;
}

export interface ClipSpec {
  name: string;
  /** Whether the last key repeats the first so the clip plays seamlessly in a loop. */
  loops: boolean;
  tracks: TrackSpec[];
}

export interface MaterialSpec {
  name: string;
  /** Linear RGBA in [0, 1]. */
  baseColor: [number, number, number, number];
  metallic: number;
  roughness: number;
}

export interface ModelSpec {
  /** File name without extension, e.g. "two-bones". */
  name: string;
  /** One sentence for the README. */
  description: string;
  /** Chapters (titles as in TEACHING.md) and pages that use the model. */
  chapters: string[];
  /** Facts for the README, one bullet each: positions, keys, the numbers chapters quote. */
  notes: string[];
  rig: Rig;
  /** Node indices of the skin's joints, parents first. */
  joints: number[];
  /** One column-major 4×4 per joint: inverse of the joint's world matrix at bind. */
  inverseBindMatrices: Float32Array<ArrayBuffer>;
  /** Node index of the skeleton root (`skins[0].skeleton`). */
  skeleton: number;
  /** Name of the skinned mesh and of the node that instantiates it (no transform of its own). */
  meshName: string;
  /**
   * Index into `rig.nodes` of the node the skinned mesh node hangs under, as an FBX export leaves
   * a mesh parented to its armature; absent: the mesh node is a scene root, as glTF recommends.
   */
  meshParent?: number;
  /**
   * Khronos glTF validator warnings the file is built to carry (issue codes), each explained in
   * `notes`; any other warning fails `npm run models` and the tests.
   */
  validatorWarnings?: string[];
  mesh: PackedMesh;
  material: MaterialSpec;
  clips: ClipSpec[];
}
