// A small software rasteriser for the figures' posters (build time, in Node): triangles with a
// depth buffer and a shading callback, screen-space capsules for the skeleton overlay, and
// premultiplied "over" blending — the same three operations the WebGL passes of src/gl/ run.
//
// Conventions follow WebGL: clip space in, normalised device coordinates x, y, z in [−1, 1],
// pixel (0, 0) at the top-left (NDC y = +1), depth test LESS on NDC z, colours sRGB in [0, 1]
// stored premultiplied by alpha. Set-up code: allocates freely, never runs per animation frame.

/** A colour and depth target, `width` × `height` pixels (rows top to bottom). */
export interface Raster {
  width: number;
  height: number;
  /** 4 floats per pixel: premultiplied sRGB and alpha, each in [0, 1]; cleared to 0 (transparent). */
  color: Float32Array;
  /** 1 float per pixel: NDC z of the nearest fragment so far, +Infinity where nothing was drawn. */
  depth: Float32Array;
}

export function createRaster(width: number, height: number): Raster {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new Error(`createRaster: width and height must be positive integers, got ${width} × ${height}`);
  }
  return { width, height, color: new Float32Array(4 * width * height), depth: new Float32Array(width * height).fill(Infinity) };
}

/**
 * Computes one fragment's colour: `varyings` holds the vertex outputs interpolated with perspective
 * correction (read only), `frontFacing` is WebGL's gl_FrontFacing (counter-clockwise on screen);
 * writes opaque sRGB into out[0..2].
 */
export type FragmentShader = (out: Float32Array, varyings: Float32Array, frontFacing: boolean) => void;

/**
 * Draws a triangle list into `raster` with the depth test and depth writes on, no blending, and
 * back faces (clockwise on screen) skipped when `cullBackFaces` (as beginMeshPass and
 * drawSkinnedVertexArray set WebGL). `clip`: 4 floats per vertex (clip-space x, y, z, w);
 * `varyings`: `varyingCount` floats per vertex; `indices`: 3 per triangle, or null for 0, 1, 2, ….
 * A triangle with a vertex behind the near plane (w ≤ 0 or z < −w) is skipped: the posters' cameras
 * frame the whole model, so none should be.
 */
export function drawTriangles(
  raster: Raster,
  clip: Float32Array,
  varyings: Float32Array,
  varyingCount: number,
  indices: ArrayLike<number> | null,
  shade: FragmentShader,
  cullBackFaces = false,
): void {
  const { width, height, color, depth } = raster;
  const vertexCount = Math.floor(clip.length / 4);
  // Screen position (pixels), NDC z and 1/w per vertex.
  const sx = new Float32Array(vertexCount);
  const sy = new Float32Array(vertexCount);
  const sz = new Float32Array(vertexCount);
  const invW = new Float32Array(vertexCount);
  const usable = new Uint8Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const x = clip[4 * v], y = clip[4 * v + 1], z = clip[4 * v + 2], w = clip[4 * v + 3];
    usable[v] = w > 0 && z >= -w ? 1 : 0;
    const iw = 1 / w;
    sx[v] = (x * iw * 0.5 + 0.5) * width;
    sy[v] = (0.5 - y * iw * 0.5) * height;
    sz[v] = z * iw;
    invW[v] = iw;
  }
  const interpolated = new Float32Array(varyingCount);
  const fragment = new Float32Array(3);
  const triangleCount = Math.floor((indices === null ? vertexCount : indices.length) / 3);
  for (let t = 0; t < triangleCount; t++) {
    const a = indices === null ? 3 * t : indices[3 * t];
    const b = indices === null ? 3 * t + 1 : indices[3 * t + 1];
    const c = indices === null ? 3 * t + 2 : indices[3 * t + 2];
    if (!(usable[a] && usable[b] && usable[c])) continue;
    const ax = sx[a], ay = sy[a], bx = sx[b], by = sy[b], cx = sx[c], cy = sy[c];
    // Twice the signed area in pixel coordinates (y down): negative for counter-clockwise in NDC.
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0 || !Number.isFinite(area)) continue;
    const frontFacing = area < 0;
    if (cullBackFaces && !frontFacing) continue;
    const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const maxX = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)));
    const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const maxY = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
    const inverseArea = 1 / area;
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5;
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5;
        // Barycentric weights of a, b, c at the pixel centre.
        const wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) * inverseArea;
        const wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) * inverseArea;
        const wc = 1 - wa - wb;
        if (wa < 0 || wb < 0 || wc < 0) continue;
        const z = wa * sz[a] + wb * sz[b] + wc * sz[c];
        const pixel = y * width + x;
        if (!(z < depth[pixel]) || z > 1) continue;
        depth[pixel] = z;
        const pa = wa * invW[a], pb = wb * invW[b], pc = wc * invW[c];
        const norm = 1 / (pa + pb + pc);
        for (let i = 0; i < varyingCount; i++) {
          interpolated[i] = (pa * varyings[a * varyingCount + i] + pb * varyings[b * varyingCount + i] + pc * varyings[c * varyingCount + i]) * norm;
        }
        shade(fragment, interpolated, frontFacing);
        color[4 * pixel] = fragment[0];
        color[4 * pixel + 1] = fragment[1];
        color[4 * pixel + 2] = fragment[2];
        color[4 * pixel + 3] = 1;
      }
    }
  }
}

/** Blends premultiplied (r, g, b, a) over pixel `pixel` of `raster` (WebGL's ONE, ONE_MINUS_SRC_ALPHA). */
export function blendPixel(raster: Raster, pixel: number, r: number, g: number, b: number, a: number): void {
  const color = raster.color;
  const keep = 1 - a;
  const o = 4 * pixel;
  color[o] = r + color[o] * keep;
  color[o + 1] = g + color[o + 1] * keep;
  color[o + 2] = b + color[o + 2] * keep;
  color[o + 3] = a + color[o + 3] * keep;
}

/**
 * Signed distance (pixels) from (px, py) to a capsule from (0, 0), radius r1, to (0, h), radius r2
 * (negative inside); the same function as shaders/overlay.frag's unevenCapsuleDistance.
 */
function unevenCapsuleDistance(px: number, py: number, r1: number, r2: number, h: number): number {
  const x = Math.abs(px);
  if (h <= Math.abs(r1 - r2)) return r1 >= r2 ? Math.hypot(x, py) - r1 : Math.hypot(x, py - h) - r2;
  const b = (r1 - r2) / h;
  const a = Math.sqrt(1 - b * b);
  const k = -b * x + a * py;
  if (k < 0) return Math.hypot(x, py) - r1;
  if (k > a * h) return Math.hypot(x, py - h) - r2;
  return a * x + b * py - r1;
}

/**
 * Draws a capsule from screen point (x0, y0), radius r0, to (x1, y1), radius r1 (pixels), in sRGB
 * `rgb` with straight alpha `alpha`, over the raster with no depth test, as overlay.frag does: a
 * one-pixel antialiased edge and, for radii of 2 px and more, a darker outline (30 % of the colour).
 */
export function drawCapsule(raster: Raster, x0: number, y0: number, r0: number, x1: number, y1: number, r1: number, rgb: ArrayLike<number>, alpha: number): void {
  const { width, height } = raster;
  const ax = x1 - x0, ay = y1 - y0;
  const axisLength = Math.hypot(ax, ay);
  const alongX = axisLength > 1e-3 ? ax / axisLength : 0;
  const alongY = axisLength > 1e-3 ? ay / axisLength : 1;
  const reach = Math.max(r0, r1) + 1;
  const minX = Math.max(0, Math.floor(Math.min(x0, x1) - reach));
  const maxX = Math.min(width - 1, Math.ceil(Math.max(x0, x1) + reach));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1) - reach));
  const maxY = Math.min(height - 1, Math.ceil(Math.max(y0, y1) + reach));
  const outlined = Math.min(r0, r1) >= 2;
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const ox = x + 0.5 - x0, oy = y + 0.5 - y0;
      const localX = ox * alongY - oy * alongX;
      const localY = ox * alongX + oy * alongY;
      const distance = unevenCapsuleDistance(localX, localY, r0, r1, axisLength);
      const coverage = Math.min(1, Math.max(0, 0.5 - distance)) * alpha;
      if (coverage <= 0) continue;
      const outline = outlined ? smoothstep(-1.8, -0.8, distance) : 0;
      const shade = 1 - 0.7 * outline;
      blendPixel(raster, y * width + x, rgb[0] * shade * coverage, rgb[1] * shade * coverage, rgb[2] * shade * coverage, coverage);
    }
  }
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/**
 * The raster shrunk by an integer `factor` (a box filter over factor × factor pixels, in
 * premultiplied space), as 8-bit straight-alpha RGBA: supersampled edges become antialiased.
 */
export function resolveRaster(raster: Raster, factor: number): { width: number; height: number; pixels: Uint8Array } {
  if (!(Number.isInteger(factor) && factor >= 1 && raster.width % factor === 0 && raster.height % factor === 0)) {
    throw new Error(`resolveRaster: factor ${factor} must be a positive integer dividing ${raster.width} × ${raster.height}`);
  }
  const width = raster.width / factor;
  const height = raster.height / factor;
  const pixels = new Uint8Array(4 * width * height);
  const samples = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < factor; sy++) {
        for (let sx = 0; sx < factor; sx++) {
          const o = 4 * ((y * factor + sy) * raster.width + x * factor + sx);
          r += raster.color[o];
          g += raster.color[o + 1];
          b += raster.color[o + 2];
          a += raster.color[o + 3];
        }
      }
      const o = 4 * (y * width + x);
      const alpha = a / samples;
      pixels[o + 3] = Math.round(Math.min(1, alpha) * 255);
      if (alpha > 0) {
        pixels[o] = Math.round(Math.min(1, r / a) * 255);
        pixels[o + 1] = Math.round(Math.min(1, g / a) * 255);
        pixels[o + 2] = Math.round(Math.min(1, b / a) * 255);
      }
    }
  }
  return { width, height, pixels };
}
