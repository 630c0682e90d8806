// Draw pass: the vertex inspector's marks. For one vertex, each influence's candidate position
// Mᵢ × v (a "ghost" point in that influence's colour), a line from each ghost to the final, skinned
// position, and the final point itself — drawn over everything, like the skeleton overlay, with the
// overlay's capsule shader (shaders/overlay.*) and its pass (skeleton-pass.ts).
//
// Ghosts and lines lie on a light halo, and the shader darkens the rim of every stroke 2 px or
// wider: dark and light edges in turn, so the marks read on a light or a dark stage and over any
// surface colour. The final point is in the page's text colour, which contrasts with the stage.

import { createSkeletonPass, drawCapsules, setCapsule, type SkeletonPass } from './skeleton-pass.ts';

/** Influences a vertex has at most: one ghost and one line each. */
const MAX_MARKS = 4;
/** Capsules drawn at most: a halo and a stroke per line and per ghost, and the final point. */
const CAPACITY = 4 * MAX_MARKS + 1;

/**
 * Radii in CSS pixels (multiplied by the pixel ratio). The final point is a small dot drawn last,
 * in the text colour (which contrasts with the stage) and with no halo, so that on a ghost that
 * coincides with it (in the bind pose, or for a weight of 1) it sits inside a ring of the ghost's
 * colour; the shader's dark rim takes the outer 1.5 pixels of every mark.
 */
const LINE_RADIUS = 1;
const LINE_HALO_RADIUS = 2.5;
const GHOST_RADIUS = 5.5;
const GHOST_HALO_RADIUS = 7.5;
const FINAL_RADIUS = 2.5;

export type InspectorPass = SkeletonPass;

/** Compiles the overlay program for the marks (throws ShaderError). */
export function createInspectorPass(gl: WebGL2RenderingContext): InspectorPass {
  return createSkeletonPass(gl, CAPACITY);
}

/** What the marks show; every array is read only and owned by the caller. */
export interface InspectorMarks {
  /** Model space → clip space. */
  viewProjection: Float32Array;
  /** Framebuffer size in pixels, and pixels per CSS pixel. */
  width: number;
  height: number;
  pixelRatio: number;
  /** Ghosts to draw (0 to 4): candidates[3i..3i+3) is ghost i, model space. */
  count: number;
  candidates: Float32Array;
  /** The final, skinned position (3 floats, model space). */
  position: Float32Array;
  /** sRGB colours in [0, 1] (3 floats each): one per ghost (4), the final point, the halos of ghosts and lines. */
  ghostColors: Float32Array[];
  finalColor: Float32Array;
  haloColor: Float32Array;
}

/**
 * Draws the marks over whatever is in the framebuffer (depth test off, premultiplied blending):
 * the lines on their halos, the ghosts on theirs, and the final point on top. Allocates nothing.
 */
export function drawInspectorPass(gl: WebGL2RenderingContext, pass: InspectorPass, marks: InspectorMarks): void {
  const { candidates, position, pixelRatio, haloColor, ghostColors } = marks;
  const count = Math.min(Math.max(0, marks.count), MAX_MARKS);
  const px = position[0], py = position[1], pz = position[2];
  let index = 0;
  // Halos of the lines, then the lines: from each ghost to the final point.
  for (let stroke = 0; stroke < 2; stroke++) {
    const radius = (stroke === 0 ? LINE_HALO_RADIUS : LINE_RADIUS) * pixelRatio;
    for (let i = 0; i < count; i++) {
      const c = 3 * i;
      const color = stroke === 0 ? haloColor : ghostColors[i];
      setCapsule(pass, index++, candidates[c], candidates[c + 1], candidates[c + 2], px, py, pz, radius, radius, color, 1);
    }
  }
  // Halos of the ghosts, then the ghosts.
  for (let stroke = 0; stroke < 2; stroke++) {
    const radius = (stroke === 0 ? GHOST_HALO_RADIUS : GHOST_RADIUS) * pixelRatio;
    for (let i = 0; i < count; i++) {
      const c = 3 * i;
      const color = stroke === 0 ? haloColor : ghostColors[i];
      setCapsule(pass, index++, candidates[c], candidates[c + 1], candidates[c + 2], candidates[c], candidates[c + 1], candidates[c + 2], radius, radius, color, 1);
    }
  }
  // The final point, on top.
  setCapsule(pass, index++, px, py, pz, px, py, pz, FINAL_RADIUS * pixelRatio, FINAL_RADIUS * pixelRatio, marks.finalColor, 1);
  drawCapsules(gl, pass, index, marks.viewProjection, marks.width, marks.height);
}
