import { maximumWorkbookMetaBytes, type Workbook } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { ContentItem, ContentScope } from './content-access.service.js';
import type { ContentOwners } from './content-owners.js';
import type { WorkbookRow } from './workspace.tables.js';

/** What the access check needs of a workbook row. */
export function workbookItemOf(row: WorkbookRow): ContentItem {
  return {
    type: 'workbook',
    id: row.id,
    folderId: row.folderId,
    ownerUserId: row.ownerUserId,
    isShared: row.isShared,
  };
}

/** Workbooks as responses show them: the folder path from the scope's tree, owners read in one query. */
export async function workbooksOf(
  scope: ContentScope,
  owners: ContentOwners,
  rows: readonly WorkbookRow[],
): Promise<Workbook[]> {
  const ownerOf = await owners.summariesOf(scope.deployment.accountId, [
    ...new Set(rows.map((row) => row.ownerUserId)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    folderId: row.folderId,
    folderPath: scope.tree.pathTo(row.folderId),
    user: ownerOf(row.ownerUserId),
    meta: row.meta,
    isShared: row.isShared,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function workbookOf(
  scope: ContentScope,
  owners: ContentOwners,
  row: WorkbookRow,
): Promise<Workbook> {
  const [workbook] = await workbooksOf(scope, owners, [row]);
  return workbook as Workbook;
}

/**
 * Merges keep adding to a workbook's meta, so its stored size is checked as well as the body's: a
 * meta that would outgrow what one request may carry is refused instead of growing without bound.
 */
export function assertMetaSize(meta: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(meta), 'utf8') > maximumWorkbookMetaBytes) {
    throw new AppError(
      'BAD_REQUEST',
      `a workbook's meta must stay under ${maximumWorkbookMetaBytes} bytes of JSON; this change makes it larger`,
    );
  }
}

export function slugTaken(slug: string): AppError {
  return new AppError('CONFLICT', `another workbook of this deployment has the slug "${slug}"`, {
    reason: 'slug_taken',
    slug,
  });
}

/** SQLSTATE 23503: a row names a folder that was deleted after the request's scope was read. */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
