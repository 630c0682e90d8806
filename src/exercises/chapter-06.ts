// Chapter 6's exercises, on mannequin-zup-cm.glb (z up, centimetres, its inverse bind matrices
// written below the Armature): the top of the head skinned by glTF's rule and by each mistake the
// chapter's figure runs (global-inverse-modes.ts), and the shape of the mesh each mistake draws.
import { readProjectModel } from '../build-time/project-models.ts';
import { computeGlobalInverseExample, MODEL_FILE } from '../figures/global-inverse/global-inverse-example.ts';
import { applyMode, placementOf, type GlobalInverseMode } from '../figures/global-inverse/global-inverse-modes.ts';
import { createPlayer, showRestPose } from '../core/frame.ts';
import { skinVertices } from '../core/skin.ts';
import type { ChapterExercises } from './exercise.ts';
import { distinct } from './chapter-03.ts';
import { num, tuple } from './shared.ts';

export function chapter06Exercises(): ChapterExercises {
  const example = computeGlobalInverseExample();
  const model = readProjectModel(MODEL_FILE);
  const player = createPlayer(model);
  const placement = placementOf(model, player);
  if (placement === null) throw new Error(`${MODEL_FILE}: no placement above the skeleton`);
  const primitive = model.meshes[0].primitives[0];
  let top = 0;
  for (let v = 0; 3 * v < primitive.positions.length; v++) if (primitive.positions[3 * v + 2] > primitive.positions[3 * top + 2]) top = v;
  const positions = new Float32Array(3 * primitive.vertexCount);
  const headIn = (mode: GlobalInverseMode) => {
    showRestPose(player);
    applyMode(mode, player, placement);
    skinVertices(positions, null, primitive, player.palettes[0]);
    return Array.from(positions.slice(3 * top, 3 * top + 3));
  };
  const head = headIn('correct');
  const forgotten = headIn('without-global-inverse');
  const twice = headIn('global-inverse-twice');
  const meshNode = headIn('mesh-node-transform');
  const stored = Array.from(primitive.positions.slice(3 * top, 3 * top + 3));
  const tolerance = 0.005;
  const { extents } = example;
  const height = (mode: GlobalInverseMode) => num(extents[mode].size[1]);
  const depth = (mode: GlobalInverseMode) => num(extents[mode].size[2]);

  return {
    chapter: 6,
    exercises: [
      {
        kind: 'numbers',
        id: 'head-top',
        title: 'The top of the head',
        question: [
          `\`${MODEL_FILE}\` stores the top of the mannequin’s head at ${tuple(stored, 1)} in centimetres, $z$ up. A glTF renderer skins it in the rest pose with $G_j B_j^{-1}$ and ignores the mesh node’s transform. Where is the vertex drawn? $x$, $y$, $z$ in metres, three decimals.`,
        ],
        fields: [
          { label: '$x$', answer: head[0] },
          { label: '$y$', answer: head[1] },
          { label: '$z$', answer: head[2] },
        ],
        tolerance,
        decimals: 3,
        mistakes: distinct(
          [
            { values: stored, feedback: 'Those are the stored numbers. The joints’ globals pass through the Armature and Z_UP nodes: skinning turns the mesh y-up and scales it to metres, even in the rest pose.' },
            { values: forgotten, feedback: `That is ${tuple(forgotten, 3)}, an ogldev-style engine without the global inverse: Z_UP stays in the palette and the model matrix adds it again.` },
            { values: twice, feedback: `That is ${tuple(twice, 3)}, metres but still z up, as an engine that applies the global inverse twice draws it: the Z_UP turn undone. Every joint’s global passes through Z_UP, so skinning turns the mesh y-up.` },
            { values: meshNode, feedback: `That is ${tuple(meshNode, 3)}: the mesh node’s transform applied as well, which glTF forbids for a skinned mesh. Both nodes above the skeleton come in twice.` },
          ],
          head,
          tolerance,
        ),
        hint: 'In this file every joint’s rest-pose skinning matrix is the same matrix: the placement of the nodes above the skeleton.',
        explanation: `Every skinning matrix is the placement Z_UP × Armature here (they differ by at most ${num(example.restDeformation, 7)}): centimetres to metres, $z$ up to $y$ up. The head lands at ${tuple(head, 3)}.`,
      },
      {
        kind: 'choice',
        id: 'forgotten-symptom',
        title: 'What does a forgotten global inverse look like?',
        question: [
          'An engine in the ogldev style draws each mesh with the root’s transform (`Z_UP`) as its model matrix and builds the palette as $G_j B_j^{-1}$, without the global inverse in front. In the rest pose, what does it draw?',
        ],
        choices: [
          {
            id: 'upright',
            label: `The mannequin upright, ${height('correct')} m tall`,
            correct: false,
            feedback: 'That is what glTF’s rule draws, or the ogldev engine with its global inverse: the placement applied exactly once.',
          },
          {
            id: 'lying',
            label: `The mannequin lying down, ${depth('without-global-inverse')} m long along $z$`,
            correct: true,
            feedback: 'Z_UP is in every joint’s global already, and the model matrix applies it a second time: a further 90° about x, and the mannequin lies on its back at the skeleton’s feet.',
          },
          {
            id: 'tiny',
            label: `The mannequin lying down, ${num(100 * extents['mesh-node-transform'].size[2])} cm long`,
            correct: false,
            feedback: 'A hundred times too small is the centimetre scale applied twice: the mesh node’s transform used in a glTF renderer, not the global inverse left out.',
          },
        ],
        explanation: `The placement comes into the palette through the joints’ globals; a model matrix that adds it again turns the mesh a second time: ${depth('without-global-inverse')} m along $z$ instead of ${height('correct')} m along $y$.`,
      },
    ],
  };
}
