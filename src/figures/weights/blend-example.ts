// The worked example of chapter 2, computed by the skinning core itself at build time: two bones
// of the bend tube's kind — "upper" at the origin and "lower" from y = 1, both along +Y — and one
// vertex on the tube's surface at the joint, p = (0.25, 1, 0). The lower bone turns 90° about z
// at the joint; the upper one stays. The same vertex is then skinned with four sets of weights by
// the real pipeline: pose → animateFrame (locals, globals, palette) → skinVertices.
import { animateFrame, createPlayer } from '../../core/frame.ts';
import { createPose, type Model } from '../../core/model.ts';
import { composeLocal } from '../../core/pose.ts';
import { localToGlobal } from '../../core/hierarchy.ts';
import { inverseBindMatricesFor } from '../../core/bind-pose.ts';
import { skinVertices } from '../../core/skin.ts';

/** The vertex, bind-pose model space: on the surface (radius 0.25) at the joint's height. */
export const BLEND_VERTEX = [0.25, 1, 0] as const;
/** The lower bone's turn about z at the joint, degrees. */
export const BLEND_ANGLE_DEGREES = 90;

export interface BlendCase {
  /** What the row shows, in words. */
  label: string;
  /** Weights on (upper, lower). */
  weights: [number, number];
  /** The skinned position, model space. */
  position: Float32Array;
}

export interface BlendExample {
  /** Each bone's skinning matrix (the palette), 16 floats per bone: upper, then lower. */
  palette: Float32Array;
  cases: BlendCase[];
}

/** The two-bone model: upper at the origin, lower one unit up, bound in this rest pose. */
function twoBoneModel(): Model {
  const rest = createPose(2);
  rest.translations[4] = 1; // lower: (0, 1, 0) from upper
  const parents = Int16Array.from([-1, 0]);
  const bindGlobals = localToGlobal(new Float32Array(32), parents, composeLocal(new Float32Array(32), rest));
  const skin = { name: 'two bones', joints: Int16Array.from([0, 1]), inverseBindMatrices: new Float32Array(32), skeleton: 0 };
  inverseBindMatricesFor(skin.inverseBindMatrices, skin, bindGlobals);
  return {
    hierarchy: { count: 2, parents, names: ['upper', 'lower'], sourceIndex: Int32Array.from([0, 1]), rest },
    skins: [skin],
    meshes: [],
    clips: [],
    notes: [],
  };
}

export function computeBlendExample(): BlendExample {
  const player = createPlayer(twoBoneModel());
  const half = (BLEND_ANGLE_DEGREES * Math.PI) / 360;
  player.pose.rotations.set([0, 0, Math.sin(half), Math.cos(half)], 4);
  animateFrame(player, null);
  const palette = player.palettes[0];
  const skin = (label: string, weights: [number, number]): BlendCase => {
    const position = new Float32Array(3);
    const primitive = {
      vertexCount: 1,
      positions: Float32Array.from(BLEND_VERTEX),
      normals: null,
      joints: Uint16Array.from([0, 1, 0, 0]),
      weights: Float32Array.from([weights[0], weights[1], 0, 0]),
      indices: null,
    };
    skinVertices(position, null, primitive, palette);
    return { label, weights, position };
  };
  return {
    palette: Float32Array.from(palette),
    cases: [
      skin('upper bone only', [1, 0]),
      skin('lower bone only', [0, 1]),
      skin('half and half', [0.5, 0.5]),
      skin('half, lower dropped, not renormalised', [0.5, 0]),
    ],
  };
}
