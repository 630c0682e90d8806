// Pose evaluation — sample → compose → local-to-global → palettes — in one WebAssembly SIMD
// kernel (chapter: Beyond). The same stages as src/core/frame.ts, with the same rules; the
// JavaScript functions stay the readable reference that the chapters show, and the tests hold
// this kernel to them on every model.
//
// What the kernel does per frame, for one clip, in one call from JavaScript:
//   1. locate: per timeline (a set of key times shared by tracks; exporters usually key every
//      channel at the same times), the key segment holding the time and the fraction u across
//      it — the cursor's segment during playback, else as sampleClip searches;
//   2. sample: per track, the key value (STEP, before the first key, after the last) or the
//      interpolation (LINEAR, slerp, CUBICSPLINE) into the pose;
//   3. per node, parents first: global = parentGlobal × (T × R × S), a matrix column being one
//      f32x4, so the product is splats and multiply-adds on four lanes; and, while the global is
//      still in registers, the joint's palette = global × inverseBind.
// Nothing is allocated on either side.
//
// Work moved to creation, so the kernel has few branches:
//   - timelines and tracks become small records of addresses; invalid tracks (unknown path, node
//     out of range, no whole key) are dropped, as sampleClip skips them;
//   - key data is stored once per distinct key array: every track, of any clip, whose times (or
//     values) hold the same bits — the same array, as the loader gives every channel of a sampler,
//     or an equal copy — reads one copy. So the memory grows with the model's distinct keys, not
//     with tracks × keys, and each planning step is linear (or n log n) in nodes, tracks and keys;
//     a model that would still need more than MEMORY_BUDGET_BYTES (1 GiB) gets null (play it with
//     the JavaScript path);
//   - every key value is stored as four floats (translations and scales padded with 0), so one
//     v128 load reads a key;
//   - slerp: per key segment of a rotation track, the angle θ between the two keys (as 4-vectors,
//     each divided by its length, sign-flipped for the shorter arc) and K = θ / sin θ are computed
//     once in double precision. The weights sin((1 − u)θ) / sin θ and sin(uθ) / sin θ are then
//     (1 − u)·K·sinc((1 − u)θ) and u·K·sinc(uθ), sinc(x) = sin(x) / x by its Taylor series in x²,
//     both weights at once in the two lanes of an f64x2: four terms with coefficients made at
//     creation when θ ≤ 0.4, else seven (θ ≤ π/2 after the sign flip); the error stays below 2e-9,
//     with no trigonometry per frame and no division by sin θ;
//   - a track whose keys all hold one value (and that alone drives its target) is sampled once,
//     with the rest pose, not every frame;
//   - per clip, only the nodes its other tracks can move (a track on the node or on an ancestor)
//     and their joints are recomputed each frame; the others keep what the first frame of the
//     clip computed. Node records are in depth-first order, so the nodes a track can move (its
//     node's subtree) are one run of consecutive records: a clip names its runs ("spans"), at
//     most one per varying track, and stores no node records of its own.
//
// Numbers: keys, matrices and the pose are float32, as in src/core/frame.ts; interpolation fractions and
// slerp weights are float64, blends float32. Where the engine has relaxed SIMD, multiply-adds are
// fused (rounded once). Results agree with src/core/frame.ts to float32 rounding (about 1e-6 of the
// values' magnitude; the tests measure it).

import { Playback } from '../clip.ts';
import { Interpolation, TrackPath, type Clip, type Model, type Pose, type Track } from '../model.ts';
import { assembleModule, compileOrNull, forEachRecord, shuffleLanes, splatLaneOf, type TextFunction } from './wasm-text.ts';

/** Choices for createSimdPlayer. */
export interface SimdPlayerOptions {
  /**
   * Use relaxed SIMD's fused multiply-add where the engine has it (the default), or never (false:
   * a multiply then an add, as the JavaScript path rounds).
   */
  fusedMultiplyAdd?: boolean;
}

/** A model instance posed by the WebAssembly SIMD kernel; see createSimdPlayer. */
export interface SimdPlayer {
  /** The model played; read only. */
  readonly model: Model;
  /** Whether the kernel uses relaxed SIMD's fused multiply-add (see SimdPlayerOptions). */
  readonly fusedMultiplyAdd: boolean;
  /**
   * Global (model-space) matrices, 16 floats per hierarchy node, after the last evaluate() or
   * updateMatrices(). A view owned by the player (the same object for its whole life): read it,
   * do not write it.
   */
  readonly globals: Float32Array;
  /** One palette per model skin (same order as model.skins), 16 floats per joint; views owned by the player, read only. */
  readonly palettes: Float32Array[];
  /**
   * Column-major 4×4 applied in front of every palette matrix (the "global inverse transform"),
   * or null for the identity. Read at each evaluate() and updateMatrices(); the caller owns the array.
   */
  globalInverse: Float32Array | null;
  /** The clip played by the last evaluate(), or −1 for the rest pose. */
  clipIndex: number;
  /** Seconds: the time passed to the last evaluate(), as given. */
  time: number;
  /** Seconds: the clip time the last evaluate() sampled, after looping or clamping (0 for the rest pose). */
  clipTime: number;
  /**
   * Poses the model as Player.evaluate does: clip `clipIndex` at `timeSeconds` (looped or clamped
   * per `playback`), or the rest pose for −1 or any index that names no clip; fills globals and
   * palettes. Allocates nothing, never throws.
   */
  evaluate(clipIndex: number, timeSeconds: number, playback: Playback): void;
  /**
   * Poses the model with `pose` (local T/R/S per node, e.g. set by sliders) instead of a clip:
   * fills globals and palettes. Nodes past the pose's length keep their last pose. Allocates nothing.
   */
  updateMatrices(pose: Pose): void;
  /** Copies the local pose of the last evaluate() or updateMatrices() into `out` and returns out. */
  readPose(out: Pose): Pose;
}

// ---------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------
// Memory layout (byte addresses; every region 16-byte aligned). The kernel reads the header and
// the records; JavaScript writes them once, at creation.

/** The header: i32 addresses and sizes at these byte offsets. */
const HEADER = {
  poseBytes: 0, // 48 × node count: the size of a pose
  rest: 4, // the rest pose
  pose: 8, // the working pose
  allNodes: 12, // node records of every node, depth first (so parents first) …
  allNodesEnd: 16, // … up to here
  allJobs: 20, // palette jobs of every joint of every skin …
  allJobsEnd: 24, // … up to here
  otherJobs: 28, // the palette jobs that no node record carries (on nodes, depth first; then naming none) …
  otherJobsEnd: 32, // … up to here
  useGlobalInverse: 36, // 1: apply the matrix at GLOBAL_INVERSE_ADDRESS to every palette entry; 0: do not
  clipTime: 40, // f64, written by JavaScript before evaluate(): the clip time to sample, seconds
} as const;
const IDENTITY_ADDRESS = 64;
const GLOBAL_INVERSE_ADDRESS = 128;
const FIRST_FREE_ADDRESS = 192;

/** A pose node: translation (x, y, z, 0), rotation (x, y, z, w), scale (x, y, z, 0). */
const POSE_NODE_BYTES = 48;
const MATRIX_BYTES = 64;

/**
 * A clip record: its timeline and track records, and the spans of node records and other palette
 * jobs that its tracks can change (nodes with a varying track or an ancestor with one; the joints
 * among them). i32 fields.
 */
const CLIP = {
  timelines: 0, timelinesEnd: 4,
  tracks: 8, tracksEnd: 12, // the tracks sampled every frame
  constantTracks: 16, constantTracksEnd: 20, // tracks whose every key is the same: sampled with the rest pose only
  spans: 24, spansEnd: 28,
} as const;
const CLIP_BYTES = 32;

/**
 * A span record: a run of consecutive node records in the header's allNodes (the subtrees of one
 * or more nodes with a varying track, which depth-first order keeps together), and the run of
 * other palette jobs whose nodes are among them. i32 addresses.
 */
const SPAN = { nodes: 0, nodesEnd: 4, jobs: 8, jobsEnd: 12 } as const;
const SPAN_BYTES = 16;

/**
 * A node record: where its pose is, where its parent's global is (the identity for a root), where
 * its global goes; and, for a joint, its palette job (inverse bind, output, affine as in JOB; an
 * inverse bind of 0 for a node that is no joint), done while the global is still in registers.
 * A node that is a joint more than once (in several skins) carries its first job; the others are
 * "other jobs".
 */
const NODE = { pose: 0, parentGlobal: 4, global: 8, inverseBind: 12, output: 16, affine: 20 } as const;
const NODE_BYTES = 32;

/** A palette job: output = (globalInverse ×) global × inverseBind. `affine`: 1 when the inverse bind's bottom row is 0 0 0 1. */
const JOB = { global: 0, inverseBind: 4, output: 8, affine: 12 } as const;
const JOB_BYTES = 16;

/**
 * A timeline record: the key times that one or more tracks of a clip share (exporters usually key
 * every channel at the same times, so most clips have one or two timelines). Each frame the
 * kernel finds the key segment holding the time once per timeline, and the tracks read it. The
 * times and inverse intervals are key data, shared by every clip whose tracks have those times.
 */
const TIMELINE = {
  times: 0, // i32: key times, f64 each, followed by one f64 −∞ (so a one-key timeline has no segment)
  inverseIntervals: 4, // i32: per segment k, 1 / (times[k + 1] − times[k]) (0 for an empty interval)
  cursor: 8, // i32: the segment used last, k in [0, lastSegment]
  lastSegment: 12, // i32: max(0, keyCount − 2)
  lastKey: 16, // i32: keyCount − 1
  // Written by the kernel for the tracks, each frame:
  copyKey: 20, // i32: 1 → the tracks copy key `key` (before the first key, after the last, or one key); 0 → they interpolate
  key: 24, // i32: the key to copy, or the segment k to interpolate in
  u: 32, // f64: the fraction of the way from key k to key k + 1, in [0, 1)
  interval: 40, // f64: seconds from key k to key k + 1
  firstTime: 48, // f64: seconds of key 0
  lastTime: 56, // f64: seconds of the last key
} as const;
const TIMELINE_BYTES = 64;

/** A track record: i32 fields. */
const TRACK = {
  kind: 0, // TrackKind
  timeline: 4, // its timeline record
  firstValue: 8, // key 0's value (16 bytes; for CUBICSPLINE the in-tangent is 16 bytes before, the out-tangent 16 after)
  keyBytes: 12, // bytes from one key's value to the next: 16, or 48 for CUBICSPLINE
  target: 16, // the pose slot written (16 bytes)
  segments: 20, // slerp only: one slerp segment record per key segment (0 for a track that is not slerped)
} as const;
const TRACK_BYTES = 32;

/** A slerp segment record (keys k and k + 1): an i32 `long` flag, then four f64x2 coefficients (see writeSlerpSegment). */
const SLERP_SEGMENT = { long: 0, coefficients: 16 } as const;
const SLERP_SEGMENT_BYTES = 80;

/** How the kernel interpolates a track. */
const TrackKind = { STEP: 0, LERP: 1, SLERP: 2, CUBIC: 3, CUBIC_ROTATION: 4 } as const;

/**
 * The largest angle between two rotation keys (radians, as 4-vectors) for which the slerp weights
 * use four series terms; above it, seven. Four terms of sinc leave an error below θ⁸/9! < 2e-9.
 */
const SHORT_SLERP_MAX_ANGLE = 0.4;

// ---------------------------------------------------------------------------------------------
// The kernel, in the WebAssembly text format (see wasm-text.ts).

/** sinc(x) = Σ cᵢ x²ⁱ, i = 0…6: Taylor coefficients (−1)ⁱ / (2i + 1)!. */
const SINC_COEFFICIENTS = [1, -1 / 6, 1 / 120, -1 / 5040, 1 / 362880, -1 / 39916800, 1 / 6227020800];

/** Pushes times[index + extraKeys] (f64) of the timeline; `index` is an i32 local. */
function keyTime(index: string, extraKeys = 0): string {
  return `local.get $times  local.get ${index}  i32.const 3  i32.shl  i32.add  f64.load offset=${8 * extraKeys}`;
}

/**
 * locate(timelines, timelinesEnd, time): for every timeline record, where clip time `time` falls:
 * before the first key or at it (copy key 0), at or after the last (copy the last key), else in
 * segment k at fraction u — found as sampleClip finds it: the cursor's segment or one of the two
 * after it, else binary search.
 */
function locateFunction(): TextFunction {
  return {
    name: '$locate',
    exported: false,
    params: [['$timeline', 'i32'], ['$timelinesEnd', 'i32'], ['$time', 'f64']],
    results: [],
    locals: [['$times', 'i32'], ['$k', 'i32'], ['$lastSegment', 'i32'], ['$low', 'i32'], ['$high', 'i32'], ['$middle', 'i32']],
    body: `
      ${forEachRecord('$timeline', '$timelinesEnd', TIMELINE_BYTES, '$timelines', `
        block $next
          block $found ;; segment $k
            local.get $timeline  i32.load offset=${TIMELINE.times}  local.set $times
            ;; the usual case in playback: still inside the cursor's segment (times[k] < time < times[k + 1])
            local.get $timeline  i32.load offset=${TIMELINE.cursor}  local.set $k
            ${keyTime('$k')}  local.get $time  f64.lt
            local.get $time  ${keyTime('$k', 1)}  f64.lt
            i32.and  br_if $found
            ;; at or before the first key (or a single key): key 0
            local.get $time  local.get $timeline  f64.load offset=${TIMELINE.firstTime}  f64.gt  i32.eqz
            if
              local.get $timeline  i32.const 0  i32.store offset=${TIMELINE.cursor}
              local.get $timeline  i32.const 1  i32.store offset=${TIMELINE.copyKey}
              local.get $timeline  i32.const 0  i32.store offset=${TIMELINE.key}
              br $next
            end
            ;; at or after the last key: the last key
            local.get $timeline  i32.load offset=${TIMELINE.lastSegment}  local.set $lastSegment
            local.get $time  local.get $timeline  f64.load offset=${TIMELINE.lastTime}  f64.ge
            if
              local.get $timeline  local.get $lastSegment  i32.store offset=${TIMELINE.cursor}
              local.get $timeline  i32.const 1  i32.store offset=${TIMELINE.copyKey}
              local.get $timeline  local.get $timeline  i32.load offset=${TIMELINE.lastKey}  i32.store offset=${TIMELINE.key}
              br $next
            end
            ;; between: one of the two segments after the cursor's …
            local.get $k  local.get $lastSegment  i32.lt_u
            if
              ${keyTime('$k', 1)}  local.get $time  f64.le
              if
                local.get $k  i32.const 1  i32.add  local.set $k
                local.get $time  ${keyTime('$k', 1)}  f64.lt  br_if $found
                local.get $k  local.get $lastSegment  i32.lt_u
                if
                  local.get $k  i32.const 1  i32.add  local.set $k
                  local.get $time  ${keyTime('$k', 1)}  f64.lt  br_if $found
                end
              end
            end
            ;; … else binary search (upper_bound over keys [1, lastKey]): the first key later than the time
            i32.const 1  local.set $low
            local.get $timeline  i32.load offset=${TIMELINE.lastKey}  local.set $high
            block $searched
              loop $search
                local.get $low  local.get $high  i32.ge_u  br_if $searched
                local.get $low  local.get $high  i32.add  i32.const 1  i32.shr_u  local.set $middle
                ${keyTime('$middle')}  local.get $time  f64.gt
                if
                  local.get $middle  local.set $high
                else
                  local.get $middle  i32.const 1  i32.add  local.set $low
                end
                br $search
              end
            end
            local.get $low  i32.const 1  i32.sub  local.set $k
          end
          ;; $found: interpolate in segment k
          local.get $timeline  local.get $k  i32.store offset=${TIMELINE.cursor}
          local.get $timeline  i32.const 0  i32.store offset=${TIMELINE.copyKey}
          local.get $timeline  local.get $k  i32.store offset=${TIMELINE.key}
          local.get $timeline
          local.get $time  ${keyTime('$k')}  f64.sub
          local.get $timeline  i32.load offset=${TIMELINE.inverseIntervals}  local.get $k  i32.const 3  i32.shl  i32.add  f64.load  f64.mul
          f64.store offset=${TIMELINE.u}
          local.get $timeline
          ${keyTime('$k', 1)}  ${keyTime('$k')}  f64.sub
          f64.store offset=${TIMELINE.interval}
        end
        ;; $next`)}`,
  };
}

/** sample(tracks, tracksEnd): writes every track record in [tracks, tracksEnd) into the pose, where locate() put its timeline. */
function sampleFunction(): TextFunction {
  return {
    name: '$sample',
    exported: false,
    params: [['$track', 'i32'], ['$tracksEnd', 'i32']],
    results: [],
    locals: [
      ['$kind', 'i32'], ['$timeline', 'i32'], ['$k', 'i32'], ['$segment', 'i32'],
      ['$a', 'i32'], // key k's value
      ['$b', 'i32'], // key k + 1's value
      ['$u', 'f64'], ['$u2', 'f64'], ['$u3', 'f64'], ['$interval', 'f64'], ['$lengthSquared', 'f64'],
      ['$weights', 'v128'], // f64x2 (1 − u, u), then the slerp weights; then f32x4 (wA, wB, 0, 0)
      ['$squares', 'v128'], // f64x2: (1 − u)², u² (short slerp) or x² (long slerp)
      ['$sinc', 'v128'], // f64x2 series value per weight
      ['$value', 'v128'], // f32x4 result
    ],
    body: `
      ${forEachRecord('$track', '$tracksEnd', TRACK_BYTES, '$tracks', `
        block $next
          block $copyKey ;; stores the value at $a into the target
            local.get $track  i32.load offset=${TRACK.timeline}  local.tee $timeline
            i32.load offset=${TIMELINE.key}  local.get $track  i32.load offset=${TRACK.keyBytes}  i32.mul
            local.get $track  i32.load offset=${TRACK.firstValue}  i32.add  local.set $a
            local.get $timeline  i32.load offset=${TIMELINE.copyKey}  br_if $copyKey
            local.get $track  i32.load offset=${TRACK.kind}  local.tee $kind
            i32.const ${TrackKind.STEP}  i32.eq  br_if $copyKey
            local.get $a  local.get $track  i32.load offset=${TRACK.keyBytes}  i32.add  local.set $b
            local.get $timeline  f64.load offset=${TIMELINE.u}  local.set $u

            local.get $kind  i32.const ${TrackKind.SLERP}  i32.eq
            if
              ;; weights (1 − u, u)
              f64.const 1  local.get $u  f64.sub  f64x2.splat  local.get $u  f64x2.replace_lane 1  local.set $weights
              local.get $track  i32.load offset=${TRACK.segments}
              local.get $timeline  i32.load offset=${TIMELINE.key}  i32.const ${SLERP_SEGMENT_BYTES}  i32.mul  i32.add  local.tee $segment
              i32.load offset=${SLERP_SEGMENT.long}
              if
                ;; θ above SHORT_SLERP_MAX_ANGLE: weight × K × sinc(weight × θ), seven terms by Horner's rule;
                ;; the record holds (θ, θ) then (K, ±K)
                local.get $weights  local.get $segment  v128.load offset=${SLERP_SEGMENT.coefficients}  f64x2.mul
                local.tee $squares  local.get $squares  f64x2.mul  local.set $squares
                v128.const f64x2 ${SINC_COEFFICIENTS[6]} ${SINC_COEFFICIENTS[6]}  local.set $sinc
                ${[5, 4, 3, 2, 1, 0]
                  .map((i) => `local.get $sinc  local.get $squares  f64x2.mul  v128.const f64x2 ${SINC_COEFFICIENTS[i]} ${SINC_COEFFICIENTS[i]}  f64x2.add  local.set $sinc`)
                  .join('\n                ')}
                local.get $weights  local.get $segment  v128.load offset=${SLERP_SEGMENT.coefficients + 16}  f64x2.mul  local.get $sinc  f64x2.mul
                local.set $weights
              else
                ;; weight × Σ Cᵢ weight²ⁱ, i = 0…3, the Cᵢ made from θ at creation (writeSlerpSegment)
                local.get $weights  local.get $weights  f64x2.mul  local.set $squares
                local.get $segment  v128.load offset=${SLERP_SEGMENT.coefficients + 48}  local.get $squares
                local.get $segment  v128.load offset=${SLERP_SEGMENT.coefficients + 32}  f64x2.madd  local.get $squares
                local.get $segment  v128.load offset=${SLERP_SEGMENT.coefficients + 16}  f64x2.madd  local.get $squares
                local.get $segment  v128.load offset=${SLERP_SEGMENT.coefficients}  f64x2.madd
                local.get $weights  f64x2.mul  local.set $weights
              end
              ;; q = wA · key(k) + wB · key(k + 1), in float32 lanes
              local.get $weights  f32x4.demote_f64x2_zero  local.set $weights
              local.get $track  i32.load offset=${TRACK.target}
              local.get $a  v128.load  ${splatLaneOf('$weights', 0)}  f32x4.mul
              local.get $b  v128.load  ${splatLaneOf('$weights', 1)}  f32x4.mul
              f32x4.add  v128.store
              br $next
            end

            local.get $kind  i32.const ${TrackKind.LERP}  i32.eq
            if
              ;; a + (b − a) · u
              local.get $track  i32.load offset=${TRACK.target}
              local.get $a  v128.load
              local.get $b  v128.load  local.get $a  v128.load  f32x4.sub
              local.get $u  f32.demote_f64  f32x4.splat  f32x4.mul
              f32x4.add  v128.store
              br $next
            end

            ;; CUBICSPLINE, glTF's Hermite form: tangents are per second, so scaled by the interval
            local.get $timeline  f64.load offset=${TIMELINE.interval}  local.set $interval
            local.get $u  local.get $u  f64.mul  local.set $u2
            local.get $u2  local.get $u  f64.mul  local.set $u3
            ;; h00 · value(k)
            local.get $a  v128.load
            f64.const 2  local.get $u3  f64.mul  f64.const 3  local.get $u2  f64.mul  f64.sub  f64.const 1  f64.add
            f32.demote_f64  f32x4.splat  f32x4.mul
            ;; + h10 · outTangent(k)
            local.get $a  v128.load offset=16
            local.get $u3  f64.const 2  local.get $u2  f64.mul  f64.sub  local.get $u  f64.add  local.get $interval  f64.mul
            f32.demote_f64  f32x4.splat  f32x4.mul  f32x4.add
            ;; + h01 · value(k + 1)
            local.get $b  v128.load
            f64.const -2  local.get $u3  f64.mul  f64.const 3  local.get $u2  f64.mul  f64.add
            f32.demote_f64  f32x4.splat  f32x4.mul  f32x4.add
            ;; + h11 · inTangent(k + 1), 16 bytes before its value
            local.get $b  i32.const 16  i32.sub  v128.load
            local.get $u3  local.get $u2  f64.sub  local.get $interval  f64.mul
            f32.demote_f64  f32x4.splat  f32x4.mul  f32x4.add
            local.set $value
            local.get $kind  i32.const ${TrackKind.CUBIC_ROTATION}  i32.eq
            if
              ;; a blend of unit quaternions is not unit length: renormalise (the identity if degenerate)
              local.get $value  local.get $value  f32x4.mul  local.tee $weights
              local.get $weights  local.get $weights  ${shuffleLanes(2, 3, 0, 1)}  f32x4.add  local.tee $weights
              ${splatLaneOf('$weights', 1)}  f32x4.add
              f32x4.extract_lane 0  f64.promote_f32  local.set $lengthSquared
              local.get $lengthSquared  f64.const 0  f64.gt  local.get $lengthSquared  f64.const ${Number.MAX_VALUE}  f64.lt  i32.and
              if
                local.get $value
                f64.const 1  local.get $lengthSquared  f64.sqrt  f64.div  f32.demote_f64  f32x4.splat
                f32x4.mul  local.set $value
              else
                v128.const f32x4 0 0 0 1  local.set $value
              end
            end
            local.get $track  i32.load offset=${TRACK.target}  local.get $value  v128.store
            br $next
          end
          ;; $copyKey
          local.get $track  i32.load offset=${TRACK.target}  local.get $a  v128.load  v128.store
        end
        ;; $next`)}`,
  };
}

// #region product-column
/**
 * One column of a product: the left matrix's columns (locals $g0…$g3) × column `column` of the
 * matrix at address local `right`, stored at address local `out`. `affine`: the right matrix's
 * bottom row is 0 0 0 1, so its fourth entry is not read.
 */
function productColumn(right: string, out: string, column: number, affine: boolean): string {
  const factors = (row: number) => `local.get $g${row}  local.get ${right}  v128.load32_splat offset=${16 * column + 4 * row}`;
  const body = affine
    ? column === 3
      ? `${factors(2)} ${factors(1)} ${factors(0)} local.get $g3 f32x4.madd f32x4.madd f32x4.madd`
      : `${factors(2)} ${factors(1)} ${factors(0)} f32x4.mul f32x4.madd f32x4.madd`
    : `${factors(3)} ${factors(2)} ${factors(1)} ${factors(0)} f32x4.mul f32x4.madd f32x4.madd f32x4.madd`;
  return `
        local.get ${out}
        ${body}
        v128.store offset=${16 * column}`;
}
// #endregion product-column

/**
 * One column of parentGlobal × (R × S): the parent's columns times the three entries of rotation
 * column `column` (each picked from lane `lane` of vector local `vector`), times the scale.
 */
function globalColumn(column: number, entries: [string, number][]): string {
  const factors = (row: number) => `local.get $p${row}  ${splatLaneOf(entries[row][0], entries[row][1])}`;
  return `
        ${factors(2)}  ${factors(1)}  ${factors(0)}  f32x4.mul  f32x4.madd  f32x4.madd
        local.get $pose  v128.load32_splat offset=${32 + 4 * column}  f32x4.mul
        local.set $g${column}`;
}

/**
 * globals(nodes, nodesEnd, withPalettes): per node record, in order: global = parentGlobal ×
 * (T × R × S); with withPalettes = 1, also the palette job the record carries.
 */
function globalsFunction(): TextFunction {
  return {
    name: '$globals',
    exported: false,
    params: [['$node', 'i32'], ['$nodesEnd', 'i32'], ['$withPalettes', 'i32']],
    results: [],
    locals: [
      ['$pose', 'i32'], ['$parentGlobal', 'i32'], ['$global', 'i32'], ['$inverseBind', 'i32'], ['$out', 'i32'],
      ['$g0', 'v128'], ['$g1', 'v128'], ['$g2', 'v128'], ['$g3', 'v128'], // the global's columns
      ['$q', 'v128'], ['$q2', 'v128'], // the rotation (x, y, z, w) and twice it
      ['$products', 'v128'], ['$crossed', 'v128'], // (2xz, 2xy, 2yz, ·) and (2wy, 2wz, 2wx, ·)
      ['$diagonal', 'v128'], // (1 − 2y² − 2z², 1 − 2x² − 2z², 1 − 2x² − 2y², ·)
      ['$sum', 'v128'], // (2xz + 2wy, 2xy + 2wz, 2yz + 2wx, ·)
      ['$difference', 'v128'], // (2xz − 2wy, 2xy − 2wz, 2yz − 2wx, ·)
      ['$p0', 'v128'], ['$p1', 'v128'], ['$p2', 'v128'], ['$p3', 'v128'], // the parent's columns
      ['$ones', 'v128'], // (1, 1, 1, 0)
    ],
    body: `
      v128.const f32x4 1 1 1 0  local.set $ones
      ${forEachRecord('$node', '$nodesEnd', NODE_BYTES, '$nodes', `
        local.get $node  i32.load offset=${NODE.pose}  local.set $pose
        local.get $node  i32.load offset=${NODE.parentGlobal}  local.set $parentGlobal
        local.get $node  i32.load offset=${NODE.global}  local.set $global
        ;; the rotation matrix of the unit quaternion, four lanes at a time, with composeTRSAt's sums
        local.get $pose  v128.load offset=16  local.tee $q  local.get $q  f32x4.add  local.set $q2
        local.get $ones
        local.get $q  local.get $q2  f32x4.mul  local.tee $products  local.get $products  ${shuffleLanes(1, 0, 0, 3)}
        local.get $products  local.get $products  ${shuffleLanes(2, 2, 1, 3)}  f32x4.add
        f32x4.sub  local.set $diagonal
        local.get $q  local.get $q  ${shuffleLanes(0, 0, 1, 3)}  local.get $q2  local.get $q2  ${shuffleLanes(2, 1, 2, 3)}  f32x4.mul  local.set $products
        local.get $q  local.get $q  ${shuffleLanes(3, 3, 3, 3)}  local.get $q2  local.get $q2  ${shuffleLanes(1, 2, 0, 3)}  f32x4.mul  local.set $crossed
        local.get $products  local.get $crossed  f32x4.add  local.set $sum
        local.get $products  local.get $crossed  f32x4.sub  local.set $difference
        local.get $parentGlobal  v128.load offset=0  local.set $p0
        local.get $parentGlobal  v128.load offset=16  local.set $p1
        local.get $parentGlobal  v128.load offset=32  local.set $p2
        local.get $parentGlobal  v128.load offset=48  local.set $p3
        ${globalColumn(0, [['$diagonal', 0], ['$sum', 1], ['$difference', 0]])}
        ${globalColumn(1, [['$difference', 1], ['$diagonal', 1], ['$sum', 2]])}
        ${globalColumn(2, [['$sum', 0], ['$difference', 2], ['$diagonal', 2]])}
        ;; translation column: parent × (tx, ty, tz, 1)
        local.get $p2  local.get $pose  v128.load32_splat offset=8
        local.get $p1  local.get $pose  v128.load32_splat offset=4
        local.get $p0  local.get $pose  v128.load32_splat offset=0
        local.get $p3  f32x4.madd  f32x4.madd  f32x4.madd  local.set $g3
        local.get $global  local.get $g0  v128.store offset=0
        local.get $global  local.get $g1  v128.store offset=16
        local.get $global  local.get $g2  v128.store offset=32
        local.get $global  local.get $g3  v128.store offset=48
        ;; the palette job: output = global × inverseBind
        local.get $withPalettes  local.get $node  i32.load offset=${NODE.inverseBind}  local.tee $inverseBind  i32.const 0  i32.ne  i32.and
        if
          local.get $node  i32.load offset=${NODE.output}  local.set $out
          ${timesInverseBind(`local.get $node  i32.load offset=${NODE.affine}`)}
        end`)}`,
  };
}

/** Loads the four columns of the matrix at the address `address` pushes into $g0…$g3. */
function loadColumns(address: string): string {
  return [0, 1, 2, 3].map((c) => `${address}  v128.load offset=${16 * c}  local.set $g${c}`).join('\n      ');
}

/** $out ← ($g0…$g3) × the inverse bind at $inverseBind, by the affine product when `affineFlag` pushes 1. */
function timesInverseBind(affineFlag: string): string {
  return `
        ${affineFlag}
        if
          ${[0, 1, 2, 3].map((c) => productColumn('$inverseBind', '$out', c, true)).join('')}
        else
          ${[0, 1, 2, 3].map((c) => productColumn('$inverseBind', '$out', c, false)).join('')}
        end`;
}

/** palettes(jobs, jobsEnd): per job, output = (globalInverse ×) global × inverseBind. */
function palettesFunction(): TextFunction {
  return {
    name: '$palettes',
    exported: false,
    params: [['$job', 'i32'], ['$jobsEnd', 'i32']],
    results: [],
    locals: [
      ['$global', 'i32'], ['$inverseBind', 'i32'], ['$out', 'i32'], ['$rebase', 'i32'],
      ['$g0', 'v128'], ['$g1', 'v128'], ['$g2', 'v128'], ['$g3', 'v128'],
    ],
    body: `
      i32.const 0  i32.load offset=${HEADER.useGlobalInverse}  local.set $rebase
      ${forEachRecord('$job', '$jobsEnd', JOB_BYTES, '$jobs', `
        local.get $job  i32.load offset=${JOB.global}  local.set $global
        local.get $job  i32.load offset=${JOB.inverseBind}  local.set $inverseBind
        local.get $job  i32.load offset=${JOB.output}  local.set $out
        local.get $rebase
        if
          ;; the output ← globalInverse × global, then read back as the global
          ${loadColumns(`i32.const ${GLOBAL_INVERSE_ADDRESS}`)}
          ${[0, 1, 2, 3].map((c) => productColumn('$global', '$out', c, false)).join('')}
          local.get $out  local.set $global
        end
        ${loadColumns('local.get $global')}
        ${timesInverseBind(`local.get $job  i32.load offset=${JOB.affine}`)}`)}`,
  };
}

/**
 * evaluate(clip, full): samples clip record `clip` at the clip time in the header and updates the
 * matrices it can change, span after span (the time comes through memory: a number passed to
 * WebAssembly may be boxed on the JavaScript side, an integer never is). full = 1 first restores
 * the rest pose and updates every node and joint: needed whenever the pose or matrices may hold
 * anything but this clip's last result.
 */
function evaluateFunction(): TextFunction {
  return {
    name: '$evaluate',
    exported: true,
    params: [['$clip', 'i32'], ['$full', 'i32']],
    results: [],
    locals: [['$span', 'i32'], ['$spansEnd', 'i32']],
    body: `
      local.get $full
      if
        i32.const 0  i32.load offset=${HEADER.pose}
        i32.const 0  i32.load offset=${HEADER.rest}
        i32.const 0  i32.load offset=${HEADER.poseBytes}
        memory.copy
        local.get $clip  i32.load offset=${CLIP.constantTracks}  local.get $clip  i32.load offset=${CLIP.constantTracksEnd}  call $sample
      end
      local.get $clip  i32.load offset=${CLIP.timelines}  local.get $clip  i32.load offset=${CLIP.timelinesEnd}
      i32.const 0  f64.load offset=${HEADER.clipTime}  call $locate
      local.get $clip  i32.load offset=${CLIP.tracks}  local.get $clip  i32.load offset=${CLIP.tracksEnd}  call $sample
      local.get $full
      if
        call $update
      else
        local.get $clip  i32.load offset=${CLIP.spans}  local.set $span
        local.get $clip  i32.load offset=${CLIP.spansEnd}  local.set $spansEnd
        ${forEachRecord('$span', '$spansEnd', SPAN_BYTES, '$spans', `
          local.get $span  i32.load offset=${SPAN.nodes}  local.get $span  i32.load offset=${SPAN.nodesEnd}  i32.const 1  call $globals
          local.get $span  i32.load offset=${SPAN.jobs}  local.get $span  i32.load offset=${SPAN.jobsEnd}  call $palettes`)}
      end`,
  };
}

/**
 * update(): every global and palette from the working pose. With a global inverse, palettes are
 * done by palettes() over every job; without, in globals() and then over the other jobs.
 */
function updateFunction(): TextFunction {
  return {
    name: '$update',
    exported: true,
    params: [],
    results: [],
    locals: [],
    body: `
      i32.const 0  i32.load offset=${HEADER.allNodes}  i32.const 0  i32.load offset=${HEADER.allNodesEnd}
      i32.const 0  i32.load offset=${HEADER.useGlobalInverse}  i32.eqz
      call $globals
      i32.const 0  i32.load offset=${HEADER.useGlobalInverse}
      if
        i32.const 0  i32.load offset=${HEADER.allJobs}  i32.const 0  i32.load offset=${HEADER.allJobsEnd}  call $palettes
      else
        i32.const 0  i32.load offset=${HEADER.otherJobs}  i32.const 0  i32.load offset=${HEADER.otherJobsEnd}  call $palettes
      end`,
  };
}

/** The module's bytes, with relaxed SIMD's fused multiply-add or without (see wasm-text.ts). */
function moduleBytes(fusedMultiplyAdd: boolean): Uint8Array<ArrayBuffer> {
  return assembleModule({ imports: [], functions: [locateFunction(), sampleFunction(), globalsFunction(), palettesFunction(), updateFunction(), evaluateFunction()], fusedMultiplyAdd });
}

/** The compiled modules, made at first use; null where the engine lacks what the module uses. */
const compiled = new Map<boolean, WebAssembly.Module | null>();

function poseModule(fusedMultiplyAdd: boolean): WebAssembly.Module | null {
  if (!compiled.has(fusedMultiplyAdd)) compiled.set(fusedMultiplyAdd, compileOrNull(moduleBytes(fusedMultiplyAdd)));
  return compiled.get(fusedMultiplyAdd) ?? null;
}

/** Size in bytes of the module (for documentation and tests). */
export function simdPoseModuleSize(fusedMultiplyAdd = true): number {
  return moduleBytes(fusedMultiplyAdd).length;
}

// ---------------------------------------------------------------------------------------------
// The player.

const PAGE_BYTES = 65_536;
/**
 * The most WebAssembly memory a player takes, bytes (1 GiB). It holds each distinct key array of
 * the model once, plus a few records per node, joint and track; a model that would need more gets
 * no player: createSimdPlayer returns null, and the JavaScript path (createPlayer, which reads the
 * model's own arrays) plays it.
 */
export const MEMORY_BUDGET_BYTES = 2 ** 30;
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
/** `established` when the kernel's pose and matrices are not one clip's last result. */
const NOTHING_ESTABLISHED = -2;
/**
 * Arrays with one hash that bitsIds compares a new array with before taking it as new: bounds the
 * work that crafted hash collisions can cause (at worst, equal arrays are then stored twice).
 */
const MOST_COMPARED = 4;

/** Rounds a byte count up to a multiple of 16. */
function aligned(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}

/** A track the kernel samples. */
interface PlannedTrack {
  track: Track;
  kind: number;
  /** Floats of one key's value: 3 or 4. */
  width: number;
  /** Value groups per key: 3 for CUBICSPLINE (in-tangent, value, out-tangent), else 1. */
  groups: number;
  keyCount: number;
  /** Index of its key times among the model's (KeyData.times); −1 for a constant track. */
  times: number;
  /** Index of its timeline among its clip's (see planTimelines); −1 for a constant track. */
  timeline: number;
  /** Index of its key values among the model's (KeyData.values). */
  values: number;
  /**
   * Every key holds the same value (STEP or LINEAR), and no other track of the clip drives the
   * same node and path: sampled once, with the rest pose, instead of every frame.
   */
  constant: boolean;
}

/**
 * Key values as the kernel stores them, once for every track (of any clip) whose values array
 * holds the same bits and is read the same way: `width` floats in `groups` groups per key.
 */
interface KeyValues {
  /** The first such track's values. */
  values: Float32Array;
  width: number;
  groups: number;
  /** Keys stored: the most any of its tracks reads (a track with fewer reads the first ones). */
  keyCount: number;
  /** Keys with slerp segment records after them: the most any of its slerped tracks reads (0: none). */
  slerpKeyCount: number;
}

/** The key data of a model's clips, each distinct array once. */
interface KeyData {
  /** Key times: the first keyCount times of a track, one entry per distinct array and keyCount. */
  times: Float32Array[];
  values: KeyValues[];
}

/** The nodes in depth-first order; see depthFirstOrder. */
interface NodeOrder {
  /** Per node, its place in the order. */
  position: Int32Array;
  /** Per place, the node there. */
  nodeAt: Int32Array;
  /** Per node, how many nodes its subtree holds (itself and its descendants). */
  subtreeSize: Int32Array;
}

/** Bytes of a timeline's data for `keyCount` keys: times with the −∞ after them, inverse intervals. */
function timelineDataBytes(keyCount: number): number {
  return aligned(8 * (keyCount + 1)) + aligned(8 * Math.max(1, keyCount - 1));
}

/** How the kernel samples `track`, or null for a track sampleClip skips (unknown path, node out of range, no whole key). */
function planTrack(track: Track, nodeCount: number): PlannedTrack | null {
  const path = track.path;
  if (path !== TrackPath.TRANSLATION && path !== TrackPath.ROTATION && path !== TrackPath.SCALE) return null;
  if (!(track.node >= 0 && track.node < nodeCount)) return null;
  const width = path === TrackPath.ROTATION ? 4 : 3;
  const groups = track.interpolation === Interpolation.CUBICSPLINE ? 3 : 1;
  let keyCount = track.times.length;
  if (track.values.length < keyCount * groups * width) keyCount = Math.floor(track.values.length / (groups * width));
  if (keyCount === 0) return null;
  let kind: number;
  if (track.interpolation === Interpolation.STEP) kind = TrackKind.STEP;
  else if (groups === 3) kind = width === 4 ? TrackKind.CUBIC_ROTATION : TrackKind.CUBIC;
  else kind = width === 4 ? TrackKind.SLERP : TrackKind.LERP; // an unknown interpolation samples as LINEAR
  return { track, kind, width, groups, keyCount, times: -1, timeline: -1, values: -1, constant: false };
}

/**
 * Plans every clip: its tracks (varying ones first, each group in clip order), which are constant,
 * and the key data each reads, with one KeyData entry per distinct array (see bitsIds). Linear in
 * tracks and keys: an array seen before costs a map look-up, a new one a pass over its bits.
 */
function planClips(clips: Clip[], nodeCount: number): { plans: PlannedTrack[][]; keys: KeyData } {
  const idOf = bitsIds();
  const keys: KeyData = { times: [], values: [] };
  const timesIndex = new Map<number, Map<number, number>>(); // times id → keyCount → index in keys.times
  const valuesIndex = new Map<number, number>(); // values id, width and groups (valuesKey) → index in keys.values
  const equalLeadingKeys = new Map<number, number>(); // values id and width (valuesKey, 1 group) → keysEqualToFirst
  const valuesKey = (id: number, width: number, groups: number) => 8 * id + (width === 4 ? 4 : 0) + groups;
  const leadingKeys = (plan: PlannedTrack) => {
    const key = valuesKey(idOf(plan.track.values), plan.width, 1);
    let count = equalLeadingKeys.get(key);
    if (count === undefined) equalLeadingKeys.set(key, (count = keysEqualToFirst(plan.track.values, plan.width)));
    return count;
  };
  const plans = clips.map((clip) => {
    const clipPlans: PlannedTrack[] = [];
    for (const track of clip.tracks) {
      const plan = planTrack(track, nodeCount);
      if (plan !== null) clipPlans.push(plan);
    }
    markConstantTracks(clipPlans, leadingKeys);
    for (const plan of clipPlans) {
      const { track, width, groups, keyCount } = plan;
      const key = valuesKey(idOf(track.values), width, groups);
      let values = valuesIndex.get(key);
      if (values === undefined) {
        values = keys.values.push({ values: track.values, width, groups, keyCount: 0, slerpKeyCount: 0 }) - 1;
        valuesIndex.set(key, values);
      }
      plan.values = values;
      const entry = keys.values[values];
      if (plan.constant) {
        entry.keyCount = Math.max(entry.keyCount, 1); // read at key 0 only
        continue;
      }
      entry.keyCount = Math.max(entry.keyCount, keyCount);
      if (plan.kind === TrackKind.SLERP) entry.slerpKeyCount = Math.max(entry.slerpKeyCount, keyCount);
      const timesId = idOf(track.times);
      let byKeyCount = timesIndex.get(timesId);
      if (byKeyCount === undefined) timesIndex.set(timesId, (byKeyCount = new Map()));
      let times = byKeyCount.get(keyCount);
      if (times === undefined) {
        times = keys.times.push(track.times.subarray(0, keyCount)) - 1;
        byKeyCount.set(keyCount, times);
      }
      plan.times = times;
    }
    return [...clipPlans.filter((plan) => !plan.constant), ...clipPlans.filter((plan) => plan.constant)];
  });
  return { plans, keys };
}

/**
 * Returns idOf(array): one id for all arrays that hold the same bits (so the same kernel data) —
 * at once for an array seen before; else after a pass that hashes its bits and a comparison with
 * the arrays of that hash (at most MOST_COMPARED of them).
 */
function bitsIds(): (array: Float32Array) => number {
  const byArray = new Map<Float32Array, number>();
  const byHash = new Map<number, { bits: Uint32Array; id: number }[]>();
  let count = 0;
  return (array) => {
    const known = byArray.get(array);
    if (known !== undefined) return known;
    const bits = new Uint32Array(array.buffer, array.byteOffset, array.length);
    const hash = hashBits(bits);
    let bucket = byHash.get(hash);
    if (bucket === undefined) byHash.set(hash, (bucket = []));
    let id = bucket.find((entry) => sameBits(entry.bits, bits))?.id;
    if (id === undefined) {
      id = count++;
      if (bucket.length < MOST_COMPARED) bucket.push({ bits, id });
    }
    byArray.set(array, id);
    return id;
  };
}

/** A 32-bit hash of `bits` and their count (MurmurHash2's mixing, a word at a time). */
function hashBits(bits: Uint32Array): number {
  const m = 0x5bd1e995;
  let hash = bits.length ^ 0x9747b28c;
  for (let i = 0; i < bits.length; i++) {
    let k = Math.imul(bits[i], m);
    k ^= k >>> 24;
    hash = Math.imul(hash, m) ^ Math.imul(k, m);
  }
  hash ^= hash >>> 13;
  hash = Math.imul(hash, m);
  return (hash ^ (hash >>> 15)) >>> 0;
}

/** Whether `a` and `b` hold the same words. */
function sameBits(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** How many keys of `values` (`width` floats each), from key 0 on, equal key 0 float by float (===); at least 1. */
function keysEqualToFirst(values: Float32Array, width: number): number {
  const keyCount = Math.floor(values.length / width);
  let k = 1;
  for (; k < keyCount; k++) {
    let c = 0;
    while (c < width && values[width * k + c] === values[c]) c++;
    if (c < width) break;
  }
  return k;
}

/**
 * Marks the constant tracks among a clip's planned tracks (see PlannedTrack.constant);
 * `leadingKeys(plan)`: keysEqualToFirst of the plan's values.
 */
function markConstantTracks(plans: PlannedTrack[], leadingKeys: (plan: PlannedTrack) => number): void {
  const tracksOn = new Map<number, number>(); // node × 3 + path → how many tracks drive it
  for (const { track } of plans) tracksOn.set(3 * track.node + track.path, (tracksOn.get(3 * track.node + track.path) ?? 0) + 1);
  for (const plan of plans) {
    const { track, kind, keyCount } = plan;
    if (kind !== TrackKind.STEP && kind !== TrackKind.LERP && kind !== TrackKind.SLERP) continue;
    plan.constant = tracksOn.get(3 * track.node + track.path) === 1 && keyCount <= leadingKeys(plan);
  }
}

/**
 * Sets each varying plan's `timeline` (tracks with the same key times share one) and returns the
 * clip's timelines as indices into KeyData.times, in order of first use.
 */
function planTimelines(plans: PlannedTrack[]): number[] {
  const timelines: number[] = [];
  const indexOf = new Map<number, number>();
  for (const plan of plans) {
    if (plan.constant) continue;
    let index = indexOf.get(plan.times);
    if (index === undefined) {
      index = timelines.push(plan.times) - 1;
      indexOf.set(plan.times, index);
    }
    plan.timeline = index;
  }
  return timelines;
}

/**
 * The first `nodeCount` nodes in depth-first order, children in index order: parents come first
 * and every subtree is one run. A node whose parent index is not below its own is a root, as
 * everywhere in the player. Linear in nodes.
 */
function depthFirstOrder(parents: Int16Array, nodeCount: number): NodeOrder {
  const parentOf = (node: number) => (parents[node] >= 0 && parents[node] < node ? parents[node] : -1);
  const subtreeSize = new Int32Array(nodeCount).fill(1);
  for (let i = nodeCount - 1; i > 0; i--) if (parentOf(i) >= 0) subtreeSize[parentOf(i)] += subtreeSize[i];
  const position = new Int32Array(nodeCount);
  const nodeAt = new Int32Array(nodeCount);
  const nextChild = new Int32Array(nodeCount); // per node: the place of its next child
  let nextRoot = 0;
  for (let i = 0; i < nodeCount; i++) {
    const parent = parentOf(i);
    if (parent < 0) {
      position[i] = nextRoot;
      nextRoot += subtreeSize[i];
    } else {
      position[i] = nextChild[parent];
      nextChild[parent] += subtreeSize[i];
    }
    nextChild[i] = position[i] + 1;
    nodeAt[position[i]] = i;
  }
  return { position, nodeAt, subtreeSize };
}

/**
 * A clip's spans (see SPAN), four numbers each: the first and past-the-end places (in `order`) of
 * a run of nodes its varying tracks can move — their nodes' subtrees, merged where they nest or
 * touch — and the first and past-the-end indices of the other jobs on them (`jobPlaces`: the
 * sorted places of those jobs' nodes). n log n in the clip's tracks.
 */
function planSpans(plans: PlannedTrack[], order: NodeOrder, jobPlaces: Int32Array): number[] {
  const starts = Int32Array.from(plans.filter((plan) => !plan.constant), (plan) => order.position[plan.track.node]).sort();
  const spans: number[] = [];
  for (let i = 0; i < starts.length; ) {
    const start = starts[i];
    let end = start;
    for (; i < starts.length && starts[i] <= end; i++) end = Math.max(end, starts[i] + order.subtreeSize[order.nodeAt[starts[i]]]);
    spans.push(start, end, lowerBound(jobPlaces, start), lowerBound(jobPlaces, end));
  }
  return spans;
}

/** The first index of sorted `values` whose value is ≥ `value` (values.length if none). */
function lowerBound(values: Int32Array, value: number): number {
  let low = 0, high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Writes the slerp segment record at byte `address` for keys `a` and `b` (offsets of
 * 4 floats in `values`). θ is the angle between the keys as 4-vectors, each divided by its length,
 * and the sign that of their dot product (− takes key b to the shorter arc); K = θ / sin θ (1 at
 * θ = 0). The weights at fraction u are wA = v·K·sinc(vθ) with v = 1 − u, and wB = ±u·K·sinc(uθ).
 *   θ ≤ SHORT_SLERP_MAX_ANGLE: long = 0 and four f64x2 (Cᵢ, ±Cᵢ), Cᵢ = K·cᵢ·θ²ⁱ, so that
 *     (wA, wB) = (v, u) · Σ (Cᵢ, ±Cᵢ) (v², u²)ⁱ;
 *   otherwise: long = 1, (θ, θ) and (K, ±K), for the seven-term series.
 */
function writeSlerpSegment(words: Int32Array, doubles: Float64Array, address: number, values: Float32Array, a: number, b: number): void {
  let dot = 0, lengthA = 0, lengthB = 0;
  for (let c = 0; c < 4; c++) {
    dot += values[a + c] * values[b + c];
    lengthA += values[a + c] * values[a + c];
    lengthB += values[b + c] * values[b + c];
  }
  const sign = dot < 0 ? -1 : 1;
  const lengthProduct = Math.sqrt(lengthA * lengthB);
  const cosine = Math.min(1, lengthProduct > 0 ? Math.abs(dot) / lengthProduct : Math.abs(dot));
  const angle = Math.acos(cosine);
  const angleOverSine = angle > 0 ? angle / Math.sin(angle) : 1;
  const long = angle > SHORT_SLERP_MAX_ANGLE;
  words[(address + SLERP_SEGMENT.long) / 4] = long ? 1 : 0;
  const d = (address + SLERP_SEGMENT.coefficients) / 8;
  if (long) {
    doubles[d] = doubles[d + 1] = angle;
    doubles[d + 2] = angleOverSine;
    doubles[d + 3] = sign * angleOverSine;
    return;
  }
  for (let i = 0; i < 4; i++) {
    const coefficient = angleOverSine * SINC_COEFFICIENTS[i] * angle ** (2 * i);
    doubles[d + 2 * i] = coefficient;
    doubles[d + 2 * i + 1] = sign * coefficient;
  }
}

/** A palette entry: joint `joint` of skin `skin`, whose node is `node` (−1 when it names none). */
interface PaletteJob {
  skin: number;
  joint: number;
  node: number;
}

/** The kernel's exports. */
interface Kernel {
  evaluate(clipRecord: number, full: number): void;
  update(): void;
}

/**
 * A player that evaluates `model` with the WebAssembly SIMD kernel, or null — callers then use
 * createPlayer — where WebAssembly SIMD is unavailable, where the model would need more than
 * MEMORY_BUDGET_BYTES (1 GiB) of kernel memory, or where the memory cannot be had. Copies what it
 * needs from the model once (rest pose, parents, inverse bind matrices, the keys of every clip,
 * each distinct key array once however many tracks and clips share it); the model is not read
 * per frame. Creation time and memory are linear in the model's nodes, joints, tracks and distinct
 * keys (n log n in a clip's tracks). Shows the rest pose until the first evaluate().
 *
 * Results match createPlayer's to float32 rounding, with the same rules for time (looping,
 * clamping, non-finite times), key lookup, nodes without a track and invalid data.
 *
 * While one clip plays, only the nodes its tracks can move (those with a track, and their
 * descendants) and the joints among them are recomputed; any other evaluate() — another clip, the
 * rest pose, after updateMatrices(), with a global inverse set — recomputes everything.
 */
export function createSimdPlayer(model: Model, options: SimdPlayerOptions = {}): SimdPlayer | null {
  let fusedMultiplyAdd = options.fusedMultiplyAdd !== false;
  let module = fusedMultiplyAdd ? poseModule(true) : null;
  if (module === null) {
    fusedMultiplyAdd = false;
    module = poseModule(false);
  }
  if (module === null) return null;
  const hierarchy = model.hierarchy;
  const rest = hierarchy.rest;
  const parents = hierarchy.parents;
  const nodeCount = Math.max(0, nodesIn(rest, Math.min(hierarchy.count, parents.length)));
  const skins = model.skins;
  const clipCount = model.clips.length;

  // Palette jobs: every joint with an inverse bind matrix, skin after skin; a joint naming no node
  // is the identity. A node's record carries the first job naming it (jobOfNode); the rest are
  // the other jobs.
  const jobs: PaletteJob[] = [];
  const jobOfNode: (PaletteJob | null)[] = new Array(nodeCount).fill(null);
  skins.forEach((skin, s) => {
    const count = Math.min(skin.joints.length, Math.floor(skin.inverseBindMatrices.length / 16));
    for (let j = 0; j < count; j++) {
      const node = skin.joints[j];
      const job = { skin: s, joint: j, node: node >= 0 && node < nodeCount ? node : -1 };
      jobs.push(job);
      if (job.node >= 0 && jobOfNode[job.node] === null) jobOfNode[job.node] = job;
    }
  });
  // The other jobs: those on nodes, by their node's depth-first place (so a span's are one run),
  // then those naming no node.
  const order = depthFirstOrder(parents, nodeCount);
  const nodeJobs = jobs.filter((job) => job.node >= 0 && jobOfNode[job.node] !== job).sort((a, b) => order.position[a.node] - order.position[b.node]);
  const otherJobs = [...nodeJobs, ...jobs.filter((job) => job.node < 0)];
  const jobPlaces = Int32Array.from(nodeJobs, (job) => order.position[job.node]);

  // Per clip: its tracks, varying ones first, their timelines, and the spans of nodes (and so of
  // jobs) they can move; and the key data all clips read, each distinct array once.
  const { plans, keys } = planClips(model.clips, nodeCount);
  const varyingCounts = plans.map((clipPlans) => clipPlans.filter((plan) => !plan.constant).length);
  const timelines = plans.map(planTimelines);
  const spans = plans.map((clipPlans) => planSpans(clipPlans, order, jobPlaces));

  // Addresses, region after region.
  let address = FIRST_FREE_ADDRESS;
  const take = (bytes: number) => {
    const start = address;
    address += aligned(bytes);
    return start;
  };
  const restAddress = take(POSE_NODE_BYTES * nodeCount);
  const poseAddress = take(POSE_NODE_BYTES * nodeCount);
  const allNodesAddress = take(NODE_BYTES * nodeCount);
  const globalsAddress = take(MATRIX_BYTES * hierarchy.count);
  const inverseBindAddresses = skins.map((skin) => take(MATRIX_BYTES * skin.joints.length));
  const paletteAddresses = skins.map((skin) => take(MATRIX_BYTES * skin.joints.length));
  const allJobsAddress = take(JOB_BYTES * jobs.length);
  const otherJobsAddress = take(JOB_BYTES * otherJobs.length);
  const clipRecordsAddress = take(CLIP_BYTES * (clipCount + 1)); // the last one: the rest pose, no tracks
  const keyZeroTimelineAddress = take(TIMELINE_BYTES); // constant tracks' timeline: always "copy key 0"
  const timelinesAddresses = timelines.map((clipTimelines) => take(TIMELINE_BYTES * clipTimelines.length));
  const tracksAddresses = plans.map((clipPlans) => take(TRACK_BYTES * clipPlans.length));
  const spansAddresses = spans.map((clipSpans) => take((SPAN_BYTES * clipSpans.length) / 4));
  const timesAddresses = keys.times.map((times) => take(timelineDataBytes(times.length)));
  const valuesAddresses = keys.values.map((entry) => take(16 * entry.groups * entry.keyCount));
  const segmentsAddresses = keys.values.map((entry) => (entry.slerpKeyCount > 1 ? take(SLERP_SEGMENT_BYTES * (entry.slerpKeyCount - 1)) : 0));
  const byteLength = address;
  if (byteLength > MEMORY_BUDGET_BYTES) return null;

  let memory: WebAssembly.Memory;
  let kernel: Kernel;
  try {
    const pages = Math.max(1, Math.ceil(byteLength / PAGE_BYTES));
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    kernel = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as Kernel;
  } catch {
    return null;
  }
  const buffer = memory.buffer;
  const floats = new Float32Array(buffer);
  const words = new Int32Array(buffer);
  const doubles = new Float64Array(buffer);

  const isAffine = (job: PaletteJob) => {
    const m = skins[job.skin].inverseBindMatrices;
    const o = 16 * job.joint;
    return m[o + 3] === 0 && m[o + 7] === 0 && m[o + 11] === 0 && m[o + 15] === 1 ? 1 : 0;
  };
  const inverseBindOf = (job: PaletteJob) => (job.node >= 0 ? inverseBindAddresses[job.skin] + MATRIX_BYTES * job.joint : IDENTITY_ADDRESS);
  const outputOf = (job: PaletteJob) => paletteAddresses[job.skin] + MATRIX_BYTES * job.joint;
  const writeNode = (record: number, node: number) => {
    const parent = parents[node];
    const job = jobOfNode[node];
    words[(record + NODE.pose) / 4] = poseAddress + POSE_NODE_BYTES * node;
    words[(record + NODE.parentGlobal) / 4] = parent >= 0 && parent < node ? globalsAddress + MATRIX_BYTES * parent : IDENTITY_ADDRESS;
    words[(record + NODE.global) / 4] = globalsAddress + MATRIX_BYTES * node;
    words[(record + NODE.inverseBind) / 4] = job === null ? 0 : inverseBindOf(job);
    words[(record + NODE.output) / 4] = job === null ? 0 : outputOf(job);
    words[(record + NODE.affine) / 4] = job === null ? 0 : isAffine(job);
  };
  const writeJob = (record: number, job: PaletteJob) => {
    words[(record + JOB.global) / 4] = job.node >= 0 ? globalsAddress + MATRIX_BYTES * job.node : IDENTITY_ADDRESS;
    words[(record + JOB.inverseBind) / 4] = inverseBindOf(job);
    words[(record + JOB.output) / 4] = outputOf(job);
    words[(record + JOB.affine) / 4] = isAffine(job);
  };

  // Header, identity, rest pose, every node and job, inverse binds.
  words[HEADER.poseBytes / 4] = POSE_NODE_BYTES * nodeCount;
  words[HEADER.rest / 4] = restAddress;
  words[HEADER.pose / 4] = poseAddress;
  words[HEADER.allNodes / 4] = allNodesAddress;
  words[HEADER.allNodesEnd / 4] = allNodesAddress + NODE_BYTES * nodeCount;
  words[HEADER.allJobs / 4] = allJobsAddress;
  words[HEADER.allJobsEnd / 4] = allJobsAddress + JOB_BYTES * jobs.length;
  words[HEADER.otherJobs / 4] = otherJobsAddress;
  words[HEADER.otherJobsEnd / 4] = otherJobsAddress + JOB_BYTES * otherJobs.length;
  floats.set(IDENTITY, IDENTITY_ADDRESS / 4);
  writePose(floats, restAddress, rest, nodeCount);
  for (let i = 0; i < nodeCount; i++) writeNode(allNodesAddress + NODE_BYTES * order.position[i], i);
  jobs.forEach((job, i) => writeJob(allJobsAddress + JOB_BYTES * i, job));
  otherJobs.forEach((job, i) => writeJob(otherJobsAddress + JOB_BYTES * i, job));
  skins.forEach((skin, s) => {
    const count = Math.min(skin.joints.length, Math.floor(skin.inverseBindMatrices.length / 16));
    floats.set(skin.inverseBindMatrices.subarray(0, 16 * count), inverseBindAddresses[s] / 4);
  });

  words[(keyZeroTimelineAddress + TIMELINE.copyKey) / 4] = 1;
  words[(keyZeroTimelineAddress + TIMELINE.key) / 4] = 0;

  // Key data, each distinct array once.
  keys.times.forEach((times, i) => writeKeyTimes(doubles, timesAddresses[i], times));
  keys.values.forEach((entry, i) => writeKeyValues(words, floats, doubles, valuesAddresses[i], segmentsAddresses[i], entry));

  // Clips: the clip record, its timeline and track records, its spans.
  for (let c = 0; c < clipCount; c++) {
    const record = (clipRecordsAddress + CLIP_BYTES * c) / 4;
    words[record + CLIP.timelines / 4] = timelinesAddresses[c];
    words[record + CLIP.timelinesEnd / 4] = timelinesAddresses[c] + TIMELINE_BYTES * timelines[c].length;
    words[record + CLIP.tracks / 4] = tracksAddresses[c];
    words[record + CLIP.tracksEnd / 4] = tracksAddresses[c] + TRACK_BYTES * varyingCounts[c];
    words[record + CLIP.constantTracks / 4] = tracksAddresses[c] + TRACK_BYTES * varyingCounts[c];
    words[record + CLIP.constantTracksEnd / 4] = tracksAddresses[c] + TRACK_BYTES * plans[c].length;
    words[record + CLIP.spans / 4] = spansAddresses[c];
    words[record + CLIP.spansEnd / 4] = spansAddresses[c] + (SPAN_BYTES * spans[c].length) / 4;
    for (let i = 0; i < spans[c].length; i += 4) {
      const span = (spansAddresses[c] + (SPAN_BYTES * i) / 4) / 4;
      words[span + SPAN.nodes / 4] = allNodesAddress + NODE_BYTES * spans[c][i];
      words[span + SPAN.nodesEnd / 4] = allNodesAddress + NODE_BYTES * spans[c][i + 1];
      words[span + SPAN.jobs / 4] = otherJobsAddress + JOB_BYTES * spans[c][i + 2];
      words[span + SPAN.jobsEnd / 4] = otherJobsAddress + JOB_BYTES * spans[c][i + 3];
    }
    timelines[c].forEach((times, l) => writeTimeline(words, doubles, timelinesAddresses[c] + TIMELINE_BYTES * l, timesAddresses[times], keys.times[times]));
    plans[c].forEach((plan, t) => {
      const timeline = plan.constant ? keyZeroTimelineAddress : timelinesAddresses[c] + TIMELINE_BYTES * plan.timeline;
      const segments = plan.kind === TrackKind.SLERP && !plan.constant ? segmentsAddresses[plan.values] : 0;
      writeTrack(words, tracksAddresses[c] + TRACK_BYTES * t, timeline, valuesAddresses[plan.values], segments, plan, poseAddress);
    });
  }

  const clipRecords = Int32Array.from({ length: clipCount + 1 }, (_, c) => clipRecordsAddress + CLIP_BYTES * c);
  const clock = { time: 0 }; // seconds; see evaluateClip
  // The clip whose last result the kernel's pose and matrices hold (clipCount for the rest pose), or NOTHING_ESTABLISHED.
  let established = NOTHING_ESTABLISHED;
  const player: SimdPlayer = {
    model,
    fusedMultiplyAdd,
    globals: new Float32Array(buffer, globalsAddress, 16 * hierarchy.count),
    palettes: skins.map((skin, s) => new Float32Array(buffer, paletteAddresses[s], 16 * skin.joints.length)),
    globalInverse: null,
    clipIndex: -1,
    time: 0,
    clipTime: 0,
    evaluate(clipIndex: number, timeSeconds: number, playback: Playback): void {
      player.time = timeSeconds;
      const rebase = copyGlobalInverse(words, floats, player.globalInverse);
      const clip = Number.isInteger(clipIndex) && clipIndex >= 0 && clipIndex < clipCount ? clipIndex : clipCount;
      const full = clip !== established || rebase ? 1 : 0;
      const played = clip < clipCount;
      evaluateClip(player, kernel, doubles, clock, clipRecords[clip], played ? model.clips[clip] : null, played ? clip : -1, playback, full);
      established = rebase ? NOTHING_ESTABLISHED : clip;
    },
    updateMatrices(pose: Pose): void {
      writePose(floats, poseAddress, pose, nodeCount);
      copyGlobalInverse(words, floats, player.globalInverse);
      kernel.update();
      established = NOTHING_ESTABLISHED;
    },
    readPose(out: Pose): Pose {
      return readPose(out, floats, poseAddress, nodeCount);
    },
  };
  player.evaluate(-1, 0, Playback.LOOP);
  return player;
}

/** Writes the data of key times `times` at byte `data` (timelineDataBytes): the times as f64 with −∞ after them, then the inverse intervals. */
function writeKeyTimes(doubles: Float64Array, data: number, times: Float32Array): void {
  const keyCount = times.length;
  const inverseIntervalsAddress = data + aligned(8 * (keyCount + 1));
  for (let k = 0; k < keyCount; k++) doubles[data / 8 + k] = times[k];
  doubles[data / 8 + keyCount] = -Infinity;
  for (let k = 0; k + 1 < keyCount; k++) {
    const interval = times[k + 1] - times[k];
    doubles[inverseIntervalsAddress / 8 + k] = interval > 0 ? 1 / interval : 0;
  }
}

/** Writes timeline record `record` for key times `times`, whose data writeKeyTimes wrote at byte `data`. */
function writeTimeline(words: Int32Array, doubles: Float64Array, record: number, data: number, times: Float32Array): void {
  const keyCount = times.length;
  const r = record / 4;
  words[r + TIMELINE.times / 4] = data;
  words[r + TIMELINE.inverseIntervals / 4] = data + aligned(8 * (keyCount + 1));
  words[r + TIMELINE.cursor / 4] = 0;
  words[r + TIMELINE.lastSegment / 4] = Math.max(0, keyCount - 2);
  words[r + TIMELINE.lastKey / 4] = keyCount - 1;
  doubles[(record + TIMELINE.firstTime) / 8] = times[0];
  doubles[(record + TIMELINE.lastTime) / 8] = times[keyCount - 1];
}

/**
 * Writes key values `entry` as 4 floats per value group at byte `values`, and, for slerped tracks,
 * a slerp segment record per key segment at byte `segments`.
 */
function writeKeyValues(words: Int32Array, floats: Float32Array, doubles: Float64Array, values: number, segments: number, entry: KeyValues): void {
  const { width, groups, keyCount, slerpKeyCount } = entry;
  for (let g = 0; g < groups * keyCount; g++) {
    for (let c = 0; c < width; c++) floats[values / 4 + 4 * g + c] = entry.values[width * g + c];
  }
  for (let k = 0; k + 1 < slerpKeyCount; k++) writeSlerpSegment(words, doubles, segments + SLERP_SEGMENT_BYTES * k, entry.values, 4 * k, 4 * k + 4);
}

/**
 * Writes track record `record`: on timeline record `timeline`, its key values at byte `values`
 * and its slerp segment records at byte `segments` (see writeKeyValues).
 */
function writeTrack(words: Int32Array, record: number, timeline: number, values: number, segments: number, plan: PlannedTrack, poseAddress: number): void {
  const { track, kind, groups } = plan;
  const slot = track.path === TrackPath.TRANSLATION ? 0 : track.path === TrackPath.ROTATION ? 16 : 32;
  const r = record / 4;
  words[r + TRACK.kind / 4] = kind;
  words[r + TRACK.timeline / 4] = timeline;
  words[r + TRACK.firstValue / 4] = values + (groups === 3 ? 16 : 0);
  words[r + TRACK.keyBytes / 4] = 16 * groups;
  words[r + TRACK.target / 4] = poseAddress + POSE_NODE_BYTES * track.node + slot;
  words[r + TRACK.segments / 4] = segments;
}

/**
 * Wraps player.time into the clip time (through `clock`, see wrapTimeInPlace), records it, and
 * runs the kernel on clip record `clipRecord` (`clip` null for the rest pose).
 */
function evaluateClip(
  player: SimdPlayer,
  kernel: Kernel,
  doubles: Float64Array,
  clock: { time: number },
  clipRecord: number,
  clip: Clip | null,
  clipIndex: number,
  playback: Playback,
  full: number,
): void {
  clock.time = player.time;
  if (clip === null) clock.time = 0;
  else wrapTimeInPlace(clock, clip, playback);
  player.clipIndex = clipIndex;
  player.clipTime = clock.time;
  doubles[HEADER.clipTime / 8] = clock.time;
  kernel.evaluate(clipRecord, full);
}

// #region wrap-time-in-place
/**
 * Replaces holder.time (seconds, any value) by the time in `clip` it maps to, exactly as
 * wrapClipTime(holder.time, clip.duration, playback) (src/core/clip.ts) computes it. The time goes
 * in and out through the field: V8 boxes a fractional number (a 16-byte heap object) that crosses
 * a call it did not inline, as an argument or a return value, while storing one into an object's
 * number field overwrites the field in place. That keeps evaluate() at 0 bytes per frame.
 */
export function wrapTimeInPlace(holder: { time: number }, clip: Clip, playback: Playback): void {
  const timeSeconds = holder.time;
  const duration = clip.duration;
  let time = 0;
  if (Number.isFinite(timeSeconds) && duration > 0 && duration !== Infinity) {
    if (playback === Playback.LOOP) {
      time = timeSeconds % duration;
      if (time < 0) time += duration;
      if (!(time < duration)) time = 0;
    } else {
      // Math.min/max keep every branch a plain double (a mix of returned inputs and computed
      // values makes the optimiser box the result).
      time = Math.min(Math.max(timeSeconds, 0), duration);
    }
  }
  holder.time = time + 0; // + 0 turns −0 into 0
}
// #endregion wrap-time-in-place

/** Copies `globalInverse` into the kernel's memory and returns true, or returns false for null or fewer than 16 floats. */
function copyGlobalInverse(words: Int32Array, floats: Float32Array, globalInverse: Float32Array | null): boolean {
  const use = globalInverse !== null && globalInverse.length >= 16;
  words[HEADER.useGlobalInverse / 4] = use ? 1 : 0;
  if (use) for (let i = 0; i < 16; i++) floats[GLOBAL_INVERSE_ADDRESS / 4 + i] = globalInverse[i];
  return use;
}

/** How many of the first `nodeCount` nodes `pose` holds whole. */
function nodesIn(pose: Pose, nodeCount: number): number {
  return Math.min(nodeCount, Math.floor(pose.translations.length / 3), Math.floor(pose.rotations.length / 4), Math.floor(pose.scales.length / 3));
}

/** Writes `pose` (SoA) as pose nodes at byte `address`, for the nodes both hold. */
function writePose(floats: Float32Array, address: number, pose: Pose, nodeCount: number): void {
  const count = nodesIn(pose, nodeCount);
  for (let i = 0; i < count; i++) {
    const n = address / 4 + 12 * i;
    for (let c = 0; c < 3; c++) {
      floats[n + c] = pose.translations[3 * i + c];
      floats[n + 8 + c] = pose.scales[3 * i + c];
    }
    floats[n + 3] = floats[n + 11] = 0;
    for (let c = 0; c < 4; c++) floats[n + 4 + c] = pose.rotations[4 * i + c];
  }
}

/** Reads the pose nodes at byte `address` into `out` (SoA), for the nodes both hold; returns out. */
function readPose(out: Pose, floats: Float32Array, address: number, nodeCount: number): Pose {
  const count = nodesIn(out, nodeCount);
  for (let i = 0; i < count; i++) {
    const n = address / 4 + 12 * i;
    for (let c = 0; c < 3; c++) {
      out.translations[3 * i + c] = floats[n + c];
      out.scales[3 * i + c] = floats[n + 8 + c];
    }
    for (let c = 0; c < 4; c++) out.rotations[4 * i + c] = floats[n + 4 + c];
  }
  return out;
}
