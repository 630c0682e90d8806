// The bundle's shaders lose their comments but keep their lines and region markers
// (src/build-time/glsl-comments.ts): error line numbers and run-time region splicing still work.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blankGlslComments } from '../../src/build-time/glsl-comments.ts';
import { listRegions } from '../../src/build-time/regions.ts';

describe('blankGlslComments', () => {
  it('blanks line and block comments, keeps every line and the code on it', () => {
    expect(blankGlslComments('a; // x\n/* b\n c */ d;\n// #region r\ne;\n  // #endregion r')).toBe('a;\n\n d;\n// #region r\ne;\n  // #endregion r');
  });

  it('keeps the line count, the regions and the code of every shader', () => {
    for (const file of ['skin.vert', 'skin-dq.vert', 'shade.frag', 'ground.vert', 'ground.frag', 'overlay.vert', 'overlay.frag']) {
      const source = readFileSync(`shaders/${file}`, 'utf8');
      const blanked = blankGlslComments(source);
      expect(blanked.split('\n').length, file).toBe(source.split('\n').length);
      expect(listRegions(blanked), file).toEqual(listRegions(source));
      expect(blanked.length, file).toBeLessThan(0.8 * source.length);
      // Every code line is still there, character for character, up to its comment.
      source.split('\n').forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '').trimEnd();
        if (code.trim() !== '' && !line.includes('/*') && !line.includes('*/') && !line.trim().startsWith('*')) expect(blanked.split('\n')[i], `${file}:${i + 1}`).toBe(code);
      });
    }
  });
});
