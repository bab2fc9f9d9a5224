import { expect } from 'vitest';
import type { EmbedTokenClaims } from '../../src/modules/embed/embed-token.signer.js';
import type { TestServer } from '../support/test-server.js';

/** POST /api/v1/embed/generate-session with the admin key unless `key` is given. */
export function generateSession(server: TestServer, body: Record<string, unknown>, key?: string) {
  return server.request({
    method: 'POST',
    url: '/api/v1/embed/generate-session',
    body,
    ...(key === undefined ? {} : { key }),
  });
}

/** POST /api/v1/embed/session/token without a credential. */
export function exchangeSession(server: TestServer, sessionId: string) {
  return server.request({
    method: 'POST',
    url: '/api/v1/embed/session/token',
    body: { sessionId },
    key: null,
  });
}

/** A session generated and exchanged: its id and token, which must both succeed. */
export async function embedTokenFor(server: TestServer, body: Record<string, unknown>) {
  const session = await generateSession(server, body);
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const { sessionId } = session.body as { sessionId: string };
  const exchanged = await exchangeSession(server, sessionId);
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  return { sessionId, token: (exchanged.body as { token: string }).token };
}

/** What the token says, as the platform verifies it. */
export function claimsOf(server: TestServer, token: string): Promise<EmbedTokenClaims> {
  return server.container.services.embedTokens.verify(token);
}

/** Changes tenant settings (a partial merge) and expects it to succeed. */
export async function updateTenantSettings(server: TestServer, settings: Record<string, unknown>) {
  const answer = await server.request({ method: 'PUT', url: '/api/v1/tenant/settings', body: settings });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
