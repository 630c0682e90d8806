import { describe, expect, it } from 'vitest';
import { mat4 } from 'gl-matrix';
import { parseGltf } from '../../../src/core/gltf/index.ts';
import { GltfBuilder, type Json } from './builder.ts';
import { ARM, armGlobalMatrices, riggedArm } from './fixtures.ts';
import { expectBothFail, expectClose, parseBoth, restGlobals } from './helpers.ts';

function editedArm(edit: (json: Json, builder: GltfBuilder) => void): GltfBuilder {
  const b = riggedArm();
  edit(b.json, b);
  return b;
}

describe('skins', () => {
  it('maps joints to hierarchy indices and keeps the inverse bind matrices', () => {
    const model = parseBoth(riggedArm());
    expect(model.skins).toHaveLength(1);
    const skin = model.skins[0];
    expect(skin.name).toBe('ArmSkin');
    // nodes 2 (Upperarm) and 1 (Forearm) sit at hierarchy 2 and 3.
    expect([...skin.joints]).toEqual([2, 3]);
    expect(skin.skeleton).toBe(2);
    const globals = armGlobalMatrices();
    expectClose(skin.inverseBindMatrices.subarray(0, 16), mat4.invert(mat4.create(), globals[2])!, 1e-6);
    expectClose(skin.inverseBindMatrices.subarray(16, 32), mat4.invert(mat4.create(), globals[1])!, 1e-6);
  });

  it('gives identity skinning matrices in the rest pose (global × inverse bind)', () => {
    const model = parseBoth(riggedArm());
    const globals = restGlobals(model.hierarchy);
    const skin = model.skins[0];
    skin.joints.forEach((joint, j) => {
      const product = mat4.multiply(
        mat4.create(),
        globals[joint],
        skin.inverseBindMatrices.subarray(16 * j, 16 * j + 16),
      );
      expectClose(product, mat4.create(), 1e-5);
    });
  });

  it('defaults the inverse bind matrices to identity and the skeleton to -1', () => {
    const model = parseBoth(
      editedArm((json) => {
        delete json.skins[0].inverseBindMatrices;
        delete json.skins[0].skeleton;
        delete json.skins[0].name;
      }),
    );
    const skin = model.skins[0];
    expectClose(skin.inverseBindMatrices, [...mat4.create(), ...mat4.create()], 0);
    expect(skin.skeleton).toBe(-1);
    expect(skin.name).toBe('');
  });

  it('loads skins no node uses, keeping file indices', () => {
    const model = parseBoth(
      editedArm((json) => {
        json.skins.unshift({ joints: [4] });
        json.nodes[0].skin = 1;
      }),
    );
    expect(model.skins).toHaveLength(2);
    expect([...model.skins[0].joints]).toEqual([4]);
    expect(model.meshes[0].skin).toBe(1);
  });

  it('rejects an inverse bind matrix count that differs from the joint count', () => {
    const b = editedArm((json) => json.skins[0].joints.push(4));
    expectBothFail(b, 'skins[0].inverseBindMatrices: accessor 5 has 2 elements, expected 3');
    const b16 = editedArm((json, builder) => {
      json.skins[0].joints = Array.from({ length: 16 }, (_, i) => i);
      json.nodes = Array.from({ length: 16 }, () => ({}));
      delete json.animations;
      delete json.meshes;
      json.skins[0].inverseBindMatrices = builder.accessor(new Float32Array(16 * 12), 'MAT4');
      delete json.skins[0].skeleton;
    });
    expectBothFail(b16, 'skins[0].inverseBindMatrices: accessor 14 has 12 elements, expected 16');
  });

  it('rejects inverse bind matrices of the wrong type or with non-finite values', () => {
    expectBothFail(
      editedArm((json) => (json.skins[0].inverseBindMatrices = ARM.rotations)),
      'skins[0].inverseBindMatrices: accessor 7 is VEC4 FLOAT, expected MAT4 FLOAT',
    );
    const nan = new Float32Array(32);
    nan[16 + 13] = NaN;
    expectBothFail(
      editedArm((json, builder) => (json.skins[0].inverseBindMatrices = builder.accessor(nan, 'MAT4'))),
      'skins[0].inverseBindMatrices: accessor 14 element 1 component 13 is not finite (NaN)',
    );
    expectBothFail(
      editedArm((json) => (json.skins[0].inverseBindMatrices = 40)),
      'skins[0].inverseBindMatrices: accessor 40 does not exist (14 accessors)',
    );
  });

  it('rejects malformed joint lists and skeletons', () => {
    const cases: [(json: Json) => void, string][] = [
      [(j) => (j.skins = {}), 'skins: expected an array, got an object'],
      [(j) => (j.skins[0] = []), 'skins[0]: expected an object, got an array'],
      [(j) => delete j.skins[0].joints, 'skins[0].joints: is required'],
      [(j) => (j.skins[0].joints = 2), 'skins[0].joints: expected an array, got 2'],
      [(j) => (j.skins[0].joints = []), 'skins[0].joints: must list at least one joint'],
      [(j) => (j.skins[0].joints = [2, 2]), 'skins[0].joints[1]: node 2 is already joint 0'],
      [(j) => (j.skins[0].joints = [2, 7]), 'skins[0].joints[1]: node 7 does not exist (5 nodes)'],
      [(j) => (j.skins[0].joints = [2, null]), 'skins[0].joints[1]: expected a node index, got null'],
      [(j) => (j.skins[0].skeleton = 5), 'skins[0].skeleton: node 5 does not exist (5 nodes)'],
      [(j) => (j.skins[0].name = {}), 'skins[0].name: expected a string, got an object'],
    ];
    for (const [edit, message] of cases) expectBothFail(editedArm(edit), message);
  });

  it('maps the skeleton through the parents-first order', () => {
    const model = parseGltf(editedArm((json) => (json.skins[0].skeleton = 3)).toGlb());
    expect(model.skins[0].skeleton).toBe(1);
    expect(model.hierarchy.sourceIndex[1]).toBe(3);
  });
});
