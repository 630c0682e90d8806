// The teaching models: one builder per file in public/models/, and `buildAllModels()` that
// writes them all to .glb bytes in memory (used by generate.ts and by the tests).

import { buildBendTube } from './catalogue/bend-tube.ts';
import { buildSingleBone, buildTwoBones, buildTwoBonesRotated } from './catalogue/chains.ts';
import { buildInterpolation } from './catalogue/interpolation.ts';
import { buildMannequin } from './catalogue/mannequin.ts';
import { buildMannequinZupCm } from './catalogue/mannequin-zup-cm.ts';
import { buildRobotArm } from './catalogue/robot-arm.ts';
import { buildSnake } from './catalogue/snake.ts';
import { buildTentacle } from './catalogue/tentacle.ts';
import { writeGlb } from './gltf.ts';
import { renderReadme } from './readme.ts';
import type { ModelSpec } from './spec.ts';

/** Builders in the order the README lists them; each returns a fresh spec. */
export const MODEL_BUILDERS: readonly (() => ModelSpec)[] = [
  buildSingleBone,
  buildTwoBones,
  buildTwoBonesRotated,
  buildBendTube,
  buildRobotArm,
  buildSnake,
  buildMannequin,
  buildInterpolation,
  buildMannequinZupCm,
  buildTentacle,
];

/** Every model's spec, keyed by file name without extension, in README order. */
export function buildAllSpecs(): Map<string, ModelSpec> {
  const specs = new Map<string, ModelSpec>();
  for (const build of MODEL_BUILDERS) {
    const spec = build();
    if (specs.has(spec.name)) throw new Error(`two models are called ${spec.name}`);
    specs.set(spec.name, spec);
  }
  return specs;
}

/** Every model's .glb bytes, keyed by file name without extension, in README order. */
export async function buildAllModels(): Promise<Map<string, Uint8Array>> {
  return (await buildCatalogue()).files;
}

/** Specs, .glb bytes and the README text describing them: everything public/models holds. */
export async function buildCatalogue(): Promise<{
  specs: Map<string, ModelSpec>;
  files: Map<string, Uint8Array>;
  readme: string;
}> {
  const specs = buildAllSpecs();
  const files = new Map<string, Uint8Array>();
  for (const [name, spec] of specs) files.set(name, await writeGlb(spec));
  return { specs, files, readme: renderReadme(specs, files) };
}
