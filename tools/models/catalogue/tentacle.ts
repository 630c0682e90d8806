// A tentacle standing up +Y on a chain of 300 joints: the model for the skinning shader's bone
// limit. 300 matrices are more than a uniform array holds on many devices (256 vertex uniform
// vectors = 64 matrices), and skin joint indices above 255 need JOINTS_0 as unsigned shorts.
//
// Joints "segment.000" (the root, at the origin) … "segment.298", "tip", BONE_LENGTH apart up +Y,
// every one unrotated at bind. The tube tapers from the root to the tip; its rings are spaced by
// how far the curl bends the tentacle there (close near the tip, far apart near the root), and
// each ring is weighted linearly between the two nearest bone midpoints.
// Clip "curl" (4 s loop): the upper part rolls up into a spiral, from the tip downwards, and
// unrolls, while the root leans against the curl and sways. Every joint turns about its own +Z
// only, by (its bone length) × (the curvature of the tube there), so the angle grows towards the
// tip.

import { assembleModel } from '../assemble.ts';
import { sampleTrack, simplifyTracks } from '../clip.ts';
import { type Vec3, quatAxisAngle, radians, smoothstep } from '../math.ts';
import { type Influence, type Ring, addLathe, createMeshBuilder } from '../mesh.ts';
import { addBone, createRig } from '../rig.ts';
import type { ModelSpec, TrackSpec } from '../spec.ts';

const JOINT_COUNT = 300;
/**
 * Units: 1/128, so every joint's height (a multiple of it below 4) is exact in float32 and the
 * rest pose, composed joint by joint in float32, lands exactly on the bind pose. JOINT_COUNT bones
 * of this length make the tentacle 2.34375 units tall.
 */
const BONE_LENGTH = 1 / 128;
const HEIGHT = JOINT_COUNT * BONE_LENGTH;
const SEGMENTS = 10;
/** Tube radius at the root and at the tip, units; linear in between, with a flare at the root. */
const ROOT_RADIUS = 0.1;
const TIP_RADIUS = 0.007;
const FLARE = 0.035;
const FLARE_HEIGHT = 0.12;

/** Length of the part that rolls up, measured from the tip, units. */
const CURL_LENGTH = 1.5;
/**
 * The rolled-up part is a logarithmic spiral: its radius of curvature at distance σ from the tip
 * is SPIRAL_GROWTH · (σ + SPIRAL_OFFSET) units, so the curvature grows towards the tip.
 */
const SPIRAL_GROWTH = 0.25;
const SPIRAL_OFFSET = 0.15;
/** Length over which the curvature fades in at the bottom of the curl and at the rolling front, units. */
const FADE_LENGTH = 0.3;
/** Seconds: the loop, and the times the rolling front leaves the tip and reaches the bottom of the curl. */
const PERIOD = 4;
const ROLL_START = 0.2;
const ROLL_END = 1.6;
/** Keys per second. */
const RATE = 6;
/** Degrees the root leans away from the curl when fully rolled, and its sway amplitude. */
const LEAN = 10;
const SWAY = 4;
/** Largest turn of the curl between two neighbouring rings, degrees; sets the ring spacing. */
const TURN_PER_RING = 5;
const MAX_RING_SPACING = 0.04;

const jointName = (i: number): string =>
  i === JOINT_COUNT - 1 ? 'tip' : `segment.${String(i).padStart(3, '0')}`;

/** Tube radius at height s (0 … HEIGHT), units. */
function radiusAt(s: number): number {
  const taper = TIP_RADIUS + (ROOT_RADIUS - TIP_RADIUS) * (1 - s / HEIGHT);
  return taper + FLARE * (1 - smoothstep(0, FLARE_HEIGHT, s));
}

/** Curvature of the fully rolled tentacle at height s, radians per unit (0 below the curl). */
function spiralCurvature(s: number): number {
  const fromTip = HEIGHT - s;
  const fadeIn = 1 - smoothstep(CURL_LENGTH - FADE_LENGTH, CURL_LENGTH, fromTip);
  return fadeIn / (SPIRAL_GROWTH * (fromTip + SPIRAL_OFFSET));
}

/** How far the clip has rolled up at t seconds: 0 straight, 1 fully rolled; symmetric about PERIOD / 2. */
function rolled(t: number): number {
  const phase = ((t % PERIOD) + PERIOD) % PERIOD;
  return smoothstep(ROLL_START, ROLL_END, Math.min(phase, PERIOD - phase));
}

/** Share of its full curvature that height s has at t seconds: the rolling front moves down from the tip. */
function curlShare(s: number, t: number): number {
  const front = rolled(t) * (CURL_LENGTH + FADE_LENGTH);
  return 1 - smoothstep(front - FADE_LENGTH, front, HEIGHT - s);
}

/** Local turn of joint i about its +Z at t seconds, radians (positive turns +Y towards −X). */
function jointTurn(i: number, t: number): number {
  if (i === 0) {
    return radians(-LEAN * rolled(t) + SWAY * Math.sin((2 * Math.PI * 2 * t) / PERIOD));
  }
  const s = i * BONE_LENGTH;
  return BONE_LENGTH * spiralCurvature(s) * curlShare(s, t);
}

/** Ring heights from the root to the tip: close where the curl bends most, at most MAX_RING_SPACING apart. */
function ringHeights(): number[] {
  const heights = [0];
  const turnPerRing = radians(TURN_PER_RING);
  for (let s = 0; s < HEIGHT; ) {
    const spacing = Math.min(MAX_RING_SPACING, Math.max(BONE_LENGTH, turnPerRing / spiralCurvature(s)));
    s = Math.min(HEIGHT, s + spacing);
    heights.push(s);
  }
  return heights;
}

export function buildTentacle(): ModelSpec {
  const rig = createRig();
  const zHint: Vec3 = [0, 0, 1];
  const joints: number[] = [];
  for (let i = 0; i < JOINT_COUNT; i++) {
    joints.push(
      addBone(rig, {
        name: jointName(i),
        parent: i === 0 ? -1 : joints[i - 1],
        head: [0, i * BONE_LENGTH, 0],
        tail: [0, (i + 1) * BONE_LENGTH, 0],
        zHint,
      }),
    );
  }

  // Linear blend between the midpoints of the two nearest bones, at most two per vertex.
  const weightsAt = (s: number): Influence[] => {
    const position = (s - BONE_LENGTH / 2) / BONE_LENGTH;
    if (position <= 0) return [[joints[0], 1]];
    if (position >= JOINT_COUNT - 1) return [[joints[JOINT_COUNT - 1], 1]];
    const lower = Math.floor(position);
    const toUpper = position - lower;
    return [
      [joints[lower], 1 - toUpper],
      [joints[lower + 1], toUpper],
    ];
  };

  // u × v = +Y: u = +Z, v = +X. A flat base disc (a pole at the origin), the tube, a rounded tip.
  const ringAt = (s: number, scale: number): Ring => ({
    center: [0, s, 0],
    u: [0, 0, 1],
    v: [1, 0, 0],
    radiusU: radiusAt(Math.min(s, HEIGHT)) * scale,
    radiusV: radiusAt(Math.min(s, HEIGHT)) * scale,
  });
  const rings: Ring[] = [{ ...ringAt(0, 0), radiusU: 0, radiusV: 0 }, ringAt(0, 0.75)];
  for (const s of ringHeights()) rings.push(ringAt(s, 1));
  for (const angle of [35, 65]) {
    const lift = TIP_RADIUS * Math.sin(radians(angle));
    rings.push({ ...ringAt(HEIGHT, Math.cos(radians(angle))), center: [0, HEIGHT + lift, 0] });
  }
  rings.push({ ...ringAt(HEIGHT, 0), center: [0, HEIGHT + TIP_RADIUS, 0], radiusU: 0, radiusV: 0 });
  const mesh = createMeshBuilder();
  addLathe(mesh, rings, SEGMENTS, (point) => weightsAt(point[1]));

  const aboutZ: Vec3 = [0, 0, 1];
  const sampled: TrackSpec[] = joints.map((joint, i) =>
    sampleTrack(joint, 'rotation', RATE, PERIOD, true, (t) => [...quatAxisAngle(aboutZ, jointTurn(i, t))]),
  );
  // Joints below the curl never turn: their tracks equal the rest pose and are left out.
  const moving = simplifyTracks(sampled, (node) => [...rig.nodes[node].rotation]);
  // Every moving track has the same key times: one array, written once as a shared input accessor.
  const times = moving[0].times;
  const tracks = moving.map((track) => {
    if (track.times.length !== times.length || track.times.some((time, k) => time !== times[k])) {
      throw new Error(`tentacle: track on node ${track.node} has its own key times`);
    }
    return { ...track, times };
  });

  const keyed = new Set(tracks.map((track) => track.node));
  const firstCurled = joints.findIndex((joint, i) => i > 0 && keyed.has(joint));

  return assembleModel({
    name: 'tentacle',
    description: `A tapered tentacle on a chain of ${JOINT_COUNT} joints, more than a uniform array of bone matrices holds, whose upper part rolls up into a spiral and unrolls.`,
    chapters: ['The skinning shader'],
    notes: [
      `Joints 1/128 = ${BONE_LENGTH} apart up +Y, every one unrotated: \`segment.000\` (the root) at the origin, \`tip\` at y = ${HEIGHT - BONE_LENGTH}; joint i sits at y = i / 128 and its inverse bind matrix is translate(0, −i / 128, 0), exact in float32, so the rest pose composed in float32 is exactly the bind pose.`,
      `JOINTS_0 are unsigned shorts: vertices near the tip use skin joints up to ${maxUsedJoint(mesh.influences, joints)}, past the 255 an unsigned byte holds.`,
      `Tube radius ${ROOT_RADIUS} at the root tapering linearly to ${TIP_RADIUS} at y = ${HEIGHT}, plus a flare of ${FLARE} fading out over the lowest ${FLARE_HEIGHT}; a flat base and a rounded tip. ${SEGMENTS} vertices around each ring; rings at most ${TURN_PER_RING}° of full curl and ${MAX_RING_SPACING} units apart, so they crowd towards the tip.`,
      'Weights blend linearly between the midpoints of neighbouring bones, at most two per vertex.',
      `\`curl\`: every joint turns about its own +Z only (positive angles swing the tentacle towards −X). Fully rolled, the top ${CURL_LENGTH} units form a logarithmic spiral: the radius of curvature at σ units from the tip is ${SPIRAL_GROWTH}·(σ + ${SPIRAL_OFFSET}), faded in over the spiral's lowest ${FADE_LENGTH}, and joint i turns 1/128 over that radius (σ_i = (${JOINT_COUNT} − i) / 128), up to ${degrees(jointTurn(JOINT_COUNT - 1, PERIOD / 2)).toFixed(1)}° at \`tip\`.`,
      `The rolling front leaves the tip at ${ROLL_START} s and reaches the bottom of the spiral at ${ROLL_END} s (smoothstep), the spiral holds until ${PERIOD - ROLL_END} s and unrolls by ${PERIOD - ROLL_START} s. The root leans up to ${LEAN}° away from the curl and sways ±${SWAY}° twice per loop.`,
      `Only the root and the ${tracks.length - 1} joints of the spiral are keyed; \`segment.001\` … \`segment.${String(firstCurled - 1).padStart(3, '0')}\` never turn and have no track. The ${tracks.length} channels share one key-time accessor.`,
    ],
    rig,
    joints,
    skeleton: joints[0],
    meshName: 'tentacle',
    mesh,
    material: { name: 'mauve', baseColor: [0.42, 0.16, 0.36, 1], metallic: 0, roughness: 0.55 },
    clips: [{ name: 'curl', loops: true, tracks }],
  });
}

function degrees(radiansAngle: number): number {
  return (radiansAngle * 180) / Math.PI;
}

/** Largest skin joint index any vertex uses (skin order = `joints` order). */
function maxUsedJoint(influences: Influence[][], joints: number[]): number {
  let largest = 0;
  for (const vertex of influences) {
    for (const [node, weight] of vertex) if (weight > 0) largest = Math.max(largest, joints.indexOf(node));
  }
  return largest;
}
