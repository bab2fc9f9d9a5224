import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    globalSetup: [
      'packages/cli/test/support/cli-bundle.global-setup.ts',
      'packages/server/test/support/server-build.global-setup.ts',
      'packages/server/test/support/web-build.global-setup.ts',
    ],
    // PGlite instances are memory-hungry WASM processes (24 GiB holds three workers' well). Three workers on
    // the two-core CI machines: files that mostly wait (the process tests' minutes of schedules, browsers,
    // servers started in other processes) would otherwise leave a core idle.
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
