// The reader on real skinned models from the Khronos glTF sample repository (made outside this
// project), checked against the published figures and against @gltf-transform/core as an
// independent reader. The models live outside the project; without them every case here is
// reported as skipped, by name.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mat4 } from 'gl-matrix';
import { NodeIO } from '@gltf-transform/core';
import { parseGltf } from '../../../src/core/gltf/index.ts';
import { TrackPath, type Model } from '../../../src/core/model.ts';
import { expectClose, restGlobals } from './helpers.ts';

const KHRONOS = fileURLToPath(new URL('../../../../shared/models/khronos/', import.meta.url));
const AVAILABLE = existsSync(KHRONOS);
const NEEDS = AVAILABLE ? '' : ` (skipped: ${KHRONOS} is absent)`;
if (!AVAILABLE) console.warn(`Khronos reader tests skipped: ${KHRONOS} is absent`);

/**
 * Published figures (INDEX.md of the model folder) and the clip lengths (max of the input
 * accessors); `notes` are what the reader reports. SimpleSkin has no NORMAL: it is a flat strip
 * in the plane z = 0, front faces towards +Z, so the computed normals are all +Z.
 */
const MODELS = [
  { name: 'RiggedSimple', nodes: 5, joints: 2, vertices: 160, duration: 2.083333, tracks: 3, notes: [] },
  { name: 'RiggedFigure', nodes: 22, joints: 19, vertices: 370, duration: 1.25, tracks: 57, notes: [] },
  {
    name: 'SimpleSkin',
    nodes: 3,
    joints: 2,
    vertices: 10,
    duration: 5.5,
    tracks: 1,
    notes: ['meshes[0].primitives[0]: no NORMAL attribute; smooth normals computed from the triangles'],
  },
];

function load(name: string, extension: 'gltf' | 'glb'): Model {
  return parseGltf(readFileSync(`${KHRONOS}${name}/${name}.${extension}`));
}

type JsonNode = {
  matrix?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
  children?: number[];
};

/** Global matrices straight from the file's node matrices / TRS, by source index. */
function fileGlobals(name: string): mat4[] {
  const json = JSON.parse(readFileSync(`${KHRONOS}${name}/${name}.gltf`, 'utf8')) as { nodes: JsonNode[] };
  const parentOf = new Map<number, number>();
  json.nodes.forEach((node, i) => node.children?.forEach((c) => parentOf.set(c, i)));
  const locals = json.nodes.map((node) =>
    node.matrix !== undefined
      ? mat4.clone(node.matrix as unknown as mat4)
      : mat4.fromRotationTranslationScale(
          mat4.create(),
          (node.rotation ?? [0, 0, 0, 1]) as [number, number, number, number],
          (node.translation ?? [0, 0, 0]) as [number, number, number],
          (node.scale ?? [1, 1, 1]) as [number, number, number],
        ),
  );
  const globals: mat4[] = [];
  const resolve = (i: number): mat4 => {
    if (globals[i] === undefined) {
      const parent = parentOf.get(i);
      globals[i] = parent === undefined ? locals[i] : mat4.multiply(mat4.create(), resolve(parent), locals[i]);
    }
    return globals[i];
  };
  return json.nodes.map((_, i) => resolve(i));
}

describe('Khronos sample models', () => {
  for (const m of MODELS) {
    describe(m.name, () => {
      it.skipIf(!AVAILABLE)(`${m.name}: .gltf and .glb give identical Models${NEEDS}`, () => {
        expect(load(m.name, 'glb')).toEqual(load(m.name, 'gltf'));
      });

      it.skipIf(!AVAILABLE)(
        `${m.name}: ${m.nodes} nodes, ${m.joints} joints, ${m.vertices} vertices, one ${m.duration} s clip of ${m.tracks} tracks${NEEDS}`,
        () => {
          const model = load(m.name, 'gltf');
          expect(model.hierarchy.count).toBe(m.nodes);
          expect(model.skins.map((s) => s.joints.length)).toEqual([m.joints]);
          expect(model.meshes.map((mesh) => mesh.primitives.map((p) => p.vertexCount))).toEqual([[m.vertices]]);
          expect(model.clips).toHaveLength(1);
          expect(model.clips[0].duration).toBeCloseTo(m.duration, 6);
          expect(model.clips[0].tracks).toHaveLength(m.tracks);
          expect(model.notes).toEqual(m.notes);
          const { parents } = model.hierarchy;
          for (let i = 0; i < model.hierarchy.count; i++) expect(parents[i]).toBeLessThan(i);
          for (const p of model.meshes[0].primitives) {
            for (let v = 0; v < p.vertexCount; v++) {
              const sum = p.weights[4 * v] + p.weights[4 * v + 1] + p.weights[4 * v + 2] + p.weights[4 * v + 3];
              expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
            }
          }
        },
      );

      it.skipIf(!AVAILABLE)(`${m.name}: rest globals equal the products of the file's node transforms${NEEDS}`, () => {
        const model = load(m.name, 'gltf');
        const expected = fileGlobals(m.name);
        const globals = restGlobals(model.hierarchy);
        globals.forEach((global, h) => expectClose(global, expected[model.hierarchy.sourceIndex[h]], 2e-5));
      });

      it.skipIf(!AVAILABLE)(`${m.name}: agrees with @gltf-transform/core${NEEDS}`, async () => {
        const model = load(m.name, 'glb');
        const document = await new NodeIO().read(`${KHRONOS}${m.name}/${m.name}.gltf`);
        const root = document.getRoot();
        const nodes = root.listNodes();
        expect(model.hierarchy.names).toEqual(
          Array.from(model.hierarchy.sourceIndex, (source) => nodes[source].getName()),
        );

        const skin = root.listSkins()[0];
        const sourceOf = (h: number) => model.hierarchy.sourceIndex[h];
        expect(Array.from(model.skins[0].joints, (h) => nodes[sourceOf(h)])).toEqual(skin.listJoints());
        expectClose(model.skins[0].inverseBindMatrices, skin.getInverseBindMatrices()!.getArray()!, 0);

        const primitive = root.listMeshes()[0].listPrimitives()[0];
        const ours = model.meshes[0].primitives[0];
        expect(nodes[sourceOf(model.meshes[0].node)].getMesh()).toBe(root.listMeshes()[0]);
        expect(ours.positions).toEqual(primitive.getAttribute('POSITION')!.getArray());
        const normals = primitive.getAttribute('NORMAL')?.getArray();
        const plusZ = Array.from({ length: ours.vertexCount }, () => [0, 0, 1]).flat();
        expectClose(ours.normals!, normals ?? plusZ, 1e-3);
        expect(ours.indices).toEqual(new Uint32Array(primitive.getIndices()!.getArray()!));

        // Influences as joint → weight maps per vertex (ours are sorted and renormalised).
        const joints = primitive.getAttribute('JOINTS_0')!.getArray()!;
        const weights = primitive.getAttribute('WEIGHTS_0')!.getArray()!;
        for (let v = 0; v < ours.vertexCount; v++) {
          const reference = new Map<number, number>();
          let sum = 0;
          for (let k = 0; k < 4; k++) sum += weights[4 * v + k];
          for (let k = 0; k < 4; k++) {
            const w = weights[4 * v + k];
            if (w > 0) reference.set(joints[4 * v + k], (reference.get(joints[4 * v + k]) ?? 0) + w / sum);
          }
          const mine = new Map<number, number>();
          for (let k = 0; k < 4; k++)
            if (ours.weights[4 * v + k] > 0) mine.set(ours.joints[4 * v + k], ours.weights[4 * v + k]);
          expect([...mine.keys()].sort()).toEqual([...reference.keys()].sort());
          for (const [joint, w] of reference) expect(mine.get(joint)).toBeCloseTo(w, 6);
        }

        const channels = root.listAnimations()[0].listChannels();
        const paths = {
          translation: TrackPath.TRANSLATION,
          rotation: TrackPath.ROTATION,
          scale: TrackPath.SCALE,
        } as const;
        expect(model.clips[0].tracks).toHaveLength(channels.length);
        model.clips[0].tracks.forEach((track, i) => {
          const channel = channels[i];
          expect(nodes[sourceOf(track.node)]).toBe(channel.getTargetNode());
          expect(track.path).toBe(paths[channel.getTargetPath() as keyof typeof paths]);
          const sampler = channel.getSampler()!;
          expect(track.times).toEqual(sampler.getInput()!.getArray());
          const reference = Float64Array.from(sampler.getOutput()!.getArray()!);
          if (track.path === TrackPath.ROTATION) {
            // Rotation keys come back as authored when within 1e-3 of unit length, else as unit quaternions.
            for (let k = 0; k < reference.length; k += 4) {
              const length = Math.hypot(reference[k], reference[k + 1], reference[k + 2], reference[k + 3]);
              if (Math.abs(length - 1) > 1e-3) for (let c = 0; c < 4; c++) reference[k + c] /= length;
            }
          }
          expectClose(track.values, reference, 1e-6);
        });
      });
    });
  }
});
