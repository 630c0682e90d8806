// Social preview images (og:image, twitter:image) of the chapters: the poster of a chapter's first
// live figure, centred on a 1200 × 630 picture (the size Open Graph consumers crop least) on the
// stage's light background. A chapter without a figure gets the home page's mannequin.
//
// The first figure is found in the chapter's MDX source: the first element named after a figure
// component below (e.g. <BindFigure />, <ModelFigure model="…" skeleton />), its string and
// boolean attributes read as the component reads its props.

import { readFileSync } from 'node:fs';
import { socialImageFor, type Poster, type PosterRequest } from './poster.ts';
import { armPoster } from '../../figures/arm/arm-poster.ts';
import { bindPoster } from '../../figures/bind/bind-poster.ts';
import { blendPoster } from '../../figures/blend/blend-poster.ts';
import { boneLimitPoster } from '../../figures/bone-limit/bone-limit-poster.ts';
import { cpuGpuPoster } from '../../figures/cpu-gpu/cpu-gpu-poster.ts';
import { crowdPoster } from '../../figures/crowd/crowd-poster.ts';
import { curvesPoster } from '../../figures/curves/curves-poster.ts';
import { dualQuaternionPoster } from '../../figures/dual-quaternion/dual-quaternion-poster.ts';
import { globalInversePoster } from '../../figures/global-inverse/global-inverse-poster.ts';
import { inspectorPoster } from '../../figures/inspector/inspector-poster.ts';
import { keysPoster } from '../../figures/keys/keys-poster.ts';
import { modelPoster } from '../../figures/model/model-poster.ts';
import { offsetPoster } from '../../figures/offset/offset-poster.ts';
import { rowMajorPoster } from '../../figures/row-major/row-major-poster.ts';
import { skinShaderPoster } from '../../figures/skin-shader/skin-shader-poster.ts';
import { traversalPoster } from '../../figures/traversal/traversal-poster.ts';
import { weightsPoster } from '../../figures/weights/weights-poster.ts';

/** Attributes of an MDX element: a string value, or true for a bare name. */
type Attributes = Record<string, string | true>;

const number = (value: string | true | undefined, fallback: number): number => {
  const parsed = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
};
const flag = (value: string | true | undefined): boolean => value === true || value === 'true';

/**
 * Each chapter figure component with a live stage, and its poster for the attributes given (the
 * defaults are those of the component's props).
 */
export const FIGURE_POSTERS: Record<string, (attributes: Attributes) => PosterRequest> = {
  ArmFigure: () => armPoster(),
  BindFigure: () => bindPoster(),
  BlendFigure: (a) => blendPoster(a.target === 'fast' ? 'fast' : 'wave'),
  BoneLimitFigure: () => boneLimitPoster(),
  CpuGpuFigure: () => cpuGpuPoster(),
  CrowdFigure: () => crowdPoster(100),
  CurvesFigure: () => curvesPoster(),
  DualQuaternionFigure: (a) => dualQuaternionPoster({ twist: number(a.twist, 120), bend: number(a.bend, 40) }),
  GlobalInverseFigure: () => globalInversePoster(),
  InspectorFigure: () => inspectorPoster(),
  KeysFigure: () => keysPoster(),
  ModelFigure: (a) => modelPoster({ model: typeof a.model === 'string' ? a.model : 'mannequin.glb', clip: typeof a.clip === 'string' ? a.clip : undefined, skeleton: flag(a.skeleton), weights: flag(a.weights) }),
  OffsetFigure: (a) => offsetPoster({ bend: number(a.bend, 40) }),
  RowMajorFigure: () => rowMajorPoster(),
  SkinShaderFigure: (a) => skinShaderPoster({ bend: number(a.bend, 70), stretch: number(a.stretch, 2.5) }),
  TraversalFigure: () => traversalPoster(),
  WeightsFigure: (a) => weightsPoster({ bend: number(a.bend, 60), weights: flag(a.weights) }),
};

/** The poster of the first live figure in `mdx` (a chapter's source), or null when it has none. */
export function firstFigurePoster(mdx: string): PosterRequest | null {
  const element = /<([A-Z][A-Za-z]*Figure)\b((?:[^>"'{]|"[^"]*"|'[^']*'|\{[^}]*\})*)\/?>/g;
  for (const match of mdx.matchAll(element)) {
    const poster = FIGURE_POSTERS[match[1]];
    if (poster === undefined) continue;
    const attributes: Attributes = {};
    for (const attribute of match[2].matchAll(/([A-Za-z]+)(?:=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}))?/g)) {
      attributes[attribute[1]] = attribute[2] ?? attribute[3] ?? attribute[4]?.trim() ?? true;
    }
    return poster(attributes);
  }
  return null;
}

/** Width and height of the social images, pixels. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The social image of the chapter whose MDX source is the file `mdxPath`. */
export function chapterSocialImage(mdxPath: string, root: string = process.cwd()): Poster {
  const request = firstFigurePoster(readFileSync(mdxPath, 'utf8')) ?? modelPoster({ model: 'mannequin.glb', skeleton: false, weights: false });
  return socialImageFor(request, SOCIAL_IMAGE_SIZE.width, SOCIAL_IMAGE_SIZE.height, root);
}
