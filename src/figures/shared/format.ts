// How the site writes a number, in the figures' live read-outs and in the worked examples typeset
// at build time: one formatter for both (pure, no DOM, so the build and the browser share it).

/** Options of formatNumber. */
export interface NumberFormat {
  /** Keep trailing zeros ("0.50"), for read-outs whose columns must not jitter; else drop them ("0.5"). */
  fixed?: boolean;
  /** The minus sign: '−' (U+2212) for text, '-' for TeX (which typesets it as a minus). */
  minus?: '\u2212' | '-';
}

/**
 * `value` rounded to `decimals` digits after the point (0–20), e.g. formatNumber(-0.5, 2, { fixed:
 * true, minus: '−' }) = "−0.50", formatNumber(2.1204) = "2.12"; never a negative zero ("-0",
 * "−0.00"). NaN and ±Infinity are written as JavaScript writes them.
 */
export function formatNumber(value: number, decimals = 3, { fixed = false, minus = '-' }: NumberFormat = {}): string {
  if (!Number.isFinite(value)) return String(value);
  let digits = Math.abs(value).toFixed(decimals);
  if (!fixed && digits.includes('.')) digits = digits.replace(/0+$/, '').replace(/\.$/, '');
  const isZero = /^[0.]*$/.test(digits);
  return value < 0 && !isZero ? `${minus}${digits}` : digits;
}
