// A small, independent reader and evaluator for the generated files, used by the tests to check
// what a viewer would see. It reads the .glb with @gltf-transform/core (not with our generator's
// data, not with the site's loader) and evaluates poses with gl-matrix in 64-bit floats:
// glTF sampling (STEP, LINEAR with shortest-arc slerp, CUBICSPLINE), world matrices, and
// linear blend skinning with the skinned mesh node's own transform ignored, as glTF requires.

import { NodeIO } from '@gltf-transform/core';
import { mat4, quat, vec3 } from 'gl-matrix';

export interface ReferenceChannel {
  node: number;
  path: 'translation' | 'rotation' | 'scale';
  interpolation: 'STEP' | 'LINEAR' | 'CUBICSPLINE';
  times: Float32Array;
  values: Float32Array;
}

export interface ReferenceModel {
  /** Node names in file order. */
  names: string[];
  /** Parent node index per node, -1 for scene roots. */
  parents: number[];
  translations: number[][];
  rotations: number[][];
  scales: number[][];
  /** Node indices of the skin's joints, in skin order. */
  joints: number[];
  /** Node index of skins[0].skeleton, or -1. */
  skeleton: number;
  inverseBindMatrices: Float32Array;
  /** Node index of the skinned mesh node. */
  meshNode: number;
  positions: Float32Array;
  normals: Float32Array;
  /** JOINTS_0, whatever integer type the file uses. */
  jointIndices: Uint8Array | Uint16Array;
  /** glTF component type of JOINTS_0: 5121 (UNSIGNED_BYTE) or 5123 (UNSIGNED_SHORT). */
  jointComponentType: number;
  weights: Float32Array;
  indices: Uint16Array | Uint32Array;
  clips: Map<string, { duration: number; channels: ReferenceChannel[] }>;
}

/** Reads a .glb with one skin and one skinned mesh primitive. */
export async function readReference(bytes: Uint8Array): Promise<ReferenceModel> {
  const document = await new NodeIO().readBinary(bytes);
  const root = document.getRoot();
  const nodes = root.listNodes();
  const indexOf = new Map(nodes.map((node, index) => [node, index]));
  const parents = nodes.map((node) => {
    const parent = node.getParentNode();
    return parent ? indexOf.get(parent)! : -1;
  });
  const skins = root.listSkins();
  if (skins.length !== 1) throw new Error(`expected one skin, found ${skins.length}`);
  const skin = skins[0];
  const meshNodes = nodes.filter((node) => node.getMesh());
  if (meshNodes.length !== 1) throw new Error(`expected one mesh node, found ${meshNodes.length}`);
  const primitives = meshNodes[0].getMesh()!.listPrimitives();
  if (primitives.length !== 1) throw new Error(`expected one primitive, found ${primitives.length}`);
  const primitive = primitives[0];
  const attribute = (name: string) => {
    const accessor = primitive.getAttribute(name);
    if (!accessor) throw new Error(`primitive has no ${name}`);
    return accessor;
  };
  const clips = new Map<string, { duration: number; channels: ReferenceChannel[] }>();
  for (const animation of root.listAnimations()) {
    const channels: ReferenceChannel[] = animation.listChannels().map((channel) => {
      const sampler = channel.getSampler()!;
      return {
        node: indexOf.get(channel.getTargetNode()!)!,
        path: channel.getTargetPath() as ReferenceChannel['path'],
        interpolation: sampler.getInterpolation(),
        times: sampler.getInput()!.getArray() as Float32Array,
        values: sampler.getOutput()!.getArray() as Float32Array,
      };
    });
    const duration = Math.max(...channels.map((channel) => channel.times[channel.times.length - 1]));
    clips.set(animation.getName(), { duration, channels });
  }
  const jointsAccessor = attribute('JOINTS_0');
  return {
    names: nodes.map((node) => node.getName()),
    parents,
    translations: nodes.map((node) => [...node.getTranslation()]),
    rotations: nodes.map((node) => [...node.getRotation()]),
    scales: nodes.map((node) => [...node.getScale()]),
    joints: skin.listJoints().map((joint) => indexOf.get(joint)!),
    skeleton: skin.getSkeleton() ? indexOf.get(skin.getSkeleton()!)! : -1,
    inverseBindMatrices: skin.getInverseBindMatrices()!.getArray() as Float32Array,
    meshNode: indexOf.get(meshNodes[0])!,
    positions: attribute('POSITION').getArray() as Float32Array,
    normals: attribute('NORMAL').getArray() as Float32Array,
    jointIndices: jointsAccessor.getArray() as Uint8Array | Uint16Array,
    jointComponentType: jointsAccessor.getComponentType(),
    weights: attribute('WEIGHTS_0').getArray() as Float32Array,
    indices: primitive.getIndices()!.getArray() as Uint16Array | Uint32Array,
    clips,
  };
}

/** Local transforms of every node: the rest values, overwritten by the clip's channels at `time`. */
export interface ReferencePose {
  translations: number[][];
  rotations: number[][];
  scales: number[][];
}

/** Samples one channel at `time` (clamped to its key range), per the glTF specification. */
export function sampleChannel(channel: ReferenceChannel, time: number): number[] {
  const { times, values, interpolation } = channel;
  const width = channel.path === 'rotation' ? 4 : 3;
  const stride = interpolation === 'CUBICSPLINE' ? 3 * width : width;
  const valueOffset = interpolation === 'CUBICSPLINE' ? width : 0;
  const valueAt = (k: number): number[] =>
    Array.from(values.subarray(k * stride + valueOffset, k * stride + valueOffset + width));
  const last = times.length - 1;
  if (time <= times[0]) return valueAt(0);
  if (time >= times[last]) return valueAt(last);
  let k = 0;
  while (k + 1 < last && time >= times[k + 1]) k++;
  const t0 = times[k],
    t1 = times[k + 1],
    delta = t1 - t0;
  const x = (time - t0) / delta;
  if (interpolation === 'STEP') return valueAt(k);
  if (interpolation === 'LINEAR') {
    const a = valueAt(k),
      b = valueAt(k + 1);
    if (channel.path === 'rotation') {
      const out = quat.create();
      quat.slerp(out, a as unknown as quat, b as unknown as quat, x);
      return Array.from(out);
    }
    return a.map((v, c) => v + (b[c] - v) * x);
  }
  // CUBICSPLINE: p(x) = (2x³−3x²+1)v₀ + (x³−2x²+x)·Δ·b₀ + (−2x³+3x²)v₁ + (x³−x²)·Δ·a₁
  const v0 = valueAt(k),
    v1 = valueAt(k + 1);
  const out0 = Array.from(values.subarray(k * stride + 2 * width, k * stride + 3 * width));
  const in1 = Array.from(values.subarray((k + 1) * stride, (k + 1) * stride + width));
  const x2 = x * x,
    x3 = x2 * x;
  const result = v0.map(
    (_, c) =>
      (2 * x3 - 3 * x2 + 1) * v0[c] +
      (x3 - 2 * x2 + x) * delta * out0[c] +
      (-2 * x3 + 3 * x2) * v1[c] +
      (x3 - x2) * delta * in1[c],
  );
  if (channel.path === 'rotation') {
    const length = Math.hypot(...result);
    return result.map((v) => v / length);
  }
  return result;
}

/** The pose of `clip` at `time` seconds (clamped), or the rest pose when `clip` is null. */
export function referencePose(model: ReferenceModel, clip: string | null, time: number): ReferencePose {
  const pose: ReferencePose = {
    translations: model.translations.map((v) => [...v]),
    rotations: model.rotations.map((v) => [...v]),
    scales: model.scales.map((v) => [...v]),
  };
  if (clip === null) return pose;
  const entry = model.clips.get(clip);
  if (!entry) throw new Error(`no clip ${clip}`);
  for (const channel of entry.channels) {
    const value = sampleChannel(channel, time);
    if (channel.path === 'translation') pose.translations[channel.node] = value;
    else if (channel.path === 'rotation') pose.rotations[channel.node] = value;
    else pose.scales[channel.node] = value;
  }
  return pose;
}

/** World matrices of every node for a pose (column-major, 64-bit). */
export function referenceWorlds(model: ReferenceModel, pose: ReferencePose): Float64Array[] {
  const worlds: Float64Array[] = [];
  // Parents may come after children in file order: resolve recursively with memoisation.
  const resolve = (node: number): Float64Array => {
    if (worlds[node]) return worlds[node];
    const local = new Float64Array(16) as unknown as mat4;
    mat4.fromRotationTranslationScale(
      local,
      pose.rotations[node] as unknown as quat,
      pose.translations[node] as unknown as vec3,
      pose.scales[node] as unknown as vec3,
    );
    const parent = model.parents[node];
    if (parent >= 0) mat4.multiply(local, resolve(parent) as unknown as mat4, local);
    worlds[node] = local as unknown as Float64Array;
    return worlds[node];
  };
  for (let node = 0; node < model.names.length; node++) resolve(node);
  return worlds;
}

/** Skinning matrices: world[joint] × inverseBind[joint], optionally pre-multiplied by `globalInverse`. */
export function referencePalette(
  model: ReferenceModel,
  worlds: Float64Array[],
  globalInverse: Float64Array | null = null,
): Float64Array[] {
  return model.joints.map((joint, j) => {
    const out = new Float64Array(16) as unknown as mat4;
    const inverseBind = Float64Array.from(model.inverseBindMatrices.subarray(16 * j, 16 * j + 16)) as unknown as mat4;
    mat4.multiply(out, worlds[joint] as unknown as mat4, inverseBind);
    if (globalInverse) mat4.multiply(out, globalInverse as unknown as mat4, out);
    return out as unknown as Float64Array;
  });
}

/** Linear blend skinning of every vertex position: Σ wᵢ · paletteᵢ · v. */
export function referenceSkin(model: ReferenceModel, palette: Float64Array[]): Float64Array {
  const count = model.positions.length / 3;
  const out = new Float64Array(3 * count);
  for (let v = 0; v < count; v++) {
    const x = model.positions[3 * v],
      y = model.positions[3 * v + 1],
      z = model.positions[3 * v + 2];
    for (let k = 0; k < 4; k++) {
      const weight = model.weights[4 * v + k];
      if (weight === 0) continue;
      const m = palette[model.jointIndices[4 * v + k]];
      out[3 * v] += weight * (m[0] * x + m[4] * y + m[8] * z + m[12]);
      out[3 * v + 1] += weight * (m[1] * x + m[5] * y + m[9] * z + m[13]);
      out[3 * v + 2] += weight * (m[2] * x + m[6] * y + m[10] * z + m[14]);
    }
  }
  return out;
}

/** Skinned positions of `clip` at `time` (or the rest pose for null), in scene root space. */
export function referenceSkinnedPositions(model: ReferenceModel, clip: string | null, time: number): Float64Array {
  const worlds = referenceWorlds(model, referencePose(model, clip, time));
  return referenceSkin(model, referencePalette(model, worlds));
}

/** Axis-aligned bounds of 3-component points: [minX, minY, minZ, maxX, maxY, maxZ]. */
export function bounds(points: ArrayLike<number>, filter?: (vertex: number) => boolean): number[] {
  const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let v = 0; v < points.length / 3; v++) {
    if (filter && !filter(v)) continue;
    for (let c = 0; c < 3; c++) {
      b[c] = Math.min(b[c], points[3 * v + c]);
      b[c + 3] = Math.max(b[c + 3], points[3 * v + c]);
    }
  }
  return b;
}

/** Skin-joint index of the joint node called `name`. */
export function skinIndexOf(model: ReferenceModel, name: string): number {
  const index = model.joints.findIndex((joint) => model.names[joint] === name);
  if (index < 0) throw new Error(`no joint called ${name}`);
  return index;
}

/** Weight of skin joint `skinIndex` on vertex `vertex`. */
export function weightOf(model: ReferenceModel, vertex: number, skinIndex: number): number {
  let weight = 0;
  for (let k = 0; k < 4; k++)
    if (model.jointIndices[4 * vertex + k] === skinIndex) weight += model.weights[4 * vertex + k];
  return weight;
}
