import { loadSqlInterface } from '@platform/semantic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.js';
import { createAgentTools } from '../../src/modules/chat/tools/create-agent-tools.js';
import type { AgentDataAccess } from '../../src/modules/data-api/agent-data-access.js';
import type { AgentEvent, BuiltinAnalystContext } from '../../src/platform/llm/agent-turn.types.js';
import { createAgentRunner } from '../../src/platform/llm/create-agent-runner.js';
import { printed } from '../builtin-analyst/analyst-harness.js';
import { type CrmWorld, openCrmWorld } from '../builtin-analyst/crm-world.js';
import { singleValue } from '../builtin-analyst/result-rows.js';
import { openSaasWorld, type SaasWorld } from '../builtin-analyst/saas-world.js';
import {
  analystPool,
  collectEvents,
  finishOf,
  lastStepText,
  noModel,
  outline,
  silentLogger,
  turnRequest,
} from './agent-events.js';
import { worldDataAccess } from './world-data-access.js';

/** The seeds run from January 2023 to February 2025; "last year" is 2024 from here. */
const now = new Date('2025-03-15T12:00:00Z');

const runner = createAgentRunner({ defaults: noModel, logger: silentLogger, analyst: analystPool });

afterAll(async () => {
  await analystPool.close();
});

function analystContext(data: AgentDataAccess): BuiltinAnalystContext {
  return { now, timezone: data.timezone, lookupValues: (path) => data.lookupValues(path) };
}

function ask(data: AgentDataAccess, input: string, abortSignal = new AbortController().signal) {
  return runner.runTurn(
    turnRequest({ input, tools: createAgentTools(data), builtinAnalyst: analystContext(data), abortSignal }),
  );
}

describe('the built-in analyst through the agent loop', () => {
  let world: CrmWorld;
  let data: AgentDataAccess;

  beforeAll(async () => {
    world = await openCrmWorld({ now, timezone: 'UTC' });
    data = worldDataAccess(world);
    await loadSqlInterface();
  });

  afterAll(async () => {
    await world?.close();
  });

  it('searches, queries and answers with the figure plain SQL gives', async () => {
    const events = await collectEvents(ask(data, 'How many won deals last year?'));
    expect(outline(events)).toEqual([
      'step-start',
      'thinking-delta',
      'tool-call platformMeta',
      'tool-result platformMeta',
      'step-start',
      'thinking-delta',
      'tool-call platformSqlApi',
      'tool-result platformSqlApi',
      'step-start',
      'thinking-delta',
      'text-delta',
      'finish',
    ]);
    const [searchCall, queryCall] = events.filter((event) => event.type === 'tool-call');
    expect(searchCall?.input).toEqual({ searchQuery: 'won deals' });
    expect(queryCall?.input).toMatchObject({
      sqlQuery: expect.stringContaining('MEASURE(won_count)'),
      userRequest: 'How many won deals last year?',
    });
    const expected = singleValue(
      (
        await world.warehouse.query(
          `SELECT count(*) FROM deals WHERE stage = 'Won'
            AND created_date >= '2024-01-01' AND created_date < '2025-01-01'`,
          [],
        )
      ).rows,
    );
    const finish = finishOf(events);
    expect(finish.text).toBe(lastStepText(events));
    expect(finish.text).toBe(`Won deals, last year (2024-01-01 to 2024-12-31): ${printed(expected)}.`);
    expect(events.filter((event) => event.type === 'text-delta').length).toBeGreaterThan(1);
    expect(finish.usage.llmCalls).toBe(3);
    expect(finish.usage.inputTokens).toBeGreaterThan(0);
    expect(finish.usage.outputTokens).toBeGreaterThan(0);
    expect(finish.usage.totalTokens).toBe(finish.usage.inputTokens + finish.usage.outputTokens);
  });

  it('lists a breakdown, each tool call matched by its result', async () => {
    const events = await collectEvents(ask(data, 'Top 3 industries by deal amount'));
    const calls = events.filter((event) => event.type === 'tool-call');
    const results = events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => event.toolCallId)).toEqual(calls.map((event) => event.toolCallId));
    const expected = (
      await world.warehouse.query(
        `SELECT a.industry, sum(d.amount) FROM deals d
          LEFT JOIN accounts a ON d.account_id = a.account_id GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
        [],
      )
    ).rows;
    const text = finishOf(events).text;
    for (const [industry, amount] of expected)
      expect(text).toContain(`- ${industry}: ${printed(Number(amount))}`);
    const lastResult = results[results.length - 1];
    expect(lastResult?.output).toMatchObject({ totalRows: 3, vegaSpec: expect.any(String) });
  });

  it('says plainly why it cannot answer, without querying', async () => {
    const events = await collectEvents(ask(data, 'Deal amount by favourite colour'));
    expect(outline(events)).toEqual([
      'step-start',
      'thinking-delta',
      'tool-call platformMeta',
      'tool-result platformMeta',
      'step-start',
      'thinking-delta',
      'text-delta',
      'finish',
    ]);
    const finish = finishOf(events);
    expect(finish.text).toMatch(/nothing called "favourite colour" to break it down by/);
    expect(finish.text).toBe(lastStepText(events));
    expect(finish.usage.llmCalls).toBe(2);
  });

  it('says the query failed and why when the tool reports an error', async () => {
    const failing: AgentDataAccess = {
      ...data,
      runSql: async () => {
        throw new AppError('BAD_REQUEST', 'the warehouse is offline for maintenance');
      },
    };
    const events = await collectEvents(ask(failing, 'How many deals are there?'));
    const sqlResult = events.find(
      (event) => event.type === 'tool-result' && event.toolName === 'platformSqlApi',
    ) as Extract<AgentEvent, { type: 'tool-result' }>;
    expect(sqlResult.output).toMatchObject({ error: 'the warehouse is offline for maintenance' });
    expect(finishOf(events).text).toBe(
      'The query "Number of deals" failed: the warehouse is offline for maintenance',
    );
  });

  it('stops without finish when the turn is aborted mid-way', async () => {
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    for await (const event of ask(data, 'How many deals are there?', controller.signal)) {
      events.push(event);
      if (event.type === 'tool-result') controller.abort();
    }
    expect(outline(events).slice(0, 4)).toEqual([
      'step-start',
      'thinking-delta',
      'tool-call platformMeta',
      'tool-result platformMeta',
    ]);
    expect(events.some((event) => event.type === 'finish')).toBe(false);
    expect(events.some((event) => event.type === 'tool-call' && event.toolName === 'platformSqlApi')).toBe(
      false,
    );
  });
});

describe('the built-in analyst through the agent loop in another model and time zone', () => {
  /** 03:00 UTC on 10 February is still the 9th in New York. */
  const saasNow = new Date('2026-02-10T03:00:00Z');
  let world: SaasWorld;

  beforeAll(async () => {
    world = await openSaasWorld({ now: saasNow, timezone: 'America/New_York', seed: 7 });
    await loadSqlInterface();
  });

  afterAll(async () => {
    await world?.close();
  });

  it('answers with the total computed from the generated rows', async () => {
    const data = worldDataAccess(world);
    const events = await collectEvents(
      runner.runTurn(
        turnRequest({
          input: 'How many active subscriptions do we have?',
          history: [
            { role: 'user', content: 'Hi there!' },
            { role: 'assistant', content: 'Hello! I am the built-in analyst.' },
          ],
          tools: createAgentTools(data),
          builtinAnalyst: { now: saasNow, timezone: world.timezone, lookupValues: data.lookupValues },
        }),
      ),
    );
    const expected = world.data.subscriptions.filter((subscription) => subscription.status === 'active');
    expect(finishOf(events).text).toContain(printed(expected.length));
  });
});
