// The worked examples of chapter 3, computed by the skinning core at build time from the site's own
// model files (public/models): the mannequin's hips in its bind pose, recovered from their inverse
// bind matrix, beside their rest-pose global; and, for every skin of every model, how far the rest
// pose is from the bind pose — apart from the files whose rest pose places the whole mesh without
// deforming it (chapter 6's model, built like the Khronos sample RiggedFigure), which are named.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readProjectModel } from '../../build-time/project-models.ts';
import { bindGlobalsOf, bindPoseDeformation, bindPoseDeviation } from '../../core/bind-pose.ts';
import { createPlayer } from '../../core/frame.ts';

export interface BindExample {
  /** The mannequin's hips: bind global (inverse of the inverse bind matrix) and rest global, 16 floats each. */
  hipsBind: Float32Array;
  hipsRest: Float32Array;
  /** Files read from public/models, and skins checked in them. */
  modelCount: number;
  skinCount: number;
  /** Largest bindPoseDeviation over every joint of every skin in the rest pose, and its file (placed files aside). */
  largestDeviation: number;
  largestDeviationFile: string;
  /**
   * Files whose rest pose moves the mesh as one block (every skinning matrix the same matrix, far
   * from the identity: bindPoseDeformation below 1e-5, bindPoseDeviation above 1e-3), and the
   * largest deviation among them.
   */
  placedFiles: string[];
  placedDeviation: number;
}

export function computeBindExample(root: string = process.cwd()): BindExample {
  const mannequin = readProjectModel('mannequin.glb', root);
  const skin = mannequin.skins[0];
  const hips = mannequin.hierarchy.names.indexOf('hips');
  const joint = skin.joints.indexOf(hips);
  if (joint < 0) throw new Error('mannequin.glb has no joint "hips"');
  const bindGlobals = bindGlobalsOf(new Float32Array(16 * skin.joints.length), skin);
  const restGlobals = createPlayer(mannequin).globals;

  const files = readdirSync(join(root, 'public', 'models')).filter((name) => name.endsWith('.glb')).sort();
  let skinCount = 0;
  let largestDeviation = 0;
  let largestDeviationFile = '';
  const placedFiles: string[] = [];
  let placedDeviation = 0;
  for (const file of files) {
    const model = readProjectModel(file, root);
    const player = createPlayer(model); // in the rest pose
    const deviations = model.skins.map((each) => Math.max(...bindPoseDeviation(new Float32Array(each.joints.length), each, player.globals)));
    const deformations = model.skins.map((each) => Math.max(...bindPoseDeformation(new Float32Array(each.joints.length), each, player.globals)));
    skinCount += model.skins.length;
    if (deviations.some((deviation) => deviation > 1e-3) && deformations.every((deformation) => deformation < 1e-5)) {
      placedFiles.push(file);
      placedDeviation = Math.max(placedDeviation, ...deviations);
      continue;
    }
    for (const deviation of deviations) {
      if (!(deviation <= largestDeviation)) {
        largestDeviation = deviation;
        largestDeviationFile = file;
      }
    }
  }
  return {
    hipsBind: bindGlobals.slice(16 * joint, 16 * joint + 16),
    hipsRest: restGlobals.slice(16 * hips, 16 * hips + 16),
    modelCount: files.length,
    skinCount,
    largestDeviation,
    largestDeviationFile,
    placedFiles,
    placedDeviation,
  };
}
