// Bundles the CLI into dist/platform.mjs with the contract, zod and commander inlined, so the packed
// package installs with no runtime dependencies (and therefore offline).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

const packageRoot = new URL('../', import.meta.url);
const outputFile = new URL('dist/platform.mjs', packageRoot);

const result = await build({
  entryPoints: [new URL('src/main.ts', packageRoot).pathname],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  outfile: outputFile.pathname,
  legalComments: 'none',
  // commander is CommonJS and calls require() for Node built-ins, which an ES module bundle lacks.
  banner: {
    js: "import { createRequire as __platformCreateRequire } from 'node:module';\nconst require = __platformCreateRequire(import.meta.url);",
  },
});

const [output] = result.outputFiles;
if (!output) throw new Error('esbuild produced no output');
await mkdir(new URL('dist/', packageRoot), { recursive: true });
// Write then rename: a `platform` process starting meanwhile sees the old bundle or the new one, never half of one.
const temporaryFile = new URL(`dist/platform.mjs.${process.pid}.tmp`, packageRoot);
await writeFile(temporaryFile, output.contents, { mode: 0o755 });
await rename(temporaryFile, outputFile);
process.stdout.write(`built ${outputFile.pathname} (${Math.round(output.contents.length / 1024)} KiB)\n`);
