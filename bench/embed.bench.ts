import { run as runApi } from './embed-api.bench.js';
import { run as runPage } from './embed-page.bench.js';

/**
 * `npm run bench -- embed`: every target of the embedding issue (17) — session generation (p50 < 5 ms)
 * and 1,000 embed users of 100 tenants opening a dashboard (p99 < 100 ms per widget run, no errors), on
 * PGlite and (with DATABASE_URL) PostgreSQL; then the example host's page load to every chart drawn in
 * the embed iframe (p50 < 2 s). Each part also runs alone: embed-api, embed-page.
 */
export async function run(arguments_: string[]): Promise<void> {
  // Each part reads only its own options (--sessions, --users, --tenants, --concurrency; --loads).
  await runApi(arguments_);
  await runPage(arguments_);
}
