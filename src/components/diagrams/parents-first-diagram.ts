// Chapter 5's diagram "parents first": the mannequin's node tree, each node numbered by its place
// in the loader's parents-first order (the hierarchy arrays names and parents), and under it that
// order as one flat array of cells, an arc from each cell to its parent's. Every arc points left
// (parents[i] < i), so one loop from front to back always finds the parent's global ready. Nodes
// no skin lists as a joint (the Armature, the mesh's node) are marked. Drawn by
// ParentsFirstDiagram.astro; the wide layout draws the tree top-down and the array across, the
// narrow one the tree as numbered dots and the array down the page, its arcs pointing up.
import { readProjectModel } from '../../build-time/project-models.ts';
import { arrowAlong, textWidth, type Arrow, type Point, type Rect } from './svg-geometry.ts';

export const PARENTS_FIRST_MODEL = 'mannequin.glb';

export interface ParentsFirstNode {
  /** Hierarchy index: the node's place in the loader's parents-first order. */
  index: number;
  name: string;
  /** Hierarchy index of the parent, −1 for a root. */
  parent: number;
  /** Whether a skin of the model lists the node as a joint. */
  joint: boolean;
  /** Whether the node places a skinned mesh (its own transform then unused for skinning). */
  holdsMesh: boolean;
  /** Edges from its root (0 for a root). */
  depth: number;
  /** Hierarchy indices of its children, in the order the file lists them. */
  children: number[];
}

export interface ParentsFirstDiagram {
  nodes: ParentsFirstNode[];
  /** Hierarchy indices of the roots, in file order. */
  roots: number[];
}

export function computeParentsFirstDiagram(root: string = process.cwd()): ParentsFirstDiagram {
  const { hierarchy, skins, meshes } = readProjectModel(PARENTS_FIRST_MODEL, root);
  const meshNodes = new Set(meshes.map((mesh) => mesh.node));
  const { names, parents, sourceIndex, count } = hierarchy;
  const isJoint = new Set<number>();
  for (const skin of skins) for (const node of skin.joints) isJoint.add(node);
  const nodes: ParentsFirstNode[] = [];
  for (let i = 0; i < count; i++) {
    const parent = parents[i];
    if (parent >= i) throw new Error(`${PARENTS_FIRST_MODEL}: node ${i} ("${names[i]}") comes before its parent ${parent}; the hierarchy is not parents-first`);
    nodes.push({ index: i, name: names[i] || `node ${sourceIndex[i]}`, parent, joint: isJoint.has(i), holdsMesh: meshNodes.has(i), depth: parent < 0 ? 0 : nodes[parent].depth + 1, children: [] });
    if (parent >= 0) nodes[parent].children.push(i);
  }
  for (const node of nodes) node.children.sort((a, b) => sourceIndex[a] - sourceIndex[b]);
  const roots = nodes.filter((node) => node.parent < 0).map((node) => node.index).sort((a, b) => sourceIndex[a] - sourceIndex[b]);
  return { nodes, roots };
}

/** Font size of the node names, user units; indices and the array's numbers are one smaller. */
export const PARENTS_FIRST_FONT_SIZE = 12;
const MARGIN = 4;
const HEADING = 22;
/** Width of the key: two swatches and their words, user units. */
export const LEGEND_WIDTH = 170;

/** One arc of the array, from a node's cell to its parent's. */
export interface ParentArc extends Arrow {
  child: number;
  parent: number;
}

export interface ParentsFirstLayout {
  width: number;
  height: number;
  /** Headings over the tree and over the array: their left end and baseline. */
  treeHeading: Point;
  arrayHeading: Point;
  /** The key to the two kinds of node: its left end and baseline. */
  legend: Point;
  /** One box (wide) or one dot's square (narrow) per node, hierarchy order. */
  treeNodes: Rect[];
  /** Parent → child, from the parent's box to the child's. */
  treeEdges: { parent: number; child: number; from: Point; to: Point }[];
  /** One cell per node for its index, one for its parent's index, hierarchy order. */
  indexCells: Rect[];
  parentCells: Rect[];
  /** The labels of the array's rows (wide) or columns (narrow): where each is written, and how it is anchored there. */
  rowLabels: { text: string; at: Point; anchor: 'end' | 'middle' }[];
  /** Where each node's name is written beside its cells: its anchor point, and whether it runs up the page (wide) or across. */
  cellNames: { at: Point; vertical: boolean }[];
  arcs: ParentArc[];
  /** The loop's direction, from the first cell to the last, with its label's anchor. */
  loop: Arrow & { label: Point };
}

/** Samples of a cubic Bézier from p0 to p3, ends included. */
function cubic(p0: Point, p1: Point, p2: Point, p3: Point, samples = 24): Point[] {
  const points: Point[] = [];
  for (let s = 0; s <= samples; s++) {
    const t = s / samples;
    const u = 1 - t;
    const a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
    points.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return points;
}

/** Where along its parent's cell edge (0–1) the arc from `child` lands: spread over the first part of the edge, the last part being where the parent's own arc leaves. */
function landingFraction(diagram: ParentsFirstDiagram, child: number): number {
  const siblings = diagram.nodes[diagram.nodes[child].parent].children;
  return 0.06 + (0.66 * (siblings.indexOf(child) + 0.5)) / siblings.length;
}
const LEAVING_FRACTION = 0.88;

/** Label of a tree box: the node's index, then its name. */
export function treeLabel(node: ParentsFirstNode): { index: string; name: string } {
  return { index: String(node.index), name: node.name };
}

/** x of every node in units of leaf slots: leaves left to right in file order, each parent centred over its first and last child. */
function slotsOf(diagram: ParentsFirstDiagram): number[] {
  const slot = new Array<number>(diagram.nodes.length);
  let next = 0;
  const place = (node: number): number => {
    const children = diagram.nodes[node].children;
    if (children.length === 0) slot[node] = next++;
    else {
      const xs = children.map(place);
      slot[node] = (xs[0] + xs[xs.length - 1]) / 2;
    }
    return slot[node];
  };
  for (const root of diagram.roots) place(root);
  return slot;
}

const WIDE = { slot: 112, level: 36, box: 22, cell: 28, indexRow: 22, parentRow: 20, rowLabels: 74, namesHeight: 80, arcBase: 10, arcPerCell: 6 } as const;
const NARROW = { slot: 50, level: 30, dot: 22, cell: 28, row: 24, arcBase: 8, arcPerRow: 3.4 } as const;

export function layoutParentsFirstDiagram(diagram: ParentsFirstDiagram, direction: 'across' | 'down'): ParentsFirstLayout {
  const size = PARENTS_FIRST_FONT_SIZE;
  const nodes = diagram.nodes;
  const slots = slotsOf(diagram);
  const slotCount = Math.max(...slots) + 1;
  const deepest = Math.max(...nodes.map((node) => node.depth));
  const wide = direction === 'across';
  const slotWidth = wide ? WIDE.slot : NARROW.slot;
  const level = wide ? WIDE.level : NARROW.level;
  const treeTop = MARGIN + HEADING * (wide ? 1 : 2);

  const treeNodes: Rect[] = nodes.map((node) => {
    const centre = MARGIN + (slots[node.index] + 0.5) * slotWidth;
    const top = treeTop + node.depth * level;
    if (!wide) return { x: centre - NARROW.dot / 2, y: top, width: NARROW.dot, height: NARROW.dot };
    const label = treeLabel(node);
    // Names of nodes that are not joints are set in italics, a little wider.
    const width = 16 + textWidth(label.index, size - 1, 'mono') + textWidth(label.name, size, 'sans') * (node.joint ? 1 : 1.08);
    return { x: centre - width / 2, y: top, width, height: WIDE.box };
  });
  const treeEdges = nodes
    .filter((node) => node.parent >= 0)
    .map((node) => {
      const [p, c] = [treeNodes[node.parent], treeNodes[node.index]];
      return { parent: node.parent, child: node.index, from: [p.x + p.width / 2, p.y + p.height] as Point, to: [c.x + c.width / 2, c.y] as Point };
    });
  const treeBottom = treeTop + deepest * level + (wide ? WIDE.box : NARROW.dot);
  const treeWidth = 2 * MARGIN + slotCount * slotWidth;
  const arrayHeadingY = treeBottom + 30;

  if (wide) {
    const longest = Math.max(...nodes.map((node) => (node.parent < 0 ? 0 : node.index - node.parent)));
    const cellsTop = arrayHeadingY + 12 + WIDE.arcBase + WIDE.arcPerCell * longest + 8;
    const cellsLeft = MARGIN + WIDE.rowLabels;
    const indexCells = nodes.map((node) => ({ x: cellsLeft + node.index * WIDE.cell, y: cellsTop, width: WIDE.cell, height: WIDE.indexRow }));
    const parentCells = indexCells.map((cell) => ({ ...cell, y: cellsTop + WIDE.indexRow, height: WIDE.parentRow }));
    const arcs = nodes
      .filter((node) => node.parent >= 0)
      .map((node): ParentArc => {
        const from: Point = [indexCells[node.index].x + LEAVING_FRACTION * WIDE.cell, cellsTop];
        const to: Point = [indexCells[node.parent].x + landingFraction(diagram, node.index) * WIDE.cell, cellsTop];
        const lift = (4 / 3) * (WIDE.arcBase + WIDE.arcPerCell * (node.index - node.parent));
        return { child: node.index, parent: node.parent, ...arrowAlong(cubic(from, [from[0], from[1] - lift], [to[0], to[1] - lift], to)) };
      });
    const namesTop = cellsTop + WIDE.indexRow + WIDE.parentRow + 6;
    const cellNames = indexCells.map((cell) => ({ at: [cell.x + cell.width / 2 + 4, namesTop] as Point, vertical: true }));
    const loopY = namesTop + WIDE.namesHeight + 8;
    const last = indexCells[indexCells.length - 1];
    const loop = { ...arrowAlong([[cellsLeft, loopY], [last.x + last.width, loopY]]), label: [cellsLeft - 8, loopY + 4] as Point };
    return {
      width: Math.max(treeWidth, last.x + last.width + MARGIN),
      height: loopY + 8 + MARGIN,
      treeHeading: [MARGIN, MARGIN + 14],
      arrayHeading: [MARGIN, arrayHeadingY],
      legend: [Math.max(treeWidth, last.x + last.width + MARGIN) - MARGIN - LEGEND_WIDTH, MARGIN + 14],
      treeNodes,
      treeEdges,
      indexCells,
      parentCells,
      rowLabels: [
        { text: 'i', at: [cellsLeft - 8, cellsTop + WIDE.indexRow / 2 + 4], anchor: 'end' },
        { text: 'parents[i]', at: [cellsLeft - 8, cellsTop + WIDE.indexRow + WIDE.parentRow / 2 + 4], anchor: 'end' },
      ],
      cellNames,
      arcs,
      loop,
    };
  }

  // Down the page: a row per node, its arc on the left bulging further the further up its parent is.
  const longest = Math.max(...nodes.map((node) => (node.parent < 0 ? 0 : node.index - node.parent)));
  const cellsLeft = MARGIN + 14 + NARROW.arcBase + NARROW.arcPerRow * longest;
  const rowsTop = arrayHeadingY + 26;
  const indexCells = nodes.map((node) => ({ x: cellsLeft, y: rowsTop + node.index * NARROW.row, width: NARROW.cell, height: NARROW.row }));
  const parentCells = indexCells.map((cell) => ({ ...cell, x: cellsLeft + NARROW.cell }));
  const arcs = nodes
    .filter((node) => node.parent >= 0)
    .map((node): ParentArc => {
      const from: Point = [cellsLeft, indexCells[node.index].y + LEAVING_FRACTION * NARROW.row];
      const to: Point = [cellsLeft, indexCells[node.parent].y + landingFraction(diagram, node.index) * NARROW.row];
      const reach = (4 / 3) * (NARROW.arcBase + NARROW.arcPerRow * (node.index - node.parent));
      return { child: node.index, parent: node.parent, ...arrowAlong(cubic(from, [from[0] - reach, from[1]], [to[0] - reach, to[1]], to)) };
    });
  const namesLeft = cellsLeft + 2 * NARROW.cell + 8;
  const cellNames = indexCells.map((cell, i) => ({ at: [namesLeft + 10 * nodes[i].depth, cell.y + cell.height / 2 + 4] as Point, vertical: false }));
  const widestName = Math.max(...cellNames.map((name, i) => name.at[0] + textWidth(nodes[i].name, size, 'sans')));
  const last = indexCells[indexCells.length - 1];
  const loopX = MARGIN + 4;
  const loop = { ...arrowAlong([[loopX, rowsTop], [loopX, last.y + last.height]]), label: [loopX, rowsTop - 8] as Point };
  return {
    width: Math.max(treeWidth, widestName + MARGIN),
    height: last.y + last.height + MARGIN,
    treeHeading: [MARGIN, MARGIN + 14],
    arrayHeading: [MARGIN, arrayHeadingY],
    legend: [MARGIN, MARGIN + 14 + HEADING],
    treeNodes,
    treeEdges,
    indexCells,
    parentCells,
    rowLabels: [
      { text: 'i', at: [cellsLeft + NARROW.cell / 2, rowsTop - 6], anchor: 'middle' },
      { text: 'parent', at: [cellsLeft + 1.5 * NARROW.cell, rowsTop - 6], anchor: 'middle' },
    ],
    cellNames,
    arcs,
    loop,
  };
}
