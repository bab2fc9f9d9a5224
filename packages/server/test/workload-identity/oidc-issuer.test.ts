import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, type JWK, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { retiredKeyPublishedMilliseconds } from '../../src/modules/workload-identity/signing-keys.service.js';
import { oidcSigningKeysTable } from '../../src/modules/workload-identity/workload-identity.tables.js';
import { findDeploymentId } from '../security/account-resources.js';
import { createUserWithKey } from '../support/test-server.js';
import { startListeningServer } from './listening-server.js';

type Server = Awaited<ReturnType<typeof startListeningServer>>;

interface Discovery {
  issuer: string;
  jwks_uri: string;
  id_token_signing_alg_values_supported: string[];
  subject_types_supported: string[];
  response_types_supported: string[];
}

let server: Server;
let deploymentId: number;
let configId: number;

async function mint(key?: string) {
  const response = await server.request({
    method: 'POST',
    url: `/api/v1/oidc-token-configs/${configId}/token`,
    body: { deploymentId },
    ...(key === undefined ? {} : { key }),
  });
  return response as { status: number; body: { token: string; expiresAt: string } };
}

async function discovery(): Promise<Discovery> {
  const response = await fetch(`${server.publicUrl}/.well-known/openid-configuration`);
  return (await response.json()) as Discovery;
}

async function publishedKids(): Promise<string[]> {
  const response = await fetch((await discovery()).jwks_uri);
  return ((await response.json()) as { keys: JWK[] }).keys.map((key) => key.kid ?? '');
}

/** A verifier as a warehouse or cloud account runs it: the JWKS from the discovery document, over HTTP. */
async function verify(token: string) {
  const { issuer, jwks_uri } = await discovery();
  return jwtVerify(token, createRemoteJWKSet(new URL(jwks_uri)), { issuer, audience: 'sts.example.com' });
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  server = await startListeningServer();
  deploymentId = await findDeploymentId(server, 'demo');
  const created = await server.request({
    method: 'POST',
    url: '/api/v1/oidc-token-configs',
    body: { name: 'warehouse', audience: 'sts.example.com', targetEnvVar: 'WAREHOUSE_TOKEN' },
  });
  expect(created.status).toBe(201);
  configId = (created.body as { id: number }).id;
}, 120_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await server?.close();
});

describe('the platform as an OpenID Connect issuer', () => {
  it('serves its discovery document publicly and cacheably, the issuer being its public URL', async () => {
    const response = await fetch(`${server.publicUrl}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const document = (await response.json()) as Discovery;
    expect(document).toMatchObject({
      issuer: server.publicUrl,
      jwks_uri: `${server.publicUrl}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['ES256'],
      subject_types_supported: ['public'],
      response_types_supported: ['id_token'],
    });
  });

  it('serves its JWKS publicly and cacheably, with public keys only', async () => {
    const response = await fetch(`${server.publicUrl}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public/);
    const { keys } = (await response.json()) as { keys: JWK[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key.kid).toEqual(expect.any(String));
      expect(key).not.toHaveProperty('d');
    }
  });

  it('mints a token a verifier accepts against the JWKS URL: issuer, audience, subject and expiry', async () => {
    const minted = await mint();
    expect(minted.status).toBe(200);
    const { payload, protectedHeader } = await verify(minted.body.token);
    expect(payload.iss).toBe(server.publicUrl);
    expect(payload.aud).toBe('sts.example.com');
    expect(payload.sub).toBe(`deployment:${deploymentId}`);
    expect(payload.jti).toEqual(expect.any(String));
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(new Date(minted.body.expiresAt).getTime()).toBe((payload.exp ?? 0) * 1000);
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(await publishedKids()).toContain(protectedHeader.kid);
    const other = await mint();
    expect((await verify(other.body.token)).payload.jti).not.toBe(payload.jti);
  });

  it('refuses a token for another audience or issuer', async () => {
    const { token } = (await mint()).body;
    const keys = createRemoteJWKSet(new URL(`${server.publicUrl}/.well-known/jwks.json`));
    await expect(jwtVerify(token, keys, { audience: 'someone-else' })).rejects.toThrow(/aud/);
    await expect(jwtVerify(token, keys, { issuer: 'https://elsewhere.example.com' })).rejects.toThrow(/iss/);
  });

  it('keeps verifying tokens across a rotation, signs new ones with the new key, and drops the old key once its tokens expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = (await mint()).body.token;
    const oldKid = decodeProtectedHeader(before).kid;
    const rotated = await server.request({ method: 'POST', url: '/api/v1/oidc-signing-keys/rotate' });
    expect(rotated.status).toBe(201);
    expect(rotated.body).toMatchObject({ algorithm: 'ES256', retiredKid: oldKid });
    const newKid = (rotated.body as { kid: string }).kid;
    expect(newKid).not.toBe(oldKid);

    const after = (await mint()).body.token;
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    expect((await verify(before)).payload.sub).toBe(`deployment:${deploymentId}`);
    expect((await verify(after)).payload.sub).toBe(`deployment:${deploymentId}`);
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, newKid]));
    const [retired] = await server.container.platform.store.database
      .select()
      .from(oidcSigningKeysTable)
      .where(eq(oidcSigningKeysTable.kid, oldKid ?? ''));
    expect(retired?.privateJwkEncrypted).toBeNull();

    // Still published just before the last token it may have signed expires...
    vi.setSystemTime(Date.now() + retiredKeyPublishedMilliseconds - 5_000);
    expect(await publishedKids()).toContain(oldKid);
    // ...and gone after.
    vi.setSystemTime(Date.now() + 10_000);
    const kids = await publishedKids();
    expect(kids).not.toContain(oldKid);
    expect(kids).toContain(newKid);
  });

  it('rotates on its own once the key is 30 days old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const current = decodeProtectedHeader((await mint()).body.token).kid;
    vi.setSystemTime(Date.now() + 30 * 24 * 60 * 60 * 1000 + 1_000);
    const next = (await mint()).body.token;
    expect(decodeProtectedHeader(next).kid).not.toBe(current);
    expect((await verify(next)).payload.aud).toBe('sts.example.com');
  });

  it('lets only an admin key not limited to some deployments rotate the key', async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const refused = await server.request({
      method: 'POST',
      url: '/api/v1/oidc-signing-keys/rotate',
      key: viewer.key,
    });
    expect(refused.status).toBe(403);
    const scoped = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'scoped', deploymentIds: [deploymentId] },
    });
    const scopedKey = (scoped.body as { token: string }).token;
    const scopedRotation = await server.request({
      method: 'POST',
      url: '/api/v1/oidc-signing-keys/rotate',
      key: scopedKey,
    });
    expect(scopedRotation.status).toBe(403);
    // A key limited to the deployment may still mint that deployment's test token.
    expect((await mint(scopedKey)).status).toBe(200);
  });

  it('never keeps the private key in plain text in the data directory, nor writes it to the trace log', async () => {
    await mint();
    const [current] = await server.container.platform.store.database
      .select()
      .from(oidcSigningKeysTable)
      .where(isNull(oidcSigningKeysTable.retiredAt));
    const privateJwk = JSON.parse(
      server.container.platform.secretBox.decrypt(current?.privateJwkEncrypted ?? ''),
    ) as JWK;
    const privateScalar = privateJwk.d ?? '';
    expect(privateScalar.length).toBeGreaterThan(20);
    const needles = [Buffer.from(privateScalar), Buffer.from(privateScalar, 'base64url')];
    const files = await filesUnder(server.dataDirectory);
    expect(files.some((file) => file.includes('pglite'))).toBe(true);
    for (const file of files) {
      const content = await readFile(file);
      for (const needle of needles) expect(content.includes(needle), file).toBe(false);
    }
    expect(server.logLines.length).toBeGreaterThan(0);
    expect(server.logLines.join('')).not.toContain(privateScalar);
  });
});
