// Chapter 2's diagram "per-bone lists against per-vertex slots", from the bend tube's file at build
// time: a few of its vertices as Assimp would list them under each bone (aiBone.mWeights: vertex
// index and weight), the same vertices as glTF and the shaders store them (four joint slots and
// four weights, JOINTS_0 / WEIGHTS_0) after vertexInfluencesFromBones regroups the lists, and an
// arrow from each (vertex, weight) entry to the vertex that takes it. Drawn by RegroupDiagram.astro.
import { readProjectModel } from '../../build-time/project-models.ts';
import { MAX_INFLUENCES, vertexInfluencesFromBones } from '../../core/weights.ts';
import { perBoneLists } from '../../figures/weights/regroup-example.ts';
import { arrowAlong, bottomOf, rightOf, textWidth, type Arrow, type Rect } from './svg-geometry.ts';

export const REGROUP_MODEL = 'bend-tube.glb';
/**
 * The vertices shown: the one nearest each of these points of the tube's surface (model space,
 * the tube's radius is 0.25): deep in the base bone, in the base–middle blend, in the middle, and
 * half-way between middle and end.
 */
export const REGROUP_POINTS: readonly (readonly [number, number, number])[] = [
  [0.25, 0.5, 0],
  [0.25, 0.875, 0],
  [0.25, 1.5, 0],
  [0.25, 2, 0],
];

export interface RegroupEntry {
  vertex: number;
  weight: number;
}

export interface RegroupDiagram {
  /** The skin's joints in order: their names, the entries of the shown vertices, and every entry's count. */
  bones: { name: string; entries: RegroupEntry[]; totalEntries: number }[];
  /** The shown vertices, with their position and the four slots vertexInfluencesFromBones gave them. */
  vertices: { vertex: number; position: [number, number, number]; joints: number[]; weights: number[] }[];
  vertexCount: number;
}

export function computeRegroupDiagram(root: string = process.cwd()): RegroupDiagram {
  const model = readProjectModel(REGROUP_MODEL, root);
  const mesh = model.meshes[0];
  const primitive = mesh.primitives[0];
  const skin = model.skins[mesh.skin];
  const lists = perBoneLists(primitive, skin.joints.length);
  const slots = vertexInfluencesFromBones(lists, primitive.vertexCount);

  const shown = REGROUP_POINTS.map((point) => {
    let nearest = -1;
    let nearestDistance = Infinity;
    for (let v = 0; v < primitive.vertexCount; v++) {
      const distance = Math.hypot(primitive.positions[3 * v] - point[0], primitive.positions[3 * v + 1] - point[1], primitive.positions[3 * v + 2] - point[2]);
      if (distance < nearestDistance) {
        nearestDistance = distance;
        nearest = v;
      }
    }
    return nearest;
  });
  return {
    bones: lists.map((list, j) => ({
      name: model.hierarchy.names[skin.joints[j]],
      entries: shown.flatMap((vertex) => {
        const at = list.vertices.indexOf(vertex);
        return at < 0 ? [] : [{ vertex, weight: list.weights[at] }];
      }),
      totalEntries: list.vertices.length,
    })),
    vertices: shown.map((vertex) => ({
      vertex,
      position: [primitive.positions[3 * vertex], primitive.positions[3 * vertex + 1], primitive.positions[3 * vertex + 2]],
      joints: Array.from(slots.joints.subarray(MAX_INFLUENCES * vertex, MAX_INFLUENCES * vertex + MAX_INFLUENCES)),
      weights: Array.from(slots.weights.subarray(MAX_INFLUENCES * vertex, MAX_INFLUENCES * vertex + MAX_INFLUENCES)),
    })),
    vertexCount: primitive.vertexCount,
  };
}

/** Font size of every label, user units. */
export const REGROUP_FONT_SIZE = 12;
const MARGIN = 4;
const HEADING_HEIGHT = 34;
const ROW_HEIGHT = 20;
const BOX_HEADER = 22;
const BOX_FOOTER = 18;
const BOX_GAP = 10;
const ARROW_LANE = 64;
const SLOT_WIDTH = 46;
const VERTEX_ROW_HEIGHT = 36;
const VERTEX_GAP = 12;

export interface RegroupLayout {
  width: number;
  height: number;
  /** Column headings' x (left edge) and the y of their first line. */
  leftX: number;
  rightX: number;
  headingY: number;
  /** One box per bone, its entry rows inside it (same order as the bone's entries). */
  boneBoxes: (Rect & { bone: number; entryRows: Rect[] })[];
  /** One row per shown vertex: its label cell, then its four slot cells. */
  vertexRows: (Rect & { vertex: number; label: Rect; slots: Rect[] })[];
  /** From each entry row to the row of the vertex it names; `slot` is where that weight landed. */
  arrows: (Arrow & { bone: number; vertex: number; slot: number })[];
}

export function layoutRegroupDiagram(diagram: RegroupDiagram): RegroupLayout {
  const size = REGROUP_FONT_SIZE;
  const entryText = (entry: RegroupEntry) => `vertex ${entry.vertex}   ${entry.weight.toFixed(3)}`;
  const boneTitle = (name: string) => `aiBone “${name}”`;
  const leftWidth =
    16 +
    Math.max(
      textWidth('per bone (Assimp)', size, 'sans'),
      ...diagram.bones.map((bone) => textWidth(boneTitle(bone.name), size, 'sans')),
      ...diagram.bones.flatMap((bone) => bone.entries.map((entry) => textWidth(entryText(entry), size, 'mono'))),
      ...diagram.bones.map((bone) => textWidth(`of ${bone.totalEntries} pairs`, size - 1, 'sans')),
    );
  const labelWidth = 12 + Math.max(...diagram.vertices.map((each) => textWidth(`vertex ${each.vertex}`, size, 'sans')));
  const leftX = MARGIN;
  const rightX = leftX + leftWidth + ARROW_LANE;

  let y = MARGIN + HEADING_HEIGHT;
  const boneBoxes = diagram.bones.map((bone, b) => {
    const top = y;
    const entryRows = bone.entries.map((_, i) => ({ x: leftX, y: top + BOX_HEADER + i * ROW_HEIGHT, width: leftWidth, height: ROW_HEIGHT }));
    const height = BOX_HEADER + bone.entries.length * ROW_HEIGHT + BOX_FOOTER;
    y += height + BOX_GAP;
    return { bone: b, x: leftX, y: top, width: leftWidth, height, entryRows };
  });
  const leftBottom = y - BOX_GAP;

  // The vertex rows, spread over the same height as the bone lists (at least their own).
  const vertexBlock = diagram.vertices.length * VERTEX_ROW_HEIGHT + (diagram.vertices.length - 1) * VERTEX_GAP;
  const spread = Math.max(VERTEX_GAP, (leftBottom - MARGIN - HEADING_HEIGHT - diagram.vertices.length * VERTEX_ROW_HEIGHT) / Math.max(1, diagram.vertices.length - 1));
  const vertexRows = diagram.vertices.map((each, i) => {
    const top = MARGIN + HEADING_HEIGHT + i * (VERTEX_ROW_HEIGHT + spread);
    const label = { x: rightX, y: top, width: labelWidth, height: VERTEX_ROW_HEIGHT };
    const slots = each.joints.map((_, s) => ({ x: rightX + labelWidth + s * SLOT_WIDTH, y: top, width: SLOT_WIDTH, height: VERTEX_ROW_HEIGHT }));
    return { vertex: each.vertex, x: rightX, y: top, width: labelWidth + MAX_INFLUENCES * SLOT_WIDTH, height: VERTEX_ROW_HEIGHT, label, slots };
  });

  const arrows: RegroupLayout['arrows'] = [];
  diagram.bones.forEach((bone, b) => {
    bone.entries.forEach((entry, i) => {
      const rowIndex = diagram.vertices.findIndex((each) => each.vertex === entry.vertex);
      const vertex = diagram.vertices[rowIndex];
      const slot = vertex.joints.findIndex((joint, s) => joint === b && vertex.weights[s] > 0);
      if (slot < 0) throw new Error(`layoutRegroupDiagram: vertex ${entry.vertex} has no slot for bone ${b} ("${bone.name}") after regrouping`);
      const row = vertexRows[rowIndex];
      const from = boneBoxes[b].entryRows[i];
      // Each slot's arrow lands at its own height on the row's left edge, so two arrows into one vertex stay apart.
      const landing = row.y + ((slot + 1) * row.height) / (MAX_INFLUENCES + 1);
      const start: [number, number] = [rightOf(from), from.y + from.height / 2];
      const tip: [number, number] = [row.x, landing];
      arrows.push({ bone: b, vertex: entry.vertex, slot, ...arrowAlong([start, [start[0] + ARROW_LANE / 2, start[1]], [tip[0] - ARROW_LANE / 2 + 8, tip[1]], tip]) });
    });
  });
  const width = rightX + labelWidth + MAX_INFLUENCES * SLOT_WIDTH + MARGIN;
  const height = Math.max(leftBottom, ...vertexRows.map(bottomOf), MARGIN + HEADING_HEIGHT + vertexBlock) + MARGIN;
  return { width, height, leftX, rightX, headingY: MARGIN + 14, boneBoxes, vertexRows, arrows };
}
