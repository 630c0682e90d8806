// A figure's first frame, drawn on the CPU at build time: the poster shown until the island draws
// (and instead of it without WebGL2 or JavaScript, and in print).
//
// It runs what the island runs: the figure's poster spec (src/figures/<name>/<name>-poster.ts)
// poses a Player with the core's functions and the island's initial state; the camera is framed by
// frameBox (src/gl/camera.ts) on boundsOfPoses (camera-control.ts) from the island's angles; the
// mesh is skinned by skinVertices (src/core/skin.ts) and lit like shaders/shade.frag, with the
// lights placed by lightDirection (src/gl/renderer.ts); the ground is shaders/ground.frag's grid
// and contact shadow under placeGround's square; the skeleton overlay repeats drawSkeletonPass's
// capsules. The background stays transparent, as the canvas's is, so the stage's own colour shows.

import { createPlayer, type Player } from '../../core/frame.ts';
import type { Model, SkinnedPrimitive } from '../../core/model.ts';
import { computeVertexNormals } from '../../core/normals.ts';
import { skinVertices } from '../../core/skin.ts';
import { createOrbitCamera, frameBox, updateOrbitCamera, type OrbitCamera } from '../../gl/camera.ts';
import { placeGround, type GroundPlacement } from '../../gl/ground-pass.ts';
import { lightDirection } from '../../gl/renderer.ts';
import { createSkeletonLayout } from '../../gl/skeleton-pass.ts';
import type { Bounds } from '../../figures/shared/pose-bounds.ts';
import { blendPixel, createRaster, drawCapsule, drawTriangles, resolveRaster, smoothstep, type Raster } from './raster.ts';
import type { RgbaImage } from './png.ts';

/** Skins one primitive: positions and normals out (3 floats per vertex), like skinVertices. */
export type PrimitiveSkinner = (outPositions: Float32Array, outNormals: Float32Array | null, primitive: SkinnedPrimitive, palette: Float32Array) => void;

/** What a figure's poster shows: its model and the island's state on its first frame. */
export interface PosterScene {
  model: Model;
  /** The island's initial camera angles, radians (SkinViewOptions.yaw and .pitch). */
  yaw: number;
  pitch: number;
  /** SkinViewOptions.ground. */
  ground: boolean;
  /** The skeleton overlay's checkbox at start. */
  skeleton: boolean;
  /** The weight paint's checkbox at start. */
  weights: boolean;
  /** The selected joint at start (index into the first skin's joints), −1 for none. */
  selectedJoint: number;
  /** Poses `player` as the island's first frame does (fills pose, locals, globals, palettes). */
  pose(player: Player): void;
  /** What the island's camera frames (its measureBounds or frameBounds); may pose `player`. */
  framing(player: Player): Bounds;
  /** Skins the figure's meshes (default skinVertices); a "Break it" variant would differ. */
  skin?: PrimitiveSkinner;
  /** A second copy of the meshes, shifted by `offset` (model units) and skinned by `skin`. */
  twin?: { offset: readonly [number, number, number]; skin: PrimitiveSkinner };
  /**
   * Many copies of the meshes (a crowd): copy `i` is posed by `pose(player, i)` and its skinned
   * positions and normals (3 floats per vertex) moved in place by `place`. Replaces `pose`'s single copy.
   */
  copies?: { count: number; pose(player: Player, copy: number): void; place(positions: Float32Array, normals: Float32Array, copy: number): void };
}

/** Theme colours of the light theme, sRGB in [0, 1]: island.css's --island-mesh, -bone, -accent, -grid. */
export const POSTER_COLORS = {
  mesh: hex('#c4b5a3'),
  bone: hex('#fffaf0'),
  accent: hex('#0d6b63'),
  grid: hex('#7d7465'),
} as const;

function hex(text: string): Float32Array {
  return Float32Array.from([1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16) / 255));
}

/** Poster sizes in pixels: the stage's 16:10 (or 4:3 when tall) at 42rem × 1.43, within 2× its CSS size. */
export function posterSize(tall: boolean): { width: number; height: number } {
  return tall ? { width: 960, height: 720 } : { width: 960, height: 600 };
}

/** Samples per pixel along each axis (2: four samples, box-filtered). */
const SUPERSAMPLING = 2;
/** Framebuffer pixels per CSS pixel the poster stands for (capsule radii and line widths scale by it). */
const POSTER_PIXEL_RATIO = 960 / 672;

/** Renders `scene`'s first frame at `width` × `height` pixels (transparent background). */
export function renderPoster(scene: PosterScene, width: number, height: number): RgbaImage {
  const raster = createRaster(width * SUPERSAMPLING, height * SUPERSAMPLING);
  const pixelRatio = POSTER_PIXEL_RATIO * SUPERSAMPLING * (width / 960);
  const model = scene.model;
  const player = createPlayer(model);
  const bounds = scene.framing(player);
  const aspect = width / height;
  const camera = createOrbitCamera();
  frameBox(camera, bounds.min, bounds.max, aspect, scene.yaw, scene.pitch);
  updateOrbitCamera(camera, width, height);
  scene.pose(player);

  const shading = createShading(camera, scene.weights);
  const copies = scene.copies;
  if (copies === undefined) drawMeshes(raster, scene, player, camera, shading, scene.skin ?? skinVertices, null);
  else {
    for (let copy = 0; copy < copies.count; copy++) {
      copies.pose(player, copy);
      drawMeshes(raster, scene, player, camera, shading, scene.skin ?? skinVertices, null, (positions, normals) => copies.place(positions, normals, copy));
    }
  }
  if (scene.twin !== undefined) drawMeshes(raster, scene, player, camera, shading, scene.twin.skin, scene.twin.offset);
  if (scene.ground) drawGround(raster, camera, placeGround(bounds.min, bounds.max), POSTER_COLORS.grid, 0.32);
  if (scene.skeleton) {
    const axisLength = 0.08 * Math.hypot(bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1], bounds.max[2] - bounds.min[2]);
    drawSkeleton(raster, scene, player, camera, pixelRatio, axisLength);
  }
  return resolveRaster(raster, SUPERSAMPLING);
}

interface Shading {
  camera: OrbitCamera;
  key: Float32Array;
  fill: Float32Array;
  albedo: Float32Array;
  weights: boolean;
}

function createShading(camera: OrbitCamera, weights: boolean): Shading {
  const key = new Float32Array(3);
  const fill = new Float32Array(3);
  // The same lights as drawFrame: key from the upper left, fill from the right, riding with the camera.
  lightDirection(key, camera, -0.45, 0.7, 0.55);
  lightDirection(fill, camera, 0.8, -0.1, 0.35);
  const albedo = POSTER_COLORS.mesh.map((c) => c ** 2.2);
  return { camera, key, fill, albedo, weights };
}

/** shaders/shade.frag's weightColor: 0 blue → 0.25 cyan → 0.5 green → 0.75 yellow → 1 red. */
export function weightColor(out: Float32Array, weight: number): Float32Array {
  const w = Math.min(1, Math.max(0, weight));
  if (w < 0.25) out.set([0, 4 * w, 1]);
  else if (w < 0.5) out.set([0, 1, 1 - 4 * (w - 0.25)]);
  else if (w < 0.75) out.set([4 * (w - 0.5), 1, 0]);
  else out.set([1, 1 - 4 * (w - 0.75), 0]);
  return out;
}

/** Varyings per vertex: skinned position (3), skinned normal (3), selected joint's weight (1). */
const VARYINGS = 7;

/** shaders/shade.frag, line for line: a fragment shader for drawTriangles. */
function shadeFragment(shading: Shading): (out: Float32Array, varyings: Float32Array, frontFacing: boolean) => void {
  const paint = new Float32Array(3);
  const { key: keyDirection, fill: fillDirection, albedo, camera } = shading;
  return (out, v, frontFacing) => {
    let nx = v[3], ny = v[4], nz = v[5];
    const length = Math.hypot(nx, ny, nz) || 1;
    const flip = frontFacing ? 1 / length : -1 / length;
    nx *= flip; ny *= flip; nz *= flip;
    let tx = camera.position[0] - v[0], ty = camera.position[1] - v[1], tz = camera.position[2] - v[2];
    const toCameraLength = Math.hypot(tx, ty, tz) || 1;
    tx /= toCameraLength; ty /= toCameraLength; tz /= toCameraLength;
    const key = Math.max(nx * keyDirection[0] + ny * keyDirection[1] + nz * keyDirection[2], 0);
    const fill = Math.max(nx * fillDirection[0] + ny * fillDirection[1] + nz * fillDirection[2], 0);
    const facing = Math.max(nx * tx + ny * ty + nz * tz, 0);
    if (shading.weights) {
      weightColor(paint, v[6]);
      const light = (0.3 + 0.5 * key + 0.2 * facing) ** (1 / 2.2);
      for (let c = 0; c < 3; c++) out[c] = paint[c] * light;
      return;
    }
    const sky = 0.5 + 0.5 * ny;
    let hx = keyDirection[0] + tx, hy = keyDirection[1] + ty, hz = keyDirection[2] + tz;
    const halfLength = Math.hypot(hx, hy, hz) || 1;
    hx /= halfLength; hy /= halfLength; hz /= halfLength;
    const specular = key > 0 ? Math.max(nx * hx + ny * hy + nz * hz, 0) ** 40 * 0.22 : 0;
    const rim = (1 - facing) ** 3 * 0.28;
    const ambient = [0.16 + (0.34 - 0.16) * sky, 0.14 + (0.37 - 0.14) * sky, 0.13 + (0.42 - 0.13) * sky];
    const keyColor = [1.0, 0.97, 0.92];
    const fillColor = [0.55, 0.62, 0.75];
    const rimColor = [0.6, 0.7, 0.85];
    for (let c = 0; c < 3; c++) {
      const light = ambient[c] + keyColor[c] * key * 0.95 + fillColor[c] * fill * 0.3;
      const linear = albedo[c] * light + specular + rimColor[c] * rim * albedo[c];
      out[c] = Math.min(1, Math.max(0, linear) ** (1 / 2.2));
    }
  };
}

function drawMeshes(
  raster: Raster,
  scene: PosterScene,
  player: Player,
  camera: OrbitCamera,
  shading: Shading,
  skin: PrimitiveSkinner,
  offset: readonly [number, number, number] | null,
  place?: (positions: Float32Array, normals: Float32Array) => void,
): void {
  const shade = shadeFragment(shading);
  const vp = camera.viewProjection;
  for (const mesh of scene.model.meshes) {
    const palette = player.palettes[mesh.skin];
    if (palette === undefined) continue;
    for (const primitive of mesh.primitives) {
      const count = primitive.vertexCount;
      const positions = new Float32Array(3 * count);
      const normals = new Float32Array(3 * count);
      skin(positions, primitive.normals === null ? null : normals, primitive, palette);
      if (primitive.normals === null) computeVertexNormals(normals, positions, primitive.indices);
      place?.(positions, normals);
      const clip = new Float32Array(4 * count);
      const varyings = new Float32Array(VARYINGS * count);
      for (let v = 0; v < count; v++) {
        const x = positions[3 * v] + (offset?.[0] ?? 0);
        const y = positions[3 * v + 1] + (offset?.[1] ?? 0);
        const z = positions[3 * v + 2] + (offset?.[2] ?? 0);
        for (let row = 0; row < 4; row++) clip[4 * v + row] = vp[row] * x + vp[4 + row] * y + vp[8 + row] * z + vp[12 + row];
        const o = VARYINGS * v;
        varyings[o] = x;
        varyings[o + 1] = y;
        varyings[o + 2] = z;
        varyings[o + 3] = normals[3 * v];
        varyings[o + 4] = normals[3 * v + 1];
        varyings[o + 5] = normals[3 * v + 2];
        let selected = 0;
        if (mesh.skin === 0) {
          for (let slot = 4 * v; slot < 4 * v + 4; slot++) if (primitive.joints[slot] === scene.selectedJoint) selected += primitive.weights[slot];
        }
        varyings[o + 6] = selected;
      }
      drawTriangles(raster, clip, varyings, VARYINGS, primitive.indices, shade, primitive.doubleSided === false);
    }
  }
}

/** Projects model-space (x, y, z) to framebuffer pixels and NDC z into out[0..2]; false behind the camera. */
function project(out: Float64Array, camera: OrbitCamera, raster: Raster, x: number, y: number, z: number): boolean {
  const vp = camera.viewProjection;
  const cx = vp[0] * x + vp[4] * y + vp[8] * z + vp[12];
  const cy = vp[1] * x + vp[5] * y + vp[9] * z + vp[13];
  const cz = vp[2] * x + vp[6] * y + vp[10] * z + vp[14];
  const cw = vp[3] * x + vp[7] * y + vp[11] * z + vp[15];
  if (!(cw > 0)) return false;
  out[0] = (cx / cw * 0.5 + 0.5) * raster.width;
  out[1] = (0.5 - cy / cw * 0.5) * raster.height;
  out[2] = cz / cw;
  return true;
}

/**
 * shaders/ground.frag over placeGround's square, per pixel, depth-tested against the meshes, no
 * depth writes. The ray through a pixel is the camera's (rayThroughViewPoint) left unnormalised:
 * direction = right·xᵥ + up·yᵥ − back, with xᵥ and yᵥ linear in the pixel's position; fwidth()
 * becomes the difference to the next pixel's hit along x and y.
 */
function drawGround(raster: Raster, camera: OrbitCamera, ground: GroundPlacement, lineColor: Float32Array, lineOpacity: number): void {
  const { width, height, depth } = raster;
  const { position, right, up, back, projection, viewProjection: vp } = camera;
  const { center, halfSize, spacing, shadowRadius } = ground;
  // Ground coordinates (x, z from the centre) of row y's pixel centres, and of the row below; NaN: no hit.
  let row = new Float64Array(2 * (width + 1));
  let next = new Float64Array(2 * (width + 1));
  const hitRow = (out: Float64Array, y: number): void => {
    const viewY = (1 - (2 * (y + 0.5)) / height) / projection[5];
    for (let x = 0; x <= width; x++) {
      const viewX = ((2 * (x + 0.5)) / width - 1) / projection[0];
      const dx = right[0] * viewX + up[0] * viewY - back[0];
      const dy = right[1] * viewX + up[1] * viewY - back[1];
      const dz = right[2] * viewX + up[2] * viewY - back[2];
      const t = (center[1] - position[1]) / dy;
      if (!(t > 0) || !Number.isFinite(t)) {
        out[2 * x] = out[2 * x + 1] = Number.NaN;
        continue;
      }
      out[2 * x] = position[0] + t * dx - center[0];
      out[2 * x + 1] = position[2] + t * dz - center[2];
    }
  };
  hitRow(row, 0);
  for (let y = 0; y < height; y++) {
    hitRow(next, y + 1);
    for (let x = 0; x < width; x++) {
      const gx = row[2 * x], gz = row[2 * x + 1];
      if (!(Math.abs(gx) <= halfSize && Math.abs(gz) <= halfSize)) continue;
      const wx = gx + center[0], wy = center[1], wz = gz + center[2];
      const cz = vp[2] * wx + vp[6] * wy + vp[10] * wz + vp[14];
      const cw = vp[3] * wx + vp[7] * wy + vp[11] * wz + vp[15];
      const pixel = y * width + x;
      if (!(cz / cw < depth[pixel])) continue;
      let line = 0;
      for (let axis = 0; axis < 2; axis++) {
        const here = row[2 * x + axis];
        const cell = here / spacing;
        const derivative = (Math.abs(row[2 * x + 2 + axis] - here) + Math.abs(next[2 * x + axis] - here)) / spacing;
        const fract = cell - 0.5 - Math.floor(cell - 0.5);
        const distance = Math.abs(fract - 0.5) / (derivative > 1e-9 ? derivative : 1e-9);
        line = Math.max(line, 1 - Math.min(distance, 1));
      }
      const radius = Math.hypot(gx, gz);
      const fade = 1 - smoothstep(0.15 * halfSize, halfSize, radius);
      const lineAlpha = line * fade * lineOpacity;
      const shadowAlpha = 0.22 * (1 - smoothstep(0, shadowRadius, radius));
      const alpha = lineAlpha + shadowAlpha * (1 - lineAlpha);
      if (alpha <= 0.002) continue;
      blendPixel(raster, pixel, lineColor[0] * lineAlpha, lineColor[1] * lineAlpha, lineColor[2] * lineAlpha, alpha);
    }
    const swap = row;
    row = next;
    next = swap;
  }
}

/** Axis colours of the selected joint: X red, Y green, Z blue (skeleton-pass.ts). */
const AXIS_COLORS = [
  [0.93, 0.26, 0.26],
  [0.3, 0.78, 0.3],
  [0.26, 0.5, 0.96],
] as const;

/** drawSkeletonPass's capsules: bones, joint discs, the selected joint's axes and disc. */
function drawSkeleton(raster: Raster, scene: PosterScene, player: Player, camera: OrbitCamera, pixelRatio: number, axisLength: number): void {
  const layout = createSkeletonLayout(scene.model, 0);
  const globals = player.globals;
  const selectedNode = scene.selectedJoint >= 0 && scene.selectedJoint < layout.joints.length ? layout.joints[scene.selectedJoint] : -1;
  const a = new Float64Array(3), b = new Float64Array(3);
  const at = (out: Float64Array, node: number) => project(out, camera, raster, globals[16 * node + 12], globals[16 * node + 13], globals[16 * node + 14]);
  const { bone, accent } = POSTER_COLORS;
  for (let i = 0; i < layout.bones.length; i += 2) {
    const parent = layout.bones[i], child = layout.bones[i + 1];
    if (!at(a, parent) || !at(b, child)) continue;
    drawCapsule(raster, a[0], a[1], 5 * pixelRatio, b[0], b[1], 1.75 * pixelRatio, parent === selectedNode ? accent : bone, 0.92);
  }
  for (const node of layout.joints) {
    if (node === selectedNode || !at(a, node)) continue;
    drawCapsule(raster, a[0], a[1], 3.5 * pixelRatio, a[0], a[1], 3.5 * pixelRatio, bone, 1);
  }
  if (selectedNode >= 0 && at(a, selectedNode)) {
    const g = 16 * selectedNode;
    for (let axis = 0; axis < 3; axis++) {
      const c = g + 4 * axis;
      const length = Math.hypot(globals[c], globals[c + 1], globals[c + 2]);
      const k = length > 0 ? axisLength / length : 0;
      if (!project(b, camera, raster, globals[g + 12] + globals[c] * k, globals[g + 13] + globals[c + 1] * k, globals[g + 14] + globals[c + 2] * k)) continue;
      drawCapsule(raster, a[0], a[1], 1.6 * pixelRatio, b[0], b[1], 1.6 * pixelRatio, AXIS_COLORS[axis], 1);
    }
    drawCapsule(raster, a[0], a[1], 5.5 * pixelRatio, a[0], a[1], 5.5 * pixelRatio, accent, 1);
  }
}
