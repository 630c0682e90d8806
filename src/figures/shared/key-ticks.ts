// Drawing a key timeline: one row per channel (translation, rotation, scale), each key a tick at its
// time. Pure string building, shared by the keys figure (KeysFigure.astro, the first joint's rows at
// build time; keys-island.ts, any joint, live) and the model lab's key strip (lab-key-strip.ts).

/** The SVG's user units: time runs along TIMELINE_WIDTH, each channel row is ROW_HEIGHT tall. */
export const TIMELINE_WIDTH = 1000;
export const ROW_HEIGHT = 24;

/** x of `seconds` in a clip of `duration` seconds, one decimal. */
export function timeX(seconds: number, duration: number): string {
  return ((TIMELINE_WIDTH * seconds) / duration).toFixed(1);
}

/** A path of ticks, keys [first, last] of `times`, on channel row `row`; `tall` ticks reach the row's edges. */
export function ticksPath(times: ArrayLike<number>, first: number, last: number, duration: number, row: number, tall = false): string {
  const top = row * ROW_HEIGHT + (tall ? 1 : 6);
  const height = tall ? ROW_HEIGHT - 2 : ROW_HEIGHT - 12;
  let d = '';
  for (let k = first; k <= last && k < times.length; k++) d += `M${timeX(times[k], duration)} ${top}v${height}`;
  return d;
}
