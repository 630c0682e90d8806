// The worked examples of chapter 5, computed by the skinning core at build time from the
// mannequin's file: its bone-less root node "Armature" (the exporter's Z-up → Y-up rotation) and
// its first bone "hips", in the rest pose, with and without the Armature in the chain; and the
// two traversal orders, recursion and the parents-first loop, compared on the walking mannequin.
import { readProjectModel } from '../../build-time/project-models.ts';
import { animateFrame, createPlayer } from '../../core/frame.ts';
import { localToGlobalRecursive } from '../../core/hierarchy.ts';
import { createMatrices } from '../../core/model.ts';

/** Seconds into the mannequin's walk at which the two traversal orders are compared. */
export const ORDERS_TIME = 0.4;

export interface TraversalExample {
  /** Local matrices of the Armature node and of the hips, 16 floats each. */
  armature: Float32Array;
  hips: Float32Array;
  /** The hips' global: Armature × hips. */
  hipsGlobal: Float32Array;
  /** The walk at ORDERS_TIME, every node's global by the loop and by recursion. */
  orders: {
    nodeCount: number;
    /** Largest difference between the two, over every element of every global (0: bit for bit). */
    largestDifference: number;
  };
}

export function computeTraversalExample(root: string = process.cwd()): TraversalExample {
  const model = readProjectModel('mannequin.glb', root);
  const player = createPlayer(model);
  const node = (name: string) => {
    const index = model.hierarchy.names.indexOf(name);
    if (index < 0) throw new Error(`mannequin.glb has no node "${name}"`);
    return 16 * index;
  };
  const armature = player.locals.slice(node('Armature'), node('Armature') + 16);
  const hips = player.locals.slice(node('hips'), node('hips') + 16);
  const hipsGlobal = player.globals.slice(node('hips'), node('hips') + 16);

  // One frame of the walk, as the figures pose it (by the loop), then the globals again by recursion.
  const walk = model.clips.find((clip) => clip.name === 'walk');
  if (walk === undefined) throw new Error('mannequin.glb has no clip "walk"');
  animateFrame(player, walk, ORDERS_TIME);
  const recursive = localToGlobalRecursive(createMatrices(model.hierarchy.count), model.hierarchy.parents, player.locals);
  let largestDifference = 0;
  for (let i = 0; i < recursive.length; i++) largestDifference = Math.max(largestDifference, Math.abs(recursive[i] - player.globals[i]));
  return { armature, hips, hipsGlobal, orders: { nodeCount: model.hierarchy.count, largestDifference } };
}
