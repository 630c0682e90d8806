// Chapter 9's build-time views of two-bones.glb: the glTF JSON and the loader's result
// (file-anatomy.ts), and Assimp's aiScene of the same file (assimp-view.ts) — whose offset
// matrices must be exactly the transposes of the file's inverse bind matrices.
import { describe, expect, it } from 'vitest';
import { computeAssimpView } from '../../src/figures/row-major/assimp-view.ts';
import { computeFileAnatomy, formatJson } from '../../src/figures/row-major/file-anatomy.ts';

describe('the file anatomy of two-bones.glb', () => {
  const anatomy = computeFileAnatomy();

  it('prints the JSON the file holds, short arrays on one line', () => {
    expect(JSON.parse(anatomy.json)).toEqual(anatomy.gltf);
    expect(anatomy.json).toContain('"joints": [0, 1]');
    expect(anatomy.json).toContain('"translation": [0, 1, 0]');
    expect(formatJson({ a: [1, 2], b: { c: [] } })).toBe('{\n  "a": [1, 2],\n  "b": {\n    "c": []\n  }\n}');
  });

  it('shows rows the loader read from the accessors: blended weights at the joint, one joint at the ends', () => {
    const [base, middleA, middleB, top] = anatomy.influences;
    expect(base.weights[0]).toBe(1);
    expect(top.joints[0]).toBe(1);
    for (const row of [middleA, middleB]) {
      expect(row.weights[0] + row.weights[1]).toBeCloseTo(1, 6);
      expect(row.weights[1]).toBeGreaterThan(0);
    }
    // child's inverse bind matrix moves y down by 1: row 1, column 3 is −1.
    expect(anatomy.inverseBindRows[1][1][3]).toBe(-1);
    expect(anatomy.hierarchy.map((node) => node.name)).toEqual(['root', 'child', 'column']);
    expect(anatomy.hierarchy.map((node) => node.joint)).toEqual([0, 1, -1]);
    expect(anatomy.keys.length).toBe(5);
  });
});

describe("Assimp's view of two-bones.glb (assimpjs at build time)", async () => {
  const anatomy = computeFileAnatomy();
  const view = await computeAssimpView();

  it('has the node tree under a ROOT node, the two bones, the bend clip', () => {
    expect(view.root.name).toBe('ROOT');
    expect(view.root.children.map((child) => child.name)).toEqual(['root', 'column']);
    expect(view.bones.map((bone) => bone.name)).toEqual(['root', 'child']);
    expect(view.animation.name).toBe('bend');
    expect(view.animation.channels).toEqual([{ name: 'child', rotationKeys: 5 }]);
  });

  it("stores each offset matrix row-major: Assimp's array is the transpose of glTF's column-major array", () => {
    const skin = anatomy.model.skins[0];
    view.bones.forEach((bone, j) => {
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) expect(bone.offsetMatrix[4 * r + c], `${bone.name} (${r}, ${c})`).toBeCloseTo(skin.inverseBindMatrices[16 * j + 4 * c + r], 6);
      }
    });
    // child's node transform: translation y = 1 sits at index 7 (row 1, column 3), not 13.
    const child = view.root.children[0].children[0];
    expect(child.transformation[7]).toBe(1);
    expect(child.transformation[13]).toBe(0);
  });

  it('counts time in ticks: duration × 1/ticksPerSecond is the clip length in seconds', () => {
    expect(view.animation.duration / view.animation.ticksPerSecond).toBeCloseTo(anatomy.model.clips[0].duration, 6);
  });
});
