import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { findDeploymentId } from '../security/account-resources.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';

const secretValue = 'correct-horse-battery-staple-7f3a9c';
const unknownKey = `sk-unknown${'z'.repeat(30)}`;

/** Every value stored under an `authorization` key anywhere in a parsed log line. */
function authorizationValues(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(authorizationValues);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    key.toLowerCase() === 'authorization' ? [inner] : authorizationValues(inner),
  );
}

describe.each(storeEngines)('secrets in the log on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    // At trace level everything the server can log is written, so the checks below see the most.
    server = await startTestServer({ engine, environment: { LOG_LEVEL: 'trace' } });
    const deploymentId = await findDeploymentId(server, 'demo');
    const base = `/api/v1/deployments/${deploymentId}/env-vars`;
    const written = await server.request({
      method: 'PUT',
      url: base,
      body: { env_variables: [{ name: 'DB_PASSWORD', value: secretValue }] },
    });
    expect(written.status).toBe(200);
    const read = await server.request({ method: 'GET', url: base });
    expect(JSON.stringify(read.body)).not.toContain(secretValue);
    const revealed = await server.request({ method: 'GET', url: `${base}?reveal=true` });
    expect(JSON.stringify(revealed.body)).toContain(secretValue);
    const invalid = await server.request({
      method: 'PUT',
      url: base,
      body: { env_variables: [{ name: 'not a name', value: secretValue }] },
    });
    expect(invalid.status).toBe(400);
    for (const authorization of [`Api-Key ${server.adminKey}`, server.adminKey, `Bearer ${unknownKey}`]) {
      await server.request({ method: 'GET', url: '/api/v1/users/me', key: null, headers: { authorization } });
    }
    await server.request({ method: 'GET', url: '/api/v1/no-such-thing' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('wrote a completion line, with its request id, for each of the nine requests', () => {
    const completed = server.logLines.filter(
      (line) => line.includes('"request completed"') && line.includes('"requestId"'),
    );
    expect(completed.length).toBeGreaterThanOrEqual(9);
  });

  it('never writes the API key, an unknown key or a secret value to the log', () => {
    const log = server.logLines.join('');
    expect(log).not.toContain(server.adminKey);
    expect(log).not.toContain(unknownKey);
    expect(log).not.toContain(secretValue);
  });

  it('writes an Authorization header, when one is logged, only redacted', () => {
    const values = server.logLines.flatMap((line) => authorizationValues(JSON.parse(line)));
    expect(values.filter((value) => value !== '[REDACTED]')).toEqual([]);
  });
});

describe("the server's logger", () => {
  it('redacts the credentials of every URL in anything it logs, error messages and stacks included', () => {
    const lines: string[] = [];
    const logger = createLogger(
      'trace',
      new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      }),
    );
    const error = new Error(`connect to postgres://app:${secretValue}@db.example.com/shop failed`);
    logger.warn({ err: error }, 'the warehouse failed');
    logger.error({ remote: { url: `https://${secretValue}@github.com/acme/model.git` } }, 'fetch failed');
    logger.info(`model at http://bot:${secretValue}@127.0.0.1:9/v1 failed: ${error.message}`);
    logger.trace({ cause: String(error), nested: [{ text: `redis://:${secretValue}@cache:6379` }] }, 'trace');
    expect(lines).toHaveLength(4);
    expect(lines.join('')).not.toContain(secretValue);
    expect(lines.join('')).toContain('postgres://app:[REDACTED]@db.example.com/shop');
  });

  it('redacts the Authorization header and secret fields of anything it logs', () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      }),
    );
    logger.info({ req: { headers: { authorization: `Bearer ${unknownKey}` } } }, 'request');
    logger.info({ headers: { authorization: `Api-Key ${unknownKey}` } }, 'headers');
    logger.info({ variable: { name: 'DB_PASSWORD', value: secretValue }, token: unknownKey }, 'fields');
    logger.info(
      { config: { llm: { apiKey: secretValue, model: 'm' } }, list: [{ secret: secretValue }] },
      'deep',
    );
    const failure = Object.assign(new Error('the provider refused'), { password: secretValue });
    logger.error({ err: failure }, 'an error with a secret field');
    logger.child({ agent: { token: unknownKey } }).info('a child whose bindings hold a secret');
    const log = lines.join('');
    expect(lines).toHaveLength(6);
    // Copied only where a secret was: the error keeps its message and stack, other fields stay.
    expect(JSON.parse(lines[4] ?? '{}').err).toMatchObject({
      message: 'the provider refused',
      password: '[REDACTED]',
    });
    expect(JSON.parse(lines[4] ?? '{}').err.stack).toContain('the provider refused');
    expect(JSON.parse(lines[3] ?? '{}').config.llm).toEqual({ apiKey: '[REDACTED]', model: 'm' });
    expect(log).not.toContain(unknownKey);
    expect(log).not.toContain(secretValue);
    expect(lines.flatMap((line) => authorizationValues(JSON.parse(line)))).toEqual([
      '[REDACTED]',
      '[REDACTED]',
    ]);
  });
});
