// Benchmark: the core against three.js, same model, same clip, one process.
//
//   npm run bench            a table
//   npm run bench -- --json  one JSON object
//
// Pose evaluation = sample the clip + local→global + palette (three.js: AnimationMixer.update +
// Object3D.updateMatrixWorld + Skeleton.update), in ns per joint. CPU skinning = positions of
// every vertex through the palette (three.js: SkinnedMesh.applyBoneTransform), in ns per vertex.
// Ours twice each: the fast path (src/core/fast/: createSimdPlayer; createSimdSkinner, palette copy
// included), on which the targets are judged — pose ≥ 15× three.js, CPU skinning ≥ 40×, 0 B/frame —
// and, for information, the teaching path the chapters print and the figures run (animateFrame,
// skinVertices).
// Allocation: bytes of V8 new space grown per frame over 10,000 frames (tools/allocation.ts).
import { animateFrame, createPlayer, Playback, skinVertices, type Model } from '../src/core/index.ts';
import { loadModelFile } from './inspect.ts';
import { loadThree } from './three-reference.ts';
import { boxedNumbers, newSpaceGrowth } from './allocation.ts';
import { createSimdSkinner } from '../src/core/fast/skin-simd.ts';
import { createSimdPlayer } from '../src/core/fast/pose-simd.ts';
import { readFileSync } from 'node:fs';

const MODEL_FILE = 'public/models/mannequin.glb';
const CLIP_NAME = 'walk';
const FRAME_SECONDS = 1 / 60;
const ALLOCATION_FRAMES = 10_000;
/** Frames whose times the benchmark passes, pre-boxed (i modulo this): 16.7 s of clip time. */
const TIMED_FRAMES = 1000;
const POSE_TARGET = 15;
const SKINNING_TARGET = 40;
/** Bytes the fast path may allocate per frame. */
const ALLOCATION_TARGET = 0;

/** Runs `frame` in batches until ~`budgetMs` has passed; returns the fastest batch's ns per call. */
function timePerCall(frame: (i: number) => void, budgetMs = 600): number {
  const batch = 200;
  let best = Infinity;
  let i = 0;
  const end = performance.now() + budgetMs;
  while (performance.now() < end) {
    const start = process.hrtime.bigint();
    for (let k = 0; k < batch; k++) frame(i++);
    const elapsed = Number(process.hrtime.bigint() - start) / batch;
    if (elapsed < best) best = elapsed;
  }
  return best;
}

/** Bytes allocated per frame over ALLOCATION_FRAMES frames (see tools/allocation.ts). */
function allocationPerFrame(frame: (i: number) => void): number {
  return Math.max(0, newSpaceGrowth(frame, ALLOCATION_FRAMES)) / ALLOCATION_FRAMES;
}

function clipIndexOf(model: Model, name: string): number {
  const index = model.clips.findIndex((clip) => clip.name === name);
  if (index < 0) throw new Error(`${MODEL_FILE} has no clip "${name}"`);
  return index;
}

export async function runBenchmark() {
  const model = loadModelFile(MODEL_FILE);
  const clipIndex = clipIndexOf(model, CLIP_NAME);
  const mesh = model.meshes[0];
  const primitive = mesh.primitives[0];
  const jointCount = model.skins[mesh.skin].joints.length;
  const vertexCount = primitive.vertexCount;

  // Ours.
  const player = createPlayer(model);
  const palette = player.palettes[mesh.skin];
  const skinned = new Float32Array(3 * vertexCount);
  const skinnedNormals = new Float32Array(3 * vertexCount);
  const clip = model.clips[clipIndex];
  // Times as the allocation measure asks (tools/allocation.ts): boxed already, so that a frame's
  // bytes are the core's, not the box V8 makes at the call for a number computed here. three.js's
  // mixer is given one constant step, which needs none.
  const times = boxedNumbers(Array.from({ length: TIMED_FRAMES }, (_, i) => i * FRAME_SECONDS));
  const ourPose = (i: number) => animateFrame(player, clip, times[i % TIMED_FRAMES], Playback.LOOP);
  const simdPlayer = createSimdPlayer(model);
  const ourSimdPose = (i: number) => simdPlayer!.evaluate(clipIndex, times[i % TIMED_FRAMES], Playback.LOOP);
  const ourSkin = () => skinVertices(skinned, null, primitive, palette);
  const ourSkinWithNormals = () => skinVertices(skinned, skinnedNormals, primitive, palette);
  const simdSkinner = createSimdSkinner(primitive, jointCount);
  const ourSimdSkin = () => {
    simdSkinner!.skin(palette);
  };

  // three.js.
  const bytes = readFileSync(MODEL_FILE);
  const three = await loadThree(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const threeClip = three.gltf.animations[clipIndex];
  const threePrimitive = three.primitives[0];
  three.mixer.clipAction(threeClip).play();
  const threePose = () => {
    three.mixer.update(FRAME_SECONDS);
    three.gltf.scene.updateMatrixWorld();
    threePrimitive.mesh.skeleton.update();
  };
  const threeSkinned = new Float32Array(3 * vertexCount);
  const threeSkin = () => three.skinnedPositions(threePrimitive, threeSkinned);

  const poseOurs = timePerCall(ourPose) / jointCount;
  const poseThree = timePerCall(threePose) / jointCount;
  const poseSimd = simdPlayer === null ? null : timePerCall(ourSimdPose) / jointCount;
  const skinOurs = timePerCall(ourSkin) / vertexCount;
  const skinOursNormals = timePerCall(ourSkinWithNormals) / vertexCount;
  const skinThree = timePerCall(threeSkin) / vertexCount;
  const skinSimd = simdSkinner === null ? null : timePerCall(ourSimdSkin) / vertexCount;

  // A whole frame each way: pose then skin.
  const javascriptAllocation = allocationPerFrame((i) => {
    ourPose(i);
    ourSkinWithNormals();
  });
  const simdAllocation =
    simdPlayer === null || simdSkinner === null
      ? null
      : allocationPerFrame((i) => {
          ourSimdPose(i);
          simdSkinner.skin(simdPlayer.palettes[mesh.skin]);
        });
  const threeAllocation = allocationPerFrame(() => {
    threePose();
    threeSkin();
  });

  const ratio = (ours: number | null, theirs: number) => (ours === null ? null : theirs / ours);
  return {
    model: MODEL_FILE,
    clip: CLIP_NAME,
    joints: jointCount,
    vertices: vertexCount,
    node: process.version,
    /** ns per joint; `simd` is null where WebAssembly SIMD is unavailable. Judged on the fast path. */
    pose: {
      threeNsPerJoint: poseThree,
      simdNsPerJoint: poseSimd,
      simdSpeedup: ratio(poseSimd, poseThree),
      simdFusedMultiplyAdd: simdPlayer?.fusedMultiplyAdd ?? null,
      javascriptNsPerJoint: poseOurs,
      javascriptSpeedup: poseThree / poseOurs,
      target: POSE_TARGET,
      met: poseSimd !== null && poseThree / poseSimd >= POSE_TARGET,
    },
    /** ns per vertex, positions; normals on the JavaScript path only. Judged on the fast path. */
    skinning: {
      threeNsPerVertex: skinThree,
      simdNsPerVertex: skinSimd,
      simdSpeedup: ratio(skinSimd, skinThree),
      javascriptNsPerVertex: skinOurs,
      javascriptSpeedup: skinThree / skinOurs,
      javascriptWithNormalsNsPerVertex: skinOursNormals,
      target: SKINNING_TARGET,
      met: skinSimd !== null && skinThree / skinSimd >= SKINNING_TARGET,
    },
    /** Bytes per frame (pose + skinning) over `frames` frames. Judged on the fast path. */
    allocation: {
      frames: ALLOCATION_FRAMES,
      target: ALLOCATION_TARGET,
      met: simdAllocation !== null && simdAllocation <= ALLOCATION_TARGET,
      simdBytesPerFrame: simdAllocation,
      javascriptBytesPerFrame: javascriptAllocation,
      threeBytesPerFrame: threeAllocation,
    },
  };
}

function table(result: Awaited<ReturnType<typeof runBenchmark>>): string {
  const f = (x: number, digits = 1) => x.toFixed(digits);
  const verdict = (met: boolean, target: string) => (met ? `the fast path meets the ${target} target` : `the fast path MISSES the ${target} target`);
  const row = (label: string, value: number | null, unit: string, speedup: number | null, digits = 1) =>
    value === null ? `  ${label.padEnd(40)} unavailable in this runtime` : `  ${label.padEnd(40)} ${f(value, digits).padStart(7)} ${unit}${speedup === null ? '' : ` → ${f(speedup)}×`}`;
  const { pose, skinning, allocation } = result;
  const bytes = (x: number | null) => (x === null ? 'n/a' : `${f(x, 2)} B/frame`);
  return [
    `${result.model}, clip "${result.clip}": ${result.joints} joints, ${result.vertices} vertices — Node ${result.node}`,
    '',
    `Pose evaluation (sample + local→global + palette), ns/joint — ${verdict(pose.met, `≥ ${pose.target}×`)}`,
    row(`ours, WebAssembly SIMD${pose.simdFusedMultiplyAdd ? ' (fused mul-add)' : ''}`, pose.simdNsPerJoint, 'ns/joint', pose.simdSpeedup),
    row('ours, teaching path (animateFrame)', pose.javascriptNsPerJoint, 'ns/joint', pose.javascriptSpeedup),
    row('three.js', pose.threeNsPerJoint, 'ns/joint', null),
    '',
    `CPU skinning of positions, ns/vertex — ${verdict(skinning.met, `≥ ${skinning.target}×`)}`,
    row('ours, WebAssembly SIMD', skinning.simdNsPerVertex, 'ns/vertex', skinning.simdSpeedup, 2),
    row('ours, teaching path (skinVertices)', skinning.javascriptNsPerVertex, 'ns/vertex', skinning.javascriptSpeedup, 2),
    row('ours, teaching path with normals', skinning.javascriptWithNormalsNsPerVertex, 'ns/vertex', null, 2),
    row('three.js', skinning.threeNsPerVertex, 'ns/vertex', null, 2),
    '',
    `Allocation per frame, pose + skinning (V8 new space over ${allocation.frames} frames) — ${verdict(allocation.met, `${allocation.target} B/frame`)}`,
    `  ours, fast path ${bytes(allocation.simdBytesPerFrame)}; ours, teaching path ${bytes(allocation.javascriptBytesPerFrame)}; three.js ${bytes(allocation.threeBytesPerFrame)}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runBenchmark();
  process.stdout.write(process.argv.includes('--json') ? `${JSON.stringify(result)}\n` : `${table(result)}\n`);
}
