import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const buildScript = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));

/**
 * The process tests start the compiled server, as `npm start` does: rebuild it once per test run when a
 * source is newer than packages/server/dist (a few milliseconds of stat calls when it is not).
 */
export async function setup(): Promise<void> {
  await promisify(execFile)(process.execPath, [buildScript, '--if-stale']);
}
