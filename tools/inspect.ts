// Inspect a skinned glTF: node tree, skins, influences, clips — and, with --json, the evaluated
// palette and skinned vertices. Our version of the "Assimp sandbox" of the ogldev course.
//
//   npm run inspect -- <file.gltf|.glb> [--clip NAME|INDEX] [--time SECONDS] [--loop] [--json]
//
// Node indices printed here are the file's (`nodes[k]`), so they can be looked up in the JSON.
// Positions and normals are in scene space: what the vertex shader outputs before the
// view-projection matrix (the skinned mesh node's own transform is ignored, as glTF requires).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  animateFrame,
  createPlayer,
  GltfError,
  parseGltf,
  Playback,
  skinVertices,
  type Model,
  type Player,
} from '../src/core/index.ts';
import { influenceStatistics, nodeRoles, nodeTreeOrder } from '../src/core/model-summary.ts';

const USAGE = 'usage: npm run inspect -- <file.gltf|.glb> [--clip NAME|INDEX] [--time SECONDS] [--loop] [--json]';

export interface InspectOptions {
  file: string;
  /** Clip name or index as typed; null = bind pose. */
  clip: string | null;
  /** Seconds into the clip. */
  time: number;
  playback: Playback;
  json: boolean;
}

/** Parses the command line; throws an Error with a one-line reason on bad arguments. */
export function parseArguments(args: string[]): InspectOptions {
  const options: InspectOptions = { file: '', clip: null, time: 0, playback: Playback.CLAMP, json: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--json') options.json = true;
    else if (arg === '--loop') options.playback = Playback.LOOP;
    else if (arg === '--clip' || arg === '--time') {
      const value = args[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      if (arg === '--clip') options.clip = value;
      else {
        options.time = Number(value);
        if (value.trim() === '' || !Number.isFinite(options.time)) throw new Error(`--time: "${value}" is not a number of seconds`);
      }
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (options.file) throw new Error(`one file at a time (got "${options.file}" and "${arg}")`);
    else options.file = arg;
  }
  if (!options.file) throw new Error('no file given');
  return options;
}

/** Reads and parses a .gltf/.glb, resolving external buffers next to it. */
export function loadModelFile(file: string): Model {
  const bytes = readFileSync(file);
  const folder = dirname(resolve(file));
  return parseGltf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    resolveUri: (uri) => {
      try {
        const data = readFileSync(resolve(folder, decodeURIComponent(uri)));
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      } catch {
        return undefined;
      }
    },
  });
}

/** The index of the clip named or numbered by `selector`; throws when none matches. */
export function findClip(model: Model, selector: string): number {
  const byName = model.clips.findIndex((clip) => clip.name === selector);
  if (byName >= 0) return byName;
  if (/^\d+$/.test(selector) && Number(selector) < model.clips.length) return Number(selector);
  const names = model.clips.map((clip, i) => `${i} "${clip.name}"`).join(', ') || 'none';
  throw new Error(`--clip: no clip "${selector}" (clips: ${names})`);
}

/** The model posed at `clipIndex` (−1 = bind pose) and time: what --json prints. */
export function evaluateModel(model: Model, clipIndex: number, time: number, playback: Playback) {
  const player = createPlayer(model);
  animateFrame(player, model.clips[clipIndex] ?? null, time, playback);
  const { hierarchy } = model;
  const fileIndex = (h: number) => hierarchy.sourceIndex[h];
  // Nodes in file order, parents as file indices.
  const nodes = new Array<{ name: string; parent: number }>(hierarchy.count);
  for (let h = 0; h < hierarchy.count; h++) {
    const parent = hierarchy.parents[h];
    nodes[fileIndex(h)] = { name: hierarchy.names[h], parent: parent < 0 ? -1 : fileIndex(parent) };
  }
  return {
    nodes,
    skins: model.skins.map((skin, s) => ({
      joints: Array.from(skin.joints, fileIndex),
      palette: Array.from({ length: skin.joints.length }, (_, j) => Array.from(player.palettes[s].subarray(16 * j, 16 * j + 16))),
    })),
    meshes: model.meshes.map((mesh) => ({
      node: fileIndex(mesh.node),
      primitives: mesh.primitives.map((primitive) => skinnedPrimitive(player, primitive, mesh.skin)),
    })),
  };
}

function skinnedPrimitive(player: Player, primitive: Model['meshes'][number]['primitives'][number], skin: number) {
  const positions = new Float32Array(3 * primitive.vertexCount);
  const normals = primitive.normals ? new Float32Array(3 * primitive.vertexCount) : null;
  skinVertices(positions, normals, primitive, player.palettes[skin]);
  return { positions: Array.from(positions), normals: normals ? Array.from(normals) : [] };
}

const INTERPOLATION_NAMES = ['STEP', 'LINEAR', 'CUBICSPLINE'];
const PATH_NAMES = ['translation', 'rotation', 'scale'];
const number = (x: number) => (Math.abs(x) < 5e-7 ? '0' : x.toFixed(4).replace(/\.?0+$/, ''));

/**
 * Deepest level of the node tree drawn with indentation (3 characters per level). Deeper nodes keep
 * the indentation of this level and show their depth as a number, so what precedes a node's label
 * stays under 220 characters and the report grows with the node count, not with its square (a
 * 30,000-deep chain would otherwise indent its last line by 90,000 characters).
 */
export const MAX_DRAWN_DEPTH = 64;

/** Appends `items` to `lines` one by one (`push(...items)` fails beyond ~100,000 arguments). */
function pushAll(lines: string[], items: Iterable<string>): void {
  for (const item of items) lines.push(item);
}

/** The human-readable report. */
export function describeModel(model: Model): string {
  const { hierarchy } = model;
  const lines: string[] = [];
  const fileIndex = (h: number) => hierarchy.sourceIndex[h];
  const label = (h: number) => `${hierarchy.names[h] || '(unnamed)'} #${fileIndex(h)}`;

  // What each node is (a joint of which skins, which meshes it draws): src/core/model-summary.ts.
  const roles = nodeRoles(model);
  const rigidParts = model.rigidParts ?? [];

  lines.push(`Nodes (${hierarchy.count}; ● joint, ○ no bone)`);
  // Depth first (nodeTreeOrder walks with an explicit stack: a file the loader accepts may chain
  // 32,767 nodes). prefixAt[d] is the indentation drawn before the branch of a node at depth d,
  // set by its parent, which precedes it in this order.
  const prefixAt: string[] = [''];
  for (const { node: h, depth, last } of nodeTreeOrder(hierarchy)) {
    const role = roles[h];
    const prefix = prefixAt[depth];
    const tags = [
      ...(role.joints.length ? [role.joints.map(([s, j]) => `skin ${s} joint ${j}`).join(', ')] : []),
      ...role.skinnedMeshes.map((m) => `skinned mesh ${m} "${model.meshes[m].name}" → skin ${model.meshes[m].skin}`),
      ...role.rigidParts.map((r) => `rigid part ${r} "${rigidParts[r].name}"`),
    ];
    const branch = depth === 0 ? '' : last ? '└─ ' : '├─ ';
    const deep = depth > MAX_DRAWN_DEPTH ? `(depth ${depth}) ` : '';
    lines.push(`  ${prefix}${branch}${deep}${role.joints.length ? '●' : '○'} ${label(h)}${tags.length ? `  [${tags.join('; ')}]` : ''}`);
    prefixAt[depth + 1] = depth === 0 || depth >= MAX_DRAWN_DEPTH ? prefix : prefix + (last ? '   ' : '│  ');
  }

  model.skins.forEach((skin, s) => {
    const skeleton = skin.skeleton >= 0 ? label(skin.skeleton) : 'none given';
    lines.push('', `Skin ${s} "${skin.name}": ${skin.joints.length} joints, skeleton root ${skeleton}`);
    skin.joints.forEach((h, j) => {
      lines.push(`  joint ${j}: ${label(h)} — inverse bind matrix (rows):`);
      for (let row = 0; row < 4; row++) {
        const cells = [0, 1, 2, 3].map((col) => number(skin.inverseBindMatrices[16 * j + 4 * col + row]).padStart(9));
        lines.push(`    [${cells.join(' ')} ]`);
      }
    });
  });

  model.meshes.forEach((mesh, m) => {
    lines.push('', `Skinned mesh ${m} "${mesh.name}" at ${label(mesh.node)}, skin ${mesh.skin}`);
    mesh.primitives.forEach((primitive, p) => {
      const { histogram, maxInfluences, minWeightSum, maxWeightSum, triangles } = influenceStatistics(primitive);
      lines.push(
        `  primitive ${p}: ${primitive.vertexCount} vertices, ${triangles} triangles, normals ${primitive.normals ? 'yes' : 'no'}`,
        `    influences per vertex: max ${maxInfluences}; ` + histogram.map((count, n) => `${n}: ${count}`).join(', '),
        `    weight sums: min ${minWeightSum.toFixed(6)}, max ${maxWeightSum.toFixed(6)}`,
      );
    });
  });

  if (rigidParts.length > 0) {
    lines.push('', `Rigid parts (${rigidParts.length}; meshes without a skin, placed by their node's global matrix)`);
    rigidParts.forEach((part, r) => {
      const vertices = part.primitives.reduce((n, primitive) => n + primitive.vertexCount, 0);
      lines.push(`  ${r} "${part.name}" at ${label(part.node)}: ${part.primitives.length} primitive(s), ${vertices} vertices`);
    });
  }

  lines.push('', `Clips (${model.clips.length})`);
  model.clips.forEach((clip, c) => {
    lines.push(`  ${c} "${clip.name}": ${number(clip.duration)} s, ${clip.tracks.length} channels`);
    for (const track of clip.tracks) {
      const keys = track.times.length;
      lines.push(
        `    ${label(track.node)}.${PATH_NAMES[track.path]}: ${INTERPOLATION_NAMES[track.interpolation]}, ${keys} key${keys === 1 ? '' : 's'}, ` +
          `${number(track.times[0])}–${number(track.times[keys - 1])} s`,
      );
    }
  });

  if (model.notes.length) {
    lines.push('', 'Loader notes');
    pushAll(lines, model.notes.map((note) => `  - ${note}`));
  }
  return lines.join('\n');
}

/** Runs the CLI; returns the exit code. */
export function main(
  args: string[],
  write: (text: string) => unknown = (text) => process.stdout.write(text),
  error: (text: string) => unknown = (text) => process.stderr.write(text),
): number {
  let options: InspectOptions;
  try {
    options = parseArguments(args);
  } catch (e) {
    error(`inspect: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  try {
    const model = loadModelFile(options.file);
    const clipIndex = options.clip === null ? -1 : findClip(model, options.clip);
    if (options.json) {
      write(`${JSON.stringify(evaluateModel(model, clipIndex, options.time, options.playback))}\n`);
    } else {
      write(`${options.file}\n\n${describeModel(model)}\n`);
    }
    return 0;
  } catch (e) {
    const reason = e instanceof GltfError ? e.message : (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    error(`inspect: ${options.file}: ${reason}\n`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
