// Three ways to find the two keys around a time, each counting the key-time comparisons it makes
// (chapter: interpolation). They answer the question findKeyIndex (src/core/clip.ts) answers for
// sampleClip — the key segment [k, k + 1] with times[k] ≤ time < times[k + 1], clamped to
// [0, keyCount − 2] — and return the same k; the chapter's figure runs all three on every frame to
// show what each costs. The sampler itself uses findKeyIndex, which the cursor search mirrors
// comparison for comparison (tests/unit/key-search.test.ts counts findKeyIndex's own reads).
//
// All three allocate nothing and never throw. `times` must be non-decreasing over [0, keyCount)
// and keyCount ≤ times.length; a keyCount below 2 has the single segment 0 and costs nothing.

/** Comparisons of a key time with the sampled time, added up by the searches (caller-owned). */
export interface SearchCount {
  comparisons: number;
}

/**
 * The key segment by scanning from the first key: the tutorials' way (ogldev's FindPosition,
 * LearnOpenGL's GetPositionIndex). Costs k + 1 comparisons for segment k: on average half the keys.
 */
// #region linear-scan
export function findKeyByLinearScan(times: Float32Array, keyCount: number, timeSeconds: number, count: SearchCount): number {
  for (let k = 0; k < keyCount - 1; k++) {
    count.comparisons++;
    // The first key later than the time closes the segment.
    if (timeSeconds < times[k + 1]) return k;
  }
  // At or after the last key: the last segment (the tutorials assert here instead).
  return keyCount > 1 ? keyCount - 2 : 0;
}
// #endregion linear-scan

/**
 * The key segment by binary search: upper_bound, the first key later than the time, over keys
 * [1, keyCount − 1). Costs about log₂(keyCount) comparisons, wherever the time is.
 */
// #region binary-search
export function findKeyByBinarySearch(times: Float32Array, keyCount: number, timeSeconds: number, count: SearchCount): number {
  if (keyCount < 2) return 0;
  let low = 1;
  let high = keyCount - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    count.comparisons++;
    if (times[middle] > timeSeconds) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}
// #endregion binary-search

/**
 * The key segment from a cursor: findKeyIndex's search, counted. Tries the segment used last
 * (`hint`) and the two after it — during playback the time has moved on by a fraction of a key, so
 * two or three comparisons settle it — and falls back to the binary search for any other jump (a
 * seek, a loop wrap, playing backwards). A hint of −1 forces the search.
 */
// #region cursor-search
export function findKeyFromCursor(times: Float32Array, keyCount: number, timeSeconds: number, hint: number, count: SearchCount): number {
  const lastSegment = keyCount - 2;
  if (lastSegment <= 0) return 0;
  if (hint >= 0 && hint <= lastSegment) {
    count.comparisons++;
    if (times[hint] <= timeSeconds) {
      for (let k = hint; k <= hint + 2 && k <= lastSegment; k++) {
        count.comparisons++;
        if (timeSeconds < times[k + 1]) return k;
      }
    }
  }
  return findKeyByBinarySearch(times, keyCount, timeSeconds, count);
}
// #endregion cursor-search
