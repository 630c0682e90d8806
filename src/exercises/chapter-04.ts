// Chapter 4's exercises, on the turned child of two-bones-rotated.glb (its inverse bind matrix read
// from the file): which matrix is the offset, the child's tip in bone space, and where the tip
// lands when the child turns back upright — right, and as each palette pitfall puts it.
import { readProjectModel } from '../build-time/project-models.ts';
import { matrixTex } from '../figures/shared/tex.ts';
import { animateFrame, createPlayer } from '../core/frame.ts';
import { invertMat4At, multiplyMat4At } from '../core/math.ts';
import { createMatrices, createPose } from '../core/model.ts';
import { buildPaletteReversedOrder, buildPaletteWithBindGlobals, buildPaletteWithTransposedOffsets, buildPaletteWithoutOffsets } from '../core/pitfalls.ts';
import { composeLocal } from '../core/pose.ts';
import type { ChapterExercises } from './exercise.ts';
import { distinct } from './chapter-03.ts';
import { matrixAt, nodeNamed, num, transformPoint, tuple, turnAboutZ } from './shared.ts';

export const FILE = 'two-bones-rotated.glb';
/** The child's tip in the bind pose: one unit along the child, which starts at (0, 1, 0) turned 45° about z. */
export const TIP = [-Math.SQRT1_2, 1 + Math.SQRT1_2, 0] as const;
/** The child's angle about z in the third exercise, degrees (45° in the bind pose). */
export const UPRIGHT_DEGREES = 0;

/** T(translation) × R(about z, degrees), by the core's composeLocal. */
function translateThenTurn(translation: readonly number[], degrees: number): Float32Array {
  const pose = createPose(1);
  pose.translations.set(translation);
  pose.rotations.set(turnAboutZ(degrees));
  return composeLocal(new Float32Array(16), pose);
}

export function chapter04Exercises(): ChapterExercises {
  const model = readProjectModel(FILE);
  const skin = model.skins[0];
  const childNode = nodeNamed(model.hierarchy.names, 'child', FILE);
  const child = skin.joints.indexOf(childNode);
  const inverseBind = matrixAt(skin.inverseBindMatrices, child);
  const bindGlobal = invertMat4At(new Float32Array(16), 0, inverseBind, 0);
  if (bindGlobal === null) throw new Error(`${FILE}: the child's inverse bind matrix is singular`);
  const transposed = new Float32Array(16);
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) transposed[4 * c + r] = inverseBind[4 * r + c];
  // R⁻¹ T⁻¹ is the offset; T⁻¹ R⁻¹ undoes the two in the wrong order.
  const inverseTranslation = translateThenTurn([0, -1, 0], 0);
  const inverseRotation = translateThenTurn([0, 0, 0], -45);
  const wrongOrder = multiplyMat4At(new Float32Array(16), 0, inverseTranslation, 0, inverseRotation, 0);

  const inBoneSpace = Array.from(transformPoint(inverseBind, TIP));
  const throughBind = Array.from(transformPoint(bindGlobal, TIP));
  const throughTransposed = Array.from(transformPoint(transposed, TIP));

  const player = createPlayer(model);
  player.pose.rotations.set(turnAboutZ(UPRIGHT_DEGREES), 4 * childNode);
  animateFrame(player, null);
  const tipThrough = (palette: Float32Array) => Array.from(transformPoint(palette, TIP, 16 * child)).slice(0, 2);
  const scratch = createMatrices(skin.joints.length);
  const skinned = tipThrough(player.palettes[0]);
  const reversed = tipThrough(buildPaletteReversedOrder(scratch, skin, player.globals));
  const withoutOffset = tipThrough(buildPaletteWithoutOffsets(scratch, skin, player.globals));
  const notInverted = tipThrough(buildPaletteWithBindGlobals(scratch, skin, player.globals));
  const transposedOffsets = tipThrough(buildPaletteWithTransposedOffsets(scratch, skin, player.globals));
  const tolerance = 0.01;

  return {
    chapter: 4,
    exercises: [
      {
        kind: 'choice',
        id: 'which-offset',
        title: 'Which matrix is the offset?',
        question: [`In \`${FILE}\` the child bone starts at $(0, 1, 0)$ and is turned 45° about $z$ in the bind pose. Which of these is its offset (inverse bind) matrix?`],
        choices: [
          {
            id: 'bind-global',
            label: 'Matrix A',
            tex: matrixTex(bindGlobal, 0, 3),
            correct: false,
            feedback: 'That is B itself, the child’s bind global: it takes bone space to model space (its last column is the joint, (0, 1, 0)). The offset goes the other way.',
          },
          {
            id: 'transposed',
            label: 'Matrix B',
            tex: matrixTex(transposed, 0, 3),
            correct: false,
            feedback: 'That is the offset transposed, as a row-major matrix (Assimp’s) read column-major: the rotation turns the wrong way and the translation sits in the bottom row, where a point never reads it.',
          },
          {
            id: 'offset',
            label: 'Matrix C',
            tex: matrixTex(inverseBind, 0, 3),
            correct: true,
            feedback: 'B⁻¹ = (T R)⁻¹ = R⁻¹ T⁻¹: first one unit down, then 45° back. Its last column, R⁻¹ applied to (0, −1, 0), is where the model’s origin lies in the child’s frame.',
          },
          {
            id: 'wrong-order',
            label: 'Matrix D',
            tex: matrixTex(wrongOrder, 0, 3),
            correct: false,
            feedback: 'That is T⁻¹ R⁻¹: both inverses, in the order of B instead of reversed. The inverse of a product reverses its factors; here the translation should have been turned back too.',
          },
        ],
        explanation: `$B^{-1} = R_z(-45^\\circ)\\,T(0, -1, 0)$, read from the file: ${tuple(inverseBind.slice(12, 15), 3)} in its last column.`,
      },
      {
        kind: 'numbers',
        id: 'tip-in-bone-space',
        title: 'Into the bone’s space',
        question: [
          `The child’s tip, one unit along it, is the bind-pose vertex ${tuple(TIP, 3)}. What are its coordinates in the child’s bone space? $x$, $y$, $z$, two decimals.`,
        ],
        fields: [
          { label: '$x$', answer: inBoneSpace[0] },
          { label: '$y$', answer: inBoneSpace[1] },
          { label: '$z$', answer: inBoneSpace[2] },
        ],
        tolerance,
        decimals: 2,
        mistakes: distinct(
          [
            {
              values: throughBind,
              feedback: `That is B × v, ${tuple(throughBind)}: the bind global applied to a point that is already in model space. Into bone space goes through B⁻¹.`,
            },
            {
              values: throughTransposed,
              feedback: `That is the transposed offset applied, ${tuple(throughTransposed)}: the rotation turned the wrong way and the translation lost.`,
            },
          ],
          inBoneSpace,
          tolerance,
        ),
        hint: 'Bones point along their own +y: a point one unit along the bone, measured from its joint.',
        explanation: `$B^{-1} v$ = ${tuple(inBoneSpace)}: one unit along the bone’s own $+y$, from its joint — where the tip stays, in the bone’s frame, however the bone moves.`,
      },
      {
        kind: 'numbers',
        id: 'tip-upright',
        title: 'Out again, along the bone as it is now',
        question: [
          `Now turn the child back upright (${UPRIGHT_DEGREES}° about $z$ instead of 45°), its joint still at $(0, 1, 0)$. Where does the skinned tip land? $x$ and $y$, two decimals.`,
        ],
        fields: [
          { label: '$x$', answer: skinned[0] },
          { label: '$y$', answer: skinned[1] },
        ],
        tolerance,
        decimals: 2,
        mistakes: distinct(
          [
            {
              values: reversed,
              feedback: `That is ${tuple(reversed)}, what B⁻¹ × G gives: the offset on the wrong side. The current transform acts first, on a point still in model space, so the tip turns about the wrong centre.`,
            },
            {
              values: withoutOffset,
              feedback: `That is ${tuple(withoutOffset)}, what G alone gives: the offset forgotten, so the stored tip, already where the bind pose put it, is moved by the bone’s whole transform again.`,
            },
            {
              values: notInverted,
              feedback: `That is ${tuple(notInverted)}, what G × B gives: the bind global where its inverse belongs.`,
            },
            {
              values: transposedOffsets,
              feedback: `That is ${tuple(transposedOffsets)}, what G × (B⁻¹)ᵀ gives: a transposed offset, as from row-major matrices copied as they are.`,
            },
          ],
          skinned,
          tolerance,
        ),
        hint: 'Into bone space with B⁻¹, then out with the child’s global as it is now: G × B⁻¹ × v.',
        explanation: `In bone space the tip is one unit along the bone; the upright child puts its bone’s $+y$ along the model’s, from the joint $(0, 1, 0)$: $G B^{-1} v$ = ${tuple(skinned)}, ${num(skinned[1] - 1)} unit above the joint.`,
      },
    ],
  };
}
