// Chapter 1's exercises: the arm of the chapter's figure and worked example (shoulder 30°, elbow
// 45°; upper arm 2, forearm 1.5), posed by the core; the wrong answers by the hierarchy pitfalls.
import { computeArmExample, armJoints, armParents } from '../figures/arm/arm-example.ts';
import { localToGlobalReversedOrder, localToGlobalWithoutParents } from '../core/pitfalls.ts';
import { createMatrices } from '../core/model.ts';
import type { ChapterExercises } from './exercise.ts';
import { num, tuple } from './shared.ts';

/** The elbow's extra turn in the third exercise, degrees. */
export const EXTRA_ELBOW_DEGREES = 20;

const HAND = 2;

export function chapter01Exercises(): ChapterExercises {
  const arm = computeArmExample();
  const [shoulder, elbow] = arm.joints;
  const handOf = (globals: Float32Array) => [globals[16 * HAND + 12], globals[16 * HAND + 13]];
  const hand = handOf(arm.globals);
  const reversed = handOf(localToGlobalReversedOrder(createMatrices(3), armParents, arm.locals));
  const withoutParents = handOf(localToGlobalWithoutParents(createMatrices(3), armParents, arm.locals));
  const elbowReversed = localToGlobalReversedOrder(createMatrices(3), armParents, arm.locals);

  const bent = computeArmExample(armJoints.map((joint, i) => (i === 1 ? { ...joint, angleDegrees: joint.angleDegrees + EXTRA_ELBOW_DEGREES } : joint)));
  const handMoved = Math.hypot(bent.globals[16 * HAND + 12] - hand[0], bent.globals[16 * HAND + 13] - hand[1]);
  const shoulderMoved = Math.hypot(bent.globals[12] - arm.globals[12], bent.globals[13] - arm.globals[13]);

  return {
    chapter: 1,
    exercises: [
      {
        kind: 'numbers',
        id: 'hand-position',
        title: 'Where is the hand?',
        question: [
          `The arm of this chapter: the shoulder at the origin turned ${shoulder.angleDegrees}° about $z$, the elbow ${num(elbow.offsetY)} units up its parent's $+y$ and turned ${elbow.angleDegrees}°, the hand ${num(arm.joints[2].offsetY)} units up the forearm and not turned.`,
          'Where is the hand in model space? Give $x$ and $y$ to two decimals.',
        ],
        fields: [
          { label: '$x$', answer: hand[0] },
          { label: '$y$', answer: hand[1] },
        ],
        tolerance: 0.01,
        decimals: 2,
        mistakes: [
          {
            values: reversed,
            feedback: `That is ${tuple(reversed)}, what the reversed product L × G_parent gives: each offset is turned by the joint's own rotation instead of its parent's, so the shoulder's 30° never reaches the elbow's offset. The global is G_parent × L.`,
          },
          {
            values: withoutParents,
            feedback: `That is the hand's local translation, ${tuple(withoutParents)}: the hand placed relative to the model's origin instead of the forearm. A global is the product of every local from the root down.`,
          },
        ],
        hint: 'Walk down the chain: the elbow sits 2 units along the shoulder’s turned +y; the forearm points along the sum of both turns.',
        explanation: `$G_{\\text{hand}} = L_{\\text{shoulder}}\\,L_{\\text{elbow}}\\,L_{\\text{hand}}$. The elbow lands at ${tuple([arm.globals[28], arm.globals[29]])}, 2 units along the direction turned 30° from $+y$; the forearm points 30° + 45° = 75° from $+y$, so the hand is 1.5 units further along it: ${tuple(hand)}.`,
      },
      {
        kind: 'choice',
        id: 'product-order',
        title: 'The order of a product',
        question: ['With column vectors, which product is the elbow’s global matrix?'],
        choices: [
          {
            id: 'parent-first',
            label: '$G_{\\text{shoulder}}\\,L_{\\text{elbow}}$',
            correct: true,
            feedback: 'Read right to left, as it acts on a point: L_elbow takes the point from the elbow’s frame into the shoulder’s, then G_shoulder takes it into model space.',
          },
          {
            id: 'child-first',
            label: '$L_{\\text{elbow}}\\,G_{\\text{shoulder}}$',
            correct: false,
            feedback: `That applies the shoulder first and the elbow’s local after it, in the model’s frame. The elbow’s offset is then never turned by the shoulder: it stays at ${tuple([elbowReversed[28], elbowReversed[29]])}, straight above the origin, as if the shoulder had not moved.`,
          },
          {
            id: 'local-only',
            label: '$L_{\\text{elbow}}$ alone',
            correct: false,
            feedback: 'A local matrix places the elbow in its parent’s frame, not in the model. Used as the global, it leaves out every ancestor: the arm comes apart at the first turn of the shoulder.',
          },
          {
            id: 'sum',
            label: '$L_{\\text{shoulder}} + L_{\\text{elbow}}$',
            correct: false,
            feedback: 'Transforms compose by product, not by sum. The sum of two matrices is not a transform at all: its bottom-right entry would be 2.',
          },
        ],
        explanation: '$G_i = G_{p(i)}\\,L_i$: the parent’s global on the left, the child’s local on the right.',
      },
      {
        kind: 'choice',
        id: 'what-moves',
        title: 'What moves?',
        question: [`Turn the elbow ${EXTRA_ELBOW_DEGREES}° further and nothing else. Which global matrices change?`],
        choices: [
          {
            id: 'elbow-and-below',
            label: 'The elbow’s and the hand’s; the shoulder’s stays',
            correct: true,
            feedback: `L_elbow appears in the globals of the elbow and of everything below it, never above it: the hand moves ${num(handMoved)} units, the shoulder ${num(shoulderMoved)}.`,
          },
          {
            id: 'all',
            label: 'All three, the shoulder’s included',
            correct: false,
            feedback: `A child never moves its parent: G_shoulder = L_shoulder has no L_elbow in it. The shoulder moves ${num(shoulderMoved)} units.`,
          },
          {
            id: 'elbow-only',
            label: 'Only the elbow’s',
            correct: false,
            feedback: `G_hand = G_shoulder L_elbow L_hand contains L_elbow, so the hand follows: it moves ${num(handMoved)} units although its own local matrix is unchanged.`,
          },
        ],
        explanation: `Changing $L_{\\text{elbow}}$ changes every product it appears in: $G_{\\text{elbow}}$ and $G_{\\text{hand}}$. The hand moves ${num(handMoved)} units; the shoulder does not move.`,
      },
    ],
  };
}
