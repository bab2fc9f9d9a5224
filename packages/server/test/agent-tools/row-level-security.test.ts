import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDataAccess } from '../../src/modules/data-api/agent-data-access.js';
import type { ChatDataIdentity } from '../../src/modules/data-api/data-api-caller.js';
import { createOtherAccount, startTestServer, type TestServer } from '../support/test-server.js';
import { currentUser, dataAccessFor, toolsOf, warehouseNumber } from './agent-tools-helpers.js';
import { createTicketDeployment, ticketRegions, tickets } from './ticket-world.js';

function external(groups: string[], securityContext: Record<string, unknown> = {}): ChatDataIdentity {
  return { kind: 'external', groups, securityContext, userAttributes: {} };
}

const lead = external(['support_lead']);
const emea = external(['regional'], { region: 'EMEA' });
const apac = external(['regional'], { region: 'APAC' });
const outsider = external([]);

const countIn = (region: string) => tickets.filter((ticket) => ticket.region === region).length;

/** Tickets per opening month as seen on a wall clock in `timezone`; opened_at is stored in UTC. */
function ticketsPerMonth(timezone: string): Record<string, number> {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit' });
  const counts: Record<string, number> = {};
  for (const ticket of tickets) {
    const month = format.format(new Date(`${ticket.openedAt.replace(' ', 'T')}Z`)).slice(0, 7);
    counts[month] = (counts[month] ?? 0) + 1;
  }
  return counts;
}

describe('row-level security of the agent tools on a second model', () => {
  let server: TestServer;
  let deploymentId: number;
  let accountId: number;
  const accessOf = (identity: ChatDataIdentity, timezone = 'UTC'): AgentDataAccess =>
    dataAccessFor(server, { accountId, deploymentId, identity, timezone });

  beforeAll(async () => {
    server = await startTestServer();
    accountId = (await currentUser(server)).accountId;
    deploymentId = await createTicketDeployment(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('starts from rows where the regions differ in size', async () => {
    const counts = ticketRegions.map(countIn);
    expect(new Set(counts).size).toBe(3);
    expect(counts.every((count) => count > 0)).toBe(true);
    expect(
      await warehouseNumber(server, deploymentId, "SELECT count(*) FROM tickets WHERE region = 'EMEA'"),
    ).toBe(countIn('EMEA'));
  });

  it('gives two identities different totals for the same SQL', async () => {
    const sql = 'SELECT id, region FROM tickets';
    const everything = await toolsOf(accessOf(lead)).platformSqlApi(sql);
    expect(everything.totalRows).toBe(tickets.length);
    expect(everything.data).toHaveLength(100);
    const regional = await toolsOf(accessOf(emea)).platformSqlApi(sql);
    expect(regional.totalRows).toBe(countIn('EMEA'));
    expect((regional.data as unknown[][]).every((row) => row[1] === 'EMEA')).toBe(true);
    const counted = await toolsOf(accessOf(apac)).platformSqlApi(
      'SELECT region, MEASURE(count) AS tickets FROM tickets GROUP BY 1',
    );
    expect(counted.data).toEqual([['APAC', countIn('APAC')]]);
  });

  it('refuses the tickets to a caller no policy lets in, and hides them from the metadata', async () => {
    const tools = toolsOf(accessOf(outsider));
    const refused = await tools.platformSqlApi('SELECT MEASURE(count) FROM tickets');
    expect(String(refused.error)).toMatch(/tickets/);
    expect(refused).not.toHaveProperty('data');
    const meta = (await tools.platformMeta('tickets by region')) as { cubes: Array<{ name: string }> };
    expect(meta.cubes.map((cube) => cube.name)).not.toContain('tickets');
  });

  it('finds members by synonym for a caller who may see them', async () => {
    const meta = (await toolsOf(accessOf(emea)).platformMeta('cases by severity')) as {
      cubes: Array<{
        name: string;
        synonyms?: string[];
        members: Array<{ name: string; synonyms?: string[] }>;
      }>;
    };
    const [first] = meta.cubes;
    expect(first?.name).toBe('tickets');
    expect(first?.synonyms).toContain('cases');
    expect(first?.members[0]).toMatchObject({ name: 'tickets.priority', synonyms: ['severity', 'urgency'] });
  });

  it('looks up only the values the row filter lets through', async () => {
    expect(await accessOf(lead).lookupValues('tickets.region')).toEqual([...ticketRegions].sort());
    const regional = accessOf(emea);
    expect(await regional.lookupValues('tickets.region')).toEqual(['EMEA']);
    // The cache is per caller scope: another region's user never gets the EMEA answer.
    expect(await accessOf(apac).lookupValues('tickets.region')).toEqual(['APAC']);
    expect(await regional.lookupValues('tickets.region')).toEqual(['EMEA']);
    await expect(accessOf(outsider).lookupValues('tickets.region')).rejects.toThrow(/tickets/);
    await expect(accessOf(lead).lookupValues('tickets.id')).rejects.toThrow(/not a string dimension/);
    await expect(accessOf(lead).lookupValues('tickets.nothing')).rejects.toThrow(/nothing/);
  });

  it('runs SQL in the session time zone', async () => {
    const sql =
      "SELECT DATE_TRUNC('month', opened_at) AS month, MEASURE(count) AS tickets FROM tickets GROUP BY 1 ORDER BY 1";
    const perMonth = async (timezone: string) => {
      const result = await toolsOf(accessOf(lead, timezone)).platformSqlApi(sql);
      return Object.fromEntries(
        (result.data as unknown[][]).map((row) => [String(row[0]).slice(0, 7), row[1]]),
      );
    };
    const losAngeles = ticketsPerMonth('America/Los_Angeles');
    expect(losAngeles).not.toEqual(ticketsPerMonth('UTC'));
    expect(await perMonth('UTC')).toEqual(ticketsPerMonth('UTC'));
    expect(await perMonth('America/Los_Angeles')).toEqual(losAngeles);
  });

  it("keeps another account's chat users out of the deployment", async () => {
    const other = await createOtherAccount(server);
    const stranger = dataAccessFor(server, { accountId: other.accountId, deploymentId, identity: lead });
    await expect(stranger.runSql('SELECT MEASURE(count) FROM tickets', { maxRows: 10 })).rejects.toThrow(
      /not found/,
    );
    await expect(stranger.searchMetadata('tickets')).rejects.toThrow(/not found/);
  });

  it('stops a query whose signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      accessOf(lead).runSql('SELECT id FROM tickets', { maxRows: 10, abortSignal: controller.signal }),
    ).rejects.toThrow();
  });
});
