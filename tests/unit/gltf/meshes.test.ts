import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../../src/core/gltf/index.ts';
import { skinVertices } from '../../../src/core/skin.ts';
import { paletteOf } from '../helpers.ts';
import { GltfBuilder, type Json } from './builder.ts';
import { ARM, ARM_JOINTS, ARM_WEIGHTS, armIndices, armNormals, armPositions, fan, riggedArm } from './fixtures.ts';
import { expectBothFail, expectClose, mulberry32, parseBoth } from './helpers.ts';

function editedArm(edit: (json: Json, builder: GltfBuilder) => void): GltfBuilder {
  const b = riggedArm();
  edit(b.json, b);
  return b;
}

const PRIMITIVE = 'meshes[0].primitives[0]';
/** The note for a primitive without NORMAL (fan() and other fixtures here have none). */
const COMPUTED_NORMALS = `${PRIMITIVE}: no NORMAL attribute; smooth normals computed from the triangles`;

describe('skinned meshes', () => {
  it('reads the arm: positions, normals, influences, indices', () => {
    const model = parseBoth(riggedArm());
    expect(model.meshes).toHaveLength(1);
    const mesh = model.meshes[0];
    expect(mesh).toMatchObject({ name: 'Arm', node: 0, skin: 0 });
    expect(mesh.primitives).toHaveLength(1);
    const p = mesh.primitives[0];
    expect(p.vertexCount).toBe(12);
    expect(p.positions).toEqual(armPositions());
    expectClose(p.normals as Float32Array, armNormals(), 1e-6);
    expect(p.joints).toBeInstanceOf(Uint16Array);
    expect(p.joints).toEqual(new Uint16Array(ARM_JOINTS));
    expect(p.weights).toEqual(ARM_WEIGHTS);
    expect(p.indices).toBeInstanceOf(Uint32Array);
    expect(p.indices).toEqual(new Uint32Array(armIndices()));
    expect(model.notes).toEqual([]);
  });

  it('reads indices of every unsigned type, and non-indexed primitives', () => {
    for (const indices of [new Uint8Array(armIndices()), new Uint32Array(armIndices())]) {
      const model = parseBoth(
        editedArm((json, b) => (json.meshes[0].primitives[0].indices = b.accessor(indices, 'SCALAR'))),
      );
      expect(model.meshes[0].primitives[0].indices).toEqual(new Uint32Array(armIndices()));
    }
    const model = parseBoth(editedArm((json) => delete json.meshes[0].primitives[0].indices));
    expect(model.meshes[0].primitives[0].indices).toBeNull();
  });

  it('names the mesh after its node when the mesh has no name', () => {
    const model = parseBoth(editedArm((json) => delete json.meshes[0].name));
    expect(model.meshes[0].name).toBe('ArmMesh');
  });

  it('reads normalised weights and quantised positions', () => {
    // Writers make quantised weights sum to exactly 255 (or 65535): 0.5 + 0.5 becomes 128 + 127.
    const quantise = (max: number) =>
      ARM_WEIGHTS.map((w, i) => (w === 0.5 ? (i % 4 === 0 ? Math.ceil(max / 2) : Math.floor(max / 2)) : w * max));
    const weightsU8 = new Uint8Array(quantise(255));
    const weightsU16 = new Uint16Array(quantise(65535));
    for (const weights of [weightsU8, weightsU16]) {
      const model = parseBoth(
        editedArm((json, b) => {
          json.meshes[0].primitives[0].attributes.WEIGHTS_0 = b.accessor(weights, 'VEC4', { normalized: true });
        }),
      );
      // 128/255 + 127/255 = 1, renormalised to 0.50196 and 0.49804: within the reporting tolerance.
      expectClose(model.meshes[0].primitives[0].weights, ARM_WEIGHTS, 0.002);
      expect(model.notes).toEqual([]);
    }
    const positions = new Int16Array(armPositions().map((v) => Math.round((v / 4) * 32767)));
    const model = parseBoth(
      editedArm((json, b) => {
        json.meshes[0].primitives[0].attributes.POSITION = b.accessor(positions, 'VEC3', { normalized: true });
      }),
    );
    expectClose(
      model.meshes[0].primitives[0].positions,
      armPositions().map((v) => v / 4),
      1e-4,
    );
  });

  it('shares primitives between nodes that draw the same mesh with the same skin', () => {
    const model = parseBoth(
      editedArm((json) => {
        json.nodes.push({ name: 'Copy', mesh: 0, skin: 0 });
        json.skins.push({ joints: [2, 4] });
        json.nodes.push({ name: 'Other skin', mesh: 0, skin: 1 });
      }),
    );
    expect(model.meshes.map((m) => [m.node, m.skin])).toEqual([
      [0, 0],
      [5, 0],
      [6, 1],
    ]);
    expect(model.meshes[1].primitives).toBe(model.meshes[0].primitives);
    expect(model.meshes[2].primitives).not.toBe(model.meshes[0].primitives);
    expect(model.meshes[2].primitives).toEqual(model.meshes[0].primitives);
  });
});

describe("the material's sides", () => {
  it('is single-sided without a material, or with one that does not say (glTF defaults)', () => {
    expect(parseBoth(riggedArm()).meshes[0].primitives[0].doubleSided).toBe(false);
    const model = parseBoth(
      editedArm((json) => {
        json.materials = [{ name: 'clay' }];
        json.meshes[0].primitives[0].material = 0;
      }),
    );
    expect(model.meshes[0].primitives[0].doubleSided).toBe(false);
  });

  it("reads doubleSided, and keeps apart primitives that differ only in it", () => {
    const model = parseBoth(
      editedArm((json) => {
        json.materials = [{ doubleSided: true }, { doubleSided: false }];
        const primitive = json.meshes[0].primitives[0];
        primitive.material = 0;
        json.meshes[0].primitives.push({ ...primitive, material: 1 }, { ...primitive, material: 0 });
      }),
    );
    const [first, second, third] = model.meshes[0].primitives;
    expect([first.doubleSided, second.doubleSided, third.doubleSided]).toEqual([true, false, true]);
    expect(second).not.toBe(first);
    expect(third).toBe(first);
    expect(second.positions).toEqual(first.positions);
  });

  it('refuses a doubleSided that is not a boolean, and a material index out of range', () => {
    expectBothFail(
      editedArm((json) => {
        json.materials = [{ doubleSided: 'yes' }];
        json.meshes[0].primitives[0].material = 0;
      }),
      'materials[0].doubleSided: expected true or false, got "yes"',
    );
    const path = expectBothFail(
      editedArm((json) => {
        json.meshes[0].primitives[0].material = 2;
      }),
      `${PRIMITIVE}.material: material 2 does not exist (0 materials)`,
    );
    expect(path).toBe(`${PRIMITIVE}.material`);
  });
});

describe('what is skipped or ignored, with notes', () => {
  it('notes meshes without a skin and skins without a mesh', () => {
    const model = parseBoth(
      editedArm((json) => {
        json.nodes.push({ mesh: 0 }, { mesh: 0 }, { skin: 0 });
      }),
    );
    expect(model.meshes).toHaveLength(1);
    expect(model.notes).toEqual([
      'nodes[7]: has a skin but no mesh; ignored',
      "nodes[5], nodes[6]: have meshes without a skin; drawn rigidly, each placed by its node's global matrix",
      'nodes[5], nodes[6]: JOINTS_n/WEIGHTS_n on a mesh whose node has no skin; not read (no skin says which joints they name)',
    ]);
  });

  it('skips primitives that are not triangle lists, and ones without POSITION', () => {
    const model = parseBoth(
      editedArm((json) => {
        const triangles = json.meshes[0].primitives[0];
        json.meshes[0].primitives.push({ ...triangles, mode: 1 }, { ...triangles, mode: 5 });
        json.meshes[0].primitives.push({ attributes: { NORMAL: ARM.normal } });
      }),
    );
    expect(model.meshes[0].primitives).toHaveLength(1);
    expect(model.notes).toEqual([
      'meshes[0].primitives[1]: mode 1 (LINES) is not a triangle list; skipped',
      'meshes[0].primitives[2]: mode 5 (TRIANGLE_STRIP) is not a triangle list; skipped',
      'meshes[0].primitives[3].attributes: no POSITION; skipped',
    ]);
  });

  it('ignores morph targets with a note', () => {
    const model = parseBoth(
      editedArm((json) => {
        json.meshes[0].primitives[0].targets = [{ POSITION: ARM.position }, { NORMAL: ARM.normal }];
        json.meshes[0].weights = [0.5, 0.5];
      }),
    );
    expect(model.meshes[0].primitives[0].positions).toEqual(armPositions());
    expect(model.notes).toEqual(['meshes[0].primitives[0].targets: 2 morph targets ignored']);
  });

  it('renormalises normals and replaces zero ones, with notes', () => {
    const normals = armNormals().map((v) => v * 2);
    normals.fill(0, 0, 3);
    const model = parseBoth(
      editedArm((json, b) => (json.meshes[0].primitives[0].attributes.NORMAL = b.accessor(normals, 'VEC3'))),
    );
    const out = model.meshes[0].primitives[0].normals as Float32Array;
    expect([...out.subarray(0, 3)]).toEqual([0, 0, 1]);
    expectClose(out.subarray(3), armNormals().subarray(3), 1e-6);
    expect(model.notes).toEqual([
      `${PRIMITIVE}.attributes.NORMAL: 11 normals were not unit length; renormalised`,
      `${PRIMITIVE}.attributes.NORMAL: 1 zero-length normal replaced by +Z`,
    ]);
  });
});

describe('normals the file lacks', () => {
  /** The face normal of tiltedQuad(): (−1, 0, 1) / √2. */
  const FACE = [-Math.SQRT1_2, 0, Math.SQRT1_2];

  /**
   * A flat quad in the plane x = z, counter-clockwise seen from (−1, 0, 1), with no NORMAL: 4
   * vertices and 2 triangles when indexed, else 6 vertices. One joint (identity inverse bind
   * matrix) with weight 1 on every vertex.
   */
  function tiltedQuad(indexed: boolean): GltfBuilder {
    const b = new GltfBuilder();
    const corners = [
      [0, 0, 0],
      [1, 0, 1],
      [1, 1, 1],
      [0, 1, 0],
    ];
    const triangles = [0, 1, 2, 0, 2, 3];
    const order = indexed ? [0, 1, 2, 3] : triangles;
    const count = order.length;
    const attributes = {
      POSITION: b.accessor(new Float32Array(order.flatMap((c) => corners[c])), 'VEC3'),
      JOINTS_0: b.accessor(new Uint8Array(4 * count), 'VEC4'),
      WEIGHTS_0: b.accessor(new Float32Array(Array.from({ length: count }, () => [1, 0, 0, 0]).flat()), 'VEC4'),
    };
    const primitive: Json = { attributes };
    if (indexed) primitive.indices = b.accessor(new Uint16Array(triangles), 'SCALAR');
    b.json.nodes = [{ mesh: 0, skin: 0 }, { name: 'Joint' }];
    b.json.skins = [{ joints: [1] }];
    b.json.meshes = [{ primitives: [primitive] }];
    return b;
  }

  it('computes unit normals equal to the face normal of a flat quad, indexed or not, with a note', () => {
    for (const indexed of [true, false]) {
      const model = parseBoth(tiltedQuad(indexed));
      const p = model.meshes[0].primitives[0];
      expect(p.vertexCount).toBe(indexed ? 4 : 6);
      expect(p.normals).toBeInstanceOf(Float32Array);
      expect(p.normals).toHaveLength(3 * p.vertexCount);
      for (let v = 0; v < p.vertexCount; v++) {
        const normal = p.normals!.subarray(3 * v, 3 * v + 3);
        expect(Math.hypot(...normal)).toBeCloseTo(1, 6);
        expectClose(normal, FACE, 1e-6);
      }
      expect(model.notes).toEqual([COMPUTED_NORMALS]);
    }
  });

  it("names the primitive that lacked NORMAL, and keeps a file's own normals", () => {
    const model = parseBoth(
      editedArm((json) => {
        const withNormals = json.meshes[0].primitives[0];
        const attributes = { ...withNormals.attributes };
        delete attributes.NORMAL;
        json.meshes[0].primitives.push({ ...withNormals, attributes });
      }),
    );
    const [own, computed] = model.meshes[0].primitives;
    expectClose(own.normals!, armNormals(), 1e-6);
    // Computed normals follow the winding. The arm's triangles are clockwise seen from outside (its
    // file normals point outwards all the same), so its smooth normals point inwards: within 20°
    // of the opposite of the file's corner normals.
    const file = armNormals();
    for (let v = 0; v < computed.vertexCount; v++) {
      const n = computed.normals!.subarray(3 * v, 3 * v + 3);
      expect(Math.hypot(...n)).toBeCloseTo(1, 6);
      expect(n[0] * file[3 * v] + n[1] * file[3 * v + 1] + n[2] * file[3 * v + 2]).toBeLessThan(-Math.cos(Math.PI / 9));
    }
    expect(model.notes).toEqual([
      'meshes[0].primitives[1]: no NORMAL attribute; smooth normals computed from the triangles',
    ]);
  });

  it('so that skinVertices skins them: a quarter turn about Y turns the face normal with it', () => {
    const p = parseBoth(tiltedQuad(true)).meshes[0].primitives[0];
    const quarterTurn = mat4.fromYRotation(mat4.create(), Math.PI / 2);
    const positions = new Float32Array(3 * p.vertexCount);
    const normals = new Float32Array(3 * p.vertexCount).fill(7);
    skinVertices(positions, normals, p, paletteOf([quarterTurn]));
    // (x, y, z) → (z, y, −x): the face normal (−1, 0, 1) / √2 becomes (1, 0, 1) / √2.
    for (let v = 0; v < p.vertexCount; v++) {
      expectClose(normals.subarray(3 * v, 3 * v + 3), [Math.SQRT1_2, 0, Math.SQRT1_2], 1e-6);
    }
    expectClose(positions.subarray(3, 6), [1, 0, -1], 1e-6);
  });
});

describe('influences', () => {
  it('merges sets, keeps the 4 largest, renormalises and binds weightless vertices to the nearest joint', () => {
    const model = parseBoth(fan());
    const p = model.meshes[0].primitives[0];
    // Vertex 0: joint 0: 0.125 + 0.0625, joint 1: 0.25 + 0.0625, joint 2: 0.0625, joint 3: 0.1875,
    // joint 4: 0.1875, joint 5: 0.0625 → kept 1 (0.3125), then the tie 0, 3, 4 (0.1875) in file
    // order; sum 0.875.
    expect([...p.joints.subarray(0, 4)]).toEqual([1, 0, 3, 4]);
    expectClose(p.weights.subarray(0, 4), [0.3125 / 0.875, 0.1875 / 0.875, 0.1875 / 0.875, 0.1875 / 0.875], 1e-7);
    // Vertex 1: 0.25 on joint 2, then 0.125 each on 0, 1, 3 in file order; sum 0.625.
    expect([...p.joints.subarray(4, 8)]).toEqual([2, 0, 1, 3]);
    expectClose(p.weights.subarray(4, 8), [0.4, 0.2, 0.2, 0.2], 1e-7);
    // Vertex 2: no weight, nearest joint origin is joint 4 (x = 4).
    expect([...p.joints.subarray(8, 12)]).toEqual([4, 0, 0, 0]);
    expect([...p.weights.subarray(8, 12)]).toEqual([1, 0, 0, 0]);
    expect(model.notes).toEqual([
      `${PRIMITIVE}: 1 vertex had more than 4 influences (2 joint sets); kept the 4 largest and renormalised`,
      `${PRIMITIVE}: 1 vertex had weights not summing to 1 (±0.001); renormalised`,
      `${PRIMITIVE}: 1 vertex had all weights 0; each was bound with weight 1 to the joint nearest to it in bind pose`,
      COMPUTED_NORMALS,
    ]);
    for (let v = 0; v < p.vertexCount; v++) {
      const sum = p.weights[4 * v] + p.weights[4 * v + 1] + p.weights[4 * v + 2] + p.weights[4 * v + 3];
      expect(sum).toBeCloseTo(1, 6);
    }
  });

  it('binds to joint 0 when no inverse bind matrix can be inverted', () => {
    const model = parseBoth(
      (() => {
        const b = fan();
        b.json.skins[0].inverseBindMatrices = b.accessor(new Float32Array(16 * 6), 'MAT4');
        return b;
      })(),
    );
    expect([...model.meshes[0].primitives[0].joints.subarray(8, 12)]).toEqual([0, 0, 0, 0]);
  });

  it('does not report weights that sum to 1 within the tolerance', () => {
    const b = fan();
    b.json.meshes[0].primitives[0].attributes = {
      POSITION: 0,
      JOINTS_0: 1,
      WEIGHTS_0: b.accessor(new Float32Array([0.9995, 0, 0, 0, 0.5, 0.5, 0, 0, 0.25, 0.25, 0.25, 0.25]), 'VEC4'),
    };
    const model = parseBoth(b);
    expect(model.notes).toEqual([COMPUTED_NORMALS]);
    expect(model.meshes[0].primitives[0].weights[0]).toBe(1);
  });
});

describe('weightless vertices at scale', () => {
  /** A skin of `jointCount` root joints with IBMs translating by −origin, and weightless vertices. */
  function weightless(origins: Float32Array, positions: Float32Array): GltfBuilder {
    const b = new GltfBuilder();
    const jointCount = origins.length / 3;
    const vertexCount = positions.length / 3;
    const ibm = new Float32Array(16 * jointCount);
    for (let j = 0; j < jointCount; j++) {
      ibm.set(
        [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -origins[3 * j], -origins[3 * j + 1], -origins[3 * j + 2], 1],
        16 * j,
      );
    }
    const position = b.accessor(positions, 'VEC3');
    const inverseBind = b.accessor(ibm, 'MAT4');
    b.json.accessors.push(
      { componentType: 5121, count: vertexCount, type: 'VEC4' },
      { componentType: 5126, count: vertexCount, type: 'VEC4' },
    );
    b.json.nodes = [{ mesh: 0, skin: 0 }, ...Array.from({ length: jointCount }, () => ({}))];
    b.json.skins = [{ joints: Array.from({ length: jointCount }, (_, j) => j + 1), inverseBindMatrices: inverseBind }];
    b.json.meshes = [{ primitives: [{ attributes: { POSITION: position, JOINTS_0: 2, WEIGHTS_0: 3 } }] }];
    return b;
  }

  it('binds each to the nearest joint origin, as brute force does', () => {
    const next = mulberry32(7);
    // Coarse coordinates make exact distance ties common, to check the lowest-index rule.
    const origins = Float32Array.from({ length: 3 * 300 }, () => Math.floor(next() * 8));
    const positions = Float32Array.from(
      { length: 3 * 3000 },
      () => Math.floor(next() * 9) - 0.5 * Math.floor(next() * 2),
    );
    const model = parseGltf(weightless(origins, positions).toGlb());
    const p = model.meshes[0].primitives[0];
    for (let v = 0; v < 3000; v++) {
      let best = 0;
      let bestDistance = Infinity;
      for (let j = 0; j < 300; j++) {
        const d =
          Math.hypot(
            origins[3 * j] - positions[3 * v],
            origins[3 * j + 1] - positions[3 * v + 1],
            origins[3 * j + 2] - positions[3 * v + 2],
          ) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = j;
        }
      }
      expect(p.joints[4 * v], `vertex ${v}`).toBe(best);
      expect(p.weights[4 * v]).toBe(1);
    }
  });

  it('stays fast with many joints at one origin and many weightless vertices', () => {
    const started = performance.now();
    const model = parseGltf(weightless(new Float32Array(3 * 20000), new Float32Array(3 * 60000)).toGlb());
    expect(performance.now() - started).toBeLessThan(2000);
    const joints = model.meshes[0].primitives[0].joints;
    expect(joints.every((j) => j === 0)).toBe(true);
    expect(model.notes).toEqual([
      `${PRIMITIVE}: 60000 vertices had all weights 0; each was bound with weight 1 to the joint nearest to it in bind pose`,
      COMPUTED_NORMALS,
      // The 20000 joints are all root nodes here.
      'skins[0].joints: the joints hang under 20000 different root nodes (nodes 1, 2, 3, 4, 5, 6, 7, 8, … (20000 in all)); the spec asks for one common root',
    ]);
  });

  it('stays linear with many influence sets', () => {
    const b = fan();
    const attributes = b.json.meshes[0].primitives[0].attributes;
    for (let n = 2; n < 40; n++) {
      attributes[`JOINTS_${n}`] = attributes.JOINTS_1;
      attributes[`WEIGHTS_${n}`] = attributes.WEIGHTS_1;
    }
    const model = parseBoth(b);
    // Vertex 0: 39 copies of set 1 give joint 4: 7.3125, joint 1: 0.25 + 2.4375, joint 0:
    // 0.125 + 2.4375, joint 5: 2.4375 (joint 3: 0.1875 and joint 2: 0.0625 drop out).
    expect([...model.meshes[0].primitives[0].joints.subarray(0, 4)]).toEqual([4, 1, 0, 5]);
    expectClose(
      model.meshes[0].primitives[0].weights.subarray(0, 4),
      [7.3125, 2.6875, 2.5625, 2.4375].map((w) => w / 15),
      1e-6,
    );
  });
});

describe('mesh errors', () => {
  const cases: [string, (json: Json, b: GltfBuilder) => void, string][] = [
    ['a mesh index out of range', (j) => (j.nodes[0].mesh = 3), 'nodes[0].mesh: mesh 3 does not exist (1 mesh)'],
    ['a skin index out of range', (j) => (j.nodes[0].skin = 1), 'nodes[0].skin: skin 1 does not exist (1 skin)'],
    ['meshes that are not objects', (j) => (j.meshes = [7]), 'meshes[0]: expected an object, got 7'],
    ['no primitives', (j) => (j.meshes[0].primitives = []), 'meshes[0].primitives: must list at least one primitive'],
    [
      'a primitive without attributes',
      (j) => delete j.meshes[0].primitives[0].attributes,
      `${PRIMITIVE}.attributes: is required`,
    ],
    ['an invalid mode', (j) => (j.meshes[0].primitives[0].mode = 7), `${PRIMITIVE}.mode: 7 is not in [0, 6]`],
    [
      'an attribute accessor out of range',
      (j) => (j.meshes[0].primitives[0].attributes.TEXCOORD_0 = 99),
      `${PRIMITIVE}.attributes.TEXCOORD_0: accessor 99 does not exist (14 accessors)`,
    ],
    [
      'no joints or weights',
      (j) => {
        delete j.meshes[0].primitives[0].attributes.JOINTS_0;
        delete j.meshes[0].primitives[0].attributes.WEIGHTS_0;
      },
      `${PRIMITIVE}.attributes: JOINTS_0 and WEIGHTS_0 are required: nodes[0] draws this mesh with skin 0`,
    ],
    [
      'joints without weights',
      (j) => delete j.meshes[0].primitives[0].attributes.WEIGHTS_0,
      `${PRIMITIVE}.attributes: JOINTS_0 has no matching WEIGHTS_0`,
    ],
    [
      'a second set without joints',
      (j) => (j.meshes[0].primitives[0].attributes.WEIGHTS_1 = ARM.weights),
      `${PRIMITIVE}.attributes: WEIGHTS_1 has no matching JOINTS_1`,
    ],
    [
      'POSITION of the wrong type',
      (j) => (j.meshes[0].primitives[0].attributes.POSITION = ARM.weights),
      `${PRIMITIVE}.attributes.POSITION: accessor 4 is VEC4 FLOAT, expected VEC3 FLOAT or BYTE or normalized BYTE or UNSIGNED_BYTE or normalized UNSIGNED_BYTE or SHORT or normalized SHORT or UNSIGNED_SHORT or normalized UNSIGNED_SHORT`,
    ],
    [
      'a NORMAL count different from POSITION',
      (j, b) => (j.meshes[0].primitives[0].attributes.NORMAL = b.accessor(new Float32Array(9), 'VEC3')),
      `${PRIMITIVE}.attributes.NORMAL: accessor 14 has 3 elements, expected 12 (as many as POSITION)`,
    ],
    [
      'float joints',
      (j) => (j.meshes[0].primitives[0].attributes.JOINTS_0 = ARM.weights),
      `${PRIMITIVE}.attributes.JOINTS_0: accessor 4 is VEC4 FLOAT, expected VEC4 UNSIGNED_BYTE or UNSIGNED_SHORT`,
    ],
    [
      'unsigned int weights',
      (j, b) => (j.meshes[0].primitives[0].attributes.WEIGHTS_0 = b.accessor(new Uint32Array(48), 'VEC4')),
      `${PRIMITIVE}.attributes.WEIGHTS_0: accessor 14 is VEC4 UNSIGNED_INT, expected VEC4 FLOAT or normalized UNSIGNED_BYTE or normalized UNSIGNED_SHORT`,
    ],
    [
      'a joint index past the skin',
      (j, b) => {
        const joints = ARM_JOINTS.slice();
        joints[4 * 7 + 1] = 2;
        j.meshes[0].primitives[0].attributes.JOINTS_0 = b.accessor(joints, 'VEC4');
      },
      `${PRIMITIVE}.attributes.JOINTS_0: accessor 14 vertex 7 uses joint 2, but skin 0 has 2 joints`,
    ],
    [
      'a negative weight',
      (j, b) => {
        const weights = ARM_WEIGHTS.slice();
        weights[4 * 5 + 2] = -0.25;
        j.meshes[0].primitives[0].attributes.WEIGHTS_0 = b.accessor(weights, 'VEC4');
      },
      `${PRIMITIVE}.attributes.WEIGHTS_0: accessor 14 vertex 5 has a negative weight (-0.25)`,
    ],
    [
      'a NaN position',
      (j, b) => {
        const positions = armPositions();
        positions[3 * 4 + 1] = NaN;
        j.meshes[0].primitives[0].attributes.POSITION = b.accessor(positions, 'VEC3');
      },
      `${PRIMITIVE}.attributes.POSITION: accessor 14 element 4 component 1 is not finite (NaN)`,
    ],
    [
      'an index past the vertices',
      (j, b) => {
        const indices = armIndices();
        indices[17] = 12;
        j.meshes[0].primitives[0].indices = b.accessor(indices, 'SCALAR');
      },
      `${PRIMITIVE}.indices: accessor 14 element 17 is 12, but the primitive has 12 vertices`,
    ],
    [
      'an index count that is not a multiple of 3',
      (j, b) => (j.meshes[0].primitives[0].indices = b.accessor(new Uint16Array([0, 1, 2, 3]), 'SCALAR')),
      `${PRIMITIVE}.indices: accessor 14 has 4 elements, not a multiple of 3 (triangles)`,
    ],
    [
      'float indices',
      (j) => (j.meshes[0].primitives[0].indices = ARM.rotationTimes),
      `${PRIMITIVE}.indices: accessor 6 is SCALAR FLOAT, expected SCALAR UNSIGNED_BYTE or UNSIGNED_SHORT or UNSIGNED_INT`,
    ],
    [
      'a non-indexed vertex count that is not a multiple of 3',
      (j, b) => {
        delete j.meshes[0].primitives[0].indices;
        const a = j.meshes[0].primitives[0].attributes;
        a.POSITION = b.accessor(armPositions().subarray(0, 30), 'VEC3');
        a.NORMAL = b.accessor(armNormals().subarray(0, 30), 'VEC3');
        a.JOINTS_0 = b.accessor(ARM_JOINTS.subarray(0, 40), 'VEC4');
        a.WEIGHTS_0 = b.accessor(ARM_WEIGHTS.subarray(0, 40), 'VEC4');
      },
      `${PRIMITIVE}.attributes.POSITION: 10 vertices without indices is not a multiple of 3 (triangles)`,
    ],
  ];
  for (const [what, edit, message] of cases) {
    it(`rejects ${what}`, () => {
      expectBothFail(editedArm(edit), message);
    });
  }

  it('checks joint indices against the skin each node uses', () => {
    const b = editedArm((json) => {
      json.skins.push({ joints: [4] });
      json.nodes.push({ mesh: 0, skin: 1 });
    });
    expectBothFail(b, `${PRIMITIVE}.attributes.JOINTS_0: accessor 3 vertex 4 uses joint 1, but skin 1 has 1 joint`);
  });

  it('reads no influences of a mesh drawn without a skin', () => {
    const model = parseGltf(
      editedArm((json) => {
        delete json.nodes[0].skin;
        json.meshes[0].primitives[0].attributes.JOINTS_0 = ARM.weights;
      }).toGlb(),
    );
    expect(model.meshes).toEqual([]);
    expect(model.rigidParts?.map((part) => part.node)).toEqual([0]);
    expect(model.notes).toEqual([
      "nodes[0]: has a mesh without a skin; drawn rigidly, each placed by its node's global matrix",
      'nodes[0]: JOINTS_n/WEIGHTS_n on a mesh whose node has no skin; not read (no skin says which joints they name)',
    ]);
  });
});
