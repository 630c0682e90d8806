// Bundles the three.js viewer (tools/bench-page/three-viewer/) with the Vite that Astro ships, into
// a fresh temporary directory; production mode (minified), as the site is built.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { THREE_VIEWER_PREFIX } from '../static-server.ts';

const viewerSource = fileURLToPath(new URL('./three-viewer/', import.meta.url));

/** Builds the viewer; returns the absolute directory holding index.html and its assets. */
export async function buildThreeViewer(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-three-viewer-'));
  await build({
    configFile: false,
    root: viewerSource,
    base: THREE_VIEWER_PREFIX,
    logLevel: 'error',
    publicDir: false,
    build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
  });
  return outDir;
}
