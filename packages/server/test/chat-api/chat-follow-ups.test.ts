import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouseRows } from '../agent-tools/agent-tools-helpers.js';
import { keyedRows } from '../builtin-analyst/result-rows.js';
import { type ChatTestServer, startChatTestServer } from './chat-test-server.js';

const lineAmount = 'i.quantity * i.unit_price - i.discount';
const salesRows = 'FROM order_items i JOIN orders o ON i.order_id = o.id';
const session = { sessionSettings: { externalId: 'follow-up-user' } };

let lastMessageTime = 0;
function newMessageId(): string {
  lastMessageTime = Math.max(Date.now(), lastMessageTime + 1);
  return `${lastMessageTime}-message`;
}

interface AnsweredQuery {
  chatId: string;
  sql: string;
  rows: unknown[][];
  answer: string;
}

/** The built-in analyst's follow-ups through the Chat API: each question of one thread changes the query before. */
describe('follow-up questions in a chat thread of the demo agent', () => {
  let chat: ChatTestServer;

  /** Asks one question (in the thread `chatId`, when given) and reads its SQL tool call, rows and answer. */
  async function ask(input: string, chatId?: string): Promise<AnsweredQuery> {
    const response = await chat.post(
      chat.agentUrl(chat.agentId, 'stream-chat-state'),
      { input, messageId: newMessageId(), ...(chatId === undefined ? {} : { chatId }), ...session },
      { authorization: `Api-Key ${chat.agentKey}` },
    );
    expect(response.status, response.text).toBe(200);
    const lines = response.lines as {
      id?: string;
      role?: string;
      content?: string;
      graphPath?: string[];
      isDelta?: boolean;
      state?: { chatId?: string };
      toolCall?: { name: string; input: string; result?: string };
    }[];
    const sqlCall = lines.find((line) => line.toolCall?.name === 'platformSqlApi' && line.toolCall.result);
    const final = lines.filter((line) => line.graphPath?.[0] === 'final' && !line.isDelta).at(-1);
    if (sqlCall?.toolCall?.result === undefined)
      throw new Error(`no query for "${input}": ${final?.content}`);
    const result = JSON.parse(sqlCall.toolCall.result) as { data: unknown[][] };
    return {
      chatId: lines[0]?.state?.chatId ?? '',
      sql: (JSON.parse(sqlCall.toolCall.input) as { sqlQuery: string }).sqlQuery,
      rows: result.data,
      answer: final?.content ?? '',
    };
  }

  const raw = (sql: string) => warehouseRows(chat.server, chat.demoDeploymentId, sql);

  beforeAll(async () => {
    chat = await startChatTestServer();
  });
  afterAll(async () => {
    await chat?.close();
  });

  it('answers "and by month?" and "what about 2024?" in the same thread as changes of the first query', async () => {
    const first = await ask('revenue by channel in 2025');
    expect(first.chatId).not.toBe('');
    expect(keyedRows(first.rows)).toEqual(
      keyedRows(
        await raw(`SELECT o.channel, sum(${lineAmount}) ${salesRows}
          WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1`),
      ),
    );

    const byMonth = await ask('and by month?', first.chatId);
    expect(byMonth.chatId).toBe(first.chatId);
    expect(byMonth.sql).toContain("DATE_TRUNC('month', ordered_at)");
    expect(byMonth.sql).toContain("ordered_at >= '2025-01-01'");
    expect(keyedRows(byMonth.rows)).toEqual(
      keyedRows(
        await raw(`SELECT date_trunc('month', o.ordered_at), o.channel, sum(${lineAmount}) ${salesRows}
          WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1, 2`),
      ),
    );
    expect(byMonth.answer).toMatch(/^Revenue by month and sales channel, in 2025/);

    const in2024 = await ask('what about 2024?', first.chatId);
    expect(in2024.sql).toContain("ordered_at >= '2024-01-01'");
    expect(keyedRows(in2024.rows)).toEqual(
      keyedRows(
        await raw(`SELECT date_trunc('month', o.ordered_at), o.channel, sum(${lineAmount}) ${salesRows}
          WHERE o.ordered_at >= '2024-01-01' AND o.ordered_at < '2025-01-01' GROUP BY 1, 2`),
      ),
    );
    expect(in2024.answer).toMatch(/^Revenue by month and sales channel, 2024 \(2024-01-01 to 2024-12-31\)/);
  });

  it('answers the new question shapes through the Chat API: a negation, a joined filter, a named quarter, a ranking of one', async () => {
    const excluding = await ask('Revenue by sales channel, excluding store orders');
    expect(excluding.sql).toContain("channel <> 'store'");
    expect(keyedRows(excluding.rows)).toEqual(
      keyedRows(
        await raw(`SELECT o.channel, sum(${lineAmount}) ${salesRows}
          WHERE o.channel <> 'store' OR o.channel IS NULL GROUP BY 1`),
      ),
    );
    expect(excluding.answer).toContain('is not store');

    const spain = await ask('Payments per method for customers in Spain');
    expect(spain.sql).toContain('FROM payments CROSS JOIN customers');
    expect(keyedRows(spain.rows)).toEqual(
      keyedRows(
        await raw(`SELECT p.method, count(*) FROM payments p JOIN orders o ON p.order_id = o.id
          JOIN customers c ON o.customer_id = c.id WHERE c.country = 'Spain' GROUP BY 1`),
      ),
    );

    const quarter = await ask('What was our revenue in the second quarter of 2024?');
    expect(quarter.sql).toContain("ordered_at >= '2024-04-01'");
    expect(quarter.sql).toContain("ordered_at < '2024-07-01'");
    expect(keyedRows(quarter.rows)).toEqual(
      keyedRows(
        await raw(`SELECT sum(${lineAmount}) ${salesRows}
          WHERE o.ordered_at >= '2024-04-01' AND o.ordered_at < '2024-07-01'`),
      ),
    );

    const category = await ask('Which product category earns the most?');
    const [best] = await raw(`SELECT p.category, sum(${lineAmount}) AS revenue FROM order_items i
      JOIN products p ON i.product_id = p.id GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
    expect(category.rows).toHaveLength(1);
    expect(keyedRows(category.rows)).toEqual(keyedRows([best ?? []]));
    expect(category.answer.startsWith(`${String(best?.[0])} `)).toBe(true);
  });
});
