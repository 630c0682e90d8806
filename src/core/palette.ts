// The matrix palette: one skinning matrix per joint of a skin (chapters: offset matrices, global
// inverse transform).
//
// palette[j] = globalInverse × global[skin.joints[j]] × inverseBind[j]
//
// The inverse bind matrix takes a bind-pose vertex from model space into joint j's space; the
// joint's current global takes it back out along the animated joint. In the bind pose the two
// cancel and the palette is all identities. globalInverse re-bases the result (e.g. undoes a
// root node's placement or a Z-up → Y-up conversion); null stands for the identity.
//
// Speed: every matrix here is affine in practice (bottom row 0 0 0 1): globals are products of
// T × R × S locals, and inverse bind matrices invert such globals. The product of two affine
// matrices needs only their top three rows (multiplyAffineAt, 36 multiplies instead of 64), so
// buildPalette uses it whenever both factors are affine and the general 4×4 product otherwise.
// Whether a skin's inverse bind matrices are all affine is found once per skin and remembered;
// a joint's global, which the caller computes anew each frame, is checked as it is read (four
// floats), and globalInverse once per call. globalInverse costs a second product per joint only
// when there is one.

import type { Skin } from './model.ts';
import { isAffineAt, multiplyAffineAt, multiplyMat4At, setIdentityAt } from './math.ts';

/**
 * Per inverse-bind array (Skin.inverseBindMatrices, immutable after loading like the rest of a
 * Model): true when every complete matrix in it is affine. Filled on first use; weak, so a skin
 * that is dropped takes its entry with it.
 */
const affineInverseBinds = new WeakMap<Float32Array, boolean>();

/** Whether every complete 4×4 in `inverseBind` is affine; computed once per array, then remembered. */
function inverseBindsAreAffine(inverseBind: Float32Array): boolean {
  let affine = affineInverseBinds.get(inverseBind);
  if (affine === undefined) {
    affine = true;
    for (let offset = 0; offset + 16 <= inverseBind.length; offset += 16) {
      if (!isAffineAt(inverseBind, offset)) {
        affine = false;
        break;
      }
    }
    affineInverseBinds.set(inverseBind, affine);
  }
  return affine;
}

/**
 * Writes one skinning matrix per joint of `skin` into outPalette (16 floats per joint, in the
 * skin's joint order, which JOINTS_n indexes) and returns outPalette.
 *
 * Ownership: outPalette is caller-owned and written; it must not overlap `globals`,
 * `skin.inverseBindMatrices` or `globalInverse`. Never throws: the joint count is
 * min(skin.joints.length, inverseBindMatrices / 16, outPalette / 16); a joint whose hierarchy
 * index has no matrix in `globals` gets the identity (its vertices stay in bind pose).
 */
export function buildPalette(
  outPalette: Float32Array,
  skin: Skin,
  globals: Float32Array,
  globalInverse: Float32Array | null,
): Float32Array {
  const joints = skin.joints;
  const inverseBind = skin.inverseBindMatrices;
  let jointCount = joints.length;
  const withInverseBind = Math.floor(inverseBind.length / 16);
  const withRoom = Math.floor(outPalette.length / 16);
  if (withInverseBind < jointCount) jointCount = withInverseBind;
  if (withRoom < jointCount) jointCount = withRoom;
  const nodeCount = Math.floor(globals.length / 16);
  const affineInverseBind = inverseBindsAreAffine(inverseBind);
  const rebase = globalInverse !== null && globalInverse.length >= 16;
  const affineRebase = rebase && isAffineAt(globalInverse, 0);
  // #region build-palette
  for (let j = 0; j < jointCount; j++) {
    const node = joints[j];
    const offset = 16 * j;
    if (node < 0 || node >= nodeCount) {
      setIdentityAt(outPalette, offset);
      continue;
    }
    const global = 16 * node;
    // The affine product leaves out the bottom rows: only valid when both factors are affine.
    const affine = affineInverseBind && isAffineAt(globals, global);
    if (affine) multiplyAffineAt(outPalette, offset, globals, global, inverseBind, offset);
    else multiplyMat4At(outPalette, offset, globals, global, inverseBind, offset);
    if (!rebase) continue;
    if (affine && affineRebase) multiplyAffineAt(outPalette, offset, globalInverse, 0, outPalette, offset);
    else multiplyMat4At(outPalette, offset, globalInverse, 0, outPalette, offset);
  }
  // #endregion build-palette
  return outPalette;
}
