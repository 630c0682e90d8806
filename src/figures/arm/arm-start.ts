// The arm figure's starting numbers, computed at build time by the core itself, so the page shows
// the readout's matrices before the island's code has loaded (and without JavaScript).
import { ARM_JOINT_NAMES, ARM_START_DEGREES, createArmModel, setArmPose } from './arm-model.ts';
import { localToGlobal } from '../../core/hierarchy.ts';
import { createMatrices, createPose } from '../../core/model.ts';
import { composeLocal } from '../../core/pose.ts';
import { formatNumber } from '../shared/format.ts';

export interface ArmStart {
  /** Per joint (skin order): name and starting angle in degrees. */
  joints: { name: string; degrees: number }[];
  /** Per joint: its local and global matrices as 4 rows of 4 formatted numbers. */
  matrices: { local: string[][]; global: string[][] }[];
}

function rows(matrices: Float32Array, node: number): string[][] {
  return [0, 1, 2, 3].map((row) => [0, 1, 2, 3].map((column) => formatNumber(matrices[16 * node + 4 * column + row], 2, { fixed: true, minus: '\u2212' })));
}

export function armStart(): ArmStart {
  const model = createArmModel();
  const skin = model.skins[0];
  const pose = setArmPose(createPose(model.hierarchy.count), model, ARM_START_DEGREES.map((degrees) => (degrees * Math.PI) / 180));
  const locals = composeLocal(createMatrices(model.hierarchy.count), pose);
  const globals = localToGlobal(createMatrices(model.hierarchy.count), model.hierarchy.parents, locals);
  return {
    joints: ARM_JOINT_NAMES.map((name, joint) => ({ name, degrees: ARM_START_DEGREES[joint] })),
    matrices: Array.from(skin.joints, (node) => ({ local: rows(locals, node), global: rows(globals, node) })),
  };
}
