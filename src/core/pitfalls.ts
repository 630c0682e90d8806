// Deliberately wrong variants of the pipeline stages, for the chapters' break-it toggles.
//
// Each function here has the signature of the correct stage it breaks and makes exactly one of the
// classic mistakes readers make (the pitfalls listed in the chapters), so an island can swap it in
// and show what the bug looks like while everything else stays right. They follow the rules of the
// correct stages: the runtime ones output first, return `out`, allocate nothing, never throw,
// process as many nodes as every buffer holds and leave the rest of `out` untouched; the set-up
// one (limitInfluencesWithoutRenormalising) allocates and throws as limitInfluences does. Nothing
// outside the break-it toggles and the tests that pin down their wrongness should call them.
//
// Matrices are column-major 4×4s, 16 floats per node; `parents` is parents-first, −1 = root, as
// for localToGlobal (src/core/hierarchy.ts), the correct version of both functions below.

import { sampleClip, type ClipCursor, type Playback } from './clip.ts';
import { nodeCountOf } from './hierarchy.ts';
import { copyMat4At, invertMat4At, multiplyMat4At, multiplyQuatAt, setIdentityAt } from './math.ts';
import { TrackPath, type Clip, type Pose, type Skin, type SkinnedPrimitive, type Track } from './model.ts';
import { keepLargestInfluences } from './weights.ts';

/**
 * Pitfall: multiplication order. Computes G_i = L_i × G_parent instead of G_parent × L_i, into
 * outGlobals (16 floats per node); returns outGlobals.
 *
 * The child's local offset is no longer turned by its parent's rotation: a node sits at its own
 * local translation plus its parent's position turned by the node's *own* rotation, so the
 * chain's joints are placed in the wrong frame and the limb comes apart as soon as anything is
 * rotated. Pure translations commute, so a chain that only translates (such as a bind pose
 * built from bone offsets) still looks right: the bug waits until the first rotation.
 *
 * Same contract as localToGlobal: a node whose parent is not in [0, i) is a root and copies its
 * local; `outGlobals` may be `locals` (in place); never throws; processes
 * min(parents.length, locals.length / 16, outGlobals.length / 16) nodes.
 */
// #region local-to-global-reversed-order
export function localToGlobalReversedOrder(outGlobals: Float32Array, parents: Int16Array, locals: Float32Array): Float32Array {
  const count = nodeCountOf(outGlobals, parents, locals);
  for (let i = 0; i < count; i++) {
    const parent = parents[i];
    if (parent >= 0 && parent < i) multiplyMat4At(outGlobals, 16 * i, locals, 16 * i, outGlobals, 16 * parent);
    else if (outGlobals !== locals) copyMat4At(outGlobals, 16 * i, locals, 16 * i);
  }
  return outGlobals;
}
// #endregion local-to-global-reversed-order

/**
 * Pitfall: forgetting the parent (treating local transforms as global, or skipping the walk down
 * the hierarchy). Copies every node's local matrix into outGlobals as if it were its global;
 * returns outGlobals.
 *
 * Every bone is placed relative to the model's origin instead of its parent: each child keeps its
 * own bend but none of its ancestors' rotations and offsets, so the bones collapse onto the root
 * and turning a parent moves nothing below it. Roots are unaffected (their local is their global).
 *
 * Same contract as localToGlobal: `parents` only bounds the node count; `outGlobals` may be
 * `locals` (then nothing changes); never throws; processes
 * min(parents.length, locals.length / 16, outGlobals.length / 16) nodes.
 */
// #region local-to-global-without-parents
export function localToGlobalWithoutParents(outGlobals: Float32Array, parents: Int16Array, locals: Float32Array): Float32Array {
  const count = nodeCountOf(outGlobals, parents, locals);
  if (outGlobals === locals) return outGlobals;
  for (let i = 0; i < count; i++) copyMat4At(outGlobals, 16 * i, locals, 16 * i);
  return outGlobals;
}
// #endregion local-to-global-without-parents

/**
 * Pitfall: dropping influences without renormalising. As limitInfluences (src/core/weights.ts),
 * but the kept weights are stored as they were: a vertex that lost influences has weights summing
 * to s < 1, and since Σ wᵢ·(Mᵢ × v) with every Mᵢ equal to M is s·(M × v), it is pulled toward the
 * model origin by the factor s. The mesh dents exactly where two bones shared vertices — around
 * the joints — and nowhere else.
 */
export function limitInfluencesWithoutRenormalising(
  primitive: SkinnedPrimitive,
  maxInfluences: number,
): { joints: Uint16Array; weights: Float32Array } {
  return keepLargestInfluences(primitive, maxInfluences, false);
}

/**
 * The palette variants below have buildPalette's signature and contract (src/core/palette.ts)
 * without its globalInverse, which the pitfalls they show do not need.
 * Each writes one matrix per joint into outPalette (16 floats per joint, skin order) and returns
 * it; a joint naming no node in `globals` gets the identity; never throws; processes
 * min(skin.joints.length, inverseBindMatrices / 16, outPalette / 16) joints.
 */
function paletteJointCount(outPalette: Float32Array, skin: Skin): number {
  return Math.min(skin.joints.length, Math.floor(skin.inverseBindMatrices.length / 16), Math.floor(outPalette.length / 16));
}

/**
 * Pitfall: the offset on the wrong side. Computes inverseBind × global instead of
 * global × inverseBind. In the bind pose the two factors are inverses and cancel in either order,
 * so the bug hides until a bone moves; then each vertex is moved by the bone's current transform
 * from where it is, and only afterwards by the offset — a bone turned at its joint swings its
 * vertices about the model's origin and its own axes mixed up, instead of about the joint.
 */
// #region palette-reversed-order
export function buildPaletteReversedOrder(outPalette: Float32Array, skin: Skin, globals: Float32Array): Float32Array {
  const count = paletteJointCount(outPalette, skin);
  const nodeCount = Math.floor(globals.length / 16);
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    if (node >= 0 && node < nodeCount) multiplyMat4At(outPalette, 16 * j, skin.inverseBindMatrices, 16 * j, globals, 16 * node);
    else setIdentityAt(outPalette, 16 * j);
  }
  return outPalette;
}
// #endregion palette-reversed-order

/**
 * Pitfall: forgetting the offset. Uses each joint's global as its skinning matrix: the bind-pose
 * vertices, which are already where the bones placed them, are placed again — moved once more by
 * every bone's full bind-time transform. In the bind pose the mesh is drawn displaced and turned
 * by as much as each bone is away from the origin; only a bone at the origin with no rotation
 * looks right.
 */
// #region palette-without-offsets
export function buildPaletteWithoutOffsets(outPalette: Float32Array, skin: Skin, globals: Float32Array): Float32Array {
  const count = paletteJointCount(outPalette, skin);
  const nodeCount = Math.floor(globals.length / 16);
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    if (node >= 0 && node < nodeCount) copyMat4At(outPalette, 16 * j, globals, 16 * node);
    else setIdentityAt(outPalette, 16 * j);
  }
  return outPalette;
}
// #endregion palette-without-offsets

/** The bind global of the joint being built (scratch for buildPaletteWithBindGlobals; never escapes). */
const bindGlobal = new Float32Array(16);

/**
 * Pitfall: the offset not inverted. Multiplies each joint's global by its bind-pose global B
 * instead of B⁻¹ — the mistake of storing or loading the bind transform where the offset belongs
 * (or inverting twice). The bind pose then applies every bone's bind transform twice: G × B = B²
 * there, instead of the identity.
 */
// #region palette-bind-not-inverted
export function buildPaletteWithBindGlobals(outPalette: Float32Array, skin: Skin, globals: Float32Array): Float32Array {
  const count = paletteJointCount(outPalette, skin);
  const nodeCount = Math.floor(globals.length / 16);
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    if (node >= 0 && node < nodeCount && invertMat4At(bindGlobal, 0, skin.inverseBindMatrices, 16 * j) !== null) {
      multiplyMat4At(outPalette, 16 * j, globals, 16 * node, bindGlobal, 0);
    } else {
      setIdentityAt(outPalette, 16 * j);
    }
  }
  return outPalette;
}
// #endregion palette-bind-not-inverted

/**
 * Pitfall: skipping the nodes that are not bones. Computes the globals as localToGlobal does,
 * except that a node whose `isJoint` entry is 0 contributes the identity instead of its local
 * transform — the traversal that walks "the bones" rather than the node tree. Every transform a
 * bone-less node carries is lost for everything below it: an armature object's placement, a
 * Z-up → Y-up rotation, a scale applied at export. Returns outGlobals.
 *
 * Same contract as localToGlobal; nodes past isJoint's length count as joints; `outGlobals` may
 * be `locals`; never throws.
 */
// #region local-to-global-skipping-boneless-nodes
export function localToGlobalSkippingBonelessNodes(
  outGlobals: Float32Array,
  parents: Int16Array,
  locals: Float32Array,
  isJoint: Uint8Array,
): Float32Array {
  const count = nodeCountOf(outGlobals, parents, locals);
  for (let i = 0; i < count; i++) {
    const parent = parents[i];
    const skipped = i < isJoint.length && isJoint[i] === 0;
    const hasParent = parent >= 0 && parent < i;
    if (skipped && hasParent) copyMat4At(outGlobals, 16 * i, outGlobals, 16 * parent);
    else if (skipped) setIdentityAt(outGlobals, 16 * i);
    else if (hasParent) multiplyMat4At(outGlobals, 16 * i, outGlobals, 16 * parent, locals, 16 * i);
    else if (outGlobals !== locals) copyMat4At(outGlobals, 16 * i, locals, 16 * i);
  }
  return outGlobals;
}
// #endregion local-to-global-skipping-boneless-nodes

/**
 * Pitfall: keys taken as offsets from the rest pose. glTF keys (and Assimp's, and most formats')
 * are absolute: a keyed channel *replaces* the node's rest value. This variant samples the clip
 * correctly into `out`, then applies every keyed channel on top of the rest value instead —
 * translation rest + key, rotation rest · key, scale rest × key — so a bone whose rest transform
 * is not the identity gets it twice: a hip keyed 1 m up floats 2 m up, an arm whose rest rotation
 * points it sideways is turned sideways again. Same contract as sampleClip (src/core/clip.ts);
 * allocates nothing. Returns out.
 */
// #region sample-clip-relative-to-rest
export function sampleClipRelativeToRest(
  out: Pose,
  clip: Clip,
  rest: Pose,
  timeSeconds: number,
  playback: Playback,
  cursor: ClipCursor,
): Pose {
  sampleClip(out, clip, rest, timeSeconds, playback, cursor);
  return addRestToKeyedChannels(out, clip, rest);
}
// #endregion sample-clip-relative-to-rest

/** The mistake itself: each channel `clip` keys, applied on top of its rest value. Returns out. */
function addRestToKeyedChannels(out: Pose, clip: Clip, rest: Pose): Pose {
  const tracks = clip.tracks;
  for (let t = 0; t < tracks.length; t++) {
    const { node, path } = tracks[t];
    if (!(node >= 0) || keyedEarlier(tracks, t)) continue; // each keyed channel once
    if (path === TrackPath.TRANSLATION && 3 * node + 3 <= out.translations.length && 3 * node + 3 <= rest.translations.length) {
      for (let c = 3 * node; c < 3 * node + 3; c++) out.translations[c] += rest.translations[c];
    } else if (path === TrackPath.ROTATION && 4 * node + 4 <= out.rotations.length && 4 * node + 4 <= rest.rotations.length) {
      multiplyQuatAt(out.rotations, 4 * node, rest.rotations, 4 * node, out.rotations, 4 * node);
    } else if (path === TrackPath.SCALE && 3 * node + 3 <= out.scales.length && 3 * node + 3 <= rest.scales.length) {
      for (let c = 3 * node; c < 3 * node + 3; c++) out.scales[c] *= rest.scales[c];
    }
  }
  return out;
}

/** Whether a track before `t` drives the same node and path as track `t`. */
function keyedEarlier(tracks: readonly Track[], t: number): boolean {
  for (let u = 0; u < t; u++) if (tracks[u].node === tracks[t].node && tracks[u].path === tracks[t].path) return true;
  return false;
}
