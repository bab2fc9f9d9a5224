// Bundles the CLI into dist/platform.mjs with the contract, zod, commander and yaml inlined, so the packed
// package installs with no runtime dependencies (and therefore offline).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const packageRoot = new URL('../', import.meta.url);
// `--out FILE` writes the bundle elsewhere: the end-to-end tests bundle the sources under test into a temp file.
const outIndex = process.argv.indexOf('--out');
const outputFile =
  outIndex > 0 && process.argv[outIndex + 1]
    ? pathToFileURL(process.argv[outIndex + 1])
    : new URL('dist/platform.mjs', packageRoot);

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
await mkdir(new URL('./', outputFile), { recursive: true });
// Write then rename: a `platform` process starting meanwhile sees the old bundle or the new one, never half of one.
const temporaryFile = new URL(`${outputFile.href}.${process.pid}.tmp`);
await writeFile(temporaryFile, output.contents, { mode: 0o755 });
await rename(temporaryFile, outputFile);
process.stdout.write(`built ${outputFile.pathname} (${Math.round(output.contents.length / 1024)} KiB)\n`);
