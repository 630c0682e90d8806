// The worked example of chapter 5, computed by the skinning core at build time from the
// mannequin's file: its bone-less root node "Armature" (the exporter's Z-up → Y-up rotation) and
// its first bone "hips", in the rest pose, with and without the Armature in the chain.
import { readProjectModel } from './project-models.ts';
import { createPlayer } from '../core/player.ts';

export interface TraversalExample {
  /** Local matrices of the Armature node and of the hips, 16 floats each. */
  armature: Float32Array;
  hips: Float32Array;
  /** The hips' global: Armature × hips. */
  hipsGlobal: Float32Array;
}

export function computeTraversalExample(root: string = process.cwd()): TraversalExample {
  const model = readProjectModel('mannequin.glb', root);
  const player = createPlayer(model);
  const node = (name: string) => {
    const index = model.hierarchy.names.indexOf(name);
    if (index < 0) throw new Error(`mannequin.glb has no node "${name}"`);
    return 16 * index;
  };
  return {
    armature: player.locals.slice(node('Armature'), node('Armature') + 16),
    hips: player.locals.slice(node('hips'), node('hips') + 16),
    hipsGlobal: player.globals.slice(node('hips'), node('hips') + 16),
  };
}
