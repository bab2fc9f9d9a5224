import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentTools } from '../../src/modules/chat/tools/create-agent-tools.js';
import type { AgentDataAccess } from '../../src/modules/data-api/agent-data-access.js';
import type { ChatDataIdentity } from '../../src/modules/data-api/data-api-caller.js';
import type { AgentEvent } from '../../src/platform/llm/agent-turn.types.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { currentUser, dataAccessFor, warehouseNumber, warehouseRows } from './agent-tools-helpers.js';
import { createTicketDeployment, tickets } from './ticket-world.js';

const demoDeploymentId = 1;
const lineAmount = 'i.quantity * i.unit_price - i.discount';
const builtin = { provider: 'builtin', baseUrl: null, model: null, apiKey: null } as const;
// why: the sample data ends on 2026-06-30; the ticket data is all of 2025.
const now = new Date('2026-07-15T09:00:00Z');

/** A number as an answer prints it (en-US, at most two decimals), to find an independent figure in the text. */
function printed(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);
}

interface Answer {
  text: string;
  toolNames: string[];
  toolOutputs: unknown[];
}

describe('the built-in analyst answers with the real tools and data access', () => {
  let server: TestServer;
  let accountId: number;
  let demo: AgentDataAccess;
  let ticketDeploymentId: number;

  const ticketAccess = (identity: ChatDataIdentity) =>
    dataAccessFor(server, { accountId, deploymentId: ticketDeploymentId, identity });

  /** One answer of the agent loop, as the chat stream would run it. */
  async function ask(data: AgentDataAccess, question: string): Promise<Answer> {
    const events: AgentEvent[] = [];
    for await (const event of server.container.platform.agentRunner.runTurn({
      model: builtin,
      builtinAnalyst: { now, timezone: data.timezone, lookupValues: (path) => data.lookupValues(path) },
      instructions: null,
      history: [],
      input: question,
      tools: createAgentTools(data),
      abortSignal: new AbortController().signal,
    })) {
      events.push(event);
    }
    const finish = events.find((event) => event.type === 'finish');
    if (finish?.type !== 'finish') throw new Error(`no answer to "${question}"`);
    return {
      text: finish.text,
      toolNames: events.flatMap((event) => (event.type === 'tool-call' ? [event.toolName] : [])),
      toolOutputs: events.flatMap((event) => (event.type === 'tool-result' ? [event.output] : [])),
    };
  }

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await currentUser(server);
    accountId = admin.accountId;
    demo = dataAccessFor(server, {
      accountId,
      deploymentId: demoDeploymentId,
      identity: { kind: 'internal', userId: admin.userId },
    });
    ticketDeploymentId = await createTicketDeployment(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts cancelled orders of a year on the demo', async () => {
    const answer = await ask(demo, 'How many orders were cancelled in 2025?');
    expect(answer.toolNames).toEqual(['platformMeta', 'platformSqlApi']);
    const expected = await warehouseNumber(
      server,
      demoDeploymentId,
      `SELECT count(*) FROM orders WHERE status = 'cancelled'
       AND ordered_at >= '2025-01-01' AND ordered_at < '2026-01-01'`,
    );
    expect(answer.text).toContain(`: ${printed(expected)}.`);
  });

  it('counts the orders from a country named by its value on the demo', async () => {
    const answer = await ask(demo, 'How many orders from Germany?');
    const expected = await warehouseNumber(
      server,
      demoDeploymentId,
      `SELECT count(*) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.country = 'Germany'`,
    );
    expect(answer.text).toContain(printed(expected));
  });

  it('ranks product categories by revenue on the demo', async () => {
    const answer = await ask(demo, 'Which product categories sell the most?');
    const expected = await warehouseRows(
      server,
      demoDeploymentId,
      `SELECT p.category, sum(${lineAmount}) FROM order_items i JOIN products p ON i.product_id = p.id
       GROUP BY 1 ORDER BY 2 DESC LIMIT 10`,
    );
    expect(expected.length).toBeGreaterThan(1);
    for (const [category, revenue] of expected) {
      expect(answer.text).toContain(`${String(category)}: ${printed(Number(revenue))}`);
    }
  });

  it('refuses what the demo model cannot say, without running SQL', async () => {
    const answer = await ask(demo, 'Revenue by favourite colour');
    expect(answer.text).toContain('favourite colour');
    expect(answer.toolNames).not.toContain('platformSqlApi');
  });

  it('counts tickets as each identity may see them on the second model', async () => {
    const question = 'How many tickets are there?';
    const everything = await ask(ticketAccess(leadIdentity), question);
    expect(everything.text).toContain(printed(tickets.length));
    const regional = await ask(ticketAccess(emeaIdentity), question);
    const emeaCount = tickets.filter((ticket) => ticket.region === 'EMEA').length;
    expect(regional.text).toContain(printed(emeaCount));
    expect(regional.text).not.toContain(printed(tickets.length));
    // "cases" is only a synonym of the tickets cube.
    const bySynonym = await ask(ticketAccess(leadIdentity), 'How many cases were opened in 2025?');
    expect(bySynonym.text).toContain(`: ${printed(tickets.length)}.`);
  });

  it('averages resolution time per region on the second model', async () => {
    const answer = await ask(ticketAccess(leadIdentity), 'Average resolution time by region');
    const expected = await warehouseRows(
      server,
      ticketDeploymentId,
      'SELECT region, avg(resolution_hours) FROM tickets GROUP BY 1',
    );
    expect(expected).toHaveLength(3);
    for (const [region, hours] of expected) {
      expect(answer.text).toContain(`${String(region)}: ${printed(Number(hours))}`);
    }
  });

  it('filters on a value it looked up on the second model', async () => {
    const answer = await ask(ticketAccess(leadIdentity), 'How many urgent tickets in APAC?');
    const expected = tickets.filter((ticket) => ticket.priority === 'urgent' && ticket.region === 'APAC');
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.text).toContain(`: ${printed(expected.length)}.`);
  });

  it('refuses on the second model what it does not hold', async () => {
    const answer = await ask(ticketAccess(leadIdentity), 'What is the customer satisfaction score by team?');
    expect(answer.toolNames).not.toContain('platformSqlApi');
    expect(answer.text).toMatch(/could not tell which measure|nothing called/);
  });
});

const leadIdentity: ChatDataIdentity = {
  kind: 'external',
  groups: ['support_lead'],
  securityContext: {},
  userAttributes: {},
};
const emeaIdentity: ChatDataIdentity = {
  kind: 'external',
  groups: ['regional'],
  securityContext: { region: 'EMEA' },
  userAttributes: {},
};
