// The worked examples of chapter 7 that use the mannequin's walk, computed by the skinning core at
// build time from public/models/mannequin.glb: its keys against a display's frames, what the three
// key searches cost per frame (and on a long capture), the thighs' keys written with w ≥ 0,
// Assimp's ticks, and the walk baked into one matrix palette per frame.
import { readProjectModel } from '../../build-time/project-models.ts';
import { bakeClip, bakedFrameOffset } from '../../core/bake.ts';
import { Playback, wrapClipTime } from '../../core/clip.ts';
import { animateFrame, createPlayer } from '../../core/frame.ts';
import { findKeyByBinarySearch, findKeyByLinearScan, findKeyFromCursor, type SearchCount } from '../../core/key-search.ts';
import type { Clip, Model, Track } from '../../core/model.ts';
import { skinVertices } from '../../core/skin.ts';
import { animationTimeInTicks } from '../../core/ticks.ts';
import { flippedSegments, withPositiveW } from './exported-keys.ts';

/** The display the searches are counted on, frames per second. */
export const DISPLAY_RATE = 60;
/** The long clip the searches are also counted on: a minute of cut-scene, one track. */
export const CAPTURE_SECONDS = 60;
export const CAPTURE_KEYS_PER_SECOND = 30;
/** The clock reading of the ticks example, seconds. */
export const CLOCK_SECONDS = 2.5;
/** Ticks per second of the ticks example: keys counted in frames at 30 per second. */
export const FRAME_TICKS_PER_SECOND = 30;
/** Ticks per second of Assimp's glTF importer, which counts milliseconds. */
export const ASSIMP_GLTF_TICKS_PER_SECOND = 1000;
/** The bake is played back on a display of this rate, where it is measured against sampling. */
export const PLAYBACK_RATE = 144;
/** Bake rates compared, frames per second. */
export const BAKE_RATES = [30, 60] as const;

/** Average comparisons per display frame, summed over the tracks searched. */
export interface SearchCost {
  linear: number;
  binary: number;
  cursor: number;
}

export interface KeysExample {
  walk: {
    duration: number;
    trackCount: number;
    /** Key count of the most keyed track, and how many tracks have it. */
    keyCount: number;
    fullTracks: number;
    /** Tracks with two equal keys (a bone that holds still). */
    stillTracks: number;
    keysPerSecond: number;
    /** Display frames per loop at DISPLAY_RATE. */
    framesPerLoop: number;
    /** The largest angle between two neighbouring rotation keys, degrees, and its joint. */
    largestStep: number;
    largestStepJoint: string;
    /** The length of a lerp left unnormalised half-way across that step: cos(step / 4). */
    shortestLerp: number;
  };
  /** The walk: all tracks, every frame of one loop at DISPLAY_RATE. */
  walkSearch: SearchCost;
  /** One track of CAPTURE_SECONDS · CAPTURE_KEYS_PER_SECOND + 1 keys, every frame at DISPLAY_RATE. */
  captureSearch: SearchCost;
  captureKeys: number;
  flip: {
    /** Rotation tracks whose keys, written with w ≥ 0, have neighbours on opposite sides. */
    joints: string[];
    /** Per such track, how many segments. */
    segmentsPerTrack: number;
    /** The smallest and largest w of the left thigh's rotation keys as the file stores them. */
    thighW: [number, number];
    /** The left thigh's first such segment: its key times, seconds, and the angle between its keys both ways, degrees. */
    start: number;
    end: number;
    /** Its two keys as exported (w ≥ 0), and their dot product. */
    keys: [Float32Array, Float32Array];
    dot: number;
    shortDegrees: number;
    longDegrees: number;
  };
  ticks: {
    /** Keys counted in frames (FRAME_TICKS_PER_SECOND): the walk's duration in ticks, and CLOCK_SECONDS in the clip. */
    durationTicks: number;
    ticks: number;
    /** Assimp's default for a ticks-per-second of 0, on the same clip. */
    defaultTicks: number;
    /** Seconds read as ticks. */
    secondsAsTicks: number;
    /** As Assimp's glTF importer presents the walk (milliseconds). */
    gltfDurationTicks: number;
    gltfTicks: number;
  };
  bake: {
    /** Bytes of the walk's keys (times and values, float32). */
    keyBytes: number;
    /** Per bake rate: frames, bytes and the largest vertex error against sampling, metres, on PLAYBACK_RATE's frames. */
    rates: { framesPerSecond: number; frames: number; bytes: number; largestError: number }[];
    jointCount: number;
  };
}

/** Average comparisons per frame of the three searches, over `frames` clip times, for `tracks`. */
function searchCost(tracks: readonly Track[], times: number[]): SearchCost {
  const linear: SearchCount = { comparisons: 0 };
  const binary: SearchCount = { comparisons: 0 };
  const cursor: SearchCount = { comparisons: 0 };
  const hints = new Int32Array(tracks.length);
  for (const time of times) {
    tracks.forEach((track, i) => {
      const keys = track.times;
      const n = keys.length;
      // The sampler searches only between the first and the last key (sampleTrack).
      if (!(time > keys[0]) || time >= keys[n - 1]) return;
      findKeyByLinearScan(keys, n, time, linear);
      findKeyByBinarySearch(keys, n, time, binary);
      hints[i] = findKeyFromCursor(keys, n, time, hints[i], cursor);
    });
  }
  const frames = times.length;
  return { linear: linear.comparisons / frames, binary: binary.comparisons / frames, cursor: cursor.comparisons / frames };
}

/** The clip named `name` of `model`. */
function clipNamed(model: Model, name: string): Clip {
  const clip = model.clips.find((c) => c.name === name);
  if (clip === undefined) throw new Error(`the model has no clip "${name}"`);
  return clip;
}

export function computeKeysExample(root: string = process.cwd()): KeysExample {
  const model = readProjectModel('mannequin.glb', root);
  const walk = clipNamed(model, 'walk');
  const names = model.hierarchy.names;
  const keyCounts = walk.tracks.map((track) => track.times.length);
  const keyCount = Math.max(...keyCounts);
  const framesPerLoop = Math.round(walk.duration * DISPLAY_RATE);
  const frameTimes = (count: number) => Array.from({ length: count }, (_, i) => i / DISPLAY_RATE);

  // The largest turn between two neighbouring rotation keys: what a lerp without normalising shortens most.
  let largestStep = 0;
  let largestStepJoint = '';
  for (const track of walk.tracks) {
    if (track.path !== 1) continue;
    for (let k = 0; k + 1 < track.times.length; k++) {
      let dot = 0;
      for (let c = 0; c < 4; c++) dot += track.values[4 * k + c] * track.values[4 * k + 4 + c];
      const step = (2 * Math.acos(Math.min(1, Math.abs(dot))) * 180) / Math.PI;
      if (step > largestStep) [largestStep, largestStepJoint] = [step, names[track.node]];
    }
  }

  // A long clip: one track, a key every 1/120 s for 10 s.
  const captureKeys = CAPTURE_SECONDS * CAPTURE_KEYS_PER_SECOND + 1;
  const captureTimes = Float32Array.from({ length: captureKeys }, (_, k) => k / CAPTURE_KEYS_PER_SECOND);
  const capture: Track = { node: 0, path: 0, interpolation: 1, times: captureTimes, values: new Float32Array(3 * captureKeys) };

  // The thighs' keys as an exporter that writes w ≥ 0 stores them.
  const exported = withPositiveW(walk);
  const flipped = exported.tracks.filter((track) => track.path === 1 && flippedSegments(track.times, track.values).length > 0);
  const thigh = names.indexOf('upper_leg.L');
  const storedThigh = walk.tracks.find((track) => track.node === thigh && track.path === 1)!;
  const exportedThigh = exported.tracks.find((track) => track.node === thigh && track.path === 1)!;
  const k = flippedSegments(exportedThigh.times, exportedThigh.values)[0];
  let dot = 0;
  for (let c = 0; c < 4; c++) dot += exportedThigh.values[4 * k + c] * exportedThigh.values[4 * k + 4 + c];
  const shortDegrees = (2 * Math.acos(Math.min(1, Math.abs(dot))) * 180) / Math.PI;
  const thighW = Array.from({ length: storedThigh.times.length }, (_, key) => storedThigh.values[4 * key + 3]);

  // Ticks: keys counted in frames at 30 per second, and Assimp's glTF importer's milliseconds.
  const durationTicks = walk.duration * FRAME_TICKS_PER_SECOND;
  const gltfDurationTicks = walk.duration * ASSIMP_GLTF_TICKS_PER_SECOND;

  // The bake, measured against sampling on a fast display's frames.
  const player = createPlayer(model);
  const primitive = model.meshes[0].primitives[0];
  const sampled = new Float32Array(3 * primitive.vertexCount);
  const baked = new Float32Array(3 * primitive.vertexCount);
  const rates = BAKE_RATES.map((framesPerSecond) => {
    const bakedClip = bakeClip(player, walk, framesPerSecond);
    let largestError = 0;
    for (let i = 0; i < Math.round(walk.duration * PLAYBACK_RATE); i++) {
      const time = i / PLAYBACK_RATE;
      animateFrame(player, walk, time, Playback.LOOP);
      skinVertices(sampled, null, primitive, player.palettes[0]);
      const offset = bakedFrameOffset(bakedClip, time);
      skinVertices(baked, null, primitive, bakedClip.palettes.subarray(offset, offset + 16 * bakedClip.jointCount));
      for (let v = 0; v < sampled.length; v += 3) {
        largestError = Math.max(largestError, Math.hypot(sampled[v] - baked[v], sampled[v + 1] - baked[v + 1], sampled[v + 2] - baked[v + 2]));
      }
    }
    return { framesPerSecond, frames: bakedClip.frameCount, bytes: bakedClip.palettes.byteLength, largestError };
  });

  return {
    walk: {
      duration: walk.duration,
      trackCount: walk.tracks.length,
      keyCount,
      fullTracks: keyCounts.filter((count) => count === keyCount).length,
      stillTracks: keyCounts.filter((count) => count === 2).length,
      keysPerSecond: Math.round((keyCount - 1) / walk.duration),
      framesPerLoop,
      largestStep,
      largestStepJoint,
      shortestLerp: Math.cos((largestStep * Math.PI) / 720),
    },
    walkSearch: searchCost(walk.tracks, frameTimes(framesPerLoop)),
    captureSearch: searchCost([capture], frameTimes(CAPTURE_SECONDS * DISPLAY_RATE)),
    captureKeys,
    flip: {
      joints: flipped.map((track) => names[track.node]),
      segmentsPerTrack: flippedSegments(exportedThigh.times, exportedThigh.values).length,
      thighW: [Math.min(...thighW), Math.max(...thighW)],
      start: exportedThigh.times[k],
      end: exportedThigh.times[k + 1],
      keys: [exportedThigh.values.slice(4 * k, 4 * k + 4), exportedThigh.values.slice(4 * k + 4, 4 * k + 8)],
      dot,
      shortDegrees,
      longDegrees: 360 - shortDegrees,
    },
    ticks: {
      durationTicks,
      ticks: animationTimeInTicks(CLOCK_SECONDS, FRAME_TICKS_PER_SECOND, durationTicks, Playback.LOOP),
      defaultTicks: animationTimeInTicks(CLOCK_SECONDS, 0, durationTicks, Playback.LOOP),
      secondsAsTicks: wrapClipTime(CLOCK_SECONDS, durationTicks, Playback.LOOP),
      gltfDurationTicks,
      gltfTicks: animationTimeInTicks(CLOCK_SECONDS, ASSIMP_GLTF_TICKS_PER_SECOND, gltfDurationTicks, Playback.LOOP),
    },
    bake: {
      keyBytes: walk.tracks.reduce((sum, track) => sum + track.times.byteLength + track.values.byteLength, 0),
      rates,
      jointCount: model.skins[0].joints.length,
    },
  };
}
