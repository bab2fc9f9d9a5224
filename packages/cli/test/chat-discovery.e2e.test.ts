import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
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

const question = 'How many orders were cancelled in 2025?';

/** A port nothing listens on: bound by the system, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Chatting {
  server: RunningServer;
  configDirectory: string;
  demoId: number;
  agentId: string;
  platform(args: string[]): Promise<PlatformResult>;
  /** The demo agent's API keys, listed through the management API. */
  agentKeyIds(): Promise<number[]>;
  configText(): Promise<string>;
}

/** A real server on ephemeral ports, and a CLI logged in to it with no chat URL given. */
async function startChatting(): Promise<Chatting> {
  const [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
  const platform = (args: string[]) => runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
  if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
  const deployments = jsonOf<{ items: Array<{ id: number; name: string }> }>(
    await platform(['deployments', 'list', '--json']),
  );
  const demoId = deployments.items.find((item) => item.name === 'demo')?.id;
  if (demoId === undefined) throw new Error('no demo deployment');
  const management = (path: string) =>
    fetch(`${server.apiUrl}${path}`, { headers: { authorization: `Bearer ${server.adminKey}` } }).then(
      (response) => response.json() as Promise<{ items: Array<{ id: never; isDefault?: boolean }> }>,
    );
  const agents = await management(`/api/v1/deployments/${demoId}/agents`);
  const agentId = String(agents.items.find((agent) => agent.isDefault)?.id);
  return {
    server,
    configDirectory,
    demoId,
    agentId,
    platform,
    async agentKeyIds() {
      const keys = await management(`/api/v1/deployments/${demoId}/agents/${agentId}/api-keys`);
      return keys.items.map((key) => key.id);
    },
    configText: () => readFile(join(configDirectory, 'config.json'), 'utf8'),
  };
}

async function stopChatting(chatting: Chatting | undefined) {
  await chatting?.server.stop();
  if (chatting) await rm(chatting.configDirectory, { recursive: true, force: true });
}

/** `platform chat` learns where the Chat API listens from the server, and makes nothing it cannot use. */
describe('platform chat finds the Chat API', () => {
  let chatting: Chatting;

  beforeAll(async () => {
    chatting = await startChatting();
  });
  afterAll(async () => {
    await stopChatting(chatting);
  });

  it('fails on an unreachable --chat-url with a clear message, no agent key made and the config unchanged', async () => {
    const keysBefore = await chatting.agentKeyIds();
    const configBefore = await chatting.configText();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await chatting.platform([
      'chat',
      '--deployment',
      String(chatting.demoId),
      '--chat-url',
      url,
      question,
    ]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`the Chat API is not reachable: could not reach ${url}`);
    expect(result.stderr).toContain('check --chat-url. Nothing was created.');
    expect(await chatting.agentKeyIds()).toEqual(keysBefore);
    expect(await chatting.configText()).toBe(configBefore);
  });

  it("asks the server for the chat listener's URL when none is given, on its ephemeral port", async () => {
    const regions = jsonOf<{ items: Array<{ aiUrl: string }> }>(
      await chatting.platform(['regions', '--json']),
    );
    expect(regions.items.map((region) => region.aiUrl)).toEqual([chatting.server.chatUrl]);
    const result = await chatting.platform(['chat', '--deployment', String(chatting.demoId), question]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stderr).toMatch(/created an API key for agent [0-9a-f-]{36}/);
    expect(await chatting.agentKeyIds()).toHaveLength(1);
  });
});
