// Chapter 12's exercises: the memory a baked walk takes (bakeClip on mannequin.glb), and how many
// draw calls an instanced crowd needs.
import { readProjectModel } from '../build-time/project-models.ts';
import { bakeClip } from '../core/bake.ts';
import { createPlayer } from '../core/frame.ts';
import { LARGEST_CROWD } from '../figures/crowd/crowd-example.ts';
import type { ChapterExercises } from './exercise.ts';
import { num } from './shared.ts';

export const BAKE_RATE = 30;

export function chapter12Exercises(): ChapterExercises {
  const model = readProjectModel('mannequin.glb');
  const walk = model.clips.find((clip) => clip.name === 'walk');
  if (walk === undefined) throw new Error('mannequin.glb has no clip "walk"');
  const baked = bakeClip(createPlayer(model), walk, BAKE_RATE);
  const bytes = baked.palettes.byteLength;
  const kib = bytes / 1024;
  const withRepeat = ((baked.frameCount + 1) * 16 * baked.jointCount * 4) / 1024;
  const rows = (baked.frameCount * 12 * baked.jointCount * 4) / 1024;

  return {
    chapter: 12,
    exercises: [
      {
        kind: 'numbers',
        id: 'baked-size',
        title: 'The size of a baked walk',
        question: [
          `Bake the mannequin’s walk (${baked.jointCount} joints, ${num(walk.duration, 1)} s, looping) at ${BAKE_RATE} frames per second, one 4×4 float matrix per joint per frame. How many KiB does it take? One decimal.`,
        ],
        fields: [{ label: 'KiB', answer: kib }],
        tolerance: 0.05,
        decimals: 1,
        mistakes: [
          { values: [withRepeat], feedback: `${num(withRepeat, 1)} KiB counts one frame too many: the loop’s last key repeats its first, so the frame at ${num(walk.duration, 1)} s is not stored.` },
          { values: [rows], feedback: `${num(rows, 1)} KiB is three rows per matrix, which an affine palette can get away with; the question stores all four.` },
        ],
        hint: 'Frames × joints × 16 floats × 4 bytes, then divide by 1,024.',
        explanation: `${baked.frameCount} frames × ${baked.jointCount} joints × 16 floats × 4 bytes = ${bytes} bytes = ${num(kib, 1)} KiB.`,
      },
      {
        kind: 'choice',
        id: 'draw-calls',
        title: 'Draw calls for a crowd',
        question: [`${num(LARGEST_CROWD, 0)} mannequins, each in its own pose, skinned on the GPU with every palette in one texture. How many draw calls does the crowd need?`],
        choices: [
          { id: 'one', label: 'One instanced draw', correct: true, feedback: 'The instance index picks each mannequin’s palette rows in the texture: one draw covers them all.' },
          { id: 'per-mannequin', label: `${num(LARGEST_CROWD, 0)}, one per mannequin`, correct: false, feedback: 'One draw per character is what uploading a uniform palette each time forces; with every palette in a texture, nothing changes between characters but the instance index.' },
          { id: 'per-joint', label: `${num(LARGEST_CROWD * baked.jointCount, 0)}, one per joint of every mannequin`, correct: false, feedback: 'Joints are not drawn: the palette moves the vertices inside one draw of the skin.' },
        ],
        explanation: 'One instanced draw: per-instance data (the palette offset) in an attribute or the instance index, every palette in a float texture.',
      },
    ],
  };
}
