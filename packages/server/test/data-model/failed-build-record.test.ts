import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryIdOf } from '../../src/modules/data-model/data-model-access.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type GitHttpServer, runGit, startGitHttpServer } from '../support/git-http-server.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  createModelDeployment,
  headOf,
  readFiles,
  startDevMode,
  uploadFile,
  validCube,
  waitForBuild,
  writeFiles,
} from './data-model-helpers.js';

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

/** Commits `files` to the remote's `main` from a throw-away clone. */
async function pushToRemote(url: string, files: Record<string, string>): Promise<void> {
  const home = await mkdtemp(join(tmpdir(), 'git-client-'));
  try {
    const clone = join(home, 'clone');
    await runGit(['clone', url, clone], { home });
    await runGit(['-C', clone, 'checkout', '-B', 'main'], { home });
    for (const [path, content] of Object.entries(files)) {
      await writeFile(join(clone, path), content);
      await runGit(['-C', clone, 'add', path], { home });
    }
    await runGit(['-C', clone, 'commit', '-m', 'remote change'], { home });
    await runGit(['-C', clone, 'push', 'origin', 'main'], { home });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/**
 * Operations that move a branch and then record its build (commit, upload finish, merge, merge to the
 * deploy branch, pull) must change nothing when the build cannot be recorded. The store refuses every new
 * build row for real (a CHECK constraint that no row meets), so recording fails the way a broken store
 * would make it fail.
 */
describe.each(storeEngines)(
  'an operation whose build cannot be recorded changes nothing, on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    let remote: GitHttpServer;
    beforeAll(async () => {
      server = await startTestServer({ engine });
      remote = await startGitHttpServer();
    });
    afterAll(async () => {
      await server?.close();
      await remote?.close();
    });

    /** Runs `operation` while the store refuses every new build, and returns its answer. */
    async function withBuildsRefused<Result>(operation: () => Promise<Result>): Promise<Result> {
      const database = server.container.platform.store.database;
      await database.execute(
        sql`ALTER TABLE data_model_builds ADD CONSTRAINT builds_refused CHECK (false) NOT VALID`,
      );
      try {
        return await operation();
      } finally {
        await database.execute(sql`ALTER TABLE data_model_builds DROP CONSTRAINT builds_refused`);
      }
    }

    /** Every branch head of the deployment's repository, as git holds them. */
    async function branchHeads(deploymentId: number) {
      return server.container.platform.gitStore.listBranches(repositoryIdOf(deploymentId));
    }

    it('commit: the dev-mode branch keeps its head, and committing again works', async () => {
      const { deploymentId, base } = await createModelDeployment(server);
      const { branchName } = await startDevMode(server, base);
      await writeFiles(server, base, { 'model/orders.yml': validCube('orders') });
      const before = await branchHeads(deploymentId);
      const failed = await withBuildsRefused(() =>
        server.request({ method: 'POST', url: `${base}/commit`, body: { message: 'named point' } }),
      );
      expectErrorBody(failed, 'INTERNAL_SERVER_ERROR');
      expect(await branchHeads(deploymentId)).toEqual(before);
      const committed = await server.request({
        method: 'POST',
        url: `${base}/commit`,
        body: { message: 'again' },
      });
      expect(committed.status, JSON.stringify(committed.body)).toBe(200);
      expect(await headOf(server, base, branchName)).toBe((committed.body as { lastHash: string }).lastHash);
    });

    it('upload finish: the branch keeps its head and the same transaction finishes later', async () => {
      const { deploymentId, base } = await createModelDeployment(server);
      const started = await server.request({
        method: 'POST',
        url: `${base}/data-model/upload/start`,
        body: {},
      });
      const transactionId = (started.body as { transaction: { id: string } }).transaction.id;
      const orders = Buffer.from(validCube('orders'));
      await uploadFile(server, base, transactionId, 'model/orders.yml', orders);
      const finish = () =>
        server.request({
          method: 'POST',
          url: `${base}/data-model/upload/finish`,
          body: {
            transaction: { id: transactionId },
            files: { 'model/orders.yml': { hash: sha1(orders) } },
            autoRemoveFiles: false,
          },
        });
      const before = await branchHeads(deploymentId);
      const refused = await withBuildsRefused(finish);
      expectErrorBody(refused, 'INTERNAL_SERVER_ERROR', JSON.stringify(refused.body));
      expect(await branchHeads(deploymentId)).toEqual(before);
      expect(await readFiles(server, base, 'main')).toEqual({});
      const finished = await finish();
      expect(finished.status, JSON.stringify(finished.body)).toBe(200);
      expect(Object.keys(await readFiles(server, base, 'main'))).toEqual(['/model/orders.yml']);
    });

    it('merge and merge-to-default: the target branch keeps its head', async () => {
      const { deploymentId, base } = await createModelDeployment(server);
      await server.request({
        method: 'POST',
        url: `${base}/branches`,
        body: { name: 'work', enterDevMode: true },
      });
      await writeFiles(server, base, { 'model/orders.yml': validCube('orders') });
      const before = await branchHeads(deploymentId);
      for (const [url, body] of [
        [`${base}/merge`, { branchName: 'work', deleteBranch: true }],
        [`${base}/merge-to-default`, { branchName: 'work', removeBranchAfterMerge: true }],
      ] as const) {
        const failed = await withBuildsRefused(() => server.request({ method: 'POST', url, body }));
        expectErrorBody(failed, 'INTERNAL_SERVER_ERROR', url);
        expect(await branchHeads(deploymentId), url).toEqual(before);
      }
      const merged = await server.request({
        method: 'POST',
        url: `${base}/merge`,
        body: { branchName: 'work' },
      });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      expect(Object.keys(await readFiles(server, base, 'main'))).toEqual(['/model/orders.yml']);
      expect(await waitForBuild(server, deploymentId, 'main')).toMatchObject({ status: 'built' });
    });

    it('pull: the deploy branch keeps its head, and pulling again brings the remote in', async () => {
      const { deploymentId, base } = await createModelDeployment(server);
      await remote.createRepository(`model-${deploymentId}`);
      const url = remote.repositoryUrl(`model-${deploymentId}`);
      await pushToRemote(url, { 'orders.yml': validCube('orders') });
      const connected = await server.request({
        method: 'POST',
        url: `${base}/github/connect`,
        body: { repositoryUrl: url, branch: 'main' },
      });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      const before = await branchHeads(deploymentId);
      const failed = await withBuildsRefused(() =>
        server.request({ method: 'POST', url: `${base}/pull`, body: {} }),
      );
      expectErrorBody(failed, 'INTERNAL_SERVER_ERROR');
      expect(await branchHeads(deploymentId)).toEqual(before);
      const pulled = await server.request({ method: 'POST', url: `${base}/pull`, body: {} });
      expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
      expect(Object.keys(await readFiles(server, base, 'main'))).toEqual(['/orders.yml']);
    });
  },
);
