import { jsonSchema, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import type { LanguageModelSettings } from '../../src/platform/llm/agent-turn.types.js';
import { createAgentRunner } from '../../src/platform/llm/create-agent-runner.js';
import {
  analystPool,
  collectEvents,
  finishOf,
  noModel,
  outline,
  silentLogger,
  turnRequest,
} from './agent-events.js';
import {
  closedPort,
  completionChunk,
  type ScriptedOpenAiServer,
  startScriptedOpenAiServer,
  usageChunk,
} from './scripted-openai-server.js';

const apiKey = 'sk-scripted-secret-0123456789';
const metadata = {
  cubes: [
    {
      name: 'orders',
      type: 'cube',
      title: 'Orders',
      members: [{ name: 'orders.revenue', title: 'Orders Revenue', type: 'number', aggType: 'sum' }],
    },
  ],
  searchQuery: 'revenue',
};

const searchedFor: string[] = [];
const tools = {
  platformMeta: tool({
    description: 'Search the data model.',
    inputSchema: jsonSchema<{ searchQuery: string }>({
      type: 'object',
      properties: { searchQuery: { type: 'string' } },
      required: ['searchQuery'],
    }),
    execute: async ({ searchQuery }) => {
      searchedFor.push(searchQuery);
      return metadata;
    },
  }),
  platformSqlApi: tool({
    description: 'Run SQL over the model.',
    inputSchema: jsonSchema<{ sqlQuery: string }>({
      type: 'object',
      properties: { sqlQuery: { type: 'string' } },
      required: ['sqlQuery'],
    }),
    execute: async () => ({ error: 'not used here' }),
  }),
};

const builtinAnalyst = { now: new Date(), timezone: 'UTC', lookupValues: async () => [] };

function openAiModel(baseUrl: string | null): LanguageModelSettings {
  return { provider: 'openai-compatible', baseUrl, model: 'scripted-model', apiKey };
}

describe('the agent loop on an OpenAI-compatible endpoint', () => {
  let server: ScriptedOpenAiServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('calls a tool, sends its result back, and streams the answer', async () => {
    server = await startScriptedOpenAiServer([
      {
        chunks: [
          completionChunk({
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: 'call_meta_1',
                type: 'function',
                function: { name: 'platformMeta', arguments: '{"searchQuery":"revenue"}' },
              },
            ],
          }),
          completionChunk({}, 'tool_calls'),
          usageChunk(120, 15),
        ],
      },
      {
        chunks: [
          completionChunk({ role: 'assistant', reasoning_content: 'Revenue is a sum measure.' }),
          completionChunk({ content: 'Revenue is ' }),
          completionChunk({ content: 'in orders.revenue.' }),
          completionChunk({}, 'stop'),
          usageChunk(200, 9),
        ],
      },
    ]);
    const runner = createAgentRunner({
      defaults: openAiModel(server.baseUrl),
      logger: silentLogger,
      analyst: analystPool,
    });
    const events = await collectEvents(
      runner.runTurn(
        turnRequest({
          model: noModel,
          instructions: 'Always answer in one sentence.',
          history: [
            { role: 'user', content: 'Hello' },
            { role: 'assistant', content: 'Hi! Ask me about your data.' },
          ],
          input: 'Where is revenue?',
          tools,
          // why: 02:00 UTC on 1 March is still 28 February in New York; the prompt's date is the user's.
          builtinAnalyst: {
            ...builtinAnalyst,
            now: new Date('2026-03-01T02:00:00Z'),
            timezone: 'America/New_York',
          },
        }),
      ),
    );

    expect(outline(events)).toEqual([
      'step-start',
      'tool-call platformMeta',
      'tool-result platformMeta',
      'step-start',
      'thinking-delta',
      'text-delta',
      'finish',
    ]);
    expect(events.find((event) => event.type === 'tool-call')).toEqual({
      type: 'tool-call',
      toolCallId: 'call_meta_1',
      toolName: 'platformMeta',
      input: { searchQuery: 'revenue' },
    });
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({ output: metadata });
    expect(searchedFor).toEqual(['revenue']);
    expect(finishOf(events)).toEqual({
      type: 'finish',
      text: 'Revenue is in orders.revenue.',
      usage: { llmCalls: 2, inputTokens: 320, outputTokens: 24, totalTokens: 344 },
    });

    const [first, second] = server.requests;
    if (first === undefined || second === undefined || server.requests.length !== 2) {
      throw new Error(`the server got ${server.requests.length} requests, not 2`);
    }
    expect(first.path).toBe('/v1/chat/completions');
    expect(first.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(first.body).toMatchObject({ model: 'scripted-model', stream: true });
    const firstMessages = first.body.messages as { role: string; content: string }[];
    expect(firstMessages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(firstMessages[0]?.content).toContain('platformMeta');
    expect(firstMessages[0]?.content).toContain('Always answer in one sentence.');
    expect(firstMessages[0]?.content).toContain(
      'Today is Saturday, 2026-02-28, in the time zone America/New_York.',
    );
    expect(firstMessages[3]?.content).toBe('Where is revenue?');
    const toolNames = (first.body.tools as { function: { name: string } }[]).map(
      (entry) => entry.function.name,
    );
    expect(toolNames).toEqual(['platformMeta', 'platformSqlApi']);

    const secondMessages = second.body.messages as Record<string, unknown>[];
    expect(secondMessages.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_meta_1',
            type: 'function',
            function: { name: 'platformMeta', arguments: '{"searchQuery":"revenue"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_meta_1', content: JSON.stringify(metadata) },
    ]);
  });

  it('fails with a clear error when the endpoint rejects the key', async () => {
    server = await startScriptedOpenAiServer([
      {
        status: 401,
        body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
      },
    ]);
    const runner = createAgentRunner({
      defaults: openAiModel(server.baseUrl),
      logger: silentLogger,
      analyst: analystPool,
    });
    const turn = collectEvents(runner.runTurn(turnRequest({ input: 'Revenue?', tools, builtinAnalyst })));
    await expect(turn).rejects.toThrow(
      `The openai-compatible model "scripted-model" at ${server.baseUrl} answered HTTP 401 (check the API key): Incorrect API key provided`,
    );
    await turn.catch((error: Error) => expect(error.message).not.toContain(apiKey));
  });

  it('fails with a clear error when the endpoint cannot be reached', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const runner = createAgentRunner({
      defaults: openAiModel(baseUrl),
      logger: silentLogger,
      analyst: analystPool,
      maxRetries: 0,
    });
    const turn = collectEvents(runner.runTurn(turnRequest({ input: 'Revenue?', tools, builtinAnalyst })));
    await expect(turn).rejects.toThrow(
      new RegExp(
        `^Could not reach the openai-compatible model "scripted-model" at ${baseUrl}: .*ECONNREFUSED`,
      ),
    );
  });

  it('fails before calling anything when the base URL is missing', async () => {
    const runner = createAgentRunner({
      defaults: openAiModel(null),
      logger: silentLogger,
      analyst: analystPool,
    });
    const turn = collectEvents(runner.runTurn(turnRequest({ input: 'Revenue?', tools, builtinAnalyst })));
    await expect(turn).rejects.toThrow(/has no base URL: set PLATFORM_LLM_BASE_URL/);
  });
});
