// The numbers chapter 6 quotes for the Khronos sample RiggedFigure (../shared/models/khronos, read
// here only: the site never loads it): a Z_UP root whose −90° turn about x every rest-pose skinning
// matrix carries, a mesh node "Proxy" directly under that root, and what glTF's rule, ogldev's
// global inverse and the mesh node's transform each make of the stored, Z-up mesh. Skipped, by
// name, on a machine without ../shared.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPalette, createPlayer, skinVertices, type Model } from '../../src/core/index.ts';
import { invertMat4At } from '../../src/core/math.ts';
import { buildPaletteWithMeshNodeTransform } from '../../src/core/pitfalls.ts';
import { loadModelFile } from '../../tools/inspect.ts';
import { expectClose } from './helpers.ts';

const FILE = fileURLToPath(new URL('../../../shared/models/khronos/RiggedFigure/RiggedFigure.glb', import.meta.url));
/** R_x(−90°), column-major: y → −z, z → y. */
const TURN_DOWN = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];

/** [min x, min y, min z, max x, max y, max z] of the first primitive skinned through `palette`. */
function boundsThrough(model: Model, palette: Float32Array): number[] {
  const primitive = model.meshes[0].primitives[0];
  const out = new Float32Array(3 * primitive.vertexCount);
  skinVertices(out, null, primitive, palette);
  return boundsOf(out);
}

function boundsOf(points: Float32Array): number[] {
  const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      b[c] = Math.min(b[c], points[i + c]);
      b[3 + c] = Math.max(b[3 + c], points[i + c]);
    }
  }
  return b;
}

describe.skipIf(!existsSync(FILE))('chapter 6: the Khronos sample RiggedFigure', () => {
  const model = existsSync(FILE) ? loadModelFile(FILE) : (null as unknown as Model);

  it('hangs its skinned mesh node "Proxy" directly under the root Z_UP, R_x(−90°), with no transform of its own', () => {
    const { names, parents, rest } = model.hierarchy;
    const zUp = names.indexOf('Z_UP');
    const proxy = model.meshes[0].node;
    expect(parents[zUp]).toBe(-1);
    expect(names[proxy]).toBe('Proxy');
    expect(parents[proxy]).toBe(zUp);
    expect(Array.from(rest.translations.subarray(3 * proxy, 3 * proxy + 3))).toEqual([0, 0, 0]);
    expect(Array.from(rest.rotations.subarray(4 * proxy, 4 * proxy + 4))).toEqual([0, 0, 0, 1]);
    const player = createPlayer(model);
    expectClose(player.globals.subarray(16 * zUp, 16 * zUp + 16), TURN_DOWN, 1e-7);
    expect(model.skins[0].joints.length).toBe(19);
    expect(model.meshes[0].primitives[0].vertexCount).toBe(370);
  });

  it('carries Z_UP in every rest-pose skinning matrix, to within 1.5 × 10⁻⁶', () => {
    const player = createPlayer(model);
    const zUp = model.hierarchy.names.indexOf('Z_UP');
    let worst = 0;
    for (let j = 0; j < model.skins[0].joints.length; j++) {
      for (let k = 0; k < 16; k++) worst = Math.max(worst, Math.abs(player.palettes[0][16 * j + k] - player.globals[16 * zUp + k]));
    }
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(1.5e-6);
  });

  it('stores the mesh Z up, 1.45 m tall; glTF\'s rule stands it up, ogldev\'s global inverse gives it back as stored, the mesh node lays it down', () => {
    const player = createPlayer(model);
    const skin = model.skins[0];
    const zUp = model.hierarchy.names.indexOf('Z_UP');
    const stored = boundsOf(model.meshes[0].primitives[0].positions);
    expect(stored[2]).toBe(0);
    expect(stored[5].toFixed(2)).toBe('1.45'); // tall along z
    const upright = boundsThrough(model, player.palettes[0]);
    expect(Math.abs(upright[1])).toBeLessThan(1e-6);
    expect(upright[4].toFixed(2)).toBe('1.45'); // tall along y
    // ogldev: m_GlobalInverseTransform = the root's inverse; the stored vertices come back to within 10⁻⁶.
    const globalInverse = invertMat4At(new Float32Array(16), 0, player.globals, 16 * zUp)!;
    const ogldev = buildPalette(new Float32Array(player.palettes[0].length), skin, player.globals, globalInverse);
    const primitive = model.meshes[0].primitives[0];
    const out = new Float32Array(3 * primitive.vertexCount);
    skinVertices(out, null, primitive, ogldev);
    expectClose(out, primitive.positions, 1e-6);
    // The mesh node's world matrix (Z_UP again) turns it a further 90°: lying on its back, head to −z.
    const placedTwice = buildPaletteWithMeshNodeTransform(new Float32Array(player.palettes[0].length), skin, player.globals, null, model.meshes[0].node);
    const lying = boundsThrough(model, placedTwice);
    expect(lying[2].toFixed(2)).toBe('-1.45');
    expect(Math.abs(lying[5])).toBeLessThan(1e-6);
    expect(lying[4] - lying[1]).toBeLessThan(0.35);
  });
});
