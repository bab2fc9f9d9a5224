import { createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelDeployment, readFiles } from '../data-model/data-model-helpers.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { startGitHttpServer } from '../support/git-http-server.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { readCatalogFixture, readManifestFixture } from './dbt-fixtures.js';
import {
  branchNames,
  createDbtRepository,
  logMessagesOf,
  syncBase,
  waitForSync,
} from './dbt-sync-helpers.js';
import { jaffleShopProjectFiles } from './jaffle-shop-project-files.js';

interface Run {
  syncJobId: string;
  status: string;
  trigger: string;
  source: string;
  gitRef?: string;
  branchName: string;
}

const webhookSecret = 'a-shared-secret-of-some-length';

describe.each(storeEngines)('dbt sync from a connected repository on %s', (engine: StoreEngine) => {
  let server: TestServer;
  const temporaryDirectories: string[] = [];

  beforeAll(async () => {
    // The test repositories are file:// remotes in the temp directory.
    server = await startTestServer({ engine, environment: { PLATFORM_GIT_FILE_REMOTE_DIRS: tmpdir() } });
  });
  afterAll(async () => {
    await server?.close();
    for (const directory of temporaryDirectories) await rm(directory, { recursive: true, force: true });
  });

  const repositoryPath = (deploymentId: number) => `/api/v1/deployments/${deploymentId}/dbt-repository`;

  async function connected(files: ReadonlyMap<string, string>, extra: Record<string, unknown> = {}) {
    const { deploymentId, base } = await createModelDeployment(server);
    const repository = await createDbtRepository(files);
    temporaryDirectories.push(repository.directory);
    const answer = await server.request({
      method: 'PUT',
      url: repositoryPath(deploymentId),
      body: { repositoryUrl: repository.url, ...extra },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { deploymentId, base, repository };
  }

  async function startGit(deploymentId: number, body: Record<string, unknown> = {}, headers = {}) {
    const answer = await server.request({ method: 'POST', url: syncBase(deploymentId), body, headers });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { syncJobId: string; branchName: string };
  }

  async function history(deploymentId: number): Promise<Run[]> {
    const answer = await server.request({ method: 'GET', url: syncBase(deploymentId) });
    return (answer.body as { items: Run[] }).items;
  }

  it('connects, reads back without secrets, replaces and disconnects a repository', async () => {
    const { deploymentId } = await createModelDeployment(server);
    expectErrorBody(await server.request({ method: 'GET', url: repositoryPath(deploymentId) }), 'NOT_FOUND');
    const put = await server.request({
      method: 'PUT',
      url: repositoryPath(deploymentId),
      body: { repositoryUrl: 'https://git.example.com/acme/dbt.git', token: 'tok-secret-123', webhookSecret },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({
      repositoryUrl: 'https://git.example.com/acme/dbt.git',
      branch: 'main',
      hasToken: true,
      hasWebhookSecret: true,
      webhookPath: `${syncBase(deploymentId)}/webhook`,
      updatedAt: expect.any(String),
    });
    const read = await server.request({ method: 'GET', url: repositoryPath(deploymentId) });
    expect(read.body).toEqual(put.body);
    expect(JSON.stringify(read.body)).not.toContain('tok-secret-123');
    expect(JSON.stringify(read.body)).not.toContain(webhookSecret);

    const replaced = await server.request({
      method: 'PUT',
      url: repositoryPath(deploymentId),
      body: { repositoryUrl: 'https://git.example.com/acme/dbt.git', branch: 'prod' },
    });
    expect(replaced.body).toMatchObject({ branch: 'prod', hasToken: false, hasWebhookSecret: false });

    expect((await server.request({ method: 'DELETE', url: repositoryPath(deploymentId) })).status).toBe(204);
    expectErrorBody(await server.request({ method: 'GET', url: repositoryPath(deploymentId) }), 'NOT_FOUND');
    expectErrorBody(
      await server.request({ method: 'DELETE', url: repositoryPath(deploymentId) }),
      'NOT_FOUND',
    );
  });

  it('refuses bad repositories with a 4xx naming the problem', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const put = (body: unknown) => server.request({ method: 'PUT', url: repositoryPath(deploymentId), body });
    expect(errorMessageOf(await put({ repositoryUrl: 'ssh://host/repo' }), 'BAD_REQUEST')).toContain(
      'repositoryUrl',
    );
    expect(
      errorMessageOf(await put({ repositoryUrl: 'https://h/r.git', webhookSecret: 'short' }), 'BAD_REQUEST'),
    ).toContain('webhookSecret must be at least 16 characters');
    expect(
      errorMessageOf(await put({ repositoryUrl: 'https://h/r.git', branch: '' }), 'BAD_REQUEST'),
    ).toContain('branch: must not be empty');
    const intoData = `file://${server.config.dataDirectory}/repositories/deployment-1`;
    expect(errorMessageOf(await put({ repositoryUrl: intoData }), 'BAD_REQUEST')).toContain('data directory');
  });

  it('needs SchemaRead to read the repository and SchemaUpdate to change it', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const viewer = await createUserWithKey(server, 'viewer');
    expectErrorBody(
      await server.request({
        method: 'PUT',
        url: repositoryPath(deploymentId),
        body: { repositoryUrl: 'https://h/r.git' },
        key: viewer.key,
      }),
      'FORBIDDEN',
    );
    await server.request({
      method: 'PUT',
      url: repositoryPath(deploymentId),
      body: { repositoryUrl: 'https://h/r.git' },
    });
    const read = await server.request({ method: 'GET', url: repositoryPath(deploymentId), key: viewer.key });
    expect(read.status).toBe(200);
    expectErrorBody(
      await server.request({ method: 'DELETE', url: repositoryPath(deploymentId), key: viewer.key }),
      'FORBIDDEN',
    );
  });

  it('syncs the project files of the connected branch (no manifest), with trigger manual from the CLI', async () => {
    const { deploymentId, base } = await connected(jaffleShopProjectFiles());
    const started = await startGit(deploymentId, {}, { 'x-platform-client': 'cli' });
    expect(started.branchName).toMatch(/^dbt-sync\/git-\d{14}-[0-9a-f]{8}$/);
    const status = await waitForSync(server, deploymentId, started.syncJobId);
    expect(status, JSON.stringify(status)).toMatchObject({ status: 'COMPLETED' });
    const files = await readFiles(server, base, started.branchName);
    expect(Object.keys(files)).toContain('/model/dbt/stg_orders.yml');
    expect(Object.keys(files)).not.toContain('/model/dbt/stg_legacy.yml');
    expect(await logMessagesOf(server, deploymentId, started.syncJobId)).toContain('read dbt_project.yml');
    expect((await history(deploymentId))[0]).toMatchObject({
      syncJobId: started.syncJobId,
      status: 'COMPLETED',
      trigger: 'manual',
      source: 'git',
    });
    // Without the CLI's header the same start is an API one.
    const again = await startGit(deploymentId);
    await waitForSync(server, deploymentId, again.syncJobId);
    expect((await history(deploymentId))[0]).toMatchObject({ syncJobId: again.syncJobId, trigger: 'api' });
    // Re-running on the same project gives the same files.
    expect(await readFiles(server, base, again.branchName)).toEqual(files);
  });

  it('reads a checked-in target/manifest.json, at a tag', async () => {
    const manifest = JSON.stringify(readManifestFixture('cube-dbt-jaffle-manifest.json'));
    const projectFiles = new Map([...jaffleShopProjectFiles()]);
    const { deploymentId, base, repository } = await connected(projectFiles);
    await repository.commit(new Map([['target/manifest.json', manifest]]), 'dbt compile output');
    await repository.git(['tag', '-a', 'v1.0', '-m', 'release']);
    // A later commit on main is not what the tag names.
    await repository.git(['rm', '--quiet', 'target/manifest.json']);
    await repository.git(['commit', '--quiet', '-m', 'drop the manifest']);

    const started = await startGit(deploymentId, { ref: 'v1.0' });
    const status = await waitForSync(server, deploymentId, started.syncJobId);
    expect(status, JSON.stringify(status)).toMatchObject({ status: 'COMPLETED' });
    expect(started.branchName).toMatch(/^dbt-sync\/v1.0-/);
    expect(await logMessagesOf(server, deploymentId, started.syncJobId)).toContain(
      'read target/manifest.json',
    );
    const fromManifest = await server.request({
      method: 'POST',
      url: syncBase(deploymentId),
      body: { manifest: JSON.parse(manifest) },
    });
    const manifestRun = fromManifest.body as { syncJobId: string; branchName: string };
    await waitForSync(server, deploymentId, manifestRun.syncJobId);
    expect(await readFiles(server, base, started.branchName)).toEqual(
      await readFiles(server, base, manifestRun.branchName),
    );
    expect((await history(deploymentId)).find((run) => run.syncJobId === started.syncJobId)).toMatchObject({
      gitRef: 'v1.0',
      source: 'git',
    });
  });

  it('runs several syncs of one repository at once, each to completion', async () => {
    const { deploymentId } = await connected(jaffleShopProjectFiles());
    const started = await Promise.all([
      startGit(deploymentId),
      startGit(deploymentId),
      startGit(deploymentId),
    ]);
    const statuses = await Promise.all(
      started.map((run) => waitForSync(server, deploymentId, run.syncJobId)),
    );
    expect(statuses.map((status) => [status.status, status.error])).toEqual([
      ['COMPLETED', undefined],
      ['COMPLETED', undefined],
      ['COMPLETED', undefined],
    ]);
  });

  it('types columns from a checked-in target/catalog.json', async () => {
    const { deploymentId, base, repository } = await connected(jaffleShopProjectFiles());
    const untyped = await startGit(deploymentId);
    await waitForSync(server, deploymentId, untyped.syncJobId);
    const customerIdType = (files: Record<string, string>) =>
      /- name: customer_id\n\s+sql: [^\n]+\n\s+type: (\w+)/.exec(files['/model/dbt/orders.yml'] ?? '')?.[1];
    expect(customerIdType(await readFiles(server, base, untyped.branchName))).toBe('string');
    await repository.commit(new Map([['target/catalog.json', JSON.stringify(readCatalogFixture())]]), 'docs');
    const typed = await startGit(deploymentId);
    expect(await waitForSync(server, deploymentId, typed.syncJobId)).toMatchObject({ status: 'COMPLETED' });
    expect(customerIdType(await readFiles(server, base, typed.branchName))).toBe('number');
    expect(await logMessagesOf(server, deploymentId, typed.syncJobId)).toContain(
      'read dbt_project.yml and target/catalog.json',
    );
  });

  it('fails a ref the repository does not have, or a broken project, and leaves no branch', async () => {
    const { deploymentId, repository } = await connected(jaffleShopProjectFiles());
    const missing = await startGit(deploymentId, { ref: 'no-such-branch' });
    const status = await waitForSync(server, deploymentId, missing.syncJobId);
    expect(status.error).toContain('No branch or tag no-such-branch');
    await repository.commit(new Map([['dbt_project.yml', 'name: [unclosed']]), 'break the project');
    const broken = await startGit(deploymentId);
    const brokenStatus = await waitForSync(server, deploymentId, broken.syncJobId);
    expect(brokenStatus.status).toBe('FAILED');
    expect(brokenStatus.error).toContain('dbt_project.yml');
    const branches = await branchNames(server, deploymentId);
    expect(branches).not.toContain(missing.branchName);
    expect(branches).not.toContain(broken.branchName);
  });

  it('refuses a git start without a connected repository, or with a manifest as well', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const none = await server.request({ method: 'POST', url: syncBase(deploymentId), body: { ref: 'main' } });
    expect(errorMessageOf(none, 'BAD_REQUEST')).toContain('needs a connected dbt repository');
    const withRepository = await connected(jaffleShopProjectFiles());
    const both = await server.request({
      method: 'POST',
      url: syncBase(withRepository.deploymentId),
      body: { source: 'git', manifest: { nodes: {} } },
    });
    expect(errorMessageOf(both, 'BAD_REQUEST')).toContain('send no manifest');
  });

  it('fetches over https-like http with a token from a real git server', async () => {
    const gitServer = await startGitHttpServer({
      credentials: { username: 'x-access-token', password: 'tok-1' },
    });
    try {
      const source = await createDbtRepository(jaffleShopProjectFiles());
      temporaryDirectories.push(source.directory);
      await gitServer.createRepository('dbt');
      const pushUrl = `http://x-access-token:tok-1@${gitServer.baseUrl.slice('http://'.length)}/dbt.git`;
      await source.git(['push', '--quiet', pushUrl, 'main']);
      const { deploymentId } = await createModelDeployment(server);
      await server.request({
        method: 'PUT',
        url: repositoryPath(deploymentId),
        body: { repositoryUrl: gitServer.repositoryUrl('dbt'), token: 'tok-1' },
      });
      const started = await startGit(deploymentId);
      expect(await waitForSync(server, deploymentId, started.syncJobId)).toMatchObject({
        status: 'COMPLETED',
      });
      // A tag over http, annotated, as release tags are.
      await source.git(['tag', '-a', 'v2', '-m', 'release 2']);
      await source.git(['push', '--quiet', pushUrl, 'v2']);
      const tagged = await startGit(deploymentId, { ref: 'v2' });
      expect(await waitForSync(server, deploymentId, tagged.syncJobId)).toMatchObject({
        status: 'COMPLETED',
      });

      await server.request({
        method: 'PUT',
        url: repositoryPath(deploymentId),
        body: { repositoryUrl: gitServer.repositoryUrl('dbt'), token: 'wrong-token' },
      });
      const refused = await startGit(deploymentId);
      const status = await waitForSync(server, deploymentId, refused.syncJobId);
      expect(status.error).toContain('refused the credentials');
      expect(status.error).not.toContain('wrong-token');
    } finally {
      await gitServer.close();
    }
  });

  describe('the push webhook', () => {
    const webhookUrl = (deploymentId: number) => `${syncBase(deploymentId)}/webhook`;
    const sign = (body: string, secret = webhookSecret) =>
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

    async function deliver(deploymentId: number, event: unknown, headers: Record<string, string>) {
      return server.request({
        method: 'POST',
        url: webhookUrl(deploymentId),
        body: JSON.stringify(event),
        key: null,
        headers,
      });
    }

    it('starts a sync for a signed push to the connected branch only', async () => {
      const { deploymentId, repository } = await connected(jaffleShopProjectFiles(), { webhookSecret });
      const head = await repository.git(['rev-parse', 'HEAD']);
      const push = JSON.stringify({ ref: 'refs/heads/main', after: head, repository: { name: 'dbt' } });
      const answer = await server.request({
        method: 'POST',
        url: webhookUrl(deploymentId),
        body: push,
        key: null,
        headers: { 'x-hub-signature-256': sign(push), 'x-github-event': 'push' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const started = answer.body as { started: boolean; syncJobId: string; branchName: string };
      expect(started).toMatchObject({ started: true, branchName: expect.stringMatching(/^dbt-sync\/main-/) });
      expect(await waitForSync(server, deploymentId, started.syncJobId)).toMatchObject({
        status: 'COMPLETED',
      });
      expect((await history(deploymentId))[0]).toMatchObject({
        syncJobId: started.syncJobId,
        trigger: 'webhook',
        gitRef: 'main',
      });

      const other = { ref: 'refs/heads/feature', after: head };
      const ignored = await deliver(deploymentId, other, {
        'x-hub-signature-256': sign(JSON.stringify(other)),
      });
      expect(ignored.body).toMatchObject({
        started: false,
        message: expect.stringContaining('only pushes to main'),
      });
      const ping = { zen: 'Keep it logically awesome.', hook_id: 1 };
      expect(
        (await deliver(deploymentId, ping, { 'x-hub-signature-256': sign(JSON.stringify(ping)) })).body,
      ).toMatchObject({
        started: false,
      });
      const deleted = {
        ref: 'refs/heads/main',
        after: '0000000000000000000000000000000000000000',
        deleted: true,
      };
      expect((await deliver(deploymentId, deleted, { 'x-gitlab-token': webhookSecret })).body).toMatchObject({
        started: false,
        message: expect.stringContaining('deleted'),
      });
      expect(await history(deploymentId)).toHaveLength(1);
    });

    it('starts one sync per pushed commit: a redelivery starts nothing, a failed one can be retried', async () => {
      const { deploymentId, repository } = await connected(jaffleShopProjectFiles(), { webhookSecret });
      const pushOf = (after: string) => ({ ref: 'refs/heads/main', after });
      const token = { 'x-gitlab-token': webhookSecret };
      const first = await deliver(deploymentId, pushOf(await repository.git(['rev-parse', 'HEAD'])), token);
      const firstRun = first.body as { started: boolean; syncJobId: string };
      expect(firstRun.started).toBe(true);
      const again = await deliver(deploymentId, pushOf(await repository.git(['rev-parse', 'HEAD'])), token);
      expect(again.body).toMatchObject({
        started: false,
        message: expect.stringContaining('already being synced'),
      });
      expect(await waitForSync(server, deploymentId, firstRun.syncJobId)).toMatchObject({
        status: 'COMPLETED',
      });
      expect(
        (await deliver(deploymentId, pushOf(await repository.git(['rev-parse', 'HEAD'])), token)).body,
      ).toMatchObject({
        started: false,
      });

      const broken = await repository.commit(new Map([['dbt_project.yml', 'name: [unclosed']]), 'break it');
      const failing = (await deliver(deploymentId, pushOf(broken), token)).body as { syncJobId: string };
      expect(await waitForSync(server, deploymentId, failing.syncJobId)).toMatchObject({ status: 'FAILED' });
      const retry = await deliver(deploymentId, pushOf(broken), token);
      expect(retry.body).toMatchObject({ started: true });
      await waitForSync(server, deploymentId, (retry.body as { syncJobId: string }).syncJobId);
      expect(await history(deploymentId)).toHaveLength(3);
    });

    it('takes GitLab’s token header', async () => {
      const { deploymentId } = await connected(jaffleShopProjectFiles(), { webhookSecret });
      const answer = await deliver(
        deploymentId,
        { ref: 'refs/heads/main' },
        { 'x-gitlab-token': webhookSecret },
      );
      const started = answer.body as { started: boolean; syncJobId: string };
      expect(started.started).toBe(true);
      expect(await waitForSync(server, deploymentId, started.syncJobId)).toMatchObject({
        status: 'COMPLETED',
      });
    });

    it('refuses unsigned, wrongly signed and tampered deliveries, starting nothing', async () => {
      const { deploymentId } = await connected(jaffleShopProjectFiles(), { webhookSecret });
      const push = JSON.stringify({ ref: 'refs/heads/main' });
      const unsigned = await deliver(deploymentId, { ref: 'refs/heads/main' }, {});
      expect(errorMessageOf(unsigned, 'UNAUTHORIZED')).toContain('X-Hub-Signature-256');
      const wrongSecret = await deliver(
        deploymentId,
        { ref: 'refs/heads/main' },
        {
          'x-hub-signature-256': sign(push, 'another-secret-of-length'),
        },
      );
      expect(errorMessageOf(wrongSecret, 'UNAUTHORIZED')).toContain('does not match the webhook secret');
      // The signature of one body does not cover another.
      const tampered = await server.request({
        method: 'POST',
        url: webhookUrl(deploymentId),
        body: JSON.stringify({ ref: 'refs/heads/main', extra: true }),
        key: null,
        headers: { 'x-hub-signature-256': sign(push) },
      });
      expectErrorBody(tampered, 'UNAUTHORIZED');
      expectErrorBody(
        await deliver(deploymentId, { ref: 'refs/heads/main' }, { 'x-gitlab-token': 'nope' }),
        'UNAUTHORIZED',
      );
      expect(await history(deploymentId)).toHaveLength(0);
    });

    it('refuses a deployment without a secret or a repository exactly like a wrong signature', async () => {
      const { deploymentId } = await connected(jaffleShopProjectFiles());
      const wrong = await connected(jaffleShopProjectFiles(), { webhookSecret });
      const bare = await createModelDeployment(server);
      const push = { ref: 'refs/heads/main' };
      const answers = [
        await deliver(deploymentId, push, { 'x-gitlab-token': webhookSecret }),
        await deliver(bare.deploymentId, push, { 'x-gitlab-token': webhookSecret }),
        await deliver(999_999, push, { 'x-gitlab-token': webhookSecret }),
        await deliver(wrong.deploymentId, push, { 'x-gitlab-token': 'not-the-secret-at-all' }),
      ];
      const messages = answers.map((answer) => errorMessageOf(answer, 'UNAUTHORIZED'));
      expect(new Set(messages)).toEqual(
        new Set([expect.stringContaining('does not match the webhook secret')]),
      );
      expect(new Set(messages).size).toBe(1);
      const malformed = await server.request({
        method: 'POST',
        url: webhookUrl(deploymentId),
        body: '{"ref": ',
        key: null,
        headers: { 'x-gitlab-token': webhookSecret },
      });
      expectErrorBody(malformed, 'BAD_REQUEST');
    });
  });
});
