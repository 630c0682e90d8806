// Hostile models for the WebAssembly SIMD pose player's creation limits
// (tests/unit/limits/simd-player.test.ts): small glTF files whose animations reuse samplers, built
// here directly as the Model the loader makes of them (src/core/gltf/animations.ts): within one
// animation, every channel of a sampler gets the same `times` array and, per target path, the same
// `values` array; each animation reads its samplers again, so animations that reuse one accessor
// hold equal copies. Every scenario builds its model, creates the player, plays a few frames and
// returns small facts: whether a player was made, how long creation took, and a hash of the bits
// of every globals and palette array it produced (equal hashes: bit-identical results).
import { Playback } from '../../../../src/core/clip.ts';
import { createSimdPlayer, type SimdPlayer } from '../../../../src/core/fast/pose-simd.ts';
import { Interpolation, TrackPath, createPose, type Clip, type Model, type Track } from '../../../../src/core/model.ts';

type Shape = 'chain' | 'flat';
type PathName = 'translation' | 'rotation' | 'scale';

const PATHS: Record<PathName, TrackPath> = { translation: TrackPath.TRANSLATION, rotation: TrackPath.ROTATION, scale: TrackPath.SCALE };

/** What a scenario returns. */
export interface PlayerFacts {
  /** createSimdPlayer returned a player (false: null, "use the JavaScript path"). */
  player: boolean;
  /** Milliseconds spent in createSimdPlayer. */
  createMs: number;
  /** FNV-1a over the bits of globals and palettes after every frame played ("" without a player). */
  hash: string;
  tracks: number;
}

/**
 * `nodeCount` nodes, each the child of the one before (chain) or all roots (flat), with a small
 * rest offset; one skin over every node (identity inverse binds), so there is a palette to check.
 */
function modelOf(nodeCount: number, shape: Shape, clips: Clip[]): Model {
  const rest = createPose(nodeCount);
  for (let i = 0; i < nodeCount; i++) rest.translations[3 * i + 1] = 0.01;
  const inverseBinds = new Float32Array(16 * nodeCount);
  for (let i = 0; i < nodeCount; i++) for (let c = 0; c < 4; c++) inverseBinds[16 * i + 5 * c] = 1;
  return {
    hierarchy: {
      count: nodeCount,
      parents: Int16Array.from({ length: nodeCount }, (_, i) => (shape === 'chain' ? i - 1 : -1)),
      names: Array.from({ length: nodeCount }, () => ''),
      sourceIndex: Int32Array.from({ length: nodeCount }, (_, i) => i),
      rest,
    },
    skins: [{ name: 'all', joints: Int16Array.from({ length: nodeCount }, (_, i) => i), inverseBindMatrices: inverseBinds, skeleton: 0 }],
    meshes: [],
    clips,
    notes: [],
  };
}

/** `keyCount` key times, 1/30 s apart (strictly increasing as float32 up to millions of keys). */
function timesOf(keyCount: number): Float32Array {
  const times = new Float32Array(keyCount);
  for (let k = 0; k < keyCount; k++) times[k] = k / 30;
  return times;
}

/** Keys repeat with this period (a prime), so that millions of keys are quick to make. */
const KEY_PERIOD = 1009;

/**
 * `keyCount` keys for `path`: unit quaternions turning by up to ~1.5 radians from one key to the
 * next, or vectors near (1, 1, 1); `seed` varies them.
 */
function valuesOf(path: TrackPath, keyCount: number, seed = 1): Float32Array {
  const width = path === TrackPath.ROTATION ? 4 : 3;
  const values = new Float32Array(width * keyCount);
  for (let k = 0; k < Math.min(keyCount, KEY_PERIOD); k++) {
    if (width === 3) {
      for (let c = 0; c < 3; c++) values[3 * k + c] = 1 + 0.25 * Math.sin(0.7 * k * (c + 1) + seed);
      continue;
    }
    const angle = 0.9 * Math.sin(0.37 * k + seed) + 0.2 * k;
    const x = Math.sin(0.11 * k + seed), y = Math.cos(0.13 * k), z = 0.5;
    const s = Math.sin(angle / 2) / Math.hypot(x, y, z);
    values[4 * k] = x * s;
    values[4 * k + 1] = y * s;
    values[4 * k + 2] = z * s;
    values[4 * k + 3] = Math.cos(angle / 2);
  }
  for (let filled = width * KEY_PERIOD; filled < values.length; filled *= 2) values.copyWithin(filled, 0, filled);
  return values;
}

/** FNV-1a, continued from `hash`, over the bits of `array`. */
function hashBits(hash: number, array: Float32Array): number {
  const words = new Uint32Array(array.buffer, array.byteOffset, array.length);
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i], 0x01000193) >>> 0;
  return hash;
}

/**
 * Creates the player (timed) and plays: the rest pose, then each clip of `clips` at a few times
 * (forward playback, a seek, a time past the end), hashing globals and palettes after each.
 */
function play(model: Model, clips: number[]): PlayerFacts {
  const tracks = model.clips.reduce((sum, clip) => sum + clip.tracks.length, 0);
  const start = performance.now();
  const player: SimdPlayer | null = createSimdPlayer(model);
  const createMs = performance.now() - start;
  if (player === null) return { player: false, createMs, hash: '', tracks };
  let hash = 0x811c9dc5;
  const record = () => {
    hash = hashBits(hash, player.globals);
    for (const palette of player.palettes) hash = hashBits(hash, palette);
  };
  record();
  for (const clip of clips) {
    for (const [time, playback] of [[0.05, Playback.LOOP], [0.07, Playback.LOOP], [0.61, Playback.LOOP], [1e9, Playback.CLAMP]] as const) {
      player.evaluate(clip, time, playback);
      record();
    }
  }
  player.evaluate(-1, 0, Playback.LOOP);
  record();
  return { player: true, createMs, hash: hash.toString(16).padStart(8, '0'), tracks };
}

/**
 * Cases 1 and 2: one animation whose channels all share one sampler of `keys` keys — on every
 * one of `nodes` nodes, one channel per path of `paths` (3 paths × 32,767 nodes = 98,301 tracks).
 */
export function oneSampler({ nodes, keys, paths, shape }: { nodes: number; keys: number; paths: PathName[]; shape: Shape }): PlayerFacts {
  const times = timesOf(keys);
  const valuesByPath = new Map(paths.map((name) => [name, valuesOf(PATHS[name], keys)]));
  const tracks: Track[] = [];
  for (let node = 0; node < nodes; node++) {
    for (const name of paths) {
      tracks.push({ node, path: PATHS[name], interpolation: Interpolation.LINEAR, times, values: valuesByPath.get(name)! });
    }
  }
  return play(modelOf(nodes, shape, [{ name: 'shared', duration: times[keys - 1], tracks }]), [0]);
}

/**
 * Case 3: `clips` animations, each with one `path` channel on node 1 from the same sampler of
 * `keys` keys. `copies`: each animation holds its own equal copy of the keys (the loader today,
 * which reads the sampler again per animation); else all share one pair of arrays.
 */
export function samplerPerAnimation({ clips, keys, path, copies }: { clips: number; keys: number; path: PathName; copies: boolean }): PlayerFacts {
  const times = timesOf(keys);
  const values = valuesOf(PATHS[path], keys);
  const clipList: Clip[] = Array.from({ length: clips }, (_, c) => ({
    name: `clip ${c}`,
    duration: times[keys - 1],
    tracks: [{ node: 1, path: PATHS[path], interpolation: Interpolation.LINEAR, times: copies ? times.slice() : times, values: copies ? values.slice() : values }],
  }));
  return play(modelOf(4, 'chain', clipList), [0, clips - 1]);
}

/**
 * Case 4: `clips` animations on a chain of `nodes` nodes, each with one 2-key rotation channel on
 * the root (so each clip moves every node).
 */
export function clipsOnLongChain({ nodes, clips }: { nodes: number; clips: number }): PlayerFacts {
  const clipList: Clip[] = Array.from({ length: clips }, (_, c) => ({
    name: `clip ${c}`,
    duration: 1 / 30,
    tracks: [{ node: 0, path: TrackPath.ROTATION, interpolation: Interpolation.LINEAR, times: timesOf(2), values: valuesOf(TrackPath.ROTATION, 2, c) }],
  }));
  return play(modelOf(nodes, 'chain', clipList), [0, clips - 1]);
}

/**
 * Case 5: one rotation channel of `keys` distinct keys: more key data than the player's memory
 * budget holds once `keys` is large enough.
 */
export function distinctKeys({ keys }: { keys: number }): PlayerFacts {
  const times = timesOf(keys);
  const tracks: Track[] = [{ node: 1, path: TrackPath.ROTATION, interpolation: Interpolation.LINEAR, times, values: valuesOf(TrackPath.ROTATION, keys) }];
  return play(modelOf(4, 'chain', [{ name: 'long', duration: times[keys - 1], tracks }]), [0]);
}
