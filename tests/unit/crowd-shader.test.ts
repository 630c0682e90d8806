// The crowd's shaders (src/gl/crowd-pass.ts, crowd-cpu-pass.ts): shaders/variants/crowd.vert spliced into
// shaders/skin.vert differs from it only inside the three regions it names, so the skinning is
// chapter 8's line for line; the CPU path's shader splices skinned-on-cpu.vert in too; the
// faceted fragment shader changes only how shade.frag finds its normal.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractRegion, listRegions } from '../../src/build-time/regions.ts';
import { CROWD_SKINNED_ON_CPU_VERTEX_SHADER, FACETED_FRAGMENT_SHADER } from '../../src/gl/crowd-cpu-pass.ts';
import { CROWD_VERTEX_SHADER } from '../../src/gl/crowd-pass.ts';

/** The lines outside every region (region bodies and markers removed). */
function outside(source: string): string[] {
  const kept: string[] = [];
  let depth = 0;
  for (const line of source.split('\n')) {
    if (/^\s*\/\/\s*#region/.test(line)) depth++;
    else if (/^\s*\/\/\s*#endregion/.test(line)) depth--;
    else if (depth === 0) kept.push(line);
  }
  return kept;
}

/** Checks that `spliced` is `base` with the regions of each patch replaced, later patches winning. */
function expectSpliced(spliced: string, base: string, patches: string[]): void {
  const changedBy = new Map<string, string>();
  for (const patch of patches) for (const name of listRegions(patch)) changedBy.set(name, patch);
  for (const name of listRegions(base)) {
    const from = changedBy.get(name) ?? base;
    expect(extractRegion(spliced, name).code, name).toBe(extractRegion(from, name).code);
  }
  expect(outside(spliced)).toEqual(outside(base));
}

const skin = readFileSync('shaders/skin.vert', 'utf8');
const crowd = readFileSync('shaders/variants/crowd.vert', 'utf8');
const skinnedOnCpu = readFileSync('shaders/variants/skinned-on-cpu.vert', 'utf8');

describe('the crowd shaders', () => {
  it('replace exactly the regions crowd.vert names, keeping skin.vert\'s skinning', () => {
    expect(listRegions(crowd)).toEqual(['palette-uniform', 'fetch-joint-matrix', 'selected-weight']);
    expectSpliced(CROWD_VERTEX_SHADER.source, skin, [crowd]);
    expect(extractRegion(CROWD_VERTEX_SHADER.source, 'skin').code).toBe(extractRegion(skin, 'skin').code);
    expect(CROWD_VERTEX_SHADER.source).toMatch(/layout\(location = 4\) in vec4 a_placement;/);
    expect(CROWD_VERTEX_SHADER.source).toMatch(/layout\(location = 5\) in uint a_paletteBase;/);
    // Placed after skinning, before gl_Position is computed from the placed position.
    const source = CROWD_VERTEX_SHADER.source;
    expect(source.indexOf('v_skinnedPosition = heading * v_skinnedPosition')).toBeGreaterThan(source.indexOf('v_skinnedNormal = lengthSquared'));
    expect(source.indexOf('gl_Position = u_viewProjection * vec4(v_skinnedPosition, 1.0)')).toBeGreaterThan(source.indexOf('v_skinnedPosition = heading'));
  });

  it('on the CPU path, also pass the skinned positions through, as skinned-on-cpu.vert does', () => {
    expectSpliced(CROWD_SKINNED_ON_CPU_VERTEX_SHADER.source, skin, [crowd, skinnedOnCpu]);
    expect(extractRegion(CROWD_SKINNED_ON_CPU_VERTEX_SHADER.source, 'skin').code).toBe('v_skinnedPosition = a_position;');
    expect(extractRegion(CROWD_SKINNED_ON_CPU_VERTEX_SHADER.source, 'selected-weight').code).toBe(extractRegion(crowd, 'selected-weight').code);
  });

  it('light CPU-skinned positions by each triangle\'s own normal, and change nothing else of shade.frag', () => {
    const shade = readFileSync('shaders/shade.frag', 'utf8');
    const faceted = readFileSync('shaders/variants/faceted.frag', 'utf8');
    expect(listRegions(faceted)).toEqual(['surface-normal']);
    expectSpliced(FACETED_FRAGMENT_SHADER.source, shade, [faceted]);
    expect(extractRegion(FACETED_FRAGMENT_SHADER.source, 'surface-normal').code).toContain('cross(dFdx(v_skinnedPosition), dFdy(v_skinnedPosition))');
  });
});
