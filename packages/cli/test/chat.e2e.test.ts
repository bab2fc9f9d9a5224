import { readFile, rm } from 'node:fs/promises';
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

interface LoadAnswer {
  data: Array<Record<string, unknown>>;
}

interface StreamLine {
  id?: string;
  role?: string;
  content?: string;
  graphPath?: string[];
  isDelta?: boolean;
  state?: { chatId?: string };
  toolCall?: { name: string; input: string; result?: string };
}

const topProducts = 'Top 5 products by revenue in 2025';
const topProductsQuery = {
  measures: ['sales.revenue'],
  dimensions: ['sales.product_name'],
  timeDimensions: [{ dimension: 'sales.ordered_at', dateRange: ['2025-01-01', '2025-12-31'] }],
  order: { 'sales.revenue': 'desc' },
  limit: 5,
};
const cancelledOrders = 'How many orders were cancelled in 2025?';
const cancelledQuery = {
  measures: ['orders.count'],
  filters: [{ member: 'orders.status', operator: 'equals', values: ['cancelled'] }],
  timeDimensions: [{ dimension: 'orders.ordered_at', dateRange: ['2025-01-01', '2025-12-31'] }],
};

function linesOf(result: PlatformResult): StreamLine[] {
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as StreamLine);
}

const finalAnswerOf = (lines: readonly StreamLine[]) =>
  lines.filter((line) => line.role === 'assistant' && line.graphPath?.[0] === 'final' && !line.isDelta).at(-1)
    ?.content;

/** The rendered table of the platformSqlApi result: the header and row lines after its ✓ line. */
function renderedTable(stdout: string): { header: string[]; rows: string[][]; footer: string } {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith('✓ platformSqlApi'));
  const end = lines.findIndex(
    (line, index) => index > start && /^\((showing \d+ of )?\d+ rows?\)$/.test(line),
  );
  if (start < 0 || end < 0) throw new Error(`no result table in:\n${stdout}`);
  const [header, ...rows] = lines.slice(start + 1, end).map((line) => line.split(/ {2,}/));
  return { header: header ?? [], rows, footer: lines[end] ?? '' };
}

/** The real `platform chat` against a real server process and its demo deployment's default agent. */
describe('platform chat against the demo deployment', () => {
  let server: RunningServer;
  let configDirectory: string;
  let deployment: string;
  const platform = (args: string[], input?: string): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory }, input);
  const load = async (query: object) => {
    const result = await platform(['query', JSON.stringify(query), '--deployment', deployment, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    return jsonOf<LoadAnswer>(result).data;
  };

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    const login = await platform([
      'login',
      '--api-key',
      server.adminKey,
      '--url',
      server.apiUrl,
      '--chat-url',
      server.chatUrl,
    ]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const list = jsonOf<{ items: Array<{ id: number; name: string }> }>(
      await platform(['deployments', 'list', '--json']),
    );
    const demo = list.items.find((item) => item.name === 'demo');
    if (!demo) throw new Error('the first start created no demo deployment');
    deployment = String(demo.id);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('answers one question with the tool calls and the result table the data API also gives', async () => {
    const result = await platform(['chat', '--deployment', deployment, topProducts]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^→ platformMeta \{"searchQuery":".+"\}$/m);
    expect(result.stdout).toMatch(/^→ platformSqlApi \{"sqlQuery":"SELECT .+$/m);
    expect(result.stderr).toMatch(/created an API key for agent [0-9a-f-]{36}/);
    expect(result.stderr).toMatch(/continue with --chat \S+/);

    const expected = await load(topProductsQuery);
    expect(expected).toHaveLength(5);
    const table = renderedTable(result.stdout);
    expect(table.footer).toBe('(5 rows)');
    expect(table.rows.map((row) => row[0])).toEqual(expected.map((row) => row['sales.product_name']));
    expect(table.rows.map((row) => Number(row[1]))).toEqual(
      expected.map((row) => expect.closeTo(Number(row['sales.revenue']), 2)),
    );
    // The answer text follows the tools and names the first product.
    const answer = result.stdout.slice(result.stdout.indexOf(table.footer) + table.footer.length);
    expect(answer).toContain(String(expected[0]?.['sales.product_name']));

    const config = JSON.parse(await readFile(join(configDirectory, 'config.json'), 'utf8')) as {
      agentKeys: Record<string, { token: string }>;
    };
    expect(Object.values(config.agentKeys).map((key) => key.token.startsWith('sk-'))).toEqual([true]);
  });

  it('prints the raw lines with --json, the count the data API gives in the final answer', async () => {
    const result = await platform(['chat', '--deployment', deployment, cancelledOrders, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    // The key saved by the first chat is used again.
    expect(result.stderr).not.toMatch(/created an API key/);
    const lines = linesOf(result);
    expect(lines[0]?.id).toBe('__cutoff__');
    expect(lines.map((line) => line.id)).toContain('__state__');
    const count = (await load(cancelledQuery))[0]?.['orders.count'];
    expect(Number(count)).toBeGreaterThan(0);
    expect(finalAnswerOf(lines)?.replace(/,/g, '')).toContain(String(count));
  });

  it('keeps one thread across the questions read from stdin', async () => {
    const result = await platform(
      ['chat', '--deployment', deployment, '--json'],
      `${cancelledOrders}\n\n${topProducts}\n`,
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = linesOf(result);
    const chatIds = lines.filter((line) => line.id === '__cutoff__').map((line) => line.state?.chatId);
    expect(chatIds).toHaveLength(2);
    expect(chatIds[1]).toBe(chatIds[0]);
    expect(lines.filter((line) => line.role === 'user').map((line) => line.content)).toEqual([
      cancelledOrders,
      topProducts,
    ]);
    expect(result.stderr).toContain(`continue with --chat ${chatIds[0]}`);

    const continued = await platform([
      'chat',
      '--deployment',
      deployment,
      '--chat',
      String(chatIds[0]),
      cancelledOrders,
    ]);
    expect(continued.exitCode, continued.stderr).toBe(0);
    expect(continued.stderr).toContain(`--chat ${chatIds[0]}`);
  });

  it('continues a thread with --chat: a follow-up changes the query of the question before', async () => {
    const first = await platform([
      'chat',
      '--deployment',
      deployment,
      'revenue by channel in 2025',
      '--json',
    ]);
    expect(first.exitCode, first.stderr).toBe(0);
    const chatId = linesOf(first)[0]?.state?.chatId;
    expect(chatId).toBeDefined();
    const followUp = await platform([
      'chat',
      '--deployment',
      deployment,
      '--chat',
      String(chatId),
      'and by month?',
      '--json',
    ]);
    expect(followUp.exitCode, followUp.stderr).toBe(0);
    const sqlCall = linesOf(followUp).find(
      (line) => line.toolCall?.name === 'platformSqlApi' && line.toolCall.result,
    )?.toolCall;
    if (sqlCall?.result === undefined) throw new Error(`no query in:\n${followUp.stdout}`);
    expect((JSON.parse(sqlCall.input) as { sqlQuery: string }).sqlQuery).toMatch(
      /DATE_TRUNC\('month', ordered_at\)[\s\S]*channel[\s\S]*ordered_at >= '2025-01-01'/,
    );
    const rows = (JSON.parse(sqlCall.result) as { data: unknown[][] }).data;
    // why: three channels over the twelve months of 2025, so an empty result cannot pass.
    expect(rows.length).toBeGreaterThan(12);
    const expected = await load({
      measures: ['sales.revenue'],
      dimensions: ['sales.channel'],
      timeDimensions: [
        { dimension: 'sales.ordered_at', granularity: 'month', dateRange: ['2025-01-01', '2025-12-31'] },
      ],
    });
    const keyed = (month: unknown, channel: unknown, revenue: unknown) =>
      [`${String(month).slice(0, 10)} ${String(channel)}`, Math.round(Number(revenue) * 100)] as const;
    expect(new Map(rows.map((row) => keyed(row[0], row[1], row[2])))).toEqual(
      new Map(
        expected.map((row) =>
          keyed(row['sales.ordered_at.month'], row['sales.channel'], row['sales.revenue']),
        ),
      ),
    );
    expect(finalAnswerOf(linesOf(followUp))).toMatch(/^Revenue by month and sales channel, in 2025/);
  });

  it('fails with the server message for an unknown thread and for a wrong agent key', async () => {
    const unknownThread = await platform([
      'chat',
      '--deployment',
      deployment,
      '--chat',
      'no-such-thread',
      'hello',
    ]);
    expect(unknownThread.exitCode).toBe(1);
    expect(unknownThread.stderr).toMatch(/^error: 404 /m);
    const wrongKey = await platform([
      'chat',
      '--deployment',
      deployment,
      '--agent-key',
      'sk-not-a-real-key-000000000000',
      'hello',
    ]);
    expect(wrongKey.exitCode).toBe(1);
    expect(wrongKey.stderr).toMatch(/refused the agent key/);
  });
});
