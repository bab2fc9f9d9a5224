import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitHubAppConfig } from '../../src/config.js';
import { GitHubService } from '../../src/modules/github/github.service.js';
import {
  createModelDeployment,
  readFiles,
  validCube,
  waitForBuild,
} from '../data-model/data-model-helpers.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type GitHttpServer, startGitHttpServer } from '../support/git-http-server.js';
import { pushFiles } from '../support/git-push.js';
import {
  type GitHubApiServer,
  type ScriptedInstallation,
  startGitHubApiServer,
} from '../support/github-api-server.js';
import { createOtherAccount, startTestServer, type TestServer } from '../support/test-server.js';

const appId = '31337';
const pusher = { username: 'pusher', password: 'pusher-password-for-test-setup' };

function rsaKeys() {
  // GitHub hands out PKCS#1 PEM keys; the platform must read them as they are.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey: createPublicKey(publicKey) };
}

const installations: ScriptedInstallation[] = [
  {
    id: 101,
    login: 'acme',
    repositories: [
      { name: 'model', defaultBranch: 'main', branches: ['develop', 'main', 'release'] },
      { name: 'website', defaultBranch: 'trunk', branches: ['trunk'] },
      { name: 'infra', defaultBranch: 'main', branches: ['main'] },
    ],
  },
  {
    id: 102,
    login: 'globex',
    repositories: [{ name: 'analytics', defaultBranch: 'main', branches: ['main'] }],
  },
  { id: 103, login: 'initech', repositories: [] },
];

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe('GitHub discovery without a GitHub App', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers status connected false, and 409 saying what to set everywhere else', async () => {
    const status = await server.request({ method: 'GET', url: '/api/v1/github/status' });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ connected: false, linkUrl: null, settingsUrl: null });
    for (const url of [
      '/api/v1/github/installations',
      '/api/v1/github/installations/101/repositories',
      '/api/v1/github/repositories/acme/model/branches?installationId=101',
    ]) {
      const answer = await server.request({ method: 'GET', url });
      expectErrorBody(answer, 'CONFLICT', url);
      expect((answer.body as { message: string }).message).toContain('PLATFORM_GITHUB_APP_PRIVATE_KEY');
    }
    const { base } = await createModelDeployment(server);
    const connect = await server.request({
      method: 'POST',
      url: `${base}/github/connect`,
      body: { installationId: 101, name: 'model', branch: 'main' },
    });
    expectErrorBody(connect, 'CONFLICT', 'connect');
    expect((connect.body as { message: string }).message).toContain('PLATFORM_GITHUB_APP_ID');
  });
});

describe('GitHub discovery through a GitHub App', () => {
  const keys = rsaKeys();
  let github: GitHubApiServer;
  let git: GitHttpServer;
  let server: TestServer;

  beforeAll(async () => {
    git = await startGitHttpServer({
      credentials: (username, password) =>
        (username === pusher.username && password === pusher.password) ||
        (username === 'x-access-token' &&
          (github.isTokenFor(password, 'acme', 'model') ||
            github.isTokenFor(password, 'globex', 'analytics'))),
    });
    github = await startGitHubApiServer({
      appId,
      publicKey: keys.publicKey,
      installations,
      cloneUrlOf: (_owner, name) => git.repositoryUrl(name),
    });
    server = await startTestServer({
      environment: {
        LOG_LEVEL: 'trace',
        PLATFORM_GITHUB_API_URL: github.url,
        PLATFORM_GITHUB_APP_ID: appId,
        // A one-line variable, as a key is often pasted: its line breaks written as \n.
        PLATFORM_GITHUB_APP_PRIVATE_KEY: keys.privateKey.replaceAll('\n', '\\n'),
        PLATFORM_GITHUB_APP_SLUG: 'platform-test',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await github?.close();
    await git?.close();
  });

  it('answers status with the install and settings links', async () => {
    const status = await server.request({ method: 'GET', url: '/api/v1/github/status' });
    expect(status.body).toEqual({
      connected: true,
      linkUrl: `${github.url}/apps/platform-test/installations/new`,
      settingsUrl: `${github.url}/settings/installations`,
    });
  });

  it("serves the app to its own account only: another account's admin learns nothing of it", async () => {
    const { adminKey } = await createOtherAccount(server);
    const status = await server.request({ method: 'GET', url: '/api/v1/github/status', key: adminKey });
    expect(status.body).toEqual({ connected: false, linkUrl: null, settingsUrl: null });
    for (const url of [
      '/api/v1/github/installations',
      '/api/v1/github/installations/101/repositories',
      '/api/v1/github/repositories/acme/model/branches?installationId=101',
    ]) {
      expectErrorBody(await server.request({ method: 'GET', url, key: adminKey }), 'NOT_FOUND', url);
    }
  });

  it('lists installations page by page, following the Link header', async () => {
    const first = await server.request({ method: 'GET', url: '/api/v1/github/installations?first=2' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstPage = first.body as Page<unknown>;
    expect(firstPage.items).toEqual([
      { installationId: 101, login: 'acme' },
      { installationId: 102, login: 'globex' },
    ]);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const second = await server.request({
      method: 'GET',
      url: `/api/v1/github/installations?first=2&after=${firstPage.pageInfo.endCursor}`,
    });
    expect(second.body).toEqual({
      items: [{ installationId: 103, login: 'initech' }],
      pageInfo: { endCursor: null, hasNextPage: false },
    });
    expectErrorBody(
      await server.request({ method: 'GET', url: '/api/v1/github/installations?after=not-a-cursor' }),
      'BAD_REQUEST',
    );
  });

  it('lists repositories and branches with one installation token for several calls', async () => {
    const before = github.accessTokenRequests(101);
    const repositories = await server.request({
      method: 'GET',
      url: '/api/v1/github/installations/101/repositories?first=2',
    });
    expect(repositories.status, JSON.stringify(repositories.body)).toBe(200);
    const page = repositories.body as Page<unknown>;
    expect(page.items).toEqual([
      { name: 'model', fullName: 'acme/model', htmlUrl: `${github.url}/acme/model`, defaultBranch: 'main' },
      {
        name: 'website',
        fullName: 'acme/website',
        htmlUrl: `${github.url}/acme/website`,
        defaultBranch: 'trunk',
      },
    ]);
    const rest = await server.request({
      method: 'GET',
      url: `/api/v1/github/installations/101/repositories?first=2&after=${page.pageInfo.endCursor}`,
    });
    expect((rest.body as Page<{ name: string }>).items.map((repository) => repository.name)).toEqual([
      'infra',
    ]);
    const branches = await server.request({
      method: 'GET',
      url: '/api/v1/github/repositories/acme/model/branches?installationId=101',
    });
    expect(branches.body).toEqual({
      items: [
        { name: 'develop', isDefault: false },
        { name: 'main', isDefault: true },
        { name: 'release', isDefault: false },
      ],
      pageInfo: { endCursor: null, hasNextPage: false },
    });
    expect(github.accessTokenRequests(101) - before).toBeLessThanOrEqual(1);
    expect(github.accessTokenRequests(101)).toBe(1);
  });

  it('answers 404 for an installation or repository GitHub does not know, 400 for a bad name', async () => {
    expectErrorBody(
      await server.request({ method: 'GET', url: '/api/v1/github/installations/999/repositories' }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: '/api/v1/github/repositories/acme/missing/branches?installationId=101',
      }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({ method: 'GET', url: '/api/v1/github/repositories/acme/model/branches' }),
      'BAD_REQUEST',
    );
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: '/api/v1/github/repositories/acme/mo%20del/branches?installationId=101',
      }),
      'BAD_REQUEST',
    );
  });

  it('connects a repository by installation and name, fetches it with an installation token never stored', async () => {
    await git.createRepository('model');
    await pushFiles(git.repositoryUrl('model'), pusher, { 'orders.yml': validCube('orders') });
    const { deploymentId, base } = await createModelDeployment(server);
    const connected = await server.request({
      method: 'POST',
      url: `${base}/github/connect`,
      body: { installationId: 101, name: 'model' },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body).toEqual({
      connected: true,
      repositoryUrl: git.repositoryUrl('model'),
      branch: 'main',
    });
    const pulled = await server.request({ method: 'POST', url: `${base}/pull`, body: {} });
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
    expect(Object.keys(await readFiles(server, base, 'main'))).toEqual(['/orders.yml']);
    expect(await waitForBuild(server, deploymentId, 'main')).toMatchObject({ status: 'built' });
    const rows = await server.container.platform.store.database.execute(
      sql`SELECT * FROM data_model_git_remotes WHERE deployment_id = ${deploymentId}`,
    );
    const stored = JSON.stringify(rows);
    for (const token of github.issuedTokens()) expect(stored).not.toContain(token);
    expect(stored).toContain('"token_encrypted":null');

    expectErrorBody(
      await server.request({
        method: 'POST',
        url: `${base}/github/connect`,
        body: { installationId: 101, name: 'nowhere', branch: 'main' },
      }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({ method: 'POST', url: `${base}/github/connect`, body: { installationId: 101 } }),
      'BAD_REQUEST',
    );
  });

  it('mints a new installation token once the cached one is near its expiry', async () => {
    await git.createRepository('analytics');
    await pushFiles(git.repositoryUrl('analytics'), pusher, { 'orders.yml': validCube('orders') });
    const { base } = await createModelDeployment(server);
    // An installation token GitHub says lives 2 minutes is inside the renewal margin at once.
    github.setTokenLifetimeSeconds(120);
    try {
      const connected = await server.request({
        method: 'POST',
        url: `${base}/github/connect`,
        body: { installationId: 102, name: 'analytics', branch: 'main' },
      });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      const before = github.accessTokenRequests(102);
      const pulled = await server.request({ method: 'POST', url: `${base}/pull`, body: {} });
      expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
      expect(pulled.body).toMatchObject({ buildTriggered: true });
      expect(github.accessTokenRequests(102)).toBe(before + 1);
    } finally {
      github.setTokenLifetimeSeconds(3600);
    }
  });

  it('never logs the private key or an installation token, even at trace level', async () => {
    const log = server.logLines.join('');
    expect(log).toContain('/api/v1/github/installations');
    const keyBody = keys.privateKey.split('\n')[1] ?? '';
    expect(keyBody.length).toBeGreaterThan(20);
    expect(log).not.toContain(keyBody);
    expect(github.issuedTokens().length).toBeGreaterThan(0);
    for (const token of github.issuedTokens()) expect(log).not.toContain(token);
  });

  it('is refused by GitHub with another key: the app JWT signature is checked', async () => {
    const refusedBefore = github.refusedJwts();
    const settings: GitHubAppConfig = {
      apiUrl: github.url,
      appId,
      privateKey: rsaKeys().privateKey,
      appSlug: null,
      accountName: 'default',
    };
    const impostor = new GitHubService(settings);
    await expect(impostor.installations('default', { first: 10 })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('PLATFORM_GITHUB_APP_PRIVATE_KEY'),
    });
    expect(github.refusedJwts()).toBe(refusedBefore + 1);
  });
});
