import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartOf, validCube, waitForBuild } from '../data-model/data-model-helpers.js';
import { readManifestFixture } from '../dbt-sync/dbt-fixtures.js';
import { type GitHttpServer, runGit, startGitHttpServer } from '../support/git-http-server.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

/*
 * Every row of the hosted CLI's call catalogue whose operation exists here, replayed exactly as that CLI
 * sends it (method, path with its trailing slash, query form, body, `Api-Key` scheme, its User-Agent,
 * `Content-Length: 0` on body-less writes) over a real socket, checking the fields the CLI reads.
 *
 * The workbooks, reports, identity (users, attributes, groups, policies, API keys), content (folders,
 * workspace, report folders), integrations and browser sign-in rows are replayed in the other `hosted-client-*.test.ts` files;
 * the embed rows (generate-session, token, tenant delete, tenant groups, delete-group, dashboard get and
 * enable/disable) in `hosted-client-embed-replay.test.ts`.
 *
 * Rows of the catalogue whose operation is not built on this server (no `it` below):
 *
 * | CLI command                                   | Call                                                   |
 * |-----------------------------------------------|--------------------------------------------------------|
 * | github status / installations / repos / branches | GET /api/v1/github/...                              |
 * | workbooks publish / ai-thread                 | …/workbooks/{W}/publish, …/dashboard/ai-widget-thread  |
 * | notifications (and recipients)                | /api/v1/deployments/{D}/notifications…                 |
 * | users embed-theme                             | GET /api/v1/users/embed-theme                          |
 * | tenant settings                               | /api/v1/tenant/settings                                |
 * | agents skills                                 | GET /api/v1/deployments/{D}/agent-skills               |
 * | app config / theme                            | GET /api/v1/app-config, /api/v1/app-theme              |
 * | meta                                          | POST /api/v1/meta/                                     |
 * | scim                                          | /api/scim/v2/…                                         |
 * | ai-engineer settings, ossie, evals            | /api/v1/ai-engineer/settings, …/ossie-conversions, …/evaluations |
 */

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('the hosted CLI, replayed call by call', () => {
  let server: TestServer;
  let cli: HostedCliClient;
  let remote: GitHttpServer;
  let deploymentId: number;
  let b: string;
  let devBranch: string;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
    remote = await startGitHttpServer();
    const created = await cli.call('POST', '/build/api/v1/deployments', {
      body: {
        name: 'replayed',
        region: 'local',
        cloudProvider: 'cubecloud',
        targetPlatform: 'aws',
        isManaged: true,
        creationStep: 'project',
      },
    });
    expect(created.status, created.text).toBe(201);
    deploymentId = (created.body as { id: number }).id;
    b = `/build/api/v1/deployments/${deploymentId}`;
  });
  afterAll(async () => {
    await server?.close();
    await remote?.close();
  });

  it('login --api-key / whoami / users me: GET /api/v1/users/me', async () => {
    const answer = await cli.call('GET', '/api/v1/users/me');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      email: expect.any(String),
      username: expect.any(String),
      id: expect.any(Number),
      isAdmin: true,
    });
  });

  it('deployments create: POST /build/api/v1/deployments with its CreateDeploymentInput', async () => {
    const answer = await cli.call('POST', '/build/api/v1/deployments', {
      body: {
        name: 'made-by-cli',
        region: 'local',
        cloudProvider: 'cubecloud',
        targetPlatform: 'aws',
        isManaged: false,
        creationStep: 'project',
      },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      id: expect.any(Number),
      name: 'made-by-cli',
      creationStep: 'project',
      deploymentUrl: expect.any(String),
    });
  });

  it('deployments list: GET /api/v1/deployments/ with repeated creationStep and offset/limit, or first/after', async () => {
    const byOffset = await cli.call('GET', '/api/v1/deployments/', {
      query: [
        ['creationStep', 'project'],
        ['creationStep', 'ready'],
        ['offset', '0'],
        ['limit', '50'],
      ],
    });
    expect(byOffset.status, byOffset.text).toBe(200);
    const items = listOfAnswer(byOffset);
    expect(items.map((item) => item.name)).toEqual(expect.arrayContaining(['replayed', 'made-by-cli']));
    for (const item of items) {
      expect(item).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        deploymentUrl: expect.any(String),
      });
      expect(['project', 'ready']).toContain(item.creationStep);
    }
    const firstPage = await cli.call('GET', '/api/v1/deployments/', { query: [['first', '1']] });
    expect(firstPage.status, firstPage.text).toBe(200);
    const cursor = (firstPage.body as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
    const secondPage = await cli.call('GET', '/api/v1/deployments/', {
      query: [
        ['first', '1'],
        ['after', cursor],
      ],
    });
    expect(secondPage.status, secondPage.text).toBe(200);
    expect(listOfAnswer(secondPage)[0]?.id).not.toBe(listOfAnswer(firstPage)[0]?.id);
    const skipped = await cli.call('GET', '/api/v1/deployments/', {
      query: [
        ['offset', '1'],
        ['limit', '1'],
      ],
    });
    expect(listOfAnswer(skipped).map((item) => item.id)).toEqual(
      listOfAnswer(secondPage).map((item) => item.id),
    );
    const mixed = await cli.call('GET', '/api/v1/deployments/', {
      query: [
        ['offset', '1'],
        ['after', cursor],
      ],
    });
    expect(mixed.status).toBe(400);
  });

  it('deployments get: GET /api/v1/deployments/{D}', async () => {
    const answer = await cli.call('GET', `/api/v1/deployments/${deploymentId}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ id: deploymentId, deploymentUrl: expect.any(String) });
  });

  it('deployments settings: GET /api/v1/deployments/{D}/settings', async () => {
    const answer = await cli.call('GET', `/api/v1/deployments/${deploymentId}/settings`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ id: deploymentId, releaseChannel: 'latest' });
  });

  it('deployments versions: GET /api/v1/deployments/{D}/versions?first', async () => {
    const answer = await cli.call('GET', `/api/v1/deployments/${deploymentId}/versions`, {
      query: [['first', '20']],
    });
    expect(answer.status, answer.text).toBe(200);
    const items = listOfAnswer(answer);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item).toMatchObject({
        version: expect.any(String),
        releaseChannel: expect.stringMatching(/^(latest|release)$/),
        isLatestInChannel: expect.any(Boolean),
        isCurrent: expect.any(Boolean),
      });
      expect(item).toHaveProperty('releaseChannelVersion');
    }
    expect(items.filter((item) => item.isCurrent)).toHaveLength(1);
  });

  it('deployments update: PUT /api/v1/deployments/{D} {name, releaseChannel, releaseChannelVersion}', async () => {
    const versions = listOfAnswer(await cli.call('GET', `/api/v1/deployments/${deploymentId}/versions`));
    const pinned = versions.find((item) => item.releaseChannel === 'release');
    const answer = await cli.call('PUT', `/api/v1/deployments/${deploymentId}`, {
      body: {
        name: 'replayed',
        releaseChannel: 'release',
        releaseChannelVersion: pinned?.releaseChannelVersion ?? pinned?.version,
      },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ releaseChannel: 'release' });
  });

  it('deployments token: POST /api/v1/deployments/{D}/token with no body', async () => {
    const answer = await cli.call('POST', `/api/v1/deployments/${deploymentId}/token`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ platformApiToken: expect.any(String) });
  });

  it('deployments advance-step: POST …/creation-step/advance {creationStep}', async () => {
    const answer = await cli.call('POST', `/api/v1/deployments/${deploymentId}/creation-step/advance`, {
      body: { creationStep: 'upload' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ creationStep: expect.any(String) });
  });

  it('deployments reset-step: POST …/creation-step/reset with no body', async () => {
    const answer = await cli.call('POST', `/api/v1/deployments/${deploymentId}/creation-step/reset`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ creationStep: 'project' });
  });

  it('deploy: file-hashes, upload start {branchName}, upload file (multipart), upload finish {…, branchName}', async () => {
    const hashes = await cli.call('GET', `${b}/data-model/file-hashes`, { query: [['branchName', 'main']] });
    expect(hashes.status, hashes.text).toBe(200);
    expect(typeof hashes.body).toBe('object');
    const start = await cli.call('POST', `${b}/data-model/upload/start`, { body: { branchName: 'main' } });
    expect(start.status, start.text).toBe(200);
    const transaction = (start.body as { transaction: { id: string } }).transaction;
    const content = validCube('orders');
    const file = await cli.call('POST', `${b}/data-model/upload/file`, {
      multipart: multipartOf(
        { transaction: JSON.stringify(transaction), fileName: 'model/cubes/orders.yml' },
        { name: 'orders.yml', bytes: Buffer.from(content) },
      ),
    });
    expect(file.status, file.text).toBe(200);
    const finish = await cli.call('POST', `${b}/data-model/upload/finish`, {
      body: {
        transaction,
        files: { 'model/cubes/orders.yml': { hash: sha1(content) } },
        autoRemoveFiles: true,
        commitMessage: 'deployed by the hosted CLI',
        branchName: 'main',
      },
    });
    expect(finish.status, finish.text).toBe(200);
    expect(finish.body).toMatchObject({ lastHash: expect.any(String) });
    expect(await waitForBuild(server, deploymentId, 'main')).toMatchObject({ status: 'built' });
  });

  it('deployments build-status: GET …/build-status?branchName', async () => {
    const answer = await cli.call('GET', `/api/v1/deployments/${deploymentId}/build-status`, {
      query: [['branchName', 'main']],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ status: 'built', branchName: 'main' });
    expect(answer.body).toHaveProperty('errorText');
  });

  it('validate: GET {b}/data-model/validate?branchName', async () => {
    const answer = await cli.call('GET', `${b}/data-model/validate`, { query: [['branchName', 'main']] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ branchName: 'main', valid: true, errors: [], cubesCount: 1 });
  });

  it('data-model dev-mode: POST {b}/dev-mode {branchName}', async () => {
    const answer = await cli.call('POST', `${b}/dev-mode`, { body: { branchName: 'main' } });
    expect(answer.status, answer.text).toBe(200);
    devBranch = (answer.body as { branchName: string }).branchName;
    expect(devBranch).toMatch(/^dev-/);
  });

  it('data-model put: PUT {b}/data-model/files {files, branchName}', async () => {
    const answer = await cli.call('PUT', `${b}/data-model/files`, {
      body: {
        files: [{ path: '/model/cubes/customers.yml', content: validCube('customers') }],
        branchName: devBranch,
      },
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('validate --dev-mode: GET {b}/data-model/validate?devMode=true checks the dev branch', async () => {
    const answer = await cli.call('GET', `${b}/data-model/validate`, { query: [['devMode', 'true']] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ branchName: devBranch, valid: true, errors: [], cubesCount: 2 });
  });

  it('data-model list / get: GET {b}/data-model/files?withContent=true&branchName', async () => {
    const answer = await cli.call('GET', `${b}/data-model/files`, {
      query: [
        ['withContent', 'true'],
        ['branchName', devBranch],
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    type Node = { path: string; type: string; content?: string; children?: Node[] };
    const found: Node[] = [];
    const visit = (nodes: Node[]) => {
      for (const node of nodes) {
        found.push(node);
        visit(node.children ?? []);
      }
    };
    visit((answer.body as { files: Node[] }).files);
    expect(found.find((node) => node.path === '/model/cubes/customers.yml')).toMatchObject({
      type: 'file',
      content: validCube('customers'),
    });
    expect(found.find((node) => node.path === '/model')).toMatchObject({ type: 'directory' });
  });

  it('data-model rename: POST {b}/data-model/files/rename {files:[{path, newPath}], branchName}', async () => {
    const answer = await cli.call('POST', `${b}/data-model/files/rename`, {
      body: {
        files: [{ path: 'model/cubes/customers.yml', newPath: 'model/cubes/clients.yml' }],
        branchName: devBranch,
      },
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('data-model delete: DELETE {b}/data-model/files with a JSON body', async () => {
    const answer = await cli.call('DELETE', `${b}/data-model/files`, {
      body: { files: [{ path: 'model/cubes/clients.yml' }], branchName: devBranch },
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('data-model file-hashes: GET {b}/data-model/file-hashes?branchName', async () => {
    const answer = await cli.call('GET', `${b}/data-model/file-hashes`, {
      query: [['branchName', devBranch]],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ 'model/cubes/orders.yml': { hash: sha1(validCube('orders')) } });
  });

  it('data-model commit: POST {b}/commit {message, branchName}', async () => {
    await cli.call('PUT', `${b}/data-model/files`, {
      body: {
        files: [{ path: 'model/cubes/products.yml', content: validCube('products') }],
        branchName: devBranch,
      },
    });
    const answer = await cli.call('POST', `${b}/commit`, {
      body: { message: 'products', branchName: devBranch },
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('data-model merge: POST {b}/merge {squashCommits, switchToParentBranch, deleteBranch, branchName}', async () => {
    const feature = await cli.call('POST', `${b}/branches`, {
      body: { name: 'feature-merge', enterDevMode: true },
    });
    expect(feature.status, feature.text).toBe(201);
    await cli.call('PUT', `${b}/data-model/files`, {
      body: {
        files: [{ path: 'model/cubes/returns.yml', content: validCube('returns') }],
        branchName: 'feature-merge',
      },
    });
    const answer = await cli.call('POST', `${b}/merge`, {
      body: {
        squashCommits: false,
        switchToParentBranch: true,
        deleteBranch: true,
        branchName: 'feature-merge',
      },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ merged: true, branchDeleted: true });
  });

  it('data-model create-branch: POST {b}/branches {name, enterDevMode}', async () => {
    const answer = await cli.call('POST', `${b}/branches`, {
      body: { name: 'feature-a', enterDevMode: true },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ branchName: 'feature-a' });
  });

  it('data-model enable-branch / disable-branch: PUT {b}/branches/staging-environment {branchName, enabled}', async () => {
    const enabled = await cli.call('PUT', `${b}/branches/staging-environment`, {
      body: { branchName: 'feature-a', enabled: true },
    });
    expect(enabled.status, enabled.text).toBe(200);
    const branches = await cli.call('GET', `${b}/branches`, { query: [['first', '100']] });
    expect(listOfAnswer(branches).find((item) => item.name === 'feature-a')).toMatchObject({
      isStagingEnvironmentEnabled: true,
    });
  });

  it('data-model branches: GET {b}/branches?first', async () => {
    const answer = await cli.call('GET', `${b}/branches`, { query: [['first', '100']] });
    expect(answer.status, answer.text).toBe(200);
    for (const item of listOfAnswer(answer)) {
      expect(item).toMatchObject({
        name: expect.any(String),
        isStagingEnvironmentEnabled: expect.any(Boolean),
      });
      expect(item).toHaveProperty('parentBranch');
    }
  });

  it('environments list: GET …/environments?type&offset&limit, and first/after', async () => {
    const all = await cli.call('GET', `/api/v1/deployments/${deploymentId}/environments`, {
      query: [['first', '100']],
    });
    expect(all.status, all.text).toBe(200);
    const items = listOfAnswer(all);
    expect(items.map((item) => [item.type, item.branch])).toEqual(
      expect.arrayContaining([
        ['production', 'main'],
        ['staging', 'feature-a'],
        ['development', 'feature-a'],
      ]),
    );
    for (const item of items) expect(item).toHaveProperty('user');
    const staging = await cli.call('GET', `/api/v1/deployments/${deploymentId}/environments`, {
      query: [
        ['type', 'staging'],
        ['offset', '0'],
        ['limit', '10'],
      ],
    });
    expect(staging.status, staging.text).toBe(200);
    expect(listOfAnswer(staging).map((item) => item.branch)).toEqual(['feature-a']);
  });

  it('environments create-token / tokens: POST and GET …/environments/{E}/tokens', async () => {
    const listed = await cli.call('GET', `/api/v1/deployments/${deploymentId}/environments`, {
      query: [['type', 'staging']],
    });
    const environmentId = String(listOfAnswer(listed)[0]?.id);
    const tokensPath = `/api/v1/deployments/${deploymentId}/environments/${environmentId}/tokens`;
    const created = await cli.call('POST', tokensPath, {
      body: { security_context: { tenant: 'a' }, expires_in: 600 },
    });
    expect(created.status, created.text).toBe(201);
    const token = (created.body as { data: { token: string } }).data.token;
    expect(token).toEqual(expect.any(String));
    const list = await cli.call('GET', tokensPath, {
      query: [
        ['offset', '0'],
        ['limit', '10'],
      ],
    });
    expect(list.status, list.text).toBe(200);
    const [item] = listOfAnswer(list);
    expect(item).toMatchObject({
      token: expect.any(String),
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(item?.token).not.toBe(token);
  });

  it('environments create-token --meta-sync: POST …/environments/{E}/tokens-for-meta-sync', async () => {
    const tokensPath = `/api/v1/deployments/${deploymentId}/environments/production/tokens-for-meta-sync`;
    const created = await cli.call('POST', tokensPath, {
      body: { security_context: { tenant: 'a' }, expires_in: 600, scopes: ['meta'] },
    });
    expect(created.status, created.text).toBe(201);
    const token = (created.body as { data: { token: string } }).data.token;
    expect(token).toEqual(expect.any(String));
    const meta = await cli.call('GET', `/deployments/${deploymentId}/data/v1/meta`, { key: token });
    expect(meta.status, meta.text).toBe(200);
  });

  it('data-model delete-branch: DELETE {b}/branches?branchName&removeOnUpstream=true with no body', async () => {
    await cli.call('POST', `${b}/branches`, { body: { name: 'feature-gone' } });
    const answer = await cli.call('DELETE', `${b}/branches`, {
      query: [
        ['branchName', 'feature-gone'],
        ['removeOnUpstream', 'true'],
      ],
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('data-model exit-dev-mode: DELETE {b}/dev-mode with no body', async () => {
    const answer = await cli.call('DELETE', `${b}/dev-mode`);
    expect(answer.status, answer.text).toBe(200);
  });

  it('github connect D REPO: POST {b}/github/connect {installationId, name, branch, …data}', async () => {
    await remote.createRepository('model');
    const home = await mkdtemp(join(tmpdir(), 'hosted-git-'));
    try {
      const clone = join(home, 'clone');
      await runGit(['clone', remote.repositoryUrl('model'), clone], { home });
      await runGit(['-C', clone, 'checkout', '-B', 'main'], { home });
      await writeFile(join(clone, 'remote.yml'), validCube('remote_items'));
      await runGit(['-C', clone, 'add', 'remote.yml'], { home });
      await runGit(['-C', clone, 'commit', '-m', 'remote'], { home });
      await runGit(['-C', clone, 'push', 'origin', 'main'], { home });
    } finally {
      await rm(home, { recursive: true, force: true });
    }
    const answer = await cli.call('POST', `${b}/github/connect`, {
      body: {
        installationId: 42,
        name: 'model',
        branch: 'main',
        repositoryUrl: remote.repositoryUrl('model'),
      },
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('data-model pull: POST {b}/pull with no body, and with {branchName}', async () => {
    const bare = await cli.call('POST', `${b}/pull`);
    expect(bare.status, bare.text).toBe(200);
    expect(bare.body).toMatchObject({ buildTriggered: expect.any(Boolean) });
    const named = await cli.call('POST', `${b}/pull`, { body: { branchName: 'main' } });
    expect(named.status, named.text).toBe(200);
  });

  it('data-model merge-to-default: POST {b}/merge-to-default {removeBranchAfterMerge, branchName}', async () => {
    const dev = await cli.call('POST', `${b}/dev-mode`, { body: { branchName: 'main' } });
    const branchName = (dev.body as { branchName: string }).branchName;
    await cli.call('PUT', `${b}/data-model/files`, {
      body: { files: [{ path: 'model/cubes/stores.yml', content: validCube('stores') }], branchName },
    });
    const answer = await cli.call('POST', `${b}/merge-to-default`, {
      body: { removeBranchAfterMerge: true, branchName },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ merged: true });
  });

  it('logs: GET /api/v1/deployments/{D}/logs?pod&container&source', async () => {
    const all = await cli.call('GET', `/api/v1/deployments/${deploymentId}/logs`);
    expect(all.status, all.text).toBe(200);
    const [first] = listOfAnswer(all);
    expect(first).toMatchObject({
      date: expect.any(String),
      pod: expect.any(String),
      message: expect.any(String),
    });
    const filtered = await cli.call('GET', `/api/v1/deployments/${deploymentId}/logs`, {
      query: [
        ['pod', String(first?.pod)],
        ['container', 'INIT'],
        ['source', 'production'],
      ],
    });
    expect(filtered.status, filtered.text).toBe(200);
  });

  it('regions: GET /api/v1/regions?first', async () => {
    const answer = await cli.call('GET', '/api/v1/regions', { query: [['first', '20']] });
    expect(answer.status, answer.text).toBe(200);
    expect(listOfAnswer(answer)[0]).toMatchObject({
      id: 'local',
      name: 'local',
      title: expect.any(String),
      provider: expect.any(String),
    });
  });

  it('dbt sync / status / result / cancel: …/dbt-sync', async () => {
    const base = `/api/v1/deployments/${deploymentId}/dbt-sync`;
    const started = await cli.call('POST', base, {
      body: { source: 'manifest', manifest: readManifestFixture('cube-dbt-jaffle-manifest.json') },
    });
    expect(started.status, started.text).toBe(201);
    expect(started.body).toMatchObject({
      syncJobId: expect.any(String),
      workflowId: expect.any(String),
      branchName: expect.any(String),
    });
    const syncJobId = (started.body as { syncJobId: string }).syncJobId;
    let status: { status: string; progress: { stage: string; percentComplete: number } };
    const deadline = Date.now() + 30_000;
    do {
      const answer = await cli.call('GET', `${base}/${syncJobId}`);
      expect(answer.status, answer.text).toBe(200);
      status = answer.body as typeof status;
      expect(status.progress).toMatchObject({
        stage: expect.any(String),
        percentComplete: expect.any(Number),
      });
    } while (!['COMPLETED', 'FAILED'].includes(status.status) && Date.now() < deadline);
    expect(status.status).toBe('COMPLETED');
    const result = await cli.call('GET', `${base}/${syncJobId}/result`);
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ cubeCount: expect.any(Number), durationMs: expect.any(Number) });
    expect((result.body as { generatedFiles: Array<{ path: string }> }).generatedFiles[0]?.path).toEqual(
      expect.any(String),
    );
    const cancelled = await cli.call('DELETE', `${base}/${syncJobId}`);
    expect([200, 409]).toContain(cancelled.status);
    if (cancelled.status === 200) expect(cancelled.body).toMatchObject({ message: expect.any(String) });
  });

  it('variables list / set: GET and PUT …/env-vars', async () => {
    const set = await cli.call('PUT', `/api/v1/deployments/${deploymentId}/env-vars`, {
      body: { env_variables: [{ name: 'REPLAY_FLAG', value: 'on' }] },
    });
    expect(set.status, set.text).toBe(200);
    const list = await cli.call('GET', `/api/v1/deployments/${deploymentId}/env-vars`, {
      query: [['first', '100']],
    });
    expect(list.status, list.text).toBe(200);
    expect(listOfAnswer(list)).toContainEqual(expect.objectContaining({ name: 'REPLAY_FLAG', value: 'on' }));
  });

  it('agents list: GET /api/v1/deployments/{D}/agents', async () => {
    const made = await cli.call('POST', `/api/v1/deployments/${deploymentId}/agents`, {
      body: { name: 'replayed agent' },
    });
    expect(made.status, made.text).toBe(201);
    for (const allowEmbedding of ['', '?allowEmbedding=true', '?allowEmbedding=false']) {
      const answer = await cli.call('GET', `/api/v1/deployments/${deploymentId}/agents${allowEmbedding}`);
      expect(answer.status, answer.text).toBe(200);
      const items = listOfAnswer(answer);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items)
        expect(item).toMatchObject({
          id: expect.any(String),
          name: expect.any(String),
          agentConfigName: expect.any(String),
          agentSpace: { name: expect.any(String) },
        });
    }
  });

  it('spec: GET /api/v1/spec', async () => {
    const answer = await cli.call('GET', '/api/v1/spec');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ openapi: expect.stringMatching(/^3\.1/), paths: expect.any(Object) });
  });

  it('deployments delete: DELETE /api/v1/deployments/{D} with no body', async () => {
    const made = await cli.call('POST', '/build/api/v1/deployments', {
      body: { name: 'to-delete', region: 'local' },
    });
    const answer = await cli.call('DELETE', `/api/v1/deployments/${(made.body as { id: number }).id}`);
    expect(answer.status, answer.text).toBe(200);
  });
});
