// The weight read-out beside the weight paint: jointWeightAt (src/figures/shared/joint-weight.ts),
// against hand-made vertices and the bend tube's published weights; and the legend's colour ramp
// (ViewToggles.astro) against the shader's weightColor, as the posters compute it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import { weightColor } from '../../src/build-time/poster/render-scene.ts';
import type { SkinnedPrimitive } from '../../src/core/model.ts';
import { jointWeightAt, WEIGHT_LEGEND_TICKS } from '../../src/figures/shared/joint-weight.ts';

/** A primitive with only what jointWeightAt reads. */
function primitive(joints: number[], weights: number[]): SkinnedPrimitive {
  return {
    vertexCount: joints.length / 4,
    positions: new Float32Array(joints.length * 0.75),
    normals: null,
    joints: new Uint16Array(joints),
    weights: new Float32Array(weights),
    indices: null,
  };
}

describe('jointWeightAt', () => {
  const two = primitive([2, 0, 0, 0, 1, 2, 0, 0], [0.75, 0.25, 0, 0, 0.5, 0.5, 0, 0]);

  it('reads the weight of the slot that names the joint, 0 for a joint the vertex does not use', () => {
    expect(jointWeightAt(two, 0, 2)).toBe(0.75);
    expect(jointWeightAt(two, 0, 0)).toBe(0.25); // slot 1 names joint 0 with 0.25; slots 2 and 3 add 0
    expect(jointWeightAt(two, 1, 1)).toBe(0.5);
    expect(jointWeightAt(two, 1, 3)).toBe(0);
  });

  it('adds slots that name the same joint, as the shader does', () => {
    expect(jointWeightAt(primitive([4, 4, 1, 0], [0.25, 0.5, 0.25, 0]), 0, 4)).toBe(0.75);
  });

  it('is NaN for a vertex or joint out of range', () => {
    for (const [vertex, joint] of [[-1, 0], [2, 0], [0.5, 0], [0, -1], [0, 1.5], [NaN, 0]]) {
      expect(jointWeightAt(two, vertex, joint), `${vertex}, ${joint}`).toBeNaN();
    }
  });

  it('gives the bend tube’s smoothstep weights of the middle joint (public/models/README.md)', () => {
    // middle: smoothstep up over y = 0.75…1.25, 1 between, smoothstep down over 1.75…2.25; exactly 0.5 at y = 1 and 2.
    const model = readProjectModel('bend-tube.glb');
    const tube = model.meshes[0].primitives[0];
    const middle = model.skins[0].joints.findIndex((node) => model.hierarchy.names[node] === 'middle');
    expect(middle).toBeGreaterThanOrEqual(0);
    const smoothstep = (edge0: number, edge1: number, x: number) => {
      const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
      return t * t * (3 - 2 * t);
    };
    const expected = (y: number) => smoothstep(0.75, 1.25, y) - smoothstep(1.75, 2.25, y);
    let atJoints = 0;
    for (let v = 0; v < tube.vertexCount; v++) {
      const y = tube.positions[3 * v + 1];
      expect(jointWeightAt(tube, v, middle), `vertex ${v} at y = ${y}`).toBeCloseTo(expected(y), 5);
      if (Math.abs(y - 1) < 1e-6 || Math.abs(y - 2) < 1e-6) {
        expect(jointWeightAt(tube, v, middle)).toBeCloseTo(0.5, 6);
        atJoints++;
      }
    }
    expect(atJoints).toBeGreaterThan(0);
  });
});

describe('the legend of the weight paint', () => {
  const markup = readFileSync(new URL('../../src/figures/shared/ViewToggles.astro', import.meta.url), 'utf8');

  it('numbers the ramp at 0, 0.25, 0.5, 0.75 and 1', () => {
    expect(WEIGHT_LEGEND_TICKS).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('draws the ramp with the stops of shaders/shade.frag’s weightColor', () => {
    const gradient = /linear-gradient\(to right, ([^;]+)\);/.exec(markup);
    expect(gradient, 'the ramp is a left-to-right linear-gradient').not.toBeNull();
    const stops = [...gradient![1].matchAll(/rgb\((\d+) (\d+) (\d+)\)(?: (\d+)%)?/g)].map((match) => ({
      color: [Number(match[1]), Number(match[2]), Number(match[3])],
      at: match[4] === undefined ? null : Number(match[4]) / 100,
    }));
    expect(stops).toHaveLength(5);
    // First and last stops without a position sit at 0 and 1.
    const positions = stops.map((stop, index) => stop.at ?? (index === 0 ? 0 : 1));
    expect(positions).toEqual([...WEIGHT_LEGEND_TICKS]);
    const color = new Float32Array(3);
    stops.forEach((stop, index) => {
      weightColor(color, positions[index]);
      expect(stop.color, `stop at ${positions[index]}`).toEqual(Array.from(color, (c) => Math.round(255 * c)));
    });
    // Between stops weightColor is linear in sRGB, as a CSS gradient between two stops is.
    for (let w = 0; w <= 1; w += 0.05) {
      const below = Math.min(3, Math.floor(w * 4));
      const t = w * 4 - below;
      const from = stops[below].color;
      const to = stops[below + 1].color;
      weightColor(color, w);
      for (let c = 0; c < 3; c++) expect(255 * color[c]).toBeCloseTo(from[c] + t * (to[c] - from[c]), 3);
    }
  });
});
