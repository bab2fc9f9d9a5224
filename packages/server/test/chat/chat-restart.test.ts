import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type Container, createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';
import { busEnvironment, demoAgent, isFinal, readAll, sessionOf } from './chat-test-support.js';
import { type ScriptedChatModel, startScriptedChatModel, textCompletion } from './scripted-chat-model.js';

const silent = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

/** A container on the embedded store in a data directory, as `platform serve` runs it. */
async function startContainer(dataDirectory: string): Promise<Container> {
  const config = loadConfig({
    PLATFORM_DATA_DIR: dataDirectory,
    PLATFORM_PORT: '0',
    PLATFORM_AI_PORT: '0',
    PLATFORM_DEMO_SCALE: '0.01',
    LOG_LEVEL: 'warn',
    ...busEnvironment,
  });
  const container = await createContainer(config, createLogger(config.logLevel, silent));
  await container.bootstrap.run({ writeKeyFile: false });
  await container.jobs.idle();
  return container;
}

describe('chat threads across a restart', () => {
  let dataDirectory: string;
  let model: ScriptedChatModel;
  let container: Container | null = null;
  const signal = new AbortController().signal;

  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'platform-chat-restart-'));
    model = await startScriptedChatModel();
  });

  afterAll(async () => {
    await container?.close();
    await model?.close();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('keeps every completed message and continues the thread', async () => {
    container = await startContainer(dataDirectory);
    const agent = await demoAgent(container, model.baseUrl);
    const session = await sessionOf(container, agent, 'restart-user');
    model.enqueue(textCompletion(['Kept.']));
    const first = await readAll(await container.chatStreams.start(session, { input: 'Keep this?' }, signal));
    const chatId = first.lines[0]?.state?.chatId ?? '';
    const before = first.lines.find((line) => line.id === '__state__')?.state?.messages;
    await container.close();
    container = null;

    container = await startContainer(dataDirectory);
    const state = await readAll(await container.chatStreams.start(session, { chatId }, signal));
    expect(state.lines[0]?.state).toEqual({ chatId, isStreaming: false });
    expect(state.lines[1]?.state?.messages).toEqual(before);
    model.enqueue(textCompletion(['Continued.']));
    const next = await readAll(
      await container.chatStreams.start(
        { ...session, agent: await demoAgent(container, model.baseUrl) },
        { chatId, input: 'Go on?' },
        signal,
      ),
    );
    expect(next.lines.find(isFinal)?.content).toBe('Continued.');
  }, 180_000);
});
