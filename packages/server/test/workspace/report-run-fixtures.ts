import { eq } from 'drizzle-orm';
import { deploymentsTable } from '../../src/modules/deployments/deployments.tables.js';
import { newPublicId } from '../../src/modules/workspace/public-id.js';
import { reportsTable, workbooksTable } from '../../src/modules/workspace/workspace.tables.js';
import type { TestServer } from '../support/test-server.js';

/** The report fields a run reads; the rest take the table's defaults. */
export interface ReportFixture {
  ownerUserId: number;
  name?: string;
  jsonQuery?: Record<string, unknown> | null;
  sqlQuery?: string | null;
  periodComparisons?: unknown[];
  fillMissingRows?: Record<string, unknown> | null;
  workbookId?: number | null;
}

async function accountOf(server: TestServer, deploymentId: number): Promise<number> {
  const [deployment] = await server.container.platform.store.database
    .select({ accountId: deploymentsTable.accountId })
    .from(deploymentsTable)
    .where(eq(deploymentsTable.id, deploymentId));
  if (!deployment) throw new Error(`no deployment ${deploymentId}`);
  return deployment.accountId;
}

/**
 * A report written straight into the store (the reports CRUD is built apart): report runs only read it.
 * Returns its id.
 */
export async function insertReport(
  server: TestServer,
  deploymentId: number,
  fixture: ReportFixture,
): Promise<number> {
  const [report] = await server.container.platform.store.database
    .insert(reportsTable)
    .values({
      accountId: await accountOf(server, deploymentId),
      deploymentId,
      publicId: newPublicId(),
      name: fixture.name ?? 'a report',
      jsonQuery: fixture.jsonQuery ?? null,
      sqlQuery: fixture.sqlQuery ?? null,
      periodComparisons: fixture.periodComparisons ?? [],
      fillMissingRows: fixture.fillMissingRows ?? null,
      workbookId: fixture.workbookId ?? null,
      ownerUserId: fixture.ownerUserId,
    })
    .returning({ id: reportsTable.id });
  if (!report) throw new Error('could not insert a report');
  return report.id;
}

/** A workbook written straight into the store; `isShared: false` hides it (and its reports) from others. */
export async function insertWorkbook(
  server: TestServer,
  deploymentId: number,
  fixture: { ownerUserId: number; isShared: boolean; name?: string },
): Promise<number> {
  const [workbook] = await server.container.platform.store.database
    .insert(workbooksTable)
    .values({
      accountId: await accountOf(server, deploymentId),
      deploymentId,
      name: fixture.name ?? 'a workbook',
      ownerUserId: fixture.ownerUserId,
      isShared: fixture.isShared,
    })
    .returning({ id: workbooksTable.id });
  if (!workbook) throw new Error('could not insert a workbook');
  return workbook.id;
}

/** The id of the user behind a key. */
export async function userIdOf(server: TestServer, key?: string): Promise<number> {
  const me = await server.request({ method: 'GET', url: '/api/v1/users/me', ...(key ? { key } : {}) });
  if (me.status !== 200) throw new Error(`users/me answered ${me.status}`);
  return (me.body as { id: number }).id;
}

export function runReportUrl(deploymentId: number, reportId: number): string {
  return `/api/v1/deployments/${deploymentId}/reports/${reportId}/run`;
}
