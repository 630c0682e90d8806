// Chapter 0's exercises: the cost of one second of animation for mannequin.glb as the core reads
// it, stored per vertex or per joint; a forearm bent by a morph-target blend and by a bone, both
// computed with the core's vector and quaternion kernels; and the artist's pipeline in order.
import { lerpVec3At, rotateVec3ByQuatAt, slerpQuatAt } from '../core/math.ts';
import type { Model } from '../core/model.ts';
import { readProjectModel } from '../build-time/project-models.ts';
import type { ChapterExercises } from './exercise.ts';
import { num, turnAboutZ } from './shared.ts';

/** Frames in the second of animation the first exercise prices (30 fps). */
export const FRAMES_PER_SECOND = 30;
/** Bytes of one float32. */
const FLOAT_BYTES = 4;
/** Floats per joint per frame in a skeletal clip: a quaternion (4) and a translation (3). */
export const FLOATS_PER_JOINT = 7;
/** Floats per vertex per frame in per-vertex animation: one position. */
export const FLOATS_PER_VERTEX = 3;
/** Length of the forearm in the second exercise, model units. */
export const FOREARM_LENGTH = 1.5;
/** The bent target's elbow angle in the second exercise, degrees about +z. */
export const BENT_DEGREES = 90;

/** Vertices of every skinned primitive of `model`, and joints of its first skin. */
export function countsOf(model: Model): { vertices: number; joints: number } {
  if (model.skins.length === 0) throw new Error('countsOf: the model has no skin');
  let vertices = 0;
  for (const mesh of model.meshes) for (const primitive of mesh.primitives) vertices += primitive.vertexCount;
  return { vertices, joints: model.skins[0].joints.length };
}

/** Where the hand ends up, blended halfway between the straight and the bent forearm, by morph and by bone. */
export function forearmHalfway(): { morphed: Float32Array; boned: Float32Array; straight: Float32Array; bent: Float32Array } {
  const rest = Float32Array.of(0, FOREARM_LENGTH, 0);
  const straightTurn = Float32Array.from(turnAboutZ(0));
  const bentTurn = Float32Array.from(turnAboutZ(BENT_DEGREES));
  const straight = rotateVec3ByQuatAt(new Float32Array(3), 0, straightTurn, 0, rest, 0);
  const bent = rotateVec3ByQuatAt(new Float32Array(3), 0, bentTurn, 0, rest, 0);
  // A morph target blends the two stored positions; a bone blends the two rotations, then turns the forearm.
  const morphed = lerpVec3At(new Float32Array(3), 0, straight, 0, bent, 0, 0.5);
  const halfTurn = slerpQuatAt(new Float32Array(4), 0, straightTurn, 0, bentTurn, 0, 0.5);
  const boned = rotateVec3ByQuatAt(new Float32Array(3), 0, halfTurn, 0, rest, 0);
  return { morphed, boned, straight, bent };
}

export function chapter00Exercises(): ChapterExercises {
  const { vertices, joints } = countsOf(readProjectModel('mannequin.glb'));
  const kilobytes = (floatsPerFrame: number, frames: number) => (floatsPerFrame * FLOAT_BYTES * frames) / 1000;
  const perVertex = kilobytes(vertices * FLOATS_PER_VERTEX, FRAMES_PER_SECOND);
  const skeletal = kilobytes(joints * FLOATS_PER_JOINT, FRAMES_PER_SECOND);
  const oneFrame = [kilobytes(vertices * FLOATS_PER_VERTEX, 1), kilobytes(joints * FLOATS_PER_JOINT, 1)];
  const floatsNotBytes = [perVertex / FLOAT_BYTES, skeletal / FLOAT_BYTES];

  const { morphed, boned } = forearmHalfway();
  const morphedReach = Math.hypot(morphed[0], morphed[1], morphed[2]);
  const bonedReach = Math.hypot(boned[0], boned[1], boned[2]);

  return {
    chapter: 0,
    exercises: [
      {
        kind: 'numbers',
        id: 'one-second',
        title: 'One second of walking',
        question: [
          `The mannequin of this chapter has ${vertices} vertices and ${joints} joints. Store one second of its walk at ${FRAMES_PER_SECOND} frames per second, in 4-byte floats: every vertex position per frame, or a rotation quaternion and a translation per joint per frame.`,
          'How many kilobytes (1 KB = 1000 bytes) does each take? One decimal.',
        ],
        fields: [
          { label: 'per vertex, KB', answer: perVertex },
          { label: 'skeletal, KB', answer: skeletal },
        ],
        tolerance: 0.1,
        decimals: 1,
        mistakes: [
          {
            values: oneFrame,
            feedback: `Those are the sizes of a single frame, ${num(oneFrame[0], 1)} and ${num(oneFrame[1], 1)} KB. A second at ${FRAMES_PER_SECOND} frames per second stores ${FRAMES_PER_SECOND} of them.`,
          },
          {
            values: floatsNotBytes,
            feedback: 'Those count floats, in thousands, not bytes: each float takes 4 bytes.',
          },
        ],
        hint: `Bytes per frame times frames: a position is 3 floats, a joint's rotation and translation 7 floats, each float 4 bytes, ${FRAMES_PER_SECOND} frames.`,
        explanation: `Per vertex: $${vertices} \\times 3 \\times 4 \\times ${FRAMES_PER_SECOND}$ bytes $\\approx ${num(perVertex, 1)}$ KB. Skeletal: $${joints} \\times 7 \\times 4 \\times ${FRAMES_PER_SECOND}$ bytes $\\approx ${num(skeletal, 1)}$ KB, about ${Math.round(perVertex / skeletal)} times less, and the gap grows with every vertex added to the mesh.`,
      },
      {
        kind: 'numbers',
        id: 'morph-corner',
        title: 'A forearm blended by morph',
        question: [
          `A forearm ${num(FOREARM_LENGTH)} units long, from the elbow at the origin, is stored as two morph targets: straight up $+y$, and bent ${BENT_DEGREES}° about $z$. The blend weight is 0.5: each vertex goes halfway between its two stored positions.`,
          'How far from the elbow is the hand? Two decimals.',
        ],
        fields: [{ label: 'distance', answer: morphedReach }],
        tolerance: 0.01,
        decimals: 2,
        mistakes: [
          {
            values: [bonedReach],
            feedback: `That is what a bone gives: turned ${BENT_DEGREES / 2}°, the forearm keeps its length of ${num(bonedReach)}. A morph target blends positions, not rotations, so the hand cuts across the corner.`,
          },
          {
            values: [FOREARM_LENGTH / 2],
            feedback: 'That is half the forearm. Each coordinate is halved, but the two halves point in different directions: add them as vectors.',
          },
        ],
        hint: 'The hand is at (0, 1.5) in one target and (−1.5, 0) in the other; take the point halfway between and measure its distance to the origin.',
        explanation: `Halfway between $(0, ${num(FOREARM_LENGTH)})$ and $(${num(-FOREARM_LENGTH)}, 0)$ is $(${num(morphed[0])}, ${num(morphed[1])})$, ${num(morphedReach)} units from the elbow: the forearm has shrunk by ${Math.round(100 * (1 - morphedReach / FOREARM_LENGTH))}%. A bone turned halfway keeps the hand ${num(bonedReach)} units away, on the arc.`,
      },
      {
        kind: 'order',
        id: 'artist-pipeline',
        title: 'From a mesh to a walking character',
        question: ['Put the steps a character goes through in a modelling tool, and the file that leaves it, in order. Use the arrow buttons.'],
        items: [
          { id: 'rig', label: 'Rigging: place the bones inside the mesh', why: 'rigging comes first: nothing can be attached to bones, or keyed, before they exist.' },
          { id: 'skin', label: 'Skinning: attach each vertex to bones, with weights', why: 'the weights name bones, so skinning follows rigging; it comes before animating, so the keyed bones move the skin.' },
          { id: 'animate', label: 'Animating: key the bones’ poses on a timeline', why: 'the animator keys a skeleton that already carries the skin, after rigging and skinning.' },
          { id: 'export', label: 'Export: mesh, bones, weights and keys in one glTF file', why: 'the file carries the output of all three steps, so it is written last.' },
        ],
        start: ['animate', 'export', 'skin', 'rig'],
        explanation: 'Rigging → skinning → animating, then export: the engine receives the mesh in its bind pose, the bones, the weights and the keys.',
      },
    ],
  };
}
