import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const buildScript = fileURLToPath(new URL('../../../web/scripts/build.mjs', import.meta.url));

/** The web pages' tests load packages/web/dist: rebuild it once per run when a source is newer. */
export async function setup(): Promise<void> {
  await promisify(execFile)(process.execPath, [buildScript, '--if-stale']);
}
