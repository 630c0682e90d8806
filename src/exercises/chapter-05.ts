// Chapter 5's exercises: the stages of one frame in order; the mannequin's hips placed through its
// bone-less Armature node, or not; and the walk's keys over the rest pose, replacing it (sampleClip)
// or added to it (the pitfall sampleClipRelativeToRest). All on mannequin.glb.
import { readProjectModel } from '../build-time/project-models.ts';
import { computeTraversalExample } from '../figures/traversal/traversal-example.ts';
import { Playback, createClipCursor, sampleClip } from '../core/clip.ts';
import { copyPose, createPose } from '../core/model.ts';
import { sampleClipRelativeToRest } from '../core/pitfalls.ts';
import type { ChapterExercises } from './exercise.ts';
import { distinct } from './chapter-03.ts';
import { nodeNamed, num, tuple } from './shared.ts';

/** Seconds into the walk of the third exercise. */
export const WALK_TIME = 0.4;

export function chapter05Exercises(): ChapterExercises {
  const traversal = computeTraversalExample();
  const hips = Array.from(traversal.hipsGlobal.slice(12, 15));
  const hipsLocal = Array.from(traversal.hips.slice(12, 15));
  const tolerance = 0.005;

  const model = readProjectModel('mannequin.glb');
  const walk = model.clips.find((clip) => clip.name === 'walk');
  if (walk === undefined) throw new Error('mannequin.glb has no clip "walk"');
  const hipsNode = nodeNamed(model.hierarchy.names, 'hips', 'mannequin.glb');
  const rest = model.hierarchy.rest;
  const right = sampleClip(copyPose(createPose(model.hierarchy.count), rest), walk, rest, WALK_TIME, Playback.LOOP, createClipCursor(walk.tracks.length));
  const added = sampleClipRelativeToRest(copyPose(createPose(model.hierarchy.count), rest), walk, rest, WALK_TIME, Playback.LOOP, createClipCursor(walk.tracks.length));
  const restHeight = rest.translations[3 * hipsNode + 2];
  const keyedHeight = right.translations[3 * hipsNode + 2];
  const addedHeight = added.translations[3 * hipsNode + 2];
  if (Math.abs(addedHeight - keyedHeight) < 0.01) throw new Error('mannequin.glb: the walk keys no visible hips translation');

  return {
    chapter: 5,
    exercises: [
      {
        kind: 'order',
        id: 'frame-stages',
        title: 'One frame, in order',
        question: ['Put the stages of one frame in the order the data flows through them, from the clip’s keys to the skinned vertices. Use the arrow buttons.'],
        items: [
          { id: 'sample', label: '`sampleClip`: keys → each node’s T, R, S', why: 'sampling comes first: it turns the clip’s keys at this time into the pose every later stage reads.' },
          { id: 'compose', label: '`composeLocal`: T, R, S → local matrices', why: 'each local matrix is built from the pose the sampler just wrote, T × R × S per node.' },
          { id: 'globals', label: '`localToGlobal`: locals → globals, parents first', why: 'globals are products of locals down the tree, so the locals must exist first.' },
          { id: 'palette', label: '`buildPalette`: globals → skinning matrices', why: 'each skinning matrix is a joint’s global times its inverse bind matrix: it needs the globals.' },
          { id: 'skin', label: '`skinVertices` or the vertex shader: the weighted sum', why: 'skinning is last: it blends the palette’s matrices per vertex.' },
        ],
        start: ['compose', 'palette', 'sample', 'skin', 'globals'],
        explanation: 'Keys → pose → locals → globals → palette → vertices: `animateFrame` runs the first four, the shader the last.',
      },
      {
        kind: 'numbers',
        id: 'hips-through-armature',
        title: 'A node without a bone',
        question: [
          `In \`mannequin.glb\` the hips’ local translation is ${tuple(hipsLocal, 3)}, and their parent is \`Armature\`, a node that is not a joint of the skin: it turns the exporter’s $z$-up into $y$-up.`,
          'Where are the hips in model space in the rest pose? $x$, $y$, $z$, three decimals.',
        ],
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
              values: hipsLocal,
              feedback: 'That is the hips’ local translation, as if the walk down the tree started at the first joint. Armature is not a bone, but it is a node: its turn applies to everything below it.',
            },
          ],
          hips,
          tolerance,
        ),
        hint: 'Multiply the Armature node’s local matrix by the hips’ local: z-up becomes y-up.',
        explanation: `$G_{\\text{hips}} = L_{\\text{Armature}}\\,L_{\\text{hips}}$: the Armature’s turn about $x$ carries the local ${tuple(hipsLocal, 3)} to ${tuple(hips, 3)}.`,
      },
      {
        kind: 'choice',
        id: 'keys-replace',
        title: 'Keys and the rest pose',
        question: [
          `The hips’ rest translation puts them ${num(restHeight, 3)} m up (along their local $z$, which the Armature turns into the model’s $y$). At ${WALK_TIME} s the walk’s key for the hips’ translation says ${num(keyedHeight, 3)} m. How high is the hips’ local translation at that time?`,
        ],
        choices: [
          {
            id: 'rest',
            label: `${num(restHeight, 3)} m, the rest value`,
            correct: false,
            feedback: 'The rest value is what a node keeps when no track drives it. This one is keyed, so the key decides.',
          },
          {
            id: 'keyed',
            label: `${num(keyedHeight, 3)} m, the key`,
            correct: true,
            feedback: 'Keys in glTF (and Assimp, and most formats) are absolute: a keyed channel replaces the rest value.',
          },
          {
            id: 'added',
            label: `${num(addedHeight, 3)} m, rest plus key`,
            correct: false,
            feedback: `Adding the key to the rest value applies the rest pose twice: the hips float at ${num(addedHeight, 3)} m, nearly twice their height. Keys are not offsets from the rest pose.`,
          },
        ],
        explanation: `\`sampleClip\` writes the keyed value over the rest pose: ${num(keyedHeight, 3)} m. Only channels without a track keep their rest value.`,
      },
    ],
  };
}
