import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface SavedConfig {
  currentContext: string;
  contexts: Record<string, { apiUrl: string; apiKey: string; refreshToken?: string }>;
}

describe('platform login through the browser (OAuth device flow) against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  let sessionCookie: string;

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    // The person at the browser, signed in to the web pages.
    const signIn = await fetch(`${server.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: server.adminKey }),
    });
    expect(signIn.status).toBe(204);
    sessionCookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  /** What the /device page sends when the person confirms the code: the session cookie and the CSRF header. */
  async function decide(userCode: string, decision: 'approve' | 'deny'): Promise<number> {
    const answer = await fetch(`${server.apiUrl}/auth/device/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sessionCookie, 'x-platform-csrf': '1' },
      body: JSON.stringify({ userCode, decision }),
    });
    return answer.status;
  }

  /** Runs `platform login` and answers the code it prints, as the person would in the browser. */
  function loginAnswering(decision: 'approve' | 'deny', args: string[] = []): Promise<PlatformResult> {
    let isAnswered = false;
    return runPlatform(
      ['login', '--url', server.apiUrl, ...args],
      { PLATFORM_CONFIG_DIR: configDirectory },
      undefined,
      (stderr) => {
        const userCode = /confirm the code ([A-Z]{4}-[A-Z]{4})/.exec(stderr)?.[1];
        if (!userCode || isAnswered) return;
        isAnswered = true;
        void decide(userCode, decision);
      },
    );
  }

  async function savedConfig(): Promise<SavedConfig> {
    return JSON.parse(await readFile(join(configDirectory, 'config.json'), 'utf8')) as SavedConfig;
  }

  it('prints the address and code, waits for the approval, and saves the tokens', async () => {
    const login = await loginAnswering('approve');
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toContain(`${server.apiUrl}/device?user_code=`);
    expect(login.stdout).toContain('logged in to');
    expect(login.stdout).toContain('admin@localhost');
    const saved = (await savedConfig()).contexts.default;
    expect(saved?.apiUrl).toBe(server.apiUrl);
    expect(saved?.apiKey).toMatch(/^oat-/);
    expect(saved?.refreshToken).toMatch(/^ort-/);
    const me = jsonOf<{ email: string }>(
      await runPlatform(['users', 'me', '--json'], { PLATFORM_CONFIG_DIR: configDirectory }),
    );
    expect(me.email).toBe('admin@localhost');
  }, 60_000);

  it('refreshes a refused access token once and saves the rotated tokens', async () => {
    const before = (await savedConfig()).contexts.default;
    // An access token the server no longer knows (as after its hour): the refresh token renews it.
    const config = await savedConfig();
    const context = config.contexts.default as { apiUrl: string; apiKey: string; refreshToken?: string };
    context.apiKey = `oat-${'x'.repeat(43)}`;
    await writeFile(join(configDirectory, 'config.json'), JSON.stringify(config), { mode: 0o600 });
    const whoami = await runPlatform(['whoami'], { PLATFORM_CONFIG_DIR: configDirectory });
    expect(whoami.exitCode, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain('admin@localhost');
    const after = (await savedConfig()).contexts.default;
    expect(after?.apiKey).toMatch(/^oat-/);
    expect(after?.apiKey).not.toBe(context.apiKey);
    expect(after?.refreshToken).toMatch(/^ort-/);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    // The spent refresh token is refused by the server, which ends that sign-in.
    const reuse = await fetch(`${server.apiUrl}/auth/oauth2/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: before?.refreshToken ?? '',
        client_id: 'platform-cli',
      }).toString(),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    const revoked = await runPlatform(['whoami'], { PLATFORM_CONFIG_DIR: configDirectory });
    expect(revoked.exitCode).toBe(1);
    expect(revoked.stderr).toContain('401');
  }, 60_000);

  it('says so when the sign-in is denied, and keeps the saved context', async () => {
    const before = await savedConfig();
    const login = await loginAnswering('deny', ['--browser']);
    expect(login.exitCode).toBe(1);
    expect(login.stderr).toContain('the sign-in was denied in the browser');
    expect(await savedConfig()).toEqual(before);
  }, 60_000);
});
