import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeploymentId } from '../security/account-resources.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { expectErrorBody } from './expect-error-body.js';

const part = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.yml"\r\nContent-Type: application/octet-stream\r\n\r\ncubes: []\r\n`;

/** Multipart bodies the upload cannot read: each is the client's error, answered 400 with the body. */
const unreadable: Array<[string, string, string]> = [
  ['no boundary', 'multipart/form-data', `${part('x')}--x--\r\n`],
  ['an empty boundary', 'multipart/form-data; boundary=', `${part('x')}--x--\r\n`],
  ['a boundary the body does not use', 'multipart/form-data; boundary=other', `${part('x')}--x--\r\n`],
  ['a body cut short in a file', 'multipart/form-data; boundary=x', `${part('x')}more bytes and no end`],
  [
    'a body cut short in the headers',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-da',
  ],
  ['an empty body', 'multipart/form-data; boundary=x', ''],
  [
    'a part with no name',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Type: text/plain\r\n\r\nx\r\n--x--\r\n',
  ],
];

describe('multipart bodies the server cannot read', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    url = `/build/api/v1/deployments/${await findDeploymentId(server, 'demo')}/data-model/upload/file`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(unreadable)('answers %s with 400 and the documented body', async (_label, contentType, payload) => {
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': contentType },
      payload,
    });
    expectErrorBody(
      { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body) },
      'BAD_REQUEST',
    );
    expect((await server.request({ method: 'GET', url: '/healthz' })).status).toBe(200);
  });
});
