// CPU picking (src/core/picking.ts) on hand-built triangles whose hits are worked out by hand, the
// ray through a point of the view (src/gl/camera.ts) against gl-matrix's projection, and both
// together on the bend tube as its figure bends it.
import { mat4, vec3, vec4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { animateFrame, createPlayer } from '../../src/core/frame.ts';
import { multiplyQuatAt } from '../../src/core/math.ts';
import { copyPose, type Model } from '../../src/core/model.ts';
import { createVertexPick, pickVertex } from '../../src/core/picking.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { createOrbitCamera, frameBox, rayThroughViewPoint, updateOrbitCamera, type OrbitCamera } from '../../src/gl/camera.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { boxedNumbers, expectClose, newSpaceGrowth } from './helpers.ts';

const f32 = (...values: number[]) => Float32Array.from(values);

/** Picks along origin + t·direction in `positions` (flat xyz list) with `indices` (null: consecutive triples). */
function pick(origin: number[], direction: number[], positions: number[], indices: number[] | null = null) {
  return pickVertex(createVertexPick(), f32(...origin), f32(...direction), f32(...positions), indices === null ? null : Uint32Array.from(indices));
}

// The right triangle a = (0, 0, 0), b = (2, 0, 0), c = (0, 2, 0) in the plane z = 0.
const TRIANGLE = [0, 0, 0, 2, 0, 0, 0, 2, 0];
const DOWN = [0, 0, -1];

describe('pickVertex on hand-built triangles', () => {
  it('hits inside a triangle at the distance along the ray, and picks the corner nearest the hit', () => {
    // From (0.3, 1.2, 5) straight down: hit (0.3, 1.2, 0) at t = 5; corners at distances
    // |(0.3, 1.2)| = 1.24, |(−1.7, 1.2)| = 2.08, |(0.3, −0.8)| = 0.85: c is nearest.
    const hit = pick([0.3, 1.2, 5], DOWN, TRIANGLE);
    expect(hit.vertex).toBe(2);
    expect(hit.triangle).toBe(0);
    expectClose(hit.distance, 5, 1e-6);
    expectClose(hit.point, [0.3, 1.2, 0], 1e-6);
    expect(pick([1.5, 0.2, 5], DOWN, TRIANGLE).vertex, 'near b').toBe(1);
    expect(pick([0.2, 0.2, 5], DOWN, TRIANGLE).vertex, 'near a').toBe(0);
  });

  it('measures the distance in units of the direction given (not normalised)', () => {
    const hit = pick([0.3, 0.3, 5], [0, 0, -2], TRIANGLE);
    expectClose(hit.distance, 2.5, 1e-6);
    expectClose(hit.point, [0.3, 0.3, 0], 1e-6);
  });

  it('counts hits on the edges and corners, and misses just outside them', () => {
    // On edge ab (v = 0), on edge ac (u = 0), on the hypotenuse bc (u + v = 1), at corner b.
    expect(pick([1, 0, 1], DOWN, TRIANGLE).vertex, 'edge ab, halfway: a and b tie, the first wins').toBe(0);
    expect(pick([0, 1.5, 1], DOWN, TRIANGLE).vertex, 'edge ac').toBe(2);
    expect(pick([0.5, 1.5, 1], DOWN, TRIANGLE).vertex, 'hypotenuse').toBe(2);
    expect(pick([1.5, 0.5, 1], DOWN, TRIANGLE).vertex, 'hypotenuse, near b').toBe(1);
    const corner = pick([2, 0, 1], DOWN, TRIANGLE);
    expect(corner.vertex, 'corner b').toBe(1);
    expectClose(corner.distance, 1, 1e-6);
    for (const [x, y] of [
      [1, -0.001],
      [-0.001, 1],
      [1.001, 1.001],
      [2.001, 0],
    ]) {
      const miss = pick([x, y, 1], DOWN, TRIANGLE);
      expect(miss.vertex, `(${x}, ${y})`).toBe(-1);
      expect(miss.triangle).toBe(-1);
      expect(miss.distance).toBe(Infinity);
    }
  });

  it('hits a triangle from behind too (the figures draw both sides), at the same point', () => {
    const front = pick([0.3, 1.2, 5], DOWN, TRIANGLE);
    const back = pick([0.3, 1.2, -5], [0, 0, 1], TRIANGLE);
    expect(back.vertex).toBe(front.vertex);
    expectClose(back.distance, 5, 1e-6);
    // The same triangle wound the other way round.
    expect(pick([0.3, 1.2, 5], DOWN, TRIANGLE, [0, 2, 1]).vertex).toBe(2);
  });

  it('misses a triangle the ray runs parallel to, in its plane or beside it', () => {
    expect(pick([-1, 0.5, 0], [1, 0, 0], TRIANGLE).vertex, 'in the plane, through the triangle').toBe(-1);
    expect(pick([-1, 0.5, 0.5], [1, 0, 0], TRIANGLE).vertex, 'above the plane').toBe(-1);
    // Tilted by 1e-3 rad it hits again: from (−1, 0.5, 0.002) down the slope to z = 0 at x = 1.
    const tilted = pick([-1, 0.5, 0.002], [1, 0, -0.001], TRIANGLE);
    expect(tilted.vertex).toBe(0);
    expectClose(tilted.point, [1, 0.5, 0], 1e-4);
  });

  it('ignores triangles behind the ray’s origin, and one that starts on it', () => {
    expect(pick([0.3, 0.3, -1], DOWN, TRIANGLE).vertex).toBe(-1);
    expect(pick([0.3, 0.3, 0], DOWN, TRIANGLE).vertex).toBe(-1);
  });

  it('returns the nearer of two triangles, whatever their order in the index list', () => {
    // The triangle at z = 0 (vertices 0–2) and a copy shifted by (0.5, 0.5, −1) (vertices 3–5);
    // above (0.7, 0.6) both are hit: corner a is the nearest of the upper one, a + (0.5, 0.5) of the lower.
    const positions = [...TRIANGLE, 0.5, 0.5, -1, 2.5, 0.5, -1, 0.5, 2.5, -1];
    for (const indices of [
      [0, 1, 2, 3, 4, 5],
      [3, 4, 5, 0, 1, 2],
    ]) {
      const near = pick([0.7, 0.6, 4], DOWN, positions, indices);
      expect(near.vertex, `indices ${indices}`).toBe(0);
      expectClose(near.distance, 4, 1e-6);
    }
    // From below, the lower one is the nearer; from between the two, only the one ahead counts.
    expect(pick([0.7, 0.6, -4], [0, 0, 1], positions, [0, 1, 2, 3, 4, 5]).vertex).toBe(3);
    expect(pick([0.7, 0.6, -0.5], DOWN, positions, [0, 1, 2, 3, 4, 5]).vertex).toBe(3);
    expect(pick([0.7, 0.6, -0.5], [0, 0, 1], positions, [0, 1, 2, 3, 4, 5]).vertex).toBe(0);
    // Without indices, the vertices are taken three by three.
    expect(pick([0.7, 0.6, 4], DOWN, positions).vertex).toBe(0);
  });

  it('skips triangles with an index past the positions, and degenerate ones', () => {
    expect(pick([0.3, 0.3, 1], DOWN, TRIANGLE, [0, 1, 7, 0, 1, 2]).triangle, 'the first names vertex 7 of 3').toBe(1);
    expect(pick([0.5, 0, 1], DOWN, [0, 0, 0, 1, 0, 0, 2, 0, 0]).vertex, 'three points on a line').toBe(-1);
    expect(pick([0, 0, 1], DOWN, [0, 0, 0, 0, 0, 0, 0, 0, 0]).vertex, 'one point three times').toBe(-1);
    expect(pick([0.3, 0.3, 1], DOWN, TRIANGLE, [0, 1]).vertex, 'an incomplete triangle').toBe(-1);
    expect(pick([0.3, 0.3, 1], DOWN, []).vertex, 'no positions').toBe(-1);
  });

  it('hits nothing with a ray that is not finite, and never throws', () => {
    for (const [origin, direction] of [
      [[NaN, 0, 1], DOWN],
      [[0.3, 0.3, 1], [NaN, 0, -1]],
      [[0.3, 0.3, 1], [0, 0, 0]],
      [[0.3, 0.3, Infinity], DOWN],
    ]) {
      expect(pick(origin, direction, TRIANGLE).vertex, `${origin} → ${direction}`).toBe(-1);
    }
  });

  it('allocates nothing', () => {
    const out = createVertexPick();
    const positions = new Float32Array(300).map((_, i) => Math.sin(i));
    const indices = Uint32Array.from({ length: 300 }, (_, i) => (i * 7) % 100);
    const coordinates = boxedNumbers([0.1, 0.2, 3, 0, 0, -1]);
    const origin = f32(0, 0, 3), direction = f32(0, 0, -1);
    const growth = newSpaceGrowth((i) => {
      origin[0] = coordinates[i % 2];
      pickVertex(out, origin, direction, positions, indices);
    }, 5_000);
    expect(growth, `${(growth / 5_000).toFixed(2)} bytes per call`).toBeLessThan(4_000);
  });
});

/** The pixel (CSS pixels from the top-left) where `point` appears, by gl-matrix's transform and the perspective divide. */
function projectToView(camera: OrbitCamera, point: ArrayLike<number>, width: number, height: number): [number, number] {
  const clip = vec4.transformMat4(vec4.create(), [point[0], point[1], point[2], 1], camera.viewProjection as unknown as mat4);
  return [((clip[0] / clip[3] + 1) / 2) * width, ((1 - clip[1] / clip[3]) / 2) * height];
}

/** Distance from `point` to the line origin + t·direction (unit direction). */
function distanceToRay(origin: Float32Array, direction: Float32Array, point: ArrayLike<number>): number {
  const offset = vec3.sub(vec3.create(), [point[0], point[1], point[2]], origin);
  const along = vec3.dot(offset, direction);
  return vec3.length(vec3.scaleAndAdd(vec3.create(), offset, direction, -along));
}

describe('rayThroughViewPoint', () => {
  it('unprojects each point of the view into the ray that the projection maps back onto it', () => {
    const camera = createOrbitCamera();
    camera.yaw = 0.7;
    camera.pitch = -0.3;
    camera.distance = 4;
    camera.target.set([0.5, 1, -0.25]);
    const [width, height] = [640, 400];
    updateOrbitCamera(camera, width, height);
    const origin = new Float32Array(3), direction = new Float32Array(3);
    for (const point of [
      [0.5, 1, -0.25],
      [1.2, 0.4, 0.3],
      [-0.8, 2.1, 1],
      [0.1, -0.6, -1.5],
    ]) {
      const [x, y] = projectToView(camera, point, width, height);
      rayThroughViewPoint(origin, direction, camera, x, y, width, height);
      expectClose(origin, camera.position, 0, 'origin');
      expectClose(vec3.length(direction), 1, 1e-6, 'unit direction');
      expect(distanceToRay(origin, direction, point), `${point} on the ray`).toBeLessThan(1e-5);
      expect(vec3.dot(direction, vec3.sub(vec3.create(), point as vec3, origin)), 'in front').toBeGreaterThan(0);
    }
    // The centre of the view looks straight at the target: along −back.
    rayThroughViewPoint(origin, direction, camera, width / 2, height / 2, width, height);
    expectClose(direction, [-camera.back[0], -camera.back[1], -camera.back[2]], 1e-6);
    // The top-left corner: half the vertical field of view (35°) up, and aspect × as far left.
    rayThroughViewPoint(origin, direction, camera, 0, 0, width, height);
    const tanHalf = Math.tan((35 * Math.PI) / 360);
    expectClose(vec3.dot(direction, camera.up) / -vec3.dot(direction, camera.back), tanHalf, 1e-6, 'up');
    expectClose(vec3.dot(direction, camera.right) / -vec3.dot(direction, camera.back), -tanHalf * (width / height), 1e-6, 'left');
  });
});

describe('picking on the bend tube, bent as its figure bends it', () => {
  const model: Model = loadModelFile('public/models/bend-tube.glb');
  const primitive = model.meshes[0].primitives[0];
  const player = createPlayer(model);
  // The weights figure's pose: "middle" and "end" each turned 60° about their own z axis.
  copyPose(player.pose, model.hierarchy.rest);
  const turn = f32(0, 0, Math.sin(Math.PI / 6), Math.cos(Math.PI / 6));
  for (const name of ['middle', 'end']) {
    const node = model.hierarchy.names.indexOf(name);
    multiplyQuatAt(player.pose.rotations, 4 * node, player.pose.rotations, 4 * node, turn, 0);
  }
  animateFrame(player, null);
  const skinned = new Float32Array(3 * primitive.vertexCount);
  const normals = new Float32Array(3 * primitive.vertexCount);
  skinVertices(skinned, normals, primitive, player.palettes[0]);
  const indices = primitive.indices!;
  const at = (positions: Float32Array, v: number) => positions.subarray(3 * v, 3 * v + 3);

  /** A triangle that has vertex `v` as its first corner (an index triple rotated to start at v), and that triangle's index. */
  function triangleAround(v: number): [number, number, number] {
    for (let i = 0; i < indices.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        if (indices[i + k] === v) return [v, indices[i + ((k + 1) % 3)], indices[i + ((k + 2) % 3)]];
      }
    }
    throw new Error(`no triangle uses vertex ${v}`);
  }

  /** A point inside a triangle around v, 90 % of the way to v. */
  function nearVertex(positions: Float32Array, v: number): vec3 {
    const [a, b, c] = triangleAround(v);
    const point = vec3.scale(vec3.create(), at(positions, a) as vec3, 0.9);
    vec3.scaleAndAdd(point, point, at(positions, b) as vec3, 0.05);
    return vec3.scaleAndAdd(point, point, at(positions, c) as vec3, 0.05);
  }

  it('picks a vertex on the outside of the bend through a ray aimed at it along its skinned normal, where the bind-pose mesh is not', () => {
    // The vertex of the worked example, (0.25, 1, 0) in the bind pose: on the outside of the lower bend.
    let vertex = -1;
    for (let v = 0; v < primitive.vertexCount && vertex < 0; v++) {
      if (vec3.distance(at(primitive.positions, v) as vec3, [0.25, 1, 0]) < 1e-6) vertex = v;
    }
    expect(vertex).toBeGreaterThanOrEqual(0);
    const target = nearVertex(skinned, vertex);
    const normal = at(normals, vertex);
    const origin = f32(...vec3.scaleAndAdd(vec3.create(), target, normal as vec3, 3));
    const direction = f32(-normal[0], -normal[1], -normal[2]);
    const hit = pickVertex(createVertexPick(), origin, direction, skinned, indices);
    expect(hit.vertex).toBe(vertex);
    expectClose(hit.distance, 3, 1e-4);
    // The bind-pose positions put the vertex elsewhere: the same ray does not find it there.
    expect(vec3.distance(at(skinned, vertex) as vec3, at(primitive.positions, vertex) as vec3)).toBeGreaterThan(0.05);
    expect(pickVertex(createVertexPick(), origin, direction, primitive.positions, indices).vertex).not.toBe(vertex);
  });

  it('picks, through the pixel where the figure’s camera shows a vertex, that vertex — for every vertex facing the camera and not hidden', () => {
    const camera = createOrbitCamera();
    const [width, height] = [800, 500];
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < skinned.length; i++) {
      min[i % 3] = Math.min(min[i % 3], skinned[i]);
      max[i % 3] = Math.max(max[i % 3], skinned[i]);
    }
    frameBox(camera, min, max, width / height, 0.35, 0.1);
    updateOrbitCamera(camera, width, height);
    const origin = new Float32Array(3), direction = new Float32Array(3);
    const hit = createVertexPick();
    let checked = 0;
    for (let v = 0; v < primitive.vertexCount; v += 7) {
      const toCamera = vec3.sub(vec3.create(), camera.position, at(skinned, v) as vec3);
      if (vec3.dot(toCamera, at(normals, v) as vec3) < 0.3 * vec3.length(toCamera)) continue; // facing away, or edge-on
      const target = nearVertex(skinned, v);
      const [x, y] = projectToView(camera, target, width, height);
      rayThroughViewPoint(origin, direction, camera, x, y, width, height);
      pickVertex(hit, origin, direction, skinned, indices);
      // Hidden behind another part of the tube: the hit is nearer than the target.
      if (hit.distance < vec3.distance(origin, target) - 1e-3) continue;
      expect(hit.vertex, `vertex ${v} at (${x.toFixed(1)}, ${y.toFixed(1)})`).toBe(v);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});
