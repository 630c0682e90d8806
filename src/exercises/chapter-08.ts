// Chapter 8's exercises: a joint index bound as a float (jointIndexAsFloatBits), and a normal under
// a non-uniform scale, skinned right (skinVertices, inverse-transpose) and with the plain matrix.
import { skinNormalsWithPlainMatrix, jointIndexAsFloatBits } from '../core/pitfalls-shader.ts';
import { skinVertices } from '../core/skin.ts';
import type { SkinnedPrimitive } from '../core/model.ts';
import type { ChapterExercises } from './exercise.ts';
import { num } from './shared.ts';

export const FLOAT_JOINT = 2;
/** The scale along x of the normals exercise's only joint. */
export const STRETCH_X = 2;

export function chapter08Exercises(): ChapterExercises {
  const bits = jointIndexAsFloatBits(FLOAT_JOINT);
  const primitive: SkinnedPrimitive = {
    vertexCount: 1,
    positions: Float32Array.from([0, 0, 0]),
    normals: Float32Array.from([Math.SQRT1_2, Math.SQRT1_2, 0]),
    joints: Uint16Array.from([0, 0, 0, 0]),
    weights: Float32Array.from([1, 0, 0, 0]),
    indices: null,
  };
  const palette = Float32Array.from([STRETCH_X, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const right = new Float32Array(3);
  skinVertices(new Float32Array(3), right, primitive, palette);
  const plain = skinNormalsWithPlainMatrix(new Float32Array(3), primitive, palette);
  const angle = (normal: Float32Array) => (Math.atan2(normal[1], normal[0]) * 180) / Math.PI;

  return {
    chapter: 8,
    exercises: [
      {
        kind: 'numbers',
        id: 'joint-as-float',
        title: 'A joint index bound as a float',
        question: [
          `The joint indices are bound with \`vertexAttribPointer\` instead of \`vertexAttribIPointer\`, into the shader’s \`uvec4\`, and a lenient driver draws anyway. What integer does the shader read for joint ${FLOAT_JOINT}?`,
        ],
        fields: [{ label: 'index read', answer: bits }],
        tolerance: 0.5,
        decimals: 0,
        mistakes: [
          { values: [FLOAT_JOINT], feedback: `${FLOAT_JOINT} is what vertexAttribIPointer delivers. Without the I, the value becomes the float ${FLOAT_JOINT}.0, and the integer input reads that float’s bits.` },
        ],
        hint: `Write ${FLOAT_JOINT}.0 as an IEEE 754 single and read its 32 bits as an unsigned integer.`,
        explanation: `${FLOAT_JOINT}.0 is 0x${bits.toString(16)} in IEEE 754: ${bits}, far past any palette, so the vertex reads garbage or nothing.`,
      },
      {
        kind: 'choice',
        id: 'stretched-normal',
        title: 'A normal under a stretch',
        question: [
          `A vertex’s only joint stretches it ${STRETCH_X} times along $x$. Its normal points at 45° between $+x$ and $+y$. Which way must the skinned normal point?`,
        ],
        choices: [
          {
            id: 'inverse-transpose',
            label: `${num(angle(right), 1)}° from $+x$: turned toward $+y$`,
            correct: true,
            feedback: 'Normals transform by the inverse-transpose: the surface stretched along x leans toward y, so its normal leans toward y, away from the stretch.',
          },
          {
            id: 'plain',
            label: `${num(angle(plain), 1)}° from $+x$: turned toward $+x$`,
            correct: false,
            feedback: 'That is the normal multiplied by the matrix itself: it leans toward the stretched axis, and is no longer perpendicular to the surface. Right under rotations and uniform scale only.',
          },
          {
            id: 'unchanged',
            label: '45°: a normal needs no skinning',
            correct: false,
            feedback: 'Unskinned normals keep the bind pose’s lighting while the mesh moves: a turned forearm lit as if it had not turned.',
          },
        ],
        explanation: `With $A = \\mathrm{diag}(${STRETCH_X}, 1, 1)$, $(A^{-1})^{T} n \\propto (0.5, 1, 0)$ after the 45° normal: ${num(angle(right), 1)}° from $+x$, where $A n$ gives ${num(angle(plain), 1)}°.`,
      },
    ],
  };
}
