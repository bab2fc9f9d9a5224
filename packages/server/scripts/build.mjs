// `npm run build` (and the root `prepare`, which npm install and npm ci run): bundles the server into dist/.
// `--if-stale` builds only when a source is newer than dist/ (the test run's global set-up uses it).
import { buildServer, distDirectory, isBuildStale } from './server-build.mjs';

if (process.argv.includes('--if-stale') && !(await isBuildStale())) process.exit(0);
const startedAt = performance.now();
const bytes = await buildServer();
process.stdout.write(
  `built ${distDirectory} (main.js ${Math.round(bytes / 1024)} KiB) in ${Math.round(performance.now() - startedAt)} ms\n`,
);
