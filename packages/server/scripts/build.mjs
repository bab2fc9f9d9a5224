// `npm run build` (and the root `prepare`, which npm install and npm ci run): bundles the server into dist/.
import { buildServer, distDirectory } from './server-build.mjs';

const startedAt = performance.now();
const bytes = await buildServer();
process.stdout.write(
  `built ${distDirectory} (main.js ${Math.round(bytes / 1024)} KiB) in ${Math.round(performance.now() - startedAt)} ms\n`,
);
