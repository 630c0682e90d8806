// The model lab's diagnosis: what a glTF file does that commonly breaks skinning, each finding
// with one sentence of why it matters and the chapter that explains it. Pure functions, no DOM.
//
// Two kinds of check. Checks of the file as written read the raw JSON and accessors (through the
// reader's own document and budgets, src/core/gltf/document.ts), so they can report what the
// loader repairs (weights renormalised, quaternions normalised) and what it refuses (NaN key times)
// — they run even when parseGltf throws. Checks of the loaded model (inverse bind matrices against
// the rest pose, the skinned mesh's node, the skeleton root) need the Model and are skipped without it.

import { animateFrame, createPlayer, type Player } from './frame.ts';
import { skinVertices } from './skin.ts';
import { parseGltf, type ParseGltfOptions } from './gltf/index.ts';
import { readFloatsAsStored } from './gltf/accessors.ts';
import { accessorAt, chargeDecoded, floatsOf, openDocument, unsignedOf, type GltfDocument } from './gltf/document.ts';
import { GltfError } from './gltf/errors.ts';
import { field, type JsonObject } from './gltf/json.ts';
import { WEIGHT_SUM_TOLERANCE } from './gltf/meshes.ts';
import { UNIT_QUATERNION_TOLERANCE } from './gltf/nodes.ts';
import type { Model } from './model.ts';

/** How a check came out; 'skipped' when what it needs could not be read. */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skipped';

export interface DiagnosisCheck {
  /** Stable identifier, e.g. "weight-sums". */
  id: string;
  /** What is checked, as a short heading. */
  title: string;
  status: CheckStatus;
  /** What was found, one sentence with the counts. */
  finding: string;
  /** Why it matters, one sentence. */
  why: string;
  /** Slug of the chapter that explains it (/chapters/<slug>/). */
  chapter: string;
  /** What the loader did about it, or "" when it did nothing. */
  repair: string;
  /** Where, one line each (JSON paths, names, per-joint numbers); at most MAX_DETAILS. */
  details: string[];
}

/** How big the model is. Vertices count each distinct primitive once. */
export interface ModelCounts {
  nodes: number;
  skins: number;
  /** Distinct nodes used as a joint by any skin. */
  joints: number;
  skinnedMeshes: number;
  rigidParts: number;
  vertices: number;
  clips: number;
  /** Animated node properties (channels of translation, rotation or scale). */
  tracks: number;
  /** Key times over every such track. */
  keys: number;
}

export interface Diagnosis {
  /** The loader's message when it refused the file (a GltfError names the JSON path), else null. */
  error: string | null;
  checks: DiagnosisCheck[];
  /** Null when the file could not be opened at all. */
  counts: ModelCounts | null;
  /** What the loader changed or ignored (Model.notes), empty when it refused the file. */
  notes: string[];
}

/** Lines of detail kept per check; the last says how many more there were. */
export const MAX_DETAILS = 12;

/**
 * Largest displacement, as a fraction of the skinned mesh's size in the rest pose, that a weighted joint's
 * rest-pose skinning matrix (global × inverse bind) may give its vertices against that of the joint
 * carrying the most weight (see checkInverseBind) before the inverse bind matrices are said not to
 * match the rest pose.
 */
export const BIND_POSE_TOLERANCE = 1e-3;

/** The chapters a check can point to, by slug, in chapter order from chapter 0. */
export const DIAGNOSIS_CHAPTERS = {
  whySkeletons: 'why-skeletons',
  hierarchy: 'bones-and-the-hierarchy',
  weights: 'skin-weights',
  bindPose: 'bind-pose',
  offset: 'offset-matrices',
  traversal: 'hierarchy-traversal',
  globalInverse: 'global-inverse-transform',
  interpolation: 'keyframe-interpolation',
  shader: 'the-skinning-shader',
} as const;

/**
 * Loads `data` with parseGltf and diagnoses it: the Model (null when the loader refused the file)
 * and every check. Never throws for a bad file; the loader's budgets bound its time and memory.
 */
export function diagnoseGltf(data: Uint8Array, options: ParseGltfOptions = {}): { model: Model | null; diagnosis: Diagnosis } {
  let model: Model | null = null;
  let error: string | null = null;
  try {
    model = parseGltf(data, options);
  } catch (caught) {
    if (!(caught instanceof GltfError)) throw caught;
    error = caught.message;
  }
  let doc: GltfDocument | null = null;
  try {
    doc = openDocument(data, options.resolveUri);
  } catch (caught) {
    if (!(caught instanceof GltfError)) throw caught;
  }
  return { model, diagnosis: diagnose(doc, model, error) };
}

/** Every check, from the opened document (null when it could not be opened) and the loaded model (null when refused). */
export function diagnose(doc: GltfDocument | null, model: Model | null, error: string | null): Diagnosis {
  const fileChecks: [string, string, string, string, (doc: GltfDocument) => Omit<DiagnosisCheck, 'id' | 'title' | 'why' | 'chapter'>][] = [
    ['weight-sums', 'Weights sum to 1', WHY.weightSums, DIAGNOSIS_CHAPTERS.weights, (d) => checkWeights(d).sums],
    ['influence-count', 'At most 4 influences per vertex', WHY.influences, DIAGNOSIS_CHAPTERS.weights, (d) => checkWeights(d).influences],
    ['unweighted', 'Every vertex has a weight', WHY.unweighted, DIAGNOSIS_CHAPTERS.weights, (d) => checkWeights(d).unweighted],
    ['key-times', 'Key times are numbers, increasing', WHY.keyTimes, DIAGNOSIS_CHAPTERS.interpolation, checkKeyTimes],
    ['rotation-keys', 'Rotation keys are unit quaternions on the short path', WHY.rotations, DIAGNOSIS_CHAPTERS.interpolation, checkRotationKeys],
    ['scale-keys', 'No zero scale keys', WHY.scales, DIAGNOSIS_CHAPTERS.hierarchy, checkScaleKeys],
    ['morph-targets', 'No morph targets', WHY.morphs, DIAGNOSIS_CHAPTERS.whySkeletons, checkMorphTargets],
  ];
  const modelChecks: [string, string, string, string, (model: Model) => Omit<DiagnosisCheck, 'id' | 'title' | 'why' | 'chapter'>][] = [
    ['inverse-bind', 'Inverse bind matrices match the rest pose', WHY.inverseBind, DIAGNOSIS_CHAPTERS.offset, checkInverseBind],
    ['mesh-node-transform', 'No transform on the skinned mesh’s node', WHY.meshNode, DIAGNOSIS_CHAPTERS.globalInverse, checkMeshNodeTransforms],
    ['skeleton-root', 'Joints form one tree under the skeleton root', WHY.skeleton, DIAGNOSIS_CHAPTERS.traversal, checkSkeletonRoots],
  ];
  const weightCache = new WeakMap<GltfDocument, WeightFindings>();
  const checkWeights = (d: GltfDocument): WeightFindings => {
    let found = weightCache.get(d);
    if (found === undefined) {
      found = findWeightProblems(d);
      weightCache.set(d, found);
    }
    return found;
  };

  const checks: DiagnosisCheck[] = [];
  const loaderCheck: DiagnosisCheck = {
    id: 'loader',
    title: 'The loader reads the file',
    status: error === null ? 'pass' : 'fail',
    finding: error === null ? 'The file was read; what the loader changed or ignored is listed below.' : `The loader refused the file: ${error}`,
    why: WHY.loader,
    chapter: DIAGNOSIS_CHAPTERS.hierarchy,
    repair: '',
    details: [],
  };
  checks.push(loaderCheck);
  for (const [id, title, why, chapter, run] of fileChecks) {
    checks.push({ id, title, why, chapter, ...guarded(doc === null ? null : () => run(doc), 'the file could not be opened') });
  }
  for (const [id, title, why, chapter, run] of modelChecks) {
    checks.push({ id, title, why, chapter, ...guarded(model === null ? null : () => run(model), 'the loader refused the file') });
  }
  return { error, checks, counts: countModel(doc, model), notes: model?.notes ?? [] };
}

const WHY = {
  loader: 'A file the loader refuses shows nothing; the message names the JSON path of the first problem.',
  weightSums:
    'Skinning adds the joints’ matrices in proportion to the weights, so weights that sum to less than 1 pull the vertex towards the origin, and more than 1 push it away.',
  influences:
    'The vertex shader reads four joints and four weights per vertex; the rest are dropped, which changes the shape unless the four kept are renormalised.',
  unweighted: 'A vertex with no weight gets a skinning matrix of zero and collapses to the origin, a spike in the mesh.',
  keyTimes: 'Interpolation finds the two keys around the time by searching sorted times; NaN or unsorted times make that search meaningless.',
  rotations:
    'Interpolating two quaternions that lie on opposite sides (dot < 0) turns the long way round unless the player flips one, and keys off unit length scale the mesh when turned into matrices.',
  scales: 'A zero scale collapses the node and everything below it to a point (sometimes on purpose, to hide a part), and its matrix cannot be inverted.',
  morphs: 'Morph targets (blend shapes, often facial expressions) are not skeletal animation; this site’s core ignores them, so those shapes do not move here.',
  inverseBind:
    'With no clip playing the mesh is drawn in the nodes’ rest pose; where each joint’s global × inverse bind differs from the others, the rest pose is not the bind pose and the mesh is distorted in it.',
  meshNode:
    'glTF ignores the transform of a skinned mesh’s node; code that applies it as well (as for an unskinned mesh) moves or scales the skinned mesh twice.',
  skeleton:
    'The spec asks a skin’s joints to hang under one common root, which `skeleton` names when given; a stray root means joints that move independently of the rest of the skeleton.',
} as const;

type CheckResult = Omit<DiagnosisCheck, 'id' | 'title' | 'why' | 'chapter'>;

/** Runs a check; a GltfError while reading becomes a failed check that says what could not be read. */
function guarded(run: (() => CheckResult) | null, missing: string): CheckResult {
  if (run === null) return { status: 'skipped', finding: `Not checked: ${missing}.`, repair: '', details: [] };
  try {
    return run();
  } catch (caught) {
    if (!(caught instanceof GltfError)) throw caught;
    return { status: 'fail', finding: `Could not be checked: ${caught.message}`, repair: '', details: [] };
  }
}

function result(status: CheckStatus, finding: string, repair = '', details: string[] = []): CheckResult {
  return { status, finding, repair, details: capDetails(details) };
}

function capDetails(details: string[]): string[] {
  if (details.length <= MAX_DETAILS) return details;
  return [...details.slice(0, MAX_DETAILS - 1), `… and ${details.length - (MAX_DETAILS - 1)} more`];
}

/** `singular` for a count of 1, else `pluralForm` ("has" / "have"). */
function verb(count: number, singular: string, pluralForm: string): string {
  return count === 1 ? singular : pluralForm;
}

/** "1 vertex", "376 vertices". */
function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

function objectAt(list: readonly unknown[], index: number): JsonObject | null {
  const value = list[index];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

function arrayOf(object: JsonObject, key: string): readonly unknown[] {
  const value = field(object, key);
  return Array.isArray(value) ? value : [];
}

function nameOf(object: JsonObject | null, fallback: string): string {
  const name = object === null ? undefined : field(object, 'name');
  return typeof name === 'string' && name !== '' ? name : fallback;
}

// ── Weights, as written in the file ─────────────────────────────────────────────────────────

interface WeightFindings {
  sums: CheckResult;
  influences: CheckResult;
  unweighted: CheckResult;
}

/**
 * Reads JOINTS_n / WEIGHTS_n of every primitive drawn with a skin (each distinct primitive once,
 * as the loader shares them) and counts, per vertex over all sets: the weights' sum off 1 by more
 * than WEIGHT_SUM_TOLERANCE (vertices with some weight), more than 4 distinct joints with non-zero
 * weight, and no weight at all. Joints repeated within a vertex add up, as the loader merges them.
 */
function findWeightProblems(doc: GltfDocument): WeightFindings {
  const nodes = arrayOf(doc.root, 'nodes');
  const meshes = arrayOf(doc.root, 'meshes');
  const seen = new Set<string>();
  const sumDetails: string[] = [];
  const influenceDetails: string[] = [];
  const unweightedDetails: string[] = [];
  const byMesh = new Map<string, number>();
  let offSum = 0;
  let overflowing = 0;
  let unweighted = 0;
  let primitivesRead = 0;
  nodes.forEach((_, n) => {
    const node = objectAt(nodes, n);
    if (node === null || typeof field(node, 'mesh') !== 'number' || typeof field(node, 'skin') !== 'number') return;
    const meshIndex = field(node, 'mesh') as number;
    const mesh = objectAt(meshes, meshIndex);
    if (mesh === null) return;
    const meshName = nameOf(mesh, nameOf(node, `meshes[${meshIndex}]`));
    arrayOf(mesh, 'primitives').forEach((_, p) => {
      const primitive = objectAt(arrayOf(mesh, 'primitives'), p);
      const attributesValue = primitive === null ? undefined : field(primitive, 'attributes');
      if (typeof attributesValue !== 'object' || attributesValue === null) return;
      const attributes = attributesValue as JsonObject;
      const key = JSON.stringify(attributes);
      if (seen.has(key)) return;
      seen.add(key);
      const path = `meshes[${meshIndex}].primitives[${p}]`;
      const sets: { joints: Uint32Array; weights: Float32Array }[] = [];
      for (let set = 0; field(attributes, `JOINTS_${set}`) !== undefined && field(attributes, `WEIGHTS_${set}`) !== undefined; set++) {
        const jointsPath = `${path}.attributes.JOINTS_${set}`;
        const weightsPath = `${path}.attributes.WEIGHTS_${set}`;
        sets.push({
          joints: unsignedOf(doc, accessorAt(doc, attributes, `JOINTS_${set}`, jointsPath), jointsPath),
          weights: floatsOf(doc, accessorAt(doc, attributes, `WEIGHTS_${set}`, weightsPath), weightsPath),
        });
      }
      if (sets.length === 0) return;
      primitivesRead++;
      const vertexCount = Math.min(...sets.map((s) => Math.floor(s.weights.length / 4)), ...sets.map((s) => Math.floor(s.joints.length / 4)));
      const distinct = new Int32Array(4 * sets.length);
      const summed = new Float64Array(4 * sets.length);
      let primitiveOff = 0;
      let primitiveOver = 0;
      let primitiveNone = 0;
      let worstOff = 0;
      for (let v = 0; v < vertexCount; v++) {
        let used = 0;
        for (const { joints, weights } of sets) {
          for (let k = 0; k < 4; k++) {
            const weight = weights[4 * v + k];
            if (!(weight > 0)) continue;
            const joint = joints[4 * v + k];
            let slot = 0;
            while (slot < used && distinct[slot] !== joint) slot++;
            if (slot === used) {
              distinct[used] = joint;
              summed[used++] = 0;
            }
            summed[slot] += weight;
          }
        }
        if (used === 0) {
          primitiveNone++;
          continue;
        }
        let sum = 0;
        for (let i = 0; i < used; i++) sum += summed[i];
        if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) {
          primitiveOff++;
          worstOff = Math.max(worstOff, Math.abs(sum - 1));
        }
        if (used > 4) primitiveOver++;
      }
      const where = `${meshName} (${path})`;
      if (primitiveOff > 0) {
        sumDetails.push(`${where}: ${plural(primitiveOff, 'vertex', 'vertices')}, sums off 1 by up to ${worstOff.toPrecision(3)}`);
        byMesh.set(meshName, (byMesh.get(meshName) ?? 0) + primitiveOff);
      }
      if (primitiveOver > 0) influenceDetails.push(`${where}: ${plural(primitiveOver, 'vertex', 'vertices')} (${sets.length} joint sets)`);
      if (primitiveNone > 0) unweightedDetails.push(`${where}: ${plural(primitiveNone, 'vertex', 'vertices')}`);
      offSum += primitiveOff;
      overflowing += primitiveOver;
      unweighted += primitiveNone;
    });
  });
  if (primitivesRead === 0) {
    const none = result('pass', 'No skinned primitive to check.');
    return { sums: none, influences: none, unweighted: none };
  }
  const perMesh = [...byMesh].map(([name, count]) => `${name}: ${count}`).join(', ');
  return {
    sums:
      offSum === 0
        ? result('pass', `Every weighted vertex’s weights sum to 1 (±${WEIGHT_SUM_TOLERANCE}).`)
        : result(
            'warn',
            `${plural(offSum, 'vertex', 'vertices')} ${verb(offSum, 'has', 'have')} weights that do not sum to 1 (${perMesh}).`,
            'The loader renormalised them to sum to 1.',
            sumDetails,
          ),
    influences:
      overflowing === 0
        ? result('pass', 'No vertex has more than 4 joints with weight.')
        : result(
            'warn',
            `${plural(overflowing, 'vertex', 'vertices')} ${verb(overflowing, 'has', 'have')} more than 4 joints with weight.`,
            'The loader kept the 4 largest weights of each and renormalised them.',
            influenceDetails,
          ),
    unweighted:
      unweighted === 0
        ? result('pass', 'Every skinned vertex has at least one weight.')
        : result(
            'warn',
            `${plural(unweighted, 'vertex', 'vertices')} ${verb(unweighted, 'has', 'have')} every weight 0.`,
            'The loader bound each to the joint nearest to it in the bind pose, with weight 1.',
            unweightedDetails,
          ),
  };
}

// ── Animation keys, as written in the file ──────────────────────────────────────────────────

interface ChannelSampler {
  path: string;
  property: string;
  interpolation: string;
  input: number;
  output: number;
}

/** Every channel that animates a node's translation, rotation or scale, with its sampler's accessors. */
function nodeChannels(doc: GltfDocument): ChannelSampler[] {
  const found: ChannelSampler[] = [];
  arrayOf(doc.root, 'animations').forEach((_, a) => {
    const animation = objectAt(arrayOf(doc.root, 'animations'), a);
    if (animation === null) return;
    const samplers = arrayOf(animation, 'samplers');
    arrayOf(animation, 'channels').forEach((_, c) => {
      const channel = objectAt(arrayOf(animation, 'channels'), c);
      const targetValue = channel === null ? undefined : field(channel, 'target');
      if (channel === null || typeof targetValue !== 'object' || targetValue === null) return;
      const property = field(targetValue as JsonObject, 'path');
      if (property !== 'translation' && property !== 'rotation' && property !== 'scale') return;
      const samplerIndex = field(channel, 'sampler');
      const sampler = typeof samplerIndex === 'number' ? objectAt(samplers, samplerIndex) : null;
      if (sampler === null) return;
      const input = field(sampler, 'input');
      const output = field(sampler, 'output');
      if (typeof input !== 'number' || typeof output !== 'number') return;
      const interpolation = field(sampler, 'interpolation');
      found.push({
        path: `animations[${a}].samplers[${samplerIndex}]`,
        property,
        interpolation: typeof interpolation === 'string' ? interpolation : 'LINEAR',
        input,
        output,
      });
    });
  });
  return found;
}

/** Accessor `index` as stored (NaN kept), charged to the file's budget; `path` names its user in errors. */
function accessorValues(doc: GltfDocument, index: number, path: string): Float32Array {
  const info = doc.accessors[index];
  if (info === undefined) throw new GltfError(path, `accessor ${index} does not exist`);
  chargeDecoded(doc, info.count * info.components, path);
  return readFloatsAsStored(doc.store, info);
}

function checkKeyTimes(doc: GltfDocument): CheckResult {
  const details: string[] = [];
  const inputs = new Map<number, string>();
  for (const channel of nodeChannels(doc)) if (!inputs.has(channel.input)) inputs.set(channel.input, `${channel.path}.input`);
  let bad = 0;
  for (const [input, path] of inputs) {
    const times = accessorValues(doc, input, path);
    let problem = '';
    for (let k = 0; k < times.length && problem === ''; k++) {
      if (!Number.isFinite(times[k])) problem = `key ${k} is ${times[k]}`;
      else if (k === 0 && times[k] < 0) problem = `key 0 is at ${times[k]} s, before 0`;
      else if (k > 0 && !(times[k] > times[k - 1])) problem = `key ${k} (${times[k]} s) is not after key ${k - 1} (${times[k - 1]} s)`;
    }
    if (problem !== '') {
      bad++;
      details.push(`${path} (accessor ${input}): ${problem}`);
    }
  }
  if (inputs.size === 0) return result('pass', 'No animated node to check.');
  if (bad === 0) return result('pass', `The key times of all ${plural(inputs.size, 'sampler')} are finite and increasing.`);
  return result('fail', `${plural(bad, 'sampler')} of ${inputs.size} ${verb(bad, 'has', 'have')} NaN, negative or non-increasing key times.`, 'The loader refuses such a file.', details);
}

function checkRotationKeys(doc: GltfDocument): CheckResult {
  const details: string[] = [];
  let offUnit = 0;
  let flips = 0;
  let keys = 0;
  const seen = new Set<number>();
  for (const channel of nodeChannels(doc)) {
    if (channel.property !== 'rotation' || seen.has(channel.output)) continue;
    seen.add(channel.output);
    const path = `${channel.path}.output`;
    const values = accessorValues(doc, channel.output, path);
    const cubic = channel.interpolation === 'CUBICSPLINE';
    const count = Math.floor(values.length / (cubic ? 12 : 4));
    let channelOff = 0;
    let channelFlips = 0;
    for (let k = 0; k < count; k++) {
      const at = 4 * (cubic ? 3 * k + 1 : k);
      const length = Math.hypot(values[at], values[at + 1], values[at + 2], values[at + 3]);
      if (!(Math.abs(length - 1) <= UNIT_QUATERNION_TOLERANCE)) channelOff++;
      if (k > 0) {
        const before = 4 * (cubic ? 3 * (k - 1) + 1 : k - 1);
        let dot = 0;
        for (let i = 0; i < 4; i++) dot += values[at + i] * values[before + i];
        if (dot < 0) channelFlips++;
      }
    }
    keys += count;
    offUnit += channelOff;
    flips += channelFlips;
    if (channelOff > 0 || channelFlips > 0) {
      const parts = [channelOff > 0 ? `${plural(channelOff, 'key')} off unit length` : '', channelFlips > 0 ? `${plural(channelFlips, 'sign flip')}` : ''];
      details.push(`${path} (accessor ${channel.output}): ${parts.filter(Boolean).join(', ')}`);
    }
  }
  if (keys === 0) return result('pass', 'No rotation key to check.');
  if (offUnit === 0 && flips === 0) return result('pass', `All ${plural(keys, 'rotation key')} are unit quaternions, each on the short path from the one before.`);
  const found = [
    offUnit > 0 ? `${plural(offUnit, 'rotation key')} not of unit length (±${UNIT_QUATERNION_TOLERANCE})` : '',
    flips > 0 ? `${plural(flips, 'rotation key')} on the opposite side from the key before (dot < 0)` : '',
  ].filter(Boolean);
  const repair = [
    offUnit > 0 ? 'The loader normalised the keys off unit length.' : '',
    flips > 0 ? 'This site’s slerp flips the sign and takes the short path.' : '',
  ].filter(Boolean);
  return result('warn', `${found.join('; ')}.`, repair.join(' '), details);
}

function checkScaleKeys(doc: GltfDocument): CheckResult {
  const details: string[] = [];
  let zero = 0;
  let keys = 0;
  const seen = new Set<number>();
  for (const channel of nodeChannels(doc)) {
    if (channel.property !== 'scale' || seen.has(channel.output)) continue;
    seen.add(channel.output);
    const path = `${channel.path}.output`;
    const values = accessorValues(doc, channel.output, path);
    const cubic = channel.interpolation === 'CUBICSPLINE';
    const count = Math.floor(values.length / (cubic ? 9 : 3));
    let channelZero = 0;
    for (let k = 0; k < count; k++) {
      const at = 3 * (cubic ? 3 * k + 1 : k);
      if (values[at] === 0 || values[at + 1] === 0 || values[at + 2] === 0) channelZero++;
    }
    keys += count;
    zero += channelZero;
    if (channelZero > 0) details.push(`${path} (accessor ${channel.output}): ${plural(channelZero, 'key')} with a zero component`);
  }
  if (keys === 0) return result('pass', 'No scale key to check.');
  if (zero === 0) return result('pass', `None of the ${plural(keys, 'scale key')} has a zero component.`);
  return result('warn', `${plural(zero, 'scale key')} of ${keys} ${verb(zero, 'has', 'have')} a zero component.`, '', details);
}

function checkMorphTargets(doc: GltfDocument): CheckResult {
  const details: string[] = [];
  let primitives = 0;
  arrayOf(doc.root, 'meshes').forEach((_, m) => {
    const mesh = objectAt(arrayOf(doc.root, 'meshes'), m);
    if (mesh === null) return;
    arrayOf(mesh, 'primitives').forEach((_, p) => {
      const primitive = objectAt(arrayOf(mesh, 'primitives'), p);
      const targets = primitive === null ? [] : arrayOf(primitive, 'targets');
      if (targets.length === 0) return;
      primitives++;
      details.push(`${nameOf(mesh, `meshes[${m}]`)} (meshes[${m}].primitives[${p}]): ${plural(targets.length, 'morph target')}`);
    });
  });
  let channels = 0;
  let clips = 0;
  arrayOf(doc.root, 'animations').forEach((_, a) => {
    const animation = objectAt(arrayOf(doc.root, 'animations'), a);
    if (animation === null) return;
    let here = 0;
    arrayOf(animation, 'channels').forEach((_, c) => {
      const channel = objectAt(arrayOf(animation, 'channels'), c);
      const target = channel === null ? undefined : field(channel, 'target');
      if (typeof target === 'object' && target !== null && field(target as JsonObject, 'path') === 'weights') here++;
    });
    if (here > 0) {
      clips++;
      channels += here;
      details.push(`${nameOf(animation, `animations[${a}]`)} (animations[${a}]): ${plural(here, 'morph-target channel')}`);
    }
  });
  if (primitives === 0 && channels === 0) return result('pass', 'The file has no morph targets.');
  const found = [
    primitives > 0 ? `${plural(primitives, 'primitive')} with morph targets` : '',
    channels > 0 ? `${plural(channels, 'morph-target channel')} in ${plural(clips, 'clip')}` : '',
  ].filter(Boolean);
  return result('warn', `${found.join('; ')}: ignored here.`, 'The loader ignores morph targets and their channels.', details);
}

// ── The loaded model ────────────────────────────────────────────────────────────────────────

function label(model: Model, node: number): string {
  return `${model.hierarchy.names[node] || '(unnamed)'} #${model.hierarchy.sourceIndex[node]}`;
}

/** Diagonal of the box around every skinned vertex as drawn in the rest pose (1 when there is none). */
function restPoseSize(model: Model, player: Player): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of model.meshes) {
    for (const primitive of mesh.primitives) {
      const p = new Float32Array(3 * primitive.vertexCount);
      skinVertices(p, null, primitive, player.palettes[mesh.skin]);
      for (let i = 0; i + 2 < p.length; i += 3) {
        for (let c = 0; c < 3; c++) {
          if (p[i + c] < min[c]) min[c] = p[i + c];
          if (p[i + c] > max[c]) max[c] = p[i + c];
        }
      }
    }
  }
  const size = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  return Number.isFinite(size) && size > 0 ? size : 1;
}

/**
 * In the rest pose, the skinning matrices global × inverse bind of the joints a mesh is weighted to
 * are all the same matrix (the identity, or the placement the mesh had when bound) exactly when the
 * rest pose is the bind pose. Taking the matrix of the joint that carries the most weight as that
 * placement, the deviation of joint j is how far its own matrix would move its vertices from there:
 * the largest |(Mⱼ − M_ref)·v| over the vertices it weighs on, divided by the size of the skinned
 * mesh as drawn in the rest pose.
 */
function checkInverseBind(model: Model): CheckResult {
  if (model.skins.length === 0) return result('pass', 'The model has no skin.');
  const player = createPlayer(model);
  animateFrame(player, null);
  const size = restPoseSize(model, player);
  const details: string[] = [];
  let worst = 0;
  let worstAt = '';
  let mismatched = 0;
  let broken = 0;
  let compared = 0;
  model.skins.forEach((skin, s) => {
    const palette = player.palettes[s];
    const primitives = [...new Set(model.meshes.filter((mesh) => mesh.skin === s).flatMap((mesh) => mesh.primitives))];
    const carried = new Float64Array(skin.joints.length);
    for (const primitive of primitives) {
      for (let i = 0; i < primitive.weights.length; i++) carried[primitive.joints[i]] += primitive.weights[i];
    }
    let reference = -1;
    for (let j = 0; j < carried.length; j++) if (carried[j] > 0 && (reference < 0 || carried[j] > carried[reference])) reference = j;
    if (reference < 0) return;
    // Largest displacement (model units) each joint's matrix gives a vertex it weighs on, against the reference's.
    const moved = new Float64Array(skin.joints.length);
    const r = 16 * reference;
    for (const primitive of primitives) {
      const p = primitive.positions;
      for (let v = 0; v < primitive.vertexCount; v++) {
        const x = p[3 * v], y = p[3 * v + 1], z = p[3 * v + 2];
        for (let k = 0; k < 4; k++) {
          if (!(primitive.weights[4 * v + k] > 0)) continue;
          const o = 16 * primitive.joints[4 * v + k];
          let squared = 0;
          for (let c = 0; c < 3; c++) {
            const d =
              (palette[o + c] - palette[r + c]) * x +
              (palette[o + 4 + c] - palette[r + 4 + c]) * y +
              (palette[o + 8 + c] - palette[r + 8 + c]) * z +
              (palette[o + 12 + c] - palette[r + 12 + c]);
            squared += d * d;
          }
          const distance = Math.sqrt(squared);
          const joint = primitive.joints[4 * v + k];
          if (!(distance <= moved[joint])) moved[joint] = distance;
        }
      }
    }
    const deviations: [number, number][] = [];
    for (let j = 0; j < skin.joints.length; j++) {
      if (!(carried[j] > 0)) continue;
      compared++;
      const deviation = moved[j] / size;
      if (!Number.isFinite(deviation)) {
        broken++;
        details.push(`skin ${s} joint ${j} (${label(model, skin.joints[j])}): global × inverse bind is not finite`);
        continue;
      }
      deviations.push([deviation, j]);
      if (deviation > worst) {
        worst = deviation;
        worstAt = `skin ${s} joint ${j} (${label(model, skin.joints[j])})`;
      }
    }
    deviations.sort((a, b) => b[0] - a[0]);
    for (const [deviation, j] of deviations) {
      if (deviation <= BIND_POSE_TOLERANCE) break;
      mismatched++;
      details.push(`skin ${s} joint ${j} (${label(model, skin.joints[j])}): ${(100 * deviation).toPrecision(3)}% of the model’s size`);
    }
  });
  if (compared === 0) return result('pass', 'No joint carries weight, so there is nothing to compare.');
  if (broken > 0) return result('fail', `${plural(broken, 'joint')} ${verb(broken, 'has', 'have')} an inverse bind matrix that gives no finite skinning matrix.`, '', details);
  if (mismatched === 0) {
    return result(
      'pass',
      `In the rest pose, global × inverse bind is the same matrix for all ${plural(compared, 'weighted joint')} (vertices within ${(100 * worst).toPrecision(2)}% of the model’s size): the rest pose is the bind pose.`,
    );
  }
  return result(
    'warn',
    `${plural(mismatched, 'weighted joint')} of ${compared} ${verb(mismatched, 'does', 'do')} not match the rest pose: the largest deviation moves vertices by ${(100 * worst).toPrecision(3)}% of the model’s size, at ${worstAt}.`,
    '',
    details,
  );
}

function isIdentity(m: Float32Array, offset: number): boolean {
  for (let i = 0; i < 16; i++) if (Math.abs(m[offset + i] - (i % 5 === 0 ? 1 : 0)) > 1e-6) return false;
  return true;
}

function checkMeshNodeTransforms(model: Model): CheckResult {
  if (model.meshes.length === 0) return result('pass', 'The model has no skinned mesh.');
  const player = createPlayer(model);
  animateFrame(player, null);
  const details: string[] = [];
  const nodes = new Set(model.meshes.map((mesh) => mesh.node));
  for (const node of nodes) {
    if (isIdentity(player.globals, 16 * node)) continue;
    const own = !isIdentity(player.locals, 16 * node);
    details.push(`${label(model, node)}: ${own ? 'its own transform' : 'inherited from a parent'}`);
  }
  if (details.length === 0) return result('pass', 'Every skinned mesh’s node sits at the identity.');
  return result(
    'warn',
    `${plural(details.length, 'skinned mesh node')} of ${nodes.size} ${details.length === 1 ? 'has' : 'have'} a transform (own or inherited).`,
    'Ignored, as glTF requires: the skinned mesh is placed by its joints alone.',
    details,
  );
}

function checkSkeletonRoots(model: Model): CheckResult {
  if (model.skins.length === 0) return result('pass', 'The model has no skin.');
  const { parents } = model.hierarchy;
  const rootOf = (node: number) => {
    let on = node;
    while (parents[on] >= 0) on = parents[on];
    return on;
  };
  const details: string[] = [];
  let problems = 0;
  model.skins.forEach((skin, s) => {
    const roots = new Set<number>();
    for (const joint of skin.joints) roots.add(rootOf(joint));
    if (roots.size > 1) {
      problems++;
      details.push(`skin ${s}: joints under ${roots.size} separate roots (${[...roots].map((r) => label(model, r)).join(', ')})`);
      return;
    }
    if (skin.skeleton < 0) return;
    // Is `skeleton` an ancestor (or itself) of every joint?
    for (const joint of skin.joints) {
      let on = joint;
      while (on >= 0 && on !== skin.skeleton) on = parents[on];
      if (on < 0) {
        problems++;
        details.push(`skin ${s}: skeleton ${label(model, skin.skeleton)} is not above joint ${label(model, joint)}`);
        return;
      }
    }
  });
  if (problems === 0) {
    return result('pass', `The joints of each of the ${plural(model.skins.length, 'skin')} hang under one root, below the skeleton node where one is named.`);
  }
  return result('warn', `${plural(problems, 'skin')} of ${model.skins.length} ${verb(problems, 'breaks', 'break')} the one-tree rule.`, 'Skinning does not use `skeleton`; the loader ignores it.', details);
}

// ── Counts ──────────────────────────────────────────────────────────────────────────────────

function countModel(doc: GltfDocument | null, model: Model | null): ModelCounts | null {
  if (model !== null) {
    const joints = new Set<number>();
    for (const skin of model.skins) for (const joint of skin.joints) joints.add(joint);
    const primitives = new Set<object>();
    let vertices = 0;
    for (const mesh of [...model.meshes, ...(model.rigidParts ?? [])]) {
      for (const primitive of mesh.primitives) {
        if (primitives.has(primitive)) continue;
        primitives.add(primitive);
        vertices += primitive.vertexCount;
      }
    }
    let tracks = 0;
    let keys = 0;
    for (const clip of model.clips) {
      tracks += clip.tracks.length;
      for (const track of clip.tracks) keys += track.times.length;
    }
    return {
      nodes: model.hierarchy.count,
      skins: model.skins.length,
      joints: joints.size,
      skinnedMeshes: model.meshes.length,
      rigidParts: model.rigidParts?.length ?? 0,
      vertices,
      clips: model.clips.length,
      tracks,
      keys,
    };
  }
  if (doc === null) return null;
  // The loader refused the file: what the JSON declares.
  const joints = new Set<unknown>();
  for (const skin of arrayOf(doc.root, 'skins')) {
    if (typeof skin === 'object' && skin !== null) for (const joint of arrayOf(skin as JsonObject, 'joints')) joints.add(joint);
  }
  const channels = nodeChannels(doc);
  let keys = 0;
  for (const channel of channels) keys += doc.accessors[channel.input]?.count ?? 0;
  return {
    nodes: arrayOf(doc.root, 'nodes').length,
    skins: arrayOf(doc.root, 'skins').length,
    joints: joints.size,
    skinnedMeshes: arrayOf(doc.root, 'nodes').filter((n) => typeof n === 'object' && n !== null && field(n as JsonObject, 'skin') !== undefined && field(n as JsonObject, 'mesh') !== undefined).length,
    rigidParts: arrayOf(doc.root, 'nodes').filter((n) => typeof n === 'object' && n !== null && field(n as JsonObject, 'skin') === undefined && field(n as JsonObject, 'mesh') !== undefined).length,
    vertices: 0,
    clips: arrayOf(doc.root, 'animations').length,
    tracks: channels.length,
    keys,
  };
}
