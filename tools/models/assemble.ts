// Turns a rig, a mesh built in authoring space and clips into a ModelSpec ready to write.

import { type MeshBuilder, packMesh, transformMesh } from './mesh.ts';
import { type Rig, authoringToWorld, inverseBindMatrices } from './rig.ts';
import type { ClipSpec, MaterialSpec, ModelSpec } from './spec.ts';

export interface ModelParts {
  name: string;
  description: string;
  chapters: string[];
  /** README bullets (see ModelSpec.notes). */
  notes: string[];
  rig: Rig;
  /** Node indices of the skin's joints; must list parents before children. */
  joints: number[];
  skeleton: number;
  meshName: string;
  /** Built in the rig's authoring space; influences name joints by node index. */
  mesh: MeshBuilder;
  material: MaterialSpec;
  clips: ClipSpec[];
}

export function assembleModel(parts: ModelParts): ModelSpec {
  const { rig, joints } = parts;
  joints.forEach((joint, index) => {
    // Parents first: every joint's nearest joint ancestor appears earlier in the list.
    for (let ancestor = rig.nodes[joint].parent; ancestor >= 0; ancestor = rig.nodes[ancestor].parent) {
      const position = joints.indexOf(ancestor);
      if (position >= 0) {
        if (position > index) throw new Error(`${parts.name}: joint ${rig.nodes[joint].name} listed before its parent`);
        break;
      }
    }
  });
  // glTF skins the bind-pose mesh in the space the inverse bind matrices map from: world space.
  if (rig.authoringSpace >= 0) transformMesh(parts.mesh, authoringToWorld(rig));
  return {
    name: parts.name,
    description: parts.description,
    chapters: parts.chapters,
    notes: parts.notes,
    rig,
    joints,
    inverseBindMatrices: inverseBindMatrices(rig, joints),
    skeleton: parts.skeleton,
    meshName: parts.meshName,
    mesh: packMesh(parts.mesh, joints),
    material: parts.material,
    clips: parts.clips,
  };
}
