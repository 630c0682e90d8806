import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Playback, createClipCursor, sampleClip } from '../../src/core/clip.ts';
import { localToGlobal } from '../../src/core/hierarchy.ts';
import { buildPalette } from '../../src/core/palette.ts';
import { Interpolation, TrackPath, createPose, type Model, type Pose } from '../../src/core/model.ts';
import { animateFrame, createPlayer, showRestPose } from '../../src/core/frame.ts';
import { composeLocal } from '../../src/core/pose.ts';
import { skinVertices } from '../../src/core/skin.ts';
import { axisAngle, boxedNumbers, expectClose, expectFinite, newSpaceGrowth } from './helpers.ts';

/**
 * A leg: node 0 "Armature" (placed at z = 1, turned 90° about X like a Z-up export), node 1 "hip",
 * node 2 "knee" one unit below the hip, node 3 the mesh node (not a joint). One skin over hip and
 * knee, bound in the rest pose. Clip 0 bends the knee 90° about Z over 1 s and steps the hip;
 * clip 1 holds a single key.
 */
function legModel(): Model {
  const rest = createPose(4);
  rest.translations.set([0, 0, 1], 0);
  rest.rotations.set(axisAngle(1, 0, 0, Math.PI / 2), 0);
  rest.translations.set([0, 2, 0], 3);
  rest.translations.set([0, -1, 0], 6);
  const parents = Int16Array.from([-1, 0, 1, 0]);
  const bindGlobals = localToGlobal(new Float32Array(64), parents, composeLocal(new Float32Array(64), rest));
  const joints = [1, 2];
  const inverseBindMatrices = new Float32Array(32);
  joints.forEach((node, j) => inverseBindMatrices.set(mat4.invert(mat4.create(), bindGlobals.subarray(16 * node, 16 * node + 16))!, 16 * j));
  return {
    hierarchy: {
      count: 4,
      parents,
      names: ['Armature', 'hip', 'knee', 'leg-mesh'],
      sourceIndex: Int32Array.from([0, 1, 2, 3]),
      rest,
    },
    skins: [{ name: 'leg', joints: Int16Array.from(joints), inverseBindMatrices, skeleton: 1 }],
    meshes: [
      {
        name: 'leg-mesh',
        node: 3,
        skin: 0,
        primitives: [
          {
            vertexCount: 2,
            // Bind-pose model space: the hip sits at Armature × (0, 2, 0) = (0, 0, 3); the knee at (0, 0, 2).
            positions: new Float32Array([0, 0, 3, 1, 0, 2]),
            normals: new Float32Array([0, 0, 1, 1, 0, 0]),
            joints: Uint16Array.from([0, 0, 0, 0, 1, 0, 0, 0]),
            weights: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0]),
            indices: null,
          },
        ],
      },
    ],
    clips: [
      {
        name: 'bend',
        duration: 1,
        tracks: [
          {
            node: 2,
            path: TrackPath.ROTATION,
            interpolation: Interpolation.LINEAR,
            times: new Float32Array([0, 1]),
            values: new Float32Array([...axisAngle(0, 0, 1, 0), ...axisAngle(0, 0, 1, Math.PI / 2)]),
          },
          {
            node: 1,
            path: TrackPath.TRANSLATION,
            interpolation: Interpolation.STEP,
            times: new Float32Array([0, 0.75]),
            values: new Float32Array([0, 2, 0, 0, 2.5, 0]),
          },
        ],
      },
      {
        name: 'hold',
        duration: 0,
        tracks: [
          { node: 1, path: TrackPath.SCALE, interpolation: Interpolation.LINEAR, times: new Float32Array([0]), values: new Float32Array([2, 2, 2]) },
        ],
      },
    ],
    notes: [],
  };
}

/** The palette by gl-matrix alone, from a pose: locals → globals by ancestor products → × IBM. */
function referencePalette(model: Model, pose: Pose, globalInverse: mat4 | null): Float32Array {
  const { parents } = model.hierarchy;
  const globals: mat4[] = [];
  for (let i = 0; i < model.hierarchy.count; i++) {
    const local = mat4.fromRotationTranslationScale(
      mat4.create(),
      pose.rotations.subarray(4 * i, 4 * i + 4),
      pose.translations.subarray(3 * i, 3 * i + 3),
      pose.scales.subarray(3 * i, 3 * i + 3),
    );
    globals.push(parents[i] < 0 ? local : mat4.multiply(mat4.create(), globals[parents[i]], local));
  }
  const skin = model.skins[0];
  const palette = new Float32Array(16 * skin.joints.length);
  skin.joints.forEach((node, j) => {
    const m = mat4.multiply(mat4.create(), globals[node], skin.inverseBindMatrices.subarray(16 * j, 16 * j + 16));
    if (globalInverse) mat4.multiply(m, globalInverse, m);
    palette.set(m, 16 * j);
  });
  return palette;
}

const identities = (count: number) => {
  const out = new Float32Array(16 * count);
  for (let j = 0; j < count; j++) out.set(mat4.create(), 16 * j);
  return out;
};

describe('createPlayer', () => {
  it('starts in the rest pose, where the palette is all identities', () => {
    const model = legModel();
    const player = createPlayer(model);
    expect(player.palettes).toHaveLength(1);
    expect(player.cursor.keys).toHaveLength(2); // the largest clip's track count
    expect(Array.from(player.pose.translations)).toEqual(Array.from(model.hierarchy.rest.translations));
    expectClose(player.palettes[0], identities(2), 1e-6);
  });
});

describe('animateFrame', () => {
  it('runs sample → compose → global → palette like a gl-matrix reference', () => {
    const model = legModel();
    const player = createPlayer(model);
    animateFrame(player, model.clips[0], 0.8, Playback.CLAMP);
    const pose = createPose(4);
    pose.translations.set(model.hierarchy.rest.translations);
    pose.rotations.set(model.hierarchy.rest.rotations);
    pose.scales.set(model.hierarchy.rest.scales);
    pose.rotations.set(axisAngle(0, 0, 1, 0.8 * (Math.PI / 2)), 8);
    pose.translations.set([0, 2.5, 0], 3);
    expectClose(player.pose.rotations, pose.rotations, 1e-6);
    expectClose(player.palettes[0], referencePalette(model, pose, null), 1e-5);
  });

  it('fills locals, globals and palettes exactly as the stage functions do, called in order', () => {
    const model = legModel();
    const player = createPlayer(model);
    animateFrame(player, model.clips[0], 0.3, Playback.LOOP);
    const pose = sampleClip(createPose(4), model.clips[0], model.hierarchy.rest, 0.3, Playback.LOOP, createClipCursor(2));
    expect(Array.from(player.pose.rotations)).toEqual(Array.from(pose.rotations));
    const locals = composeLocal(new Float32Array(64), pose);
    expectClose(player.locals, locals, 0, 'locals');
    expectClose(player.globals, localToGlobal(new Float32Array(64), model.hierarchy.parents, locals), 0, 'globals');
    expectClose(player.palettes[0], buildPalette(new Float32Array(32), model.skins[0], player.globals, null), 0, 'palette');
  });

  it('moves the skinned vertices: at 1 s the knee vertex has swung about the knee', () => {
    const model = legModel();
    const player = createPlayer(model);
    animateFrame(player, model.clips[0], 1, Playback.CLAMP);
    const primitive = model.meshes[0].primitives[0];
    const positions = new Float32Array(6), normals = new Float32Array(6);
    skinVertices(positions, normals, primitive, player.palettes[0]);
    // The hip stepped to y = 2.5 in the Armature's frame, whose Y is model +Z: up 0.5.
    expectClose(positions.subarray(0, 3), [0, 0, 3.5], 1e-6);
    expectClose(normals.subarray(0, 3), [0, 0, 1], 1e-6);
    // The knee is now at (0, 0, 2.5). In the knee's bind space the vertex lies one unit along +X;
    // bending 90° about Z turns that onto the knee's +Y, which the Armature maps to model +Z.
    expectClose(positions.subarray(3, 6), [0, 0, 3.5], 1e-6);
    expectClose(normals.subarray(3, 6), [0, 0, 1], 1e-6);
  });

  it('loops or clamps the clip time', () => {
    const model = legModel();
    const player = createPlayer(model);
    animateFrame(player, model.clips[0], 2.25, Playback.LOOP);
    const looped = Float32Array.from(player.palettes[0]);
    animateFrame(player, model.clips[0], 0.25, Playback.LOOP);
    expect(Array.from(player.palettes[0])).toEqual(Array.from(looped));
    animateFrame(player, model.clips[0], 2.25, Playback.CLAMP);
    const clamped = Float32Array.from(player.palettes[0]);
    animateFrame(player, model.clips[0], 1, Playback.CLAMP);
    expect(Array.from(player.palettes[0])).toEqual(Array.from(clamped));
  });

  it('loops by default', () => {
    const model = legModel();
    const player = createPlayer(model);
    animateFrame(player, model.clips[0], 1.4);
    const byDefault = Float32Array.from(player.palettes[0]);
    animateFrame(player, model.clips[0], 0.4, Playback.LOOP);
    expect(Array.from(player.palettes[0])).toEqual(Array.from(byDefault));
  });

  it('applies globalInverse in front of every palette matrix', () => {
    const model = legModel();
    const player = createPlayer(model);
    const armatureInverse = mat4.invert(mat4.create(), player.globals.subarray(0, 16)) as Float32Array;
    player.globalInverse = armatureInverse;
    animateFrame(player, model.clips[0], 0.5, Playback.CLAMP);
    expectClose(player.palettes[0], referencePalette(model, player.pose, armatureInverse), 1e-5);
  });

  it('switches between clips, and showRestPose goes back to the rest pose', () => {
    const model = legModel();
    const player = createPlayer(model);
    animateFrame(player, model.clips[1], 3, Playback.LOOP);
    expectClose(player.pose.scales.subarray(3, 6), [2, 2, 2], 0);
    animateFrame(player, model.clips[0], 0.6, Playback.LOOP);
    expectClose(player.pose.scales.subarray(3, 6), [1, 1, 1], 0);
    showRestPose(player);
    expect(Array.from(player.pose.rotations)).toEqual(Array.from(model.hierarchy.rest.rotations));
    expectClose(player.palettes[0], identities(2), 1e-6);
  });

  it('allocates nothing per frame (animateFrame + CPU skinning)', () => {
    const model = legModel();
    const player = createPlayer(model);
    const primitive = model.meshes[0].primitives[0];
    const positions = new Float32Array(6), normals = new Float32Array(6);
    // Pre-boxed times, so only the core's own allocations are measured (see newSpaceGrowth).
    const times = boxedNumbers(Array.from({ length: 1000 }, (_, i) => i * 0.0137 - 1));
    const frame = (i: number) => {
      animateFrame(player, model.clips[i % 3 === 0 ? 1 : 0], times[i % 1000], (i & 1) as Playback);
      skinVertices(positions, normals, primitive, player.palettes[0]);
    };
    const perChunk = newSpaceGrowth(frame, 5_000);
    // One 16-byte object per frame would be 80 KB a chunk.
    expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per frame`).toBeLessThan(4_000);
  });

  describe('with no clip: the pose as the caller set it', () => {
    it('recomputes locals, globals and palettes from a pose set by hand, like a gl-matrix reference', () => {
      const model = legModel();
      const player = createPlayer(model);
      animateFrame(player, model.clips[0], 0.6, Playback.CLAMP);
      player.pose.rotations.set(axisAngle(0, 0, 1, -0.4), 8);
      player.pose.scales.set([1, 1.5, 1], 3);
      animateFrame(player, null);
      expectClose(player.palettes[0], referencePalette(model, player.pose, null), 1e-5);
      expectClose(player.locals, composeLocal(new Float32Array(64), player.pose), 0);
    });

    it('applies globalInverse', () => {
      const model = legModel();
      const player = createPlayer(model);
      player.pose.rotations.set(axisAngle(0, 0, 1, 1.1), 8);
      player.globalInverse = mat4.invert(mat4.create(), player.globals.subarray(0, 16)) as Float32Array;
      animateFrame(player, null);
      expectClose(player.palettes[0], referencePalette(model, player.pose, player.globalInverse as mat4), 1e-5);
    });

    it('right after a sampled frame changes nothing: a frame is sampling, then the same three stages', () => {
      const model = legModel();
      const player = createPlayer(model);
      animateFrame(player, model.clips[0], 0.45, Playback.LOOP);
      const before = [player.locals, player.globals, player.palettes[0]].map((m) => Float32Array.from(m));
      animateFrame(player, null);
      [player.locals, player.globals, player.palettes[0]].forEach((m, i) => expect(Array.from(m)).toEqual(Array.from(before[i])));
    });

    it('allocates nothing per call', () => {
      const player = createPlayer(legModel());
      const perChunk = newSpaceGrowth((i) => {
        player.pose.rotations[8 + 2] = (i % 7) * 0.01;
        animateFrame(player, null);
      }, 5_000);
      expect(perChunk, `${(perChunk / 5_000).toFixed(2)} bytes per frame`).toBeLessThan(4_000);
    });
  });

  describe('invalid input', () => {
    it('a NaN or infinite time samples time 0 and leaks no NaN', () => {
      const model = legModel();
      const player = createPlayer(model);
      animateFrame(player, model.clips[0], 0, Playback.LOOP);
      const atZero = Float32Array.from(player.palettes[0]);
      for (const time of [NaN, Infinity, -Infinity]) {
        animateFrame(player, model.clips[0], time, Playback.LOOP);
        expectFinite(player.palettes[0], `time ${time}`);
        expect(Array.from(player.palettes[0])).toEqual(Array.from(atZero));
      }
    });

    it('a clip of another model with more tracks than the cursor holds samples by binary search', () => {
      const model = legModel();
      const player = createPlayer(model);
      const wide = { ...model.clips[0], tracks: [...model.clips[0].tracks, ...model.clips[0].tracks, ...model.clips[0].tracks] };
      animateFrame(player, wide, 0.8, Playback.CLAMP);
      const expected = Float32Array.from(player.palettes[0]);
      animateFrame(player, model.clips[0], 0.8, Playback.CLAMP);
      expect(Array.from(player.palettes[0])).toEqual(Array.from(expected));
    });

    it('a model without skins, clips or nodes animates without throwing', () => {
      const empty: Model = {
        hierarchy: { count: 0, parents: new Int16Array(0), names: [], sourceIndex: new Int32Array(0), rest: createPose(0) },
        skins: [],
        meshes: [],
        clips: [],
        notes: [],
      };
      const player = createPlayer(empty);
      expect(() => animateFrame(player, null)).not.toThrow();
      expect(() => showRestPose(player)).not.toThrow();
      expect(player.palettes).toEqual([]);
    });
  });
});
