import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import {
  createModelDeployment,
  headOf,
  readFiles,
  uploadFile,
  validCube,
  waitForBuild,
} from './data-model-helpers.js';

const sha1 = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');

describe.each(storeEngines)('chunked data-model upload on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function startUpload(base: string, body: Record<string, unknown> = {}) {
    const answer = await server.request({ method: 'POST', url: `${base}/data-model/upload/start`, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { transaction: { id: string } }).transaction.id;
  }

  it('commits the listed files as one commit, removes the rest, and builds once', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    const first = await startUpload(base);
    const orders = Buffer.from(validCube('orders'));
    const stale = Buffer.from('stale: true\n');
    expect((await uploadFile(server, base, first, 'model/cubes/orders.yml', orders)).body).toEqual({
      success: true,
      hash: sha1(orders),
    });
    await uploadFile(server, base, first, 'model/stale.yml', stale);
    const finished = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/finish`,
      body: {
        transaction: { id: first },
        files: { 'model/cubes/orders.yml': { hash: sha1(orders) }, 'model/stale.yml': { hash: sha1(stale) } },
        autoRemoveFiles: true,
      },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toMatchObject({
      lastHash: await headOf(server, base, 'main'),
      buildId: expect.any(Number),
    });
    const hashes = await server.request({ method: 'GET', url: `${base}/data-model/file-hashes` });
    expect(hashes.body).toEqual({
      'model/cubes/orders.yml': { hash: sha1(orders) },
      'model/stale.yml': { hash: sha1(stale) },
    });

    // A second deploy: one unchanged file is listed without being uploaded again, the stale one goes.
    const second = await startUpload(base, { branchName: 'main' });
    const customers = Buffer.from(validCube('customers'));
    await uploadFile(server, base, second, 'model/cubes/customers.yml', customers);
    const again = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/finish`,
      body: {
        transaction: { id: second },
        files: {
          'model/cubes/orders.yml': { hash: sha1(orders) },
          'model/cubes/customers.yml': { hash: sha1(customers) },
        },
        autoRemoveFiles: true,
        commitMessage: 'deploy 2',
      },
    });
    expect(again.status).toBe(200);
    expect(Object.keys(await readFiles(server, base, 'main')).sort()).toEqual([
      '/model/cubes/customers.yml',
      '/model/cubes/orders.yml',
    ]);
    expect(await waitForBuild(server, deploymentId, 'main')).toMatchObject({ status: 'built' });
    const twice = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/finish`,
      body: { transaction: { id: second }, files: {}, autoRemoveFiles: false },
    });
    expectErrorBody(twice, 'CONFLICT');
  });

  it('changes nothing for an upload never finished, and refuses unknown transactions and missing files', async () => {
    const { base } = await createModelDeployment(server);
    const before = await headOf(server, base, 'main');
    const transaction = await startUpload(base);
    await uploadFile(server, base, transaction, 'model/cubes/a.yml', Buffer.from(validCube('a')));
    expect(await headOf(server, base, 'main')).toBe(before);
    expect((await server.request({ method: 'GET', url: `${base}/data-model/file-hashes` })).body).toEqual({});
    const missing = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/finish`,
      body: {
        transaction: { id: transaction },
        files: { 'b.yml': { hash: sha1('b') } },
        autoRemoveFiles: false,
      },
    });
    expectErrorBody(missing, 'BAD_REQUEST');
    expect((missing.body as { message: string }).message).toMatch(/b\.yml/);
    const unknown = await uploadFile(
      server,
      base,
      '00000000-0000-0000-0000-000000000000',
      'a.yml',
      Buffer.from('x'),
    );
    expectErrorBody(unknown, 'NOT_FOUND');
    expect(await headOf(server, base, 'main')).toBe(before);
  });

  it('refuses a file above 1 MiB and paths that leave the repository, each with a 400', async () => {
    const { base } = await createModelDeployment(server);
    const transaction = await startUpload(base);
    const big = await uploadFile(server, base, transaction, 'big.yml', Buffer.alloc(1024 * 1024 + 1, 120));
    expectErrorBody(big, 'BAD_REQUEST');
    expect((big.body as { message: string }).message).toMatch(/1048576 bytes per file/);
    expect(
      (await uploadFile(server, base, transaction, 'max.yml', Buffer.alloc(1024 * 1024, 120))).status,
    ).toBe(200);
    expectErrorBody(await uploadFile(server, base, transaction, '../x.yml', Buffer.from('x')), 'BAD_REQUEST');
    expectErrorBody(
      await uploadFile(server, base, transaction, '.git/HEAD', Buffer.from('x')),
      'BAD_REQUEST',
    );
  });

  it('refuses an upload above 50 MiB in total', async () => {
    const { base } = await createModelDeployment(server);
    const transaction = await startUpload(base);
    const mebibyte = Buffer.alloc(1024 * 1024, 97);
    for (let index = 0; index < 50; index += 1) {
      const answer = await uploadFile(server, base, transaction, `f${index}.yml`, mebibyte);
      expect(answer.status).toBe(200);
    }
    const over = await uploadFile(server, base, transaction, 'f50.yml', mebibyte);
    expectErrorBody(over, 'BAD_REQUEST');
    expect((over.body as { message: string }).message).toMatch(/52428800 bytes per upload/);
  });

  it('keeps the earlier version of a file whose re-upload would pass 50 MiB', async () => {
    const { base } = await createModelDeployment(server);
    const transaction = await startUpload(base);
    const mebibyte = 1024 * 1024;
    const small = Buffer.from('1');
    // Text files: the build that follows the finish ignores them.
    const files: Record<string, Buffer> = { 'f0.txt': small, 'last.txt': Buffer.alloc(mebibyte - 1, 98) };
    for (let index = 1; index < 50; index += 1) files[`f${index}.txt`] = Buffer.alloc(mebibyte, 97);
    for (const [name, bytes] of Object.entries(files)) {
      expect((await uploadFile(server, base, transaction, name, bytes)).status).toBe(200);
    }
    // Exactly 50 MiB staged; replacing the 1-byte f0.txt by 2 bytes would pass it.
    const over = await uploadFile(server, base, transaction, 'f0.txt', Buffer.from('22'));
    expectErrorBody(over, 'BAD_REQUEST');
    const finished = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/finish`,
      body: {
        transaction: { id: transaction },
        files: Object.fromEntries(
          Object.entries(files).map(([name, bytes]) => [name, { hash: sha1(bytes) }]),
        ),
        autoRemoveFiles: true,
      },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    const hashes = await server.request({ method: 'GET', url: `${base}/data-model/file-hashes` });
    expect((hashes.body as Record<string, { hash: string }>)['f0.txt']).toEqual({ hash: sha1(small) });
  });

  it('answers file-hashes of the current content after a file changes and after it changes back', async () => {
    const { base } = await createModelDeployment(server);
    const versions = [validCube('orders'), validCube('orders_v2'), validCube('orders')];
    for (const version of versions) {
      const transaction = await startUpload(base);
      await uploadFile(server, base, transaction, 'model/cubes/orders.yml', Buffer.from(version));
      const finished = await server.request({
        method: 'POST',
        url: `${base}/data-model/upload/finish`,
        body: {
          transaction: { id: transaction },
          files: { 'model/cubes/orders.yml': { hash: sha1(version) } },
          autoRemoveFiles: true,
        },
      });
      expect(finished.status, JSON.stringify(finished.body)).toBe(200);
      const hashes = await server.request({ method: 'GET', url: `${base}/data-model/file-hashes` });
      expect(hashes.body).toEqual({ 'model/cubes/orders.yml': { hash: sha1(version) } });
    }
  });

  it('needs SchemaUpdate to upload to the deploy branch and dev mode for any other', async () => {
    const { base } = await createModelDeployment(server);
    const viewerKey = (await createUserWithKey(server, 'viewer')).key;
    expectErrorBody(
      await server.request({
        method: 'POST',
        url: `${base}/data-model/upload/start`,
        body: {},
        key: viewerKey,
      }),
      'FORBIDDEN',
    );
    const elsewhere = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/start`,
      body: { branchName: 'dev-other' },
    });
    expectErrorBody(elsewhere, 'BAD_REQUEST');
    const json = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/file`,
      body: { transaction: '{}', fileName: 'a.yml' },
    });
    expectErrorBody(json, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
