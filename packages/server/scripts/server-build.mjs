// The server's build: esbuild bundles packages/server/src/main.ts (with the contract and semantic
// packages, which ship TypeScript sources) into packages/server/dist/. Why esbuild and not tsc:
// docs/decisions/0005-server-build.md. Plain JavaScript, so it runs on a fresh install without tsx.
import { cp, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const packagesDirectory = join(repositoryRoot, 'packages');
export const distDirectory = join(repositoryRoot, 'packages/server/dist');
export const serverEntry = join(distDirectory, 'main.js');
const stampFile = join(distDirectory, '.build-stamp.json');
const pgliteTemplateDirectory = join(distDirectory, 'pglite-template');
const pgliteTemplateKeyFile = join(distDirectory, 'pglite-template.key');
// The bundle entry that writes the template with the server's own store and migration code.
const pgliteTemplateWriter = join(distDirectory, 'pglite-template-writer.js');
// Files the build writes into dist/ itself; the sources name them relative to themselves, and find
// nothing there when run through tsx (create-store.ts then runs initdb).
const generatedFiles = new Set([basename(pgliteTemplateDirectory)]);

// Native bindings and WebAssembly packages find their binaries next to their own files, and pg and
// ioredis load optional native parts: they stay in node_modules and are imported at run time.
const externalPackages = [
  '@duckdb/node-api',
  '@electric-sql/pglite',
  'libpg-query',
  'pg',
  'pg-native',
  'ioredis',
  // Finds its own files (the browser protocol's injected scripts) next to its package.
  'playwright-core',
];

// CommonJS dependencies inside an ES module bundle call require() for Node built-ins and read __dirname.
const commonJsShim = [
  "import { createRequire as __platformCreateRequire } from 'node:module';",
  "import { dirname as __platformDirname } from 'node:path';",
  "import { fileURLToPath as __platformFileUrlToPath } from 'node:url';",
  'const require = __platformCreateRequire(import.meta.url);',
  'const __filename = __platformFileUrlToPath(import.meta.url);',
  'const __dirname = __platformDirname(__filename);',
].join('\n');

const runtimeUrlPattern = /new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Files the server reads at run time next to its sources (`new URL('./x', import.meta.url)`: migration
 * folders, worker-thread entries) would resolve against the bundle instead. This plugin rewrites each such
 * URL to a copy inside dist/: a directory or data file is copied to `dist/files/<path under packages/>`,
 * a `.ts` file (a worker entry; `./x.worker.js` naming its `.ts` source works too) is bundled on its own
 * to `dist/<name>.js`, and a file the build generates (generatedFiles) is found in dist/. Every bundle
 * file lives in dist/ itself, so one relative URL fits them all.
 */
function runtimeFilesPlugin(found) {
  return {
    name: 'platform-runtime-files',
    setup(build) {
      build.onLoad({ filter: /[/\\]packages[/\\][^/\\]+[/\\]src[/\\].*\.ts$/ }, async (arguments_) => {
        const source = await readFile(arguments_.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const replacements = [];
        for (const match of source.matchAll(runtimeUrlPattern)) {
          const target = resolve(dirname(arguments_.path), match[2]);
          const typeScriptTarget = target.replace(/\.js$/, '.ts');
          if (typeScriptTarget.endsWith('.ts') && (await exists(typeScriptTarget))) {
            const outputName = `${basename(typeScriptTarget, '.ts')}.js`;
            const other = found.entries.get(outputName);
            if (other && other !== typeScriptTarget) {
              throw new Error(
                `two worker entries compile to dist/${outputName}: ${other} and ${typeScriptTarget}`,
              );
            }
            found.entries.set(outputName, typeScriptTarget);
            replacements.push([match[0], `new URL('./${outputName}', import.meta.url)`]);
          } else if (await exists(target)) {
            const underPackages = relative(packagesDirectory, target).split(sep).join('/');
            if (underPackages.startsWith('..'))
              throw new Error(`${match[2]} in ${arguments_.path} is outside packages/`);
            found.files.add(target);
            const trailing = match[2].endsWith('/') ? '/' : '';
            replacements.push([match[0], `new URL('./files/${underPackages}${trailing}', import.meta.url)`]);
          } else if (generatedFiles.has(basename(target))) {
            replacements.push([match[0], `new URL('./${basename(target)}', import.meta.url)`]);
          } else {
            throw new Error(`${arguments_.path} refers to ${match[2]}, which does not exist`);
          }
        }
        let contents = source;
        for (const [from, to] of replacements) contents = contents.replace(from, to);
        return { contents, loader: 'ts' };
      });
    },
  };
}

function bundleOptions(plugin) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: distDirectory,
    external: externalPackages,
    banner: { js: commonJsShim },
    legalComments: 'none',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [plugin],
  };
}

/** Every input of the build: the packages' sources and manifests, and this script. */
async function inputPaths() {
  const paths = [fileURLToPath(import.meta.url), join(repositoryRoot, 'package-lock.json')];
  const walk = async (directory) => {
    paths.push(directory);
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) await walk(path);
      else paths.push(path);
    }
  };
  for (const name of await readdir(packagesDirectory)) {
    // The CLI and the web pages are built on their own; the server bundle holds neither.
    if (name === 'cli' || name === 'web') continue;
    paths.push(join(packagesDirectory, name, 'package.json'));
    if (await exists(join(packagesDirectory, name, 'src'))) await walk(join(packagesDirectory, name, 'src'));
  }
  return paths;
}

/**
 * Stale when there is no build, an input (or a folder, which a deleted or renamed file touches) is newer
 * than it, or the inputs are not the ones it was built from. A few hundred stat calls: milliseconds.
 */
export async function isBuildStale() {
  let stamp;
  try {
    const [text, stampStat] = await Promise.all([readFile(stampFile, 'utf8'), stat(stampFile)]);
    stamp = { ...JSON.parse(text), builtAt: stampStat.mtimeMs };
  } catch {
    return true;
  }
  if (!(await exists(serverEntry)) || !(await exists(pgliteTemplateDirectory))) return true;
  const paths = await inputPaths();
  if (paths.length !== stamp.inputCount) return true;
  const times = await Promise.all(paths.map(async (path) => (await stat(path)).mtimeMs));
  return times.some((time) => time > stamp.builtAt);
}

/**
 * A PGlite data directory after initdb and every migration, for create-store.ts to copy on a first start.
 * Written by the bundle's pglite-template-writer.js (the server's own store and migration code, the same
 * migration sources the container applies), kept while PGlite's version and the migration files are
 * unchanged: initdb in WebAssembly takes several seconds.
 */
async function ensurePgliteTemplate() {
  // The package exports no package.json: read the one above its entry file.
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const manifest = JSON.parse(await readFile(join(dirname(entry), '../package.json'), 'utf8'));
  const writer = await import(pathToFileURL(pgliteTemplateWriter).href);
  const key = `pglite ${manifest.version} migrations ${await writer.migrationsDigest()}`;
  const current = await readFile(pgliteTemplateKeyFile, 'utf8').catch(() => '');
  if (current.trim() === key && (await exists(join(pgliteTemplateDirectory, 'PG_VERSION')))) return;
  // Gone before writing: the writer's store would otherwise start from the stale template.
  await rm(pgliteTemplateDirectory, { recursive: true, force: true });
  const partial = `${pgliteTemplateDirectory}.partial`;
  await rm(partial, { recursive: true, force: true });
  await writer.writePgliteTemplate(partial);
  await rename(partial, pgliteTemplateDirectory);
  await writeFile(pgliteTemplateKeyFile, `${key}\n`);
}

/** Empties dist/ but for the PGlite template, which outlives rebuilds of the code (its key says when not). */
async function cleanDist() {
  await mkdir(distDirectory, { recursive: true });
  const kept = new Set([basename(pgliteTemplateDirectory), basename(pgliteTemplateKeyFile)]);
  for (const name of await readdir(distDirectory)) {
    if (!kept.has(name)) await rm(join(distDirectory, name), { recursive: true, force: true });
  }
}

/** Builds dist/ afresh; returns the size of the main bundle in bytes. */
export async function buildServer() {
  const startedAt = new Date();
  const { build } = await import('esbuild');
  const found = { entries: new Map(), files: new Set() };
  const plugin = runtimeFilesPlugin(found);
  await cleanDist();
  const result = await build({
    ...bundleOptions(plugin),
    entryPoints: {
      main: join(repositoryRoot, 'packages/server/src/main.ts'),
      [basename(pgliteTemplateWriter, '.js')]: join(
        repositoryRoot,
        'packages/server/src/pglite-template-writer.ts',
      ),
    },
    // Modules imported with import() (heavy drivers used later, or never) become chunks loaded on first use.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    metafile: true,
  });
  // Worker entries run in their own thread: each is a self-contained bundle, and may name files of its own.
  const built = new Set();
  while ([...found.entries.keys()].some((name) => !built.has(name))) {
    const pending = [...found.entries].filter(([name]) => !built.has(name));
    for (const [name] of pending) built.add(name);
    await build({
      ...bundleOptions(plugin),
      entryPoints: Object.fromEntries(pending.map(([name, path]) => [name.replace(/\.js$/, ''), path])),
    });
  }
  for (const file of found.files) {
    const underPackages = relative(packagesDirectory, file);
    await cp(file, join(distDirectory, 'files', underPackages), { recursive: true });
  }
  await ensurePgliteTemplate();
  const inputCount = (await inputPaths()).length;
  await writeFile(stampFile, `${JSON.stringify({ inputCount })}\n`);
  // The stamp carries the time the build started: a source saved while it ran leaves the build stale.
  await utimes(stampFile, startedAt, startedAt);
  const mainOutput = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('/main.js'));
  return mainOutput ? mainOutput[1].bytes : 0;
}
