// The posters' build-time pieces: the rasteriser (coverage and depth order on hand-made shapes),
// the PNG encoder (read back with node:zlib), the colour reduction, and that every figure with a
// live stage has a poster.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRaster, drawCapsule, drawTriangles, resolveRaster } from '../../src/build-time/poster/raster.ts';
import { crc32, decodePng, encodePng } from '../../src/build-time/poster/png.ts';
import { quantizeImage } from '../../src/build-time/poster/quantize.ts';
import { onStageBackdrop } from '../../src/build-time/poster/poster.ts';
import { FIGURE_POSTERS, firstFigurePoster } from '../../src/build-time/poster/social.ts';
import { createOrbitCamera, updateOrbitCamera } from '../../src/gl/camera.ts';

/** A fragment shader painting the first three varyings as the colour. */
const paintVaryings = (out: Float32Array, varyings: Float32Array) => out.set(varyings.subarray(0, 3));

describe('drawTriangles', () => {
  it('covers the pixels whose centres lie in the triangle, edges included', () => {
    // NDC (−1,−1), (1,−1), (−1,1) on 8 × 8 pixels: the lower-left half, pixel (x, y) when y ≥ x (y down).
    const raster = createRaster(8, 8);
    const clip = Float32Array.from([-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1]);
    drawTriangles(raster, clip, Float32Array.from([1, 0, 0, 1, 0, 0, 1, 0, 0]), 3, null, paintVaryings);
    let covered = 0;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        const alpha = raster.color[4 * (y * 8 + x) + 3];
        expect(alpha, `pixel ${x}, ${y}`).toBe(y >= x ? 1 : 0);
        covered += alpha;
      }
    }
    expect(covered).toBe(36);
    expect(raster.color[4 * (7 * 8) + 0]).toBe(1);
  });

  it('keeps the nearer of two overlapping triangles, in either drawing order', () => {
    const square = (z: number) => Float32Array.from([-1, -1, z, 1, 1, -1, z, 1, -1, 1, z, 1, 1, 1, z, 1]);
    const indices = [0, 1, 2, 2, 1, 3];
    const red = Float32Array.from([1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
    const blue = Float32Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    for (const nearFirst of [true, false]) {
      const raster = createRaster(4, 4);
      const draws: [Float32Array, Float32Array][] = [[square(-0.5), red], [square(0.5), blue]];
      if (!nearFirst) draws.reverse();
      for (const [clip, colour] of draws) drawTriangles(raster, clip, colour, 3, indices, paintVaryings);
      for (let p = 0; p < 16; p++) {
        expect(Array.from(raster.color.subarray(4 * p, 4 * p + 4))).toEqual([1, 0, 0, 1]);
        expect(raster.depth[p]).toBeCloseTo(-0.5, 6);
      }
    }
  });

  it('shows a cube’s face towards the camera, and says which faces are front-facing', () => {
    // A unit cube, each face coloured by its axis; the orbit camera at yaw 0, pitch 0 looks down −Z.
    const faces: [number, number, number][] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];
    const positions: number[] = [];
    const colours: number[] = [];
    const indices: number[] = [];
    for (const normal of faces) {
      const axis = normal.findIndex((c) => c !== 0);
      const [u, v] = [(axis + 1) % 3, (axis + 2) % 3];
      const base = positions.length / 3;
      for (const [a, b] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
        const corner = [0, 0, 0];
        corner[axis] = 0.5 * normal[axis];
        corner[u] = 0.5 * a;
        corner[v] = 0.5 * b;
        positions.push(...corner);
        colours.push(...normal.map((c) => (c + 1) / 2));
      }
      indices.push(base, base + 1, base + 2, base + 2, base + 1, base + 3);
    }
    const camera = createOrbitCamera();
    camera.yaw = 0;
    camera.pitch = 0;
    camera.distance = 3;
    updateOrbitCamera(camera, 1, 1);
    const vp = camera.viewProjection;
    const clip = new Float32Array((positions.length / 3) * 4);
    for (let i = 0; i < positions.length / 3; i++) {
      const [x, y, z] = positions.slice(3 * i, 3 * i + 3);
      for (let row = 0; row < 4; row++) clip[4 * i + row] = vp[row] * x + vp[4 + row] * y + vp[8 + row] * z + vp[12 + row];
    }
    const raster = createRaster(16, 16);
    // The +Z face (blue 1) is wound counter-clockwise as seen: front-facing; the −Z face behind it is not.
    const facing = new Map<number, Set<boolean>>();
    drawTriangles(raster, clip, Float32Array.from(colours), 3, indices, (out, varyings, frontFacing) => {
      out.set(varyings.subarray(0, 3));
      const blue = Math.round(varyings[2] * 2);
      if (!facing.has(blue)) facing.set(blue, new Set());
      facing.get(blue)!.add(frontFacing);
    });
    const centre = 4 * (8 * 16 + 8);
    // +Z face: colour (0.5, 0.5, 1).
    expect(Array.from(raster.color.subarray(centre, centre + 4))).toEqual([0.5, 0.5, 1, 1]);
    expect(raster.color[3]).toBe(0);
    expect([...(facing.get(2) ?? [])]).toEqual([true]);
    // Back faces were shaded (then hidden by the depth test); culled, none is, and the picture is the same.
    expect([...facing.values()].some((sides) => sides.has(false))).toBe(true);
    const culled = createRaster(16, 16);
    const culledSides = new Set<boolean>();
    const shadeCulled = (out: Float32Array, varyings: Float32Array, frontFacing: boolean) => {
      out.set(varyings.subarray(0, 3));
      culledSides.add(frontFacing);
    };
    drawTriangles(culled, clip, Float32Array.from(colours), 3, indices, shadeCulled, true);
    expect(culled.color).toEqual(raster.color);
    expect([...culledSides]).toEqual([true]);
  });
});

describe('drawCapsule and resolveRaster', () => {
  it('draws a disc of the given radius, antialiased after resolving', () => {
    const raster = createRaster(40, 40);
    drawCapsule(raster, 20, 20, 10, 20, 20, 10, [1, 1, 1], 1);
    const resolved = resolveRaster(raster, 2);
    expect(resolved.width).toBe(20);
    // Covered area ≈ π r² = 314 samples of 1600, i.e. 314 / 4 resolved pixels' worth of alpha.
    let alpha = 0;
    for (let p = 0; p < 400; p++) alpha += resolved.pixels[4 * p + 3] / 255;
    expect(alpha).toBeGreaterThan(75);
    expect(alpha).toBeLessThan(82);
    expect(resolved.pixels[4 * (10 * 20 + 10) + 3]).toBe(255);
    expect(resolved.pixels[3]).toBe(0);
  });
});

/** The chunks of a PNG file, read by hand (lengths, types, data), checking each CRC. */
function chunks(file: Uint8Array): { type: string; data: Buffer }[] {
  const buffer = Buffer.from(file);
  const out: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < buffer.length; ) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    expect(buffer.readUInt32BE(offset + 8 + length)).toBe(crc32(file, offset + 4, offset + 8 + length));
    out.push({ type, data: buffer.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return out;
}

describe('encodePng', () => {
  it('writes an image of few colours as an indexed PNG that zlib inflates back to its pixels', () => {
    const width = 5, height = 3;
    const colours = [[0, 0, 0, 0], [200, 10, 20, 255], [1, 2, 3, 128]];
    const pixels = new Uint8Array(4 * width * height);
    for (let p = 0; p < width * height; p++) pixels.set(colours[p % 3], 4 * p);
    const file = encodePng({ width, height, pixels });
    expect(Array.from(file.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(file);
    expect(parts.map((part) => part.type)).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
    const header = parts[0].data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([5, 3, 8, 3]);
    const palette = parts[1].data, alphas = parts[2].data;
    const raw = inflateSync(parts[3].data);
    expect(raw.length).toBe(height * (width + 1));
    for (let y = 0; y < height; y++) {
      expect(raw[y * (width + 1)]).toBe(0);
      for (let x = 0; x < width; x++) {
        const index = raw[y * (width + 1) + 1 + x];
        const expected = colours[(y * width + x) % 3];
        const decoded = [palette[3 * index], palette[3 * index + 1], palette[3 * index + 2], alphas[index]];
        expect(expected[3] === 0 ? decoded[3] : decoded).toEqual(expected[3] === 0 ? 0 : expected);
      }
    }
    const back = decodePng(file);
    expect(back.width).toBe(width);
    for (let p = 0; p < width * height; p++) if (colours[p % 3][3] > 0) expect(Array.from(back.pixels.subarray(4 * p, 4 * p + 4))).toEqual(colours[p % 3]);
  });

  it('writes an image of many colours as filtered RGBA that decodes to the same bytes', () => {
    const width = 40, height = 30;
    const pixels = new Uint8Array(4 * width * height);
    for (let p = 0; p < width * height; p++) pixels.set([p % 256, (7 * p) % 256, (p >> 3) % 256, 255 - (p % 100)], 4 * p);
    const file = encodePng({ width, height, pixels });
    const parts = chunks(file);
    expect(parts[0].data[9]).toBe(6);
    const raw = inflateSync(parts.find((part) => part.type === 'IDAT')!.data);
    expect(raw.length).toBe(height * (4 * width + 1));
    expect(Array.from(decodePng(file).pixels)).toEqual(Array.from(pixels));
  });

  it('refuses a pixel array of the wrong size', () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(15) })).toThrow(/2 × 2 pixels need 16 bytes, got 15/);
    expect(() => encodePng({ width: 0, height: 2, pixels: new Uint8Array(0) })).toThrow(/positive integers/);
  });
});

describe('quantizeImage', () => {
  it('keeps an image of few colours as it is, and brings a gradient down to 256 colours close to it', () => {
    const few = { width: 2, height: 1, pixels: Uint8Array.from([1, 2, 3, 255, 4, 5, 6, 7]) };
    expect(Array.from(quantizeImage(few).pixels)).toEqual(Array.from(few.pixels));
    const width = 256, height = 64;
    const pixels = new Uint8Array(4 * width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set([x, 4 * y, (x + 4 * y) >> 1, 255], 4 * (y * width + x));
    const reduced = quantizeImage({ width, height, pixels });
    const distinct = new Set<number>();
    let error = 0;
    for (let p = 0; p < width * height; p++) {
      const o = 4 * p;
      distinct.add(((reduced.pixels[o] << 24) | (reduced.pixels[o + 1] << 16) | (reduced.pixels[o + 2] << 8) | reduced.pixels[o + 3]) >>> 0);
      for (let c = 0; c < 3; c++) error += Math.abs(reduced.pixels[o + c] - pixels[o + c]);
    }
    expect(distinct.size).toBeLessThanOrEqual(256);
    expect(error / (3 * width * height)).toBeLessThan(8);
    expect(() => quantizeImage(few, 1)).toThrow(/from 2 to 256, got 1/);
  });
});

describe('onStageBackdrop', () => {
  it('centres a transparent image on the opaque stage gradient, scaled down to fit', () => {
    const image = { width: 4, height: 4, pixels: new Uint8Array(64) };
    for (let p = 0; p < 16; p++) image.pixels.set([255, 0, 0, 255], 4 * p);
    const out = onStageBackdrop(image, 8, 2);
    expect(out.pixels.every((value, i) => i % 4 !== 3 || value === 255)).toBe(true);
    // Scaled by ½ into the middle 2 × 2 pixels; the rest is the gradient's top (#f8f6f1) to bottom (#e8e4da).
    expect(Array.from(out.pixels.subarray(4 * 3, 4 * 3 + 3))).toEqual([255, 0, 0]);
    expect(Array.from(out.pixels.subarray(0, 3))).toEqual([0xf8, 0xf6, 0xf1]);
    expect(Array.from(out.pixels.subarray(4 * 8, 4 * 8 + 3))).toEqual([0xe8, 0xe4, 0xda]);
  });
});

describe('every live figure has a poster', () => {
  const figures = join(process.cwd(), 'src', 'figures');
  const stages = readdirSync(figures)
    .flatMap((folder) => (existsSync(join(figures, folder)) ? readdirSync(join(figures, folder)).map((file) => ({ folder, file })) : []))
    .filter(({ file }) => file.endsWith('Figure.astro'))
    .map(({ folder, file }) => ({ folder, file, source: readFileSync(join(figures, folder, file), 'utf8') }))
    .filter(({ source }) => source.includes('<IslandStage'));

  it('finds the eighteen figures with a stage', () => {
    expect(stages.length).toBe(18);
  });

  it.each(stages.map((stage) => [stage.file, stage] as const))('%s passes the poster of its <name>-poster.ts', (_, { folder, file, source }) => {
    expect(existsSync(join(figures, folder, `${folder}-poster.ts`)), `${folder}/${folder}-poster.ts`).toBe(true);
    expect(source).toMatch(/<IslandStage\b[^>]*\bposter=\{/);
    expect(source).toContain(`from './${folder}-poster.ts'`);
    if (folder !== 'lab') expect(Object.keys(FIGURE_POSTERS)).toContain(file.replace(/\.astro$/, ''));
  });

  it('reads a chapter’s first figure and its attributes from the MDX source', () => {
    const mdx = "import X from 'y';\n\n<MathFigure lines={[1]} />\n\n<WeightsFigure label=\"a > b\" bend={30} weights />\n<BindFigure />";
    expect(firstFigurePoster(mdx)?.key).toBe('weights:30:true');
    expect(firstFigurePoster('<ModelFigure model="snake.glb" clip="slither" skeleton />')?.key).toBe('model:snake.glb:slither:true:false');
    expect(firstFigurePoster('no figure here')).toBeNull();
  });
});
