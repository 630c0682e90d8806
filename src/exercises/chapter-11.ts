// Chapter 11's exercises: one bone's tip half-way between two poses 90° apart, blended as
// transforms (blendPoses) or as matrices (the pitfall blendMatricesElementWise); and a crossfade's
// weight at a moment of the fade (crossfadeWeight).
import { blendPoses, crossfadeWeight } from '../core/blend.ts';
import { createPose } from '../core/model.ts';
import { blendMatricesElementWise, blendPosesWithoutNormalizing } from '../core/pitfalls-beyond.ts';
import { composeLocal } from '../core/pose.ts';
import type { ChapterExercises } from './exercise.ts';
import { num, transformPoint, tuple, turnAboutZ } from './shared.ts';

export const ANGLE_DEGREES = 90;
export const FADE_START = 1;
export const FADE_DURATION = 0.5;
export const FADE_TIME = 1.2;

function poseAt(degrees: number) {
  const pose = createPose(1);
  pose.rotations.set(turnAboutZ(degrees));
  return pose;
}

export function chapter11Exercises(): ChapterExercises {
  const tip = [0, 1, 0];
  const a = poseAt(0);
  const b = poseAt(ANGLE_DEGREES);
  const tipOf = (pose: ReturnType<typeof poseAt>) => Array.from(transformPoint(composeLocal(new Float32Array(16), pose), tip)).slice(0, 2);
  const right = tipOf(blendPoses(createPose(1), a, b, 0.5));
  const unnormalised = tipOf(blendPosesWithoutNormalizing(createPose(1), a, b, 0.5));
  const matrices = Array.from(
    transformPoint(blendMatricesElementWise(new Float32Array(16), composeLocal(new Float32Array(16), a), composeLocal(new Float32Array(16), b), 0.5), tip),
  ).slice(0, 2);
  const weight = crossfadeWeight(FADE_TIME, FADE_START, FADE_DURATION);

  return {
    chapter: 11,
    exercises: [
      {
        kind: 'numbers',
        id: 'half-way',
        title: 'Half-way between two poses',
        question: [
          `A bone of length 1 along $+y$ is at 0° in pose A and turned ${ANGLE_DEGREES}° about $z$ in pose B. Blend the two poses with weight 0.5. Where is the bone’s tip? $x$ and $y$, two decimals.`,
        ],
        fields: [
          { label: '$x$', answer: right[0] },
          { label: '$y$', answer: right[1] },
        ],
        tolerance: 0.01,
        decimals: 2,
        mistakes: [
          { values: matrices, feedback: `That is ${tuple(matrices)}, the two matrices averaged entry by entry: a mix of rotations is no rotation, and the bone shrinks to ${num(Math.hypot(matrices[0], matrices[1]))} of its length. Blend translation, rotation and scale instead.` },
          { values: unnormalised, feedback: `That is ${tuple(unnormalised)}: the quaternions lerped and not normalised, so the bone turns too little and shrinks a little.` },
        ],
        hint: 'Blend the rotations (slerp or nlerp) and rebuild the matrix: half of 90° is 45°.',
        explanation: `\`blendPoses\` blends the rotations to 45°: the tip at ${tuple(right)}, still one unit from the joint.`,
      },
      {
        kind: 'numbers',
        id: 'fade-weight',
        title: 'A crossfade’s weight',
        question: [
          `A crossfade from the walk to the wave starts at ${num(FADE_START, 1)} s and lasts ${num(FADE_DURATION, 1)} s. What weight does the wave have at ${num(FADE_TIME, 1)} s? Two decimals.`,
        ],
        fields: [{ label: 'weight of the wave', answer: weight }],
        tolerance: 0.005,
        decimals: 2,
        mistakes: [
          { values: [1 - weight], feedback: `${num(1 - weight)} is the walk’s weight, the clip being faded out; the wave’s rises from 0 to 1.` },
          { values: [FADE_TIME / (FADE_START + FADE_DURATION)], feedback: 'That measures the time from 0 instead of from the fade’s start.' },
        ],
        hint: 'The weight rises linearly from 0 at the fade’s start to 1 at its end.',
        explanation: `(${num(FADE_TIME, 1)} − ${num(FADE_START, 1)}) / ${num(FADE_DURATION, 1)} = ${num(weight)}.`,
      },
    ],
  };
}
