// The GPU-side layout of a crowd (chapter 12), apart from its shaders so that build-time code can
// use it: the palette atlas — one float texture holding many palettes, matrix after matrix, read
// by shaders/variants/crowd.vert — and the per-instance attributes. Drawing is crowd-pass.ts's.

/** `layout(location = …)` of shaders/variants/crowd.vert's per-instance attributes (the per-vertex ones are SkinAttribute's). */
export const CrowdAttribute = { PLACEMENT: 4, PALETTE_BASE: 5 } as const;

/** Floats per instance in a placements array: x, z (model units), cos and sin of the heading. */
export const PLACEMENT_FLOATS = 4;

/**
 * Matrices per row of a palette atlas (4 RGBA32F texels each, so rows are 256 texels wide). A row
 * is the unit of upload; 64 matrices keep a small crowd's upload small and 1,000 instances of a
 * 19-joint skeleton at 297 rows, far below the 2,048 rows every WebGL2 device allows.
 */
export const MATRICES_PER_ROW = 64;

/** A float texture of many palettes, matrix after matrix (see shaders/variants/crowd.vert). */
export interface PaletteAtlas {
  texture: WebGLTexture;
  /** Matrices it holds: rows × MATRICES_PER_ROW. */
  capacity: number;
  rows: number;
}

/** Rows of MATRICES_PER_ROW matrices needed for `matrixCount` matrices (at least 1). */
export function paletteAtlasRows(matrixCount: number): number {
  return Math.max(1, Math.ceil(matrixCount / MATRICES_PER_ROW));
}

/**
 * Floats an array must hold to upload `matrixCount` matrices as whole rows: 16 per matrix, padded
 * to a whole number of rows. Arrays handed to uploadPaletteAtlas are allocated with this length.
 */
export function paletteAtlasFloats(matrixCount: number): number {
  return 16 * MATRICES_PER_ROW * paletteAtlasRows(matrixCount);
}

/**
 * Allocates an atlas for `matrixCount` matrices (contents undefined until uploaded), or returns
 * the reason this GPU cannot hold it.
 */
export function createPaletteAtlas(gl: WebGL2RenderingContext, matrixCount: number): PaletteAtlas | string {
  const rows = paletteAtlasRows(matrixCount);
  const maxSize = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  if (rows > maxSize) return `The crowd needs ${rows} rows of palette texture, but this GPU's textures hold at most ${maxSize}.`;
  const texture = gl.createTexture();
  if (texture === null) return 'Could not create the palette texture (is the WebGL context lost?).';
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, 4 * MATRICES_PER_ROW, rows);
  // Read with texelFetch only; float textures are not filterable, so NEAREST keeps it complete.
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.bindTexture(gl.TEXTURE_2D, null);
  return { texture, capacity: rows * MATRICES_PER_ROW, rows };
}

/**
 * Uploads the first `matrixCount` matrices of `palettes` (16 floats each, column-major, read only;
 * at least paletteAtlasFloats(matrixCount) floats) as whole rows, leaving the atlas bound to
 * TEXTURE_2D of the active unit. Returns the bytes sent. Allocates nothing.
 */
// #region upload-palette-atlas
export function uploadPaletteAtlas(gl: WebGL2RenderingContext, atlas: PaletteAtlas, palettes: Float32Array, matrixCount: number): number {
  const rows = Math.min(atlas.rows, paletteAtlasRows(matrixCount), Math.floor(palettes.length / (16 * MATRICES_PER_ROW)));
  gl.bindTexture(gl.TEXTURE_2D, atlas.texture);
  gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, 4 * MATRICES_PER_ROW, rows, gl.RGBA, gl.FLOAT, palettes, 0);
  return rows * MATRICES_PER_ROW * 64;
}
// #endregion upload-palette-atlas
