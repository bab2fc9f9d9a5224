// The web pages' build: Vite bundles packages/web (index.html, src/) into packages/web/dist/, which the
// server serves. `--if-stale` builds only when an input is newer than the last build.
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDirectory = fileURLToPath(new URL('..', import.meta.url));
const repositoryRoot = join(webDirectory, '../..');
export const webDistDirectory = join(webDirectory, 'dist');
const stampFile = join(webDistDirectory, '.build-stamp.json');

/** Every input of the bundle: the sources, the page, the configuration, the manifests and this script. */
async function inputPaths() {
  const paths = [
    fileURLToPath(import.meta.url),
    join(webDirectory, 'index.html'),
    join(webDirectory, 'vite.config.ts'),
    join(webDirectory, 'package.json'),
    join(repositoryRoot, 'package-lock.json'),
  ];
  const walk = async (directory) => {
    paths.push(directory);
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) await walk(path);
      else paths.push(path);
    }
  };
  await walk(join(webDirectory, 'src'));
  return paths;
}

/** Stale when there is no build, an input is newer than it, or the inputs are not the ones it was built from. */
export async function isWebBuildStale() {
  // An install without the sources (a container image) serves the build it was given.
  if (!(await stat(join(webDirectory, 'src')).catch(() => null))) return false;
  let stamp;
  try {
    const [text, stampStat] = await Promise.all([readFile(stampFile, 'utf8'), stat(stampFile)]);
    stamp = { ...JSON.parse(text), builtAt: stampStat.mtimeMs };
    await stat(join(webDistDirectory, 'index.html'));
  } catch {
    return true;
  }
  const paths = await inputPaths();
  if (paths.length !== stamp.inputCount) return true;
  const times = await Promise.all(paths.map(async (path) => (await stat(path)).mtimeMs));
  return times.some((time) => time > stamp.builtAt);
}

/** Builds dist/ afresh; returns the bytes of every JavaScript file, by name. */
export async function buildWeb() {
  const startedAt = new Date();
  const { build } = await import('vite');
  const result = await build({
    configFile: join(webDirectory, 'vite.config.ts'),
    logLevel: 'warn',
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((entry) => entry.output ?? []);
  const inputCount = (await inputPaths()).length;
  await writeFile(stampFile, `${JSON.stringify({ inputCount })}\n`);
  // The stamp carries the time the build started: a source saved while it ran leaves the build stale.
  await utimes(stampFile, startedAt, startedAt);
  return Object.fromEntries(
    outputs
      .filter((output) => output.type === 'chunk')
      .map((output) => [output.fileName, Buffer.byteLength(output.code)]),
  );
}
