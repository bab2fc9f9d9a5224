import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeploymentTokenSigner,
  deriveTokenSigningKey,
} from '../../src/modules/data-api/deployment-token.signer.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { createToken, dataApiUrl, loadUrl, shopTables, withToken } from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse } from './shop-warehouse.js';

const secretKey = 'deployment-token-test-secret-key';
const count = { measures: ['orders.count'] };

function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe.each(storeEngines)('deployment tokens on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let otherShop: ShopWarehouse;

  beforeAll(async () => {
    server = await startTestServer({ engine, environment: { PLATFORM_SECRET_KEY: secretKey } });
    shop = await createShopWarehouse(server, 'duckdb');
    otherShop = await createShopWarehouse(server, 'duckdb');
  });
  afterAll(async () => {
    await Promise.all([shop?.drop(), otherShop?.drop()]);
    await server?.close();
  });

  it('creates a token carrying the deployment, security context, groups and lifetime', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${shop.deploymentId}/token`,
      body: { securityContext: { tenant: 'acme', regions: ['EU'] }, groups: ['sales'], expiresIn: 3600 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { platformApiToken, expiresAt } = answer.body as { platformApiToken: string; expiresAt: string };
    const claims = claimsOf(platformApiToken);
    expect(claims).toMatchObject({
      deploymentId: shop.deploymentId,
      securityContext: { tenant: 'acme', regions: ['EU'] },
      groups: ['sales'],
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.iat as number).toBeGreaterThanOrEqual(before);
    expect(new Date(expiresAt).getTime()).toBe((claims.exp as number) * 1000);
  });

  it('lasts one day unless told otherwise, and takes no body at all', async () => {
    const claims = claimsOf(await createToken(server, shop.deploymentId));
    expect((claims.exp as number) - (claims.iat as number)).toBe(24 * 60 * 60);
    expect(claims.securityContext).toEqual({});
  });

  it('opens the data API as the bare Authorization value and as a bearer token', async () => {
    const token = await createToken(server, shop.deploymentId);
    const bare = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, count),
      ...withToken(token),
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect((bare.body as { data: unknown[] }).data).toEqual([
      { 'orders.count': shopTables.orders.rows.length },
    ]);
    const bearer = await server.request({
      method: 'GET',
      url: dataApiUrl(shop.deploymentId, 'meta'),
      key: token,
    });
    expect(bearer.status, JSON.stringify(bearer.body)).toBe(200);
  });

  it('lets an API key query the data API with the Api-Key scheme too', async () => {
    const answer = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, count),
      key: null,
      headers: { authorization: `Api-Key ${server.adminKey}` },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it("refuses a token on another deployment's data API (403)", async () => {
    const token = await createToken(server, shop.deploymentId);
    for (const url of [loadUrl(otherShop.deploymentId, count), dataApiUrl(otherShop.deploymentId, 'meta')]) {
      expectErrorBody(await server.request({ method: 'GET', url, ...withToken(token) }), 'FORBIDDEN', url);
    }
  });

  it('refuses a tampered token, one signed with another key, and an expired one (401)', async () => {
    const token = await createToken(server, shop.deploymentId, { securityContext: { tenant: 'acme' } });
    const [header, , signature] = token.split('.');
    const forgedClaims = { ...claimsOf(token), securityContext: { tenant: 'globex' } };
    const tampered = `${header}.${Buffer.from(JSON.stringify(forgedClaims)).toString('base64url')}.${signature}`;
    const claims = {
      accountId: 1,
      deploymentId: shop.deploymentId,
      securityContext: {},
      groups: [],
      scopes: null,
    };
    const otherKey = await new DeploymentTokenSigner(deriveTokenSigningKey('another-secret')).sign(
      claims,
      600,
    );
    const signer = new DeploymentTokenSigner(deriveTokenSigningKey(secretKey));
    const expired = await signer.sign(claims, 60, new Date(Date.now() - 2 * 24 * 60 * 60 * 1000));
    const valid = await signer.sign(claims, 600);
    for (const [label, candidate] of [
      ['tampered', tampered],
      ['other key', otherKey.token],
      ['expired', expired.token],
    ] as const) {
      const answer = await server.request({
        method: 'GET',
        url: loadUrl(shop.deploymentId, count),
        ...withToken(candidate),
      });
      expectErrorBody(answer, 'UNAUTHORIZED', label);
    }
    const expiredAnswer = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, count),
      ...withToken(expired.token),
    });
    expect((expiredAnswer.body as { message: string }).message).toMatch(/expired/);
    const validAnswer = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, count),
      ...withToken(valid.token),
    });
    expect(validAnswer.status, 'the same signer with the server key is accepted').toBe(200);
  });

  it('is no credential of the management API', async () => {
    const token = await createToken(server, shop.deploymentId);
    expectErrorBody(
      await server.request({ method: 'GET', url: '/api/v1/deployments', key: token }),
      'UNAUTHORIZED',
    );
    const minted = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${shop.deploymentId}/token`,
      key: token,
      body: {},
    });
    expectErrorBody(minted, 'UNAUTHORIZED');
  });

  it('refuses a security context over 16 KB and a lifetime over 30 days (400)', async () => {
    const url = `/api/v1/deployments/${shop.deploymentId}/token`;
    const large = await server.request({
      method: 'POST',
      url,
      body: { securityContext: { blob: 'x'.repeat(17 * 1024) } },
    });
    expectErrorBody(large, 'BAD_REQUEST');
    expect((large.body as { message: string }).message).toMatch(
      /securityContext: must be at most 16384 bytes/,
    );
    const long = await server.request({ method: 'POST', url, body: { expiresIn: 31 * 24 * 60 * 60 } });
    expectErrorBody(long, 'BAD_REQUEST');
    expect((long.body as { message: string }).message).toMatch(/expiresIn/);
  });

  it('stops working when its deployment is deleted (404)', async () => {
    const doomed = await createShopWarehouse(server, 'duckdb');
    const token = await createToken(server, doomed.deploymentId);
    const deleted = await server.request({
      method: 'DELETE',
      url: `/api/v1/deployments/${doomed.deploymentId}`,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const answer = await server.request({
      method: 'GET',
      url: loadUrl(doomed.deploymentId, count),
      ...withToken(token),
    });
    expectErrorBody(answer, 'NOT_FOUND');
  });
});
