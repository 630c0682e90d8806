// Chapter 4's diagram "model space → bone space → posed", from the worked example of the chapter
// (src/figures/offset/offset-example.ts): the two bones of two-bones-rotated.glb in the x–y plane,
// one vertex half a unit along the turned child — in model space at bind time, in the child's
// space after its inverse bind matrix, and back in model space after the child's posed global.
// Each panel draws its frame's axes, the bones as that frame sees them, and the vertex at the
// coordinates the core computed. Drawn by BoneSpaceDiagram.astro.
import { readProjectModel } from '../../build-time/project-models.ts';
import { bindGlobalsOf } from '../../core/bind-pose.ts';
import { createPlayer } from '../../core/frame.ts';
import { multiplyMat4At } from '../../core/math.ts';
import { computeOffsetExample, OFFSET_VERTEX } from '../../figures/offset/offset-example.ts';
import { arrowAlong, bottomOf, centreY, rightOf, type Arrow, type Point, type Rect } from './svg-geometry.ts';

const MODEL = 'two-bones-rotated.glb';
/** Drawn length of a bone, model units: the child's origin is one unit from the root's, and the child is drawn as long. */
export const DRAWN_BONE_LENGTH = 1;

/** A segment from a bone's joint along its own +y, model units in the panel's frame. */
export interface DrawnBone {
  name: string;
  from: [number, number];
  to: [number, number];
}

export interface BoneSpacePanel {
  /** What the panel's coordinates are measured in. */
  title: string;
  /** The two bones as this panel's frame sees them. */
  bones: DrawnBone[];
  /** The child's frame in this panel: origin and unit x and y axes (x–y plane). */
  childFrame: { origin: [number, number]; xAxis: [number, number]; yAxis: [number, number] };
  /** The vertex, as the core computed it (x, y, z). */
  vertex: [number, number, number];
  /** Which panel frame it is: model space before or after posing, or the child's own space. */
  space: 'model-bind' | 'bone' | 'model-posed';
}

export interface BoneSpaceDiagram {
  panels: [BoneSpacePanel, BoneSpacePanel, BoneSpacePanel];
}

/** The x–y part of a column-major matrix applied to a point (x, y, 0, 1) and to the unit x and y directions. */
function frameOf(m: Float32Array, offset: number): BoneSpacePanel['childFrame'] {
  return {
    origin: [m[offset + 12], m[offset + 13]],
    xAxis: [m[offset], m[offset + 1]],
    yAxis: [m[offset + 4], m[offset + 5]],
  };
}

function boneAlong(name: string, frame: BoneSpacePanel['childFrame']): DrawnBone {
  return {
    name,
    from: frame.origin,
    to: [frame.origin[0] + DRAWN_BONE_LENGTH * frame.yAxis[0], frame.origin[1] + DRAWN_BONE_LENGTH * frame.yAxis[1]],
  };
}

export function computeBoneSpaceDiagram(root: string = process.cwd()): BoneSpaceDiagram {
  const example = computeOffsetExample(root);
  const model = readProjectModel(MODEL, root);
  const skin = model.skins[0];
  const rootJoint = skin.joints.findIndex((node) => model.hierarchy.names[node] === 'root');
  const childJoint = skin.joints.findIndex((node) => model.hierarchy.names[node] === 'child');
  if (rootJoint < 0 || childJoint < 0) throw new Error(`${MODEL}: expected joints "root" and "child"`);
  const bind = bindGlobalsOf(new Float32Array(16 * skin.joints.length), skin);

  // In the child's space, every bind-time frame is carried by the child's inverse bind matrix.
  const inChild = new Float32Array(32);
  multiplyMat4At(inChild, 0, example.childTurned, 0, bind, 16 * rootJoint);
  multiplyMat4At(inChild, 16, example.childTurned, 0, bind, 16 * childJoint);
  // Posed, only the child turns: the root keeps its rest-pose global.
  const rest = createPlayer(model).globals;
  const rootNode = skin.joints[rootJoint];
  const bindChild = frameOf(bind, 16 * childJoint);
  const boneChild = frameOf(inChild, 16);
  const posedChild = frameOf(example.global, 0);
  return {
    panels: [
      {
        title: 'model space, bind pose',
        space: 'model-bind',
        bones: [boneAlong('root', frameOf(bind, 16 * rootJoint)), boneAlong('child', bindChild)],
        childFrame: bindChild,
        vertex: [OFFSET_VERTEX[0], OFFSET_VERTEX[1], OFFSET_VERTEX[2]],
      },
      {
        title: 'the child’s bone space',
        space: 'bone',
        bones: [boneAlong('root', frameOf(inChild, 0)), boneAlong('child', boneChild)],
        childFrame: boneChild,
        vertex: [example.inBoneSpace[0], example.inBoneSpace[1], example.inBoneSpace[2]],
      },
      {
        title: 'model space, posed',
        space: 'model-posed',
        bones: [boneAlong('root', frameOf(rest, 16 * rootNode)), boneAlong('child', posedChild)],
        childFrame: posedChild,
        vertex: [example.skinned[0], example.skinned[1], example.skinned[2]],
      },
    ],
  };
}

/** Pixels (user units) per model unit, and the model-space window every panel shows. */
export const BONE_SPACE_SCALE = 80;
export const BONE_SPACE_WINDOW = { minX: -1.2, maxX: 0.6, minY: -0.9, maxY: 2.0 } as const;
export const BONE_SPACE_FONT_SIZE = 12;
const MARGIN = 4;
const TITLE_HEIGHT = 22;
const READOUT_HEIGHT = 26;
const WIDE_GAP = 76;
const NARROW_GAP = 46;

export interface BoneSpacePanelLayout extends Rect {
  /** Model (x, y) → diagram point. */
  toDiagram(x: number, y: number): Point;
  /** Diagram point → model (x, y): the inverse of toDiagram. */
  fromDiagram(point: Point): [number, number];
}

export interface BoneSpaceLayout {
  width: number;
  height: number;
  panels: BoneSpacePanelLayout[];
  /** Panel i → panel i + 1: the inverse bind matrix, then the posed global. */
  arrows: (Arrow & { from: number; to: number })[];
  /** Where each arrow's label sits: its middle, and whether the arrow runs across or down. */
  arrowLabels: { at: Point; direction: 'across' | 'down' }[];
}

/** The three panels side by side (`wide`) or one under another. */
export function layoutBoneSpaceDiagram(direction: 'across' | 'down'): BoneSpaceLayout {
  const plotWidth = (BONE_SPACE_WINDOW.maxX - BONE_SPACE_WINDOW.minX) * BONE_SPACE_SCALE;
  const plotHeight = (BONE_SPACE_WINDOW.maxY - BONE_SPACE_WINDOW.minY) * BONE_SPACE_SCALE;
  const panelHeight = TITLE_HEIGHT + plotHeight + READOUT_HEIGHT;
  const gap = direction === 'across' ? WIDE_GAP : NARROW_GAP;
  const panels: BoneSpacePanelLayout[] = [0, 1, 2].map((i) => {
    const x = MARGIN + (direction === 'across' ? i * (plotWidth + gap) : 0);
    const y = MARGIN + (direction === 'down' ? i * (panelHeight + gap) : 0);
    const plotTop = y + TITLE_HEIGHT;
    return {
      x,
      y,
      width: plotWidth,
      height: panelHeight,
      toDiagram: (mx: number, my: number): Point => [x + (mx - BONE_SPACE_WINDOW.minX) * BONE_SPACE_SCALE, plotTop + (BONE_SPACE_WINDOW.maxY - my) * BONE_SPACE_SCALE],
      fromDiagram: ([px, py]: Point): [number, number] => [BONE_SPACE_WINDOW.minX + (px - x) / BONE_SPACE_SCALE, BONE_SPACE_WINDOW.maxY - (py - plotTop) / BONE_SPACE_SCALE],
    };
  });
  const arrows = [0, 1].map((i) => {
    const a = panels[i];
    const b = panels[i + 1];
    const points: Point[] =
      direction === 'across'
        ? [
            [rightOf(a), centreY(a)],
            [b.x, centreY(b)],
          ]
        : [
            [a.x + a.width / 2, bottomOf(a)],
            [b.x + b.width / 2, b.y],
          ];
    return { from: i, to: i + 1, ...arrowAlong(points) };
  });
  const arrowLabels = arrows.map((arrow) => {
    const [from, to] = [arrow.points[0], arrowTipOf(arrow)];
    return { at: [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2] as Point, direction };
  });
  const last = panels[2];
  return { width: rightOf(last) + MARGIN, height: bottomOf(last) + MARGIN, panels, arrows, arrowLabels };
}

const arrowTipOf = (arrow: Arrow): Point => arrow.head[0];
