// Chapter 7's exercises, on the mannequin's walk: the two keys around a time (findKeyIndex), and a
// clock running backwards wrapped into the clip (wrapClipTime, and the fmod pitfall).
import { readProjectModel } from '../build-time/project-models.ts';
import { Playback, findKeyIndex, wrapClipTime } from '../core/clip.ts';
import { wrapClipTimeWithFmod } from '../core/pitfalls.ts';
import type { ChapterExercises } from './exercise.ts';
import { num } from './shared.ts';

/** Seconds: the time whose keys the first exercise asks for, and the backward clock of the second. */
export const KEY_TIME = 0.37;
export const BACKWARD_TIME = -0.25;

export function chapter07Exercises(): ChapterExercises {
  const model = readProjectModel('mannequin.glb');
  const walk = model.clips.find((clip) => clip.name === 'walk');
  if (walk === undefined) throw new Error('mannequin.glb has no clip "walk"');
  const track = walk.tracks.reduce((most, each) => (each.times.length > most.times.length ? each : most));
  const keyCount = track.times.length;
  const first = findKeyIndex(track.times, keyCount, KEY_TIME, -1);
  const keysPerSecond = Math.round((keyCount - 1) / walk.duration);
  const wrapped = wrapClipTime(BACKWARD_TIME, walk.duration, Playback.LOOP);
  const fmod = wrapClipTimeWithFmod(BACKWARD_TIME, walk.duration, Playback.LOOP);

  return {
    chapter: 7,
    exercises: [
      {
        kind: 'numbers',
        id: 'keys-around',
        title: 'The two keys around a time',
        question: [
          `The walk’s busiest tracks hold ${keyCount} keys, one every 1/${keysPerSecond} s from 0 to ${num(walk.duration, 1)} s, numbered from 0. Which two keys does the sampler interpolate between at $t$ = ${KEY_TIME} s?`,
        ],
        fields: [
          { label: 'key before', answer: first },
          { label: 'key after', answer: first + 1 },
        ],
        tolerance: 0.25,
        decimals: 0,
        mistakes: [
          {
            values: [first + 1, first + 2],
            feedback: `Key ${first + 1} is the first key after the time, what upper_bound returns; the interval starts one key before it, at ${num(track.times[first], 4)} s.`,
          },
          {
            values: [first - 1, first],
            feedback: `Key ${first} is at ${num(track.times[first], 4)} s, before ${KEY_TIME} s, so it opens the interval rather than closing it.`,
          },
        ],
        hint: `Multiply the time by ${keysPerSecond} keys per second and round down: that key opens the interval.`,
        explanation: `${KEY_TIME} × ${keysPerSecond} = ${num(KEY_TIME * keysPerSecond)}: key ${first} at ${num(track.times[first], 4)} s and key ${first + 1} at ${num(track.times[first + 1], 4)} s, with $u$ = ${num((KEY_TIME - track.times[first]) / (track.times[first + 1] - track.times[first]), 3)} between them.`,
      },
      {
        kind: 'numbers',
        id: 'backward-clock',
        title: 'A clock running backwards',
        question: [
          `The walk loops and lasts ${num(walk.duration, 1)} s. Played in reverse, the clock reads ${num(BACKWARD_TIME)} s. Which time in the clip does the sampler get? Seconds, two decimals.`,
        ],
        fields: [{ label: 'time in the clip', answer: wrapped }],
        tolerance: 0.005,
        decimals: 2,
        mistakes: [
          {
            values: [fmod],
            feedback: `That is fmod’s remainder, ${num(fmod)} s: it keeps the sign of the time, so the sampler sees a time before the first key and holds the first pose. A loop needs the remainder in [0, duration).`,
          },
          {
            values: [0],
            feedback: 'Clamping to 0 stops the walk at its first pose. A looping clip wraps around to its end instead.',
          },
        ],
        hint: 'Add the duration until the time is in [0, duration).',
        explanation: `${num(BACKWARD_TIME)} + ${num(walk.duration, 1)} = ${num(wrapped)} s: \`wrapClipTime\` takes the remainder that is never negative.`,
      },
    ],
  };
}
