// Chapter 10's exercises: the twisted tube's middle ring under linear blend and dual quaternion
// skinning (the chapter's measurements, src/figures/dual-quaternion/), and the sign rule of the blend.
import { computeDualQuaternionExample } from '../figures/dual-quaternion/dual-quaternion-example.ts';
import type { ChapterExercises } from './exercise.ts';
import { num } from './shared.ts';

export const TWIST = 180;

export function chapter10Exercises(): ChapterExercises {
  const example = computeDualQuaternionExample();
  const row = example.twists.find((each) => each.twist === TWIST);
  const base = example.twists.find((each) => each.twist === 0);
  if (row === undefined || base === undefined) throw new Error(`no measurement at twists 0° and ${TWIST}°`);
  const percent = (section: number) => (100 * section) / base.linear.section;
  const linear = percent(row.linear.section);
  const dual = percent(row.dual.section);
  const halfTwist = example.twists.find((each) => each.twist === 90);

  return {
    chapter: 10,
    exercises: [
      {
        kind: 'numbers',
        id: 'candy-wrapper',
        title: 'The candy wrapper, predicted',
        question: [
          `Twist the tube’s end ${TWIST}° about its own axis. The ring half-way along has weight 0.5 on each bone. With linear blend skinning, what percentage of its untwisted area does the ring keep? One decimal.`,
        ],
        fields: [{ label: 'area, %', answer: linear }],
        tolerance: 1,
        decimals: 1,
        mistakes: [
          { values: [dual], feedback: `${num(dual, 1)} % is what dual quaternion skinning keeps: it blends the rigid transforms, not the matrices. Linear blending averages the two rotated points.` },
          ...(halfTwist ? [{ values: [percent(halfTwist.linear.section)], feedback: `${num(percent(halfTwist.linear.section), 1)} % is the ring at a 90° twist. At ${TWIST}° the two rotated copies of each point are opposite each other.` }] : []),
        ],
        hint: 'Each point of the ring is the average of itself turned 0° and 180°: its radius shrinks by cos(θ/2).',
        explanation: `The ring’s radius scales by $\\cos(\\theta/2)$, its area by $\\cos^2(\\theta/2)$: 0 at 180°. Measured by the core: ${num(linear, 1)} % with linear blending, ${num(dual, 1)} % with dual quaternions.`,
      },
      {
        kind: 'choice',
        id: 'sign-rule',
        title: 'The sign rule',
        question: ['Two joints’ rotations are stored as unit quaternions $q_a$ and $q_b$ with $q_a \\cdot q_b < 0$. Before blending them with equal weights, what must the skinner do?'],
        choices: [
          {
            id: 'flip',
            label: 'Negate $q_b$ (and its dual part), then blend',
            correct: true,
            feedback: 'q and −q are the same rotation; taking b on a’s side of the sphere makes the blend go the short way and never cancel out.',
          },
          {
            id: 'nothing',
            label: 'Nothing: $q$ and $-q$ are the same rotation',
            correct: false,
            feedback: 'The same rotation, but not the same four numbers: blending q with nearly −q sums to nearly zero, and the normalised result turns the long way round or explodes.',
          },
          {
            id: 'normalise-only',
            label: 'Normalise the blend afterwards; that is enough',
            correct: false,
            feedback: 'Normalising cannot bring back a sum that has cancelled to nearly zero; the sign must be fixed before summing.',
          },
        ],
        explanation: 'Dual quaternion blending, like nlerp, first puts every quaternion on the same side as the first one (flip when the dot product is negative), then sums and normalises.',
      },
    ],
  };
}
