// The worked numbers of chapter 8, computed at build time by the code the figures run: the bits a
// joint index bound as a float arrives as, the vertex layout's bytes in each storage, how many
// bones a uniform array holds for a device's MAX_VERTEX_UNIFORM_VECTORS, and one normal under a
// non-uniform scale, turned by the plain matrix and by the skinning code.
import { readProjectModel } from '../../build-time/project-models.ts';
import { Playback } from '../../core/clip.ts';
import { animateFrame, createPlayer } from '../../core/frame.ts';
import type { SkinnedPrimitive } from '../../core/model.ts';
import { largestNormalAngle } from '../../core/normals.ts';
import { jointIndexAsFloatBits, skinNormalsWithPlainMatrix } from '../../core/pitfalls-shader.ts';
import { skinVertices } from '../../core/skin.ts';
import { uniformArrayBoneCapacity, uniformVectorsForBones } from '../../gl/skin-shaders.ts';

/** Joint indices whose float bits the chapter lists. */
export const FLOAT_BIT_JOINTS = [0, 1, 2, 18] as const;
/** MAX_VERTEX_UNIFORM_VECTORS values the chapter lists: WebGL2's guaranteed minimum, then common devices. */
export const UNIFORM_VECTOR_LIMITS = [256, 1024, 4096] as const;
/** Fixed bone-array sizes of well-known tutorials: ogldev's MAX_BONES and the Habr article's. */
export const TUTORIAL_BONE_ARRAYS = [
  { source: 'ogldev', bones: 100 },
  { source: 'the Habr article', bones: 128 },
] as const;
/** The normal example: the scale of the stretched axis (x), and the surface's normal before it, in the xy plane at 45°. */
export const STRETCH = 2;
/** The moment of the walk the plain-matrix normals are measured at, seconds. */
export const WALK_TIME = 0.3;

export interface ShaderExample {
  floatBits: { joint: number; bits: number; hex: string }[];
  uniformCapacity: { vectors: number; bones: number }[];
  tutorialArrays: { source: string; bones: number; vectors: number }[];
  /** Bytes per vertex of each attribute layout, and for the mannequin's vertices. */
  layout: { vertexCount: number; compact: number; floats: number; compactTotal: number; floatsTotal: number };
  /** The bone texture of the mannequin: rows, bytes. */
  boneTexture: { joints: number; bytes: number };
  /**
   * The mannequin's walk at WALK_TIME, with no scale anywhere: the largest angle between the plain
   * matrix's normals and the inverse-transpose's (degrees), at the vertex where it occurs, and
   * that vertex's number of influences.
   */
  walkNormals: { degrees: number; vertex: number; influences: number; rigidDegrees: number; joints: string[] };
  /** The 45° normal under a stretch of STRETCH along x: plain matrix, inverse-transpose, and the angle between them (degrees). */
  normal: { plain: [number, number, number]; correct: [number, number, number]; degrees: number };
}

/** A one-vertex primitive on joint 0 with the normal (1, 1, 0)/√2, for the normal example. */
function slopeVertex(): SkinnedPrimitive {
  return {
    vertexCount: 1,
    positions: new Float32Array([0, 0, 0]),
    normals: new Float32Array([Math.SQRT1_2, Math.SQRT1_2, 0]),
    joints: new Uint16Array([0, 0, 0, 0]),
    weights: new Float32Array([1, 0, 0, 0]),
    indices: null,
  };
}

export function computeShaderExample(): ShaderExample {
  const mannequin = readProjectModel('mannequin.glb');
  const vertexCount = mannequin.meshes[0].primitives[0].vertexCount;
  // position + normal + uv (floats), then joints and weights: u8 joints and unorm8 weights, or 4 floats each.
  const compact = 12 + 12 + 8 + 4 + 4;
  const floats = 12 + 12 + 8 + 16 + 16;

  const stretch = new Float32Array([STRETCH, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const primitive = slopeVertex();
  const position = new Float32Array(3);
  const correct = new Float32Array(3);
  const plain = new Float32Array(3);
  skinVertices(position, correct, primitive, stretch);
  skinNormalsWithPlainMatrix(plain, primitive, stretch);

  // The walk: plain-matrix normals against the inverse-transpose, vertex by vertex.
  const player = createPlayer(mannequin);
  const walk = mannequin.clips.find((clip) => clip.name === 'walk')!;
  animateFrame(player, walk, WALK_TIME, Playback.LOOP);
  const skinned = mannequin.meshes[0].primitives[0];
  const walkFloats = 3 * skinned.vertexCount;
  const walkCorrect = new Float32Array(walkFloats);
  skinVertices(new Float32Array(walkFloats), walkCorrect, skinned, player.palettes[0]);
  const walkPlain = skinNormalsWithPlainMatrix(new Float32Array(walkFloats), skinned, player.palettes[0]);
  let worst = { degrees: 0, vertex: -1, influences: 0 };
  let rigidDegrees = 0;
  for (let v = 0; v < skinned.vertexCount; v++) {
    const degrees = (largestNormalAngle(walkPlain.subarray(3 * v, 3 * v + 3), walkCorrect.subarray(3 * v, 3 * v + 3), 1) * 180) / Math.PI;
    let influences = 0;
    for (let k = 0; k < 4; k++) if (skinned.weights[4 * v + k] > 0) influences++;
    if (influences === 1) rigidDegrees = Math.max(rigidDegrees, degrees);
    if (degrees > worst.degrees) worst = { degrees, vertex: v, influences };
  }

  return {
    walkNormals: {
      ...worst,
      rigidDegrees,
      joints: [0, 1, 2, 3]
        .filter((k) => skinned.weights[4 * worst.vertex + k] > 0)
        .map((k) => mannequin.hierarchy.names[mannequin.skins[0].joints[skinned.joints[4 * worst.vertex + k]]]),
    },
    floatBits: FLOAT_BIT_JOINTS.map((joint) => {
      const bits = jointIndexAsFloatBits(joint);
      return { joint, bits, hex: `0x${bits.toString(16).padStart(8, '0').toUpperCase()}` };
    }),
    uniformCapacity: UNIFORM_VECTOR_LIMITS.map((vectors) => ({ vectors, bones: uniformArrayBoneCapacity(vectors) })),
    tutorialArrays: TUTORIAL_BONE_ARRAYS.map(({ source, bones }) => ({ source, bones, vectors: uniformVectorsForBones(bones) })),
    layout: { vertexCount, compact, floats, compactTotal: compact * vertexCount, floatsTotal: floats * vertexCount },
    boneTexture: { joints: mannequin.skins[0].joints.length, bytes: mannequin.skins[0].joints.length * 64 },
    normal: {
      plain: [plain[0], plain[1], plain[2]],
      correct: [correct[0], correct[1], correct[2]],
      degrees: (largestNormalAngle(plain, correct, 1) * 180) / Math.PI,
    },
  };
}
