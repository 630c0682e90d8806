// An orbit camera: it circles a target point at some distance, looking at it, with the model's +Y
// up. State is four numbers (yaw, pitch, distance, target); updateOrbitCamera turns them into
// matrices in buffers the camera owns, allocating nothing, and only when they changed.

/** Vertical field of view, radians. */
const FIELD_OF_VIEW = (35 * Math.PI) / 180;
/** Framing leaves this factor of room around a framed box (1 = touching the edges). */
const FRAME_MARGIN = 1.04;
/** Pitch stays inside ±this (radians) so the view never flips over the pole. */
const PITCH_LIMIT = (85 * Math.PI) / 180;

export interface OrbitCamera {
  /** Radians around +Y; 0 looks at the target from +Z. */
  yaw: number;
  /** Radians above the horizon (negative: from below), within ±85°. */
  pitch: number;
  /** Distance to the target, model units; kept within [minDistance, maxDistance]. */
  distance: number;
  /** The point looked at, model space (3 floats). */
  target: Float32Array;
  minDistance: number;
  maxDistance: number;
  /** The framing set by frameBox, restored by resetOrbitCamera. */
  home: { yaw: number; pitch: number; distance: number; target: Float32Array };
  /** Outputs of updateOrbitCamera, owned by the camera; read only for everybody else. */
  view: Float32Array;
  projection: Float32Array;
  viewProjection: Float32Array;
  /** Camera position, model space (3 floats). */
  position: Float32Array;
  /** Unit vectors of the camera's frame in model space: right, up, and back (towards the viewer). */
  right: Float32Array;
  up: Float32Array;
  back: Float32Array;
  /**
   * What the outputs were last computed for — yaw, pitch, distance, target (3), maxDistance, and
   * the view's width ÷ height — NaN before the first update: a camera nobody moved is not
   * recomputed every frame.
   */
  computedFor: Float64Array;
}

export function createOrbitCamera(): OrbitCamera {
  return {
    yaw: 0.5,
    pitch: 0.2,
    distance: 5,
    target: new Float32Array(3),
    minDistance: 0.01,
    maxDistance: 1000,
    home: { yaw: 0.5, pitch: 0.2, distance: 5, target: new Float32Array(3) },
    view: new Float32Array(16),
    projection: new Float32Array(16),
    viewProjection: new Float32Array(16),
    position: new Float32Array(3),
    right: new Float32Array(3),
    up: new Float32Array(3),
    back: new Float32Array(3),
    computedFor: new Float64Array(8).fill(Number.NaN),
  };
}

/**
 * Aims the camera at the centre of an axis-aligned box (min and max corners, model units) from the
 * given yaw and pitch (radians), at the smallest distance where all eight corners fit the view at
 * aspect ratio `aspect` (width / height) with a small margin; also makes that the home view, and
 * sets the zoom limits from the box's size.
 */
export function frameBox(camera: OrbitCamera, min: ArrayLike<number>, max: ArrayLike<number>, aspect: number, yaw: number, pitch: number): void {
  const halfDiagonal = aimAtBox(camera, min, max, aspect, yaw, pitch);
  camera.minDistance = 0.3 * halfDiagonal;
  camera.maxDistance = 12 * halfDiagonal;
  camera.distance = Math.min(camera.maxDistance, Math.max(camera.minDistance, camera.distance));
  camera.home.yaw = camera.yaw;
  camera.home.pitch = camera.pitch;
  camera.home.distance = camera.distance;
  camera.home.target.set(camera.target);
}

/**
 * Aims the camera as frameBox does, but keeps the home view (resetOrbitCamera still returns to the
 * last frameBox) and only widens the zoom limits, so that they allow both views. For framing what
 * the figure shows at one moment (the Fit button). Returns the box's half diagonal, model units.
 */
export function aimAtBox(camera: OrbitCamera, min: ArrayLike<number>, max: ArrayLike<number>, aspect: number, yaw: number, pitch: number): number {
  const cx = (min[0] + max[0]) / 2;
  const cy = (min[1] + max[1]) / 2;
  const cz = (min[2] + max[2]) / 2;
  const halfDiagonal = Math.max(1e-3, Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2);
  camera.yaw = yaw;
  camera.pitch = Math.min(PITCH_LIMIT, Math.max(-PITCH_LIMIT, pitch));
  camera.target[0] = cx;
  camera.target[1] = cy;
  camera.target[2] = cz;
  camera.distance = 1;
  updateOrbitCamera(camera, aspect, 1);
  const tanVertical = Math.tan(FIELD_OF_VIEW / 2) / FRAME_MARGIN;
  const tanHorizontal = tanVertical * Math.max(aspect, 0.1);
  let distance = 0;
  for (let corner = 0; corner < 8; corner++) {
    const dx = (corner & 1 ? max[0] : min[0]) - cx;
    const dy = (corner & 2 ? max[1] : min[1]) - cy;
    const dz = (corner & 4 ? max[2] : min[2]) - cz;
    const x = dx * camera.right[0] + dy * camera.right[1] + dz * camera.right[2];
    const y = dx * camera.up[0] + dy * camera.up[1] + dz * camera.up[2];
    const z = dx * camera.back[0] + dy * camera.back[1] + dz * camera.back[2];
    // A corner at depth z (towards the viewer) fits when |x| ≤ (d − z)·tan(half-angle), same for y.
    distance = Math.max(distance, z + Math.abs(x) / tanHorizontal, z + Math.abs(y) / tanVertical);
  }
  camera.minDistance = Math.min(camera.minDistance, 0.3 * halfDiagonal);
  camera.maxDistance = Math.max(camera.maxDistance, 12 * halfDiagonal);
  camera.distance = Math.min(camera.maxDistance, Math.max(camera.minDistance, distance));
  return halfDiagonal;
}

/** Returns to the framing of the last frameSphere. */
export function resetOrbitCamera(camera: OrbitCamera): void {
  camera.yaw = camera.home.yaw;
  camera.pitch = camera.home.pitch;
  camera.distance = camera.home.distance;
  camera.target.set(camera.home.target);
}

/** Turns the camera by the given angles (radians), clamping the pitch. */
export function orbitBy(camera: OrbitCamera, deltaYaw: number, deltaPitch: number): void {
  camera.yaw = (camera.yaw + deltaYaw) % (2 * Math.PI);
  camera.pitch = Math.min(PITCH_LIMIT, Math.max(-PITCH_LIMIT, camera.pitch + deltaPitch));
}

/** Multiplies the distance by `factor` (< 1 moves closer), within the camera's limits. */
export function zoomBy(camera: OrbitCamera, factor: number): void {
  if (!(factor > 0) || !Number.isFinite(factor)) return;
  camera.distance = Math.min(camera.maxDistance, Math.max(camera.minDistance, camera.distance * factor));
}

/**
 * Recomputes position, frame vectors, view, projection and viewProjection for a view `width` ×
 * `height` (any unit: only their ratio counts), unless none of what they depend on changed since
 * the last time. The frame loops pass the framebuffer's whole pixels: a ratio passed in, a number
 * with a fraction, would be boxed on the heap every frame wherever the JavaScript engine does not
 * inline the call. The check is a function of its own, so that the engine optimises it as soon as
 * it runs every frame (it counts a function's runs against its size).
 */
export function updateOrbitCamera(camera: OrbitCamera, width: number, height: number): void {
  const { target, computedFor } = camera;
  const aspect = width / (height > 1e-6 ? height : 1e-6);
  if (
    computedFor[0] === camera.yaw &&
    computedFor[1] === camera.pitch &&
    computedFor[2] === camera.distance &&
    computedFor[3] === target[0] &&
    computedFor[4] === target[1] &&
    computedFor[5] === target[2] &&
    computedFor[6] === camera.maxDistance &&
    computedFor[7] === aspect
  ) {
    return;
  }
  computedFor[0] = camera.yaw;
  computedFor[1] = camera.pitch;
  computedFor[2] = camera.distance;
  computedFor[3] = target[0];
  computedFor[4] = target[1];
  computedFor[5] = target[2];
  computedFor[6] = camera.maxDistance;
  computedFor[7] = aspect;
  computeOrbitCamera(camera, aspect);
}

/** updateOrbitCamera's work: the camera's outputs for the view's `aspect` (width ÷ height). */
function computeOrbitCamera(camera: OrbitCamera, aspect: number): void {
  const { target, position, right, up, back, view, projection, viewProjection } = camera;
  const cosPitch = Math.cos(camera.pitch);
  back[0] = Math.sin(camera.yaw) * cosPitch;
  back[1] = Math.sin(camera.pitch);
  back[2] = Math.cos(camera.yaw) * cosPitch;
  position[0] = target[0] + back[0] * camera.distance;
  position[1] = target[1] + back[1] * camera.distance;
  position[2] = target[2] + back[2] * camera.distance;
  // right = normalize(worldUp × back), with worldUp = +Y: (back.z, 0, −back.x) / |…|.
  // Math.hypot boxes its arguments where the engine does not inline it; these cannot overflow.
  const rightLength = Math.sqrt(back[2] * back[2] + back[0] * back[0]);
  right[0] = back[2] / rightLength;
  right[1] = 0;
  right[2] = -back[0] / rightLength;
  // up = back × right.
  up[0] = back[1] * right[2] - back[2] * right[1];
  up[1] = back[2] * right[0] - back[0] * right[2];
  up[2] = back[0] * right[1] - back[1] * right[0];

  // View = inverse of the camera's rigid transform: rows are right, up, back; then −R·position.
  view[0] = right[0]; view[4] = right[1]; view[8] = right[2];
  view[1] = up[0]; view[5] = up[1]; view[9] = up[2];
  view[2] = back[0]; view[6] = back[1]; view[10] = back[2];
  view[3] = 0; view[7] = 0; view[11] = 0;
  view[12] = -(right[0] * position[0] + right[1] * position[1] + right[2] * position[2]);
  view[13] = -(up[0] * position[0] + up[1] * position[1] + up[2] * position[2]);
  view[14] = -(back[0] * position[0] + back[1] * position[1] + back[2] * position[2]);
  view[15] = 1;

  // Perspective with near/far around the target, so depth precision follows the zoom.
  const near = Math.max(camera.distance * 0.02, 1e-4);
  const far = camera.distance * 10 + camera.maxDistance * 0.05;
  const f = 1 / Math.tan(FIELD_OF_VIEW / 2);
  projection.fill(0);
  projection[0] = f / Math.max(aspect, 1e-6);
  projection[5] = f;
  projection[10] = (far + near) / (near - far);
  projection[11] = -1;
  projection[14] = (2 * far * near) / (near - far);

  // viewProjection = projection × view (projection has only 5 non-zero entries).
  for (let column = 0; column < 4; column++) {
    const o = 4 * column;
    const x = view[o], y = view[o + 1], z = view[o + 2], w = view[o + 3];
    viewProjection[o] = projection[0] * x;
    viewProjection[o + 1] = projection[5] * y;
    viewProjection[o + 2] = projection[10] * z + projection[14] * w;
    viewProjection[o + 3] = -z;
  }
}

/**
 * Unprojects the point (x, y) of the view — CSS pixels from the top-left corner of a view `width`
 * × `height` CSS pixels large — into the ray the camera sees it along, as last set by
 * updateOrbitCamera: outOrigin = the camera's position, outDirection = a unit vector, both model
 * space (3 floats each, written). A view-space direction (xᵥ, yᵥ, −1) lands at normalised device
 * coordinates (projection[0]·xᵥ, projection[5]·yᵥ), so xᵥ = ndcX / projection[0] and likewise for
 * y; the camera's right, up and back vectors then take it to model space. A view with no area
 * gives the ray through its centre. Allocates nothing.
 */
export function rayThroughViewPoint(
  outOrigin: Float32Array,
  outDirection: Float32Array,
  camera: OrbitCamera,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const { position, right, up, back, projection } = camera;
  const ndcX = width > 0 ? (2 * x) / width - 1 : 0;
  const ndcY = height > 0 ? 1 - (2 * y) / height : 0;
  const viewX = ndcX / projection[0];
  const viewY = ndcY / projection[5];
  let length = 0;
  for (let i = 0; i < 3; i++) {
    outOrigin[i] = position[i];
    outDirection[i] = right[i] * viewX + up[i] * viewY - back[i];
    length += outDirection[i] * outDirection[i];
  }
  length = Math.sqrt(length);
  for (let i = 0; i < 3; i++) outDirection[i] /= length;
}
