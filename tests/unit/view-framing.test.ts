// The maths behind the figures' view controls: aimAtBox (src/gl/camera.ts), which the Fit button
// frames with, checked by projecting the box's corners through the camera's own matrices (and
// gl-matrix's, independently); the view steps the keys and the on-screen buttons take
// (stepView, src/figures/shared/orbit-input.ts); and what a "Break it" choice frames
// (src/figures/shared/choice-framing.ts).
import { mat4, vec4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { aimAtBox, createOrbitCamera, frameBox, resetOrbitCamera, updateOrbitCamera, type OrbitCamera } from '../../src/gl/camera.ts';
import { ChoiceFraming, boundsContain, unionOfBounds } from '../../src/figures/shared/choice-framing.ts';
import { stepView } from '../../src/figures/shared/orbit-input.ts';
import { boundsOfPoses, clipFramingPoses, framedClipTimes, type Bounds } from '../../src/figures/shared/pose-bounds.ts';
import { listProjectModels, readProjectModel } from '../../src/build-time/project-models.ts';
import { animateFrame, createPlayer, showRestPose } from '../../src/core/frame.ts';
import { Playback } from '../../src/core/clip.ts';

const box = (min: number[], max: number[]): Bounds => ({ min: Float32Array.from(min), max: Float32Array.from(max) });
/** Framing leaves 4 % of room (FRAME_MARGIN = 1.04 in camera.ts): the tightest corner lands at 1 / 1.04 of the view's half size. */
const EDGE = 1 / 1.04;
const DEGREES = Math.PI / 180;

/**
 * The largest |x| and |y| in normalised device coordinates over the eight corners of `bounds`, as
 * gl-matrix projects them with a perspective and a look-at built from the camera's state alone.
 */
function largestCornerNdc(camera: OrbitCamera, bounds: Bounds, aspect: number): number {
  const position = [
    camera.target[0] + Math.sin(camera.yaw) * Math.cos(camera.pitch) * camera.distance,
    camera.target[1] + Math.sin(camera.pitch) * camera.distance,
    camera.target[2] + Math.cos(camera.yaw) * Math.cos(camera.pitch) * camera.distance,
  ];
  const view = mat4.lookAt(mat4.create(), position, camera.target, [0, 1, 0]);
  const projection = mat4.perspective(mat4.create(), 35 * DEGREES, aspect, 0.01, 1000);
  const viewProjection = mat4.multiply(mat4.create(), projection, view);
  let largest = 0;
  for (let corner = 0; corner < 8; corner++) {
    const point = vec4.fromValues(corner & 1 ? bounds.max[0] : bounds.min[0], corner & 2 ? bounds.max[1] : bounds.min[1], corner & 4 ? bounds.max[2] : bounds.min[2], 1);
    vec4.transformMat4(point, point, viewProjection);
    largest = Math.max(largest, Math.abs(point[0] / point[3]), Math.abs(point[1] / point[3]));
  }
  return largest;
}

describe('aimAtBox', () => {
  const cases = [
    { bounds: box([-1, 0, -0.1], [1, 2, 0.1]), aspect: 16 / 10, yaw: 0.25, pitch: 0.1 },
    { bounds: box([-2.48, -1.46, -0.1], [2.19, 3.43, 0.1]), aspect: 1, yaw: -1.2, pitch: 0.6 },
    { bounds: box([10, 5, -3], [10.5, 9, -2]), aspect: 2.4, yaw: 2.5, pitch: -0.3 },
  ];

  it('frames the box from the angles given: its tightest corner at the margin, none outside', () => {
    for (const { bounds, aspect, yaw, pitch } of cases) {
      const camera = createOrbitCamera();
      aimAtBox(camera, bounds.min, bounds.max, aspect, yaw, pitch);
      expect(camera.yaw).toBe(yaw);
      expect(camera.pitch).toBe(pitch);
      // The target is the box's centre.
      for (let axis = 0; axis < 3; axis++) expect(camera.target[axis]).toBeCloseTo((bounds.min[axis] + bounds.max[axis]) / 2, 5);
      expect(largestCornerNdc(camera, bounds, aspect)).toBeCloseTo(EDGE, 4);
    }
  });

  it('keeps the home view (Reset, Home) where frameBox put it, and only widens the zoom limits', () => {
    const camera = createOrbitCamera();
    frameBox(camera, [-1, 0, -0.1], [1, 2, 0.1], 1.6, 0.25, 0.1);
    const home = { ...camera.home, target: Array.from(camera.home.target) };
    const limits = { min: camera.minDistance, max: camera.maxDistance };
    // A box four times as large, far to the side.
    const far = box([-20, -4, -4], [-12, 4, 4]);
    aimAtBox(camera, far.min, far.max, 1.6, 1, 0.3);
    expect({ ...camera.home, target: Array.from(camera.home.target) }).toEqual(home);
    expect(camera.minDistance).toBe(limits.min);
    // Half diagonal of the far box: √(8² + 8² + 8²) / 2 = 6.93; the zoom may reach 12 times that.
    expect(camera.maxDistance).toBeCloseTo(12 * Math.sqrt(192) / 2, 4);
    expect(camera.distance).toBeLessThan(camera.maxDistance);
    expect(largestCornerNdc(camera, far, 1.6)).toBeCloseTo(EDGE, 4);
    resetOrbitCamera(camera);
    expect(camera.yaw).toBe(0.25);
    expect(Array.from(camera.target)).toEqual(home.target);
  });

  it('draws with the matrices it was framed for (updateOrbitCamera), as gl-matrix does', () => {
    const { bounds, aspect, yaw, pitch } = cases[1];
    const camera = createOrbitCamera();
    aimAtBox(camera, bounds.min, bounds.max, aspect, yaw, pitch);
    updateOrbitCamera(camera, aspect, 1);
    let largest = 0;
    for (let corner = 0; corner < 8; corner++) {
      const point = vec4.fromValues(corner & 1 ? bounds.max[0] : bounds.min[0], corner & 2 ? bounds.max[1] : bounds.min[1], corner & 4 ? bounds.max[2] : bounds.min[2], 1);
      vec4.transformMat4(point, point, camera.viewProjection as unknown as mat4);
      largest = Math.max(largest, Math.abs(point[0] / point[3]), Math.abs(point[1] / point[3]));
    }
    expect(largest).toBeCloseTo(EDGE, 4);
  });


  it('recomputes its matrices when, and only when, something they depend on changed', () => {
    const camera = createOrbitCamera();
    // A fresh camera's matrices computed for each change alone: what the cached camera must match.
    const fresh = (change: (c: OrbitCamera) => void, width: number, height: number) => {
      const other = createOrbitCamera();
      change(other);
      updateOrbitCamera(other, width, height);
      return Array.from(other.viewProjection);
    };
    updateOrbitCamera(camera, 640, 400);
    const first = Array.from(camera.viewProjection);
    // Nothing changed: the outputs are left as they are (a stamp written into them survives).
    camera.viewProjection[0] = 12345;
    updateOrbitCamera(camera, 640, 400);
    expect(camera.viewProjection[0]).toBe(12345);
    // The same ratio from other sizes is no change either.
    updateOrbitCamera(camera, 1280, 800);
    expect(camera.viewProjection[0]).toBe(12345);

    const changes: [string, (c: OrbitCamera) => void, number, number][] = [
      ['the ratio', () => {}, 400, 400],
      ['the yaw', (c) => (c.yaw = 1.1), 400, 400],
      ['the pitch', (c) => { c.yaw = 1.1; c.pitch = -0.3; }, 400, 400],
      ['the distance', (c) => { c.yaw = 1.1; c.pitch = -0.3; c.distance = 2; }, 400, 400],
      ['the target', (c) => { c.yaw = 1.1; c.pitch = -0.3; c.distance = 2; c.target.set([0, 0.5, 0]); }, 400, 400],
      ['the far plane (maxDistance)', (c) => { c.yaw = 1.1; c.pitch = -0.3; c.distance = 2; c.target.set([0, 0.5, 0]); c.maxDistance = 50; }, 400, 400],
    ];
    let previous = first;
    for (const [what, change, width, height] of changes) {
      change(camera);
      updateOrbitCamera(camera, width, height);
      const now = Array.from(camera.viewProjection);
      expect(now, what).not.toEqual(previous);
      expect(now, what).toEqual(fresh(change, width, height));
      previous = now;
    }
  });
  it('keeps the pitch within ±85°', () => {
    const camera = createOrbitCamera();
    aimAtBox(camera, [0, 0, 0], [1, 1, 1], 1, 0, 2);
    expect(camera.pitch).toBeCloseTo(85 * DEGREES, 6);
  });
});

describe('stepView', () => {
  it('turns and tilts by 10° for an arrow key (30° for a large step) and zooms by 1.15 for + and −', () => {
    const camera = createOrbitCamera();
    camera.yaw = 0.5;
    camera.pitch = 0.2;
    camera.distance = 4;
    expect(stepView(camera, 'ArrowLeft')).toBe(true);
    expect(camera.yaw).toBeCloseTo(0.5 - 10 * DEGREES, 12);
    stepView(camera, 'ArrowRight', true);
    expect(camera.yaw).toBeCloseTo(0.5 + 20 * DEGREES, 12);
    stepView(camera, 'ArrowUp');
    expect(camera.pitch).toBeCloseTo(0.2 + 10 * DEGREES, 12);
    stepView(camera, 'ArrowDown', true);
    expect(camera.pitch).toBeCloseTo(0.2 - 20 * DEGREES, 12);
    stepView(camera, '+');
    expect(camera.distance).toBeCloseTo(4 / 1.15, 12);
    stepView(camera, '=');
    expect(camera.distance).toBeCloseTo(4 / 1.15 ** 2, 12);
    stepView(camera, '-');
    stepView(camera, '_');
    stepView(camera, '-');
    expect(camera.distance).toBeCloseTo(4 * 1.15, 12);
  });

  it('takes no step for other keys', () => {
    const camera = createOrbitCamera();
    const before = { yaw: camera.yaw, pitch: camera.pitch, distance: camera.distance };
    for (const key of ['Home', '0', 'a', 'Enter', '']) expect(stepView(camera, key)).toBe(false);
    expect({ yaw: camera.yaw, pitch: camera.pitch, distance: camera.distance }).toEqual(before);
  });

  it('stops tilting at ±85°', () => {
    const camera = createOrbitCamera();
    for (let i = 0; i < 10; i++) stepView(camera, 'ArrowUp', true);
    expect(camera.pitch).toBeCloseTo(85 * DEGREES, 12);
    for (let i = 0; i < 10; i++) stepView(camera, 'ArrowDown', true);
    expect(camera.pitch).toBeCloseTo(-85 * DEGREES, 12);
  });
});

describe('choice framing', () => {
  const figure = box([-1, 0, -0.1], [1, 2, 0.1]);

  it('unionOfBounds and boundsContain, by hand', () => {
    const other = box([-2.5, -1.5, -0.1], [0.5, 1, 0.3]);
    const union = unionOfBounds(figure, other);
    expect(Array.from(union.min)).toEqual([-2.5, -1.5, -0.1].map(Math.fround));
    expect(Array.from(union.max)).toEqual([1, 2, 0.3].map(Math.fround));
    expect(boundsContain(union, figure)).toBe(true);
    expect(boundsContain(figure, other)).toBe(false);
    // Within a thousandth of the largest side (2): inside; a hundredth out: outside.
    expect(boundsContain(figure, box([-1.001, 0, -0.1], [1, 2.0015, 0.1]))).toBe(true);
    expect(boundsContain(figure, box([-1.02, 0, -0.1], [1, 2, 0.1]))).toBe(false);
  });

  it('keeps the figure framing for a result inside it, frames both for one outside, measuring each state once', () => {
    const framing = new ChoiceFraming(figure);
    const measured: string[] = [];
    const results: Record<string, Bounds> = {
      'correct/false': figure,
      'correct/true': box([-0.5, 0, -0.1], [0.5, 1.8, 0.1]),
      'lying/false': box([-1, -0.2, -1.9], [1, 0.3, 0.1]),
      'lying/true': box([-0.8, 0, -1.7], [0.8, 0.3, 0.1]),
    };
    let choice = 'correct';
    const measure = (bindPose: boolean) => {
      measured.push(`${choice}/${bindPose}`);
      return results[`${choice}/${bindPose}`];
    };
    expect(framing.change('correct', false, measure), 'the figure framing, already framed').toBeNull();
    expect(framing.change('correct', false, measure), 'the same state').toBeNull();
    expect(framing.change('correct', true, measure), 'the rest pose lies inside').toBeNull();
    choice = 'lying';
    const lying = framing.change('lying', false, measure)!;
    expect(Array.from(lying.min)).toEqual([-1, -0.2, -1.9].map(Math.fround));
    expect(Array.from(lying.max)).toEqual([1, 2, 0.1].map(Math.fround));
    const lyingBind = framing.change('lying', true, measure)!;
    expect(lyingBind).not.toBe(lying);
    expect(Array.from(lyingBind.min)).toEqual([-1, 0, -1.7].map(Math.fround));
    choice = 'correct';
    expect(framing.change('correct', true, measure), 'back: the figure framing').toBe(figure);
    choice = 'lying';
    expect(framing.change('lying', false, measure), 'measured before: the same bounds object').toBe(lying);
    expect(measured).toEqual(['correct/false', 'correct/true', 'lying/false', 'lying/true']);
  });

  it('ignores the calls that measuring itself makes', () => {
    const framing = new ChoiceFraming(figure);
    let nested: Bounds | null | undefined;
    const outside = box([3, 0, 0], [4, 1, 0]);
    const result = framing.change('far', false, () => {
      // Posing the player as the island does calls change() again, in other states.
      nested = framing.change('far', true, () => outside);
      return outside;
    });
    expect(nested).toBeNull();
    expect(Array.from(result!.max)).toEqual([4, 2, 0.1].map(Math.fround));
  });

  it('clipFramingPoses: the rest pose, then the framedClipTimes of the clip unless in the bind pose', () => {
    const calls: string[] = [];
    const pose = (bindPose: boolean, seconds: number) => calls.push(`${bindPose} ${seconds}`);
    for (const run of clipFramingPoses(1.6, false, pose)) run();
    expect(calls).toEqual(['true 0', ...Array.from({ length: 16 }, (_, i) => `false ${(i / 16) * 1.6}`)]);
    calls.length = 0;
    for (const run of clipFramingPoses(1.6, true, pose)) run();
    expect(calls).toEqual(['true 0']);
  });
});

describe('the moments a clip figure is framed on (framedClipTimes)', () => {
  // Against the mesh at 480 moments of each clip: the framed box may fall short of it by less than
  // 4 % of the model's size, the room the camera leaves around a framed box (FRAME_MARGIN), so
  // nothing leaves the stage while the clip plays. Four moments fell 14 % short of the robot arm's
  // reach, eight 12 %.
  const MARGIN_SHARE = 0.04;
  for (const file of listProjectModels()) {
    const model = readProjectModel(file);
    model.clips.forEach((clip) => {
      if (model.skins.length === 0) return;
      it(`${file}, ${clip.name}: the framed box holds the mesh at every moment, to within the camera's margin`, () => {
        const player = createPlayer(model);
        const over = (times: number[]) => boundsOfPoses(model, player, [() => showRestPose(player), ...times.map((t) => () => animateFrame(player, clip, t, Playback.LOOP))]);
        const dense = over(Array.from({ length: 480 }, (_, i) => (i / 480) * clip.duration));
        const framed = over(framedClipTimes(clip.duration));
        const size = Math.max(...[0, 1, 2].map((axis) => dense.max[axis] - dense.min[axis]));
        for (let axis = 0; axis < 3; axis++) {
          expect(framed.min[axis] - dense.min[axis], `axis ${axis}, below`).toBeLessThan(MARGIN_SHARE * size);
          expect(dense.max[axis] - framed.max[axis], `axis ${axis}, above`).toBeLessThan(MARGIN_SHARE * size);
        }
      });
    });
  }
});
