// Grading a reader's answer, shared by the page script (exercise-client.ts) and the unit tests.
// No DOM: the script reads the inputs and passes their values here. The data is what the page
// carries per exercise (clientDataOf, below), built at build time from the chapter modules.
import type { Exercise } from './exercise.ts';

export type ClientData =
  | { kind: 'choice'; answer: string; feedback: Record<string, string> }
  | { kind: 'numbers'; labels: string[]; answers: number[]; tolerance: number; decimals: number; mistakes: { values: number[]; feedback: string }[]; hint: string }
  | { kind: 'order'; order: string[]; labels: Record<string, string>; why: Record<string, string> };

export interface Verdict {
  correct: boolean;
  /** Plain text for the exercise's live region. */
  message: string;
}

/** Prose with its TeX and code marks removed, for messages shown as plain text. */
export function plainText(prose: string): string {
  return prose
    .replace(/[`$]/g, '')
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/\\[a-zA-Z]+\s?/g, '')
    .replace(/[{}]/g, '')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the page needs to grade `exercise`, nothing more (no prose already on the page). */
export function clientDataOf(exercise: Exercise): ClientData {
  if (exercise.kind === 'choice') {
    const answer = exercise.choices.find((choice) => choice.correct);
    if (answer === undefined) throw new Error(`exercise "${exercise.id}": no correct choice`);
    return { kind: 'choice', answer: answer.id, feedback: Object.fromEntries(exercise.choices.map((choice) => [choice.id, choice.feedback])) };
  }
  if (exercise.kind === 'numbers') {
    return {
      kind: 'numbers',
      labels: exercise.fields.map((field) => plainText(field.label)),
      answers: exercise.fields.map((field) => field.answer),
      tolerance: exercise.tolerance,
      decimals: exercise.decimals,
      mistakes: exercise.mistakes,
      hint: exercise.hint,
    };
  }
  return {
    kind: 'order',
    order: exercise.items.map((item) => item.id),
    labels: Object.fromEntries(exercise.items.map((item) => [item.id, plainText(item.label)])),
    why: Object.fromEntries(exercise.items.map((item) => [item.id, item.why])),
  };
}

/** The id of the picked choice, or null when none is picked. */
export function gradeChoice(data: Extract<ClientData, { kind: 'choice' }>, picked: string | null): Verdict {
  if (picked === null || !(picked in data.feedback)) return { correct: false, message: 'Pick one of the answers first.' };
  const correct = picked === data.answer;
  return { correct, message: `${correct ? 'Correct.' : 'Not quite.'} ${data.feedback[picked]}` };
}

/** A typed number: accepts a leading "−" (U+2212) or "+", and a decimal comma when there is no point. */
export function parseNumber(text: string): number {
  const cleaned = text.trim().replace(/^\u2212/, '-').replace(/^\+/, '');
  const decimal = cleaned.includes('.') ? cleaned : cleaned.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(decimal)) return Number.NaN;
  return Number(decimal);
}

/** Formats an answer as the exercise asks for it, with a true minus sign. */
export function formatAnswer(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return /^-0?\.?0*$/.test(text) ? text.slice(1) : text.replace('-', '\u2212');
}

/** The typed texts, one per field, in field order. */
export function gradeNumbers(data: Extract<ClientData, { kind: 'numbers' }>, texts: readonly string[]): Verdict {
  const values = data.answers.map((_, f) => parseNumber(texts[f] ?? ''));
  const missing = values.findIndex((value) => Number.isNaN(value));
  if (missing >= 0) return { correct: false, message: `Enter a number for ${data.labels[missing]}.` };
  const close = (target: readonly number[]) => target.every((answer, f) => Math.abs(values[f] - answer) <= data.tolerance);
  if (close(data.answers)) {
    const shown = data.answers.map((answer) => formatAnswer(answer, data.decimals)).join(', ');
    return { correct: true, message: `Correct: ${shown}.` };
  }
  const mistake = data.mistakes.find((candidate) => close(candidate.values));
  if (mistake !== undefined) return { correct: false, message: `Not quite. ${mistake.feedback}` };
  const off = data.labels.filter((_, f) => !(Math.abs(values[f] - data.answers[f]) <= data.tolerance));
  const which = off.length === data.labels.length && off.length > 1 ? 'None of the values is' : `${joinWords(off)} ${off.length > 1 ? 'are' : 'is'} not`;
  return { correct: false, message: `Not quite: ${which} within ${data.tolerance} of the answer. ${data.hint}` };
}

/** The item ids in the order the reader left them. */
export function gradeOrder(data: Extract<ClientData, { kind: 'order' }>, ids: readonly string[]): Verdict {
  const wrong = data.order.findIndex((id, position) => ids[position] !== id);
  if (wrong < 0) return { correct: true, message: 'Correct: that is the order.' };
  const expected = data.order[wrong];
  return {
    correct: false,
    message: `Not quite: place ${wrong + 1} belongs to “${data.labels[expected]}”, not “${data.labels[ids[wrong]] ?? '?'}”. ${data.why[expected]}`,
  };
}

function joinWords(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
