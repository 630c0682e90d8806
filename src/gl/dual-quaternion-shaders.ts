// Chapter 10's skinning shaders: shaders/skin-dq.vert, which blends the palette as dual
// quaternions, and its "Break it" variant without sign alignment (spliced from
// shaders/variants/dual-quaternion-without-sign-alignment.vert, as in skin-shader-variants.ts).

import skinDualQuaternionSource from '../../shaders/skin-dq.vert?raw';
import dualQuaternionWithoutSignAlignmentSource from '../../shaders/variants/dual-quaternion-without-sign-alignment.vert?raw';
import type { ShaderSource } from './program.ts';
import { variantOf } from './shader-variant.ts';
import { PaletteSource, SkinShader } from './skin-shaders.ts';

/** shaders/skin-dq.vert: dual quaternion skinning, same attributes, uniforms and outputs as skin.vert. */
export const SKIN_DUAL_QUATERNION_VERTEX_SHADER: ShaderSource = { name: 'shaders/skin-dq.vert', source: skinDualQuaternionSource };

export const DualQuaternionShader = {
  /** The palette as dual quaternions (paletteToDualQuaternions), blended rigidly. */
  CORRECT: { ...SkinShader.CORRECT, key: 'dual-quaternion', vertex: SKIN_DUAL_QUATERNION_VERTEX_SHADER, palette: PaletteSource.DUAL_QUATERNIONS },
  WITHOUT_SIGN_ALIGNMENT: {
    ...SkinShader.CORRECT,
    key: 'dual-quaternion-without-sign-alignment',
    vertex: variantOf(SKIN_DUAL_QUATERNION_VERTEX_SHADER, 'dual-quaternion-without-sign-alignment', dualQuaternionWithoutSignAlignmentSource),
    palette: PaletteSource.DUAL_QUATERNIONS,
  },
} as const satisfies Record<string, SkinShader>;
