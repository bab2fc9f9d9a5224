import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newPublicId } from '../../src/modules/workspace/public-id.js';
import {
  type PolicyLevel,
  reportsTable,
  resourcePoliciesTable,
  workbooksTable,
} from '../../src/modules/workspace/workspace.tables.js';
import type { TestServer } from '../support/test-server.js';

export interface Folder {
  id: number;
  name: string;
  parentId: number | null;
  position: number;
  folderPath: Array<{ id: number; name: string }>;
  createdAt: string;
  updatedAt: string;
}

export interface WorkspaceItem {
  type: 'FOLDER' | 'WORKBOOK' | 'REPORT';
  id: number;
  name: string;
  folderId: number | null;
  updatedAt: string;
}

/** Who owns what the fixtures write directly: the account and its admin. */
export interface Owner {
  accountId: number;
  userId: number;
}

export async function adminOf(server: TestServer): Promise<Owner> {
  const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
  const body = me.body as { id: number; account: { id: number } };
  return { accountId: body.account.id, userId: body.id };
}

export async function createDeployment(server: TestServer, name: string, key?: string): Promise<number> {
  const response = await server.request({
    method: 'POST',
    url: '/build/api/v1/deployments',
    body: { name },
    key,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { id: number }).id;
}

/** A folder made through the API (so the tree's rules apply), with the admin key unless told. */
export async function createFolder(
  server: TestServer,
  deploymentId: number,
  body: { name: string; parentId?: number | null; position?: number },
  key?: string,
): Promise<Folder> {
  const response = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${deploymentId}/folders`,
    body,
    key,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Folder;
}

/**
 * Workbooks and reports are written straight into their tables: these tests are about where content
 * sits and who sees it, and they need content owned by users the API would not let the caller act
 * as (a viewer's own workbook). The store's triggers still file a report of a workbook in the
 * workbook's folder.
 */
export async function insertWorkbook(
  server: TestServer,
  owner: Owner,
  values: {
    deploymentId: number;
    name: string;
    folderId?: number | null;
    isShared?: boolean;
    ownerUserId?: number;
  },
): Promise<number> {
  const [row] = await server.container.platform.store.database
    .insert(workbooksTable)
    .values({
      accountId: owner.accountId,
      deploymentId: values.deploymentId,
      folderId: values.folderId ?? null,
      name: values.name,
      ownerUserId: values.ownerUserId ?? owner.userId,
      isShared: values.isShared ?? true,
    })
    .returning();
  if (!row) throw new Error('no workbook inserted');
  return row.id;
}

export async function insertReport(
  server: TestServer,
  owner: Owner,
  values: {
    deploymentId: number;
    name: string;
    folderId?: number | null;
    workbookId?: number | null;
    ownerUserId?: number;
  },
): Promise<{ id: number; publicId: string }> {
  const [row] = await server.container.platform.store.database
    .insert(reportsTable)
    .values({
      accountId: owner.accountId,
      deploymentId: values.deploymentId,
      publicId: newPublicId(),
      folderId: values.folderId ?? null,
      workbookId: values.workbookId ?? null,
      name: values.name,
      ownerUserId: values.ownerUserId ?? owner.userId,
    })
    .returning();
  if (!row) throw new Error('no report inserted');
  return { id: row.id, publicId: row.publicId };
}

/** A resource policy row, written directly: the policies API is another part of the module. */
export async function grantOnFolder(
  server: TestServer,
  owner: Owner,
  values: { deploymentId: number; folderId: number; userId: number; action: PolicyLevel },
): Promise<void> {
  await server.container.platform.store.database.insert(resourcePoliciesTable).values({
    accountId: owner.accountId,
    deploymentId: values.deploymentId,
    folderId: values.folderId,
    subjectType: 'user',
    subjectId: values.userId,
    action: values.action,
  });
}

export async function reportRow(server: TestServer, reportId: number) {
  const database = server.container.platform.store.database;
  const [row] = await database.select().from(reportsTable).where(eq(reportsTable.id, reportId));
  return row ?? null;
}

export async function workbookRow(server: TestServer, workbookId: number) {
  const database = server.container.platform.store.database;
  const [row] = await database.select().from(workbooksTable).where(eq(workbooksTable.id, workbookId));
  return row ?? null;
}
