// The mannequin as an FBX export and a converter leave it, for the global inverse chapter: the same
// 19 bones, mesh, weights and walk as mannequin.ts, laid out the way Assimp-style data is.
//
//   Z_UP       scene root, −90° about X: the converter's turn from Z-up to Y-up (as the root node
//              `Z_UP` of the Khronos sample RiggedFigure, or the root Assimp's importers of Z-up
//              formats create)
//   Armature   scale 0.01: the FBX armature object, whose unit is the centimetre
//     hips …   the bones, in centimetres (hips at (0, 0, 100)), Z up, −Y forward
//     mannequin  the skinned mesh node, parented to the armature, with no transform of its own
//
// The mesh is stored as the exporter wrote it, in the armature's space: centimetres, Z up. The
// inverse bind matrices are written in that same space (Assimp's "mesh space"): each is the
// inverse of its joint's bind transform relative to the Armature, not relative to the scene.
// So in the rest pose every joint's skinning matrix is Z_UP × Armature — the placement of the
// whole model, a turn and a scale — rather than the identity, exactly as RiggedFigure's are its
// Z_UP turn; and glTF's rule (joint matrices alone, the mesh node's transform ignored) draws the
// mesh upright, in metres, where mannequin.glb stands.
//
// Built from buildMannequin's spec, so the two files can never drift apart: nodes shifted down by
// one (Z_UP goes first; the mannequin's Armature keeps its place and trades its turn for the
// scale), bone translations and the hips' keys × 100, the Y-up mesh turned back into the Z-up
// armature space (an exact permutation of coordinates) and × 100.

import { type Mat4, IDENTITY_QUAT, ZERO3, mat4FromTRS, mat4InvertAffine, mat4Multiply } from '../math.ts';
import type { RigNode } from '../rig.ts';
import type { ModelSpec, TrackSpec } from '../spec.ts';
import { buildMannequin } from './mannequin.ts';

/** Centimetres per metre: the FBX unit against glTF's. */
const CENTIMETRES = 100;
/** The clips taken over from the mannequin. */
const CLIPS = ['walk'];

export function buildMannequinZupCm(): ModelSpec {
  const source = buildMannequin();
  const sourceArmature = source.rig.nodes[0];
  if (sourceArmature.name !== 'Armature' || sourceArmature.parent !== -1 || source.rig.authoringSpace !== 0) {
    throw new Error('mannequin-zup-cm: expected the mannequin to start with its Z-up "Armature" node');
  }
  // Node i of the mannequin becomes node i + 1; the new node 0 takes over the Armature's turn.
  const shift = (node: number) => node + 1;
  const zUp: RigNode = {
    name: 'Z_UP',
    parent: -1,
    translation: ZERO3,
    rotation: sourceArmature.rotation,
    scale: [1, 1, 1],
    authoringRotation: null,
    authoringOrigin: null,
  };
  const armature: RigNode = {
    ...sourceArmature,
    parent: 0,
    rotation: IDENTITY_QUAT,
    scale: [1 / CENTIMETRES, 1 / CENTIMETRES, 1 / CENTIMETRES],
  };
  const bones: RigNode[] = source.rig.nodes.slice(1).map((node) => ({
    ...node,
    parent: shift(node.parent),
    translation: [CENTIMETRES * node.translation[0], CENTIMETRES * node.translation[1], CENTIMETRES * node.translation[2]],
  }));
  const nodes = [zUp, armature, ...bones];
  const joints = source.joints.map(shift);

  // Bind transforms relative to the Armature (the mesh's space), which below it are rigid.
  const relative: Mat4[] = [];
  nodes.forEach((node, index) => {
    if (index < 2) return;
    const local = mat4FromTRS(node.translation, node.rotation, node.scale);
    relative[index] = node.parent === 1 ? local : mat4Multiply(relative[node.parent], local);
  });
  const inverseBindMatrices = new Float32Array(16 * joints.length);
  joints.forEach((joint, j) => {
    const inverse = mat4InvertAffine(relative[joint]);
    for (let k = 0; k < 16; k++) inverseBindMatrices[16 * j + k] = Math.abs(inverse[k]) < 1e-9 ? 0 : inverse[k];
    inverseBindMatrices[16 * j + 3] = inverseBindMatrices[16 * j + 7] = inverseBindMatrices[16 * j + 11] = 0;
    inverseBindMatrices[16 * j + 15] = 1;
  });

  // The mannequin's mesh is stored in Y-up world space; its Armature turned the Z-up authoring
  // space by −90° about X, which maps (x, y, z) to (x, z, −y). Undo it — (x, y, z) → (x, −z, y) —
  // and scale the positions to centimetres.
  const { mesh } = source;
  const positions = new Float32Array(mesh.positions.length);
  const normals = new Float32Array(mesh.normals.length);
  for (let i = 0; i < mesh.positions.length; i += 3) {
    positions[i] = CENTIMETRES * mesh.positions[i];
    positions[i + 1] = -CENTIMETRES * mesh.positions[i + 2] + 0;
    positions[i + 2] = CENTIMETRES * mesh.positions[i + 1];
    normals[i] = mesh.normals[i];
    normals[i + 1] = -mesh.normals[i + 2] + 0;
    normals[i + 2] = mesh.normals[i + 1];
  }

  const clips = source.clips
    .filter((clip) => CLIPS.includes(clip.name))
    .map((clip) => ({
      ...clip,
      tracks: clip.tracks.map(
        (track): TrackSpec => ({
          ...track,
          node: shift(track.node),
          values: track.path === 'translation' ? track.values.map((value) => CENTIMETRES * value) : Float32Array.from(track.values),
        }),
      ),
    }));

  return {
    name: 'mannequin-zup-cm',
    description:
      'The mannequin as an FBX export and a converter leave it: a `Z_UP` root node, an `Armature` scaled 0.01, bones and mesh in centimetres with Z up, and inverse bind matrices written in the armature’s space, so the rest-pose skinning matrices carry the placement of the whole model.',
    chapters: ['Global inverse transform'],
    notes: [
      '`Z_UP` (the scene root, not a joint) rotates −90° about X (quaternion [−0.707107, 0, 0, 0.707107]); `Armature` (its child, not a joint) scales by 0.01; `hips` sits under it at (0, 0, 100) centimetres with a rotation of +90° about X.',
      'Armature space is the mannequin’s in centimetres: hips 100, top of the head 185, hands to ±88, ankles at 9; X = the figure’s left, −Y = forward, Z = up. The mesh positions are stored in this space.',
      'The inverse bind matrices invert each joint’s bind transform relative to `Armature`, not to the scene: in the rest pose every skinning matrix is Z_UP × Armature, a −90° turn about X with a scale of 0.01, and skinning puts the mesh upright, in metres, exactly where `mannequin.glb` stands. Assimp’s global inverse (the inverse of the root, `Z_UP`) leaves the 0.01 in.',
      'The skinned mesh node `mannequin` hangs under `Armature` with no transform of its own, as an FBX mesh parented to its armature does. The Khronos validator warns about it on purpose (`NODE_SKINNED_MESH_NON_ROOT`: parent transforms will not affect a skinned mesh); drawing the mesh with its node’s world matrix would apply Z_UP × Armature twice.',
      '`walk`: the mannequin’s walk, the hips’ translation keys in centimetres.',
    ],
    rig: { nodes, authoringSpace: 1 },
    joints,
    inverseBindMatrices,
    skeleton: shift(source.skeleton),
    meshName: source.meshName,
    meshParent: 1,
    validatorWarnings: ['NODE_SKINNED_MESH_NON_ROOT'],
    mesh: { ...mesh, positions, normals },
    material: source.material,
    clips,
  };
}
