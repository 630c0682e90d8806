// The matrix palette: one skinning matrix per joint of a skin (chapters: offset matrices, global
// inverse transform).
//
// palette[j] = globalInverse × global[skin.joints[j]] × inverseBind[j]
//
// The inverse bind matrix takes a bind-pose vertex from model space into joint j's space; the
// joint's current global takes it back out along the animated joint. In the bind pose the two
// cancel and the palette is all identities. globalInverse re-bases the result (e.g. undoes a
// root node's placement or a Z-up → Y-up conversion); null stands for the identity.

import type { Skin } from './model.ts';
import { multiplyMat4At, setIdentityAt } from './math.ts';

/**
 * Writes one skinning matrix per joint of `skin` into outPalette (16 floats per joint, in the
 * skin's joint order, which JOINTS_n indexes) and returns outPalette.
 *
 * Ownership: outPalette is caller-owned and written; it must not overlap `globals`,
 * `skin.inverseBindMatrices` or `globalInverse`. Never throws: the joint count is
 * min(skin.joints.length, inverseBindMatrices / 16, outPalette / 16); a joint whose hierarchy
 * index has no matrix in `globals` gets the identity (its vertices stay in bind pose); a
 * globalInverse shorter than 16 floats counts as none.
 */
export function buildPalette(
  outPalette: Float32Array,
  skin: Skin,
  globals: Float32Array,
  globalInverse: Float32Array | null,
): Float32Array {
  const joints = skin.joints;
  const inverseBind = skin.inverseBindMatrices;
  const jointCount = Math.min(joints.length, Math.floor(inverseBind.length / 16), Math.floor(outPalette.length / 16));
  const nodeCount = Math.floor(globals.length / 16);
  const rebase = globalInverse !== null && globalInverse.length >= 16;
  // #region build-palette
  for (let j = 0; j < jointCount; j++) {
    const node = joints[j];
    if (node < 0 || node >= nodeCount) {
      setIdentityAt(outPalette, 16 * j);
      continue;
    }
    // Into the joint's bind-time space, then out again along its current global.
    multiplyMat4At(outPalette, 16 * j, globals, 16 * node, inverseBind, 16 * j);
    if (rebase) multiplyMat4At(outPalette, 16 * j, globalInverse, 0, outPalette, 16 * j);
  }
  // #endregion build-palette
  return outPalette;
}
