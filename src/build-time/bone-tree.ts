// A model's node hierarchy as the nested outline BoneTree.astro draws, read at build time from the
// model itself, so a diagram names exactly the nodes the file has (chapter 1's mannequin tree).
import type { Model } from '../core/model.ts';

/** One node of the outline: its name, whether a skin uses it as a joint, a note, its children. */
export interface BoneTreeNode {
  name: string;
  /** False for a node no skin lists as a joint (an armature, a mesh's node). */
  joint: boolean;
  note?: string;
  children?: BoneTreeNode[];
}

/**
 * The subtree of `model`'s hierarchy under the first node named `rootName`, children in file
 * order. `notes` maps node names to a short note drawn beside them. Throws when no node has that
 * name, or when a note names a node the subtree does not have (a stale note is a wrong diagram).
 */
export function boneTreeOf(model: Model, rootName: string, notes: Readonly<Record<string, string>> = {}): BoneTreeNode {
  const { names, parents, count } = model.hierarchy;
  const root = names.indexOf(rootName);
  if (root < 0) throw new Error(`boneTreeOf: the model has no node named "${rootName}" (its roots: ${rootNames(model).join(', ') || 'none'})`);
  const isJoint = new Uint8Array(count);
  for (const skin of model.skins) for (const node of skin.joints) isJoint[node] = 1;
  const childrenOf: number[][] = Array.from({ length: count }, () => []);
  for (let node = 0; node < count; node++) if (parents[node] >= 0) childrenOf[parents[node]].push(node);
  // Children in the order the file lists them, whatever order the loader sorted the nodes into.
  const sourceIndex = model.hierarchy.sourceIndex;
  for (const children of childrenOf) children.sort((a, b) => sourceIndex[a] - sourceIndex[b]);

  const used = new Set<string>();
  // Top-down with an explicit stack: each node's entry exists before its children are attached.
  const built: (BoneTreeNode | undefined)[] = new Array(count);
  const build = (node: number): BoneTreeNode => {
    const entry: BoneTreeNode = { name: names[node] || `node ${sourceIndex[node]}`, joint: isJoint[node] === 1 };
    const note = notes[entry.name];
    if (note !== undefined) {
      entry.note = note;
      used.add(entry.name);
    }
    built[node] = entry;
    return entry;
  };
  const stack = [root];
  build(root);
  while (stack.length > 0) {
    const node = stack.pop()!;
    const children = childrenOf[node];
    if (children.length === 0) continue;
    built[node]!.children = children.map(build);
    stack.push(...children);
  }
  const stale = Object.keys(notes).filter((name) => !used.has(name));
  if (stale.length > 0) throw new Error(`boneTreeOf: notes name nodes that are not under "${rootName}": ${stale.join(', ')}`);
  return built[root]!;
}

function rootNames(model: Model): string[] {
  const { names, parents } = model.hierarchy;
  return names.filter((_, node) => parents[node] < 0);
}
