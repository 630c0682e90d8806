// One vertex's skinning taken apart (src/core/vertex-influence.ts): its influences, each joint's
// candidate Mᵢ × v against gl-matrix, and the final position against skinVertices over the whole
// mannequin as it walks — the numbers the vertex inspector shows.
import { mat4, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Playback } from '../../src/core/clip.ts';
import { animateFrame, createPlayer } from '../../src/core/frame.ts';
import { limitInfluencesWithoutRenormalising } from '../../src/core/pitfalls.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { createVertexSkinning, explainVertex } from '../../src/core/vertex-influence.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { boxedNumbers, expectClose, newSpaceGrowth, paletteOf, primitiveOf } from './helpers.ts';

describe('explainVertex', () => {
  it('gives each influence’s candidate and their weighted sum, on numbers worked out by hand', () => {
    // Joint 0 stays (identity); joint 1 is moved up by 2 and turned 90° about z. Vertex (1, 0, 0)
    // with weights 0.75 and 0.25: candidates (1, 0, 0) and R_z(90°)·(1, 0, 0) + (0, 2, 0) = (0, 3, 0);
    // the sum 0.75·(1, 0, 0) + 0.25·(0, 3, 0) = (0.75, 0.75, 0).
    const moved = mat4.fromTranslation(mat4.create(), [0, 2, 0]);
    mat4.rotateZ(moved, moved, Math.PI / 2);
    const palette = paletteOf([mat4.create(), moved]);
    const primitive = primitiveOf([5, 5, 5, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0, 0], [1, 0, 0, 0, 0.75, 0.25, 0, 0]);
    const out = explainVertex(createVertexSkinning(), primitive, palette, 1);
    expect(out.vertex).toBe(1);
    expect(out.count).toBe(2);
    expect(Array.from(out.joints.subarray(0, 2))).toEqual([0, 1]);
    expect(Array.from(out.weights.subarray(0, 2))).toEqual([0.75, 0.25]);
    expect(Array.from(out.inPalette.subarray(0, 2))).toEqual([1, 1]);
    expectClose(out.candidates.subarray(0, 6), [1, 0, 0, 0, 3, 0], 1e-6);
    expect(Array.from(out.bindPosition)).toEqual([1, 0, 0]);
    expectClose(out.position, [0.75, 0.75, 0], 1e-6);
  });

  it('lists the influences with a positive weight, in slot order, and skips the rest as skinVertices does', () => {
    const up = paletteOf([mat4.create(), mat4.fromTranslation(mat4.create(), [0, 1, 0]), mat4.fromTranslation(mat4.create(), [0, 0, 4])]);
    const primitive = primitiveOf([0, 0, 0], [1, 2, 0, 2], [0, 0.5, -0.25, 0.5]);
    const out = explainVertex(createVertexSkinning(), primitive, up, 0);
    expect(out.count).toBe(2);
    expect(Array.from(out.joints.subarray(0, 2))).toEqual([2, 2]);
    expectClose(out.candidates.subarray(0, 6), [0, 0, 4, 0, 0, 4], 0);
    // The negative weight is skipped by both: the sum of the two halves.
    expectClose(out.position, [0, 0, 4], 1e-6);
  });

  it('counts a joint past the palette as the identity, as skinVertices does', () => {
    const palette = paletteOf([mat4.fromTranslation(mat4.create(), [2, 0, 0])]);
    const primitive = primitiveOf([1, 1, 1], [0, 9, 0, 0], [0.5, 0.5, 0, 0]);
    const out = explainVertex(createVertexSkinning(), primitive, palette, 0);
    expect(Array.from(out.inPalette.subarray(0, 2))).toEqual([1, 0]);
    expectClose(out.candidates.subarray(0, 6), [3, 1, 1, 1, 1, 1], 0);
    const skinned = new Float32Array(3);
    skinVertices(skinned, null, primitive, palette);
    expect(Array.from(out.position)).toEqual(Array.from(skinned));
    expectClose(out.position, [2, 1, 1], 1e-6);
  });

  it('keeps the bind-pose position for a vertex with no positive weight', () => {
    const out = explainVertex(createVertexSkinning(), primitiveOf([1, 2, 3], [0, 0, 0, 0], [0, 0, 0, 0]), paletteOf([mat4.fromScaling(mat4.create(), [0, 0, 0])]), 0);
    expect(out.count).toBe(0);
    expect(Array.from(out.position)).toEqual([1, 2, 3]);
  });

  it('explains no vertex for an index that names none, leaving the positions as they were', () => {
    const primitive = primitiveOf([1, 2, 3, 4, 5, 6], [0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0]);
    const palette = paletteOf([mat4.create()]);
    const out = explainVertex(createVertexSkinning(), primitive, palette, 1);
    expect(Array.from(out.position)).toEqual([4, 5, 6]);
    for (const vertex of [-1, 2, 0.5, NaN, Infinity]) {
      explainVertex(out, primitive, palette, vertex);
      expect(out.vertex, String(vertex)).toBe(-1);
      expect(out.count, String(vertex)).toBe(0);
      expect(Array.from(out.position)).toEqual([4, 5, 6]);
    }
  });

  describe('on the mannequin as it walks', () => {
    const model = loadModelFile('public/models/mannequin.glb');
    const primitive = model.meshes[0].primitives[0];
    const walk = model.clips.find((clip) => clip.name === 'walk')!;
    const player = createPlayer(model);
    const skinned = new Float32Array(3 * primitive.vertexCount);

    it('ends every vertex exactly where skinVertices puts it, with candidates Mᵢ × v that sum to it', () => {
      const out = createVertexSkinning();
      let blended = 0;
      for (const time of [0, 0.13, 0.45, 0.8, 1.1]) {
        animateFrame(player, walk, time, Playback.LOOP);
        const palette = player.palettes[model.meshes[0].skin];
        skinVertices(skinned, null, primitive, palette);
        for (let v = 0; v < primitive.vertexCount; v++) {
          explainVertex(out, primitive, palette, v);
          const expected = skinned.subarray(3 * v, 3 * v + 3);
          if (out.position[0] !== expected[0] || out.position[1] !== expected[1] || out.position[2] !== expected[2]) {
            expect.fail(`t = ${time} s, vertex ${v}: ${Array.from(out.position)} ≠ skinVertices' ${Array.from(expected)}`);
          }
          const sum = vec3.create();
          let weightSum = 0;
          for (let i = 0; i < out.count; i++) {
            const j = out.joints[i];
            // The candidate, by gl-matrix: palette[j] applied to the bind-pose vertex.
            const reference = vec3.transformMat4(vec3.create(), primitive.positions.subarray(3 * v, 3 * v + 3), palette.subarray(16 * j, 16 * j + 16));
            expectClose(out.candidates.subarray(3 * i, 3 * i + 3), reference, 1e-5, `t = ${time} s, vertex ${v}, influence ${i}`);
            vec3.scaleAndAdd(sum, sum, reference, out.weights[i]);
            weightSum += out.weights[i];
          }
          expectClose(out.position, sum, 1e-5, `t = ${time} s, vertex ${v}: Σ wᵢ·(Mᵢ × v)`);
          expectClose(weightSum, 1, 1e-6);
          if (out.count > 1) blended++;
        }
      }
      expect(blended, 'vertices with more than one influence').toBeGreaterThan(1000);
    });

    it('shows weights that do not sum to one pulling the vertex toward the origin (the unrenormalised break-it)', () => {
      const { joints, weights } = limitInfluencesWithoutRenormalising(primitive, 1);
      const broken = { ...primitive, joints, weights };
      animateFrame(player, walk, 0.3, Playback.LOOP);
      const palette = player.palettes[0];
      skinVertices(skinned, null, broken, palette);
      const out = createVertexSkinning();
      // The elbow vertex the inspector figure opens on: 0.5 upper_arm.L, 0.5 lower_arm.L in the file.
      explainVertex(out, broken, palette, 1187);
      expect(out.count).toBe(1);
      expect(out.weights[0]).toBe(0.5);
      expect(Array.from(out.position)).toEqual(Array.from(skinned.subarray(3 * 1187, 3 * 1187 + 3)));
      expectClose(out.position, [0.5 * out.candidates[0], 0.5 * out.candidates[1], 0.5 * out.candidates[2]], 1e-6);
    });

    it('allocates nothing', () => {
      const out = createVertexSkinning();
      animateFrame(player, walk, 0.5, Playback.LOOP);
      const palette = player.palettes[0];
      const vertices = boxedNumbers([1187, 0, 42]);
      const growth = newSpaceGrowth((i) => explainVertex(out, primitive, palette, vertices[i % 3]), 5_000);
      expect(growth, `${(growth / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
    });
  });
});
