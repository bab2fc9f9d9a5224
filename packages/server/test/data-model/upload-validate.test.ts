import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { createModelDeployment, headOf, readFiles, uploadFile, validCube } from './data-model-helpers.js';

const sha1 = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');

/** Errors in two files (the first on line 6): each file's errors must be reported. */
const brokenCubes = Buffer.from(
  [
    'cubes:',
    '  - name: refunds',
    '    sql_table: refunds',
    '    measures:',
    '      - name: count',
    '        type: not_a_type',
    '      - name: total',
    '        type: also_not_a_type',
    '',
  ].join('\n'),
);
const brokenView = Buffer.from('views:\n  - name: refund_view\n    cubes:\n      - join_path: nowhere\n');

describe.each(storeEngines)('validating an upload before it is finished, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function startUpload(base: string) {
    const answer = await server.request({ method: 'POST', url: `${base}/data-model/upload/start`, body: {} });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { transaction: { id: string } }).transaction.id;
  }

  const validate = (base: string, body: Record<string, unknown>) =>
    server.request({ method: 'POST', url: `${base}/data-model/upload/validate`, body });

  it('reports every error with file and line, and leaves the branch and the transaction as they were', async () => {
    const { base } = await createModelDeployment(server);
    const orders = Buffer.from(validCube('orders'));
    const first = await startUpload(base);
    expect((await uploadFile(server, base, first, 'model/cubes/orders.yml', orders)).status).toBe(200);
    const deployed = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/finish`,
      body: {
        transaction: { id: first },
        files: { 'model/cubes/orders.yml': { hash: sha1(orders) } },
        autoRemoveFiles: true,
      },
    });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    const before = await headOf(server, base, 'main');
    const filesBefore = await readFiles(server, base, 'main');

    const transaction = await startUpload(base);
    await uploadFile(server, base, transaction, 'model/cubes/refunds.yml', brokenCubes);
    await uploadFile(server, base, transaction, 'model/views/refund_view.yml', brokenView);
    const listed = {
      'model/cubes/orders.yml': { hash: sha1(orders) },
      'model/cubes/refunds.yml': { hash: sha1(brokenCubes) },
      'model/views/refund_view.yml': { hash: sha1(brokenView) },
    };
    const answer = await validate(base, {
      transaction: { id: transaction },
      files: listed,
      autoRemoveFiles: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const validation = answer.body as {
      branchName: string;
      valid: boolean;
      errors: Array<{ fileName: string; line?: number; message: string }>;
    };
    expect(validation).toMatchObject({ branchName: 'main', valid: false });
    expect(validation.errors).toContainEqual(
      expect.objectContaining({ fileName: 'model/cubes/refunds.yml', line: 6 }),
    );
    expect(new Set(validation.errors.map((error) => error.fileName))).toEqual(
      new Set(['model/cubes/refunds.yml', 'model/views/refund_view.yml']),
    );
    // Nothing changed: the branch, and the transaction, which still takes a corrected file and finishes.
    expect(await headOf(server, base, 'main')).toBe(before);
    expect(await readFiles(server, base, 'main')).toEqual(filesBefore);
    const fixed = Buffer.from(validCube('refunds'));
    await uploadFile(server, base, transaction, 'model/cubes/refunds.yml', fixed);
    const corrected = {
      'model/cubes/orders.yml': { hash: sha1(orders) },
      'model/cubes/refunds.yml': { hash: sha1(fixed) },
    };
    const valid = await validate(base, {
      transaction: { id: transaction },
      files: corrected,
      autoRemoveFiles: true,
    });
    expect(valid.body).toEqual({ branchName: 'main', valid: true, errors: [], cubesCount: 2 });
    const finished = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/finish`,
      body: { transaction: { id: transaction }, files: corrected, autoRemoveFiles: true },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(Object.keys(await readFiles(server, base, 'main')).sort()).toEqual([
      '/model/cubes/orders.yml',
      '/model/cubes/refunds.yml',
    ]);
  });

  it("compiles what finishing would leave: the branch's files with the upload's changes", async () => {
    const { base } = await createModelDeployment(server);
    const transaction = await startUpload(base);
    const orders = Buffer.from(validCube('orders'));
    await uploadFile(server, base, transaction, 'model/cubes/orders.yml', orders);
    const answer = await validate(base, {
      transaction: { id: transaction },
      files: { 'model/cubes/orders.yml': { hash: sha1(orders) } },
      autoRemoveFiles: true,
    });
    expect(answer.body).toEqual({ branchName: 'main', valid: true, errors: [], cubesCount: 1 });
  });

  it('refuses an unknown or finished transaction and files never uploaded', async () => {
    const { base } = await createModelDeployment(server);
    const unknown = await validate(base, {
      transaction: { id: '00000000-0000-4000-8000-000000000000' },
      files: {},
      autoRemoveFiles: false,
    });
    expectErrorBody(unknown, 'NOT_FOUND');
    const transaction = await startUpload(base);
    const missing = await validate(base, {
      transaction: { id: transaction },
      files: { 'model/cubes/ghost.yml': { hash: sha1('ghost') } },
      autoRemoveFiles: false,
    });
    expectErrorBody(missing, 'BAD_REQUEST');
    const finished = await server.request({
      method: 'POST',
      url: `${base}/data-model/upload/finish`,
      body: { transaction: { id: transaction }, files: {}, autoRemoveFiles: false },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expectErrorBody(
      await validate(base, { transaction: { id: transaction }, files: {}, autoRemoveFiles: false }),
      'CONFLICT',
    );
  });
});
