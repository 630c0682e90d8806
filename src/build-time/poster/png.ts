// PNG files written and read with node:zlib alone, for the figures' posters (build time only).
//
// encodePng picks the smallest honest form: an indexed image (PLTE + tRNS, 8 bits per index) when
// the picture has at most 256 distinct RGBA colours, else 8-bit RGBA. Each row gets the filter
// (none, sub, up, average, Paeth) whose output has the smallest sum of absolute bytes, the usual
// heuristic of the PNG specification (W3C PNG, 3rd edition, section 12.8). decodePng reads back
// what encodePng writes (and any 8-bit RGBA, RGB, grey or indexed non-interlaced PNG), for tests.

import { deflateSync, inflateSync } from 'node:zlib';

/** An image: `width` × `height` pixels, 4 bytes each (R, G, B, straight alpha), rows top to bottom. */
export interface RgbaImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of `bytes` as PNG chunks use it (ISO 3309 polynomial). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Filters `rows` (height rows of rowBytes bytes) row by row with the best of the five filters. */
function filterRows(raw: Uint8Array, rowBytes: number, height: number, bytesPerPixel: number): Uint8Array {
  const out = new Uint8Array(height * (rowBytes + 1));
  const candidate = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    const above = row - rowBytes;
    let bestSum = Infinity;
    for (let filter = 0; filter < 5; filter++) {
      let sum = 0;
      for (let i = 0; i < rowBytes; i++) {
        const x = raw[row + i];
        const a = i >= bytesPerPixel ? raw[row + i - bytesPerPixel] : 0;
        const b = y > 0 ? raw[above + i] : 0;
        const c = y > 0 && i >= bytesPerPixel ? raw[above + i - bytesPerPixel] : 0;
        const predicted = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
        const value = (x - predicted) & 0xff;
        candidate[i] = value;
        sum += value < 128 ? value : 256 - value;
      }
      if (sum < bestSum) {
        bestSum = sum;
        out[y * (rowBytes + 1)] = filter;
        out.set(candidate, y * (rowBytes + 1) + 1);
      }
    }
  }
  return out;
}

/** The image's colours as a palette, or null when there are more than 256. */
function paletteOf(image: RgbaImage): { colors: number[]; indices: Uint8Array } | null {
  const { pixels } = image;
  const indexOf = new Map<number, number>();
  const colors: number[] = [];
  const indices = new Uint8Array(pixels.length / 4);
  for (let p = 0; p < indices.length; p++) {
    const o = 4 * p;
    // Fully transparent pixels are one colour, whatever their RGB.
    const key = pixels[o + 3] === 0 ? 0 : ((pixels[o] << 24) | (pixels[o + 1] << 16) | (pixels[o + 2] << 8) | pixels[o + 3]) >>> 0;
    let index = indexOf.get(key);
    if (index === undefined) {
      if (colors.length === 256) return null;
      index = colors.length;
      indexOf.set(key, index);
      colors.push(key);
    }
    indices[p] = index;
  }
  return { colors, indices };
}

/** Encodes `image` as a PNG file (indexed when it has ≤ 256 colours); throws on a size mismatch. */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height, pixels } = image;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new Error(`encodePng: width and height must be positive integers, got ${width} × ${height}`);
  }
  if (pixels.length !== 4 * width * height) {
    throw new Error(`encodePng: ${width} × ${height} pixels need ${4 * width * height} bytes, got ${pixels.length}`);
  }
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header[8] = 8;
  const parts: Uint8Array[] = [SIGNATURE];
  const palette = paletteOf(image);
  let filtered: Uint8Array;
  if (palette !== null) {
    header[9] = 3;
    parts.push(chunk('IHDR', header));
    const plte = new Uint8Array(3 * palette.colors.length);
    const trns = new Uint8Array(palette.colors.length);
    palette.colors.forEach((key, i) => {
      plte[3 * i] = key >>> 24;
      plte[3 * i + 1] = (key >>> 16) & 0xff;
      plte[3 * i + 2] = (key >>> 8) & 0xff;
      trns[i] = key & 0xff;
    });
    parts.push(chunk('PLTE', plte));
    if (trns.some((alpha) => alpha !== 255)) parts.push(chunk('tRNS', trns));
    // Indices are not smooth: filters rarely help, so rows go unfiltered (filter 0).
    filtered = new Uint8Array(height * (width + 1));
    for (let y = 0; y < height; y++) filtered.set(palette.indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  } else {
    header[9] = 6;
    parts.push(chunk('IHDR', header));
    filtered = filterRows(pixels, 4 * width, height, 4);
  }
  parts.push(chunk('IDAT', new Uint8Array(deflateSync(filtered, { level: 9, memLevel: 9 }))));
  parts.push(chunk('IEND', new Uint8Array(0)));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Decodes a non-interlaced 8-bit PNG (RGBA, RGB, grey, grey + alpha or indexed) into RGBA; throws on anything else. */
export function decodePng(file: Uint8Array): RgbaImage {
  for (let i = 0; i < SIGNATURE.length; i++) if (file[i] !== SIGNATURE[i]) throw new Error('decodePng: not a PNG signature');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let offset = 8;
  let width = 0, height = 0, colorType = -1;
  let plte: Uint8Array | null = null;
  let trns: Uint8Array | null = null;
  const data: Uint8Array[] = [];
  while (offset < file.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...file.subarray(offset + 4, offset + 8));
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (crc32(file, offset + 4, offset + 8 + length) !== view.getUint32(offset + 8 + length)) throw new Error(`decodePng: bad CRC in ${type}`);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('decodePng: only 8-bit, non-interlaced images');
      colorType = body[9];
    } else if (type === 'PLTE') plte = body;
    else if (type === 'tRNS') trns = body;
    else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (channels === undefined) throw new Error(`decodePng: colour type ${colorType} is not supported`);
  const raw = inflateSync(Buffer.concat(data));
  const rowBytes = width * channels;
  const unfiltered = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (rowBytes + 1)];
    for (let i = 0; i < rowBytes; i++) {
      const x = raw[y * (rowBytes + 1) + 1 + i];
      const a = i >= channels ? unfiltered[y * rowBytes + i - channels] : 0;
      const b = y > 0 ? unfiltered[(y - 1) * rowBytes + i] : 0;
      const c = y > 0 && i >= channels ? unfiltered[(y - 1) * rowBytes + i - channels] : 0;
      const predicted = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
      unfiltered[y * rowBytes + i] = (x + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(4 * width * height);
  for (let p = 0; p < width * height; p++) {
    const s = p * channels;
    const o = 4 * p;
    if (colorType === 3) {
      const index = unfiltered[s];
      pixels[o] = plte![3 * index];
      pixels[o + 1] = plte![3 * index + 1];
      pixels[o + 2] = plte![3 * index + 2];
      pixels[o + 3] = trns !== null && index < trns.length ? trns[index] : 255;
    } else if (colorType === 0 || colorType === 4) {
      pixels[o] = pixels[o + 1] = pixels[o + 2] = unfiltered[s];
      pixels[o + 3] = colorType === 4 ? unfiltered[s + 1] : 255;
    } else {
      pixels[o] = unfiltered[s];
      pixels[o + 1] = unfiltered[s + 1];
      pixels[o + 2] = unfiltered[s + 2];
      pixels[o + 3] = colorType === 6 ? unfiltered[s + 3] : 255;
    }
  }
  return { width, height, pixels };
}
