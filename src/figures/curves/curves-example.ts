// The worked examples of chapter 7 that use the pointers of public/models/interpolation.glb,
// computed by the skinning core at build time: one time sampled channel by channel (each with its
// own keys), the local matrix built from the three values, one rotation by slerp, by nlerp and by
// a lerp left unnormalised, slerp and nlerp over a whole 120° segment, and one cubic-spline value
// by the Hermite form.
import { readProjectModel } from '../../build-time/project-models.ts';
import { Playback, createClipCursor, findKeyIndex, sampleClip } from '../../core/clip.ts';
import { animateFrame, createPlayer } from '../../core/frame.ts';
import { lerpVec3At, nlerpQuatAt, slerpQuatAt } from '../../core/math.ts';
import { createPose, type Clip, type Model, type Track } from '../../core/model.ts';
import { sampleClipWithUnscaledTangents } from '../../core/pitfalls.ts';
import { sampleClipBlendingRotations } from '../../core/rotation-blend.ts';
import { angleOf } from './curves-plot.ts';

/** The time the pointers are sampled at, seconds. */
export const EXAMPLE_TIME = 0.75;
/** Samples per second when scanning the 120° segment for slerp and nlerp's differences. */
export const SCAN_RATE = 10000;

/** One channel at EXAMPLE_TIME: the keys around it, the fraction between them, the keys' values and the sampled value. */
export interface ChannelAtTime {
  keyCount: number;
  k: number;
  times: [number, number];
  u: number;
  /** The y component (translation), the angle about z in degrees (rotation) or the x component (scale): at key k, at key k + 1, sampled. */
  from: number;
  to: number;
  value: number;
}

export interface CurvesExample {
  linear: { translation: ChannelAtTime; rotation: ChannelAtTime; scale: ChannelAtTime };
  /** The linear pointer's local matrix at EXAMPLE_TIME (16 floats), T × R × S of the sampled values. */
  local: Float32Array;
  rotation: {
    keys: [Float32Array, Float32Array];
    slerp: Float32Array;
    nlerp: Float32Array;
    lerp: Float32Array;
    /** Angles about z, degrees: slerp's, nlerp's, and the one the unnormalised lerp's matrix turns by. */
    slerpDegrees: number;
    nlerpDegrees: number;
    lerpDegrees: number;
    lerpLength: number;
    /** The length of the unnormalised lerp's matrix columns (1 for a rotation). */
    lerpColumnLength: number;
  };
  segment: {
    /** The rotation segment of 120°: its key times. */
    start: number;
    end: number;
    degrees: number;
    /** slerp's constant speed, degrees per second; nlerp's slowest and fastest; their largest angle apart, degrees. */
    slerpSpeed: number;
    nlerpSlowest: number;
    nlerpFastest: number;
    largestDifference: number;
    /** The shortest quaternion an unnormalised lerp writes in the segment, and where. */
    shortestLerp: number;
  };
  hermite: {
    /** The cubic pointer's translation y at EXAMPLE_TIME: key values, out- and in-tangents (per second), t_d, u, the four basis weights, the value; with tangents unscaled; and STEP's value. */
    v0: number;
    v1: number;
    outTangent: number;
    inTangent: number;
    /** The segment's first key time, seconds, and its length t_d. */
    start: number;
    interval: number;
    u: number;
    weights: [number, number, number, number];
    value: number;
    unscaled: number;
    step: number;
    linear: number;
    /** Over the whole clip, the cubic pointer with unscaled tangents against the right one: largest difference in translation y and in angle, degrees. */
    unscaledTranslation: number;
    unscaledDegrees: number;
  };
}

/** The track of `model`'s `joint` for `path` in `clip`. */
function trackOf(model: Model, clip: Clip, joint: string, path: number): Track {
  const node = model.hierarchy.names.indexOf(joint);
  const track = clip.tracks.find((t) => t.node === node && t.path === path);
  if (track === undefined) throw new Error(`no track ${path} for "${joint}"`);
  return track;
}

export function computeCurvesExample(root: string = process.cwd()): CurvesExample {
  const model = readProjectModel('interpolation.glb', root);
  const clip = model.clips.find((c) => c.name === 'keys');
  if (clip === undefined) throw new Error('interpolation.glb has no clip "keys"');
  const player = createPlayer(model);
  animateFrame(player, clip, EXAMPLE_TIME, Playback.CLAMP);
  const node = model.hierarchy.names.indexOf('linear');
  const pose = player.pose;

  // Each channel with its own keys: the segment, the fraction, the value the sampler wrote.
  const channel = (path: number, read: (values: Float32Array, offset: number) => number, width: number, sampled: number): ChannelAtTime => {
    const track = trackOf(model, clip, 'linear', path);
    const k = findKeyIndex(track.times, track.times.length, EXAMPLE_TIME, -1);
    const [t0, t1] = [track.times[k], track.times[k + 1]];
    return { keyCount: track.times.length, k, times: [t0, t1], u: (EXAMPLE_TIME - t0) / (t1 - t0), from: read(track.values, width * k), to: read(track.values, width * k + width), value: sampled };
  };
  const degrees = (values: Float32Array, offset: number) => angleOf(values.subarray(offset, offset + 4), 0);
  const linear = {
    translation: channel(0, (v, o) => v[o + 1], 3, pose.translations[3 * node + 1]),
    rotation: channel(1, degrees, 4, angleOf(pose.rotations, node)),
    scale: channel(2, (v, o) => v[o], 3, pose.scales[3 * node]),
  };

  // One rotation three ways, between the same two keys at the same fraction.
  const rotationTrack = trackOf(model, clip, 'linear', 1);
  const k = linear.rotation.k;
  const u = linear.rotation.u;
  const keys: [Float32Array, Float32Array] = [rotationTrack.values.slice(4 * k, 4 * k + 4), rotationTrack.values.slice(4 * k + 4, 4 * k + 8)];
  const slerp = slerpQuatAt(new Float32Array(4), 0, keys[0], 0, keys[1], 0, u);
  const nlerp = nlerpQuatAt(new Float32Array(4), 0, keys[0], 0, keys[1], 0, u);
  const lerp = new Float32Array(4);
  lerpVec3At(lerp, 0, keys[0], 0, keys[1], 0, u);
  lerp[3] = keys[0][3] + (keys[1][3] - keys[0][3]) * u;
  const lerpLength = Math.hypot(...lerp);
  const z = lerp[2], w = lerp[3];

  // slerp against nlerp over that whole segment, sampled by the core.
  const slerpPose = createPose(model.hierarchy.count);
  const nlerpPose = createPose(model.hierarchy.count);
  const slerpCursor = createClipCursor(clip.tracks.length);
  const nlerpCursor = createClipCursor(clip.tracks.length);
  const [start, end] = linear.rotation.times;
  let previous = NaN;
  let nlerpSlowest = Infinity;
  let nlerpFastest = 0;
  let largestDifference = 0;
  let shortestLerp = 1;
  const steps = Math.round((end - start) * SCAN_RATE);
  for (let i = 0; i <= steps; i++) {
    const time = start + ((end - start) * i) / steps;
    sampleClip(slerpPose, clip, model.hierarchy.rest, time, Playback.CLAMP, slerpCursor);
    sampleClipBlendingRotations(nlerpPose, clip, model.hierarchy.rest, time, Playback.CLAMP, nlerpCursor, nlerpQuatAt);
    const angle = angleOf(nlerpPose.rotations, node);
    largestDifference = Math.max(largestDifference, Math.abs(angle - angleOf(slerpPose.rotations, node)));
    if (i > 0) {
      const speed = Math.abs(angle - previous) * SCAN_RATE;
      nlerpSlowest = Math.min(nlerpSlowest, speed);
      nlerpFastest = Math.max(nlerpFastest, speed);
    }
    previous = angle;
    // The lerp before normalising, at this fraction: nlerp's direction, this length.
    const f = i / steps;
    shortestLerp = Math.min(shortestLerp, Math.hypot(...keys[0].map((a, c) => a + (keys[1][c] - a) * f)));
  }
  const segmentDegrees = Math.abs(linear.rotation.to - linear.rotation.from);

  // The cubic pointer's translation y by the Hermite form, and what STEP and LINEAR give there.
  const cubic = trackOf(model, clip, 'cubic', 0);
  const kc = findKeyIndex(cubic.times, cubic.times.length, EXAMPLE_TIME, -1);
  const interval = cubic.times[kc + 1] - cubic.times[kc];
  const uc = (EXAMPLE_TIME - cubic.times[kc]) / interval;
  const weights: [number, number, number, number] = [2 * uc ** 3 - 3 * uc ** 2 + 1, uc ** 3 - 2 * uc ** 2 + uc, -2 * uc ** 3 + 3 * uc ** 2, uc ** 3 - uc ** 2];
  const [inTangent, v1] = [cubic.values[9 * (kc + 1) + 1], cubic.values[9 * (kc + 1) + 4]];
  const [v0, outTangent] = [cubic.values[9 * kc + 4], cubic.values[9 * kc + 7]];
  const cubicNode = model.hierarchy.names.indexOf('cubic');
  const stepNode = model.hierarchy.names.indexOf('step');

  // The unscaled tangents against the right ones, over the whole clip, sampled by the core every millisecond.
  let unscaledTranslation = 0;
  let unscaledDegrees = 0;
  for (let i = 0; i <= Math.round(clip.duration * 1000); i++) {
    sampleClip(slerpPose, clip, model.hierarchy.rest, i / 1000, Playback.CLAMP, slerpCursor);
    sampleClipWithUnscaledTangents(nlerpPose, clip, model.hierarchy.rest, i / 1000, Playback.CLAMP, nlerpCursor);
    unscaledTranslation = Math.max(unscaledTranslation, Math.abs(slerpPose.translations[3 * cubicNode + 1] - nlerpPose.translations[3 * cubicNode + 1]));
    unscaledDegrees = Math.max(unscaledDegrees, Math.abs(angleOf(slerpPose.rotations, cubicNode) - angleOf(nlerpPose.rotations, cubicNode)));
  }

  return {
    linear,
    local: player.locals.slice(16 * node, 16 * node + 16),
    rotation: {
      keys,
      slerp,
      nlerp,
      lerp,
      slerpDegrees: angleOf(slerp, 0),
      nlerpDegrees: angleOf(nlerp, 0),
      lerpDegrees: (Math.atan2(2 * w * z, 1 - 2 * z * z) * 180) / Math.PI,
      lerpLength,
      lerpColumnLength: Math.hypot(1 - 2 * z * z, 2 * w * z),
    },
    segment: {
      start,
      end,
      degrees: segmentDegrees,
      slerpSpeed: segmentDegrees / (end - start),
      nlerpSlowest,
      nlerpFastest,
      largestDifference,
      shortestLerp,
    },
    hermite: {
      v0,
      v1,
      outTangent,
      inTangent,
      start: cubic.times[kc],
      interval,
      u: uc,
      weights,
      value: pose.translations[3 * cubicNode + 1],
      unscaled: weights[0] * v0 + weights[1] * outTangent + weights[2] * v1 + weights[3] * inTangent,
      step: pose.translations[3 * stepNode + 1],
      linear: linear.translation.value,
      unscaledTranslation,
      unscaledDegrees,
    },
  };
}
