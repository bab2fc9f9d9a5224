// `npm run build` (and the root `prepare`) builds the web pages into dist/; `--if-stale` only when an input
// is newer than the last build (the test run's global set-up and `npm start` use it).
import { buildWeb, isWebBuildStale, webDistDirectory } from './web-build.mjs';

if (process.argv.includes('--if-stale') && !(await isWebBuildStale())) process.exit(0);
const startedAt = performance.now();
const chunks = await buildWeb();
const kibibytes = Math.round(Object.values(chunks).reduce((sum, bytes) => sum + bytes, 0) / 1024);
process.stdout.write(
  `built ${webDistDirectory} (${Object.keys(chunks).length} scripts, ${kibibytes} KiB) in ${Math.round(performance.now() - startedAt)} ms\n`,
);
