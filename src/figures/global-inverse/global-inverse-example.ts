// The worked examples of chapter 6, computed by the skinning core at build time from the site's own
// model files: mannequin-zup-cm.glb, the mannequin as an FBX export leaves it (a Z_UP root, an
// Armature scaled 0.01, bones and mesh in centimetres), beside mannequin.glb, the same figure with
// its mesh stored in the scene's space. What the rest-pose skinning matrices hold (the placement
// of the whole model), a vertex carried from the file's centimetres into the scene's metres, the
// root's inverse as ogldev takes it, the two conventions compared, and the mesh as each of the
// figure's mistakes draws it.
import { readProjectModel } from '../../build-time/project-models.ts';
import { bindPoseDeformation } from '../../core/bind-pose.ts';
import { Playback } from '../../core/clip.ts';
import { animateFrame, createPlayer, showRestPose, type Player } from '../../core/frame.ts';
import { multiplyMat4At } from '../../core/math.ts';
import type { Model } from '../../core/model.ts';
import { buildPalette } from '../../core/palette.ts';
import { skinVertices } from '../../core/skin.ts';
import { applyMode, applyModelMatrix, GLOBAL_INVERSE_MODES, placementOf, type GlobalInverseMode } from './global-inverse-modes.ts';

export const MODEL_FILE = 'mannequin-zup-cm.glb';
/** The same figure, its inverse bind matrices written in the scene's space. */
export const SCENE_SPACE_FILE = 'mannequin.glb';
/** Seconds into the walk at which the files and the conventions are compared. */
export const COMPARE_TIME = 0.4;

/** Size of the mesh's bounding box along x, y and z (metres), and its lowest and highest y. */
export interface MeshExtent {
  size: [number, number, number];
  minY: number;
  maxY: number;
}

export interface GlobalInverseExample {
  /** Local matrices of the two nodes above the skeleton, and the mesh node's world matrix (16 floats each). */
  zUp: Float32Array;
  armature: Float32Array;
  meshNodeGlobal: Float32Array;
  /** The hips in the rest pose: inverse bind matrix, global, skinning matrix (global × inverse bind). */
  hipsInverseBind: Float32Array;
  hipsGlobal: Float32Array;
  hipsSkinning: Float32Array;
  /** Largest entry of |P_j − P_hips| over the joints' rest-pose skinning matrices (bindPoseDeformation). */
  restDeformation: number;
  /** Largest entry of |P_hips − meshNodeGlobal|: the skinning matrices are the mesh node's placement. */
  placementDifference: number;
  /** The highest vertex of the mesh (top of the head): as stored (cm, Z up) and skinned in the rest pose (m, Y up). */
  headStored: Float32Array;
  headSkinned: Float32Array;
  /** ogldev: the inverse of the root's transform, and the hips' skinning matrix re-based by it. */
  globalInverse: Float32Array;
  hipsRebased: Float32Array;
  /** Largest distance (m) between the skinned vertices of the two conventions at COMPARE_TIME: glTF's G × B⁻¹ and ogldev's Z_UP × Z_UP⁻¹ × G × B⁻¹. */
  conventionsDifference: number;
  /** Largest distance (m) between mannequin.glb's and mannequin-zup-cm.glb's skinned vertices, rest pose and COMPARE_TIME. */
  authoringDifference: number;
  vertexCount: number;
  /** The mesh in the rest pose as each choice of the figure draws it. */
  extents: Record<GlobalInverseMode, MeshExtent>;
}

/** Skinned positions of `model`'s first primitive through `player`'s first palette. */
function skinned(model: Model, player: Player): Float32Array {
  const primitive = model.meshes[0].primitives[0];
  const out = new Float32Array(3 * primitive.vertexCount);
  skinVertices(out, null, primitive, player.palettes[0]);
  return out;
}

/** Largest distance between corresponding points of two position arrays. */
function largestDistance(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i += 3) worst = Math.max(worst, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return worst;
}

function extentOf(positions: Float32Array): MeshExtent {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis], positions[i + axis]);
      max[axis] = Math.max(max[axis], positions[i + axis]);
    }
  }
  return { size: [max[0] - min[0], max[1] - min[1], max[2] - min[2]], minY: min[1], maxY: max[1] };
}

export function computeGlobalInverseExample(root: string = process.cwd()): GlobalInverseExample {
  const model = readProjectModel(MODEL_FILE, root);
  const player = createPlayer(model); // in the rest pose
  const node = (name: string) => {
    const index = model.hierarchy.names.indexOf(name);
    if (index < 0) throw new Error(`${MODEL_FILE} has no node "${name}"`);
    return index;
  };
  const matrixOf = (matrices: Float32Array, index: number) => matrices.slice(16 * index, 16 * index + 16);
  const skin = model.skins[0];
  const hips = node('hips');
  const hipsJoint = skin.joints.indexOf(hips);
  const placement = placementOf(model, player);
  if (placement === null || model.hierarchy.names[placement.root] !== 'Z_UP') throw new Error(`${MODEL_FILE}: expected the root Z_UP`);

  const hipsSkinning = matrixOf(player.palettes[0], hipsJoint);
  const meshNodeGlobal = matrixOf(player.globals, placement.meshNode);
  let placementDifference = 0;
  for (let k = 0; k < 16; k++) placementDifference = Math.max(placementDifference, Math.abs(hipsSkinning[k] - meshNodeGlobal[k]));

  // The top of the head: the vertex stored highest along the file's Z.
  const stored = model.meshes[0].primitives[0].positions;
  let top = 0;
  for (let v = 0; 3 * v < stored.length; v++) if (stored[3 * v + 2] > stored[3 * top + 2]) top = v;
  const restPositions = skinned(model, player);

  // ogldev: re-based by the root's inverse, then drawn with the root as model matrix.
  const hipsRebased = new Float32Array(16);
  multiplyMat4At(hipsRebased, 0, placement.globalInverse, 0, hipsSkinning, 0);

  // The two conventions at COMPARE_TIME: glTF's palette, then ogldev's.
  const walk = model.clips.find((clip) => clip.name === 'walk');
  if (walk === undefined) throw new Error(`${MODEL_FILE} has no clip "walk"`);
  animateFrame(player, walk, COMPARE_TIME, Playback.LOOP);
  const gltfPositions = skinned(model, player);
  // #region ogldev-palette
  // ogldev: FinalTransformation = m_GlobalInverseTransform × GlobalTransformation × BoneOffset,
  // then the root's transform as the model matrix.
  buildPalette(player.palettes[0], skin, player.globals, placement.globalInverse);
  applyModelMatrix(player.palettes[0], placement.rootTransform);
  // #endregion ogldev-palette
  const conventionsDifference = largestDistance(gltfPositions, skinned(model, player));

  // The same figure with its inverse bind matrices written in the scene's space.
  const sceneSpace = readProjectModel(SCENE_SPACE_FILE, root);
  const sceneSpacePlayer = createPlayer(sceneSpace);
  let authoringDifference = largestDistance(restPositions, skinned(sceneSpace, sceneSpacePlayer));
  const sceneWalk = sceneSpace.clips.find((clip) => clip.name === 'walk')!;
  animateFrame(sceneSpacePlayer, sceneWalk, COMPARE_TIME, Playback.LOOP);
  authoringDifference = Math.max(authoringDifference, largestDistance(gltfPositions, skinned(sceneSpace, sceneSpacePlayer)));

  // The rest pose as each choice of the figure draws it.
  const extents = {} as Record<GlobalInverseMode, MeshExtent>;
  for (const mode of GLOBAL_INVERSE_MODES) {
    showRestPose(player);
    applyMode(mode, player, placement);
    extents[mode] = extentOf(skinned(model, player));
  }
  showRestPose(player);

  return {
    zUp: matrixOf(player.locals, placement.root),
    armature: matrixOf(player.locals, node('Armature')),
    meshNodeGlobal,
    hipsInverseBind: matrixOf(skin.inverseBindMatrices, hipsJoint),
    hipsGlobal: matrixOf(player.globals, hips),
    hipsSkinning,
    restDeformation: Math.max(...bindPoseDeformation(new Float32Array(skin.joints.length), skin, player.globals)),
    placementDifference,
    headStored: stored.slice(3 * top, 3 * top + 3),
    headSkinned: restPositions.slice(3 * top, 3 * top + 3),
    globalInverse: placement.globalInverse,
    hipsRebased,
    conventionsDifference,
    authoringDifference,
    vertexCount: stored.length / 3,
    extents,
  };
}
