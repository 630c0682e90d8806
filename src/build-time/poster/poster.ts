// The posters as files: posterFor renders a figure's first frame, encodes it as an indexed PNG and
// stores it in the staging folder; the posters() integration (integration.ts) copies the build's
// posters into <outDir>/posters/ and serves them in development.
//
// A poster's file name is <name>-<hash>.png, the hash taken over everything that decides its
// pixels: the scene's key and size, the model files, and the sources of the core, the camera and
// ground code and this folder's renderer. The same inputs give the same name, so browsers may
// cache a poster for good, and a build finds the posters of an earlier one in the staging folder
// instead of rendering them again.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { decodePng, encodePng, type RgbaImage } from './png.ts';
import { quantizeImage } from './quantize.ts';
import { posterSize, renderPoster, type PosterScene } from './render-scene.ts';

/** Where rendered posters wait for the build's end (or for the dev server), under the project root. */
export const POSTER_STAGING = join('node_modules', '.cache', 'skinning-posters');
/** Folder of the posters in the build output and in URLs. */
export const POSTER_FOLDER = 'posters';

/** Source folders and files whose contents decide a poster's pixels, relative to the project root. */
const POSTER_INPUTS = ['src/core', 'src/gl', 'src/build-time/poster', 'src/build-time/project-models.ts', 'src/figures', 'shaders', 'public/models'];

/** A poster as a page uses it. */
export interface Poster {
  /** File name inside POSTER_FOLDER, e.g. "arm-1a2b3c4d5e.png". */
  file: string;
  width: number;
  height: number;
  alt: string;
}

/** A poster request: a key naming the scene and its start, the alt text, and how to build the scene. */
export interface PosterRequest {
  /** Unique per distinct poster, e.g. "arm" or "model:mannequin.glb:walk:false:false". */
  key: string;
  /** File name stem (lower-case letters, digits, hyphens). */
  name: string;
  alt: string;
  tall: boolean;
  /** Most colours the PNG may keep (2 to 256; default 256): busy pictures compress better with fewer. */
  colors?: number;
  /** Builds the scene (loads and poses the model); called only when the poster is not stored yet. */
  scene: () => PosterScene;
}

/** The image as an indexed PNG file (colours reduced to 256 when there are more). */
export function encodePoster(image: RgbaImage, colors = 256): Uint8Array {
  return encodePng(quantizeImage(image, colors));
}

let inputsHash: string | null = null;

/** Hash of every file under POSTER_INPUTS (paths and bytes), once per process. */
function hashOfInputs(root: string): string {
  if (inputsHash !== null) return inputsHash;
  const hash = createHash('sha256');
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
      return;
    }
    if (!/\.(ts|glb|vert|frag|glsl)$/.test(path)) return;
    hash.update(relative(root, path));
    hash.update(readFileSync(path));
  };
  for (const input of POSTER_INPUTS) visit(join(root, input));
  inputsHash = hash.digest('hex');
  return inputsHash;
}

const made = new Map<string, Poster>();

/** A name made safe as a file stem: lower-case letters, digits and hyphens. */
function fileStem(name: string): string {
  const stem = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  if (stem === '') throw new Error(`poster name "${name}" has no letters or digits`);
  return stem;
}

/**
 * The poster of `request` at `size` (default posterSize), in the staging folder under `root`:
 * rendered unless a build with the same inputs stored it already; either way its file is touched,
 * so the integration publishes it with this build.
 */
export function posterFor(request: PosterRequest, root: string = process.cwd(), size?: { width: number; height: number }): Poster {
  const { width, height } = size ?? posterSize(request.tall);
  const id = `${request.key}@${width}x${height}:${request.colors ?? 256}`;
  const cached = made.get(id);
  if (cached !== undefined) return cached;
  const hash = createHash('sha256').update(hashOfInputs(root)).update(id).digest('hex').slice(0, 10);
  const poster: Poster = { file: `${fileStem(request.name)}-${hash}.png`, width, height, alt: request.alt };
  const folder = join(root, POSTER_STAGING);
  const path = join(folder, poster.file);
  if (existsSync(path)) {
    const now = new Date();
    utimesSync(path, now, now);
  } else {
    const bytes = encodePoster(renderPoster(request.scene(), width, height), request.colors);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, bytes);
  }
  made.set(id, poster);
  return poster;
}

/** The light theme's stage background (island.css --island-bg-top → --island-bg-bottom), sRGB bytes. */
const BACKDROP_TOP = [0xf8, 0xf6, 0xf1];
const BACKDROP_BOTTOM = [0xe8, 0xe4, 0xda];

/**
 * `image` scaled to fit `width` × `height` (never enlarged; bilinear, in premultiplied space),
 * centred on the stage's vertical gradient: an opaque picture, for pages that show it alone.
 */
export function onStageBackdrop(image: RgbaImage, width: number, height: number): RgbaImage {
  const scale = Math.min(1, width / image.width, height / image.height);
  const shownWidth = image.width * scale, shownHeight = image.height * scale;
  const left = (width - shownWidth) / 2, top = (height - shownHeight) / 2;
  const source = image.pixels;
  const sample = (x: number, y: number, c: number): number => {
    const o = 4 * (Math.min(image.height - 1, Math.max(0, y)) * image.width + Math.min(image.width - 1, Math.max(0, x)));
    return (source[o + c] * source[o + 3]) / 255;
  };
  const out = new Uint8Array(4 * width * height);
  for (let y = 0; y < height; y++) {
    const t = height > 1 ? y / (height - 1) : 0;
    const sy = (y + 0.5 - top) / scale - 0.5;
    for (let x = 0; x < width; x++) {
      const o = 4 * (y * width + x);
      const sx = (x + 0.5 - left) / scale - 0.5;
      const inside = sx > -1 && sy > -1 && sx < image.width && sy < image.height;
      const x0 = Math.floor(sx), y0 = Math.floor(sy), fx = sx - x0, fy = sy - y0;
      // Premultiplied colour and alpha of the scaled image here (0 outside it).
      const premultiplied = (c: number) =>
        (1 - fy) * ((1 - fx) * sample(x0, y0, c) + fx * sample(x0 + 1, y0, c)) + fy * ((1 - fx) * sample(x0, y0 + 1, c) + fx * sample(x0 + 1, y0 + 1, c));
      const alpha = inside ? premultiplied(3) / 255 : 0;
      for (let c = 0; c < 3; c++) {
        const backdrop = BACKDROP_TOP[c] + (BACKDROP_BOTTOM[c] - BACKDROP_TOP[c]) * t;
        out[o + c] = Math.round((inside ? premultiplied(c) : 0) + backdrop * (1 - alpha));
      }
      out[o + 3] = 255;
    }
  }
  return { width, height, pixels: out };
}

/**
 * The social preview image of `request`'s poster: the poster (made by posterFor if needed) at
 * `width` × `height` on the stage's light background, stored beside it as social-<name>-<hash>.png.
 */
export function socialImageFor(request: PosterRequest, width: number, height: number, root: string = process.cwd()): Poster {
  const poster = posterFor(request, root);
  const file = `social-${poster.file.replace(/\.png$/, '')}-${width}x${height}.png`;
  const path = join(root, POSTER_STAGING, file);
  if (existsSync(path)) {
    const now = new Date();
    utimesSync(path, now, now);
  } else {
    const image = decodePng(readFileSync(join(root, POSTER_STAGING, poster.file)));
    writeFileSync(path, encodePoster(onStageBackdrop(image, width, height)));
  }
  return { file, width, height, alt: request.alt };
}
