// The camera's framing of a figure's first model measured in slices (src/figures/shared/
// framing-steps.ts, SkinView.setModel): the same bounds, to the bit, as boundsOfPoses in one go
// (src/figures/shared/pose-bounds.ts), on the mannequin the figures show, whatever the slices; a
// measureBounds that sets island state around its poses finds it set for each slice and restored
// between runs; and a measurement that is no longer wanted stops.
import { describe, expect, it } from 'vitest';
import { Playback } from '../../src/core/clip.ts';
import { animateFrame, createPlayer, showRestPose } from '../../src/core/frame.ts';
import { readProjectModel } from '../../src/build-time/project-models.ts';
import { FramingSteps } from '../../src/figures/shared/framing-steps.ts';
import { boundsOfPoses, type Bounds } from '../../src/figures/shared/pose-bounds.ts';

const model = readProjectModel('mannequin.glb');
const player = createPlayer(model);
const clip = model.clips[0];

/** The rest pose and `count` moments of the clip. */
const clipPoses = (count: number) => [() => showRestPose(player), ...Array.from({ length: count }, (_, i) => () => animateFrame(player, clip, (i / count) * clip.duration, Playback.LOOP))];

describe('FramingSteps', () => {
  it('measures the bounds boundsOfPoses measures, one pose per run or several', async () => {
    // Two calls per measureBounds (as the global-inverse figure makes), of 25 and 5 poses.
    const long = clipPoses(24);
    const short = clipPoses(4);
    const whole = [boundsOfPoses(model, player, long), boundsOfPoses(model, player, short)];
    for (const slice of [0, 2, 1000]) {
      const steps = new FramingSteps(slice);
      let runs = 0;
      const result = await steps.measure(
        () => {
          runs++;
          const a = steps.bounds(model, player, long, null);
          const b = steps.bounds(model, player, short, null);
          return { min: Float32Array.from([...a.min, ...b.min]), max: Float32Array.from([...a.max, ...b.max]) };
        },
        () => false,
      );
      expect(Array.from(result!.min), `slice ${slice} ms`).toEqual([...whole[0].min, ...whole[1].min]);
      expect(Array.from(result!.max), `slice ${slice} ms`).toEqual([...whole[0].max, ...whole[1].max]);
      // 0 ms: one pose per run; 1000 ms: everything in the first run.
      if (slice === 0) expect(runs).toBe(long.length + short.length);
      if (slice === 1000) expect(runs).toBe(1);
      if (slice === 2) expect(runs).toBeGreaterThan(1);
    }
  });

  it('runs the whole measureBounds each time: what it sets around its poses holds for them, and is restored between runs', async () => {
    const island = { angle: 0.25 };
    const seen: number[] = [];
    const poses = Array.from({ length: 6 }, (_, i) => () => {
      seen.push(island.angle);
      island.angle = i;
      animateFrame(player, clip, (i / 6) * clip.duration, Playback.LOOP);
    });
    const steps = new FramingSteps(0);
    const restoredBetweenRuns: number[] = [];
    const measureBounds = (): Bounds => {
      restoredBetweenRuns.push(island.angle);
      const angle = island.angle;
      island.angle = -1;
      const bounds = steps.bounds(model, player, poses, null);
      island.angle = angle;
      return bounds;
    };
    const result = await steps.measure(measureBounds, () => false);
    expect(Array.from(result!.min)).toEqual(Array.from(boundsOfPoses(model, player, poses).min));
    // Each pose was measured in a run of its own, which had set the angle to −1 first.
    expect(seen.slice(0, 6)).toEqual([-1, -1, -1, -1, -1, -1]);
    expect(restoredBetweenRuns).toEqual(new Array(6).fill(0.25));
  });

  it('stops, with null, when the measurement is no longer wanted', async () => {
    const steps = new FramingSteps(0);
    let runs = 0;
    const result = await steps.measure(
      () => {
        runs++;
        return steps.bounds(model, player, clipPoses(10), null);
      },
      () => runs >= 3,
    );
    expect(result).toBeNull();
    expect(runs).toBe(3);
  });

  it('frames the unit box around a model without vertices, as boundsOfPoses does', async () => {
    const steps = new FramingSteps();
    const empty = { ...model, meshes: [], rigidParts: [] };
    const result = await steps.measure(() => steps.bounds(empty, player, clipPoses(2), null), () => false);
    expect(Array.from(result!.min)).toEqual([-1, -1, -1]);
    expect(Array.from(result!.max)).toEqual([1, 1, 1]);
  });
});
