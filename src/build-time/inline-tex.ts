// Short prose with inline maths and code, for the reference pages' tables: `$…$` spans are typeset
// by KaTeX at build time exactly as the chapters' are (HTML + MathML, strict), `…` spans become
// <code>, and everything else is escaped text.
import katex from 'katex';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Typesets one TeX expression (inline, or as a display when `display`); throws on a TeX error. */
export function renderTex(tex: string, display = false): string {
  return katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: 'error', output: 'htmlAndMathml' });
}

/**
 * `text` as HTML: `$…$` typeset, `` `…` `` as code, the rest escaped. Throws, naming the text,
 * when a `$` or a backtick has no partner (an unbalanced span would swallow the rest of the cell).
 */
export function renderInlineTex(text: string): string {
  let html = '';
  let rest = text;
  while (rest.length > 0) {
    const next = rest.search(/[$`]/);
    if (next < 0) {
      html += escapeHtml(rest);
      break;
    }
    html += escapeHtml(rest.slice(0, next));
    const mark = rest[next];
    const end = rest.indexOf(mark, next + 1);
    if (end < 0) throw new Error(`renderInlineTex: unmatched ${mark} in "${text}"`);
    const inner = rest.slice(next + 1, end);
    html += mark === '$' ? renderTex(inner) : `<code>${escapeHtml(inner)}</code>`;
    rest = rest.slice(end + 1);
  }
  return html;
}
