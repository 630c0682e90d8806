// glTF animations → Clip: one Track per channel that drives a node's translation, rotation or
// scale. Key times are validated (finite, ≥ 0, strictly increasing), outputs counted against
// them, rotation keys far from unit length normalised. Clip i is `animations[i]`.

import { Interpolation, TrackPath, type Clip, type Track } from '../model.ts';
import { ComponentType, expectCount, expectFormat, type AccessorInfo } from './accessors.ts';
import { accessorAt, floatsOf, type GltfDocument } from './document.ts';
import { GltfError } from './errors.ts';
import {
  describeValue,
  expectObject,
  field,
  formatFloat32,
  optionalArray,
  optionalIndex,
  optionalString,
  requiredIndex,
  requiredString,
  type IndexSpace,
  type JsonObject,
} from './json.ts';
import { UNIT_QUATERNION_TOLERANCE, type NodeTable } from './nodes.ts';

const INTERPOLATIONS: Record<string, Interpolation> = {
  STEP: Interpolation.STEP,
  LINEAR: Interpolation.LINEAR,
  CUBICSPLINE: Interpolation.CUBICSPLINE,
};

const PATHS: Record<string, TrackPath> = {
  translation: TrackPath.TRANSLATION,
  rotation: TrackPath.ROTATION,
  scale: TrackPath.SCALE,
};

/** Translation and scale: float, or integers (KHR_mesh_quantization), normalised or not. */
const VECTOR_FORMATS = [
  { componentType: ComponentType.FLOAT, normalized: false },
  ...[ComponentType.BYTE, ComponentType.UNSIGNED_BYTE, ComponentType.SHORT, ComponentType.UNSIGNED_SHORT].flatMap(
    (componentType) => [
      { componentType, normalized: false },
      { componentType, normalized: true },
    ],
  ),
];
/** Rotation: float or normalised integers, as the core specification allows. */
const ROTATION_FORMATS = [
  { componentType: ComponentType.FLOAT, normalized: false },
  { componentType: ComponentType.BYTE, normalized: true },
  { componentType: ComponentType.UNSIGNED_BYTE, normalized: true },
  { componentType: ComponentType.SHORT, normalized: true },
  { componentType: ComponentType.UNSIGNED_SHORT, normalized: true },
];

interface SamplerInfo {
  path: string;
  input: AccessorInfo;
  output: AccessorInfo;
  interpolation: Interpolation;
  /** Validated key times, read on first use. */
  times: Float32Array | null;
}

/** Every animation of the file as a Clip, in file order. */
export function readClips(doc: GltfDocument, table: NodeTable): Clip[] {
  return optionalArray(doc.root, 'animations', 'animations').map((value, a) => {
    const path = `animations[${a}]`;
    const animation = expectObject(value, path);
    const samplers = optionalArray(animation, 'samplers', `${path}.samplers`).map((samplerValue, s) =>
      readSamplerInfo(doc, expectObject(samplerValue, `${path}.samplers[${s}]`), `${path}.samplers[${s}]`),
    );
    const samplerSpace: IndexSpace = { singular: 'sampler', plural: 'samplers', count: samplers.length };
    const valuesBySampler = new Map<string, Float32Array>();
    const animatedBy = new Map<number, number>();
    const matrixNodesNoted = new Set<number>();
    let morphChannels = 0;
    const tracks: Track[] = [];

    optionalArray(animation, 'channels', `${path}.channels`).forEach((channelValue, c) => {
      const channelPath = `${path}.channels[${c}]`;
      const channel = expectObject(channelValue, channelPath);
      const samplerIndex = requiredIndex(channel, 'sampler', `${channelPath}.sampler`, samplerSpace);
      const targetPath = `${channelPath}.target`;
      if (field(channel, 'target') === undefined) throw new GltfError(targetPath, 'is required');
      const target = expectObject(field(channel, 'target'), targetPath);
      const targetProperty = requiredString(target, 'path', `${targetPath}.path`);
      const node = optionalIndex(target, 'node', `${targetPath}.node`, table.nodeSpace);
      if (targetProperty === 'weights') {
        morphChannels++;
        return;
      }
      if (!Object.hasOwn(PATHS, targetProperty)) {
        doc.notes.push(`${targetPath}.path: ${describeValue(targetProperty)} is not a node transform; channel skipped`);
        return;
      }
      if (node === -1) {
        doc.notes.push(`${targetPath}: has no node; channel skipped`);
        return;
      }
      const trackPath = PATHS[targetProperty];
      const key = 3 * node + trackPath;
      const earlier = animatedBy.get(key);
      if (earlier !== undefined) {
        throw new GltfError(targetPath, `node ${node} ${targetProperty} is already animated by channels[${earlier}]`);
      }
      animatedBy.set(key, c);
      if (table.hasMatrix[node] === 1 && !matrixNodesNoted.has(node)) {
        matrixNodesNoted.add(node);
        doc.notes.push(
          `${targetPath}.node: node ${node} has a matrix, which glTF does not allow on animated nodes; ` +
            'its decomposition is animated',
        );
      }

      const sampler = samplers[samplerIndex];
      const times = samplerTimes(doc, sampler);
      const valuesKey = `${samplerIndex}/${trackPath}`;
      let values = valuesBySampler.get(valuesKey);
      if (values === undefined) {
        values = samplerValues(doc, sampler, trackPath, times.length);
        valuesBySampler.set(valuesKey, values);
      }
      tracks.push({
        node: table.hierarchyIndexOf[node],
        path: trackPath,
        interpolation: sampler.interpolation,
        times,
        values,
      });
    });
    if (morphChannels > 0) {
      doc.notes.push(
        `${path}: ${morphChannels} channel${morphChannels === 1 ? '' : 's'} animating morph target weights ignored`,
      );
    }
    let duration = 0;
    for (const track of tracks) duration = Math.max(duration, track.times[track.times.length - 1]);
    return { name: optionalString(animation, 'name', `${path}.name`, ''), duration, tracks };
  });
}

function readSamplerInfo(doc: GltfDocument, sampler: JsonObject, path: string): SamplerInfo {
  const input = accessorAt(doc, sampler, 'input', `${path}.input`);
  const output = accessorAt(doc, sampler, 'output', `${path}.output`);
  const name = optionalString(sampler, 'interpolation', `${path}.interpolation`, 'LINEAR');
  if (!Object.hasOwn(INTERPOLATIONS, name)) {
    throw new GltfError(`${path}.interpolation`, `${describeValue(name)} is not LINEAR, STEP or CUBICSPLINE`);
  }
  return { path, input, output, interpolation: INTERPOLATIONS[name], times: null };
}

/** Key times in seconds: finite, first ≥ 0, strictly increasing; ≥ 2 keys for CUBICSPLINE. */
function samplerTimes(doc: GltfDocument, sampler: SamplerInfo): Float32Array {
  if (sampler.times !== null) return sampler.times;
  const path = `${sampler.path}.input`;
  expectFormat(sampler.input, path, ['SCALAR'], [{ componentType: ComponentType.FLOAT, normalized: false }]);
  const times = floatsOf(doc, sampler.input, path);
  if (times[0] < 0) throw new GltfError(path, `key 0 is at ${formatFloat32(times[0])} s; key times must be ≥ 0`);
  for (let k = 1; k < times.length; k++) {
    if (!(times[k] > times[k - 1])) {
      throw new GltfError(
        path,
        `key times not increasing at key ${k} (${formatFloat32(times[k])} ≤ ${formatFloat32(times[k - 1])})`,
      );
    }
  }
  if (sampler.interpolation === Interpolation.CUBICSPLINE && times.length < 2) {
    throw new GltfError(path, 'CUBICSPLINE needs at least 2 keys');
  }
  sampler.times = times;
  return times;
}

/** Output values for a track of `trackPath` with `keyCount` keys; rotations far from unit length normalised. */
function samplerValues(doc: GltfDocument, sampler: SamplerInfo, trackPath: TrackPath, keyCount: number): Float32Array {
  const path = `${sampler.path}.output`;
  const rotation = trackPath === TrackPath.ROTATION;
  expectFormat(sampler.output, path, [rotation ? 'VEC4' : 'VEC3'], rotation ? ROTATION_FORMATS : VECTOR_FORMATS);
  const cubic = sampler.interpolation === Interpolation.CUBICSPLINE;
  expectCount(
    sampler.output,
    path,
    cubic ? 3 * keyCount : keyCount,
    cubic ? ` (in-tangent, value, out-tangent for each of ${keyCount} keys)` : ` (one per key)`,
  );
  const values = floatsOf(doc, sampler.output, path);
  if (!rotation) return values;
  let renormalised = 0;
  for (let k = 0; k < keyCount; k++) {
    const at = 4 * (cubic ? 3 * k + 1 : k);
    const length = Math.hypot(values[at], values[at + 1], values[at + 2], values[at + 3]);
    if (length === 0) throw new GltfError(path, `key ${k} is a zero-length quaternion`);
    // Keys within the tolerance are kept as authored (as three.js and engines use them), so the
    // pose matches other viewers; keys clearly off unit length are normalised and reported.
    if (Math.abs(length - 1) <= UNIT_QUATERNION_TOLERANCE) continue;
    renormalised++;
    for (let i = 0; i < 4; i++) values[at + i] /= length;
  }
  if (renormalised > 0) {
    doc.notes.push(
      `${path}: ${renormalised} rotation key${renormalised === 1 ? ' was' : 's were'} not unit quaternions; normalised`,
    );
  }
  return values;
}
