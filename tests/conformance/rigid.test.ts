// Conformance of rigid parts: on RobotExpressive (12 meshes without a skin, hung under bones), the
// world positions three.js gives those meshes (GLTFLoader + AnimationMixer, positions × the mesh's
// matrixWorld) equal ours, the node's global matrix × the part's positions, in the rest pose and at
// 11 times of every clip, within 1e-4 of the bounding-box diagonal. Skipped, by name, when the
// fixture is not on this machine.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Vector3, type Mesh, type Object3D } from 'three';
import { animateFrame, createPlayer, parseGltf, Playback, showRestPose, type Model, type Player } from '../../src/core/index.ts';
import { loadThree, type ThreeScene } from '../../tools/three-reference.ts';
import { readBytes } from './models.ts';
import { sampleTimes } from './against-three.ts';

const robotPath = fileURLToPath(new URL('../../../shared/models/real/RobotExpressive.glb', import.meta.url));
const RELATIVE_TOLERANCE = 1e-4;

/** three.js's plain (unskinned) meshes, keyed like our rigid primitives: source node + primitive index. */
function threeRigidMeshes(three: ThreeScene): { sourceNode: number; primitive: number; mesh: Mesh }[] {
  const associations = three.gltf.parser.associations as Map<Object3D, { nodes?: number; primitives?: number }>;
  const found: { sourceNode: number; primitive: number; mesh: Mesh }[] = [];
  three.gltf.scene.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh || (object as { isSkinnedMesh?: boolean }).isSkinnedMesh) return;
    let owner: Object3D | null = mesh;
    while (owner && associations.get(owner)?.nodes === undefined) owner = owner.parent;
    found.push({ sourceNode: owner ? associations.get(owner)!.nodes! : -1, primitive: associations.get(mesh)?.primitives ?? 0, mesh });
  });
  return found;
}

/** Largest distance between three.js's world positions of the rigid meshes and ours (globals[node] × p). */
function rigidDeviation(model: Model, player: Player, three: ThreeScene): number {
  const meshes = threeRigidMeshes(three);
  const vertex = new Vector3();
  let worst = 0;
  for (const part of model.rigidParts ?? []) {
    const sourceNode = model.hierarchy.sourceIndex[part.node];
    const g = player.globals.subarray(16 * part.node, 16 * part.node + 16);
    part.primitives.forEach((primitive, index) => {
      const reference = meshes.find((m) => m.sourceNode === sourceNode && m.primitive === index);
      if (!reference) throw new Error(`three.js has no mesh for node ${sourceNode}, primitive ${index}`);
      reference.mesh.updateWorldMatrix(true, false);
      const position = reference.mesh.geometry.getAttribute('position');
      expect(position.count).toBe(primitive.vertexCount);
      const p = primitive.positions;
      for (let i = 0; i < primitive.vertexCount; i++) {
        vertex.fromBufferAttribute(position, i).applyMatrix4(reference.mesh.matrixWorld);
        const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
        const ox = g[0] * x + g[4] * y + g[8] * z + g[12];
        const oy = g[1] * x + g[5] * y + g[9] * z + g[13];
        const oz = g[2] * x + g[6] * y + g[10] * z + g[14];
        const d = Math.hypot(ox - vertex.x, oy - vertex.y, oz - vertex.z);
        if (!(d <= worst)) worst = d;
      }
    });
  }
  return worst;
}

describe('conformance with three.js: rigid parts of RobotExpressive (../shared/models/real)', () => {
  if (!existsSync(robotPath)) {
    it.skip('RobotExpressive.glb — skipped: not present on this machine', () => {});
    return;
  }

  it('loads the 12 unskinned meshes as rigid parts, as three.js builds them', async () => {
    const bytes = readBytes(robotPath);
    const model = parseGltf(bytes);
    const three = await loadThree(bytes);
    expect(model.rigidParts).toHaveLength(12);
    const ours = (model.rigidParts ?? []).reduce((n, part) => n + part.primitives.length, 0);
    expect(threeRigidMeshes(three)).toHaveLength(ours);
  });

  it('places them where three.js does, in the rest pose and at 11 times of every clip', async () => {
    const bytes = readBytes(robotPath);
    const model = parseGltf(bytes);
    const three = await loadThree(bytes);
    const player = createPlayer(model);
    // The diagonal of every rigid part placed in the rest pose.
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (const part of model.rigidParts ?? []) {
      const g = player.globals.subarray(16 * part.node, 16 * part.node + 16);
      for (const primitive of part.primitives) {
        for (let i = 0; i < primitive.positions.length; i += 3) {
          const [x, y, z] = [primitive.positions[i], primitive.positions[i + 1], primitive.positions[i + 2]];
          for (let c = 0; c < 3; c++) {
            const value = g[c] * x + g[4 + c] * y + g[8 + c] * z + g[12 + c];
            min[c] = Math.min(min[c], value);
            max[c] = Math.max(max[c], value);
          }
        }
      }
    }
    const tolerance = RELATIVE_TOLERANCE * Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    expect(tolerance).toBeGreaterThan(0);
    const failures: string[] = [];
    three.setTime(null, 0);
    showRestPose(player);
    const rest = rigidDeviation(model, player, three);
    if (!(rest <= tolerance)) failures.push(`rest pose: ${rest}`);
    let compared = 0;
    model.clips.forEach((clip, c) => {
      for (const time of sampleTimes(clip.duration)) {
        three.setTime(three.gltf.animations[c], time);
        animateFrame(player, clip, time, Playback.CLAMP);
        const deviation = rigidDeviation(model, player, three);
        compared++;
        if (!(deviation <= tolerance)) failures.push(`clip "${clip.name}" at ${time.toFixed(4)} s: ${deviation.toExponential(3)}`);
      }
    });
    expect(failures, `tolerance ${tolerance.toExponential(3)}`).toEqual([]);
    expect(compared).toBe(14 * 11);
  });
});
