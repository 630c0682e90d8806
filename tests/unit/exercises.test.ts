// The "Check yourself" exercises (src/exercises/): every answer against a hand derivation or a
// second route (three.js's Matrix4), every list against the rules the page relies on, and the
// grading the page script runs.
import { describe, expect, it } from 'vitest';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import { matrixTex } from '../../src/figures/shared/tex.ts';
import { checkChapterExercises, type ChapterExercises, type Exercise, type NumbersExercise, type ChoiceExercise } from '../../src/exercises/exercise.ts';
import { exercisesOfChapter } from '../../src/exercises/index.ts';
import { clientDataOf, formatAnswer, gradeChoice, gradeNumbers, gradeOrder, parseNumber } from '../../src/exercises/grade.ts';

const chapters = Array.from({ length: 13 }, (_, i) => exercisesOfChapter(i));

function exercise<K extends Exercise['kind']>(chapter: number, id: string, kind: K): Extract<Exercise, { kind: K }> {
  const found = chapters[chapter].exercises.find((each) => each.id === id);
  if (found === undefined || found.kind !== kind) throw new Error(`no ${kind} exercise "${id}" in chapter ${chapter}`);
  return found as Extract<Exercise, { kind: K }>;
}
const answers = (e: NumbersExercise) => e.fields.map((field) => field.answer);
const rightChoice = (e: ChoiceExercise) => e.choices.find((choice) => choice.correct)!;
const deg = Math.PI / 180;

describe('every chapter', () => {
  it.each(chapters.map((list) => [list.chapter, list] as const))('chapter %i has 2–4 exercises with unique ids, passing the checks', (_, list) => {
    expect(list.exercises.length).toBeGreaterThanOrEqual(2);
    expect(list.exercises.length).toBeLessThanOrEqual(4);
    expect(new Set(list.exercises.map((e) => e.id)).size).toBe(list.exercises.length);
    expect(() => checkChapterExercises(list)).not.toThrow();
  });

  it('has a choice and a numbers exercise somewhere, and one ordering', () => {
    const kinds = chapters.flatMap((list) => list.exercises.map((e) => e.kind));
    expect(kinds).toContain('choice');
    expect(kinds).toContain('numbers');
    expect(kinds).toContain('order');
  });

  for (const list of chapters) {
    for (const e of list.exercises) {
      it(`chapter ${list.chapter}, ${e.id}: the right answer grades correct, every wrong one says its own feedback`, () => {
        const data = clientDataOf(e);
        if (data.kind === 'choice' && e.kind === 'choice') {
          const right = rightChoice(e);
          expect(gradeChoice(data, right.id).correct).toBe(true);
          for (const choice of e.choices) {
            expect(choice.feedback.length).toBeGreaterThan(20);
            expect(choice.feedback).not.toMatch(/[$`]/); // shown as plain text
            if (choice.correct) continue;
            expect(choice.label + (choice.tex ?? '')).not.toBe(right.label + (right.tex ?? ''));
            const verdict = gradeChoice(data, choice.id);
            expect(verdict.correct).toBe(false);
            expect(verdict.message).toContain(choice.feedback);
          }
        } else if (data.kind === 'numbers' && e.kind === 'numbers') {
          expect(gradeNumbers(data, e.fields.map((f) => f.answer.toFixed(e.decimals))).correct).toBe(true);
          expect(gradeNumbers(data, e.fields.map((f) => formatAnswer(f.answer, e.decimals))).correct).toBe(true);
          for (const mistake of e.mistakes) {
            expect(mistake.feedback).not.toMatch(/[$`]/);
            expect(mistake.values.some((value, f) => Math.abs(value - e.fields[f].answer) > e.tolerance)).toBe(true);
            const verdict = gradeNumbers(data, mistake.values.map((value) => value.toFixed(e.decimals + 2)));
            expect(verdict.correct).toBe(false);
            expect(verdict.message).toContain(mistake.feedback);
          }
          const far = gradeNumbers(data, e.fields.map((f) => String(f.answer + 1000)));
          expect(far).toEqual({ correct: false, message: expect.stringContaining(e.hint) });
        } else if (data.kind === 'order' && e.kind === 'order') {
          expect(gradeOrder(data, e.items.map((item) => item.id)).correct).toBe(true);
          const verdict = gradeOrder(data, e.start);
          expect(verdict.correct).toBe(false);
          const firstWrong = e.items.findIndex((item, i) => e.start[i] !== item.id);
          expect(verdict.message).toContain(e.items[firstWrong].why);
        }
      });
    }
  }
});

describe('answers, against hand derivations and three.js', () => {
  it('chapter 0: one second of the mannequin per vertex and per joint; a morph blend cuts the corner', () => {
    // mannequin.glb: 3198 vertices, 19 joints (public/models/README.md). 30 frames of 4-byte floats.
    const e = exercise(0, 'one-second', 'numbers');
    expect(answers(e)[0]).toBeCloseTo((3198 * 3 * 4 * 30) / 1000, 6); // 1151.28 KB
    expect(answers(e)[1]).toBeCloseTo((19 * 7 * 4 * 30) / 1000, 6); // 15.96 KB
    expect(e.mistakes[0].values[1]).toBeCloseTo((19 * 7 * 4) / 1000, 6);
    // Halfway between (0, 1.5) and (−1.5, 0): (−0.75, 0.75), 1.5 cos 45° from the elbow; a bone keeps 1.5.
    const morph = exercise(0, 'morph-corner', 'numbers');
    expect(answers(morph)[0]).toBeCloseTo(1.5 * Math.cos(45 * deg), 6);
    expect(morph.mistakes[0].values[0]).toBeCloseTo(1.5, 6);
    const pipeline = exercise(0, 'artist-pipeline', 'order');
    expect(pipeline.items.map((item) => item.id)).toEqual(['rig', 'skin', 'animate', 'export']);
  });

  it('chapter 1: the hand of the 30°/45° arm, and the reversed product', () => {
    const elbow = [-2 * Math.sin(30 * deg), 2 * Math.cos(30 * deg)];
    const hand = [elbow[0] - 1.5 * Math.sin(75 * deg), elbow[1] + 1.5 * Math.cos(75 * deg)];
    const e = exercise(1, 'hand-position', 'numbers');
    expect(answers(e)[0]).toBeCloseTo(hand[0], 5);
    expect(answers(e)[1]).toBeCloseTo(hand[1], 5);
    // Forgetting the parents: the hand's own local translation.
    expect(e.mistakes[1].values).toEqual([0, 1.5]);
    expect(rightChoice(exercise(1, 'product-order', 'choice')).id).toBe('parent-first');
  });

  it('chapter 2: a quarter on the upper bone, three quarters on the lower turned 90°; two of four weights kept', () => {
    // Lower bone alone: (0.25, 1) turned 90° about the joint (0, 1) → (0, 1.25).
    const e = exercise(2, 'blend-vertex', 'numbers');
    expect(answers(e)[0]).toBeCloseTo(0.25 * 0.25 + 0.75 * 0, 5);
    expect(answers(e)[1]).toBeCloseTo(0.25 * 1 + 0.75 * 1.25, 5);
    const kept = exercise(2, 'keep-two', 'numbers');
    expect(answers(kept)[0]).toBeCloseTo(0.45 / 0.75, 6);
    expect(answers(kept)[1]).toBeCloseTo(0.3 / 0.75, 6);
    expect(kept.mistakes[0].values[0]).toBeCloseTo(0.45, 6);
    expect(rightChoice(exercise(2, 'rigid-robot', 'choice')).id).toBe('bones-1');
  });

  it('chapter 3: the identity in the bind pose; the hips from three.js inverting their inverse bind matrix', () => {
    expect(rightChoice(exercise(3, 'rest-palette', 'choice')).tex).toBe(matrixTex(new Float32Array(new Matrix4().elements), 0, 2));
    const model = readProjectModel('mannequin.glb');
    const joint = model.skins[0].joints.indexOf(model.hierarchy.names.indexOf('hips'));
    const bind = new Matrix4().fromArray(Array.from(model.skins[0].inverseBindMatrices.slice(16 * joint, 16 * joint + 16))).invert();
    const position = new Vector3().setFromMatrixPosition(bind);
    const e = exercise(3, 'hips-bind', 'numbers');
    expect(answers(e)[0]).toBeCloseTo(position.x, 5);
    expect(answers(e)[1]).toBeCloseTo(position.y, 5);
    expect(answers(e)[2]).toBeCloseTo(position.z, 5);
  });

  it('chapter 4: the offset is three.js’s inverse of T(0, 1, 0) R(45°); the tip is (0, 1, 0) in bone space and lands at (0, 2)', () => {
    const bind = new Matrix4().compose(new Vector3(0, 1, 0), new Quaternion().setFromAxisAngle(new Vector3(0, 0, 1), 45 * deg), new Vector3(1, 1, 1));
    const offset = rightChoice(exercise(4, 'which-offset', 'choice'));
    expect(offset.tex).toBe(matrixTex(new Float32Array(bind.clone().invert().elements), 0, 3));
    const bone = answers(exercise(4, 'tip-in-bone-space', 'numbers'));
    [0, 1, 0].forEach((value, i) => expect(bone[i]).toBeCloseTo(value, 5));
    const upright = answers(exercise(4, 'tip-upright', 'numbers'));
    expect(upright[0]).toBeCloseTo(0, 5);
    expect(upright[1]).toBeCloseTo(2, 5);
    // Forgetting the offset moves the stored tip by the child's whole bind transform: G = T(0, 1, 0) when upright.
    const withoutOffset = exercise(4, 'tip-upright', 'numbers').mistakes.find((m) => m.feedback.includes('G alone'))!;
    expect(withoutOffset.values[0]).toBeCloseTo(-Math.SQRT1_2, 5);
    expect(withoutOffset.values[1]).toBeCloseTo(2 + Math.SQRT1_2, 5);
  });

  it('chapter 5: the hips through the Armature by three.js; keys replace the rest value', () => {
    const model = readProjectModel('mannequin.glb');
    const matrixOf = (name: string) => {
      const i = model.hierarchy.names.indexOf(name);
      const { translations: t, rotations: r, scales: s } = model.hierarchy.rest;
      return new Matrix4().compose(new Vector3(t[3 * i], t[3 * i + 1], t[3 * i + 2]), new Quaternion(r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]), new Vector3(s[3 * i], s[3 * i + 1], s[3 * i + 2]));
    };
    const hips = new Vector3().setFromMatrixPosition(matrixOf('Armature').multiply(matrixOf('hips')));
    const e = exercise(5, 'hips-through-armature', 'numbers');
    [hips.x, hips.y, hips.z].forEach((value, i) => expect(answers(e)[i]).toBeCloseTo(value, 5));
    expect(e.mistakes[0].values).toEqual([0, 0, 1]);
    // At 0.4 s the walk sits exactly on its key 12 (30 keys per second): the key's z is the answer.
    const hipsNode = model.hierarchy.names.indexOf('hips');
    const track = model.clips.find((c) => c.name === 'walk')!.tracks.find((t) => t.node === hipsNode && t.path === 0)!;
    const keyed = track.values[3 * 12 + 2];
    expect(rightChoice(exercise(5, 'keys-replace', 'choice')).label).toContain(keyed.toFixed(3).replace(/0+$/, ''));
    expect(rightChoice(exercise(5, 'keys-replace', 'choice')).id).toBe('keyed');
  });

  it('chapter 6: the head through the nodes above the skeleton, by three.js', () => {
    const model = readProjectModel('mannequin-zup-cm.glb');
    const { translations: t, rotations: r, scales: s } = model.hierarchy.rest;
    const local = (i: number) => new Matrix4().compose(new Vector3(t[3 * i], t[3 * i + 1], t[3 * i + 2]), new Quaternion(r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]), new Vector3(s[3 * i], s[3 * i + 1], s[3 * i + 2]));
    const placement = local(model.hierarchy.names.indexOf('Z_UP')).multiply(local(model.hierarchy.names.indexOf('Armature')));
    const positions = model.meshes[0].primitives[0].positions;
    let top = 0;
    for (let v = 0; 3 * v < positions.length; v++) if (positions[3 * v + 2] > positions[3 * top + 2]) top = v;
    const head = new Vector3(positions[3 * top], positions[3 * top + 1], positions[3 * top + 2]).applyMatrix4(placement);
    const e = exercise(6, 'head-top', 'numbers');
    [head.x, head.y, head.z].forEach((value, i) => expect(answers(e)[i]).toBeCloseTo(value, 4));
    expect(rightChoice(exercise(6, 'forgotten-symptom', 'choice')).id).toBe('lying');
  });

  it('chapters 7–12: by hand', () => {
    expect(answers(exercise(7, 'keys-around', 'numbers'))).toEqual([Math.floor(0.37 * 30), Math.floor(0.37 * 30) + 1]);
    expect(answers(exercise(7, 'backward-clock', 'numbers'))[0]).toBeCloseTo(1.2 - 0.25, 5);
    expect(answers(exercise(8, 'joint-as-float', 'numbers'))).toEqual([0x40000000]); // 2.0f = 0 10000000 000…
    expect(rightChoice(exercise(8, 'stretched-normal', 'choice')).label).toContain((Math.atan2(1, 0.5) / deg).toFixed(1));
    expect(rightChoice(exercise(9, 'joints-index', 'choice')).label).toContain('neck');
    const candy = exercise(10, 'candy-wrapper', 'numbers');
    expect(answers(candy)[0]).toBeCloseTo(100 * Math.cos(90 * deg) ** 2, 0);
    expect(candy.mistakes[1].values[0]).toBeCloseTo(100 * Math.cos(45 * deg) ** 2, -1);
    const half = answers(exercise(11, 'half-way', 'numbers'));
    expect(half[0]).toBeCloseTo(-Math.SQRT1_2, 5);
    expect(half[1]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(exercise(11, 'half-way', 'numbers').mistakes[0].values.map((v) => +v.toFixed(5))).toEqual([-0.5, 0.5]);
    expect(answers(exercise(11, 'fade-weight', 'numbers'))[0]).toBeCloseTo((1.2 - 1) / 0.5, 6);
    expect(answers(exercise(12, 'baked-size', 'numbers'))[0]).toBeCloseTo((Math.round(1.2 * 30) * 19 * 16 * 4) / 1024, 6);
  });
});

describe('grading', () => {
  it('reads a true minus, a plus and a decimal comma; refuses words', () => {
    expect(parseNumber('\u22120.71')).toBe(-0.71);
    expect(parseNumber('+2')).toBe(2);
    expect(parseNumber('0,5')).toBe(0.5);
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber('two')).toBeNaN();
    expect(parseNumber('')).toBeNaN();
  });

  it('asks for a missing number by its field’s label, and for a choice when none is picked', () => {
    const e = exercise(1, 'hand-position', 'numbers');
    expect(gradeNumbers(clientDataOf(e) as never, ['1', ''])).toEqual({ correct: false, message: 'Enter a number for y.' });
    expect(gradeChoice(clientDataOf(exercise(1, 'product-order', 'choice')) as never, null).message).toBe('Pick one of the answers first.');
  });

  it('formats answers with a true minus and no negative zero', () => {
    expect(formatAnswer(-2.449, 2)).toBe('\u22122.45');
    expect(formatAnswer(-0.0001, 2)).toBe('0.00');
  });
});

describe('checkChapterExercises', () => {
  const base = (): ChapterExercises => structuredClone(exercisesOfChapter(1));
  it('refuses too few exercises, a repeated id, two right choices, and a mistake equal to the answer', () => {
    const few = base();
    few.exercises.length = 1;
    expect(() => checkChapterExercises(few)).toThrow('chapter 1: expected 2 to 4 exercises, got 1');
    const twice = base();
    twice.exercises[1].id = twice.exercises[0].id;
    expect(() => checkChapterExercises(twice)).toThrow('id used twice');
    const tworight = base();
    (tworight.exercises[1] as ChoiceExercise).choices.forEach((choice) => (choice.correct = true));
    expect(() => checkChapterExercises(tworight)).toThrow('exactly one choice must be correct');
    const same = base();
    const numbers = same.exercises[0] as NumbersExercise;
    numbers.mistakes.push({ values: answers(numbers), feedback: 'x' });
    expect(() => checkChapterExercises(same)).toThrow('gives the right answer within the tolerance');
  });
});
