// The Chromium the end-to-end tests (tests/e2e/harness.ts) and the page benchmarks
// (tools/bench-page/) drive: Debian's /usr/bin/chromium or CHROMIUM_PATH, with flags for a sandbox
// without network or GPU: WebGL2 through SwiftShader, no background traffic.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
