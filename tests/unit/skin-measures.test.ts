import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Playback } from '../../src/core/clip.ts';
import { skinVerticesDualQuaternion } from '../../src/core/dual-quaternion.ts';
import { createPlayer } from '../../src/core/frame.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { enclosedVolume, findSectionRing, sectionArea, surfaceVectorArea } from '../../src/core/skin-measures.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { expectClose, newSpaceGrowth, poseAt } from './helpers.ts';

const MODELS_DIRECTORY = fileURLToPath(new URL('../../public/models/', import.meta.url));

/** The unit cube [0, 1]³: 8 corners, 12 triangles wound counter-clockwise seen from outside. */
const CUBE_POSITIONS = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]);
const CUBE_INDICES = new Uint32Array([
  0, 3, 2, 0, 2, 1, // z = 0, facing −z
  4, 5, 6, 4, 6, 7, // z = 1, facing +z
  0, 1, 5, 0, 5, 4, // y = 0, facing −y
  3, 7, 6, 3, 6, 2, // y = 1, facing +y
  0, 4, 7, 0, 7, 3, // x = 0, facing −x
  1, 2, 6, 1, 6, 5, // x = 1, facing +x
]);

function translated(positions: Float32Array, dx: number, dy: number, dz: number): Float32Array {
  const out = Float32Array.from(positions);
  for (let i = 0; i < out.length; i += 3) {
    out[i] += dx;
    out[i + 1] += dy;
    out[i + 2] += dz;
  }
  return out;
}

// The bend tube (tools/models/catalogue/bend-tube.ts): radius 0.25, 32 vertices around each of 49
// rings, y = 0 … 3 every 1/16, capped. Its cross-section is the regular 32-gon of circumradius
// r = 0.25, of area (n/2)·r²·sin(2π/n) = 16 · 0.0625 · sin(π/16) = sin(π/16); the closed tube is
// that prism, 3 long.
const TUBE_SECTION_AREA = Math.sin(Math.PI / 16); // 0.195090…
const TUBE_VOLUME = 3 * TUBE_SECTION_AREA; // 0.585271…
const RINGS = 49;
const SEGMENTS = 32;

/** Weight of `end` at height y: smoothstep over 1.75 … 2.25, as the generator writes it. */
function endWeight(y: number): number {
  const t = Math.min(1, Math.max(0, (y - 1.75) / 0.5));
  return t * t * (3 - 2 * t);
}

describe('enclosedVolume and surfaceVectorArea', () => {
  it('a unit cube: volume 1 wherever it stands, −1 wound inside out, and a closed surface (S = 0)', () => {
    expect(enclosedVolume(CUBE_POSITIONS, CUBE_INDICES)).toBeCloseTo(1, 12);
    expect(enclosedVolume(translated(CUBE_POSITIONS, 5, -3, 2.5), CUBE_INDICES)).toBeCloseTo(1, 5);
    const insideOut = Uint32Array.from(CUBE_INDICES);
    for (let t = 0; t < insideOut.length; t += 3) [insideOut[t + 1], insideOut[t + 2]] = [insideOut[t + 2], insideOut[t + 1]];
    expect(enclosedVolume(CUBE_POSITIONS, insideOut)).toBeCloseTo(-1, 12);
    expectClose(surfaceVectorArea(new Float64Array(3), CUBE_POSITIONS, CUBE_INDICES), [0, 0, 0], 1e-12);
    // The same triangles as a non-indexed list, and with 16-bit indices.
    const unrolledPositions = new Float32Array(CUBE_INDICES.length * 3);
    CUBE_INDICES.forEach((vertex, i) => unrolledPositions.set(CUBE_POSITIONS.subarray(3 * vertex, 3 * vertex + 3), 3 * i));
    expect(enclosedVolume(unrolledPositions, null)).toBeCloseTo(1, 12);
    expect(enclosedVolume(CUBE_POSITIONS, Uint16Array.from(CUBE_INDICES))).toBeCloseTo(1, 12);
  });

  it('an open mesh: S is the missing faces’ area, pointing in, and the “volume” moves by d · S / 3 with the mesh', () => {
    const open = new Uint32Array([...CUBE_INDICES.slice(0, 6), ...CUBE_INDICES.slice(12)]); // the z = 1 face removed
    expectClose(surfaceVectorArea(new Float64Array(3), CUBE_POSITIONS, open), [0, 0, -1], 1e-12);
    const atOrigin = enclosedVolume(CUBE_POSITIONS, open);
    // The missing top, (origin, face at z = 1), was a pyramid of volume 1/3: what is left is 2/3.
    expect(atOrigin).toBeCloseTo(2 / 3, 12);
    // Moved by d = (1, 2, 3): changes by d · S / 3 = −1.
    expect(enclosedVolume(translated(CUBE_POSITIONS, 1, 2, 3), open)).toBeCloseTo(2 / 3 - 1, 5);
  });

  it('names a triangle whose index has no vertex; a trailing partial triangle is ignored', () => {
    expect(() => enclosedVolume(CUBE_POSITIONS, new Uint32Array([0, 1, 8]))).toThrow(/triangle 0 names vertex 8, but there are only 8 vertices/);
    expect(() => surfaceVectorArea(new Float32Array(3), CUBE_POSITIONS, new Uint32Array([0, 1, 2, 0, 9, 1]))).toThrow(/triangle 1 names vertex 9/);
    expect(enclosedVolume(CUBE_POSITIONS, new Uint32Array([...CUBE_INDICES, 0, 1]))).toBeCloseTo(1, 12);
    expect(enclosedVolume(new Float32Array(0), null)).toBe(0);
  });

  it('the bend tube at rest encloses its 32-gon prism, 3·sin(π/16), and is closed', () => {
    const primitive = loadModelFile(`${MODELS_DIRECTORY}bend-tube.glb`).meshes[0].primitives[0];
    expect(primitive.vertexCount).toBe(RINGS * SEGMENTS + 2 * (SEGMENTS + 1));
    expectClose(enclosedVolume(primitive.positions, primitive.indices), TUBE_VOLUME, 1e-6);
    expectClose(surfaceVectorArea(new Float64Array(3), primitive.positions, primitive.indices), [0, 0, 0], 1e-9);
  });
});

describe('findSectionRing and sectionArea', () => {
  const primitive = loadModelFile(`${MODELS_DIRECTORY}bend-tube.glb`).meshes[0].primitives[0];

  it('finds the bend tube’s rings at its joints, in order around +Y, and their 32-gon area', () => {
    const ring = new Uint32Array(64);
    for (const [y, ringIndex] of [[1, 16], [2, 32], [1.5, 24]]) {
      const count = findSectionRing(ring, primitive.positions, [0, y, 0], [0, 1, 0], 1e-4);
      expect(count, `y = ${y}`).toBe(SEGMENTS);
      // The generator writes ring k as vertices 32k … 32k + 31, counter-clockwise seen from +Y:
      // the ring found is the same loop, from some start.
      const found = Array.from(ring.subarray(0, count));
      expect([...found].sort((a, b) => a - b)).toEqual(Array.from({ length: SEGMENTS }, (_, k) => SEGMENTS * ringIndex + k));
      for (let k = 0; k < count; k++) expect((found[(k + 1) % count] - found[k] + SEGMENTS) % SEGMENTS, `y = ${y}, step ${k}`).toBe(1);
      expectClose(sectionArea(primitive.positions, ring, count), TUBE_SECTION_AREA, 1e-6, `y = ${y}`);
    }
    // A normal of any length and sign finds the same vertices (the order reverses with the sign).
    const reversed = new Uint32Array(64);
    expect(findSectionRing(reversed, primitive.positions, [0, 2, 0], [0, -3, 0], 1e-4)).toBe(SEGMENTS);
    expect(sectionArea(primitive.positions, reversed, SEGMENTS)).toBeCloseTo(TUBE_SECTION_AREA, 6);
    // At a cap, the cap's rim (its own vertices, same positions) joins the first ring; its centre, on the axis, does not.
    expect(findSectionRing(ring, primitive.positions, [0, 3, 0], [0, 1, 0], 1e-4)).toBe(2 * SEGMENTS);
    expect(findSectionRing(ring, primitive.positions, [0, 2.01, 0], [0, 1, 0], 1e-4)).toBe(0);
  });

  it('says what is wrong with its arguments', () => {
    expect(() => findSectionRing(new Uint32Array(8), primitive.positions, [0, 2, 0], [0, 1, 0], 1e-4)).toThrow(/32 vertices lie in the section, but outRing holds only 8/);
    expect(() => findSectionRing(new Uint32Array(64), primitive.positions, [0, 2, 0], [0, 0, 0], 1e-4)).toThrow(/planeNormal \(0, 0, 0\) has no direction/);
    expect(() => findSectionRing(new Uint32Array(64), primitive.positions, [0, 2, 0], [0, 1, 0], NaN)).toThrow(/tolerance must be ≥ 0, got NaN/);
    expect(() => sectionArea(primitive.positions, new Uint32Array([0, 1, 5000]), 3)).toThrow(/ring\[2\] = 5000 names no vertex \(1634 vertices\)/);
    expect(() => sectionArea(primitive.positions, new Uint32Array(3), 4)).toThrow(/count 4 is not between 0 and the ring's length, 3/);
    expect(sectionArea(primitive.positions, new Uint32Array([0, 1]), 2)).toBe(0);
  });

  it('a square loop, moved and turned, keeps its area; flattened onto a line it has none', () => {
    // The square (±1, 0, ±1) turned 30° about X and moved: area 4.
    const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
    const square = new Float32Array([1, 0, 1, 1, 0, -1, -1, 0, -1, -1, 0, 1]);
    for (let v = 0; v < 4; v++) {
      const y = square[3 * v + 1], z = square[3 * v + 2];
      square[3 * v + 1] = c * y - s * z + 7;
      square[3 * v + 2] = s * y + c * z - 2;
    }
    expectClose(sectionArea(square, new Uint32Array([0, 1, 2, 3]), 4), 4, 1e-6);
    expect(sectionArea(new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]), new Uint32Array([0, 1, 2, 3]), 4)).toBe(0);
  });
});

describe('linear blend skinning loses volume where the bend tube twists; dual quaternions keep it', () => {
  const model = loadModelFile(`${MODELS_DIRECTORY}bend-tube.glb`);
  const primitive = model.meshes[0].primitives[0];
  const twist = model.clips.findIndex((clip) => clip.name === 'twist');
  const player = createPlayer(model);
  const positions = new Float32Array(3 * primitive.vertexCount);
  const ring = new Uint32Array(SEGMENTS);
  const ringCount = findSectionRing(ring, primitive.positions, [0, 2, 0], [0, 1, 0], 1e-4);
  const above = new Uint32Array(SEGMENTS); // the ring at y = 2 + 2/16, weighted 0.84375 on `end`
  findSectionRing(above, primitive.positions, [0, 2.125, 0], [0, 1, 0], 1e-4);

  it('the ring at the joint: area A₀·cos²(θ/2) under linear blend, A₀ under dual quaternions', () => {
    // At the joint the weights are ½ / ½ and `end` has turned θ about the tube's axis: in the
    // ring's plane, linear blend applies ½(I + R(θ)), whose determinant is ½(1 + cos θ) = cos²(θ/2).
    // twist turns `end` by 90°·(1 − cos(2πt / 4)): 90° at t = 1 s, 180° at t = 2 s.
    for (const [time, degrees] of [[1, 90], [2, 180]]) {
      poseAt(player, twist, time, Playback.LOOP);
      const expectedLinear = TUBE_SECTION_AREA * Math.cos((degrees * Math.PI) / 360) ** 2;
      skinVertices(positions, null, primitive, player.palettes[0]);
      expectClose(sectionArea(positions, ring, ringCount), expectedLinear, 1e-6, `linear blend, ${degrees}°`);
      skinVerticesDualQuaternion(positions, null, primitive, player.palettes[0]);
      expectClose(sectionArea(positions, ring, ringCount), TUBE_SECTION_AREA, 1e-6, `dual quaternions, ${degrees}°`);
    }
    // Two rings up, w = smoothstep(0.75) = 0.84375: at 180°, linear blend scales the ring by
    // (1 − w) − w = −0.6875 in its plane, so the area is A₀ · 0.6875² = A₀ · 0.47265625.
    poseAt(player, twist, 2, Playback.LOOP);
    skinVertices(positions, null, primitive, player.palettes[0]);
    expectClose(sectionArea(positions, above, SEGMENTS), TUBE_SECTION_AREA * 0.47265625, 1e-6);
  });

  it('the volume at 180°: linear blend loses about 9 %, exactly as its scaled rings predict; dual quaternions within 0.5 %', () => {
    poseAt(player, twist, 2, Playback.LOOP);
    skinVertices(positions, null, primitive, player.palettes[0]);
    const linearVolume = enclosedVolume(positions, primitive.indices);
    skinVerticesDualQuaternion(positions, null, primitive, player.palettes[0]);
    const dualVolume = enclosedVolume(positions, primitive.indices);

    // Linear blend at 180°: `end` maps (x, y, z) to (−x, y, −z), so ring k (height y_k, weight w_k
    // on `end`) is the bind ring scaled by s_k = 1 − 2·w_k in its plane. Between two parallel
    // rings scaled by a and b, h apart, the solid is a prismatoid (its side faces are planar
    // trapezoids): h/6 · (A(a) + 4·A((a + b)/2) + A(b)) with A(s) = A₀·s², which is
    // h · A₀ · (a² + ab + b²) / 3. The caps close it.
    let expectedLinear = 0;
    for (let k = 0; k + 1 < RINGS; k++) {
      const a = 1 - 2 * endWeight(k / 16), b = 1 - 2 * endWeight((k + 1) / 16);
      expectedLinear += ((1 / 16) * TUBE_SECTION_AREA * (a * a + a * b + b * b)) / 3;
    }
    expectClose(linearVolume, expectedLinear, 1e-6, 'linear blend volume');
    const linearLoss = 1 - linearVolume / TUBE_VOLUME;
    expect(linearLoss).toBeGreaterThan(0.08);
    expect(linearLoss).toBeLessThan(0.1);

    // Dual quaternions turn every ring rigidly (by 2·atan2(w, 1 − w) about the axis), so each
    // ring keeps A₀; only the side faces between two rings turned by different angles cut their
    // corners, as a twisted strip of triangles does: 0.36 % for this tube.
    const dualLoss = 1 - dualVolume / TUBE_VOLUME;
    expect(Math.abs(dualLoss)).toBeLessThan(0.005);
    expect(Math.abs(dualLoss)).toBeGreaterThan(0.001);
    console.log(
      `bend tube at a 180° twist: volume ${TUBE_VOLUME.toFixed(6)} at rest, linear blend ${linearVolume.toFixed(6)} (−${(100 * linearLoss).toFixed(2)} %), ` +
        `dual quaternions ${dualVolume.toFixed(6)} (−${(100 * dualLoss).toFixed(2)} %)`,
    );
  });

  it('the measures allocate nothing but their boxed results', () => {
    // A number returned from a call V8 does not inline is boxed (16 bytes); a scratch array would be 80 or more.
    const out = new Float64Array(3);
    const measures: [string, () => unknown][] = [
      // The cube keeps the 30 000 warm-up calls short; the code path is the tube's.
      ['enclosedVolume', () => enclosedVolume(CUBE_POSITIONS, CUBE_INDICES)],
      ['surfaceVectorArea', () => surfaceVectorArea(out, CUBE_POSITIONS, CUBE_INDICES)],
      ['sectionArea', () => sectionArea(primitive.positions, ring, ringCount)],
    ];
    for (const [name, measure] of measures) {
      const perCall = newSpaceGrowth(measure, 1000) / 1000;
      expect(perCall, `${name}: ${perCall.toFixed(2)} bytes per call`).toBeLessThan(40);
    }
  });
});
