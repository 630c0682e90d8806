// boneTreeOf (src/build-time/bone-tree.ts): chapter 1's tree diagram read from the mannequin file,
// against the node list written out by hand from `npm run inspect -- public/models/mannequin.glb`.
import { describe, expect, it } from 'vitest';
import { boneTreeOf, type BoneTreeNode } from '../../src/build-time/bone-tree.ts';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import type { Model } from '../../src/core/model.ts';

/** "name(child, child)" for a tree, joints plain and bone-less nodes in brackets. */
function outline(node: BoneTreeNode): string {
  const name = node.joint ? node.name : `[${node.name}]`;
  return node.children === undefined ? name : `${name}(${node.children.map(outline).join(', ')})`;
}

/** A model with just the fields boneTreeOf reads: names, parents (parents first), file order, skins. */
function smallModel(names: string[], parents: number[], sourceIndex: number[], joints: number[]): Model {
  return {
    hierarchy: { count: names.length, names, parents: Int16Array.from(parents), sourceIndex: Int32Array.from(sourceIndex) },
    skins: [{ joints: Int16Array.from(joints) }],
  } as unknown as Model;
}

describe('boneTreeOf', () => {
  const mannequin = readProjectModel('mannequin.glb');

  it('draws the mannequin’s skeleton under its Armature with the file’s own names', () => {
    const tree = boneTreeOf(mannequin, 'Armature');
    const arm = (side: string) => `clavicle.${side}(upper_arm.${side}(lower_arm.${side}(hand.${side})))`;
    const leg = (side: string) => `upper_leg.${side}(lower_leg.${side}(foot.${side}))`;
    expect(outline(tree)).toBe(`[Armature](hips(spine(chest(neck(head), ${arm('L')}, ${arm('R')})), ${leg('L')}, ${leg('R')}))`);
  });

  it('puts each note beside its node', () => {
    const tree = boneTreeOf(mannequin, 'Armature', { Armature: 'no bone', hips: 'root bone' });
    expect(tree.note).toBe('no bone');
    expect(tree.children![0].note).toBe('root bone');
    expect(tree.children![0].children![0].note).toBeUndefined();
  });

  it('lists children in the file’s order, whatever order the loader keeps the nodes in', () => {
    // Hierarchy order root, b, a; file order root 0, a 1, b 2.
    const model = smallModel(['root', 'b', 'a'], [-1, 0, 0], [0, 2, 1], [1, 2]);
    expect(outline(boneTreeOf(model, 'root'))).toBe('[root](a, b)');
  });

  it('names an unnamed node by its index in the file', () => {
    const model = smallModel(['root', ''], [-1, 0], [0, 7], [0, 1]);
    expect(outline(boneTreeOf(model, 'root'))).toBe('root(node 7)');
  });

  it('refuses a root the model does not have, naming its roots', () => {
    expect(() => boneTreeOf(mannequin, 'Skeleton')).toThrow('boneTreeOf: the model has no node named "Skeleton" (its roots: Armature, mannequin)');
  });

  it('refuses a note on a node outside the tree, so a renamed node cannot leave a stale note', () => {
    expect(() => boneTreeOf(mannequin, 'Armature', { 'forearm.L': 'x', hips: 'y' })).toThrow('notes name nodes that are not under "Armature": forearm.L');
    expect(() => boneTreeOf(mannequin, 'hips', { Armature: 'above it' })).toThrow('notes name nodes that are not under "hips": Armature');
  });
});
