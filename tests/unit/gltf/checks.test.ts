// Rules of the specification checked once the file is read (src/core/gltf/checks.ts and the
// alignment note of meshes.ts): what would be drawn wrong or not at all is a note, or an error when
// the file names something that does not exist.
import { describe, expect, it } from 'vitest';
import { ARM, ARM_JOINTS, riggedArm } from './fixtures.ts';
import { expectBothFail, parseBoth } from './helpers.ts';

/** The notes the arm has before any change (none of them about these rules). */
const armNotes = () => parseBoth(riggedArm()).notes;

/** The notes `builder` adds to the unchanged arm's. */
function addedNotes(builder: ReturnType<typeof riggedArm>): string[] {
  const before = new Set(armNotes());
  return parseBoth(builder).notes.filter((note) => !before.has(note));
}

describe('scenes', () => {
  it('refuse a `scene` that names no scene', () => {
    const b = riggedArm();
    b.json.scene = 3;
    expectBothFail(b, 'scene: scene 3 does not exist (1 scene)');
  });

  it('refuse a scene that names a node that does not exist', () => {
    const b = riggedArm();
    b.json.scenes[0].nodes = [0, 3, 9];
    expectBothFail(b, 'scenes[0].nodes[2]: node 9 does not exist (5 nodes)');
  });

  it('note a scene node that is not a root', () => {
    const b = riggedArm();
    b.json.scenes[0].nodes = [0, 3, 2];
    expect(addedNotes(b)).toEqual([
      'scenes[0].nodes: node 2 has a parent; a scene lists root nodes only (the hierarchy is read from the nodes as they are)',
    ]);
  });
});

describe('skins', () => {
  it('note a `skeleton` that is below the joints\' common root', () => {
    const b = riggedArm();
    b.json.skins[0].skeleton = 1; // Forearm, below Upperarm
    expect(addedNotes(b)).toEqual([
      'skins[0].skeleton: node 1 is not the joints\' common root (node 2 "Upperarm") nor above it; ignored, as skinning does not use it',
    ]);
  });

  it('accept a `skeleton` above the common root', () => {
    const b = riggedArm();
    b.json.skins[0].skeleton = 3; // Armature, above Upperarm
    expect(addedNotes(b)).toEqual([]);
  });

  it('note joints under two different roots', () => {
    const b = riggedArm();
    b.json.nodes.push({ name: 'Elsewhere' });
    b.json.scenes[0].nodes.push(5);
    b.json.skins[0].joints = [2, 5];
    expect(addedNotes(b)).toEqual(['skins[0].joints: the joints hang under 2 different root nodes (nodes 3, 5); the spec asks for one common root']);
  });

  it('note a joint that is the skinned mesh\'s own node', () => {
    const b = riggedArm();
    b.json.skins[0].joints = [2, 0];
    delete b.json.skins[0].skeleton;
    const notes = addedNotes(b);
    expect(notes).toContain(
      "nodes[0]: draws a mesh with skin 0 and is also one of that skin's joints; its transform moves the joint but, as glTF requires, not the skinned mesh",
    );
  });

  it('note a rest pose whose skinning matrices overflow float32', () => {
    const b = riggedArm();
    b.json.nodes[2].scale = [1e20, 1e20, 1e20];
    const ibm = new Float32Array(32);
    ibm.set([1e20, 0, 0, 0, 0, 1e20, 0, 0, 0, 0, 1e20, 0, 0, 0, 0, 1], 0);
    ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], 16);
    b.json.skins[0].inverseBindMatrices = b.accessor(ibm, 'MAT4');
    expect(addedNotes(b).filter((note) => note.includes('overflows'))).toEqual([
      "skins[0]: joint 0's skinning matrix in the rest pose overflows float32 (global × inverse bind gives Infinity); the file's values are too large to draw",
    ]);
  });
});

describe('vertex attributes', () => {
  it('note an attribute that is not 4-byte aligned in its buffer, and read it as it is', () => {
    const b = riggedArm();
    const joints = new Uint8Array(ARM_JOINTS.buffer, ARM_JOINTS.byteOffset, ARM_JOINTS.byteLength);
    const padded = new Uint8Array(2 + joints.length);
    padded.set(joints, 2);
    const view = b.view(padded);
    b.json.accessors[ARM.joints] = { ...b.json.accessors[ARM.joints], bufferView: view, byteOffset: 2 };
    const model = parseBoth(b);
    expect(model.meshes[0].primitives[0].joints).toEqual(parseBoth(riggedArm()).meshes[0].primitives[0].joints);
    expect(model.notes.filter((note) => note.includes('4-byte aligned'))).toEqual([
      expect.stringMatching(
        /^meshes\[0\]\.primitives\[0\]\.attributes\.JOINTS_0: accessor 3 starts at byte \d+ of its buffer with elements \d+ bytes apart; the spec asks vertex attributes to be 4-byte aligned \(read as it is\)$/,
      ),
    ]);
  });
});
