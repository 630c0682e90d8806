// The choices of chapter 6's figure, as the island runs them and the worked examples measure them:
// one frame's palette, drawn right — glTF's rule, joint matrices alone — or with the placement of
// the whole model applied once too often or once too few, by a palette of src/core/pitfalls.ts in
// one of two renderers:
//
//   an engine that works as ogldev does: the palette re-based by the inverse of the root node's
//   transform (m_GlobalInverseTransform), then drawn with the root's transform as model matrix —
//   right when both are there; here the global inverse is forgotten, or applied twice;
//
//   a glTF renderer that draws the skinned mesh with its node's world matrix, as it would a mesh
//   without a skin — the mistake glTF's "the transform of the skinned mesh node MUST be ignored"
//   rules out.
//
// Pure (no DOM): the island calls it each frame, the build-time examples at set-up.

import type { Player } from '../../core/frame.ts';
import { copyMat4At, invertMat4At, multiplyMat4At } from '../../core/math.ts';
import type { Model } from '../../core/model.ts';
import { buildPaletteWithGlobalInverseTwice, buildPaletteWithMeshNodeTransform, buildPaletteWithoutGlobalInverse } from '../../core/pitfalls.ts';

/** The figure's choices, in the order GlobalInverseFigure.astro lists them. */
export const GLOBAL_INVERSE_MODES = ['correct', 'without-global-inverse', 'global-inverse-twice', 'mesh-node-transform'] as const;
export type GlobalInverseMode = (typeof GLOBAL_INVERSE_MODES)[number];

/** What the two renderers need to know about a model's placement, found once at set-up. */
export interface Placement {
  /** Hierarchy index of the root node above the skin's joints, and of the node that draws the mesh. */
  root: number;
  meshNode: number;
  /** The root's transform (column-major 4×4): the ogldev-style engine's model matrix. */
  rootTransform: Float32Array;
  /** Its inverse: ogldev's m_GlobalInverseTransform. */
  globalInverse: Float32Array;
}

/**
 * The placement of `model`'s first skinned mesh: the root of the tree its skin's first joint hangs
 * in, read from `player.globals` (pose the player in the rest pose first), and the mesh's node.
 * Null when the model has no skinned mesh or the root's transform cannot be inverted.
 */
export function placementOf(model: Model, player: Player): Placement | null {
  const mesh = model.meshes[0];
  const skin = mesh === undefined ? undefined : model.skins[mesh.skin];
  if (mesh === undefined || skin === undefined || skin.joints.length === 0) return null;
  let root = skin.joints[0];
  while (model.hierarchy.parents[root] >= 0) root = model.hierarchy.parents[root];
  const rootTransform = copyMat4At(new Float32Array(16), 0, player.globals, 16 * root);
  const globalInverse = invertMat4At(new Float32Array(16), 0, rootTransform, 0);
  return globalInverse === null ? null : { root, meshNode: mesh.node, rootTransform, globalInverse };
}

/**
 * What a vertex shader's model matrix W does to every skinned vertex, folded into the palette the
 * figure draws with (the site's renderer has no model matrix for skinned meshes, as glTF wants):
 * W × Σ wᵢ Mᵢ v = Σ wᵢ (W × Mᵢ) v, so each palette matrix Mᵢ becomes W × Mᵢ. Allocates nothing.
 */
export function applyModelMatrix(palette: Float32Array, modelMatrix: Float32Array): Float32Array {
  for (let offset = 0; offset + 16 <= palette.length; offset += 16) multiplyMat4At(palette, offset, modelMatrix, 0, palette, offset);
  return palette;
}

/**
 * Rewrites the palette of `player`'s first skin, which animateFrame has just built by glTF's rule,
 * as `mode` draws it. 'correct' keeps it. Allocates nothing; never throws.
 */
export function applyMode(mode: GlobalInverseMode, player: Player, placement: Placement): void {
  const palette = player.palettes[0];
  const skin = player.model.skins[0];
  // #region renderers
  if (mode === 'mesh-node-transform') {
    // glTF's rule, but the skinned mesh drawn with its node's world matrix, like a static mesh.
    buildPaletteWithMeshNodeTransform(palette, skin, player.globals, null, placement.meshNode);
  } else if (mode !== 'correct') {
    // An engine that works as ogldev does: the palette re-based by the root's inverse — here
    // forgotten, or applied twice —
    const wrongPalette = mode === 'without-global-inverse' ? buildPaletteWithoutGlobalInverse : buildPaletteWithGlobalInverseTwice;
    wrongPalette(palette, skin, player.globals, placement.globalInverse);
    // — then drawn with the root's transform as its model matrix.
    applyModelMatrix(palette, placement.rootTransform);
  }
  // #endregion renderers
}
