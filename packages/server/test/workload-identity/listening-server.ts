import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';
import type { TestServer } from '../support/test-server.js';

/**
 * A server as `npm start` runs it, for the issuer's tests: the store on disk in its data directory (so
 * its files can be searched for the private key), every log line at trace level, and a real listener,
 * since verifiers fetch the JWKS over HTTP from the issuer's public URL.
 */
export async function startListeningServer(): Promise<TestServer & { publicUrl: string }> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'platform-oidc-'));
  const config = loadConfig({
    PLATFORM_DATA_DIR: dataDirectory,
    PLATFORM_PORT: '0',
    PLATFORM_AI_PORT: '0',
    PLATFORM_HOST: '127.0.0.1',
    PLATFORM_DEMO_SCALE: '0.01',
    LOG_LEVEL: 'trace',
  });
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  const container = await createContainer(config, createLogger(config.logLevel, destination));
  const { bootstrap } = await container.start({ writeKeyFile: false });
  if (!bootstrap?.adminApiKey) throw new Error('a fresh store must bootstrap an admin key');
  const adminKey = bootstrap.adminApiKey;
  await container.platform.jobs.idle();
  const app = buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // As main.ts does when PLATFORM_PUBLIC_URL is not set: the issuer is where the listener answers.
  config.publicUrl = address;
  return {
    app,
    container,
    config,
    adminKey,
    dataDirectory,
    logLines,
    publicUrl: address,
    async request({ method, url, body, key, headers }) {
      const credential = key === undefined ? adminKey : key;
      const response = await fetch(`${address}${url}`, {
        method,
        headers: {
          ...(credential ? { authorization: `Bearer ${credential}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: the raw text is the body.
      }
      return { status: response.status, body: parsed, headers: Object.fromEntries(response.headers) };
    },
    async close() {
      await app.close();
      await container.close();
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}
