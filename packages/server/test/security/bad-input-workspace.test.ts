import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createDeployment } from './account-resources.js';

/** Nested objects `depth` deep, written as text: JSON.stringify of such a value would recurse as deep. */
const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Bad input the generic suite (`bad-input.test.ts`, which fuzzes every field of every operation) does
 * not generate: values that are well-typed but break a workspace rule, and sizes at the rule's edge.
 */
describe('bad input to the workspace operations', () => {
  let server: TestServer;
  let base: string;
  let folderId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const deploymentId = await createDeployment(server, 'workspace-bad-input');
    base = `/api/v1/deployments/${deploymentId}`;
    const folder = await server.request({ method: 'POST', url: `${base}/folders`, body: { name: 'Top' } });
    folderId = (folder.body as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) =>
    server.request({ method, url, ...(body === undefined ? {} : { body }) });

  it.each([
    ['a slash', 'a/b'],
    ['NUL', 'a\u0000b'],
    ['a line break', 'a\nb'],
    ['256 characters', 'f'.repeat(256)],
    ['nothing but spaces', '   '],
    ['empty', ''],
  ])('refuses a folder name with %s, on create and rename', async (_label, name) => {
    expectErrorBody(await send('POST', `${base}/folders`, { name }), 'BAD_REQUEST');
    expectErrorBody(await send('PUT', `${base}/folders/${folderId}`, { name }), 'BAD_REQUEST');
  });

  it.each([
    ['upper case and a space', 'Bad Slug'],
    ['a leading dash', '-slug'],
    ['101 characters', 's'.repeat(101)],
    ['a slash', 'a/b'],
    ['NUL', 'a\u0000b'],
  ])('refuses a workbook slug with %s', async (_label, slug) => {
    expectErrorBody(await send('POST', `${base}/workbooks`, { slug }), 'BAD_REQUEST');
  });

  it.each([
    ['too short', 'abc', 'BAD_REQUEST'],
    ['a character outside [0-9A-Za-z]', 'abcdefghij-k', 'BAD_REQUEST'],
    ['13 characters', 'abcdefghijklm', 'BAD_REQUEST'],
    ['101 characters', 'p'.repeat(101), 'URI_TOO_LONG'],
  ] as const)('refuses a report publicId %s', async (_label, publicId, code) => {
    const url = `${base}/reports/by-public-id/${publicId}`;
    expectErrorBody(await send('PUT', url, { name: 'x' }), code);
    expectErrorBody(await send('POST', `${base}/reports`, { name: 'x', publicId }), 'BAD_REQUEST');
  });

  it('refuses a Vega-Lite spec nested deeper than JSON allows, as an object and as text', async () => {
    const asObject = await server.app.inject({
      method: 'POST',
      url: `${base}/reports`,
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      payload: `{"name":"deep","spec":${deepObjectText(5000)}}`,
    });
    expect(asObject.statusCode, asObject.body).toBe(400);
    const asText = await send('POST', `${base}/reports`, { name: 'deep', spec: deepObjectText(5000) });
    expectErrorBody(asText, 'BAD_REQUEST');
    const moderate = await send('POST', `${base}/reports`, {
      name: 'moderately deep',
      spec: { mark: 'bar', encoding: JSON.parse(deepObjectText(60)) },
    });
    expectErrorBody(moderate, 'BAD_REQUEST');
  });

  it('refuses more than 100 items in a bulk request, and a target folder id out of range', async () => {
    const items = Array.from({ length: 101 }, (_, index) => ({ type: 'REPORT', id: index + 1 }));
    expectErrorBody(await send('POST', `${base}/workspace/bulk-move`, { items, folderId }), 'BAD_REQUEST');
    expectErrorBody(await send('POST', `${base}/workspace/bulk-delete`, { items }), 'BAD_REQUEST');
    const huge = await send('POST', `${base}/workspace/move`, {
      type: 'FOLDER',
      id: folderId,
      folderId: 2 ** 31,
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it('answers 404 for a folder or workbook that does not exist, on every write that names one', async () => {
    const missing = 999_999;
    for (const [method, url, body] of [
      ['POST', `${base}/workbooks`, { folderId: missing }],
      ['POST', `${base}/reports`, { name: 'r', folderId: missing }],
      ['POST', `${base}/reports`, { name: 'r', workbookId: missing }],
      ['POST', `${base}/folders`, { name: 'f', parentId: missing }],
      ['PUT', `${base}/workbooks/by-slug/nowhere`, { folderId: missing }],
      ['POST', `${base}/workspace/move`, { type: 'FOLDER', id: folderId, folderId: missing }],
    ] as const) {
      expectErrorBody(await send(method, url, body), 'NOT_FOUND', `${method} ${url}`);
    }
  });
});
