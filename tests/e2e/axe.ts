// axe-core (the npm package, loaded from node_modules into the page) over a page or part of it:
// every violation of any impact, minor included, one line each naming the rule, its impact, what
// it asks for and up to five of the elements that break it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(join(fileURLToPath(new URL('../../', import.meta.url)), 'node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
}

/** The axe violations of the whole page, or of every element matching the CSS `selector` (at least one must). */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  if (selector !== undefined && (await page.locator(selector).count()) === 0) throw new Error(`axeViolations: nothing on the page matches ${selector}`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe;
    const result = await axe.run(within === null ? document : { include: [[within]] }, { resultTypes: ['violations'] });
    return result.violations.map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.slice(0, 5).map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, selector ?? null);
}
