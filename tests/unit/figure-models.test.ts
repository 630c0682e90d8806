// The model files the site offers for download: the figure → model table (src/build-time/figure-models.ts)
// against the islands' own code, and the catalogue of public/models (src/build-time/model-catalogue.ts).
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, statSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chaptersShowingModels, FIGURE_MODELS, figureModels } from '../../src/build-time/figure-models.ts';
import { formatKilobytes, modelCatalogue, modelEntry, readmeDescriptions } from '../../src/build-time/model-catalogue.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The '….glb' literals of `file` and of the modules of its own folder it imports, transitively. */
function modelLiteralsReached(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const match of code.matchAll(/['"`]([\w-]+\.glb)['"`]/g)) found.add(match[1]);
  for (const match of code.matchAll(/from '\.\/([\w-]+\.ts)'/g)) {
    for (const name of modelLiteralsReached(join(dirname(file), match[1]), seen)) found.add(name);
  }
  return found;
}

describe('FIGURE_MODELS', () => {
  it('lists, for each figure, exactly the model files its island loads', () => {
    for (const [folder, files] of Object.entries(FIGURE_MODELS)) {
      const island = join(root, 'src/figures', folder, `${folder}-island.ts`);
      expect(existsSync(island), island).toBe(true);
      expect([...modelLiteralsReached(island)].sort(), folder).toEqual([...files].sort());
    }
  });

  it('leaves out only the islands that load no file of their own (the arm, the model figure, the lab)', () => {
    const islands = readdirSync(join(root, 'src/figures')).filter((folder) => existsSync(join(root, 'src/figures', folder, `${folder}-island.ts`)));
    const unlisted = islands.filter((folder) => !(folder in FIGURE_MODELS));
    expect(unlisted.sort()).toEqual(['arm', 'lab', 'model']);
    expect([...modelLiteralsReached(join(root, 'src/figures/arm/arm-island.ts'))]).toEqual([]);
  });

  it('names files that exist, and a figure it does not know', () => {
    for (const files of Object.values(FIGURE_MODELS)) for (const file of files) expect(existsSync(join(root, 'public/models', file)), file).toBe(true);
    expect(() => figureModels('nowhere')).toThrow(/no model files listed for the figure folder "nowhere"/);
  });
});

describe('chaptersShowingModels', () => {
  it('finds the figures a chapter places and the files of its model figures, in reading order', () => {
    const shown = chaptersShowingModels([
      {
        id: 'b',
        order: 5,
        title: 'B',
        body: [
          "import WeightsFigure from '../../figures/weights/WeightsFigure.astro';",
          "import BlendExample from '../../figures/weights/BlendExample.astro';",
          "import KeysFigure from '../../figures/keys/KeysFigure.astro';", // imported, never placed
          '',
          '<WeightsFigure bend={30} />',
          '<BlendExample />',
        ].join('\n'),
      },
      { id: 'a', order: 1, title: 'A', body: '<ModelFigure\n  model="robot-arm.glb"\n  label="x"\n/>\n<ModelFigure model="bend-tube.glb" label="y" />' },
    ]);
    expect(Object.fromEntries([...shown].map(([file, chapters]) => [file, chapters.map((chapter) => chapter.id)]))).toEqual({
      'robot-arm.glb': ['a'],
      'bend-tube.glb': ['a', 'b'],
    });
  });
});

describe('the model catalogue', () => {
  it('prints sizes in kilobytes of 1,024 bytes, and refuses what is not a size', () => {
    expect(formatKilobytes(99_840)).toBe('97.5 KB');
    expect(formatKilobytes(0)).toBe('0.0 KB');
    expect(() => formatKilobytes(-1)).toThrow(/-1 is not a number of bytes/);
    expect(() => formatKilobytes(NaN)).toThrow(/not a number of bytes/);
  });

  it('reads each model’s sentence under its README heading', () => {
    const readme = ['# Models', '', '| table |', '', '### one', '', 'The first model,', 'on two lines.', '', '- Joints: x.', '', '### two', '', 'The second.', '', '- Clip.'].join('\n');
    expect([...readmeDescriptions(readme)]).toEqual([
      ['one', 'The first model, on two lines.'],
      ['two', 'The second.'],
    ]);
  });

  it('lists every .glb of public/models, in the README’s order, with its size, sentence and the core’s counts', () => {
    const files = readdirSync(join(root, 'public/models')).filter((name) => name.endsWith('.glb'));
    const catalogue = modelCatalogue(root);
    expect(catalogue.map((entry) => entry.file).sort()).toEqual(files.sort());
    const readme = readFileSync(join(root, 'public/models/README.md'), 'utf8');
    const headings = [...readme.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
    expect(catalogue.map((entry) => entry.name)).toEqual(headings);
    for (const entry of catalogue) {
      expect(entry.href).toBe(`/models/${entry.file}`);
      expect(entry.bytes).toBe(statSync(join(root, 'public/models', entry.file)).size);
      expect(entry.description.length, entry.file).toBeGreaterThan(20);
    }
    // Hand-checked against the README's table row and notes of bend-tube.glb.
    const tube = modelEntry('bend-tube.glb', root);
    expect(tube.description).toMatch(/^A smooth capped cylinder \(32 around, 49 rings\)/);
    expect({ joints: tube.joints, vertices: tube.vertices, triangles: tube.triangles }).toEqual({ joints: 3, vertices: 1634, triangles: 3136 });
    expect(tube.clips).toEqual([
      { name: 'bend', duration: 3 },
      { name: 'twist', duration: 4 },
    ]);
    expect(() => modelEntry('missing.glb', root)).toThrow(/no model "missing\.glb" in public\/models \(there: .*bend-tube\.glb/);
  });

  it('names a model the README does not describe', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'model-catalogue-'));
    mkdirSync(join(elsewhere, 'public/models'), { recursive: true });
    copyFileSync(join(root, 'public/models/single-bone.glb'), join(elsewhere, 'public/models/single-bone.glb'));
    writeFileSync(join(elsewhere, 'public/models/README.md'), '# Models\n');
    expect(() => modelCatalogue(elsewhere)).toThrow(/README\.md has no section "### single-bone" describing single-bone\.glb/);
  });
});
