// The skeleton overlay's capsules (src/gl/skeleton-pass.ts): what drawSkeletonPass writes for each
// bone, joint and axis of a small chain — ends, radii in framebuffer pixels, colour and alpha — and
// how many it draws. Checked against a stand-in WebGL context that records the draw call.
import { describe, expect, it } from 'vitest';
import { drawSkeletonPass, type SkeletonFrame, type SkeletonLayout, type SkeletonPass } from '../../src/gl/skeleton-pass.ts';
import { expectClose, stubWebGl } from './helpers.ts';

/** Floats per capsule: start xyz, end xyz, radii (2), colour rgba (skeleton-pass.ts's INSTANCE_FLOATS). */
const INSTANCE_FLOATS = 12;

/** A stand-in WebGL2 context that records drawArraysInstanced's instance counts. */
function recordingContext(): { gl: WebGL2RenderingContext; instanceCounts: number[] } {
  const instanceCounts: number[] = [];
  const gl = stubWebGl((name, args) => {
    if (name === 'drawArraysInstanced') instanceCounts.push(args[3] as number);
  });
  return { gl, instanceCounts };
}

/** A pass built by hand (createSkeletonPass needs a real context to link its program). */
function passFor(capacity: number): SkeletonPass {
  return {
    info: { program: {} as WebGLProgram, uniforms: new Map() },
    viewProjection: null,
    viewportSize: null,
    vao: {} as WebGLVertexArrayObject,
    corners: {} as WebGLBuffer,
    instances: {} as WebGLBuffer,
    data: new Float32Array(INSTANCE_FLOATS * capacity),
    capacity,
    styles: new Float32Array(24),
  };
}

/** Global matrices of a chain up +Y: node n at (0, n, 0); node 1's X, Y and Z columns scaled by 2, 3 and 4. */
function chainGlobals(): Float32Array {
  const globals = new Float32Array(16 * 3);
  for (let n = 0; n < 3; n++) {
    const scale = n === 1 ? [2, 3, 4] : [1, 1, 1];
    for (let axis = 0; axis < 3; axis++) globals[16 * n + 5 * axis] = scale[axis];
    globals[16 * n + 13] = n;
    globals[16 * n + 15] = 1;
  }
  return globals;
}

describe('drawSkeletonPass', () => {
  const layout: SkeletonLayout = { bones: Int16Array.from([0, 1, 1, 2]), joints: Int16Array.from([0, 1, 2]) };
  const boneColor = new Float32Array([0.1, 0.2, 0.3]);
  const accentColor = new Float32Array([0.9, 0.5, 0.1]);
  const frame = (selectedNode: number, pixelRatio: number): SkeletonFrame => ({
    viewProjection: new Float32Array(16),
    width: 640,
    height: 400,
    pixelRatio,
    globals: chainGlobals(),
    selectedNode,
    axisLength: 0.5,
    boneColor,
    accentColor,
  });
  const capsule = (pass: SkeletonPass, index: number) => Array.from(pass.data.subarray(INSTANCE_FLOATS * index, INSTANCE_FLOATS * (index + 1)));

  it('writes bones, joints, the selected joint’s axes and its disc, sized by the pixel ratio', () => {
    const { gl, instanceCounts } = recordingContext();
    const pass = passFor(16);
    drawSkeletonPass(gl, pass, layout, frame(1, 2));
    expect(instanceCounts).toEqual([8]);
    const [r, g, b] = boneColor;
    const [ar, ag, ab] = accentColor;
    // Bones: 5 px at the parent, 1.75 px at the child; the selected joint's bone in the accent colour.
    expectClose(capsule(pass, 0), [0, 0, 0, 0, 1, 0, 10, 3.5, r, g, b, 0.92], 1e-6, 'bone 0 → 1');
    expectClose(capsule(pass, 1), [0, 1, 0, 0, 2, 0, 10, 3.5, ar, ag, ab, 0.92], 1e-6, 'bone 1 → 2 (selected parent)');
    // Joints: discs of 3.5 px, the selected one left for last.
    expectClose(capsule(pass, 2), [0, 0, 0, 0, 0, 0, 7, 7, r, g, b, 1], 1e-6, 'joint 0');
    expectClose(capsule(pass, 3), [0, 2, 0, 0, 2, 0, 7, 7, r, g, b, 1], 1e-6, 'joint 2');
    // Axes of node 1: its columns normalised (their scale taken out) to axisLength, X red, Y green, Z blue.
    expectClose(capsule(pass, 4), [0, 1, 0, 0.5, 1, 0, 3.2, 3.2, 0.93, 0.26, 0.26, 1], 1e-6, 'X axis');
    expectClose(capsule(pass, 5), [0, 1, 0, 0, 1.5, 0, 3.2, 3.2, 0.3, 0.78, 0.3, 1], 1e-6, 'Y axis');
    expectClose(capsule(pass, 6), [0, 1, 0, 0, 1, 0.5, 3.2, 3.2, 0.26, 0.5, 0.96, 1], 1e-6, 'Z axis');
    expectClose(capsule(pass, 7), [0, 1, 0, 0, 1, 0, 11, 11, ar, ag, ab, 1], 1e-6, 'selected joint');
  });

  it('without a selection draws bones and joints only, and follows a new pixel ratio and colour', () => {
    const { gl, instanceCounts } = recordingContext();
    const pass = passFor(16);
    drawSkeletonPass(gl, pass, layout, frame(1, 2));
    const unselected = frame(-1, 1);
    unselected.boneColor = new Float32Array([0.4, 0.5, 0.6]);
    drawSkeletonPass(gl, pass, layout, unselected);
    expect(instanceCounts).toEqual([8, 5]);
    expectClose(capsule(pass, 1), [0, 1, 0, 0, 2, 0, 5, 1.75, 0.4, 0.5, 0.6, 0.92], 1e-6, 'bone 1 → 2');
    expectClose(capsule(pass, 3), [0, 1, 0, 0, 1, 0, 3.5, 3.5, 0.4, 0.5, 0.6, 1], 1e-6, 'joint 1');
  });

  it('stops at the pass’s capacity', () => {
    const { gl, instanceCounts } = recordingContext();
    drawSkeletonPass(gl, passFor(3), layout, frame(1, 1));
    expect(instanceCounts).toEqual([3]);
  });
});
