// The "Check yourself" exercises in the built site: on every chapter, every exercise says "Correct"
// for its right answer and gives a wrong answer's own explanation; progress survives a reload;
// one exercise of each kind is answered with the keyboard alone; axe finds no violation in the
// exercises of one chapter, in either theme. One page per chapter; figures are not waited for.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dist, openSite, type Site } from './harness.ts';
import { axeViolations } from './axe.ts';
import type { ClientData } from '../../src/exercises/grade.ts';

const chapterPages = readdirSync(join(dist, 'chapters'))
  .filter((slug) => readFileSync(join(dist, 'chapters', slug, 'index.html'), 'utf8').includes('data-exercises'))
  .map((slug) => `/chapters/${slug}/`);

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const feedbackOf = (exercise: Locator) => exercise.locator('[data-feedback]');
const dataOf = async (exercise: Locator) => JSON.parse((await exercise.locator('[data-exercise-data]').textContent()) ?? '{}') as ClientData;

/** Enters the right answer (right = true) or a wrong one with its expected explanation; clicks Check. */
async function answer(exercise: Locator, data: ClientData, right: boolean): Promise<string> {
  if (data.kind === 'choice') {
    const wrong = Object.keys(data.feedback).find((id) => id !== data.answer)!;
    const id = right ? data.answer : wrong;
    await exercise.locator(`input[type=radio][value="${id}"]`).check();
    await exercise.locator('.exercise-check').click();
    return data.feedback[id];
  }
  if (data.kind === 'numbers') {
    const values = right ? data.answers : (data.mistakes[0]?.values ?? data.answers.map((value) => value + 1000));
    const fields = exercise.locator('[data-field]');
    for (let f = 0; f < values.length; f++) await fields.nth(f).fill(values[f].toFixed(data.decimals + 2).replace('-', '\u2212'));
    await exercise.locator('.exercise-check').click();
    return data.mistakes[0]?.feedback ?? data.hint;
  }
  // Ordering: wrong is the list as it starts; right is reached with the move buttons.
  if (right) {
    for (let target = 0; target < data.order.length; target++) {
      for (;;) {
        const ids = await exercise.locator('[data-item]').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.item));
        const at = ids.indexOf(data.order[target]);
        if (at === target) break;
        await exercise.locator(`[data-item="${data.order[target]}"] [data-move="-1"]`).click();
      }
    }
  }
  await exercise.locator('.exercise-check').click();
  const ids = await exercise.locator('[data-item]').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.item));
  return data.why[data.order.find((id, i) => ids[i] !== id) ?? data.order[0]];
}

describe('exercises on every chapter', () => {
  it('are on all thirteen chapters, 0 to 12', () => {
    expect(chapterPages).toHaveLength(13);
  });

  it.each(chapterPages)('%s: wrong answers explain themselves, right ones are correct, progress survives a reload', async (path) => {
    const { page, context, errors } = await site.newPage();
    await page.goto(site.origin + path);
    const exercises = page.locator('[data-exercise]');
    const count = await exercises.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const progress = page.locator('[data-progress]');
    expect(await progress.textContent()).toBe(`0 of ${count} solved`);
    for (let i = 0; i < count; i++) {
      const exercise = exercises.nth(i);
      const data = await dataOf(exercise);
      const expected = await answer(exercise, data, false);
      await expect.poll(() => feedbackOf(exercise).textContent()).toContain(expected);
      expect(await exercise.getAttribute('data-state')).toBe('wrong');
      await answer(exercise, data, true);
      await expect.poll(() => feedbackOf(exercise).textContent()).toMatch(/^Correct/);
      expect(await progress.textContent()).toBe(`${i + 1} of ${count} solved`);
    }
    await page.reload();
    expect(await page.locator('[data-progress]').textContent()).toBe(`${count} of ${count} solved`);
    expect(await page.locator('[data-exercise][data-solved] [data-solved]:visible').count()).toBe(count);
    // Show answer opens the answer that is hidden until then.
    const first = page.locator('[data-exercise]').first();
    expect(await first.locator('[data-answer]').isVisible()).toBe(false);
    await first.locator('[data-reveal]').click();
    expect(await first.locator('[data-answer]').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('keyboard only', () => {
  async function focusFirst(page: Page, selector: string): Promise<void> {
    // Tab from the exercise's heading area until the control has focus: no clicks.
    await page.locator(selector).first().evaluate((element) => (element.closest('[data-exercise]')!.querySelector('.exercise-title') as HTMLElement).setAttribute('tabindex', '-1'));
    await page.locator(selector).first().evaluate((element) => (element.closest('[data-exercise]')!.querySelector('.exercise-title') as HTMLElement).focus());
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press('Tab');
      if (await page.locator(selector).first().evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  it('answers a choice, a numbers and an ordering exercise from the keyboard', async () => {
    const { page, context } = await site.newPage();
    await page.goto(site.origin + '/chapters/offset-matrices/');
    // Choice: the first radio takes focus, arrows move the choice, Tab to Check, Enter.
    const choice = page.locator('[data-exercise="which-offset"]');
    const choiceData = (await dataOf(choice)) as Extract<ClientData, { kind: 'choice' }>;
    await focusFirst(page, '[data-exercise="which-offset"] input[type=radio]');
    const radios = await choice.locator('input[type=radio]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    for (let i = 0; i < radios.indexOf(choiceData.answer); i++) await page.keyboard.press('ArrowDown');
    if (radios.indexOf(choiceData.answer) === 0) await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => feedbackOf(choice).textContent()).toMatch(/^Correct/);

    // Numbers: type into each field, Tab between them, Enter submits.
    const numbers = page.locator('[data-exercise="tip-upright"]');
    const numbersData = (await dataOf(numbers)) as Extract<ClientData, { kind: 'numbers' }>;
    await focusFirst(page, '[data-exercise="tip-upright"] [data-field]');
    for (let f = 0; f < numbersData.answers.length; f++) {
      if (f > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(numbersData.answers[f].toFixed(2));
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => feedbackOf(numbers).textContent()).toMatch(/^Correct/);
    await context.close();

    // Ordering (chapter 5): move buttons pressed with Enter keep the focus on the moved item.
    const { page: orderPage, context: orderContext } = await site.newPage();
    await orderPage.goto(site.origin + '/chapters/hierarchy-traversal/');
    const order = orderPage.locator('[data-exercise="frame-stages"]');
    const orderData = (await dataOf(order)) as Extract<ClientData, { kind: 'order' }>;
    for (let target = 0; target < orderData.order.length; target++) {
      const ids = await order.locator('[data-item]').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.item));
      let at = ids.indexOf(orderData.order[target]);
      if (at === target) continue;
      await focusFirst(orderPage, `[data-exercise="frame-stages"] [data-item="${orderData.order[target]}"] [data-move="-1"]`);
      for (; at > target; at--) await orderPage.keyboard.press('Enter');
    }
    await focusFirst(orderPage, '[data-exercise="frame-stages"] .exercise-check');
    await orderPage.keyboard.press('Enter');
    await expect.poll(() => feedbackOf(order).textContent()).toMatch(/^Correct/);
    await orderContext.close();
  });
});

describe('accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the exercises of chapter 4 have no axe violations in the ${colorScheme} theme`, async () => {
      const { page, context } = await site.newPage({ colorScheme });
      await page.goto(site.origin + '/chapters/offset-matrices/');
      const first = page.locator('[data-exercise]').first();
      await first.locator('input[type=radio]').first().check();
      await first.locator('.exercise-check').click();
      await first.locator('[data-reveal]').click();
      expect(await axeViolations(page, '.exercises')).toEqual([]);
      await context.close();
    });
  }
});
