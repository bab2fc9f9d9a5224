import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentTools } from '../../src/modules/chat/tools/create-agent-tools.js';
import { runPlatformSqlApi } from '../../src/modules/chat/tools/platform-sql-api.tool.js';
import type { AgentDataAccess } from '../../src/modules/data-api/agent-data-access.js';
import type { BuiltinAnalystContext } from '../../src/platform/llm/agent-turn.types.js';
import { createAgentRunner } from '../../src/platform/llm/create-agent-runner.js';
import { type DemoWorld, openDemoWorld } from '../builtin-analyst/demo-world.js';
import { singleValue } from '../builtin-analyst/result-rows.js';
import { analystPool, collectEvents, noModel, silentLogger, turnRequest } from './agent-events.js';
import { worldDataAccess } from './world-data-access.js';

const runner = createAgentRunner({ defaults: noModel, logger: silentLogger, analyst: analystPool });

afterAll(async () => {
  await analystPool.close();
});

// why: the chat tool's metadata carries no member kind (a segment reads as a boolean there), unlike the
// planner's own tests; these questions go through the tools as the Chat API asks them.
describe('conditions through the chat tools, whose metadata has no member kinds (demo model)', () => {
  let world: DemoWorld;
  let data: AgentDataAccess;

  beforeAll(async () => {
    world = await openDemoWorld();
    data = worldDataAccess(world);
  });

  afterAll(async () => {
    await world?.close();
  });

  async function askedQuery(input: string): Promise<{ sql: string; value: number }> {
    const context: BuiltinAnalystContext = {
      now: world.now,
      timezone: data.timezone,
      lookupValues: (path) => data.lookupValues(path),
    };
    const events = await collectEvents(
      runner.runTurn(
        turnRequest({
          input,
          tools: createAgentTools(data),
          builtinAnalyst: context,
          abortSignal: new AbortController().signal,
        }),
      ),
    );
    const [call] = events.flatMap((event) =>
      event.type === 'tool-call' && event.toolName === 'platformSqlApi' ? [event] : [],
    );
    const [result] = events.flatMap((event) =>
      event.type === 'tool-result' && event.toolName === 'platformSqlApi' ? [event] : [],
    );
    const sql = ((call?.input as { sqlQuery?: string } | undefined)?.sqlQuery ?? '').replace(/\s+/g, ' ');
    const rows = (result?.output as { data?: unknown[][] } | undefined)?.data ?? [];
    return { sql, value: singleValue(rows) };
  }

  it('leaves a status value out rather than negating the segment of the same name', async () => {
    const { sql, value } = await askedQuery('How many orders were not completed?');
    expect(sql).toBe(`SELECT MEASURE(count) FROM orders WHERE status <> 'completed'`);
    const expected = singleValue(
      await world.raw(`SELECT count(*) FROM orders WHERE status <> 'completed' OR status IS NULL`),
    );
    expect(value).toBe(expected);
  });

  it('reads "no email address" as an empty email, the dimension named by its synonym', async () => {
    const { sql, value } = await askedQuery('How many customers have no email address?');
    expect(sql).toMatch(/WHERE email IS NULL$/);
    const expected = singleValue(await world.raw('SELECT count(*) FROM customers WHERE email IS NULL'));
    expect(expected).toBeGreaterThan(0);
    expect(value).toBe(expected);
  });

  it('says why SQL over the model refuses a negated segment, rather than "failed unexpectedly"', async () => {
    const result = await runPlatformSqlApi(data, {
      sqlQuery: 'SELECT MEASURE(count) FROM orders WHERE NOT completed',
    });
    expect(result).toMatchObject({ error: expect.stringContaining('segment') });
  });
});
