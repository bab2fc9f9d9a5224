import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    globalSetup: [
      'packages/cli/test/support/cli-bundle.global-setup.ts',
      'packages/server/test/support/server-build.global-setup.ts',
      'packages/server/test/support/web-build.global-setup.ts',
    ],
    // PGlite instances are memory-hungry WASM processes; two workers match the two-core CI machines.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
