import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDirectory = fileURLToPath(new URL('../', import.meta.url));
const distDirectory = join(packageDirectory, 'dist');
const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(
  command: string,
  args: string[],
  options: { cwd?: string; environment?: Record<string, string> } = {},
) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? packageDirectory,
    env: { ...process.env, ...options.environment },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    error: result.error,
  };
}

const npmVersion = run(npmCommand, ['--version']);
const isNpmAvailable = !npmVersion.error && npmVersion.status === 0;

describe('the packed CLI', () => {
  it('installs globally from its tarball with no dependencies and runs', async (context) => {
    if (!isNpmAvailable)
      context.skip(`npm is not available: ${npmVersion.error?.message ?? npmVersion.stderr}`);
    const workDirectory = await mkdtemp(join(tmpdir(), 'platform-cli-pack-'));
    // Leave the checkout as found: a dist/ made here would otherwise be picked up by bin/platform.mjs later.
    const hadDist = existsSync(distDirectory);
    try {
      const packed = run(npmCommand, ['pack', '--pack-destination', workDirectory]);
      expect(packed.status, packed.stderr).toBe(0);
      const tarball = (await readdir(workDirectory)).find((name) => name.endsWith('.tgz'));
      expect(tarball).toBeDefined();
      const tarballPath = join(workDirectory, tarball ?? '');

      const listing = run('tar', ['-tzf', tarballPath]).stdout.split('\n').filter(Boolean);
      expect(listing).toEqual(
        expect.arrayContaining(['package/bin/platform.mjs', 'package/dist/platform.mjs']),
      );
      // The sources stay out: the bundle is the whole program.
      expect(listing.filter((path) => path.startsWith('package/src/'))).toEqual([]);
      const manifest = JSON.parse(run('tar', ['-xzOf', tarballPath, 'package/package.json']).stdout);
      expect(manifest.dependencies ?? {}).toEqual({});

      const prefix = join(workDirectory, 'prefix');
      // --offline proves there is nothing to fetch: the bundle carries the contract, zod and commander.
      const installed = run(
        npmCommand,
        ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarballPath],
        {
          cwd: workDirectory,
        },
      );
      expect(installed.status, installed.stderr).toBe(0);

      const binary = join(prefix, process.platform === 'win32' ? 'platform.cmd' : 'bin/platform');
      const version = run(binary, ['--version'], { cwd: workDirectory });
      expect(version.status, version.stderr).toBe(0);
      expect(version.stdout.trim()).toBe(manifest.version);

      // A real command through the bundled client: no server there, so a clean connection error and exit 1.
      const unreachable = run(binary, ['whoami'], {
        cwd: workDirectory,
        environment: {
          PLATFORM_API_URL: 'http://127.0.0.1:9',
          PLATFORM_API_KEY: 'sk-nothing',
          PLATFORM_CONFIG_DIR: join(workDirectory, 'config'),
        },
      });
      expect(unreachable.status).toBe(1);
      expect(unreachable.stderr).toMatch(/^error: could not reach http:\/\/127\.0\.0\.1:9/);
    } finally {
      await rm(workDirectory, { recursive: true, force: true });
      if (!hadDist) await rm(distDirectory, { recursive: true, force: true });
    }
  });
});
