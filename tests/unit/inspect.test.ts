// The inspect CLI: argument handling, the human report, and the --json contract.
import { describe, expect, it } from 'vitest';
import { main, parseArguments } from '../../tools/inspect.ts';
import { Playback } from '../../src/core/index.ts';

function run(args: string[]) {
  let out = '';
  let err = '';
  const code = main(args, (t) => (out += t), (t) => (err += t));
  return { code, out, err };
}

describe('inspect CLI', () => {
  it('parses its options', () => {
    expect(parseArguments(['a.glb', '--clip', 'walk', '--time', '1.5', '--json', '--loop'])).toEqual({
      file: 'a.glb',
      clip: 'walk',
      time: 1.5,
      playback: Playback.LOOP,
      json: true,
    });
  });

  it('prints the node tree, skins with inverse bind matrices, influences and clips', () => {
    const { code, out } = run(['public/models/two-bones.glb']);
    expect(code).toBe(0);
    expect(out).toMatch(/● root #0 {2}\[skin 0 joint 0\]/);
    expect(out).toMatch(/└─ ● child #1 {2}\[skin 0 joint 1\]/);
    expect(out).toMatch(/○ \S+ #2 {2}\[skinned mesh 0/);
    // The child's inverse bind matrix is a translation by −1 on Y (fourth column, second row).
    expect(out).toContain('[        0         1         0        -1 ]');
    expect(out).toMatch(/influences per vertex: max 2/);
    expect(out).toMatch(/weight sums: min 1\.000000, max 1\.000000/);
    expect(out).toMatch(/child #1\.rotation: LINEAR, \d+ keys/);
  });

  it('prints one JSON object: identity palette and bind-pose positions when no clip is given', () => {
    const { code, out } = run(['public/models/two-bones.glb', '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(Object.keys(json)).toEqual(['nodes', 'skins', 'meshes']);
    expect(json.nodes).toEqual([
      { name: 'root', parent: -1 },
      { name: 'child', parent: 0 },
      { name: expect.any(String), parent: -1 },
    ]);
    expect(json.skins[0].joints).toEqual([0, 1]);
    for (const matrix of json.skins[0].palette) {
      matrix.forEach((x: number, i: number) => expect(x).toBeCloseTo(i % 5 === 0 ? 1 : 0, 6));
    }
    const { positions, normals } = json.meshes[0].primitives[0];
    expect(positions.length).toBe(normals.length);
    expect(positions.length % 3).toBe(0);
  });

  it('evaluates a clip at a time: the palette moves off the identity', () => {
    const bind = JSON.parse(run(['public/models/two-bones.glb', '--json']).out);
    const posed = JSON.parse(run(['public/models/two-bones.glb', '--json', '--clip', '0', '--time', '0.5']).out);
    const moved = posed.meshes[0].primitives[0].positions.some(
      (x: number, i: number) => Math.abs(x - bind.meshes[0].primitives[0].positions[i]) > 1e-3,
    );
    expect(moved).toBe(true);
  });

  describe('invalid input', () => {
    it('exits 2 with usage on bad arguments', () => {
      for (const args of [[], ['--time'], ['a.glb', '--time', 'soon'], ['a.glb', '--frobnicate'], ['a.glb', 'b.glb']]) {
        const { code, err } = run(args);
        expect(code, args.join(' ')).toBe(2);
        expect(err).toContain('usage: npm run inspect');
      }
    });
    it('exits 1 naming the file and the problem', () => {
      expect(run(['no-such-file.glb']).err).toBe('inspect: no-such-file.glb: no such file\n');
      expect(run(['package.json']).err).toMatch(/^inspect: package\.json: asset: is required/);
      const clip = run(['public/models/two-bones.glb', '--clip', 'nope']);
      expect(clip.code).toBe(1);
      expect(clip.err).toMatch(/--clip: no clip "nope" \(clips: 0 "\w+"\)/);
    });
  });
});
