// Chapter 9's exercises, on mannequin.glb as the loader reads it: what a JOINTS_0 value names, and
// where a row-major (Assimp) offset keeps its translation.
import { readProjectModel } from '../build-time/project-models.ts';
import type { ChapterExercises } from './exercise.ts';
import { matrixAt, nodeNamed, tuple } from './shared.ts';

export const JOINT_VALUE = 3;

export function chapter09Exercises(): ChapterExercises {
  const file = 'mannequin.glb';
  const model = readProjectModel(file);
  const { names } = model.hierarchy;
  const skin = model.skins[0];
  const right = names[skin.joints[JOINT_VALUE]];
  const nodeListed = names[model.hierarchy.sourceIndex.indexOf(JOINT_VALUE)];
  if (right === nodeListed) throw new Error(`${file}: the JOINTS_0 exercise needs the node list and the joint list to differ`);
  const hipsJoint = skin.joints.indexOf(nodeNamed(names, 'hips', file));
  const translation = matrixAt(skin.inverseBindMatrices, hipsJoint).slice(12, 15);

  return {
    chapter: 9,
    exercises: [
      {
        kind: 'choice',
        id: 'joints-index',
        title: 'What a JOINTS_0 value names',
        question: [`In \`${file}\`, a vertex’s \`JOINTS_0\` holds ${JOINT_VALUE} with weight 1. Which node moves it?`],
        choices: [
          {
            id: 'node-list',
            label: `\`${nodeListed}\`, node ${JOINT_VALUE} of the file`,
            correct: false,
            feedback: `JOINTS_0 does not index the file’s nodes: ${nodeListed} is nodes[${JOINT_VALUE}], but node 0 (Armature) is no joint, so the lists are shifted.`,
          },
          {
            id: 'skin-joints',
            label: `\`${right}\`, entry ${JOINT_VALUE} of \`skins[0].joints\``,
            correct: true,
            feedback: `JOINTS_0 values index the skin’s joints array: joints[${JOINT_VALUE}] is the node ${right}, and palette entry ${JOINT_VALUE} is its matrix.`,
          },
          {
            id: 'nearest',
            label: 'The joint nearest the vertex; the index is only a hint',
            correct: false,
            feedback: 'The index is exact: the vertex follows that joint’s palette matrix wherever the joint is. Distance plays a part when weights are painted, never when they are read.',
          },
        ],
        explanation: `\`skins[0].joints[${JOINT_VALUE}]\` = ${right}. The palette is built in the skin’s joint order, so the shader reads entry ${JOINT_VALUE}.`,
      },
      {
        kind: 'choice',
        id: 'row-major-translation',
        title: 'Where Assimp keeps the translation',
        question: [
          `Assimp hands the hips’ offset matrix over as \`aiMatrix4x4\`, row-major: rows a, b, c, d, entries a1 … a4. Its translation is ${tuple(translation, 3)}. Which entries hold it?`,
        ],
        choices: [
          {
            id: 'fourth-column',
            label: '`a4`, `b4`, `c4`: the last entry of the first three rows',
            correct: true,
            feedback: 'Row-major stores the matrix row by row; the translation is the fourth column, the last entry of rows a, b, c. Copied as they are into a column-major array, these land in the bottom row.',
          },
          {
            id: 'bottom-row',
            label: '`d1`, `d2`, `d3`: the first three entries of the last row',
            correct: false,
            feedback: 'That is where the translation sits after the sixteen numbers are copied into a column-major array without transposing: the pitfall, not the storage.',
          },
        ],
        explanation: 'Assimp’s matrices are row-major; glTF’s, WebGL’s and this core’s are column-major. Transpose when copying, or the offset’s translation is lost and its rotation inverted.',
      },
    ],
  };
}
