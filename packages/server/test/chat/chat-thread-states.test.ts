import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAgent } from '../../src/modules/agents/chat-agent.js';
import type { ChatSession } from '../../src/modules/chat/chat-session.js';
import { ChatStreamService } from '../../src/modules/chat/chat-stream.service.js';
import type { ChatThreadActor } from '../../src/modules/chat/chat-thread-access.js';
import { ChatThreadsRepository } from '../../src/modules/chat/chat-threads.repository.js';
import { createAgentTools } from '../../src/modules/chat/tools/create-agent-tools.js';
import { completionChunk, usageChunk } from '../agent-runtime/scripted-openai-server.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  busEnvironment,
  demoAgent,
  eventually,
  isFinal,
  LineCollector,
  newMessageId,
  readAll,
  sessionOf,
} from './chat-test-support.js';
import {
  gate,
  type ScriptedChatModel,
  type ScriptedCompletion,
  startScriptedChatModel,
  textCompletion,
} from './scripted-chat-model.js';

/** An external user (no policies reach them) aborting as the stream service sees them. */
function actorOf(userId: number | null): ChatThreadActor {
  return { userId, isInternal: false, policies: [] };
}

const firstWords = 'Counting the orders';

/** An answer that stops after its first words until the test releases it. */
const heldAnswer: ScriptedCompletion = [
  completionChunk({ role: 'assistant', content: firstWords }),
  gate,
  completionChunk({ content: ': there are 42.' }),
  completionChunk({}, 'stop'),
  usageChunk(12, 7),
];

describe.each(storeEngines)('the chat thread states (%s)', (engine: StoreEngine) => {
  let server: TestServer;
  let model: ScriptedChatModel;
  let agent: ChatAgent;
  let session: ChatSession;
  const signal = new AbortController().signal;

  beforeAll(async () => {
    server = await startTestServer({ engine, environment: busEnvironment });
    model = await startScriptedChatModel();
    agent = await demoAgent(server.container, model.baseUrl);
    session = await sessionOf(server.container, agent, 'states-user');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  const chat = () => server.container.services.chatStreams;
  const stateOf = async (chatId: string) => {
    const { lines } = await readAll(await chat().start(session, { chatId }, signal));
    return { isStreaming: lines[0]?.state?.isStreaming, messages: lines[1]?.state?.messages ?? [] };
  };
  /** Starts a held answer and waits until its first words are out: the thread is streaming. */
  const startHeld = async (messageId: string, abortSignal = signal) => {
    model.enqueue(heldAnswer);
    const first = new LineCollector(
      await chat().start(session, { input: 'Orders?', messageId }, abortSignal),
    );
    await first.until((line) => line.content === firstWords);
    const chatId = first.lines[0]?.state?.chatId ?? '';
    return { first, chatId };
  };

  it('joins the running answer for the same messageId and refuses other messages meanwhile', async () => {
    const messageId = newMessageId();
    const requestsBefore = model.requestCount();
    const { first, chatId } = await startHeld(messageId);
    for (const request of [{ input: 'Else?', messageId: newMessageId() }, { input: 'Else?' }]) {
      await expect(chat().start(session, { chatId, ...request }, signal)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'Streaming for thread is in progress',
      });
    }
    expect(await stateOf(chatId)).toMatchObject({ isStreaming: true });
    const second = new LineCollector(
      await chat().start(session, { chatId, input: 'Orders?', messageId }, signal),
    );
    // Without input, the active messageId subscribes too.
    const third = new LineCollector(await chat().start(session, { chatId, messageId }, signal));
    await second.until((line) => line.content === firstWords);
    model.release();
    await Promise.all([first.done, second.done, third.done]);
    expect(first.error).toBeNull();
    expect(first.lines.filter(isFinal).map((line) => line.content)).toEqual([`${firstWords}: there are 42.`]);
    expect(second.lines).toEqual(first.lines);
    expect(third.lines).toEqual(first.lines);
    expect(model.requestCount()).toBe(requestsBefore + 1);
    const state = await stateOf(chatId);
    expect(state.isStreaming).toBe(false);
    expect(state.messages.filter((message) => message.graphPath?.[0] === 'final')).toHaveLength(1);
  });

  it('keeps answering when the client goes away', async () => {
    const client = new AbortController();
    const { first, chatId } = await startHeld(newMessageId(), client.signal);
    client.abort();
    await first.done;
    expect(first.error).toBeNull();
    model.release();
    expect(
      await eventually(async () => {
        const state = await stateOf(chatId);
        return !state.isStreaming && state.messages.some((message) => message.graphPath?.[0] === 'final');
      }),
    ).toBe(true);
    const final = (await stateOf(chatId)).messages.find((message) => message.graphPath?.[0] === 'final');
    expect(final?.content).toBe(`${firstWords}: there are 42.`);
  });

  it('ends an aborted answer with __aborted__, leaves the thread idle and answers the next question', async () => {
    const { first, chatId } = await startHeld(newMessageId());
    await chat().abort(agent, actorOf(session.user.id), chatId);
    await first.done;
    expect(first.error).toBeNull();
    const last = first.lines.at(-1);
    expect(last).toEqual({
      id: '__aborted__',
      role: 'assistant',
      sort: first.lines.length - 1,
      state: { chatId, isStreaming: false },
    });
    expect(first.lines.some(isFinal)).toBe(false);
    const state = await stateOf(chatId);
    expect(state.isStreaming).toBe(false);
    expect(state.messages.map((message) => [message.role, message.graphPath?.[0] ?? null])).toEqual([
      ['user', null],
      ['assistant', 'aborted'],
    ]);
    // Aborting an idle thread is fine too.
    await chat().abort(agent, actorOf(session.user.id), chatId);
    model.enqueue(textCompletion(['Still here.']));
    const next = await readAll(await chat().start(session, { chatId, input: 'And now?' }, signal));
    expect(next.error).toBeNull();
    expect(next.lines.find(isFinal)?.content).toBe('Still here.');
  });

  it('turns a failing model into an error line and an idle thread that keeps the question', async () => {
    const unreachable = await demoAgent(server.container, 'http://127.0.0.1:9/v1');
    const failingSession = { ...session, agent: unreachable };
    const failed = await readAll(await chat().start(failingSession, { input: 'Anyone there?' }, signal));
    const chatId = failed.lines[0]?.state?.chatId ?? '';
    expect(failed.lines.slice(0, 2).map((line) => line.id)).toEqual(['__cutoff__', failed.lines[1]?.id]);
    expect(failed.lines.some(isFinal)).toBe(false);
    expect(failed.error).toMatchObject({ name: 'AppError' });
    expect(failed.error?.message).not.toBe('');
    const state = await stateOf(chatId);
    expect(state.isStreaming).toBe(false);
    expect(state.messages).toEqual([
      expect.objectContaining({ role: 'user', content: 'Anyone there?' }),
      expect.objectContaining({ role: 'assistant', graphPath: ['failed'], content: failed.error?.message }),
    ]);
    model.enqueue(textCompletion(['Back again.']));
    const next = await readAll(await chat().start(session, { chatId, input: 'Now?' }, signal));
    expect(next.lines.find(isFinal)?.content).toBe('Back again.');
  }, 60_000);

  it('refuses bad requests, unknown threads and other users before the first line', async () => {
    model.enqueue(textCompletion(['Mine.']));
    const mine = await readAll(await chat().start(session, { input: 'Mine?' }, signal));
    const chatId = mine.lines[0]?.state?.chatId ?? '';
    const other = await sessionOf(server.container, agent, 'someone-else');
    await expect(chat().start(session, {}, signal)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    for (const request of [{ chatId: 'no-such-thread' }, { chatId: 'no-such-thread', input: 'Hi?' }]) {
      await expect(chat().start(session, request, signal)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(chat().start(other, { chatId }, signal)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(chat().start(other, { chatId, input: 'Yours?' }, signal)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // Another deployment's agent does not see the thread at all.
    const elsewhere = { ...session, agent: { ...agent, deploymentId: agent.deploymentId + 1000 } };
    await expect(chat().start(elsewhere, { chatId }, signal)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chat().abort(agent, actorOf(other.user.id), chatId)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(chat().abort(agent, actorOf(null), chatId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(chat().abort(agent, actorOf(session.user.id), 'no-such-thread')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('takes a thread whose answering process died for idle and stores that answer as failed', async () => {
    model.enqueue(textCompletion(['Before.']));
    const before = await readAll(await chat().start(session, { input: 'Before?' }, signal));
    const chatId = before.lines[0]?.state?.chatId ?? '';
    // A claim with no stream behind it is what a process that died mid-answer leaves.
    const threads = new ChatThreadsRepository(server.container.platform.store.database);
    const deadMessageId = newMessageId();
    expect(await threads.claim(chatId, deadMessageId)).toBe(true);
    await threads.addMessage(chatId, {
      messageId: deadMessageId,
      answerOf: deadMessageId,
      role: 'user',
      content: 'Lost?',
    });
    await expect(chat().start(session, { chatId, input: 'Now?' }, signal)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const container = server.container;
    const impatient = new ChatStreamService(
      container.platform.store.database,
      container.platform.streamBus,
      {
        agentRunner: container.platform.agentRunner,
        agentData: container.services.agentData,
        createAgentTools,
      },
      container.logger,
      { claimGraceMilliseconds: 0 },
    );
    model.enqueue(textCompletion(['After.']));
    const after = await readAll(await impatient.start(session, { chatId, input: 'After?' }, signal));
    expect(after.lines.find(isFinal)?.content).toBe('After.');
    const state = await stateOf(chatId);
    expect(state.messages.map((message) => message.graphPath?.[0] ?? message.role)).toEqual([
      'user',
      'final',
      'user',
      'failed',
      'user',
      'final',
    ]);
    await impatient.close();
  });
});
