// Benchmark: the core against three.js, same model, same clip, one process.
//
//   npm run bench            a table
//   npm run bench -- --json  one JSON object
//
// Pose evaluation = sample the clip + local→global + palette (three.js: AnimationMixer.update +
// Object3D.updateMatrixWorld + Skeleton.update), in ns per joint. CPU skinning = positions of
// every vertex through the palette (three.js: SkinnedMesh.applyBoneTransform), in ns per vertex;
// ours twice: scalar JavaScript (skinVertices) and the WebAssembly SIMD kernel (createSimdSkinner,
// palette copy included).
// Allocation: bytes of V8 new space grown per frame over 10,000 frames (tools/allocation.ts).
import { createPlayer, Playback, skinVertices, type Model } from '../src/core/index.ts';
import { loadModelFile } from './inspect.ts';
import { loadThree } from './three-reference.ts';
import { newSpaceGrowth } from './allocation.ts';
import { createSimdSkinner } from '../src/core/skin-simd.ts';
import { readFileSync } from 'node:fs';

const MODEL_FILE = 'public/models/mannequin.glb';
const CLIP_NAME = 'walk';
const FRAME_SECONDS = 1 / 60;
const ALLOCATION_FRAMES = 10_000;

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
  const ourPose = (i: number) => player.evaluate(clipIndex, i * FRAME_SECONDS, Playback.LOOP);
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
  const skinOurs = timePerCall(ourSkin) / vertexCount;
  const skinOursNormals = timePerCall(ourSkinWithNormals) / vertexCount;
  const skinThree = timePerCall(threeSkin) / vertexCount;
  const skinSimd = simdSkinner === null ? null : timePerCall(ourSimdSkin) / vertexCount;

  const oursAllocation = allocationPerFrame((i) => {
    ourPose(i);
    ourSkinWithNormals();
  });
  const simdAllocation = simdSkinner === null ? null : allocationPerFrame(ourSimdSkin);
  const threeAllocation = allocationPerFrame(() => {
    threePose();
    threeSkin();
  });

  return {
    model: MODEL_FILE,
    clip: CLIP_NAME,
    joints: jointCount,
    vertices: vertexCount,
    node: process.version,
    pose: { oursNsPerJoint: poseOurs, threeNsPerJoint: poseThree, speedup: poseThree / poseOurs, target: 15 },
    skinning: {
      oursNsPerVertex: skinOurs,
      oursWithNormalsNsPerVertex: skinOursNormals,
      threeNsPerVertex: skinThree,
      speedup: skinThree / skinOurs,
      target: 10,
    },
    simdSkinning:
      skinSimd === null ? null : { oursNsPerVertex: skinSimd, threeNsPerVertex: skinThree, speedup: skinThree / skinSimd, target: 10 },
    allocation: {
      frames: ALLOCATION_FRAMES,
      oursBytesPerFrame: oursAllocation,
      threeBytesPerFrame: threeAllocation,
      simdSkinningBytesPerFrame: simdAllocation,
    },
  };
}

function table(result: Awaited<ReturnType<typeof runBenchmark>>): string {
  const f = (x: number, digits = 1) => x.toFixed(digits);
  const verdict = (speedup: number, target: number) => (speedup >= target ? `meets ≥ ${target}×` : `BELOW the ${target}× target`);
  return [
    `${result.model}, clip "${result.clip}": ${result.joints} joints, ${result.vertices} vertices — Node ${result.node}`,
    '',
    `pose (sample + local→global + palette): ours ${f(result.pose.oursNsPerJoint)} ns/joint, three.js ${f(result.pose.threeNsPerJoint)} ns/joint → ${f(result.pose.speedup)}× (${verdict(result.pose.speedup, 15)})`,
    `CPU skinning (positions):               ours ${f(result.skinning.oursNsPerVertex, 2)} ns/vertex, three.js ${f(result.skinning.threeNsPerVertex, 2)} ns/vertex → ${f(result.skinning.speedup)}× (${verdict(result.skinning.speedup, 10)})`,
    `CPU skinning (positions + normals):     ours ${f(result.skinning.oursWithNormalsNsPerVertex, 2)} ns/vertex`,
    result.simdSkinning === null
      ? 'CPU skinning (positions, WASM SIMD):    unavailable in this runtime'
      : `CPU skinning (positions, WASM SIMD):    ours ${f(result.simdSkinning.oursNsPerVertex, 2)} ns/vertex, three.js ${f(result.simdSkinning.threeNsPerVertex, 2)} ns/vertex → ${f(result.simdSkinning.speedup)}× (${verdict(result.simdSkinning.speedup, 10)})`,
    `allocation (V8 new space, ${result.allocation.frames} frames): ours ${f(result.allocation.oursBytesPerFrame, 2)} B/frame, three.js ${f(result.allocation.threeBytesPerFrame, 2)} B/frame` +
      (result.allocation.simdSkinningBytesPerFrame === null ? '' : `, SIMD skinning alone ${f(result.allocation.simdSkinningBytesPerFrame, 2)} B/frame`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runBenchmark();
  process.stdout.write(process.argv.includes('--json') ? `${JSON.stringify(result)}\n` : `${table(result)}\n`);
}
