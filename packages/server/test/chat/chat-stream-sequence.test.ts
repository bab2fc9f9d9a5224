import type { ChatStreamMessage } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAgent } from '../../src/modules/agents/chat-agent.js';
import type { ChatSession } from '../../src/modules/chat/chat-session.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  busEnvironment,
  demoAgent,
  expectIncreasingSort,
  isFinal,
  newMessageId,
  readAll,
  sessionOf,
} from './chat-test-support.js';
import {
  type ScriptedChatModel,
  startScriptedChatModel,
  textCompletion,
  toolCallsCompletion,
} from './scripted-chat-model.js';

const agentPath = ['platform_data_analyst_agent'];
const toolsPath = ['platform_data_analyst_agent', 'tools'];
const question = 'How many orders are there?';
const metaInput = { searchQuery: 'orders' };
const sqlInput = {
  sqlQuery: 'SELECT no_such_column FROM no_such_view',
  queryTitle: 'Orders',
  description: 'Counts the orders',
  userRequest: question,
  memoryId: 'memory-1',
};

describe.each(storeEngines)('the chat stream sequence (%s)', (engine: StoreEngine) => {
  let server: TestServer;
  let model: ScriptedChatModel;
  let agent: ChatAgent;
  let session: ChatSession;
  const signal = new AbortController().signal;

  beforeAll(async () => {
    server = await startTestServer({ engine, environment: busEnvironment });
    model = await startScriptedChatModel();
    agent = await demoAgent(server.container, model.baseUrl);
    session = await sessionOf(server.container, agent, 'sequence-user');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  it('streams the cutoff, the echo, steps, tool calls, the final answer, the state and the usage', async () => {
    model.enqueue(
      toolCallsCompletion([
        { id: 'call_meta', name: 'platformMeta', input: metaInput },
        { id: 'call_sql', name: 'platformSqlApi', input: sqlInput },
      ]),
      textCompletion(['There are ', '42 ', 'orders.']),
    );
    const messageId = newMessageId();
    const { lines, error } = await readAll(
      await server.container.services.chatStreams.start(session, { input: question, messageId }, signal),
    );
    expect(error).toBeNull();
    expectIncreasingSort(lines);
    const chatId = lines[0]?.state?.chatId ?? '';
    expect(chatId).not.toBe('');
    expect(lines[0]).toEqual({
      id: '__cutoff__',
      role: 'assistant',
      sort: 0,
      state: { chatId, isStreaming: true },
    });
    expect(lines[1]).toEqual({
      id: messageId,
      role: 'user',
      content: question,
      isDelta: false,
      isInProcess: false,
      sort: 1,
    });

    // The first step calls both tools: its start, each call with its input, then each with its result.
    const firstStep = lines[2];
    expect(firstStep).toMatchObject({ role: 'assistant', content: '', graphPath: agentPath, isDelta: true });
    expect(firstStep).toMatchObject({ isInProcess: true, isStructuredResponse: false });
    const toolLines = lines.filter((line) => line.toolCall !== undefined);
    expect(toolLines).toHaveLength(4);
    for (const [name, input] of [
      ['platformMeta', metaInput],
      ['platformSqlApi', sqlInput],
    ] as const) {
      const [call, result, ...others] = toolLines.filter((line) => line.toolCall?.name === name);
      expect(others).toEqual([]);
      expect(call).toMatchObject({ role: 'assistant', graphPath: toolsPath, isInProcess: true });
      expect(call?.isStructuredResponse).toBe(false);
      expect(call?.toolCall?.result).toBeUndefined();
      expect(JSON.parse(call?.toolCall?.input ?? '')).toEqual(input);
      expect(result).toMatchObject({
        id: call?.id,
        graphPath: toolsPath,
        isInProcess: false,
        isDelta: false,
      });
      expect(result?.toolCall?.input).toBe(call?.toolCall?.input);
      expect(lines.indexOf(result as ChatStreamMessage)).toBeGreaterThan(
        lines.indexOf(call as ChatStreamMessage),
      );
    }
    const sqlResult = JSON.parse(
      toolLines.find((line) => line.toolCall?.result && line.toolCall.name === 'platformSqlApi')?.toolCall
        ?.result ?? '{}',
    );
    expect(sqlResult.error).toEqual(expect.any(String));
    const metaResult = JSON.parse(
      toolLines.find((line) => line.toolCall?.result && line.toolCall.name === 'platformMeta')?.toolCall
        ?.result ?? '{}',
    );
    expect(metaResult.searchQuery).toBe('orders');
    expect(metaResult.cubes).toEqual(expect.any(Array));

    // The second step writes the answer in deltas of one message; the final message repeats it whole.
    const lastToolIndex = lines.indexOf(toolLines.at(-1) as ChatStreamMessage);
    const secondStep = lines[lastToolIndex + 1];
    expect(secondStep).toMatchObject({
      role: 'assistant',
      content: '',
      graphPath: agentPath,
      isDelta: true,
      isInProcess: true,
    });
    expect(secondStep?.id).not.toBe(firstStep?.id);
    const deltas = lines.filter((line) => line.id === secondStep?.id);
    expect(deltas.map((line) => line.content)).toEqual(['', 'There are ', '42 ', 'orders.']);
    for (const delta of deltas)
      expect(delta).toMatchObject({ isDelta: true, isInProcess: true, isStructuredResponse: false });
    const [final, state, usage, ...rest] = lines.slice(lastToolIndex + 1 + deltas.length);
    expect(rest).toEqual([]);
    expect(final).toMatchObject({
      role: 'assistant',
      content: deltas.map((line) => line.content).join(''),
      graphPath: ['final'],
      isDelta: false,
      isInProcess: false,
      isStructuredResponse: false,
    });
    expect(lines.filter(isFinal)).toEqual([final]);
    expect(state).toMatchObject({
      id: '__state__',
      role: 'assistant',
      state: { chatId, isStreaming: false },
    });
    const messages = state?.state?.messages ?? [];
    expect(messages.map((message) => [message.role, message.graphPath?.[0] ?? null])).toEqual([
      ['user', null],
      ['assistant', 'platform_data_analyst_agent'],
      ['assistant', 'platform_data_analyst_agent'],
      ['assistant', 'final'],
    ]);
    expect(messages[0]).toMatchObject({ id: messageId, content: question });
    expect(messages[3]).toMatchObject({ id: final?.id, content: 'There are 42 orders.' });
    expect(new Set(messages.slice(1, 3).map((message) => message.toolCall?.name))).toEqual(
      new Set(['platformMeta', 'platformSqlApi']),
    );
    for (const message of messages.slice(1, 3)) {
      const streamed = toolLines.find((line) => line.id === message.id && line.toolCall?.result);
      expect(message.toolCall).toEqual(streamed?.toolCall);
    }
    expect(usage).toEqual({
      id: '__usage__',
      type: 'usage',
      sort: usage?.sort,
      usage: { llmCalls: 2, inputTokens: 30, outputTokens: 13, totalTokens: 43 },
    });

    // The same messageId again is never answered twice: the retained stream is replayed as it was.
    const requests = model.requestCount();
    const replay = await readAll(
      await server.container.services.chatStreams.start(
        session,
        { chatId, input: question, messageId },
        signal,
      ),
    );
    expect(replay.lines).toEqual(lines);
    expect(model.requestCount()).toBe(requests);

    // Without input: the thread's state, as the stream's __state__ had it.
    const stateOnly = await readAll(
      await server.container.services.chatStreams.start(session, { chatId }, signal),
    );
    expect(stateOnly.lines).toEqual([
      { id: '__cutoff__', role: 'assistant', sort: 0, state: { chatId, isStreaming: false } },
      { ...state, sort: 1 },
    ]);
  });

  it('passes the earlier questions and final answers to the model as history', async () => {
    model.enqueue(textCompletion(['First answer.']));
    const first = await readAll(
      await server.container.services.chatStreams.start(session, { input: 'One?' }, signal),
    );
    const chatId = first.lines[0]?.state?.chatId ?? '';
    model.enqueue(textCompletion(['Second answer.']));
    const second = await readAll(
      await server.container.services.chatStreams.start(session, { chatId, input: 'Two?' }, signal),
    );
    expect(second.lines.find(isFinal)?.content).toBe('Second answer.');
    // A generated messageId has the client's form.
    expect(second.lines[1]?.id).toMatch(/^[0-9]{13,}-message$/);
    const messages = second.lines.find((line) => line.id === '__state__')?.state?.messages ?? [];
    expect(messages.map((message) => message.content)).toEqual([
      'One?',
      'First answer.',
      'Two?',
      'Second answer.',
    ]);
    const conversation = (
      (model.requests.at(-1)?.messages ?? []) as Array<{ role: string; content: unknown }>
    )
      .filter((message) => message.role !== 'system')
      .map((message) => [message.role, JSON.stringify(message.content)]);
    expect(conversation).toEqual([
      ['user', expect.stringContaining('One?')],
      ['assistant', expect.stringContaining('First answer.')],
      ['user', expect.stringContaining('Two?')],
    ]);
  });
});
