import type { WorkspaceItem, WorkspaceItemType } from '@platform/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import type { ContentScope } from './content-access.service.js';
import type { SortKey, SortKeyWindow } from './sort-key-cursor.js';
import { contentFoldersTable, reportsTable, workbooksTable } from './workspace.tables.js';

/** Where the listed items are: directly in one folder (null: the root), or anywhere under some folders. */
export type WorkspacePlace = { in: number | null } | { under: readonly number[] | 'everywhere' };

export interface WorkspaceListRequest {
  scope: ContentScope;
  place: WorkspacePlace;
  types: ReadonlySet<WorkspaceItemType>;
  /** A LIKE pattern (already escaped) the name must match, case-insensitive. */
  namePattern: string | null;
  /** Leave out workbooks that are not shared and their reports. */
  sharedOnly: boolean;
  orderByField: 'name' | 'updatedAt';
  direction: 'asc' | 'desc';
  window: SortKeyWindow;
}

export interface WorkspaceListRow {
  item: WorkspaceItem;
  key: SortKey;
}

const typeRank: Record<WorkspaceItemType, number> = { FOLDER: 0, WORKBOOK: 1, REPORT: 2 };

interface ItemColumns {
  id: SQL;
  name: SQL;
  folderId: SQL;
  updatedAt: SQL;
}

/** The sort key as text in byte order, so that the cursor compares exactly as the list sorts on every engine. */
function sortKeyOf(columns: ItemColumns, field: WorkspaceListRequest['orderByField']): SQL {
  return field === 'name'
    ? sql`lower(${columns.name}) collate "C"`
    : sql`to_char(${columns.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') collate "C"`;
}

function placeCondition(folderId: SQL, place: WorkspacePlace): SQL {
  if ('in' in place) return place.in === null ? sql`${folderId} is null` : sql`${folderId} = ${place.in}`;
  if (place.under === 'everywhere') return sql`true`;
  return place.under.length === 0 ? sql`false` : sql`${folderId} in ${place.under}`;
}

function branch(
  type: WorkspaceItemType,
  table: SQL,
  columns: ItemColumns,
  conditions: SQL[],
  request: WorkspaceListRequest,
): SQL {
  const all = [...conditions, placeCondition(columns.folderId, request.place)];
  // `lower() like` scans a third faster than `ilike` on both engines, and means the same here.
  if (request.namePattern !== null) all.push(sql`lower(${columns.name}) like lower(${request.namePattern})`);
  return sql`select ${type}::text as type, ${typeRank[type]}::integer as rank, ${columns.id} as id,
    ${columns.name} as name, ${columns.folderId} as folder_id, ${columns.updatedAt} as updated_at,
    ${sortKeyOf(columns, request.orderByField)} as sort_key
    from ${table} where ${sql.join(all, sql` and `)}`;
}

/**
 * The folders, workbooks and reports of one page of the workspace list, in one query: a union of the
 * three (each filtered by the caller's visibility), sorted by `(sort key, type, id)` and cut after the
 * cursor's key, so pages stay stable while items are added or removed.
 */
export async function listWorkspaceRows(
  database: Database,
  request: WorkspaceListRequest,
): Promise<WorkspaceListRow[]> {
  const { scope } = request;
  const deploymentId = scope.deployment.id;
  const branches: SQL[] = [];
  if (request.types.has('FOLDER')) {
    branches.push(
      branch(
        'FOLDER',
        sql`${contentFoldersTable}`,
        {
          id: sql`${contentFoldersTable.id}`,
          name: sql`${contentFoldersTable.name}`,
          folderId: sql`${contentFoldersTable.parentId}`,
          updatedAt: sql`${contentFoldersTable.updatedAt}`,
        },
        [sql`${contentFoldersTable.deploymentId} = ${deploymentId}`, scope.folderVisibility()],
        request,
      ),
    );
  }
  if (request.types.has('WORKBOOK')) {
    const conditions = [sql`${workbooksTable.deploymentId} = ${deploymentId}`, scope.workbookVisibility()];
    if (request.sharedOnly) conditions.push(sql`${workbooksTable.isShared}`);
    branches.push(
      branch(
        'WORKBOOK',
        sql`${workbooksTable}`,
        {
          id: sql`${workbooksTable.id}`,
          name: sql`${workbooksTable.name}`,
          folderId: sql`${workbooksTable.folderId}`,
          updatedAt: sql`${workbooksTable.updatedAt}`,
        },
        conditions,
        request,
      ),
    );
  }
  if (request.types.has('REPORT')) {
    const conditions = [sql`${reportsTable.deploymentId} = ${deploymentId}`, scope.reportVisibility()];
    // A workbook's reports are listed inside it, not beside it in its folder; a search finds them anywhere.
    if ('in' in request.place) conditions.push(sql`${reportsTable.workbookId} is null`);
    if (request.sharedOnly) {
      conditions.push(
        sql`(${reportsTable.workbookId} is null or exists (select 1 from workbooks shared where shared.id = ${reportsTable.workbookId} and shared.is_shared))`,
      );
    }
    branches.push(
      branch(
        'REPORT',
        sql`${reportsTable}`,
        {
          id: sql`${reportsTable.id}`,
          name: sql`${reportsTable.name}`,
          folderId: sql`${reportsTable.folderId}`,
          updatedAt: sql`${reportsTable.updatedAt}`,
        },
        conditions,
        request,
      ),
    );
  }
  if (branches.length === 0) return [];
  const { window, direction } = request;
  const after = window.after;
  const comparison = direction === 'asc' ? sql`>` : sql`<`;
  const order = direction === 'asc' ? sql`asc` : sql`desc`;
  const afterCursor =
    after === null
      ? sql`true`
      : sql`(items.sort_key collate "C", items.rank, items.id) ${comparison} (${after[0]}::text collate "C", ${after[1]}::integer, ${after[2]}::integer)`;
  const result = await database.execute(sql`select * from (${sql.join(branches, sql` union all `)}) items
    where ${afterCursor}
    order by items.sort_key collate "C" ${order}, items.rank ${order}, items.id ${order}
    offset ${window.offset} limit ${window.size + 1}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    item: {
      type: row.type as WorkspaceItemType,
      id: Number(row.id),
      name: String(row.name),
      folderId: row.folder_id === null ? null : Number(row.folder_id),
      updatedAt: new Date(row.updated_at as string | Date).toISOString(),
    },
    key: [String(row.sort_key), Number(row.rank), Number(row.id)],
  }));
}
