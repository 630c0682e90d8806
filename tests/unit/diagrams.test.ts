// The build-time diagrams of chapters 2, 4 and 5 (src/components/diagrams/): the numbers they print
// against the model files read independently, and their arrows against the boxes they join.
import { describe, expect, it } from 'vitest';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import { computeRegroupDiagram, layoutRegroupDiagram, REGROUP_MODEL, REGROUP_POINTS } from '../../src/components/diagrams/regroup-diagram.ts';
import { arrowAlong, arrowTip, isOnEdge, rightOf } from '../../src/components/diagrams/svg-geometry.ts';
import { BONE_SPACE_WINDOW, computeBoneSpaceDiagram, layoutBoneSpaceDiagram } from '../../src/components/diagrams/bone-space-diagram.ts';

describe('arrowAlong', () => {
  it('ends the shaft where the head begins, the head pointing along the last segment', () => {
    const arrow = arrowAlong([[0, 0], [10, 0], [10, 20]]);
    expect(arrowTip(arrow)).toEqual([10, 20]);
    expect(arrow.points).toEqual([[0, 0], [10, 0], [10, 13]]);
    expect(arrow.head[1][1]).toBeCloseTo(13);
    expect(Math.abs(arrow.head[1][0] - arrow.head[2][0])).toBeCloseTo(7);
  });

  it('refuses an arrow without a last segment', () => {
    expect(() => arrowAlong([[1, 1]])).toThrow('at least 2 points, got 1');
    expect(() => arrowAlong([[1, 1], [1, 1]])).toThrow('has no length');
  });
});

describe('chapter 2: per-bone lists against per-vertex slots', () => {
  const diagram = computeRegroupDiagram();
  const model = readProjectModel(REGROUP_MODEL);
  const primitive = model.meshes[0].primitives[0];

  it('shows the vertices nearest the chosen points, with the file’s own joints and weights in their slots', () => {
    expect(diagram.vertices).toHaveLength(REGROUP_POINTS.length);
    diagram.vertices.forEach((each, i) => {
      // On the tube's surface near the chosen height: the tube's rings are 1/16 apart.
      expect(Math.abs(each.position[1] - REGROUP_POINTS[i][1])).toBeLessThanOrEqual(1 / 32);
      for (let s = 0; s < 4; s++) {
        expect(each.weights[s], `vertex ${each.vertex} slot ${s}`).toBeCloseTo(primitive.weights[4 * each.vertex + s], 6);
        if (each.weights[s] > 0) expect(each.joints[s]).toBe(primitive.joints[4 * each.vertex + s]);
      }
      expect(each.weights.reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 6);
    });
  });

  it('lists, under each bone, exactly the shown vertices whose slots name that bone', () => {
    expect(diagram.bones.map((bone) => bone.name)).toEqual(['base', 'middle', 'end']);
    for (const [b, bone] of diagram.bones.entries()) {
      const expected = diagram.vertices.filter((each) => each.joints.some((joint, s) => joint === b && each.weights[s] > 0)).map((each) => each.vertex);
      expect(bone.entries.map((entry) => entry.vertex)).toEqual(expected);
      let count = 0;
      for (let slot = 0; slot < 4 * primitive.vertexCount; slot++) if (primitive.joints[slot] === b && primitive.weights[slot] > 0) count++;
      expect(bone.totalEntries).toBe(count);
    }
    // Deep in the base, one bone at weight 1; half-way between middle and end, two halves.
    expect(diagram.vertices[0].weights[0]).toBe(1);
    expect(diagram.vertices[3].weights.slice(0, 2).map((weight) => weight.toFixed(3))).toEqual(['0.500', '0.500']);
    // Every bone lists at least one of the shown vertices, so every list of the diagram has an arrow.
    expect(diagram.bones.every((bone) => bone.entries.length > 0)).toBe(true);
  });

  it('draws one arrow per entry, from its row in the bone’s list to the row of its vertex', () => {
    const layout = layoutRegroupDiagram(diagram);
    const entryCount = diagram.bones.reduce((sum, bone) => sum + bone.entries.length, 0);
    expect(layout.arrows).toHaveLength(entryCount);
    for (const arrow of layout.arrows) {
      const bone = diagram.bones[arrow.bone];
      const entryRow = layout.boneBoxes[arrow.bone].entryRows[bone.entries.findIndex((entry) => entry.vertex === arrow.vertex)];
      const vertexRow = layout.vertexRows.find((row) => row.vertex === arrow.vertex)!;
      expect(isOnEdge(arrow.points[0], entryRow)).toBe(true);
      expect(isOnEdge(arrowTip(arrow), vertexRow.label)).toBe(true);
      // The slot the arrow stands for holds this bone.
      expect(diagram.vertices.find((each) => each.vertex === arrow.vertex)!.joints[arrow.slot]).toBe(arrow.bone);
    }
    for (const row of layout.vertexRows) expect(rightOf(row)).toBeLessThanOrEqual(layout.width);
  });
});

describe('chapter 4: model space → bone space → posed', () => {
  const diagram = computeBoneSpaceDiagram();
  const [bind, bone, posed] = diagram.panels;
  const h = Math.SQRT1_2;

  it('places the vertex where hand-derived numbers put it: half a unit along the child at 45°, on its y axis, then straight left of the joint', () => {
    // Bind: the child's joint at (0, 1), its +y turned 45° to the left: (0, 1) + 0.5 (−√½, √½).
    expect(bind.vertex[0]).toBeCloseTo(-0.5 * h, 6);
    expect(bind.vertex[1]).toBeCloseTo(1 + 0.5 * h, 6);
    expect(bone.vertex[0]).toBeCloseTo(0, 6);
    expect(bone.vertex[1]).toBeCloseTo(0.5, 6);
    // Posed: the child at 90°, its +y pointing along −x from (0, 1).
    expect(posed.vertex[0]).toBeCloseTo(-0.5, 6);
    expect(posed.vertex[1]).toBeCloseTo(1, 6);
    for (const panel of diagram.panels) expect(panel.vertex[2]).toBeCloseTo(0, 6);
  });

  it('draws the child’s frame at its joint in each space: turned 45° at bind time, the identity in its own space, 90° posed', () => {
    expect(bind.childFrame.origin[1]).toBeCloseTo(1, 6);
    expect(bind.childFrame.yAxis[0]).toBeCloseTo(-h, 6);
    expect(bone.childFrame.origin).toEqual([0, 0]);
    expect(bone.childFrame.yAxis[1]).toBeCloseTo(1, 6);
    expect(posed.childFrame.yAxis[0]).toBeCloseTo(-1, 6);
    // In the child's space the root ends at the child's joint, the origin.
    const root = bone.bones.find((each) => each.name === 'root')!;
    expect(root.to[0]).toBeCloseTo(0, 6);
    expect(root.to[1]).toBeCloseTo(0, 6);
    // The vertex lies on the child bone in every panel: half-way along it.
    for (const panel of diagram.panels) {
      const child = panel.bones.find((each) => each.name === 'child')!;
      expect((child.from[0] + child.to[0]) / 2).toBeCloseTo(panel.vertex[0], 5);
      expect((child.from[1] + child.to[1]) / 2).toBeCloseTo(panel.vertex[1], 5);
    }
  });

  for (const direction of ['across', 'down'] as const) {
    it(`${direction}: every point drawn is inside its plot, the drawn vertex maps back to the core's numbers, and arrows join panel to panel`, () => {
      const layout = layoutBoneSpaceDiagram(direction);
      layout.panels.forEach((panel, p) => {
        const data = diagram.panels[p];
        const back = panel.fromDiagram(panel.toDiagram(data.vertex[0], data.vertex[1]));
        expect(back[0]).toBeCloseTo(data.vertex[0], 9);
        expect(back[1]).toBeCloseTo(data.vertex[1], 9);
        for (const point of [data.vertex, ...data.bones.flatMap((each) => [each.from, each.to])]) {
          expect(point[0]).toBeGreaterThanOrEqual(BONE_SPACE_WINDOW.minX);
          expect(point[0]).toBeLessThanOrEqual(BONE_SPACE_WINDOW.maxX);
          expect(point[1]).toBeGreaterThanOrEqual(BONE_SPACE_WINDOW.minY);
          expect(point[1]).toBeLessThanOrEqual(BONE_SPACE_WINDOW.maxY);
        }
        expect(rightOf(panel)).toBeLessThanOrEqual(layout.width);
      });
      for (const arrow of layout.arrows) {
        expect(isOnEdge(arrow.points[0], layout.panels[arrow.from])).toBe(true);
        expect(isOnEdge(arrowTip(arrow), layout.panels[arrow.to])).toBe(true);
      }
    });
  }
});
