// The worked examples of chapter 3, computed by the skinning core at build time from the site's own
// model files (public/models): the mannequin's hips in its bind pose, recovered from their inverse
// bind matrix, beside their rest-pose global; and, for every skin of every model, how far the rest
// pose is from the bind pose.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readProjectModel } from '../../build-time/project-models.ts';
import { bindGlobalsOf, bindPoseDeviation } from '../../core/bind-pose.ts';
import { createPlayer } from '../../core/frame.ts';

export interface BindExample {
  /** The mannequin's hips: bind global (inverse of the inverse bind matrix) and rest global, 16 floats each. */
  hipsBind: Float32Array;
  hipsRest: Float32Array;
  /** Files read from public/models, and skins checked in them. */
  modelCount: number;
  skinCount: number;
  /** Largest bindPoseDeviation over every joint of every skin in the rest pose, and its file. */
  largestDeviation: number;
  largestDeviationFile: string;
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
  for (const file of files) {
    const model = readProjectModel(file, root);
    const player = createPlayer(model); // in the rest pose
    for (const each of model.skins) {
      skinCount++;
      for (const deviation of bindPoseDeviation(new Float32Array(each.joints.length), each, player.globals)) {
        if (!(deviation <= largestDeviation)) {
          largestDeviation = deviation;
          largestDeviationFile = file;
        }
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
  };
}
