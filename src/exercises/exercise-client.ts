// The page script of the "Check yourself" exercises (src/components/Exercises.astro): grades on
// Check (grade.ts, imported then), reveals on Show answer, moves ordering items with their
// buttons, and keeps which exercises are solved in localStorage ("exercise:<chapter>:<id>" =
// "solved"; nothing is kept when storage is unavailable).
import type { ClientData, Verdict } from './grade.ts';

const storageKey = (chapter: string, id: string) => `exercise:${chapter}:${id}`;

function readSolved(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'solved';
  } catch {
    return false;
  }
}

function storeSolved(key: string): void {
  try {
    localStorage.setItem(key, 'solved');
  } catch {
    // Storage refused (private mode, quota): progress lasts until the page is left.
  }
}

function setUpChapter(container: HTMLElement): void {
  const chapter = container.dataset.exercises ?? '';
  const sections = [...container.querySelectorAll<HTMLElement>('[data-exercise]')];
  const progress = container.querySelector<HTMLElement>('[data-progress]');
  const markSolved = (section: HTMLElement) => {
    section.dataset.solved = '';
    section.querySelector<HTMLElement>('[data-solved]')!.hidden = false;
    const solved = sections.filter((each) => each.dataset.solved !== undefined).length;
    if (progress) progress.textContent = `${solved} of ${sections.length} solved`;
  };
  if (progress) progress.hidden = false;
  for (const section of sections) {
    const key = storageKey(chapter, section.dataset.exercise ?? '');
    const data = JSON.parse(section.querySelector('[data-exercise-data]')!.textContent ?? '{}') as ClientData;
    const form = section.querySelector<HTMLFormElement>('[data-exercise-form]')!;
    const feedback = section.querySelector<HTMLElement>('[data-feedback]')!;
    const answer = section.querySelector<HTMLDetailsElement>('[data-answer]')!;
    const list = section.querySelector<HTMLOListElement>('[data-order-list]');
    const fields = [...section.querySelectorAll<HTMLInputElement>('[data-field]')];
    const report = ({ correct, message }: Verdict) => {
      section.dataset.state = correct ? 'correct' : 'wrong';
      feedback.textContent = message;
      if (correct) {
        storeSolved(key);
        markSolved(section);
      }
    };
    if (readSolved(key)) markSolved(section);

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      // The grading code loads with the first Check of the page, not with every chapter.
      const { gradeChoice, gradeNumbers, gradeOrder } = await import('./grade.ts');
      if (data.kind === 'choice') {
        report(gradeChoice(data, section.querySelector<HTMLInputElement>('input[type=radio]:checked')?.value ?? null));
      } else if (data.kind === 'numbers') {
        report(gradeNumbers(data, fields.map((field) => field.value)));
      } else {
        report(gradeOrder(data, [...list!.children].map((item) => (item as HTMLElement).dataset.item ?? '')));
      }
    });

    section.querySelector('[data-reveal]')!.addEventListener('click', () => {
      answer.dataset.shown = '';
      answer.open = true;
      section.dataset.state = 'revealed';
      feedback.textContent = 'The answer and how it is worked out are shown below.';
    });

    list?.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('[data-move]');
      const item = button?.closest('li');
      if (!button || !item) return;
      const up = Number(button.dataset.move) < 0;
      const neighbour = up ? item.previousElementSibling : item.nextElementSibling;
      if (neighbour === null) return;
      if (up) list.insertBefore(item, neighbour);
      else list.insertBefore(neighbour, item);
      button.focus();
      const position = [...list.children].indexOf(item) + 1;
      feedback.textContent = `${item.querySelector('.exercise-order-label')?.textContent ?? 'Item'}: now place ${position} of ${list.children.length}.`;
    });
  }
}

for (const container of document.querySelectorAll<HTMLElement>('[data-exercises]')) setUpChapter(container);
