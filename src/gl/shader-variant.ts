// Splicing a shader variant: the regions of shaders/variants/<name>.vert replace the same-named
// regions of a base shader (replaceRegions, src/build-time/regions.ts), so a variant differs from
// its base exactly where the chapter that shows it says. Used by skin-shader-variants.ts,
// dual-quaternion-shaders.ts and rigid-pass.ts.

import { replaceRegions } from '../build-time/regions.ts';
import type { ShaderSource } from './program.ts';

/** `base` with the regions of shaders/variants/`name`.vert (whose text is `patch`) spliced in. */
export function variantOf(base: ShaderSource, name: string, patch: string): ShaderSource {
  const file = `shaders/variants/${name}.vert`;
  // Compile errors name the variant; their line numbers count the spliced source's lines.
  return { name: `${file} (in ${base.name})`, source: replaceRegions(base.source, patch, base.name, file) };
}
