// Draw pass: the skeleton overlay. Bones are tapered strokes from each joint to its children,
// joints are discs, and the selected joint shows its axes (X red, Y green, Z blue) — all of
// constant on-screen size, drawn over the mesh (like Blender's "in front").
//
// Positions come from the global matrices of the hierarchy each frame (a node's origin is the
// translation column of its global). Capsules are instances of one quad; their data is written
// into a Float32Array the pass owns and uploaded with one bufferSubData per frame.

import overlayVertexSource from '../../shaders/overlay.vert?raw';
import overlayFragmentSource from '../../shaders/overlay.frag?raw';
import type { Model } from '../core/model.ts';
import { createProgram, uniformLocation, type ProgramInfo, type ProgramSources } from './program.ts';

/** Which nodes a skin's skeleton overlay connects; made once per model. */
export interface SkeletonLayout {
  /** Pairs [parent node, child node] (hierarchy indices), one pair per drawn bone. */
  bones: Int16Array;
  /** Hierarchy index of every joint of the skin (a disc each). */
  joints: Int16Array;
}

/**
 * The overlay of skin `skinIndex`: a bone from every joint to each child node that is a joint or a
 * bone-less node (e.g. a bone's end point), but not to nodes that carry meshes.
 */
export function createSkeletonLayout(model: Model, skinIndex: number): SkeletonLayout {
  const skin = model.skins[skinIndex];
  if (skin === undefined) return { bones: new Int16Array(0), joints: new Int16Array(0) };
  const isJoint = new Uint8Array(model.hierarchy.count);
  for (const node of skin.joints) if (node >= 0 && node < isJoint.length) isJoint[node] = 1;
  const hasMesh = new Uint8Array(model.hierarchy.count);
  for (const mesh of model.meshes) if (mesh.node >= 0 && mesh.node < hasMesh.length) hasMesh[mesh.node] = 1;
  const pairs: number[] = [];
  const parents = model.hierarchy.parents;
  for (let node = 0; node < parents.length; node++) {
    const parent = parents[node];
    if (parent < 0 || isJoint[parent] !== 1) continue;
    if (isJoint[node] === 1 || hasMesh[node] !== 1) pairs.push(parent, node);
  }
  return { bones: Int16Array.from(pairs), joints: Int16Array.from(skin.joints) };
}

/** Floats per capsule instance: start xyz, end xyz, radii (2), colour rgba. */
const INSTANCE_FLOATS = 12;
const CapsuleAttribute = { CORNER: 0, START: 1, END: 2, RADII: 3, COLOR: 4 } as const;

export interface SkeletonPass {
  info: ProgramInfo;
  viewProjection: WebGLUniformLocation | null;
  viewportSize: WebGLUniformLocation | null;
  vao: WebGLVertexArrayObject;
  corners: WebGLBuffer;
  instances: WebGLBuffer;
  /** CPU copy of the instance data, INSTANCE_FLOATS per capsule; owned by the pass. */
  data: Float32Array;
  /** Capsules the buffers have room for. */
  capacity: number;
  /** drawSkeletonPass's capsule styles (CapsuleStyle), STYLE_FLOATS each; owned by the pass. */
  styles: Float32Array;
}

/** The overlay's shaders. */
export const OVERLAY_PROGRAM = [
  { name: 'shaders/overlay.vert', source: overlayVertexSource },
  { name: 'shaders/overlay.frag', source: overlayFragmentSource },
] as const satisfies ProgramSources;

/** Compiles the overlay program and allocates room for `capacity` capsules (throws ShaderError). */
export function createSkeletonPass(gl: WebGL2RenderingContext, capacity: number): SkeletonPass {
  const info = createProgram(gl, ...OVERLAY_PROGRAM);
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);
  const corners = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, corners);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(CapsuleAttribute.CORNER);
  gl.vertexAttribPointer(CapsuleAttribute.CORNER, 2, gl.FLOAT, false, 0, 0);

  const data = new Float32Array(INSTANCE_FLOATS * capacity);
  const instances = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, instances);
  gl.bufferData(gl.ARRAY_BUFFER, data.byteLength, gl.DYNAMIC_DRAW);
  const stride = 4 * INSTANCE_FLOATS;
  const layout: [number, number, number][] = [
    [CapsuleAttribute.START, 3, 0],
    [CapsuleAttribute.END, 3, 3],
    [CapsuleAttribute.RADII, 2, 6],
    [CapsuleAttribute.COLOR, 4, 8],
  ];
  for (const [location, size, offset] of layout) {
    gl.enableVertexAttribArray(location);
    gl.vertexAttribPointer(location, size, gl.FLOAT, false, stride, 4 * offset);
    gl.vertexAttribDivisor(location, 1);
  }
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return {
    info,
    viewProjection: uniformLocation(info, 'u_viewProjection'),
    viewportSize: uniformLocation(info, 'u_viewportSize'),
    vao,
    corners,
    instances,
    data,
    capacity,
    styles: new Float32Array(4 * STYLE_FLOATS),
  };
}

/** Capsules the overlay of `layout` needs: bones, joints, three axes and the highlighted joint. */
export function skeletonCapsuleCount(layout: SkeletonLayout): number {
  return layout.bones.length / 2 + layout.joints.length + 4;
}

/** Per-frame inputs of the overlay; colours are sRGB in [0, 1] (3 floats), read only. */
export interface SkeletonFrame {
  viewProjection: Float32Array;
  /** Framebuffer size, pixels. */
  width: number;
  height: number;
  /** Framebuffer pixels per CSS pixel. */
  pixelRatio: number;
  /** Global matrices of the hierarchy, 16 floats per node. */
  globals: Float32Array;
  /** Hierarchy index of the highlighted joint, or −1. */
  selectedNode: number;
  /** Length of the drawn joint axes, model units. */
  axisLength: number;
  boneColor: Float32Array;
  accentColor: Float32Array;
}

const AXIS_COLORS = [
  [0.93, 0.26, 0.26],
  [0.3, 0.78, 0.3],
  [0.26, 0.5, 0.96],
] as const;

/**
 * Floats per capsule style in SkeletonPass.styles: radius at the start and at the end (framebuffer
 * pixels), then sRGB colour and straight alpha (4 floats in [0, 1]) — instance floats 6 to 11.
 */
const STYLE_FLOATS = 6;
/** Offsets of drawSkeletonPass's capsule styles in SkeletonPass.styles, rewritten each frame. */
const CapsuleStyle = {
  BONE: 0,
  SELECTED_BONE: STYLE_FLOATS,
  JOINT: 2 * STYLE_FLOATS,
  SELECTED_JOINT: 3 * STYLE_FLOATS,
} as const;

/**
 * Writes the style at styles[offset] (see STYLE_FLOATS): radii given in CSS pixels (constants,
 * so that no fraction is boxed on the way in; see writeCapsule), then colour and alpha.
 */
function setStyle(
  styles: Float32Array,
  offset: number,
  frame: SkeletonFrame,
  startRadiusCss: number,
  endRadiusCss: number,
  color: ArrayLike<number>,
  alpha: number,
): void {
  styles[offset] = startRadiusCss * frame.pixelRatio;
  styles[offset + 1] = endRadiusCss * frame.pixelRatio;
  styles[offset + 2] = color[0];
  styles[offset + 3] = color[1];
  styles[offset + 4] = color[2];
  styles[offset + 5] = alpha;
}

/**
 * Appends one capsule at instance `index`, from the origin of startNode's global to endNode's,
 * in the style at styles[styleOffset]. Its arguments are indices and arrays only: a number with
 * a fraction passed to a call the JavaScript engine does not inline is boxed, 16 bytes on the
 * heap, and this runs for every bone of every frame.
 */
function writeCapsule(
  data: Float32Array,
  index: number,
  globals: Float32Array,
  startNode: number,
  endNode: number,
  styles: Float32Array,
  styleOffset: number,
): number {
  const o = INSTANCE_FLOATS * index;
  const s = 16 * startNode + 12;
  const e = 16 * endNode + 12;
  data[o] = globals[s];
  data[o + 1] = globals[s + 1];
  data[o + 2] = globals[s + 2];
  data[o + 3] = globals[e];
  data[o + 4] = globals[e + 1];
  data[o + 5] = globals[e + 2];
  for (let i = 0; i < STYLE_FLOATS; i++) data[o + 6 + i] = styles[styleOffset + i];
  return index + 1;
}

/**
 * Draws the overlay of `layout` for the pose in frame.globals, over whatever is in the
 * framebuffer (depth test off, premultiplied blending). Allocates nothing.
 */
export function drawSkeletonPass(gl: WebGL2RenderingContext, pass: SkeletonPass, layout: SkeletonLayout, frame: SkeletonFrame): void {
  const { data, capacity, styles } = pass;
  const { globals, selectedNode, pixelRatio, boneColor, accentColor } = frame;
  const nodeCount = Math.floor(globals.length / 16);
  const bones = layout.bones;
  const joints = layout.joints;
  let count = 0;
  setStyle(styles, CapsuleStyle.BONE, frame, 5, 1.75, boneColor, 0.92);
  setStyle(styles, CapsuleStyle.SELECTED_BONE, frame, 5, 1.75, accentColor, 0.92);
  setStyle(styles, CapsuleStyle.JOINT, frame, 3.5, 3.5, boneColor, 1);
  setStyle(styles, CapsuleStyle.SELECTED_JOINT, frame, 5.5, 5.5, accentColor, 1);

  for (let i = 0; i < bones.length && count < capacity; i += 2) {
    const parent = bones[i];
    const child = bones[i + 1];
    if (parent >= nodeCount || child >= nodeCount) continue;
    count = writeCapsule(data, count, globals, parent, child, styles, parent === selectedNode ? CapsuleStyle.SELECTED_BONE : CapsuleStyle.BONE);
  }
  for (let i = 0; i < joints.length && count < capacity; i++) {
    const node = joints[i];
    if (node >= nodeCount || node === selectedNode) continue;
    count = writeCapsule(data, count, globals, node, node, styles, CapsuleStyle.JOINT);
  }
  if (selectedNode >= 0 && selectedNode < nodeCount && count + 4 <= capacity) {
    // Axes: from the joint's origin along its normalised X, Y and Z columns (the columns may carry scale).
    const g = 16 * selectedNode;
    for (let axis = 0; axis < 3; axis++) {
      const c = g + 4 * axis;
      const x = globals[c], y = globals[c + 1], z = globals[c + 2];
      const length = Math.sqrt(x * x + y * y + z * z);
      const k = length > 0 ? frame.axisLength / length : 0;
      const o = INSTANCE_FLOATS * count;
      data[o] = globals[g + 12];
      data[o + 1] = globals[g + 13];
      data[o + 2] = globals[g + 14];
      data[o + 3] = globals[g + 12] + x * k;
      data[o + 4] = globals[g + 13] + y * k;
      data[o + 5] = globals[g + 14] + z * k;
      data[o + 6] = 1.6 * pixelRatio;
      data[o + 7] = 1.6 * pixelRatio;
      data[o + 8] = AXIS_COLORS[axis][0];
      data[o + 9] = AXIS_COLORS[axis][1];
      data[o + 10] = AXIS_COLORS[axis][2];
      data[o + 11] = 1;
      count++;
    }
    count = writeCapsule(data, count, globals, selectedNode, selectedNode, styles, CapsuleStyle.SELECTED_JOINT);
  }
  drawCapsules(gl, pass, count, frame.viewProjection, frame.width, frame.height);
}

/**
 * Writes capsule `index` (0 to pass.capacity − 1) of `pass`: from (sx, sy, sz) to (ex, ey, ez),
 * model space (the same point twice: a disc), with radii in framebuffer pixels and an sRGB colour
 * (3 floats in [0, 1]) of straight alpha `alpha`. For passes drawn with drawCapsules. Allocates
 * nothing; an index outside the pass's capacity writes nothing.
 */
export function setCapsule(
  pass: SkeletonPass,
  index: number,
  sx: number,
  sy: number,
  sz: number,
  ex: number,
  ey: number,
  ez: number,
  startRadius: number,
  endRadius: number,
  color: Float32Array,
  alpha: number,
): void {
  if (!(index >= 0 && index < pass.capacity)) return;
  const data = pass.data;
  const o = INSTANCE_FLOATS * index;
  data[o] = sx;
  data[o + 1] = sy;
  data[o + 2] = sz;
  data[o + 3] = ex;
  data[o + 4] = ey;
  data[o + 5] = ez;
  data[o + 6] = startRadius;
  data[o + 7] = endRadius;
  data[o + 8] = color[0];
  data[o + 9] = color[1];
  data[o + 10] = color[2];
  data[o + 11] = alpha;
}

/**
 * Draws the first `count` capsules of pass.data (as written by setCapsule or drawSkeletonPass), in
 * order, over whatever is in the framebuffer: depth test off, premultiplied blending. The view is
 * `width` × `height` framebuffer pixels; `viewProjection` takes model space to clip space.
 * Allocates nothing.
 */
export function drawCapsules(
  gl: WebGL2RenderingContext,
  pass: SkeletonPass,
  count: number,
  viewProjection: Float32Array,
  width: number,
  height: number,
): void {
  const drawn = Math.min(count, pass.capacity);
  if (!(drawn > 0)) return;
  gl.useProgram(pass.info.program);
  gl.disable(gl.DEPTH_TEST);
  gl.depthMask(false);
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  gl.uniformMatrix4fv(pass.viewProjection, false, viewProjection);
  gl.uniform2f(pass.viewportSize, width, height);
  gl.bindBuffer(gl.ARRAY_BUFFER, pass.instances);
  gl.bufferSubData(gl.ARRAY_BUFFER, 0, pass.data, 0, INSTANCE_FLOATS * drawn);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  gl.bindVertexArray(pass.vao);
  gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, drawn);
  gl.bindVertexArray(null);
  gl.depthMask(true);
}
