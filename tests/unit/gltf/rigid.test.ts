// Meshes drawn without a skin: the reader keeps them as rigid parts (positions, normals and indices
// in their node's space, placed each frame by the node's global matrix). The skinned meshes of the
// same file are read exactly as before.
import { mat4, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../../src/core/gltf/index.ts';
import { animateFrame, createPlayer } from '../../../src/core/frame.ts';
import { GltfBuilder } from './builder.ts';
import { riggedArm } from './fixtures.ts';
import { expectBothFail, expectClose, parseBoth } from './helpers.ts';

/** A unit triangle in the XY plane, facing +Z, with no NORMAL attribute. */
const TRIANGLE = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);

/** The rigged arm plus a triangle mesh hung under the forearm (nodes[5] "Plate", T(0, 0.5, 0)). */
function armWithPlate(): GltfBuilder {
  const b = riggedArm();
  const position = b.accessor(TRIANGLE, 'VEC3');
  b.json.meshes.push({ name: 'Plate', primitives: [{ attributes: { POSITION: position } }] });
  b.json.nodes.push({ name: 'PlateNode', mesh: b.json.meshes.length - 1, translation: [0, 0.5, 0] });
  b.json.nodes[1].children.push(5);
  return b;
}

describe('rigid parts (meshes on nodes without a skin)', () => {
  it('reads the mesh under its node, with computed normals, leaving the skinned mesh as it was', () => {
    const plain = parseGltf(riggedArm().toGlb());
    const model = parseBoth(armWithPlate());
    expect(model.meshes).toEqual(plain.meshes);
    expect(model.rigidParts).toHaveLength(1);
    const part = model.rigidParts![0];
    expect(part.name).toBe('Plate');
    expect(model.hierarchy.names[part.node]).toBe('PlateNode');
    expect(model.hierarchy.sourceIndex[part.node]).toBe(5);
    const primitive = part.primitives[0];
    expect(primitive.vertexCount).toBe(3);
    expect(primitive.positions).toEqual(TRIANGLE);
    expect(primitive.indices).toBeNull();
    // Hand-derived: the triangle's face normal is +Z at every vertex.
    expectClose(primitive.normals, [0, 0, 1, 0, 0, 1, 0, 0, 1], 1e-6);
    expect(model.notes).toContain(
      'meshes[1].primitives[0]: no NORMAL attribute; smooth normals computed from the triangles',
    );
    expect(model.notes).toContain("nodes[5]: has a mesh without a skin; drawn rigidly, each placed by its node's global matrix");
  });

  it("is placed by its node's global matrix, which follows the animated forearm", () => {
    const model = parseBoth(armWithPlate());
    const player = createPlayer(model);
    const node = model.rigidParts![0].node;
    const forearm = model.hierarchy.names.indexOf('Forearm');
    for (const time of [0, 0.7, 1.5]) {
      animateFrame(player, model.clips[0], time);
      // Independent reference: forearm global × T(0, 0.5, 0), multiplied out with gl-matrix.
      const forearmGlobal = mat4.clone(player.globals.subarray(16 * forearm, 16 * forearm + 16) as unknown as mat4);
      const expected = mat4.multiply(mat4.create(), forearmGlobal, mat4.fromTranslation(mat4.create(), [0, 0.5, 0]));
      expectClose(player.globals.subarray(16 * node, 16 * node + 16), expected, 1e-5);
      const corner = vec3.transformMat4(vec3.create(), [1, 0, 0], expected);
      const placed = vec3.transformMat4(vec3.create(), [1, 0, 0], player.globals.subarray(16 * node, 16 * node + 16) as unknown as mat4);
      expectClose(placed, corner, 1e-5);
    }
  });

  it('reads indices and NORMAL, and shares one mesh between two nodes', () => {
    const b = armWithPlate();
    const normal = b.accessor(new Float32Array([0, 0, 2, 0, 0, 2, 0, 0, 2]), 'VEC3');
    const indices = b.accessor(new Uint16Array([0, 1, 2]), 'SCALAR');
    Object.assign(b.json.meshes[1].primitives[0], { indices });
    b.json.meshes[1].primitives[0].attributes.NORMAL = normal;
    b.json.nodes.push({ name: 'Second', mesh: 1 });
    const model = parseBoth(b);
    expect(model.rigidParts!.map((part) => model.hierarchy.names[part.node])).toEqual(['PlateNode', 'Second']);
    expect(model.rigidParts![1].primitives).toBe(model.rigidParts![0].primitives);
    const primitive = model.rigidParts![0].primitives[0];
    expect(primitive.indices).toEqual(new Uint32Array([0, 1, 2]));
    expectClose(primitive.normals, [0, 0, 1, 0, 0, 1, 0, 0, 1], 1e-6);
    expect(model.notes).toContain('meshes[1].primitives[0].attributes.NORMAL: 3 normals were not unit length; renormalised');
  });

  it('skips what is not a triangle list, and notes morph targets', () => {
    const b = armWithPlate();
    const primitive = b.json.meshes[1].primitives[0];
    const target = b.accessor(new Float32Array(9), 'VEC3');
    b.json.meshes[1].primitives.push({ ...primitive, mode: 1 });
    primitive.targets = [{ POSITION: target }];
    const model = parseBoth(b);
    expect(model.rigidParts![0].primitives).toHaveLength(1);
    expect(model.notes).toContain('meshes[1].primitives[0].targets: 1 morph target ignored');
    expect(model.notes).toContain('meshes[1].primitives[1]: mode 1 (LINES) is not a triangle list; skipped');
  });

  it('refuses broken rigid geometry with the JSON path', () => {
    const outOfRange = armWithPlate();
    const badIndices = outOfRange.accessor(new Uint16Array([0, 1, 3]), 'SCALAR');
    outOfRange.json.meshes[1].primitives[0].indices = badIndices;
    expectBothFail(outOfRange, `meshes[1].primitives[0].indices: accessor ${badIndices} element 2 is 3, but the primitive has 3 vertices`);
    const noPrimitives = armWithPlate();
    noPrimitives.json.meshes[1].primitives = [];
    expectBothFail(noPrimitives, 'meshes[1].primitives: must list at least one primitive');
    const wrongType = armWithPlate();
    wrongType.json.accessors[wrongType.json.meshes[1].primitives[0].attributes.POSITION].componentType = 5125;
    expect(() => parseGltf(wrongType.toGlb())).toThrow(/^meshes\[1\]\.primitives\[0\]\.attributes\.POSITION: /);
  });

  it('is an empty list for a file whose every mesh is skinned', () => {
    const model = parseBoth(riggedArm());
    expect(model.rigidParts).toEqual([]);
  });
});
