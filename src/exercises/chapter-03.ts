// Chapter 3's exercises: the rest-pose palette of two-bones-rotated.glb, right and as two palette
// pitfalls build it; the mannequin's hips recovered from their inverse bind matrix; and which
// files' rest pose is not their bind pose (the chapter's worked example, src/figures/bind/).
import { readProjectModel } from '../build-time/project-models.ts';
import { computeBindExample } from '../figures/bind/bind-example.ts';
import { matrixTex } from '../figures/shared/tex.ts';
import { createPlayer } from '../core/frame.ts';
import { buildPaletteWithBindGlobals, buildPaletteWithoutOffsets } from '../core/pitfalls.ts';
import { createMatrices } from '../core/model.ts';
import type { ChapterExercises, NumberMistake } from './exercise.ts';
import { matrixAt, nodeNamed, num, tuple } from './shared.ts';

/** Keeps the mistakes that can be told apart from `answer` at `tolerance`. */
export function distinct(mistakes: NumberMistake[], answer: readonly number[], tolerance: number): NumberMistake[] {
  return mistakes.filter((mistake) => mistake.values.some((value, f) => Math.abs(value - answer[f]) > tolerance));
}

export function chapter03Exercises(): ChapterExercises {
  const file = 'two-bones-rotated.glb';
  const model = readProjectModel(file);
  const player = createPlayer(model); // rest pose = bind pose in this file
  const skin = model.skins[0];
  const child = skin.joints.indexOf(nodeNamed(model.hierarchy.names, 'child', file));
  const right = matrixAt(player.palettes[0], child);
  const noOffset = matrixAt(buildPaletteWithoutOffsets(createMatrices(skin.joints.length), skin, player.globals), child);
  const squared = matrixAt(buildPaletteWithBindGlobals(createMatrices(skin.joints.length), skin, player.globals), child);

  const mannequin = readProjectModel('mannequin.glb');
  const hipsJoint = mannequin.skins[0].joints.indexOf(nodeNamed(mannequin.hierarchy.names, 'hips', 'mannequin.glb'));
  const hipsInverseBind = matrixAt(mannequin.skins[0].inverseBindMatrices, hipsJoint);
  const bind = computeBindExample();
  const hips = Array.from(bind.hipsBind.slice(12, 15));
  const stored = Array.from(hipsInverseBind.slice(12, 15));
  const negated = stored.map((value) => -value);
  const tolerance = 0.005;

  return {
    chapter: 3,
    exercises: [
      {
        kind: 'choice',
        id: 'rest-palette',
        title: 'The palette in the bind pose',
        question: [
          `\`${file}\`: a root bone at the origin and a child bone one unit up, turned 45° about $z$, bound as it stands. No animation plays. Which matrix is the child’s skinning matrix?`,
        ],
        choices: [
          {
            id: 'global',
            label: 'Matrix A',
            tex: matrixTex(noOffset, 0, 2),
            correct: false,
            feedback: 'That is the child’s global matrix G alone, the palette without the offset matrix: the vertices, already where the bone put them, are turned 45° and lifted one unit a second time.',
          },
          {
            id: 'identity',
            label: 'Matrix B',
            tex: matrixTex(right, 0, 2),
            correct: true,
            feedback: 'In the bind pose the child’s global G equals its bind global B, so G × B⁻¹ is the identity and every vertex comes out exactly as stored.',
          },
          {
            id: 'squared',
            label: 'Matrix C',
            tex: matrixTex(squared, 0, 2),
            correct: false,
            feedback: 'That is G × B, the bind global where its inverse belongs: in the bind pose it applies the bone’s bind transform twice, a 90° turn and two units up.',
          },
        ],
        explanation: 'Whatever the bones, the bind pose gives $G_j = B_j$ and $M_j = G_j B_j^{-1} = I$ for every joint: the mesh comes out as the file stores it.',
      },
      {
        kind: 'numbers',
        id: 'hips-bind',
        title: 'Where were the hips at bind time?',
        question: [
          `\`mannequin.glb\` does not store where its hips stood when the mesh was bound, only their inverse bind matrix, whose last column holds ${tuple(stored, 3)}.`,
          'Where were the hips (the origin of their frame) in the bind pose? $x$, $y$, $z$ in metres, three decimals.',
        ],
        tex: `B_{\\text{hips}}^{-1} = ${matrixTex(hipsInverseBind, 0, 3)}`,
        fields: [
          { label: '$x$', answer: hips[0] },
          { label: '$y$', answer: hips[1] },
          { label: '$z$', answer: hips[2] },
        ],
        tolerance,
        decimals: 3,
        mistakes: distinct(
          [
            {
              values: stored,
              feedback: 'That is the inverse bind matrix’s own translation: where the model’s origin lies seen from the hips. The hips’ place is the translation of the matrix’s inverse, B.',
            },
            {
              values: negated,
              feedback: 'Negating the translation undoes it only when the matrix has no rotation. Invert the whole matrix: the translation of B is −Rᵀt.',
            },
          ],
          hips,
          tolerance,
        ),
        hint: 'The bind global is the inverse of the inverse bind matrix; its last column is the hips’ origin.',
        explanation: `Inverting $B^{-1}$ gives the hips’ bind global $B$, whose last column is their origin: ${tuple(hips, 3)}.`,
      },
      {
        kind: 'choice',
        id: 'first-test',
        title: 'The first test to run',
        question: ['You have written a skinning pipeline and loaded a file. Which check finds the most bugs before anything moves?'],
        choices: [
          {
            id: 'bind-pose',
            label: 'Pose the skeleton in its bind pose and compare the skinned vertices with the stored ones',
            correct: true,
            feedback: 'There every skinning matrix must be the identity, so any difference is a bug: a product in the wrong order, a transposed matrix, a matrix from the wrong pose.',
          },
          {
            id: 'rest-pose',
            label: 'Pose every node in its rest transform and compare the skinned vertices with the stored ones',
            correct: false,
            feedback: `The rest pose is often the bind pose, not always: in ${bind.placedFiles.join(', ')} the rest pose moves the whole mesh (by up to ${num(bind.placedDeviation)} in a matrix entry) and the stored vertices are right anyway. Compare in the bind pose, from the inverse bind matrices.`,
          },
          {
            id: 'play',
            label: 'Play a walk and look whether it looks right',
            correct: false,
            feedback: 'A walk has no known right answer to compare with, and some mistakes (the offset on the wrong side, a reversed product) only show once bones move in certain ways. Start where the answer is known.',
          },
        ],
        explanation: `In the bind pose $v' = \\sum_i w_i v = v$. The site checks it on ${bind.skinCount} skins of ${bind.modelCount} files; the largest deviation from the identity in a rest pose that is also the bind pose is ${num(bind.largestDeviation, 6)}.`,
      },
    ],
  };
}
