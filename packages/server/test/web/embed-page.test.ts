import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeploymentId } from '../security/account-resources.js';
import { createOtherAccount, startTestServer, type TestServer } from '../support/test-server.js';

/** What the embed page's answer is made of, as a browser would read it. */
async function openEmbedPage(server: TestServer, publicId: string) {
  const answer = await server.request({ method: 'GET', url: `/embed/dashboard/${publicId}`, key: null });
  return {
    status: answer.status,
    html: String(answer.body),
    policy: String(answer.headers['content-security-policy']),
    headers: answer.headers,
  };
}

describe('the embed page as the server serves it', () => {
  let server: TestServer;
  let publicId: string;
  const setEmbedding = async (embedding: Record<string, unknown>, key?: string) => {
    const answer = await server.request({
      method: 'PUT',
      url: '/api/v1/tenant/settings',
      body: { embedding },
      ...(key ? { key } : {}),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer();
    const deploymentId = await findDeploymentId(server, 'demo');
    const workbook = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/workbooks`,
      body: { name: 'Embedded board' },
    });
    const published = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/workbooks/${(workbook.body as { id: number }).id}/publish`,
      body: { config: { kind: 'CLASSIC', widgets: [] } },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    publicId = (published.body as { publicId: string }).publicId;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the app page without a session, framed by no site until the account allows origins', async () => {
    const page = await openEmbedPage(server, publicId);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<div id="root"></div>');
    expect(page.policy).toContain("frame-ancestors 'none'");
    expect(page.policy).toContain("script-src 'self'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it("frames the page from the account's allowed origins and lets it reach the Chat API", async () => {
    await setEmbedding({ allowedOrigins: ['https://app.example.com', 'https://*.customer.example'] });
    const page = await openEmbedPage(server, publicId);
    expect(page.policy).toContain('frame-ancestors https://app.example.com https://*.customer.example');
    const chatOrigin = new URL(server.config.chatPublicUrl).origin;
    expect(page.policy).toMatch(new RegExp(`connect-src 'self' ${chatOrigin.replaceAll('.', '\\.')}(;|$)`));
    // The chat panel's address: the Chat API of the dashboard's account.
    expect(page.html).toContain(
      `<meta name="platform-embed-chat-url" content="${server.config.chatPublicUrl}/api/v1/public/default" />`,
    );
    await setEmbedding({ allowedOrigins: [] });
    expect((await openEmbedPage(server, publicId)).policy).toContain("frame-ancestors 'none'");
  });

  it('answers 403 saying embedding is disabled when the account turned it off', async () => {
    await setEmbedding({ enabled: false, allowedOrigins: ['https://app.example.com'] });
    try {
      const page = await openEmbedPage(server, publicId);
      expect(page.status).toBe(403);
      expect(page.html).toContain('Embedding is disabled');
      expect(page.html).toContain('data-embed-state="disabled"');
      expect(page.html).not.toContain('<script');
      // The allowed host still shows the message in its frame.
      expect(page.policy).toContain('frame-ancestors https://app.example.com');
    } finally {
      await setEmbedding({ enabled: true, allowedOrigins: [] });
    }
  });

  it("answers 404 for a public id no account published, and for another account's setting nothing changes", async () => {
    const unknown = await openEmbedPage(server, 'Zz0000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Dashboard not found');
    expect(unknown.policy).toContain("frame-ancestors 'none'");
    // Another account turning embedding off does not close this account's page.
    const other = await createOtherAccount(server);
    await setEmbedding({ enabled: false }, other.adminKey);
    expect((await openEmbedPage(server, publicId)).status).toBe(200);
  });

  it('answers the JSON 404 of the API for paths under /embed that are not the page', async () => {
    const answer = await server.request({ method: 'GET', url: `/embed/dashboard/${publicId}/x`, key: null });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
