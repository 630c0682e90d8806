// Deliberately wrong variants of the pipeline stages, for the chapters' break-it toggles.
//
// Each function here has the signature of the correct stage it breaks and makes exactly one of the
// classic mistakes readers make (the pitfalls listed in the chapters), so an island can swap it in
// and show what the bug looks like while everything else stays right. They follow the rules of the
// correct stages: the runtime ones output first, return `out`, allocate nothing, never throw,
// process as many nodes as every buffer holds and leave the rest of `out` untouched; the set-up
// one (limitInfluencesWithoutRenormalising) allocates and throws as limitInfluences does. Nothing
// outside the break-it toggles, the worked examples that measure how wrong they are, and the tests
// that pin down their wrongness should call them.
//
// Matrices are column-major 4×4s, 16 floats per node; `parents` is parents-first, −1 = root, as
// for localToGlobal (src/core/hierarchy.ts), the correct version of both functions below.

import { Playback, channelOf, findKeyIndex, sampleClip, wrapClipTime, type ClipCursor } from './clip.ts';
import { nodeCountOf } from './hierarchy.ts';
import { copyMat4At, invertMat4At, lerpVec3At, multiplyMat4At, multiplyQuatAt, normalizeQuatAt, setIdentityAt } from './math.ts';
import { Interpolation, TrackPath, type Clip, type Pose, type Skin, type SkinnedPrimitive, type Track } from './model.ts';
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

// ── Chapter 6: global inverse transform ─────────────────────────────────────────────────────────
// Three palettes with buildPalette's whole signature, globalInverse included, and its contract
// (src/core/palette.ts): 16 floats per joint in skin order, the identity for a joint naming no
// node in `globals`, nothing allocated, never a throw; outPalette must not overlap the inputs.
// Each applies the placement of the whole model (the nodes above the skeleton) once too often or
// once too few. What that looks like depends on the model matrix the renderer draws the result
// with: none under glTF's rule, the root's transform in an engine that works as ogldev does.

/**
 * Pitfall: the global inverse forgotten. Computes global × inverseBind and leaves globalInverse
 * out — ogldev's FinalTransformation without its m_GlobalInverseTransform. Every matrix keeps the
 * placement the nodes above the skeleton give the model (a root's Z-up → Y-up turn, an armature's
 * centimetre scale). That is glTF's rule, right for a renderer that draws the result as it is; in
 * an engine that draws each mesh with a model matrix of its own, set to the root's transform, the
 * root is applied twice: a model the root stands upright is turned a second time and lies down.
 */
// #region palette-without-global-inverse
export function buildPaletteWithoutGlobalInverse(
  outPalette: Float32Array,
  skin: Skin,
  globals: Float32Array,
  globalInverse: Float32Array | null,
): Float32Array {
  const count = paletteJointCount(outPalette, skin);
  const nodeCount = Math.floor(globals.length / 16);
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    if (node >= 0 && node < nodeCount) multiplyMat4At(outPalette, 16 * j, globals, 16 * node, skin.inverseBindMatrices, 16 * j);
    else setIdentityAt(outPalette, 16 * j);
    // …and globalInverse is never multiplied in: the root's placement stays in every matrix.
  }
  return outPalette;
}
// #endregion palette-without-global-inverse

/**
 * Pitfall: the global inverse applied twice. Computes globalInverse × globalInverse × global ×
 * inverseBind: the root's inverse taken once on the way down the tree (the walk started with it as
 * the parent transform, so every global already holds it) and once more in the final product —
 * or once by the loader and again by the renderer. The placement is not undone but reversed: with
 * a model matrix that applies the root once, the root is undone instead, and the mesh comes out
 * in the file's own axes, a Z-up model lying on its face.
 */
// #region palette-global-inverse-twice
export function buildPaletteWithGlobalInverseTwice(
  outPalette: Float32Array,
  skin: Skin,
  globals: Float32Array,
  globalInverse: Float32Array | null,
): Float32Array {
  const count = paletteJointCount(outPalette, skin);
  const nodeCount = Math.floor(globals.length / 16);
  const rebase = globalInverse !== null && globalInverse.length >= 16;
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    if (!(node >= 0 && node < nodeCount)) {
      setIdentityAt(outPalette, 16 * j);
      continue;
    }
    multiplyMat4At(outPalette, 16 * j, globals, 16 * node, skin.inverseBindMatrices, 16 * j);
    if (rebase) {
      multiplyMat4At(outPalette, 16 * j, globalInverse, 0, outPalette, 16 * j);
      multiplyMat4At(outPalette, 16 * j, globalInverse, 0, outPalette, 16 * j); // the second time
    }
  }
  return outPalette;
}
// #endregion palette-global-inverse-twice

/**
 * Pitfall: the skinned mesh node's transform applied — a skinned glTF mesh drawn like a static
 * one. Computes globals[meshNode] × globalInverse × global × inverseBind: the mesh node's world
 * matrix as the model matrix, in front of joint matrices that already place the mesh. glTF forbids
 * it ("the transform of the skinned mesh node MUST be ignored"): the joints' globals include every
 * node above the skeleton, and the inverse bind matrices map from the mesh's own space, so the
 * nodes above the mesh node — in a typical export the same ones — are applied twice. A Z-up root
 * turns the model twice; an armature in centimetres makes it 100 times smaller again. A mesh node
 * at the scene root with no transform hides the mistake. `meshNode` is the hierarchy index of the
 * node that draws the mesh (SkinnedMesh.node); one that names no node in `globals` adds nothing.
 */
// #region palette-with-mesh-node-transform
export function buildPaletteWithMeshNodeTransform(
  outPalette: Float32Array,
  skin: Skin,
  globals: Float32Array,
  globalInverse: Float32Array | null,
  meshNode: number,
): Float32Array {
  const count = paletteJointCount(outPalette, skin);
  const nodeCount = Math.floor(globals.length / 16);
  const rebase = globalInverse !== null && globalInverse.length >= 16;
  const placed = meshNode >= 0 && meshNode < nodeCount;
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    if (!(node >= 0 && node < nodeCount)) {
      setIdentityAt(outPalette, 16 * j);
      continue;
    }
    multiplyMat4At(outPalette, 16 * j, globals, 16 * node, skin.inverseBindMatrices, 16 * j);
    if (rebase) multiplyMat4At(outPalette, 16 * j, globalInverse, 0, outPalette, 16 * j);
    // The mistake: the mesh node's world matrix in front, as for a mesh without a skin.
    if (placed) multiplyMat4At(outPalette, 16 * j, globals, 16 * meshNode, outPalette, 16 * j);
  }
  return outPalette;
}
// #endregion palette-with-mesh-node-transform

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

// ── Chapter 7: keyframe interpolation ──────────────────────────────────────────────────────────
// Two kernels with slerpQuatAt's signature (src/core/math.ts), which a figure swaps in through
// sampleClipBlendingRotations (src/core/rotation-blend.ts); three clocks with the signatures of
// wrapClipTime (src/core/clip.ts) and animationTimeInTicks (src/core/ticks.ts); and a sampler
// with sampleClip's signature whose cubic splines forget the key interval.

/**
 * Pitfall: slerp the long way round. Slerp's weights on the keys as stored, without first taking
 * b on a's side of the sphere when a·b < 0. A quaternion and its negation are the same rotation,
 * and files do hold neighbouring keys with opposite signs: an exporter that writes every key with
 * w ≥ 0 flips the sign wherever w passes through 0, at about 180° from the parent — a thigh hanging
 * from hips that point up. There the arc from a to b is the long one: the bone turns through 360°
 * minus the angle between the keys, within one key interval, and comes back to the right pose at
 * the next key. Keys on the same side give slerpQuatAt's result. Never throws: for exactly
 * opposite keys (the same rotation with both signs) the weights are a lerp's. Returns out.
 */
// #region slerp-without-flip
export function slerpQuatAtWithoutFlip(
  out: Float32Array,
  outOffset: number,
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
  t: number,
): Float32Array {
  const ax = a[aOffset], ay = a[aOffset + 1], az = a[aOffset + 2], aw = a[aOffset + 3];
  const bx = b[bOffset], by = b[bOffset + 1], bz = b[bOffset + 2], bw = b[bOffset + 3];
  // No look at the sign of a·b: when it is negative, the angle is over 90° and the arc goes the long way.
  const cosine = (ax * bx + ay * by + az * bz + aw * bw) / Math.sqrt((ax * ax + ay * ay + az * az + aw * aw) * (bx * bx + by * by + bz * bz + bw * bw));
  let weightA = 1 - t;
  let weightB = t;
  if (Math.abs(cosine) < 1 - 1e-7) {
    const angle = Math.acos(cosine);
    const inverseSine = 1 / Math.sin(angle);
    weightA = Math.sin(weightA * angle) * inverseSine;
    weightB = Math.sin(weightB * angle) * inverseSine;
  }
  out[outOffset] = weightA * ax + weightB * bx;
  out[outOffset + 1] = weightA * ay + weightB * by;
  out[outOffset + 2] = weightA * az + weightB * bz;
  out[outOffset + 3] = weightA * aw + weightB * bw;
  return out;
}
// #endregion slerp-without-flip

/**
 * Pitfall: lerp without normalising. nlerpQuatAt (src/core/math.ts) minus its last step: the blend
 * of two unit quaternions, taken the short way, is written as it is — shorter than 1 everywhere
 * between the keys, by a factor cos(θ/4) at the middle of keys θ apart. The local matrix built
 * from it (composeTRSAt expects unit length) is then a mix of the rotation and the identity: the
 * bone turns too little and shrinks. Keys a few degrees apart hide it (30 keys per second); keys
 * far apart, as keyframe reduction leaves them, show it. Never throws. Returns out.
 */
// #region lerp-without-normalizing
export function lerpQuatAtWithoutNormalizing(
  out: Float32Array,
  outOffset: number,
  a: Float32Array,
  aOffset: number,
  b: Float32Array,
  bOffset: number,
  t: number,
): Float32Array {
  const ax = a[aOffset], ay = a[aOffset + 1], az = a[aOffset + 2], aw = a[aOffset + 3];
  // The shorter way round, as nlerp goes…
  const side = ax * b[bOffset] + ay * b[bOffset + 1] + az * b[bOffset + 2] + aw * b[bOffset + 3] < 0 ? -1 : 1;
  // …but the straight line between the keys is written out as it is, shorter than 1.
  out[outOffset] = ax + (side * b[bOffset] - ax) * t;
  out[outOffset + 1] = ay + (side * b[bOffset + 1] - ay) * t;
  out[outOffset + 2] = az + (side * b[bOffset + 2] - az) * t;
  out[outOffset + 3] = aw + (side * b[bOffset + 3] - aw) * t;
  return out;
}
// #endregion lerp-without-normalizing

/**
 * Pitfall: looping with fmod. As wrapClipTime, but LOOP takes the remainder as C's fmod and
 * JavaScript's % compute it, with the sign of the time: a clock that runs backwards (a negative
 * playback rate, rewinding) gives a negative clip time, which is before the first key — the
 * sampler holds the first pose and the clip stands still instead of playing in reverse. Forward,
 * it is right. Never throws: a remainder that is not finite (no duration) counts as 0.
 */
// #region wrap-with-fmod
export function wrapClipTimeWithFmod(timeSeconds: number, durationSeconds: number, playback: Playback): number {
  if (playback !== Playback.LOOP) return wrapClipTime(timeSeconds, durationSeconds, playback);
  const wrapped = timeSeconds % durationSeconds; // −0.25 % 1.2 is −0.25, not 0.95
  return Number.isFinite(wrapped) ? wrapped : 0;
}
// #endregion wrap-with-fmod

/**
 * Pitfall: seconds read as ticks. As animationTimeInTicks, but the clock's seconds go in as ticks,
 * unconverted: the clip plays ticksPerSecond times too slowly — 30 times for keys counted in
 * frames at 30 per second, a thousand times for Assimp's glTF importer, which counts milliseconds.
 */
// #region seconds-as-ticks
export function animationTimeSecondsAsTicks(timeSeconds: number, ticksPerSecond: number, durationTicks: number, playback: Playback): number {
  return wrapClipTime(timeSeconds, durationTicks, playback); // ticksPerSecond never used
}
// #endregion seconds-as-ticks

/**
 * Pitfall: ticks per second taken as given. As animationTimeInTicks, but a ticksPerSecond of 0 —
 * Assimp's way of saying that the file did not say — is used as it is: every time maps to tick 0
 * and the model stands frozen on its first keys.
 */
// #region ticks-without-default
export function animationTimeWithoutTicksDefault(timeSeconds: number, ticksPerSecond: number, durationTicks: number, playback: Playback): number {
  return wrapClipTime(timeSeconds * ticksPerSecond, durationTicks, playback);
}
// #endregion ticks-without-default

/**
 * Pitfall: cubic-spline tangents not scaled by the key interval. Samples `clip` as sampleClip does,
 * then evaluates every CUBICSPLINE track again with the Hermite basis applied to the tangents as
 * stored. glTF stores them per second; the basis runs over u in [0, 1] across an interval of t_d
 * seconds, so each tangent must be multiplied by t_d (glTF 2.0, Appendix C). Without it, keys
 * half a second apart overshoot with tangents twice too steep, keys 1.2 s apart curve too little;
 * the values at the keys are still right. Same contract as sampleClip; allocates nothing. Returns out.
 */
export function sampleClipWithUnscaledTangents(
  out: Pose,
  clip: Clip,
  rest: Pose,
  timeSeconds: number,
  playback: Playback,
  cursor: ClipCursor,
): Pose {
  sampleClip(out, clip, rest, timeSeconds, playback, cursor);
  const time = cursor.time;
  for (let i = 0; i < clip.tracks.length; i++) {
    const { node, path, interpolation, times, values } = clip.tracks[i];
    const target = channelOf(out, path);
    const width = path === TrackPath.ROTATION ? 4 : 3;
    const keyCount = Math.min(times.length, Math.floor(values.length / (3 * width)));
    if (interpolation !== Interpolation.CUBICSPLINE || target === null || !(node >= 0) || width * node + width > target.length) continue;
    if (keyCount < 2 || !(time > times[0]) || time >= times[keyCount - 1]) continue;
    const k = i < cursor.keys.length ? cursor.keys[i] : findKeyIndex(times, keyCount, time, -1);
    const interval = times[k + 1] - times[k];
    const u = interval > 0 ? (time - times[k]) / interval : 0;
    // #region hermite-without-interval
    const u2 = u * u;
    const u3 = u2 * u;
    const h00 = 2 * u3 - 3 * u2 + 1;
    const h10 = u3 - 2 * u2 + u; // × interval forgotten
    const h01 = -2 * u3 + 3 * u2;
    const h11 = u3 - u2; // × interval forgotten
    // #endregion hermite-without-interval
    const stride = 3 * width;
    for (let c = 0; c < width; c++) {
      target[width * node + c] =
        h00 * values[k * stride + width + c] +
        h10 * values[k * stride + 2 * width + c] +
        h01 * values[(k + 1) * stride + width + c] +
        h11 * values[(k + 1) * stride + c];
    }
    if (width === 4) normalizeQuatAt(target, 4 * node, target, 4 * node);
  }
  return out;
}

// ── Chapter 9, real models ───────────────────────────────────────────────────────────────────

/** Joint j's offset matrix with rows and columns swapped; scratch owned by buildPaletteWithTransposedOffsets. */
const transposedOffset = new Float32Array(16);

/**
 * Pitfall: Assimp's row-major offset matrices (aiBone::mOffsetMatrix, aiNode::mTransformation)
 * copied as they are into a column-major array (gl-matrix, glTF, this core). Each inverse bind
 * matrix arrives transposed: its rotation turned the other way, and its translation moved into the
 * bottom row, which an affine palette never reads — so the offset's translation is lost. Builds
 * global × inverseBindᵀ per joint; same contract as buildPalette without the global inverse.
 * Allocates nothing. Returns outPalette.
 */
// #region palette-transposed-offsets
export function buildPaletteWithTransposedOffsets(outPalette: Float32Array, skin: Skin, globals: Float32Array): Float32Array {
  const count = paletteJointCount(outPalette, skin);
  const nodeCount = Math.floor(globals.length / 16);
  for (let j = 0; j < count; j++) {
    const node = skin.joints[j];
    if (!(node >= 0 && node < nodeCount)) {
      setIdentityAt(outPalette, 16 * j);
      continue;
    }
    // Element (r, c) taken from element (c, r): a row-major array read as column-major.
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) transposedOffset[4 * c + r] = skin.inverseBindMatrices[16 * j + 4 * r + c];
    multiplyMat4At(outPalette, 16 * j, globals, 16 * node, transposedOffset, 0);
  }
  return outPalette;
}
// #endregion palette-transposed-offsets
