// The lab's state in the page address, so a view can be shared or reloaded: which of the project's
// models (only those: a reader's own file never leaves the machine), which clip and joint (by name,
// which survives a re-export better than an index), and the time when paused. Pure functions.

export interface LabState {
  /** File name in public/models ("robot-arm.glb"), or "" for none. */
  model: string;
  /** Clip name, "" for none (the model's first clip). */
  clip: string;
  /** Seconds into the clip when paused there; null while playing (or never set). */
  time: number | null;
  /** Name of the selected joint of the first skin, "" for the default. */
  joint: string;
}

/** Reads the state from a query string ("?model=…&clip=…"); unknown or malformed values are dropped. */
export function readLabState(search: string): LabState {
  const params = new URLSearchParams(search);
  const time = params.has('time') ? Number(params.get('time')) : NaN;
  const model = params.get('model') ?? '';
  return {
    // A bare file name: no path, no scheme, so the lab can only ever fetch its own models.
    model: /^[\w.-]+\.glb$/i.test(model) ? model : '',
    clip: params.get('clip') ?? '',
    time: Number.isFinite(time) && time >= 0 ? time : null,
    joint: params.get('joint') ?? '',
  };
}

/** The query string for `state` ("" when there is nothing to keep), parameters in a fixed order. */
export function writeLabState(state: LabState): string {
  const params = new URLSearchParams();
  if (state.model !== '') params.set('model', state.model);
  if (state.clip !== '') params.set('clip', state.clip);
  if (state.time !== null) params.set('time', String(Math.round(state.time * 1000) / 1000));
  if (state.joint !== '') params.set('joint', state.joint);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
