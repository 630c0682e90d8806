// The data of a "check yourself" exercise, as the chapter modules (chapter-NN.ts) compute it at
// build time and src/components/Exercises.astro renders it. Prose fields (question, labels,
// explanation) may hold inline TeX between $…$ and code between backticks, typeset at build time;
// feedback strings are shown by the page script as plain text, so they hold neither.

/** One answer of a multiple-choice exercise. */
export interface Choice {
  /** Unique within its exercise; a–z, 0–9 and "-". */
  id: string;
  /** What the reader picks (inline TeX and code allowed). */
  label: string;
  /** Display TeX shown under the label (a matrix), or undefined. */
  tex?: string;
  correct: boolean;
  /** Why this choice is right or, for a wrong one, the mistake it stands for (plain text). */
  feedback: string;
}

export interface ChoiceExercise {
  kind: 'choice';
  id: string;
  title: string;
  /** Paragraphs of the question. */
  question: string[];
  /** Display TeX shown after the question, or undefined. */
  tex?: string;
  /** Exactly one is correct. */
  choices: Choice[];
  /** The answer worked out, shown on reveal and in the no-script <details>. */
  explanation: string;
}

/** One number the reader types. */
export interface NumberField {
  /** Visible label of the input, e.g. "x". */
  label: string;
  answer: number;
}

/** A typical wrong answer: what a known mistake gives, and what to say when the reader enters it. */
export interface NumberMistake {
  /** One value per field: the numbers that mistake produces. */
  values: number[];
  feedback: string;
}

export interface NumbersExercise {
  kind: 'numbers';
  id: string;
  title: string;
  question: string[];
  tex?: string;
  fields: NumberField[];
  /** Largest accepted |entered − answer| per field, same unit as the answer. */
  tolerance: number;
  /** Decimals the answer is shown with. */
  decimals: number;
  /** Known mistakes; each must differ from the answer by more than the tolerance. */
  mistakes: NumberMistake[];
  /** Said for a wrong answer that matches no known mistake: where to look (plain text). */
  hint: string;
  explanation: string;
}

/** One entry of an ordering exercise. */
export interface OrderItem {
  id: string;
  label: string;
  /** Why it stands where it does, said when the reader puts something else in its place. */
  why: string;
}

export interface OrderExercise {
  kind: 'order';
  id: string;
  title: string;
  question: string[];
  /** In the correct order. */
  items: OrderItem[];
  /** Item ids in the order the list starts in: a permutation of the items, not the answer. */
  start: string[];
  explanation: string;
}

export type Exercise = ChoiceExercise | NumbersExercise | OrderExercise;

/** A chapter's exercises. */
export interface ChapterExercises {
  /** Chapter number, from 0 (the `order` of the chapter's frontmatter). */
  chapter: number;
  exercises: Exercise[];
}

const ID = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Checks the rules every chapter's list keeps and throws an Error naming the chapter, the exercise
 * and what is wrong: 2–4 exercises with unique ids; one correct choice, each with feedback;
 * numbers finite, mistakes of the right length and outside the tolerance; an ordering whose start
 * is a shuffled permutation. Returns the list.
 */
export function checkChapterExercises(list: ChapterExercises): ChapterExercises {
  const where = `chapter ${list.chapter}`;
  if (list.exercises.length < 2 || list.exercises.length > 4) {
    throw new Error(`${where}: expected 2 to 4 exercises, got ${list.exercises.length}`);
  }
  const ids = new Set<string>();
  for (const exercise of list.exercises) {
    const at = `${where}, exercise "${exercise.id}"`;
    if (!ID.test(exercise.id)) throw new Error(`${at}: id must be lower-case letters, digits and "-"`);
    if (ids.has(exercise.id)) throw new Error(`${at}: id used twice`);
    ids.add(exercise.id);
    if (exercise.question.length === 0 || exercise.explanation.trim() === '') throw new Error(`${at}: question and explanation must not be empty`);
    if (exercise.kind === 'choice') {
      if (exercise.choices.filter((choice) => choice.correct).length !== 1) throw new Error(`${at}: exactly one choice must be correct`);
      const choiceIds = new Set(exercise.choices.map((choice) => choice.id));
      if (choiceIds.size !== exercise.choices.length) throw new Error(`${at}: choice ids must be unique`);
      const labels = new Set(exercise.choices.map((choice) => choice.label + (choice.tex ?? '')));
      if (labels.size !== exercise.choices.length) throw new Error(`${at}: two choices read the same`);
      for (const choice of exercise.choices) {
        if (!ID.test(choice.id)) throw new Error(`${at}, choice "${choice.id}": id must be lower-case letters, digits and "-"`);
        if (choice.feedback.trim() === '') throw new Error(`${at}, choice "${choice.id}": feedback is empty`);
      }
    } else if (exercise.kind === 'numbers') {
      if (exercise.fields.length === 0) throw new Error(`${at}: no fields`);
      if (!(exercise.tolerance > 0)) throw new Error(`${at}: tolerance must be positive, got ${exercise.tolerance}`);
      for (const field of exercise.fields) {
        if (!Number.isFinite(field.answer)) throw new Error(`${at}, field "${field.label}": answer is not finite (${field.answer})`);
      }
      for (const [m, mistake] of exercise.mistakes.entries()) {
        if (mistake.values.length !== exercise.fields.length) {
          throw new Error(`${at}, mistake ${m}: ${mistake.values.length} values for ${exercise.fields.length} fields`);
        }
        if (mistake.values.every((value, f) => Math.abs(value - exercise.fields[f].answer) <= exercise.tolerance)) {
          throw new Error(`${at}, mistake ${m}: gives the right answer within the tolerance, so it cannot be told apart`);
        }
        const earlier = exercise.mistakes.findIndex((other) => other.values.every((value, f) => Math.abs(value - mistake.values[f]) <= exercise.tolerance));
        if (earlier < m) throw new Error(`${at}, mistake ${m}: gives the same numbers as mistake ${earlier}`);
      }
    } else {
      const itemIds = exercise.items.map((item) => item.id);
      if (new Set(itemIds).size !== itemIds.length || itemIds.length < 3) throw new Error(`${at}: needs 3 or more items with unique ids`);
      const sortedStart = [...exercise.start].sort().join();
      if (sortedStart !== [...itemIds].sort().join()) throw new Error(`${at}: start must list every item once`);
      if (exercise.start.join() === itemIds.join()) throw new Error(`${at}: start is already the answer`);
    }
  }
  return list;
}
