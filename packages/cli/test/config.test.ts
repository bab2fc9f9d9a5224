import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configDirectoryOf } from '../src/config/config-directory.js';
import { type CliConfig, readConfig, writeConfig } from '../src/config/config-store.js';
import { defaultApiUrl, resolveConnection } from '../src/config/resolve-connection.js';

describe('config directory', () => {
  it('honours PLATFORM_CONFIG_DIR, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(configDirectoryOf({ PLATFORM_CONFIG_DIR: '/x', XDG_CONFIG_HOME: '/y' })).toBe('/x');
    expect(configDirectoryOf({ XDG_CONFIG_HOME: '/y' })).toBe('/y/platform');
    expect(configDirectoryOf({})).toBe(join(homedir(), '.config', 'platform'));
  });
});

describe('config file', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'platform-cli-config-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads as empty when missing, and round-trips with mode 0600 in a 0700 directory', async () => {
    const nested = join(directory, 'platform');
    expect(await readConfig(nested)).toEqual({ currentContext: null, contexts: {} });
    const config: CliConfig = {
      currentContext: 'prod',
      contexts: { prod: { apiUrl: 'https://p.example', apiKey: 'sk-1', authScheme: 'bearer' } },
    };
    const file = await writeConfig(nested, config);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(nested)).mode & 0o777).toBe(0o700);
    expect(await readConfig(nested)).toEqual(config);
  });

  it('names the file when it is not valid', async () => {
    await writeFile(join(directory, 'config.json'), '{not json');
    await expect(readConfig(directory)).rejects.toThrow(/config\.json is not valid JSON/);
    await writeFile(join(directory, 'config.json'), JSON.stringify({ contexts: { a: { apiUrl: 1 } } }));
    await expect(readConfig(directory)).rejects.toThrow(/not a valid platform config/);
    expect(await readFile(join(directory, 'config.json'), 'utf8')).toContain('apiUrl');
  });
});

describe('resolving the connection', () => {
  const config: CliConfig = {
    currentContext: 'dev',
    contexts: {
      dev: { apiUrl: 'http://dev.example', apiKey: 'sk-dev' },
      prod: { apiUrl: 'https://prod.example', apiKey: 'sk-prod', authScheme: 'bearer' },
    },
  };

  it('uses the current context, or the one asked for', () => {
    expect(resolveConnection(config, {}, undefined)).toEqual({
      apiUrl: 'http://dev.example',
      apiKey: 'sk-dev',
      authScheme: null,
      contextName: 'dev',
      refreshToken: null,
    });
    expect(resolveConnection(config, {}, 'prod')).toMatchObject({ apiKey: 'sk-prod', authScheme: 'bearer' });
    expect(() => resolveConnection(config, {}, 'nope')).toThrow(/no context named "nope"/);
  });

  it('lets PLATFORM_API_URL, PLATFORM_API_KEY and PLATFORM_AUTH_SCHEME override the context', () => {
    const environment = {
      PLATFORM_API_URL: 'http://env',
      PLATFORM_API_KEY: 'tok',
      PLATFORM_AUTH_SCHEME: 'API-KEY',
    };
    expect(resolveConnection(config, environment, undefined)).toMatchObject({
      apiUrl: 'http://env',
      apiKey: 'tok',
      authScheme: 'api-key',
    });
    expect(() => resolveConnection(config, { PLATFORM_AUTH_SCHEME: 'basic' }, undefined)).toThrow(
      /bearer or api-key/,
    );
  });

  it('defaults to the local server with no key', () => {
    expect(resolveConnection({ currentContext: null, contexts: {} }, {}, undefined)).toEqual({
      apiUrl: defaultApiUrl,
      apiKey: null,
      authScheme: null,
      contextName: null,
      refreshToken: null,
    });
  });
});
