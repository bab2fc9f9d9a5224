import type { Report } from '@platform/contract';
import { and, count, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService } from './content-access.service.js';
import { findWorkbook } from './report-changes.js';
import { type ReportPresenter, selectReportRecords } from './report-records.js';
import { reportPlacementsTable, reportsTable } from './workspace.tables.js';

export type ReportSortKey = 'createdAt' | 'updatedAt' | 'lastViewedAt' | 'name';

export interface ListReportsRequest {
  sortBy: ReportSortKey;
  sortDirection?: 'asc' | 'desc' | undefined;
  search?: string | undefined;
  folderId?: number | undefined;
  workbookId?: number | undefined;
  externalWorkbookId?: string | undefined;
  first: number;
  after?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  page?: number | undefined;
}

export interface ReportsPage {
  items: Report[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  data: Report[];
  count: number;
}

/**
 * The columns a list sorts by. The cursor keeps the last row's key as the store writes it as text, so a
 * timestamp keeps its microseconds (a JavaScript date would drop them and repeat or skip rows).
 */
const sortColumns = {
  createdAt: reportsTable.createdAt,
  updatedAt: reportsTable.updatedAt,
  lastViewedAt: reportsTable.lastViewedAt,
  name: reportsTable.name,
} as const;

interface Cursor {
  sortBy: ReportSortKey;
  direction: 'asc' | 'desc';
  key: string;
  id: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sortBy, cursor.direction, cursor.key, cursor.id])).toString(
    'base64url',
  );
}

function decodeCursor(text: string, sortBy: ReportSortKey, direction: 'asc' | 'desc'): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const [cursorSort, cursorDirection, key, id] = Array.isArray(parsed) ? parsed : [];
  const isValid =
    typeof key === 'string' &&
    key.length <= 1000 &&
    Number.isInteger(id) &&
    (id as number) > 0 &&
    (id as number) <= 2_147_483_647 &&
    (sortBy === 'name' || !Number.isNaN(Date.parse(key)));
  if (!isValid) {
    throw new AppError('BAD_REQUEST', `invalid cursor "${text}": pass the endCursor of a previous page`);
  }
  if (cursorSort !== sortBy || cursorDirection !== direction) {
    throw new AppError(
      'BAD_REQUEST',
      `the cursor belongs to a list sorted by ${String(cursorSort)} ${String(cursorDirection)}; keep sortBy and sortDirection while paging`,
    );
  }
  return { sortBy, direction, key, id: id as number };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The reports list: filters, sorts, three ways to page, and the deprecated `data` and `count`. */
export class ReportListService {
  constructor(
    private readonly database: Database,
    private readonly contentAccess: ContentAccessService,
    private readonly presenter: ReportPresenter,
  ) {}

  async list(principal: Principal, deploymentId: number, request: ListReportsRequest): Promise<ReportsPage> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const { sortBy } = request;
    const direction = request.sortDirection ?? (sortBy === 'name' ? 'asc' : 'desc');
    const isCursorless = sortBy === 'lastViewedAt';
    if (request.after !== undefined && isCursorless) {
      throw new AppError('BAD_REQUEST', 'reports sorted by lastViewedAt cannot be paged by cursor (after)');
    }
    if (request.after !== undefined && (request.offset !== undefined || request.page !== undefined)) {
      throw new AppError('BAD_REQUEST', 'page with either after (a cursor), offset or page, not two of them');
    }
    if (request.offset !== undefined && request.page !== undefined) {
      throw new AppError('BAD_REQUEST', 'page with either offset or page, not both');
    }
    const size = request.limit ?? request.first;
    const offset = request.page !== undefined ? (request.page - 1) * size : (request.offset ?? 0);
    // A folder or workbook the caller cannot see is a 404, as it is everywhere else (no existence leaks).
    if (request.folderId !== undefined) {
      const folder = scope.tree.get(request.folderId);
      if (!folder) throw notFound(`folder ${request.folderId}`);
      scope.require({ type: 'folder', id: folder.id, parentId: folder.parentId }, 'view');
    }
    if (request.workbookId !== undefined) {
      const workbook = await findWorkbook(this.database, scope.deployment.id, request.workbookId);
      scope.require({ type: 'workbook', ...workbook }, 'view');
    }
    const filters: SQL[] = [eq(reportsTable.deploymentId, scope.deployment.id), scope.reportVisibility()];
    if (request.search) {
      const pattern = `%${escapeLike(request.search)}%`;
      filters.push(or(ilike(reportsTable.name, pattern), ilike(reportsTable.title, pattern)) as SQL);
    }
    if (request.folderId !== undefined) filters.push(eq(reportsTable.folderId, request.folderId));
    if (request.workbookId !== undefined) filters.push(eq(reportsTable.workbookId, request.workbookId));
    if (request.externalWorkbookId !== undefined) {
      filters.push(
        exists(
          this.database
            .select({ one: sql`1` })
            .from(reportPlacementsTable)
            .where(
              and(
                eq(reportPlacementsTable.reportId, reportsTable.id),
                eq(reportPlacementsTable.externalWorkbookId, request.externalWorkbookId),
              ),
            ),
        ),
      );
    }
    const matching = and(...filters) as SQL;
    const column = sortColumns[sortBy];
    const pageCondition = [matching];
    if (request.after !== undefined) {
      const cursor = decodeCursor(request.after, sortBy, direction);
      const key = sortBy === 'name' ? sql`${cursor.key}` : sql`${cursor.key}::timestamptz`;
      pageCondition.push(
        direction === 'asc'
          ? sql`(${column}, ${reportsTable.id}) > (${key}, ${cursor.id})`
          : sql`(${column}, ${reportsTable.id}) < (${key}, ${cursor.id})`,
      );
    }
    // Only lastViewedAt has nulls (never viewed: last). The other keys are NOT NULL: naming no null order
    // lets a descending list walk its (deployment_id, key, id) index backwards and stop at the page,
    // where `desc nulls last` would sort every report of the deployment.
    const nulls = sortBy === 'lastViewedAt' ? sql`nulls last` : sql``;
    const order =
      direction === 'asc'
        ? [sql`${column} asc ${nulls}`, sql`${reportsTable.id} asc`]
        : [sql`${column} desc ${nulls}`, sql`${reportsTable.id} desc`];
    // A filtered list (a folder, a workbook, a search) reads every matching row to sort them anyway: the
    // page counts them (one query fewer). A cursor's page holds only rows after it, and the whole list
    // is ordered by an index and stops at the page: both count apart.
    const isFiltered =
      Boolean(request.search) ||
      request.folderId !== undefined ||
      request.workbookId !== undefined ||
      request.externalWorkbookId !== undefined;
    const isCountedInPage = isFiltered && request.after === undefined;
    const countApart = () =>
      this.database
        .select({ total: count() })
        .from(reportsTable)
        .where(matching)
        .then(([row]) => row?.total ?? 0);
    const [records, totalApart] = await Promise.all([
      selectReportRecords(this.database, and(...pageCondition) as SQL, {
        orderBy: order,
        limit: size + 1,
        offset,
        sortKey: sql`${column}`,
        isCounting: isCountedInPage,
      }),
      isCountedInPage ? null : countApart(),
    ]);
    // A page past the end has no row to carry the count.
    const total = totalApart ?? records[0]?.total ?? (offset > 0 ? await countApart() : 0);
    const hasMore = records.length > size;
    const pageRecords = hasMore ? records.slice(0, size) : records;
    const items = await this.presenter.present(scope, pageRecords);
    const last = pageRecords[pageRecords.length - 1];
    const endCursor =
      last && !isCursorless && typeof last.sortKey === 'string'
        ? encodeCursor({ sortBy, direction, key: last.sortKey, id: last.row.id })
        : null;
    return {
      items,
      pageInfo: { endCursor, hasNextPage: hasMore && !isCursorless },
      data: items,
      count: total,
    };
  }
}
