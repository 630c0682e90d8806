// Small geometry shared by the build-time SVG diagrams (src/components/diagrams/): boxes, arrows
// with their heads as explicit triangles (no SVG markers, so a head takes its arrow's colour in any
// theme and in print), and text widths estimated well enough to size a box around a label.
// Units are the SVG's user units (its viewBox), about one CSS pixel at the diagram's natural size.

/** An axis-aligned rectangle: top-left corner and size, user units. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Point = readonly [number, number];

/** A polyline from its tail to the tip of its head, and the head as a triangle (three points). */
export interface Arrow {
  points: Point[];
  head: [Point, Point, Point];
}

/** Length of the arrowhead along the shaft, and its half-width, user units. */
export const ARROW_HEAD_LENGTH = 7;
export const ARROW_HEAD_HALF_WIDTH = 3.5;

/** Average advance of a character, in ems: monospace fonts are 0.6 em wide; 0.56 covers the site's sans-serif stack. */
const MONO_EM = 0.6;
const SANS_EM = 0.56;

/** Estimated width of `text` at `fontSize` user units, in the site's monospace or sans-serif font. */
export function textWidth(text: string, fontSize: number, font: 'mono' | 'sans'): number {
  if (!(fontSize > 0)) throw new Error(`textWidth: font size ${fontSize} is not a positive number`);
  return [...text].length * fontSize * (font === 'mono' ? MONO_EM : SANS_EM);
}

export const centreX = (rect: Rect): number => rect.x + rect.width / 2;
export const centreY = (rect: Rect): number => rect.y + rect.height / 2;
export const rightOf = (rect: Rect): number => rect.x + rect.width;
export const bottomOf = (rect: Rect): number => rect.y + rect.height;

/** Whether `point` lies on the edge of `rect`, within `tolerance` user units. */
export function isOnEdge(point: Point, rect: Rect, tolerance = 1e-6): boolean {
  const [x, y] = point;
  const inX = x >= rect.x - tolerance && x <= rightOf(rect) + tolerance;
  const inY = y >= rect.y - tolerance && y <= bottomOf(rect) + tolerance;
  const onVertical = Math.abs(x - rect.x) <= tolerance || Math.abs(x - rightOf(rect)) <= tolerance;
  const onHorizontal = Math.abs(y - rect.y) <= tolerance || Math.abs(y - bottomOf(rect)) <= tolerance;
  return (inX && onHorizontal) || (inY && onVertical);
}

/**
 * The arrow along `points` (at least two, the last being where the tip touches its target): the
 * shaft stops where the head begins, so a thick stroke does not poke through the tip.
 */
export function arrowAlong(points: readonly Point[]): Arrow {
  if (points.length < 2) throw new Error(`arrowAlong: an arrow needs at least 2 points, got ${points.length}`);
  const tip = points[points.length - 1];
  const from = points[points.length - 2];
  const length = Math.hypot(tip[0] - from[0], tip[1] - from[1]);
  if (!(length > 0)) throw new Error(`arrowAlong: the last segment, from (${from.join(', ')}) to (${tip.join(', ')}), has no length`);
  const ux = (tip[0] - from[0]) / length;
  const uy = (tip[1] - from[1]) / length;
  const headLength = Math.min(ARROW_HEAD_LENGTH, length);
  const base: Point = [tip[0] - ux * headLength, tip[1] - uy * headLength];
  const shaft = [...points.slice(0, -1), base];
  return {
    points: shaft,
    head: [tip, [base[0] - uy * ARROW_HEAD_HALF_WIDTH, base[1] + ux * ARROW_HEAD_HALF_WIDTH], [base[0] + uy * ARROW_HEAD_HALF_WIDTH, base[1] - ux * ARROW_HEAD_HALF_WIDTH]],
  };
}

/** The tip of `arrow`: the point that touches its target. */
export const arrowTip = (arrow: Arrow): Point => arrow.head[0];

/** SVG path data for a polyline, coordinates rounded to 0.01 units. */
export function polylinePath(points: readonly Point[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`).join(' ');
}

/** SVG points attribute for a polygon, coordinates rounded to 0.01 units. */
export function polygonPoints(points: readonly Point[]): string {
  return points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
}

export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
