// Chapter 3's diagram (src/components/diagrams/bind-pose-diagram.ts): the vertex, the frames and
// the skinning matrix it prints, against a hand product of the file's own matrices — the child's
// rest translation and its key rotation at 0.5 s, and its inverse bind matrix — written out here
// in plain numbers, without the core's matrix functions.
import { describe, expect, it } from 'vitest';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import {
  BIND_POSE_MODEL,
  BIND_POSE_TIME,
  BIND_POSE_WINDOW,
  computeBindPoseDiagram,
  layoutBindPoseDiagram,
} from '../../src/components/diagrams/bind-pose-diagram.ts';
import { arrowTip, isOnEdge } from '../../src/components/diagrams/svg-geometry.ts';

/** Column-major a × b, 4×4, in doubles. */
function multiply(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out = new Array<number>(16).fill(0);
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 4; row++) {
      for (let k = 0; k < 4; k++) out[4 * column + row] += a[4 * k + row] * b[4 * column + k];
    }
  }
  return out;
}

/** The column-major matrix of translation t after rotation q = [x, y, z, w] (unit). */
function translateRotate(t: ArrayLike<number>, q: ArrayLike<number>): number[] {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
    t[0], t[1], t[2], 1,
  ];
}

const apply = (m: number[], p: readonly number[]) => [0, 1, 2].map((r) => m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r]);

describe('chapter 3: the bind pose and a posed frame, M = G B⁻¹', () => {
  const diagram = computeBindPoseDiagram();
  const [bind, posed] = diagram.panels;
  const model = readProjectModel(BIND_POSE_MODEL);
  const primitive = model.meshes[0].primitives[0];
  const childNode = model.hierarchy.names.indexOf('child');
  const childJoint = model.skins[0].joints.indexOf(childNode);
  const stored = [0, 1, 2].map((k) => primitive.positions[3 * diagram.vertexIndex + k]);

  it('shows a vertex of the column three quarters up its front face, carried by the child alone', () => {
    expect(stored[0]).toBeCloseTo(0.1, 6);
    expect(stored[1]).toBeCloseTo(1.75, 6);
    expect(stored[2]).toBeCloseTo(0.1, 6);
    expect(diagram.joint).toBe('child');
    expect(diagram.weight).toBe(1);
    expect(primitive.joints[4 * diagram.vertexIndex]).toBe(childJoint);
  });

  it('in the bind pose, puts each joint where the inverse of its inverse bind matrix does, and leaves the vertex where the file stores it', () => {
    // two-bones.glb: the root's inverse bind matrix is the identity, the child's translates by −1 along y.
    expect(bind.frames.map((frame) => frame.joint)).toEqual(['root', 'child']);
    expect(bind.frames[0].origin).toEqual([0, 0]);
    expect(bind.frames[1].origin[0]).toBeCloseTo(0, 6);
    expect(bind.frames[1].origin[1]).toBeCloseTo(1, 6);
    for (const frame of bind.frames) {
      expect(frame.xAxis[0]).toBeCloseTo(1, 6);
      expect(frame.yAxis[1]).toBeCloseTo(1, 6);
    }
    expect(bind.largestFromIdentity).toBeLessThan(1e-6);
    bind.vertex.forEach((value, k) => expect(value).toBeCloseTo(stored[k], 6));
  });

  it('posed, carries the vertex by the hand product G B⁻¹ of the child’s key at 0.5 s and its inverse bind matrix', () => {
    const track = model.clips.find((clip) => clip.name === 'bend')!.tracks.find((each) => each.node === childNode && each.path === 1)!;
    const key = [...track.times].indexOf(BIND_POSE_TIME);
    expect(key, 'the diagram’s time is one of the keys').toBeGreaterThanOrEqual(0);
    const rotation = track.values.subarray(4 * key, 4 * key + 4);
    // The root is not animated and sits at the origin unturned, so the child's global is its own local.
    expect([...model.hierarchy.rest.translations.subarray(0, 3)]).toEqual([0, 0, 0]);
    const global = translateRotate(model.hierarchy.rest.translations.subarray(3 * childNode, 3 * childNode + 3), rotation);
    const skinning = multiply(global, model.skins[0].inverseBindMatrices.subarray(16 * childJoint, 16 * childJoint + 16));
    posed.skinning.forEach((value, i) => expect(value, `entry ${i}`).toBeCloseTo(skinning[i], 6));
    const expected = apply(skinning, stored);
    posed.vertex.forEach((value, k) => expect(value).toBeCloseTo(expected[k], 6));
    // The same by plain trigonometry: 45° about z round the child's joint at (0, 1).
    const h = Math.SQRT1_2;
    expect(diagram.turnDegrees).toBeCloseTo(45, 4);
    expect(posed.vertex[0]).toBeCloseTo(h * (0.1 - 0.75), 6);
    expect(posed.vertex[1]).toBeCloseTo(1 + h * (0.1 + 0.75), 6);
    expect(posed.vertex[2]).toBeCloseTo(0.1, 6);
    expect(posed.frames[1].yAxis[0]).toBeCloseTo(-h, 6);
  });

  it('outlines the front face as one closed loop, its part below the child unmoved when posed', () => {
    expect(bind.outline).toHaveLength(posed.outline.length);
    expect(bind.outline.length).toBeGreaterThanOrEqual(8);
    bind.outline.forEach(([x, y], i) => {
      expect(Math.abs(x)).toBeCloseTo(0.1, 6);
      if (y < 1 - 1e-6) {
        expect(posed.outline[i][0]).toBeCloseTo(x, 6);
        expect(posed.outline[i][1]).toBeCloseTo(y, 6);
      }
    });
    // The skinned vertex lies on the posed outline (it is one of its corners).
    expect(posed.outline.some(([x, y]) => Math.abs(x - posed.vertex[0]) < 1e-6 && Math.abs(y - posed.vertex[1]) < 1e-6)).toBe(true);
  });

  for (const direction of ['across', 'down'] as const) {
    it(`${direction}: everything drawn is inside the window, the vertex maps back to the core's numbers, and the arrow joins the panels`, () => {
      const layout = layoutBindPoseDiagram(direction);
      layout.panels.forEach((panel, p) => {
        const data = diagram.panels[p];
        const back = panel.fromDiagram(panel.toDiagram(data.vertex[0], data.vertex[1]));
        expect(back[0]).toBeCloseTo(data.vertex[0], 9);
        expect(back[1]).toBeCloseTo(data.vertex[1], 9);
        const tops = data.frames.map((frame) => [frame.origin[0] + frame.yAxis[0], frame.origin[1] + frame.yAxis[1]]);
        for (const [x, y] of [...data.outline, ...tops, ...data.frames.map((frame) => frame.origin)]) {
          expect(x).toBeGreaterThanOrEqual(BIND_POSE_WINDOW.minX);
          expect(x).toBeLessThanOrEqual(BIND_POSE_WINDOW.maxX);
          expect(y).toBeGreaterThanOrEqual(BIND_POSE_WINDOW.minY);
          expect(y).toBeLessThanOrEqual(BIND_POSE_WINDOW.maxY);
        }
        expect(panel.x + panel.width).toBeLessThanOrEqual(layout.width);
        expect(panel.y + panel.height).toBeLessThanOrEqual(layout.height);
      });
      const [first, second] = layout.panels;
      const [tail, tip] = [layout.arrow.points[0], arrowTip(layout.arrow)];
      if (direction === 'across') {
        expect(tail[0]).toBeGreaterThan(first.x + first.width);
        expect(tip[0]).toBeLessThan(second.x);
        expect(tip[0] - tail[0]).toBeGreaterThan(60);
      } else {
        expect(tail[1]).toBeGreaterThan(first.y + first.height);
        expect(tip[1]).toBeLessThan(second.y);
      }
      expect(isOnEdge(tip, second)).toBe(false);
    });
  }

  it('keeps the narrow layout within a 360 px phone’s column at its natural size', () => {
    expect(layoutBindPoseDiagram('down').width).toBeLessThanOrEqual(320);
  });
});
