import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deploymentsTable } from '../../src/modules/deployments/deployments.tables.js';
import { resourcePoliciesTable, workbooksTable } from '../../src/modules/workspace/workspace.tables.js';
import type { TestServer } from '../support/test-server.js';

export interface ReportBody {
  id: number;
  publicId: string;
  name: string;
  title: string | null;
  description: string | null;
  kind: string;
  workbookId: number | null;
  folderId: number | null;
  folderPath: Array<{ id: number; name: string }>;
  jsonQuery: Record<string, unknown> | null;
  sqlQuery: string | null;
  spec: unknown;
  meta: Record<string, unknown>;
  preferences: { columnFormats: Record<string, unknown> };
  periodComparisons: unknown[];
  fillMissingRows: unknown;
  externalWorkbookPlacements: Array<{
    workbookId: string;
    resultLocation: string;
    endResultCell: string | null;
  }>;
  canEdit: boolean;
  canManage: boolean;
  user: { id: number; email: string; name: string | null };
  versionNumber: number;
  lastViewedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReportsPage {
  items: ReportBody[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  data: ReportBody[];
  count: number;
}

export const reportsUrl = (deploymentId: number) => `/api/v1/deployments/${deploymentId}/reports`;

/** The demo deployment's id (every test server bootstraps it). */
export async function demoDeploymentId(server: TestServer): Promise<number> {
  const answer = await server.request({ method: 'GET', url: '/api/v1/deployments?first=100' });
  const demo = (answer.body as { items: Array<{ id: number; name: string }> }).items.find(
    (item) => item.name === 'demo',
  );
  if (!demo) throw new Error('no demo deployment');
  return demo.id;
}

export async function createReport(
  server: TestServer,
  deploymentId: number,
  body: Record<string, unknown>,
  key?: string,
): Promise<ReportBody> {
  const answer = await server.request({
    method: 'POST',
    url: reportsUrl(deploymentId),
    body,
    ...(key ? { key } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as ReportBody;
}

export async function listReports(
  server: TestServer,
  deploymentId: number,
  query: string,
  key?: string,
): Promise<ReportsPage> {
  const answer = await server.request({
    method: 'GET',
    url: `${reportsUrl(deploymentId)}?${query}`,
    ...(key ? { key } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as ReportsPage;
}

function database(server: TestServer) {
  return server.container.platform.store.database;
}

async function accountOf(server: TestServer, deploymentId: number): Promise<number> {
  const [row] = await database(server)
    .select({ accountId: deploymentsTable.accountId })
    .from(deploymentsTable)
    .where(eq(deploymentsTable.id, deploymentId));
  if (!row) throw new Error(`no deployment ${deploymentId}`);
  return row.accountId;
}

/** A folder made through the API (the admin's key), so the tree's rules apply. */
export async function createFolder(
  server: TestServer,
  deploymentId: number,
  name: string,
  parentId: number | null = null,
): Promise<number> {
  const answer = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/folders`,
    body: { name, parentId },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { id: number }).id;
}

/** Written straight to the table: the tests need workbooks owned by users other than the caller. */
export async function insertWorkbook(
  server: TestServer,
  deploymentId: number,
  options: { name: string; ownerUserId: number; isShared?: boolean; folderId?: number | null },
): Promise<number> {
  const [workbook] = await database(server)
    .insert(workbooksTable)
    .values({
      accountId: await accountOf(server, deploymentId),
      deploymentId,
      name: options.name,
      ownerUserId: options.ownerUserId,
      isShared: options.isShared ?? true,
      folderId: options.folderId ?? null,
    })
    .returning();
  return (workbook as { id: number }).id;
}

export async function grantUser(
  server: TestServer,
  deploymentId: number,
  grant: { userId: number; action: 'view' | 'edit' | 'manage'; folderId?: number; reportId?: number },
): Promise<void> {
  await database(server)
    .insert(resourcePoliciesTable)
    .values({
      accountId: await accountOf(server, deploymentId),
      deploymentId,
      folderId: grant.folderId ?? null,
      reportId: grant.reportId ?? null,
      subjectType: 'user',
      subjectId: grant.userId,
      action: grant.action,
    });
}
