// Colour reduction for the posters: at most 256 RGBA colours, so that encodePng writes an indexed
// PNG (a quarter of the bytes per pixel before compression, and far better compression).
//
// Median cut (Heckbert, "Color image quantization for frame buffer display", SIGGRAPH 1982) over
// a histogram of 5-bit-per-channel colours with 4-bit alpha: the box with the most pixels × widest
// channel range is split at its weighted median until there are enough boxes; each box's colour is
// the pixel-weighted mean of its members. Fully transparent pixels keep a palette entry of their own.

import type { RgbaImage } from './png.ts';

interface Bucket {
  /** Channel means over the bucket's pixels, 0–255: r, g, b, a. */
  mean: [number, number, number, number];
  count: number;
  paletteIndex: number;
}

function keyOf(pixels: Uint8Array, o: number): number {
  return ((pixels[o] >> 3) << 14) | ((pixels[o + 1] >> 3) << 9) | ((pixels[o + 2] >> 3) << 4) | (pixels[o + 3] >> 4);
}

/** A copy of `image` with at most `maxColors` (2 to 256) distinct RGBA colours; an image with fewer comes back unchanged in value. */
export function quantizeImage(image: RgbaImage, maxColors = 256): RgbaImage {
  if (!(Number.isInteger(maxColors) && maxColors >= 2 && maxColors <= 256)) {
    throw new Error(`quantizeImage: maxColors must be an integer from 2 to 256, got ${maxColors}`);
  }
  const { pixels } = image;
  const pixelCount = pixels.length / 4;
  const exact = new Set<number>();
  for (let p = 0; p < pixelCount && exact.size <= maxColors; p++) {
    const o = 4 * p;
    exact.add(pixels[o + 3] === 0 ? -1 : ((pixels[o] << 24) | (pixels[o + 1] << 16) | (pixels[o + 2] << 8) | pixels[o + 3]) >>> 0);
  }
  if (exact.size <= maxColors) return { width: image.width, height: image.height, pixels: pixels.slice() };

  const buckets = new Map<number, Bucket>();
  for (let p = 0; p < pixelCount; p++) {
    const o = 4 * p;
    if (pixels[o + 3] === 0) continue;
    const key = keyOf(pixels, o);
    let bucket = buckets.get(key);
    if (bucket === undefined) {
      bucket = { mean: [0, 0, 0, 0], count: 0, paletteIndex: 0 };
      buckets.set(key, bucket);
    }
    for (let c = 0; c < 4; c++) bucket.mean[c] += pixels[o + c];
    bucket.count++;
  }
  const all = [...buckets.values()];
  for (const bucket of all) for (let c = 0; c < 4; c++) bucket.mean[c] /= bucket.count;

  // One palette entry is kept for fully transparent pixels.
  interface Box {
    members: Bucket[];
    channel: number;
    /** Widest channel range × √pixels: the box split next has the largest. */
    score: number;
  }
  const boxOf = (members: Bucket[]): Box => {
    let channel = 0, range = -1, count = 0;
    for (const bucket of members) count += bucket.count;
    for (let c = 0; c < 4; c++) {
      let min = Infinity, max = -Infinity;
      for (const bucket of members) {
        if (bucket.mean[c] < min) min = bucket.mean[c];
        if (bucket.mean[c] > max) max = bucket.mean[c];
      }
      if (max - min > range) {
        range = max - min;
        channel = c;
      }
    }
    return { members, channel, score: members.length < 2 ? 0 : range * Math.sqrt(count) };
  };
  const boxes: Box[] = [boxOf(all)];
  while (boxes.length < maxColors - 1) {
    let chosen = -1;
    for (let i = 0; i < boxes.length; i++) if (boxes[i].score > 0 && (chosen < 0 || boxes[i].score > boxes[chosen].score)) chosen = i;
    if (chosen < 0) break;
    const { members, channel } = boxes[chosen];
    members.sort((a, b) => a.mean[channel] - b.mean[channel]);
    const total = members.reduce((sum, bucket) => sum + bucket.count, 0);
    let running = 0, split = 1;
    for (let i = 0; i < members.length - 1; i++) {
      running += members[i].count;
      if (running >= total / 2) {
        split = i + 1;
        break;
      }
    }
    boxes.splice(chosen, 1, boxOf(members.slice(0, split)), boxOf(members.slice(split)));
  }
  const palette: number[][] = boxes.map(({ members: box }, index) => {
    const sum = [0, 0, 0, 0];
    let count = 0;
    for (const bucket of box) {
      bucket.paletteIndex = index;
      for (let c = 0; c < 4; c++) sum[c] += bucket.mean[c] * bucket.count;
      count += bucket.count;
    }
    return sum.map((value) => Math.round(value / count));
  });
  const out = new Uint8Array(pixels.length);
  for (let p = 0; p < pixelCount; p++) {
    const o = 4 * p;
    if (pixels[o + 3] === 0) continue;
    const entry = palette[buckets.get(keyOf(pixels, o))!.paletteIndex];
    out[o] = entry[0];
    out[o + 1] = entry[1];
    out[o + 2] = entry[2];
    out[o + 3] = entry[3];
  }
  return { width: image.width, height: image.height, pixels: out };
}
