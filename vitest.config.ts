import { defineConfig } from 'vitest/config';

// Three test projects, run in this order by `npm test`:
//   unit         — the core, module by module (tests/unit)
//   conformance  — the core against three.js on real and generated models (tests/conformance)
//   e2e          — the built site in headless Chromium (tests/e2e); needs `npm run build` first
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'conformance',
          include: ['tests/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
