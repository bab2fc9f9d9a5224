import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const buildScript = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));

/**
 * Bundles the CLI's sources once per test run (as `npm pack` would, into a temp file), so the end-to-end
 * tests start `platform` from the code under test without paying tsx's start-up on every command.
 * Workers inherit the variable that names the bundle.
 */
export async function setup(): Promise<() => Promise<void>> {
  const directory = await mkdtemp(join(tmpdir(), 'platform-cli-bundle-'));
  const bundle = join(directory, 'platform.mjs');
  await promisify(execFile)(process.execPath, [buildScript, '--out', bundle]);
  process.env.PLATFORM_CLI_TEST_BUNDLE = bundle;
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
