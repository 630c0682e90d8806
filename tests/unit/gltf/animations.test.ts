import { describe, expect, it } from 'vitest';
import { parseGltf } from '../../../src/core/gltf/index.ts';
import { Interpolation, TrackPath } from '../../../src/core/model.ts';
import { GltfBuilder, type Json } from './builder.ts';
import {
  ARM,
  BEND_ROTATIONS,
  BEND_ROTATION_TIMES,
  BEND_SCALES,
  BEND_SCALE_TIMES,
  BEND_TRANSLATIONS,
  BEND_TRANSLATION_TIMES,
  IDLE_ROTATIONS_SHORT,
  IDLE_TIMES,
  riggedArm,
} from './fixtures.ts';
import { expectBothFail, expectClose, parseBoth } from './helpers.ts';

function editedArm(edit: (json: Json, builder: GltfBuilder) => void): GltfBuilder {
  const b = riggedArm();
  edit(b.json, b);
  return b;
}

describe('clips', () => {
  it('reads every channel as a track on hierarchy indices', () => {
    const model = parseBoth(riggedArm());
    expect(model.clips.map((c) => [c.name, c.duration, c.tracks.length])).toEqual([
      ['bend', 2, 3],
      ['idle', 0.25, 1],
    ]);
    const [rotation, translation, scale] = model.clips[0].tracks;
    // Hierarchy order [0, 3, 2, 1, 4]: node 1 → 3, node 2 → 2, node 4 → 4.
    expect(rotation).toEqual({
      node: 3,
      path: TrackPath.ROTATION,
      interpolation: Interpolation.LINEAR,
      times: BEND_ROTATION_TIMES,
      values: rotation.values,
    });
    expectClose(rotation.values, BEND_ROTATIONS, 1e-7);
    expect(translation).toEqual({
      node: 2,
      path: TrackPath.TRANSLATION,
      interpolation: Interpolation.STEP,
      times: BEND_TRANSLATION_TIMES,
      values: BEND_TRANSLATIONS,
    });
    expect(scale).toEqual({
      node: 4,
      path: TrackPath.SCALE,
      interpolation: Interpolation.CUBICSPLINE,
      times: BEND_SCALE_TIMES,
      values: BEND_SCALES,
    });
  });

  it('reads normalised integer rotations, defaulting to LINEAR', () => {
    const model = parseBoth(riggedArm());
    const idle = model.clips[1].tracks[0];
    expect(idle.interpolation).toBe(Interpolation.LINEAR);
    expect([...idle.times]).toEqual([...IDLE_TIMES]);
    // Quantised keys are within 1e-3 of unit length, so they are kept as decoded, like other viewers do.
    const expected = Array.from(IDLE_ROTATIONS_SHORT, (c) => c / 32767);
    expect(Math.abs(Math.hypot(...expected.slice(4)) - 1)).toBeGreaterThan(1e-6);
    expectClose(idle.values, expected, 1e-7);
    expect(model.notes).toEqual([]);
  });

  it('gives a clip without channels no tracks and duration 0', () => {
    const model = parseBoth(editedArm((json) => (json.animations[1].channels = [])));
    expect(model.clips[1]).toEqual({ name: 'idle', duration: 0, tracks: [] });
    const unnamed = parseBoth(editedArm((json) => delete json.animations[1].name));
    expect(unnamed.clips[1].name).toBe('');
  });

  it('takes the duration from the latest last key of any track', () => {
    const model = parseBoth(
      editedArm((json, b) => {
        json.animations[0].samplers[1].input = b.accessor(new Float32Array([0.5, 3.5]), 'SCALAR');
      }),
    );
    expect(model.clips[0].duration).toBe(3.5);
  });

  it('normalises rotation keys (not cubic tangents) and notes how many were off', () => {
    const rotations = BEND_ROTATIONS.slice();
    for (let i = 4; i < 8; i++) rotations[i] *= 3;
    const cubic = new Float32Array([0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 3, 0, 0, 0, 1, 9, 9, 9, 9]);
    const model = parseBoth(
      editedArm((json, b) => {
        json.animations[0].samplers[0].output = b.accessor(rotations, 'VEC4');
        json.animations[1].samplers[0] = {
          input: b.accessor(new Float32Array([0, 1]), 'SCALAR'),
          output: b.accessor(cubic, 'VEC4'),
          interpolation: 'CUBICSPLINE',
        };
      }),
    );
    expectClose(model.clips[0].tracks[0].values, BEND_ROTATIONS, 1e-6);
    expect([...model.clips[1].tracks[0].values]).toEqual([
      0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 3, 0, 0, 0, 1, 9, 9, 9, 9,
    ]);
    expect(model.notes).toEqual([
      'animations[0].samplers[0].output: 1 rotation key was not unit quaternions; normalised',
      'animations[1].samplers[0].output: 1 rotation key was not unit quaternions; normalised',
    ]);
  });

  it('accepts quantised translations', () => {
    const model = parseBoth(
      editedArm((json, b) => {
        json.animations[0].samplers[1].output = b.accessor(new Int8Array([127, 0, 0, -127, 0, 0]), 'VEC3', {
          normalized: true,
        });
      }),
    );
    expect([...model.clips[0].tracks[1].values]).toEqual([1, 0, 0, -1, 0, 0]);
  });
});

describe('channels that are skipped, with notes', () => {
  it('ignores morph weights, channels without a node and unknown paths', () => {
    const model = parseBoth(
      editedArm((json) => {
        json.animations[0].channels.push(
          { sampler: 0, target: { node: 0, path: 'weights' } },
          { sampler: 0, target: { node: 0, path: 'weights' } },
          { sampler: 0, target: { path: 'rotation' } },
          { sampler: 0, target: { node: 1, path: 'pointer' } },
        );
      }),
    );
    expect(model.clips[0].tracks).toHaveLength(3);
    expect(model.notes).toEqual([
      'animations[0].channels[5].target: has no node; channel skipped',
      'animations[0].channels[6].target.path: "pointer" is not a node transform; channel skipped',
      'animations[0]: 2 channels animating morph target weights ignored',
    ]);
  });

  it('animates the decomposition of a matrix node, with a note', () => {
    const model = parseBoth(
      editedArm((json) => {
        json.animations[1].channels.push({ sampler: 0, target: { node: 3, path: 'rotation' } });
      }),
    );
    expect(model.clips[1].tracks[1].node).toBe(1);
    expect(model.notes).toEqual([
      'animations[1].channels[1].target.node: node 3 has a matrix, which glTF does not allow on animated nodes; its decomposition is animated',
    ]);
  });
});

describe('animation errors', () => {
  const A = 'animations[0]';
  const cases: [string, (json: Json, b: GltfBuilder) => void, string][] = [
    [
      'repeated key times',
      (j, b) =>
        (j.animations[0].samplers[2].input = b.accessor(new Float32Array([0, 0.2, 0.4, 0.6, 1, 1.2, 1.2]), 'SCALAR')),
      `${A}.samplers[2].input: key times not increasing at key 6 (1.2 ≤ 1.2)`,
    ],
    [
      'decreasing key times',
      (j, b) => (j.animations[0].samplers[0].input = b.accessor(new Float32Array([0, 1, 0.5]), 'SCALAR')),
      `${A}.samplers[0].input: key times not increasing at key 2 (0.5 ≤ 1)`,
    ],
    [
      'a negative first key',
      (j, b) => (j.animations[0].samplers[1].input = b.accessor(new Float32Array([-1, 1]), 'SCALAR')),
      `${A}.samplers[1].input: key 0 is at -1 s; key times must be ≥ 0`,
    ],
    [
      'a NaN key time',
      (j, b) => (j.animations[0].samplers[0].input = b.accessor(new Float32Array([0, NaN, 1]), 'SCALAR')),
      `${A}.samplers[0].input: accessor 14 element 1 component 0 is not finite (NaN)`,
    ],
    [
      'integer key times',
      (j, b) => (j.animations[0].samplers[0].input = b.accessor(new Uint16Array([0, 1, 2]), 'SCALAR')),
      `${A}.samplers[0].input: accessor 14 is SCALAR UNSIGNED_SHORT, expected SCALAR FLOAT`,
    ],
    [
      'an output count that differs from the key count',
      (j) => (j.animations[0].samplers[0].input = ARM.translationTimes),
      `${A}.samplers[0].output: accessor 7 has 3 elements, expected 2 (one per key)`,
    ],
    [
      'a CUBICSPLINE output without tangents',
      (j) => (j.animations[0].samplers[2].output = ARM.translations),
      `${A}.samplers[2].output: accessor 9 has 2 elements, expected 6 (in-tangent, value, out-tangent for each of 2 keys)`,
    ],
    [
      'a CUBICSPLINE sampler with one key',
      (j, b) => (j.animations[0].samplers[2].input = b.accessor(new Float32Array([0]), 'SCALAR')),
      `${A}.samplers[2].input: CUBICSPLINE needs at least 2 keys`,
    ],
    [
      'unnormalised integer rotations',
      (j, b) => (j.animations[0].samplers[0].output = b.accessor(new Int16Array(12), 'VEC4')),
      `${A}.samplers[0].output: accessor 14 is VEC4 SHORT, expected VEC4 FLOAT or normalized BYTE or normalized UNSIGNED_BYTE or normalized SHORT or normalized UNSIGNED_SHORT`,
    ],
    [
      'a zero-length rotation key',
      (j, b) =>
        (j.animations[0].samplers[0].output = b.accessor(
          new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]),
          'VEC4',
        )),
      `${A}.samplers[0].output: key 1 is a zero-length quaternion`,
    ],
    [
      'a rotation channel on a VEC3 sampler',
      (j) => (j.animations[0].channels[0].sampler = 1),
      `${A}.samplers[1].output: accessor 9 is VEC3 FLOAT, expected VEC4 FLOAT or normalized BYTE or normalized UNSIGNED_BYTE or normalized SHORT or normalized UNSIGNED_SHORT`,
    ],
    [
      'an unknown interpolation',
      (j) => (j.animations[0].samplers[1].interpolation = 'QUADRATIC'),
      `${A}.samplers[1].interpolation: "QUADRATIC" is not LINEAR, STEP or CUBICSPLINE`,
    ],
    ['a missing input', (j) => delete j.animations[0].samplers[1].input, `${A}.samplers[1].input: is required`],
    [
      'an output out of range',
      (j) => (j.animations[0].samplers[1].output = -1),
      `${A}.samplers[1].output: accessor -1 does not exist (14 accessors)`,
    ],
    [
      'a sampler out of range',
      (j) => (j.animations[0].channels[1].sampler = 3),
      `${A}.channels[1].sampler: sampler 3 does not exist (3 samplers)`,
    ],
    ['a missing target', (j) => delete j.animations[0].channels[2].target, `${A}.channels[2].target: is required`],
    [
      'a missing target path',
      (j) => delete j.animations[0].channels[2].target.path,
      `${A}.channels[2].target.path: is required`,
    ],
    [
      'a target path that is not a string',
      (j) => (j.animations[0].channels[2].target.path = 1),
      `${A}.channels[2].target.path: expected a string, got 1`,
    ],
    [
      'a target node out of range',
      (j) => (j.animations[0].channels[2].target.node = 5),
      `${A}.channels[2].target.node: node 5 does not exist (5 nodes)`,
    ],
    [
      'two channels on one target',
      (j) => j.animations[0].channels.push({ sampler: 1, target: { node: 2, path: 'translation' } }),
      `${A}.channels[3].target: node 2 translation is already animated by channels[1]`,
    ],
    ['animations that are not an array', (j) => (j.animations = 'walk'), 'animations: expected an array, got "walk"'],
    [
      'a sampler that is not an object',
      (j) => (j.animations[0].samplers[0] = 0),
      `${A}.samplers[0]: expected an object, got 0`,
    ],
    [
      'channels that are not an array',
      (j) => (j.animations[0].channels = {}),
      `${A}.channels: expected an array, got an object`,
    ],
  ];
  for (const [what, edit, message] of cases) {
    it(`rejects ${what}`, () => {
      expectBothFail(editedArm(edit), message);
    });
  }

  it('validates samplers no channel uses', () => {
    expectBothFail(
      editedArm((json) => json.animations[0].samplers.push({ input: 0, output: 0, interpolation: 'SMOOTH' })),
      `animations[0].samplers[3].interpolation: "SMOOTH" is not LINEAR, STEP or CUBICSPLINE`,
    );
    // Their data is not read: a sampler with integer key times is fine until a channel uses it.
    const model = parseGltf(editedArm((json) => json.animations[0].samplers.push({ input: 0, output: 0 })).toGlb());
    expect(model.clips[0].tracks).toHaveLength(3);
  });
});
