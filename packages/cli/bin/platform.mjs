#!/usr/bin/env node
// The `platform` command. An installed package ships the self-contained bundle in dist/; a source
// checkout has no bundle (dist/ is gitignored) and runs the TypeScript sources through tsx instead.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/platform.mjs', import.meta.url);
// Development and the end-to-end tests force the sources, so a stale bundle left by `npm pack` cannot hide a change.
const isSourceForced = process.env.PLATFORM_CLI_FROM_SOURCE === '1';

if (existsSync(bundle) && !isSourceForced) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/main.ts', import.meta.url).href);
}
