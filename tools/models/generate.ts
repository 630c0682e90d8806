// `npm run models`: regenerates public/models/*.glb and public/models/README.md, then runs the
// Khronos glTF validator on every file and fails on any error, or any warning the model's spec
// does not declare (ModelSpec.validatorWarnings).
//
// Deterministic: running it twice writes byte-identical files.

import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import validator from 'gltf-validator';
import { buildCatalogue } from './index.ts';

const outputDirectory = fileURLToPath(new URL('../../public/models/', import.meta.url));

const { specs, files, readme } = await buildCatalogue();
await mkdir(outputDirectory, { recursive: true });
let failed = false;
for (const [name, bytes] of files) {
  await writeFile(`${outputDirectory}${name}.glb`, bytes);
  const report = await validator.validateBytes(bytes, { uri: `${name}.glb`, maxIssues: 0, writeTimestamp: false });
  const { numErrors, numWarnings, numInfos, numHints } = report.issues;
  const spec = specs.get(name)!;
  console.log(
    `${`${name}.glb`.padEnd(24)} ${String(bytes.length).padStart(7)} B  ${String(spec.joints.length).padStart(3)} joints  ` +
      `${String(spec.mesh.vertexCount).padStart(5)} vertices  validator: ${numErrors} errors, ${numWarnings} warnings, ` +
      `${numInfos} infos, ${numHints} hints`,
  );
  for (const message of report.issues.messages) {
    console.log(`    ${message.code} ${message.pointer ?? ''}: ${message.message}`);
  }
  // A warning a model is built to carry (spec.validatorWarnings, explained in its notes) is allowed.
  const expected = new Set(spec.validatorWarnings ?? []);
  const unexpected = report.issues.messages.filter((message) => message.severity === 1 && !expected.has(message.code));
  if (numErrors > 0 || unexpected.length > 0) failed = true;
}
await writeFile(`${outputDirectory}README.md`, readme);
console.log(`wrote ${files.size} models and README.md to public/models/`);
if (failed) process.exitCode = 1;
