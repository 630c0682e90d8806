// glTF skins → Skin: joints as hierarchy indices, one inverse bind matrix per joint.

import type { Skin } from '../model.ts';
import { ComponentType, expectCount, expectFormat } from './accessors.ts';
import { accessorAt, floatsOf, type GltfDocument } from './document.ts';
import { GltfError } from './errors.ts';
import { expectIndex, expectObject, field, optionalArray, optionalIndex, optionalString } from './json.ts';
import type { NodeTable } from './nodes.ts';

/** Every skin of the file, in file order (Model.skins[i] is `skins[i]`). */
export function readSkins(doc: GltfDocument, table: NodeTable): Skin[] {
  return optionalArray(doc.root, 'skins', 'skins').map((value, i) => {
    const path = `skins[${i}]`;
    const skin = expectObject(value, path);
    if (field(skin, 'joints') === undefined) throw new GltfError(`${path}.joints`, 'is required');
    const jointList = optionalArray(skin, 'joints', `${path}.joints`);
    if (jointList.length === 0) throw new GltfError(`${path}.joints`, 'must list at least one joint');
    const listedAt = new Map<number, number>();
    const joints = new Int16Array(jointList.length);
    jointList.forEach((jointValue, k) => {
      const node = expectIndex(jointValue, `${path}.joints[${k}]`, table.nodeSpace);
      const earlier = listedAt.get(node);
      if (earlier !== undefined) {
        throw new GltfError(`${path}.joints[${k}]`, `node ${node} is already joint ${earlier}`);
      }
      listedAt.set(node, k);
      joints[k] = table.hierarchyIndexOf[node];
    });

    let inverseBindMatrices: Float32Array;
    if (field(skin, 'inverseBindMatrices') === undefined) {
      inverseBindMatrices = new Float32Array(16 * joints.length);
      for (let j = 0; j < joints.length; j++) {
        for (let d = 0; d < 4; d++) inverseBindMatrices[16 * j + 5 * d] = 1;
      }
    } else {
      const ibmPath = `${path}.inverseBindMatrices`;
      const accessor = accessorAt(doc, skin, 'inverseBindMatrices', ibmPath);
      expectFormat(accessor, ibmPath, ['MAT4'], [{ componentType: ComponentType.FLOAT, normalized: false }]);
      expectCount(accessor, ibmPath, joints.length);
      inverseBindMatrices = floatsOf(doc, accessor, ibmPath);
    }

    const skeletonNode = optionalIndex(skin, 'skeleton', `${path}.skeleton`, table.nodeSpace);
    return {
      name: optionalString(skin, 'name', `${path}.name`, ''),
      joints,
      inverseBindMatrices,
      skeleton: skeletonNode === -1 ? -1 : table.hierarchyIndexOf[skeletonNode],
    };
  });
}
