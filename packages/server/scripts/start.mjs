// `npm start`: rebuilds dist/ (and the web pages' packages/web/dist) first when a source is newer than
// it, then runs the compiled server in this same process (one Node start-up, and signals reach the server
// directly).
import { pathToFileURL } from 'node:url';
import { buildWeb, isWebBuildStale } from '../../web/scripts/web-build.mjs';
import { buildServer, isBuildStale, serverEntry } from './server-build.mjs';

if (await isBuildStale()) {
  process.stdout.write('platform: sources changed since the last build, rebuilding...\n');
  await buildServer();
}
if (await isWebBuildStale()) {
  process.stdout.write('platform: web page sources changed since the last build, rebuilding...\n');
  await buildWeb();
}
await import(pathToFileURL(serverEntry).href);
