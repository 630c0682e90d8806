// Chapter 3's diagram "measured from the bind pose", M_j = G_j B_j⁻¹, on two-bones.glb (a column
// two units tall, joint "root" at its foot, joint "child" one unit up), seen along −z (the x–y
// plane): (a) the bind pose, each joint's frame where B_j puts it and one vertex where the file
// stores it — every skinning matrix the identity, so the vertex stays; (b) the column BIND_TIME
// seconds into its clip "bend", the joints' frames at G_j and the same vertex carried to its
// skinned place by M_j = G_j B_j⁻¹, the bind pose drawn faintly behind. Every number comes from the
// core: bindGlobalsOf, animateFrame's palette, skinVertices. Drawn by BindPoseDiagram.astro.
import { readProjectModel } from '../../build-time/project-models.ts';
import { bindGlobalsOf } from '../../core/bind-pose.ts';
import { animateFrame, createPlayer } from '../../core/frame.ts';
import { createMatrices } from '../../core/model.ts';
import { buildPalette } from '../../core/palette.ts';
import { skinVertices } from '../../core/skin.ts';
import { arrowAlong, bottomOf, centreY, rightOf, type Arrow, type Point, type Rect } from './svg-geometry.ts';

export const BIND_POSE_MODEL = 'two-bones.glb';
export const BIND_POSE_CLIP = 'bend';
/** Seconds into the clip "bend" for the posed panel: its first extreme, the child turned 45°. */
export const BIND_POSE_TIME = 0.5;
/** The vertex shown is the one nearest this point of the column (model units): on its front face, three quarters up. */
export const BIND_POSE_POINT: readonly [number, number, number] = [0.1, 1.75, 0.1];
/** Drawn length of each bone along its joint's +y, model units: the joints are one unit apart and the column ends one unit above the child. */
export const BIND_POSE_BONE_LENGTH = 1;

/** A joint's frame in the x–y plane: its origin and its unit x and y axes, model units. */
export interface JointFrame {
  joint: string;
  origin: [number, number];
  xAxis: [number, number];
  yAxis: [number, number];
}

export interface BindPosePanel {
  space: 'bind' | 'posed';
  title: string;
  /** Each joint's frame: at B_j in the bind panel, at G_j in the posed one (skin order). */
  frames: JointFrame[];
  /** The column's front face (z at its largest) as a closed outline, skinned with this panel's palette, model (x, y). */
  outline: [number, number][];
  /** The shown vertex as skinVertices placed it (x, y, z). */
  vertex: [number, number, number];
  /** The skinning matrix of the vertex's joint in this panel, column-major, 16 floats. */
  skinning: Float32Array;
  /** Largest |M_j − I| over every entry of every joint's skinning matrix: 0 up to rounding in the bind pose. */
  largestFromIdentity: number;
}

export interface BindPoseDiagram {
  /** Index of the shown vertex in the column's primitive, the joint that carries it, and that joint's weight (1). */
  vertexIndex: number;
  joint: string;
  weight: number;
  /** The posed panel's child angle from the bind pose, degrees, counter-clockwise about +z. */
  turnDegrees: number;
  panels: [BindPosePanel, BindPosePanel];
}

function frameOf(joint: string, m: Float32Array, offset: number): JointFrame {
  return { joint, origin: [m[offset + 12], m[offset + 13]], xAxis: [m[offset], m[offset + 1]], yAxis: [m[offset + 4], m[offset + 5]] };
}

function largestFromIdentity(palette: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < palette.length; i++) worst = Math.max(worst, Math.abs(palette[i] - (i % 16 % 5 === 0 ? 1 : 0)));
  return worst;
}

export function computeBindPoseDiagram(root: string = process.cwd()): BindPoseDiagram {
  const model = readProjectModel(BIND_POSE_MODEL, root);
  const mesh = model.meshes[0];
  const primitive = mesh.primitives[0];
  const skin = model.skins[mesh.skin];
  const clip = model.clips.find((each) => each.name === BIND_POSE_CLIP);
  if (clip === undefined) throw new Error(`${BIND_POSE_MODEL} has no clip "${BIND_POSE_CLIP}"`);
  const jointNames = Array.from(skin.joints, (node) => model.hierarchy.names[node]);

  let vertexIndex = -1;
  let nearest = Infinity;
  for (let v = 0; v < primitive.vertexCount; v++) {
    const distance = Math.hypot(...[0, 1, 2].map((k) => primitive.positions[3 * v + k] - BIND_POSE_POINT[k]));
    if (distance < nearest) [nearest, vertexIndex] = [distance, v];
  }
  const slot = [0, 1, 2, 3].reduce((best, s) => (primitive.weights[4 * vertexIndex + s] > primitive.weights[4 * vertexIndex + best] ? s : best), 0);
  const jointIndex = primitive.joints[4 * vertexIndex + slot];
  const weight = primitive.weights[4 * vertexIndex + slot];

  // The front face's two edges, bottom to top, by the bind-time positions.
  let frontZ = -Infinity;
  for (let v = 0; v < primitive.vertexCount; v++) frontZ = Math.max(frontZ, primitive.positions[3 * v + 2]);
  const edge = (side: 1 | -1) => {
    const seen = new Map<number, number>();
    for (let v = 0; v < primitive.vertexCount; v++) {
      const [x, y, z] = [primitive.positions[3 * v], primitive.positions[3 * v + 1], primitive.positions[3 * v + 2]];
      if (Math.abs(z - frontZ) < 1e-6 && Math.sign(x) === side && !seen.has(y)) seen.set(y, v);
    }
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  };
  const outlineVertices = [...edge(1), ...edge(-1).reverse()];

  // The bind pose: each joint's global where its inverse bind matrix says, written at its node, then the core's palette.
  const bindJoints = bindGlobalsOf(createMatrices(skin.joints.length), skin);
  const bindNodes = createMatrices(model.hierarchy.count);
  skin.joints.forEach((node, j) => bindNodes.set(bindJoints.subarray(16 * j, 16 * j + 16), 16 * node));
  const bindPalette = buildPalette(createMatrices(skin.joints.length), skin, bindNodes, null);

  const player = createPlayer(model);
  animateFrame(player, clip, BIND_POSE_TIME);
  const posedPalette = player.palettes[mesh.skin];

  const panel = (space: BindPosePanel['space'], title: string, globals: Float32Array, palette: Float32Array): BindPosePanel => {
    const skinned = new Float32Array(3 * primitive.vertexCount);
    skinVertices(skinned, null, primitive, palette);
    return {
      space,
      title,
      frames: jointNames.map((name, j) => frameOf(name, globals, 16 * skin.joints[j])),
      outline: outlineVertices.map((v) => [skinned[3 * v], skinned[3 * v + 1]]),
      vertex: [skinned[3 * vertexIndex], skinned[3 * vertexIndex + 1], skinned[3 * vertexIndex + 2]],
      skinning: palette.slice(16 * jointIndex, 16 * jointIndex + 16),
      largestFromIdentity: largestFromIdentity(palette),
    };
  };
  const posed = panel('posed', `“${BIND_POSE_CLIP}” at ${BIND_POSE_TIME} s`, player.globals, posedPalette);
  const childFrame = posed.frames[jointIndex];
  return {
    vertexIndex,
    joint: jointNames[jointIndex],
    weight,
    turnDegrees: (Math.atan2(childFrame.xAxis[1], childFrame.xAxis[0]) * 180) / Math.PI,
    panels: [panel('bind', 'bind pose: G = B', bindNodes, bindPalette), posed],
  };
}

/** Pixels (user units) per model unit, and the model-space window both panels show. */
export const BIND_POSE_SCALE = 125;
export const BIND_POSE_WINDOW = { minX: -0.95, maxX: 0.6, minY: -0.2, maxY: 2.2 } as const;
export const BIND_POSE_FONT_SIZE = 12;
const MARGIN = 4;
const TITLE_HEIGHT = 22;
/** Two lines of read-out under each plot. */
const READOUT_HEIGHT = 42;
const WIDE_GAP = 96;
const NARROW_GAP = 50;

export interface BindPosePanelLayout extends Rect {
  /** The plot inside the panel, between its title and its read-out. */
  plot: Rect;
  /** Model (x, y) → diagram point. */
  toDiagram(x: number, y: number): Point;
  /** Diagram point → model (x, y): the inverse of toDiagram. */
  fromDiagram(point: Point): [number, number];
}

export interface BindPoseLayout {
  width: number;
  height: number;
  panels: [BindPosePanelLayout, BindPosePanelLayout];
  /** From the bind panel to the posed one, and where its label sits. */
  arrow: Arrow;
  arrowLabel: { at: Point; direction: 'across' | 'down' };
}

/** The two panels side by side (`across`) or one under the other (`down`). */
export function layoutBindPoseDiagram(direction: 'across' | 'down'): BindPoseLayout {
  const plotWidth = (BIND_POSE_WINDOW.maxX - BIND_POSE_WINDOW.minX) * BIND_POSE_SCALE;
  const plotHeight = (BIND_POSE_WINDOW.maxY - BIND_POSE_WINDOW.minY) * BIND_POSE_SCALE;
  const panelHeight = TITLE_HEIGHT + plotHeight + READOUT_HEIGHT;
  const gap = direction === 'across' ? WIDE_GAP : NARROW_GAP;
  const [first, second] = [0, 1].map((i): BindPosePanelLayout => {
    const x = MARGIN + (direction === 'across' ? i * (plotWidth + gap) : 0);
    const y = MARGIN + (direction === 'down' ? i * (panelHeight + gap) : 0);
    const plot = { x, y: y + TITLE_HEIGHT, width: plotWidth, height: plotHeight };
    return {
      x,
      y,
      width: plotWidth,
      height: panelHeight,
      plot,
      toDiagram: (mx: number, my: number): Point => [x + (mx - BIND_POSE_WINDOW.minX) * BIND_POSE_SCALE, plot.y + (BIND_POSE_WINDOW.maxY - my) * BIND_POSE_SCALE],
      fromDiagram: ([px, py]: Point): [number, number] => [BIND_POSE_WINDOW.minX + (px - x) / BIND_POSE_SCALE, BIND_POSE_WINDOW.maxY - (py - plot.y) / BIND_POSE_SCALE],
    };
  });
  const arrow =
    direction === 'across'
      ? arrowAlong([
          [rightOf(first.plot) + 6, centreY(first.plot)],
          [second.x - 6, centreY(second.plot)],
        ])
      : arrowAlong([
          [first.x + first.width / 2, bottomOf(first) + 4],
          [second.x + second.width / 2, second.y - 2],
        ]);
  const [from, to] = [arrow.points[0], arrow.head[0]];
  return {
    width: rightOf(second) + MARGIN,
    height: bottomOf(second) + MARGIN,
    panels: [first, second],
    arrow,
    arrowLabel: { at: [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2], direction },
  };
}
