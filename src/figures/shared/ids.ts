// Element ids for the islands' server-rendered markup (label ↔ input, aria-labelledby): unique
// across everything rendered in one build, so never repeated within a page, and stable from one
// build to the next.
let counter = 0;

/** `${prefix}-1`, `${prefix}-2`, … */
export function nextIslandId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}
