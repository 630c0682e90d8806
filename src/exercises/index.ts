// Every chapter's "Check yourself" exercises, by chapter number. Each module computes its answers
// with the core when first asked (at build time), and the list is checked before it is used.
import { checkChapterExercises, type ChapterExercises } from './exercise.ts';
import { chapter00Exercises } from './chapter-00.ts';
import { chapter01Exercises } from './chapter-01.ts';
import { chapter02Exercises } from './chapter-02.ts';
import { chapter03Exercises } from './chapter-03.ts';
import { chapter04Exercises } from './chapter-04.ts';
import { chapter05Exercises } from './chapter-05.ts';
import { chapter06Exercises } from './chapter-06.ts';
import { chapter07Exercises } from './chapter-07.ts';
import { chapter08Exercises } from './chapter-08.ts';
import { chapter09Exercises } from './chapter-09.ts';
import { chapter10Exercises } from './chapter-10.ts';
import { chapter11Exercises } from './chapter-11.ts';
import { chapter12Exercises } from './chapter-12.ts';

/** The chapter modules, in chapter order from chapter 0: entry n computes chapter n's exercises. */
export const chapterExerciseModules: readonly (() => ChapterExercises)[] = [
  chapter00Exercises,
  chapter01Exercises,
  chapter02Exercises,
  chapter03Exercises,
  chapter04Exercises,
  chapter05Exercises,
  chapter06Exercises,
  chapter07Exercises,
  chapter08Exercises,
  chapter09Exercises,
  chapter10Exercises,
  chapter11Exercises,
  chapter12Exercises,
];

const computed = new Map<number, ChapterExercises>();

/** Chapter `chapter`'s exercises (0–12), computed once and checked; an Error names a chapter that has none. */
export function exercisesOfChapter(chapter: number): ChapterExercises {
  const module = chapterExerciseModules[chapter];
  if (!Number.isInteger(chapter) || module === undefined) throw new Error(`exercisesOfChapter: no exercises for chapter ${chapter}`);
  let list = computed.get(chapter);
  if (list === undefined) {
    list = checkChapterExercises(module());
    if (list.chapter !== chapter) throw new Error(`exercisesOfChapter: module ${chapter} says it is chapter ${list.chapter}`);
    computed.set(chapter, list);
  }
  return list;
}
