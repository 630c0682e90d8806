// Node hierarchies for the generated models: joints authored as Blender-style bones (head, tail,
// roll), plus bone-less nodes (an armature, pivots) that still carry transforms.
//
// A rig is built in one *authoring space*: world space for most models, the Z-up armature space
// for the mannequin. Each bone's frame in that space has its +Y axis along the bone (head → tail)
// as in Blender, its origin at the head. Local (parent-relative) transforms, world bind matrices
// and inverse bind matrices are derived from those frames, so they always agree.

import {
  type Mat4,
  type Quat,
  type Vec3,
  IDENTITY_QUAT,
  ONE3,
  ZERO3,
  cross3,
  dot3,
  length3,
  mat4FromTRS,
  mat4InvertAffine,
  mat4Multiply,
  normalize3,
  quatChain,
  quatConjugate,
  quatFromAxes,
  quatMultiply,
  quatRotate,
  snapQuat,
  snapVec3,
  sub3,
} from './math.ts';

/** One node of the file, in the order it is written (parents before children). */
export interface RigNode {
  name: string;
  /** Index of the parent in `Rig.nodes`, -1 for a scene root. */
  parent: number;
  /** Rest (bind) local transform, relative to the parent. */
  translation: Vec3;
  rotation: Quat;
  scale: Vec3;
  /** Rotation of the node's frame in authoring space at bind (null for nodes above it). */
  authoringRotation: Quat | null;
  /** Origin of the node's frame in authoring space at bind. */
  authoringOrigin: Vec3 | null;
}

export interface Rig {
  nodes: RigNode[];
  /** Node index of the authoring space, or -1 when authoring happens in world space. */
  authoringSpace: number;
}

/** A rig whose bones will be authored in world space. */
export function createRig(): Rig {
  return { nodes: [], authoringSpace: -1 };
}

/**
 * Adds a bone-less node with an explicit local transform. Returns its index.
 * With `isAuthoringSpace`, later bones are given in this node's space (e.g. a Z-up armature).
 */
export function addPlainNode(
  rig: Rig,
  options: {
    name: string;
    parent: number;
    translation?: Vec3;
    rotation?: Quat;
    isAuthoringSpace?: boolean;
  },
): number {
  const parentNode = options.parent >= 0 ? rig.nodes[options.parent] : null;
  const translation = snapVec3(options.translation ?? ZERO3);
  const rotation = snapQuat(options.rotation ?? IDENTITY_QUAT);
  let authoringRotation: Quat | null = null;
  let authoringOrigin: Vec3 | null = null;
  if (options.isAuthoringSpace) {
    authoringRotation = IDENTITY_QUAT;
    authoringOrigin = ZERO3;
  } else if (parentNode && parentNode.authoringRotation && parentNode.authoringOrigin) {
    authoringRotation = quatMultiply(parentNode.authoringRotation, rotation);
    authoringOrigin = addRotated(parentNode.authoringOrigin, parentNode.authoringRotation, translation);
  } else if (rig.authoringSpace < 0 && !parentNode) {
    authoringRotation = rotation;
    authoringOrigin = translation;
  }
  rig.nodes.push({
    name: options.name,
    parent: options.parent,
    translation,
    rotation,
    scale: ONE3,
    authoringRotation,
    authoringOrigin,
  });
  const index = rig.nodes.length - 1;
  if (options.isAuthoringSpace) rig.authoringSpace = index;
  return index;
}

/**
 * Adds a bone from `head` to `tail` (authoring space). Its frame has +Y along the bone and +Z as
 * close as possible to `zHint` (Blender's roll). The parent must already be placed in authoring
 * space (a bone, a pivot below the authoring space, or the authoring-space node itself).
 * Returns its index.
 */
export function addBone(
  rig: Rig,
  options: { name: string; parent: number; head: Vec3; tail: Vec3; zHint: Vec3 },
): number {
  const y = normalize3(sub3(options.tail, options.head));
  const hintAlong = dot3(options.zHint, y);
  const zRaw = sub3(options.zHint, [y[0] * hintAlong, y[1] * hintAlong, y[2] * hintAlong]);
  if (length3(zRaw) < 1e-9) throw new Error(`bone ${options.name}: zHint is parallel to the bone`);
  const z = normalize3(zRaw);
  const x = cross3(y, z);
  const frameRotation = quatFromAxes(x, y, z);
  return addFramedNode(rig, options.name, options.parent, options.head, frameRotation);
}

/** Adds a node whose frame in authoring space is given directly (origin, rotation). */
export function addFramedNode(rig: Rig, name: string, parent: number, origin: Vec3, frameRotation: Quat): number {
  let parentRotation: Quat = IDENTITY_QUAT;
  let parentOrigin: Vec3 = ZERO3;
  if (parent >= 0) {
    const parentNode = rig.nodes[parent];
    if (!parentNode.authoringRotation || !parentNode.authoringOrigin) {
      throw new Error(`node ${name}: parent ${parentNode.name} is not placed in authoring space`);
    }
    parentRotation = parentNode.authoringRotation;
    parentOrigin = parentNode.authoringOrigin;
  } else if (rig.authoringSpace >= 0) {
    throw new Error(`node ${name}: a root node cannot be authored inside an armature space`);
  }
  const inverseParent = quatConjugate(parentRotation);
  const translation = snapVec3(quatRotate(inverseParent, sub3(origin, parentOrigin)));
  const rotation = snapQuat(quatMultiply(inverseParent, frameRotation));
  rig.nodes.push({
    name,
    parent,
    translation,
    rotation,
    scale: ONE3,
    authoringRotation: frameRotation,
    authoringOrigin: origin,
  });
  return rig.nodes.length - 1;
}

function addRotated(origin: Vec3, rotation: Quat, offset: Vec3): Vec3 {
  const rotated = quatRotate(rotation, offset);
  return [origin[0] + rotated[0], origin[1] + rotated[1], origin[2] + rotated[2]];
}

/** World matrices of every node at bind, composed from the stored local transforms. */
export function worldBindMatrices(rig: Rig): Mat4[] {
  const worlds: Mat4[] = [];
  for (const node of rig.nodes) {
    const local = mat4FromTRS(node.translation, node.rotation, node.scale);
    worlds.push(node.parent >= 0 ? mat4Multiply(worlds[node.parent], local) : local);
  }
  return worlds;
}

/** World matrix of the authoring space (identity for world-space rigs). */
export function authoringToWorld(rig: Rig): Mat4 {
  if (rig.authoringSpace < 0) return mat4FromTRS(ZERO3, IDENTITY_QUAT, ONE3);
  return worldBindMatrices(rig)[rig.authoringSpace];
}

/** Inverse bind matrices (16 floats per joint, column-major) for `joints` (node indices). */
export function inverseBindMatrices(rig: Rig, joints: number[]): Float32Array<ArrayBuffer> {
  const worlds = worldBindMatrices(rig);
  const out = new Float32Array(16 * joints.length);
  joints.forEach((joint, j) => {
    const inverse = mat4InvertAffine(worlds[joint]);
    for (let k = 0; k < 16; k++) out[16 * j + k] = Math.abs(inverse[k]) < 1e-12 ? 0 : inverse[k];
    // The bottom row of an affine matrix is exactly (0, 0, 0, 1).
    out[16 * j + 3] = out[16 * j + 7] = out[16 * j + 11] = 0;
    out[16 * j + 15] = 1;
  });
  return out;
}

/**
 * The local rotation that gives `joint` the authoring-space orientation `delta × bind`, given that
 * its parent is at `parentDelta × parentBind`. Deltas are rotations about the bone's own head,
 * expressed in authoring-space axes ("swing the thigh 20° forward"), so authors need not think
 * about each bone's roll. Returns rest × B⁻¹·P⁻¹·D·B for the bind rotation B of the joint.
 */
export function localRotationForDelta(rig: Rig, joint: number, parentDelta: Quat, delta: Quat): Quat {
  const node = rig.nodes[joint];
  if (!node.authoringRotation) throw new Error(`node ${node.name} is not placed in authoring space`);
  const bind = node.authoringRotation;
  const relative = quatChain(bind, delta, quatConjugate(parentDelta), quatConjugate(bind));
  // relative = B⁻¹ · P⁻¹ · D · B (quatChain applies left to right).
  return quatMultiply(node.rotation, relative);
}
