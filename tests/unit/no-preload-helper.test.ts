// The build step that drops Vite's preload helper (src/build-time/no-preload-helper.ts): what it
// rewrites in a chunk. tests/e2e/site.test.ts checks the built site has no helper left.
import { describe, expect, it } from 'vitest';
import { withoutPreloadHelper } from '../../src/build-time/no-preload-helper.ts';

describe('withoutPreloadHelper', () => {
  it('replaces each call of the helper with the import() it wraps, and drops its import', () => {
    const chunk = [
      'import { t as defineIslandElement } from "./island-manager.!~{00p}~.js";',
      'import { t as __vitePreload } from "./preload-helper.!~{00o}~.js";',
      'defineIslandElement("arm-figure", () => __vitePreload(() => import("./arm-island.!~{00B}~.js"), __VITE_PRELOAD__));',
      'const grade = () => __vitePreload( () => import("./grade.!~{00C}~.js"), [] );',
      'search ??= __vitePreload(async () => { const { connect } = await import("./search.!~{00D}~.js"); return { connect }; }, __VITE_PRELOAD__).then(({ connect }) => connect(")"));',
    ].join('\n');
    expect(withoutPreloadHelper(chunk)).toBe(
      [
        'import { t as defineIslandElement } from "./island-manager.!~{00p}~.js";',
        '',
        'defineIslandElement("arm-figure", () => import("./arm-island.!~{00B}~.js"));',
        'const grade = () => import("./grade.!~{00C}~.js");',
        'search ??= (async () => { const { connect } = await import("./search.!~{00D}~.js"); return { connect }; })().then(({ connect }) => connect(")"));',
      ].join('\n'),
    );
  });

  it('replaces the import of the helper with a function that only loads, where a call of another shape is left', async () => {
    const chunk = [
      'import { t as defineIslandElement } from "./island-manager.!~{00p}~.js";',
      'import { t as __vitePreload } from "./preload-helper.!~{00o}~.js";',
      'defineIslandElement("arm-figure", () => __vitePreload(() => import("./arm-island.!~{00B}~.js"), __VITE_PRELOAD__, import.meta.url));',
    ].join('\n');
    const out = withoutPreloadHelper(chunk);
    expect(out).not.toContain('preload-helper');
    expect(out).toContain('const __vitePreload = (load) => load();');
    expect(out.split('\n')[0]).toBe('import { t as defineIslandElement } from "./island-manager.!~{00p}~.js";');
    // The replacement behaves as the helper does with no dependencies: it returns load()'s promise.
    const __vitePreload = (load: () => Promise<string>) => load();
    await expect(__vitePreload(async () => 'module')).resolves.toBe('module');
  });

  it('leaves a chunk without the helper as it is', () => {
    const chunk = 'import { t as e } from "./island-manager.js";\nexport { e };';
    expect(withoutPreloadHelper(chunk)).toBe(chunk);
  });
});

