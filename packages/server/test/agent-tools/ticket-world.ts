import { randomBytes } from 'node:crypto';
import { createDeployment } from '../deployments/deployment-helpers.js';
import {
  accountFilePath,
  createDuckDbFile,
  deployModel,
  setEnvVars,
} from '../semantic-api/semantic-api-helpers.js';
import type { TestServer } from '../support/test-server.js';

/**
 * A help desk, unlike the demo shop: support tickets of three regions handled by teams. Support leads
 * see every ticket; a `regional` user sees only the tickets of the region in their security context;
 * anyone else sees no tickets at all.
 */
export const ticketModel: Record<string, string> = {
  'model/cubes/tickets.yml': `cubes:
  - name: tickets
    sql_table: tickets
    title: Support tickets
    description: One row per customer support ticket, from opening to resolution.
    meta:
      synonyms: [cases, incidents, help requests]
    joins:
      - name: teams
        relationship: many_to_one
        sql: "{CUBE}.team_id = {teams.id}"
    measures:
      - name: count
        title: Tickets
        type: count
        meta:
          synonyms: [number of tickets, ticket count, case count]
      - name: average_resolution_hours
        title: Average resolution time (hours)
        type: avg
        sql: resolution_hours
        meta:
          synonyms: [mean time to resolve, MTTR, resolution time]
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: region
        title: Region
        sql: region
        type: string
        meta:
          synonyms: [geo, area, territory]
      - name: priority
        title: Priority
        sql: priority
        type: string
        meta:
          synonyms: [severity, urgency]
      - name: opened_at
        title: Opened at
        sql: opened_at
        type: time
        meta:
          synonyms: [submitted, created, filed]
    access_policy:
      - group: support_lead
      - group: regional
        row_level:
          filters:
            - member: region
              operator: equals
              values: ["{ securityContext.region }"]
`,
  'model/cubes/teams.yml': `cubes:
  - name: teams
    sql_table: teams
    title: Teams
    description: The support teams tickets are assigned to.
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: name
        title: Team name
        sql: name
        type: string
    measures:
      - name: count
        title: Teams
        type: count
`,
};

export const ticketRegions = ['EMEA', 'AMER', 'APAC'] as const;
const priorities = ['low', 'normal', 'high', 'urgent'] as const;
const teams = ['Billing', 'Onboarding', 'Platform'] as const;

export interface Ticket {
  id: number;
  region: string;
  priority: string;
  teamId: number;
  /** `YYYY-MM-DD HH:MM:SS`, in 2025. */
  openedAt: string;
  resolutionHours: number;
}

/** 240 tickets from a fixed formula: the same rows every run, uneven enough that totals differ. */
export const tickets: readonly Ticket[] = Array.from({ length: 240 }, (_unused, index) => {
  const id = index + 1;
  const month = (id * 7) % 12;
  const day = 1 + ((id * 11) % 28);
  return {
    id,
    region: id % 5 === 0 ? 'APAC' : id % 3 === 0 ? 'AMER' : 'EMEA',
    priority: priorities[(id * 3) % 7 < 4 ? (id * 3) % 7 : 1] ?? 'normal',
    teamId: 1 + (id % teams.length),
    openedAt: `2025-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')} ${String(id % 24).padStart(2, '0')}:00:00`,
    resolutionHours: 1 + ((id * 13) % 47),
  };
});

function statements(): string[] {
  const ticketValues = tickets
    .map(
      (ticket) =>
        `(${ticket.id}, '${ticket.region}', '${ticket.priority}', ${ticket.teamId}, TIMESTAMP '${ticket.openedAt}', ${ticket.resolutionHours})`,
    )
    .join(', ');
  return [
    'CREATE TABLE teams (id INTEGER, name VARCHAR)',
    `INSERT INTO teams VALUES ${teams.map((name, index) => `(${index + 1}, '${name}')`).join(', ')}`,
    'CREATE TABLE tickets (id INTEGER, region VARCHAR, priority VARCHAR, team_id INTEGER, opened_at TIMESTAMP, resolution_hours INTEGER)',
    `INSERT INTO tickets VALUES ${ticketValues}`,
  ];
}

/** A new deployment of the caller's account with the ticket model over its own DuckDB file. */
export async function createTicketDeployment(server: TestServer): Promise<number> {
  const deployment = await createDeployment(server);
  const fileName = `tickets-${randomBytes(4).toString('hex')}.duckdb`;
  await createDuckDbFile(await accountFilePath(server, deployment.id, fileName), statements());
  await setEnvVars(server, deployment.id, { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: fileName });
  await deployModel(server, deployment.id, ticketModel);
  return deployment.id;
}
