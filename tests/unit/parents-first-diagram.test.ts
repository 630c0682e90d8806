// Chapter 5's diagram (src/components/diagrams/parents-first-diagram.ts): its nodes, numbers and
// parent links against the mannequin file's own JSON (nodes[].children, skins[].joints, meshes),
// read here straight from the .glb bytes without the loader; and its arcs, which must all point
// back to an earlier cell, against the cells they join.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import { computeParentsFirstDiagram, layoutParentsFirstDiagram, PARENTS_FIRST_MODEL } from '../../src/components/diagrams/parents-first-diagram.ts';
import { arrowTip, isOnEdge, type Rect } from '../../src/components/diagrams/svg-geometry.ts';

interface GltfJson {
  nodes: { name?: string; children?: number[]; mesh?: number; skin?: number }[];
  skins: { joints: number[] }[];
}

/** The JSON chunk of a .glb: 12-byte header, then the first chunk (length, type "JSON", bytes). */
function gltfJsonOf(file: string): GltfJson {
  const bytes = readFileSync(file);
  expect(bytes.toString('latin1', 16, 20)).toBe('JSON');
  return JSON.parse(bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(12))) as GltfJson;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('chapter 5: the mannequin’s tree and its parents-first array', () => {
  const diagram = computeParentsFirstDiagram();
  const json = gltfJsonOf(join(process.cwd(), 'public', 'models', PARENTS_FIRST_MODEL));
  const parentNameInFile = new Map<string, string | null>(json.nodes.map((node) => [node.name!, null]));
  for (const node of json.nodes) for (const child of node.children ?? []) parentNameInFile.set(json.nodes[child].name!, node.name!);
  const jointNamesInFile = new Set(json.skins.flatMap((skin) => skin.joints.map((node) => json.nodes[node].name!)));

  it('names every node of the file once, with the loader’s names and count, numbered 0 … n − 1', () => {
    const model = readProjectModel(PARENTS_FIRST_MODEL);
    expect(diagram.nodes).toHaveLength(json.nodes.length);
    expect(diagram.nodes).toHaveLength(model.hierarchy.count);
    expect(diagram.nodes.map((node) => node.name)).toEqual(model.hierarchy.names);
    expect(new Set(diagram.nodes.map((node) => node.name))).toEqual(new Set(json.nodes.map((node) => node.name)));
    diagram.nodes.forEach((node, i) => expect(node.index).toBe(i));
    expect(diagram.nodes[0].name).toBe('Armature');
    expect(diagram.nodes[1].name).toBe('hips');
    // The chapter says the loader keeps this file's order, which already lists parents first.
    expect([...model.hierarchy.sourceIndex]).toEqual(diagram.nodes.map((_, i) => i));
  });

  it('links each node to the parent the file gives it, always an earlier number', () => {
    for (const node of diagram.nodes) {
      const parentName = parentNameInFile.get(node.name);
      if (parentName === null) expect(node.parent, node.name).toBe(-1);
      else {
        expect(node.parent, node.name).toBeGreaterThanOrEqual(0);
        expect(node.parent, node.name).toBeLessThan(node.index);
        expect(diagram.nodes[node.parent].name, node.name).toBe(parentName);
        expect(node.depth).toBe(diagram.nodes[node.parent].depth + 1);
      }
    }
    expect(diagram.roots.map((index) => diagram.nodes[index].name)).toEqual(['Armature', 'mannequin']);
  });

  it('marks as joints exactly the skin’s joints; the Armature and the mesh’s node are not', () => {
    for (const node of diagram.nodes) expect(node.joint, node.name).toBe(jointNamesInFile.has(node.name));
    expect(diagram.nodes.filter((node) => !node.joint).map((node) => node.name)).toEqual(['Armature', 'mannequin']);
    const meshNode = json.nodes.find((node) => node.mesh !== undefined)!;
    expect(diagram.nodes.find((node) => node.holdsMesh)!.name).toBe(meshNode.name);
  });

  for (const direction of ['across', 'down'] as const) {
    it(`${direction}: one arc per non-root node, from its cell back to its parent's (${direction === 'across' ? 'leftwards' : 'upwards'})`, () => {
      const layout = layoutParentsFirstDiagram(diagram, direction);
      expect(layout.indexCells).toHaveLength(diagram.nodes.length);
      expect(layout.arcs).toHaveLength(diagram.nodes.filter((node) => node.parent >= 0).length);
      for (const arc of layout.arcs) {
        expect(arc.parent).toBe(diagram.nodes[arc.child].parent);
        const [start, tip] = [arc.points[0], arrowTip(arc)];
        expect(isOnEdge(start, layout.indexCells[arc.child])).toBe(true);
        expect(isOnEdge(tip, layout.indexCells[arc.parent])).toBe(true);
        if (direction === 'across') expect(tip[0]).toBeLessThan(start[0]);
        else expect(tip[1]).toBeLessThan(start[1]);
      }
      // Cells follow the order: left to right, or top to bottom, without overlapping.
      for (let i = 1; i < layout.indexCells.length; i++) {
        const [before, cell] = [layout.indexCells[i - 1], layout.indexCells[i]];
        if (direction === 'across') expect(cell.x).toBeCloseTo(before.x + before.width, 6);
        else expect(cell.y).toBeCloseTo(before.y + before.height, 6);
      }
      // The tree: no two nodes overlap, each child below its parent.
      layout.treeNodes.forEach((box, i) => {
        for (let j = i + 1; j < layout.treeNodes.length; j++) expect(overlaps(box, layout.treeNodes[j]), `${diagram.nodes[i].name} / ${diagram.nodes[j].name}`).toBe(false);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(layout.width);
      });
      for (const edge of layout.treeEdges) expect(edge.to[1]).toBeGreaterThan(edge.from[1]);
      expect(layout.loop.points[0][direction === 'across' ? 0 : 1]).toBeLessThan(arrowTip(layout.loop)[direction === 'across' ? 0 : 1]);
    });
  }

  it('keeps the narrow layout within a 360 px phone’s column at its natural size', () => {
    expect(layoutParentsFirstDiagram(diagram, 'down').width).toBeLessThanOrEqual(328);
  });
});
