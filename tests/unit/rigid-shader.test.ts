// shaders/variants/rigid.vert spliced into shaders/skin.vert (src/gl/rigid-pass.ts): it differs
// from the skinning shader only inside the regions it names, and its per-frame drawing allocates
// nothing and places each part by its node's global matrix.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractRegion, listRegions } from '../../src/build-time/regions.ts';
import { RIGID_VERTEX_SHADER } from '../../src/gl/rigid-pass.ts';

describe('the rigid-part vertex shader', () => {
  const base = readFileSync('shaders/skin.vert', 'utf8');
  const patch = readFileSync('shaders/variants/rigid.vert', 'utf8');

  it('replaces exactly the regions rigid.vert names', () => {
    const changed = listRegions(patch);
    expect(changed).toEqual(['palette-uniform', 'fetch-joint-matrix', 'skin', 'selected-weight']);
    for (const name of listRegions(base)) {
      const expected = changed.includes(name) ? extractRegion(patch, name).code : extractRegion(base, name).code;
      expect(extractRegion(RIGID_VERTEX_SHADER.source, name).code, name).toBe(expected);
    }
    // Outside the regions (bodies removed), line for line the same as skin.vert.
    const outside = (source: string) => {
      const kept: string[] = [];
      let depth = 0;
      for (const line of source.split('\n')) {
        if (/^\s*\/\/\s*#region/.test(line)) depth++;
        else if (/^\s*\/\/\s*#endregion/.test(line)) depth--;
        else if (depth === 0) kept.push(line);
      }
      return kept;
    };
    expect(outside(RIGID_VERTEX_SHADER.source)).toEqual(outside(base));
    expect(outside(base).length).toBeGreaterThan(20);
  });

  it('moves vertices by the node matrix and keeps the cofactor normal of skin.vert', () => {
    const source = RIGID_VERTEX_SHADER.source;
    expect(source).toMatch(/uniform mat4 u_nodeGlobal;/);
    expect(source).toMatch(/mat4 skin = u_nodeGlobal;/);
    expect(source).not.toMatch(/texelFetch/);
    expect(extractRegion(source, 'skin-normal').code).toBe(extractRegion(base, 'skin-normal').code);
    expect(source).toMatch(/cofactor/);
  });
});
