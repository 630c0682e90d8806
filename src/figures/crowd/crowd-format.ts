// How the crowd figure writes times and sizes, in its read-out, its note and its measured table.

import { formatNumber } from '../shared/format.ts';

/** "0.42 ms", "12.3 ms", "250 ms". */
export function milliseconds(value: number): string {
  return `${formatNumber(value, value < 1 ? 2 : value < 100 ? 1 : 0, { fixed: true })} ms`;
}

/** "12 B", "4.0 KB", "1.22 MB" (1 KB = 1,000 bytes). */
export function bytes(value: number): string {
  if (value < 1000) return `${value} B`;
  if (value < 1e6) return `${formatNumber(value / 1000, 1, { fixed: true })} KB`;
  return `${formatNumber(value / 1e6, 2, { fixed: true })} MB`;
}
