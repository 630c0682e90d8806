// Chapter 2's exercises: one vertex blended between two bones by skinVertices (the two-bone set-up
// of the chapter's worked example, other weights), the influences limitInfluences keeps and the
// ones its pitfall keeps, and the influence counts of two of the site's models.
import { readProjectModel } from '../build-time/project-models.ts';
import { inverseBindMatricesFor } from '../core/bind-pose.ts';
import { animateFrame, createPlayer } from '../core/frame.ts';
import { localToGlobal } from '../core/hierarchy.ts';
import { createPose, type Model, type SkinnedPrimitive } from '../core/model.ts';
import { influenceStatistics } from '../core/model-summary.ts';
import { limitInfluencesWithoutRenormalising } from '../core/pitfalls.ts';
import { composeLocal } from '../core/pose.ts';
import { skinVertices } from '../core/skin.ts';
import { limitInfluences } from '../core/weights.ts';
import type { ChapterExercises } from './exercise.ts';
import { num, tuple, turnAboutZ } from './shared.ts';

/** The vertex of the chapter's worked example (bind pose, model space) and the lower bone's turn, degrees. */
export const VERTEX = [0.25, 1, 0] as const;
export const TURN_DEGREES = 90;
/** Weights on (upper, lower) in the blending exercise. */
export const BLEND_WEIGHTS = [0.25, 0.75] as const;
/** The four influences of the limiting exercise, largest first, and how many the engine keeps. */
export const FOUR_WEIGHTS = [0.45, 0.3, 0.15, 0.1] as const;
export const KEPT_INFLUENCES = 2;

/** Two bones along +y, "upper" at the origin and "lower" one unit up, bound in this rest pose. */
function twoBones(): Model {
  const rest = createPose(2);
  rest.translations[4] = 1;
  const parents = Int16Array.from([-1, 0]);
  const bindGlobals = localToGlobal(new Float32Array(32), parents, composeLocal(new Float32Array(32), rest));
  const skin = { name: 'two bones', joints: Int16Array.from([0, 1]), inverseBindMatrices: new Float32Array(32), skeleton: 0 };
  inverseBindMatricesFor(skin.inverseBindMatrices, skin, bindGlobals);
  return { hierarchy: { count: 2, parents, names: ['upper', 'lower'], sourceIndex: Int32Array.from([0, 1]), rest }, skins: [skin], meshes: [], clips: [], notes: [] };
}

/** The palette with the lower bone turned `degrees` about z at the joint. */
function paletteTurned(degrees: number): Float32Array {
  const player = createPlayer(twoBones());
  player.pose.rotations.set(turnAboutZ(degrees), 4);
  animateFrame(player, null);
  return player.palettes[0];
}

function oneVertex(weights: readonly number[], joints: readonly number[] = [0, 1, 0, 0]): SkinnedPrimitive {
  return {
    vertexCount: 1,
    positions: Float32Array.from(VERTEX),
    normals: null,
    joints: Uint16Array.from(joints),
    weights: Float32Array.from([...weights, 0, 0, 0, 0].slice(0, 4)),
    indices: null,
  };
}

function skinned(weights: readonly number[], palette: Float32Array): number[] {
  const out = new Float32Array(3);
  skinVertices(out, null, oneVertex(weights), palette);
  return [out[0], out[1]];
}

export function chapter02Exercises(): ChapterExercises {
  const turned = paletteTurned(TURN_DEGREES);
  const [upperWeight, lowerWeight] = BLEND_WEIGHTS;
  const blended = skinned(BLEND_WEIGHTS, turned);
  const swapped = skinned([lowerWeight, upperWeight], turned);
  const lowerOnly = skinned([0, 1], turned);
  const angleBlended = skinned([0, 1], paletteTurned(lowerWeight * TURN_DEGREES));

  const four = { ...oneVertex(FOUR_WEIGHTS, [0, 1, 2, 3]) };
  const kept = limitInfluences(four, KEPT_INFLUENCES).weights.slice(0, KEPT_INFLUENCES);
  const keptRaw = limitInfluencesWithoutRenormalising(four, KEPT_INFLUENCES).weights.slice(0, KEPT_INFLUENCES);

  const robot = influenceStatistics(readProjectModel('robot-arm.glb').meshes[0].primitives[0]);
  const tube = influenceStatistics(readProjectModel('bend-tube.glb').meshes[0].primitives[0]);
  const counts = [1, 2, 4];
  if (robot.maxInfluences !== 1) throw new Error(`robot-arm.glb: expected one influence per vertex, got up to ${robot.maxInfluences}`);
  const tubeShared = tube.histogram[2] + tube.histogram[3] + tube.histogram[4];

  return {
    chapter: 2,
    exercises: [
      {
        kind: 'numbers',
        id: 'blend-vertex',
        title: 'One vertex, two bones',
        question: [
          `Two bones along $+y$: the upper one at the origin, the lower one from $(0, 1, 0)$. The vertex ${tuple(VERTEX)} sits at the joint, with weight ${num(upperWeight)} on the upper bone and ${num(lowerWeight)} on the lower one. The lower bone turns ${TURN_DEGREES}° about $z$ at the joint.`,
          'Where does linear blend skinning put the vertex? $x$ and $y$, two decimals.',
        ],
        fields: [
          { label: '$x$', answer: blended[0] },
          { label: '$y$', answer: blended[1] },
        ],
        tolerance: 0.01,
        decimals: 2,
        mistakes: [
          {
            values: swapped,
            feedback: `That is ${tuple(swapped)}: the weights swapped, ${num(lowerWeight)} on the upper bone. Each weight goes with its own bone’s matrix.`,
          },
          {
            values: lowerOnly,
            feedback: `That is ${tuple(lowerOnly)}, where the lower bone alone carries the vertex (weight 1). The upper bone still pulls with ${num(upperWeight)}: blend both transformed points.`,
          },
          {
            values: angleBlended,
            feedback: `That is ${tuple(angleBlended)}: the vertex turned by ${num(lowerWeight * TURN_DEGREES)}°, the weighted angle. Linear blend skinning averages the two transformed points, not the angles, so the vertex lands inside the arc, nearer the joint.`,
          },
        ],
        hint: 'Transform the vertex by each bone’s skinning matrix, then take the weighted sum of the two points.',
        explanation: `The upper bone leaves the vertex at ${tuple(VERTEX.slice(0, 2))}; the lower bone turns it ${TURN_DEGREES}° about the joint $(0, 1)$ to ${tuple(lowerOnly)}. The blend is ${num(upperWeight)} of the first plus ${num(lowerWeight)} of the second: ${tuple(blended)}.`,
      },
      {
        kind: 'numbers',
        id: 'keep-two',
        title: 'Keep two influences',
        question: [
          `A vertex near the shoulder has four influences with weights ${FOUR_WEIGHTS.map((w) => num(w)).join(', ')}. The engine keeps ${KEPT_INFLUENCES}. What weights does it store? Two decimals.`,
        ],
        fields: [
          { label: 'first', answer: kept[0] },
          { label: 'second', answer: kept[1] },
        ],
        tolerance: 0.005,
        decimals: 2,
        mistakes: [
          {
            values: Array.from(keptRaw),
            feedback: `Those are the two largest weights as they were, summing to ${num(keptRaw[0] + keptRaw[1])}: the vertex would be pulled toward the origin by that factor whenever the bones move together. Divide each kept weight by their sum.`,
          },
        ],
        hint: 'Keep the two largest, then make them sum to 1.',
        explanation: `The two largest are ${num(FOUR_WEIGHTS[0])} and ${num(FOUR_WEIGHTS[1])}, summing to ${num(FOUR_WEIGHTS[0] + FOUR_WEIGHTS[1])}; divided by that sum they become ${num(kept[0])} and ${num(kept[1])}, which sum to 1 (\`limitInfluences\`).`,
      },
      {
        kind: 'choice',
        id: 'rigid-robot',
        title: 'A robot of rigid plates',
        question: [
          `\`robot-arm.glb\` is built of hard plates that must not bend; \`bend-tube.glb\` is one soft tube. How many bones move the robot arm’s most shared vertex?`,
        ],
        choices: counts.map((count) => ({
          id: `bones-${count}`,
          label: `${count} bone${count > 1 ? 's' : ''}`,
          correct: count === robot.maxInfluences,
          feedback:
            count === robot.maxInfluences
              ? `Every one of its ${robot.histogram[1]} vertices follows one bone with weight 1: each plate moves rigidly with its bone. Shared weights are for the soft tube, where ${tubeShared} vertices blend two bones.`
              : count === 2
                ? `Two bones per vertex is the soft tube: ${tubeShared} of its vertices blend two bones so that it bends smoothly. A plate weighted that way would bend like rubber at the joint.`
                : `Four is the most glTF stores per vertex (one JOINTS_0/WEIGHTS_0 pair), not what a rigid model uses: there every vertex needs one bone only.`,
        })),
        explanation: `Rigid parts need one influence per vertex, weight 1. The loader counts ${robot.maxInfluences} influence at most on the robot arm’s ${robot.histogram[1]} vertices, and ${tube.maxInfluences} on the tube, where ${tubeShared} vertices share two bones.`,
      },
    ],
  };
}
