import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from '../../src/container.js';
import { startDiskContainer } from '../support/disk-container.js';
import { busEnvironment, demoAgent, isFinal, readAll, sessionOf } from './chat-test-support.js';
import { type ScriptedChatModel, startScriptedChatModel, textCompletion } from './scripted-chat-model.js';

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
    container = await startDiskContainer(dataDirectory, busEnvironment);
    const agent = await demoAgent(container, model.baseUrl);
    const session = await sessionOf(container, agent, 'restart-user');
    model.enqueue(textCompletion(['Kept.']));
    const first = await readAll(
      await container.services.chatStreams.start(session, { input: 'Keep this?' }, signal),
    );
    const chatId = first.lines[0]?.state?.chatId ?? '';
    const before = first.lines.find((line) => line.id === '__state__')?.state?.messages;
    await container.close();
    container = null;

    container = await startDiskContainer(dataDirectory, busEnvironment);
    const state = await readAll(await container.services.chatStreams.start(session, { chatId }, signal));
    expect(state.lines[0]?.state).toEqual({ chatId, isStreaming: false });
    expect(state.lines[1]?.state?.messages).toEqual(before);
    model.enqueue(textCompletion(['Continued.']));
    const next = await readAll(
      await container.services.chatStreams.start(
        { ...session, agent: await demoAgent(container, model.baseUrl) },
        { chatId, input: 'Go on?' },
        signal,
      ),
    );
    expect(next.lines.find(isFinal)?.content).toBe('Continued.');
  }, 180_000);
});
