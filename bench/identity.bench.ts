import { run as runOidc } from './identity-oidc.bench.js';
import { run as runScim } from './identity-scim.bench.js';
import { run as runSession } from './identity-session.bench.js';

/**
 * `npm run bench -- identity`: every target of the identity issue (16), each part on PGlite and (with
 * DATABASE_URL) on PostgreSQL — minting an OIDC workload token (p50 < 2 ms), a request with a session
 * cookie against the same with its API key (p50 within 0.5 ms), 10,000 SCIM users provisioned (< 60 s).
 * Each part also runs alone: identity-oidc, identity-session, identity-scim.
 */
export async function run(arguments_: string[]): Promise<void> {
  await runOidc([]);
  await runSession([]);
  await runScim(arguments_.includes('--scim-users') ? arguments_ : []);
}
