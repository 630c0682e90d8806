// Rules of the glTF 2.0 specification that the reader checks once everything is read: scenes that
// name nodes which do not exist are errors (nothing could draw them); skins whose joints or
// `skeleton` break the spec's rules, and a rest pose that overflows float32 in the skinning
// matrices, load but are reported in Model.notes, which the model lab shows.

import { animateFrame, createPlayer } from '../frame.ts';
import type { Model, Skin, SkinnedMesh } from '../model.ts';
import type { GltfDocument } from './document.ts';
import { expectIndex, expectObject, optionalArray, optionalIndex, type IndexSpace } from './json.ts';
import type { NodeTable } from './nodes.ts';

/**
 * `scene` must name a scene, and every scene's `nodes` must name nodes (GltfError otherwise); a
 * scene node that has a parent breaks the rule that scenes list root nodes (a note).
 */
export function checkScenes(doc: GltfDocument, table: NodeTable): void {
  const scenes = optionalArray(doc.root, 'scenes', 'scenes');
  const sceneSpace: IndexSpace = { singular: 'scene', plural: 'scenes', count: scenes.length };
  optionalIndex(doc.root, 'scene', 'scene', sceneSpace);
  const { parents } = table.hierarchy;
  scenes.forEach((value, s) => {
    const scene = expectObject(value, `scenes[${s}]`);
    const notRoots: number[] = [];
    optionalArray(scene, 'nodes', `scenes[${s}].nodes`).forEach((nodeValue, k) => {
      const node = expectIndex(nodeValue, `scenes[${s}].nodes[${k}]`, table.nodeSpace);
      if (parents[table.hierarchyIndexOf[node]] >= 0) notRoots.push(node);
    });
    if (notRoots.length > 0) {
      doc.notes.push(
        `scenes[${s}].nodes: ${listOf(notRoots, 'node')} ${notRoots.length === 1 ? 'has a parent' : 'have parents'}; ` +
          'a scene lists root nodes only (the hierarchy is read from the nodes as they are)',
      );
    }
  });
}

/**
 * For each skin: its joints share one root (the spec asks for a common root), `skeleton`, when
 * given, is that root or an ancestor of it, and no mesh is drawn by a node that is itself one of
 * its skin's joints (the node's transform would both place the joint and be ignored for the mesh).
 * Each broken rule is a note.
 */
export function checkSkins(doc: GltfDocument, table: NodeTable, skins: Skin[], meshes: SkinnedMesh[]): void {
  const { parents, names, count } = table.hierarchy;
  const sourceOf = table.hierarchy.sourceIndex;
  // Parents come first, so one forward pass gives every node its root and depth.
  const rootOf = new Int32Array(count);
  const depthOf = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const parent = parents[i];
    rootOf[i] = parent >= 0 ? rootOf[parent] : i;
    depthOf[i] = parent >= 0 ? depthOf[parent] + 1 : 0;
  }
  const jointsBelow = new Int32Array(count);
  skins.forEach((skin, s) => {
    const path = `skins[${s}]`;
    const roots = new Set<number>();
    for (const joint of skin.joints) roots.add(rootOf[joint]);
    if (roots.size > 1) {
      doc.notes.push(
        `${path}.joints: the joints hang under ${roots.size} different root nodes ` +
          `(${listOf([...roots].map((root) => sourceOf[root]), 'node')}); the spec asks for one common root`,
      );
      return;
    }
    if (skin.skeleton < 0) return;
    // The closest common root of the joints: the deepest node with every joint in its subtree
    // (counted children first, by one backward pass).
    jointsBelow.fill(0);
    for (const joint of skin.joints) jointsBelow[joint] = 1;
    for (let i = count - 1; i > 0; i--) if (parents[i] >= 0) jointsBelow[parents[i]] += jointsBelow[i];
    let common = -1;
    for (let i = 0; i < count; i++) {
      if (jointsBelow[i] === skin.joints.length && (common < 0 || depthOf[i] > depthOf[common])) common = i;
    }
    let above = common;
    while (above >= 0 && above !== skin.skeleton) above = parents[above];
    if (above < 0) {
      doc.notes.push(
        `${path}.skeleton: node ${sourceOf[skin.skeleton]} is not the joints' common root ` +
          `(node ${sourceOf[common]}${names[common] ? ` "${names[common]}"` : ''}) nor above it; ignored, as skinning does not use it`,
      );
    }
  });
  const jointSets = skins.map((skin) => new Set(skin.joints));
  const noted = new Set<number>();
  for (const mesh of meshes) {
    if (noted.has(mesh.node) || !jointSets[mesh.skin].has(mesh.node)) continue;
    noted.add(mesh.node);
    doc.notes.push(
      `nodes[${sourceOf[mesh.node]}]: draws a mesh with skin ${mesh.skin} and is also one of that skin's joints; ` +
        'its transform moves the joint but, as glTF requires, not the skinned mesh',
    );
  }
}

/**
 * Skins whose rest-pose skinning matrices (global × inverse bind) hold values that float32 cannot
 * represent — a file with values near 3.4e38 — are reported: such a mesh cannot be drawn.
 */
export function checkRestPalettes(doc: GltfDocument, model: Model): void {
  if (model.skins.length === 0) return;
  const player = createPlayer(model);
  animateFrame(player, null);
  player.palettes.forEach((palette, s) => {
    for (let i = 0; i < palette.length; i++) {
      if (Number.isFinite(palette[i])) continue;
      doc.notes.push(
        `skins[${s}]: joint ${Math.floor(i / 16)}'s skinning matrix in the rest pose overflows float32 ` +
          `(global × inverse bind gives ${palette[i]}); the file's values are too large to draw`,
      );
      return;
    }
  });
}

/** "node 3", "nodes 1, 4 and 9", "nodes 1, 2, 3, … (12 in all)". */
function listOf(indices: number[], singular: string): string {
  if (indices.length === 1) return `${singular} ${indices[0]}`;
  const shown = indices.slice(0, 8).join(', ');
  return `${singular}s ${indices.length > 8 ? `${shown}, … (${indices.length} in all)` : shown}`;
}
