// The inspect CLI: argument handling, the human report, and the --json contract.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeModel, loadModelFile, main, MAX_DRAWN_DEPTH, parseArguments } from '../../tools/inspect.ts';
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

  describe('files at the loader’s limits', () => {
    const folder = mkdtempSync(join(tmpdir(), 'inspect-test-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    /** The lines of the report's node tree. */
    const treeLines = (out: string) => out.slice(out.indexOf('Nodes ('), out.indexOf('\n\nClips (')).split('\n').slice(1);

    it('prints a chain 32,767 nodes deep, indenting at most MAX_DRAWN_DEPTH levels', () => {
      const count = 32767;
      const nodes = Array.from({ length: count }, (_, i) => (i + 1 < count ? { name: `n${i}`, children: [i + 1] } : { name: `n${i}` }));
      const file = join(folder, 'chain.gltf');
      writeFileSync(file, JSON.stringify({ asset: { version: '2.0' }, nodes }));
      const { code, out, err } = run([file]);
      expect(err).toBe('');
      expect(code).toBe(0);
      const lines = treeLines(out);
      expect(lines).toHaveLength(count);
      expect(lines[0]).toBe('  ○ n0 #0');
      expect(lines[1]).toBe('  └─ ○ n1 #1');
      expect(lines[2]).toBe('     └─ ○ n2 #2');
      expect(lines[MAX_DRAWN_DEPTH]).toBe(`  ${'   '.repeat(MAX_DRAWN_DEPTH - 1)}└─ ○ n${MAX_DRAWN_DEPTH} #${MAX_DRAWN_DEPTH}`);
      expect(lines[MAX_DRAWN_DEPTH + 1]).toBe(
        `  ${'   '.repeat(MAX_DRAWN_DEPTH - 1)}└─ (depth ${MAX_DRAWN_DEPTH + 1}) ○ n${MAX_DRAWN_DEPTH + 1} #${MAX_DRAWN_DEPTH + 1}`,
      );
      expect(lines[count - 1]).toBe(`  ${'   '.repeat(MAX_DRAWN_DEPTH - 1)}└─ (depth ${count - 1}) ○ n${count - 1} #${count - 1}`);
      // Output proportional to the node count: no line longer than the capped indentation allows.
      expect(lines.reduce((longest, line) => Math.max(longest, line.length), 0)).toBeLessThan(3 * MAX_DRAWN_DEPTH + 40);
    });

    it('prints a file whose loading gives 200,000 notes', () => {
      // A .glb whose JSON chunk is followed by 200,000 empty chunks of an unknown type: one note each.
      const text = JSON.stringify({ asset: { version: '2.0' }, nodes: [{ name: 'only' }] });
      const json = new TextEncoder().encode(text.padEnd(Math.ceil(text.length / 4) * 4));
      const chunks = 200_000;
      const glb = new Uint8Array(12 + 8 + json.length + 8 * chunks);
      const view = new DataView(glb.buffer);
      view.setUint32(0, 0x46546c67, true); // "glTF"
      view.setUint32(4, 2, true);
      view.setUint32(8, glb.length, true);
      view.setUint32(12, json.length, true);
      view.setUint32(16, 0x4e4f534a, true); // "JSON"
      glb.set(json, 20);
      for (let k = 0, at = 20 + json.length; k < chunks; k++, at += 8) view.setUint32(at + 4, 0x12345678, true);
      const file = join(folder, 'notes.glb');
      writeFileSync(file, glb);
      const notes = loadModelFile(file).notes;
      expect(notes).toHaveLength(chunks);
      const { code, out, err } = run([file]);
      expect(err).toBe('');
      expect(code).toBe(0);
      const printed = out.slice(out.indexOf('\nLoader notes\n')).trimEnd().split('\n').slice(2);
      expect(printed).toHaveLength(chunks);
      expect(printed[0]).toBe(`  - ${notes[0]}`);
      expect(printed[chunks - 1]).toBe(`  - glb.chunks[${chunks}]: unknown chunk type 0x12345678 ignored`);
    });

    it('describes a Model with 200,000 notes (the report alone)', () => {
      const model = loadModelFile('public/models/two-bones.glb');
      const notes = Array.from({ length: 200_000 }, (_, i) => `note ${i}`);
      const report = describeModel({ ...model, notes });
      expect(report.endsWith('\n  - note 199999')).toBe(true);
      expect(report.split('\n  - note ')).toHaveLength(200_001);
    });
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
