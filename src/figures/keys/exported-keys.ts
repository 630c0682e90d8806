// The walk's rotation keys as many exporters write them: every quaternion with w ≥ 0. A quaternion
// and its negation are the same rotation, so nothing changes for a sampler that takes the short
// way round — but wherever w passes through 0 (a bone turned about 180° from its parent, as the
// thighs hang from hips that point up) two neighbouring keys end up on opposite sides, and a
// slerp that never checks the sign goes the long way. Used by the keys figure and its worked example.
import { TrackPath, type Clip } from '../../core/model.ts';

/** Set-up, allocates: a copy of `clip` with every rotation key (its in-tangent and out-tangent too, for CUBICSPLINE) negated where w < 0. */
export function withPositiveW(clip: Clip): Clip {
  return {
    ...clip,
    tracks: clip.tracks.map((track) => {
      if (track.path !== TrackPath.ROTATION) return track;
      const values = track.values.slice();
      const group = values.length / track.times.length; // 4 floats per key, 12 for CUBICSPLINE
      for (let key = 0; key < track.times.length; key++) {
        const w = values[key * group + (group === 4 ? 3 : 7)]; // the value's w, after the in-tangent for CUBICSPLINE
        if (w < 0) for (let c = key * group; c < (key + 1) * group; c++) values[c] = -values[c];
      }
      return { ...track, values };
    }),
  };
}

/** The keys k (k + 1 < key count) of a LINEAR or STEP rotation track whose quaternion lies on the other side of the sphere from key k + 1 (dot product < 0). */
export function flippedSegments(times: Float32Array, values: Float32Array): number[] {
  const segments: number[] = [];
  for (let k = 0; k + 1 < times.length && 4 * k + 8 <= values.length; k++) {
    let dot = 0;
    for (let c = 0; c < 4; c++) dot += values[4 * k + c] * values[4 * k + 4 + c];
    if (dot < 0) segments.push(k);
  }
  return segments;
}
