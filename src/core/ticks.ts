// Time in ticks, as Assimp's aiAnimation keeps it (chapter: interpolation). The core works in
// seconds; these functions exist to show how an Assimp-based player turns its clock into a time
// in the clip: key times and mDuration count ticks, and mTicksPerSecond says how many make a
// second — or is 0 when the file did not say, in which case Assimp's own viewer
// (tools/assimp_view/AnimEvaluator.cpp) and ogldev's tutorial assume 25.

import { wrapClipTime, type Playback } from './clip.ts';
import type { Clip } from './model.ts';

/** Ticks per second assumed when a clip's ticks-per-second is 0 (Assimp's viewer, ogldev). */
export const DEFAULT_TICKS_PER_SECOND = 25;

/**
 * Seconds since the clip started → ticks into the clip, looped (LOOP, a positive modulo) or
 * clamped (CLAMP) to [0, durationTicks]: Assimp's clock. A ticksPerSecond of 0 means "not given"
 * and counts as DEFAULT_TICKS_PER_SECOND. Never throws; non-finite input gives 0 (wrapClipTime).
 */
// #region ticks
export function animationTimeInTicks(timeSeconds: number, ticksPerSecond: number, durationTicks: number, playback: Playback): number {
  const perSecond = ticksPerSecond !== 0 ? ticksPerSecond : DEFAULT_TICKS_PER_SECOND;
  return wrapClipTime(timeSeconds * perSecond, durationTicks, playback);
}
// #endregion ticks

/**
 * Set-up, allocates: a copy of `clip` with every key time and the duration counted in ticks,
 * `ticksPerSecond` of them per second (as Assimp hands a clip over: its glTF importer counts
 * milliseconds, 1000 ticks per second). Values, nodes and interpolation are shared, not copied.
 */
export function clipInTicks(clip: Clip, ticksPerSecond: number): Clip {
  return {
    name: clip.name,
    duration: clip.duration * ticksPerSecond,
    tracks: clip.tracks.map((track) => ({ ...track, times: track.times.map((time) => time * ticksPerSecond) })),
  };
}
