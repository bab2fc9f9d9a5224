import type { FillMissingRows, PeriodComparison, Report } from '@platform/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { type ContentItem, type ContentScope, contentLevels } from './content-access.service.js';
import type { ContentOwners } from './content-owners.js';
import { type ReportRow, reportPlacementsTable, reportsTable, workbooksTable } from './workspace.tables.js';

/** The workbook a report belongs to, as far as rights need it. */
export interface ReportWorkbook {
  id: number;
  folderId: number | null;
  ownerUserId: number;
  isShared: boolean;
}

/** A report row with its workbook: what the access check and the response need. */
export interface ReportRecord {
  row: ReportRow;
  workbook: ReportWorkbook | null;
  /** The list's sort key as the store writes it, when asked for (`shape.sortKey`). */
  sortKey?: string | null;
}

export function contentItemOf(record: ReportRecord): ContentItem {
  return {
    type: 'report',
    id: record.row.id,
    folderId: record.row.folderId,
    ownerUserId: record.row.ownerUserId,
    workbook: record.workbook,
  };
}

/** Reads report rows with their workbooks, in the order the condition's query gives. */
export async function selectReportRecords(
  database: Database,
  condition: SQL,
  shape: { orderBy?: SQL[]; limit?: number; offset?: number; sortKey?: SQL } = {},
): Promise<ReportRecord[]> {
  let query = database
    .select({
      row: reportsTable,
      // A spec sent as JSON text is a jsonb string; the driver layer would parse it once more into an
      // object, so its text is read as text.
      specText: sql<
        string | null
      >`case when jsonb_typeof(${reportsTable.spec}) = 'string' then ${reportsTable.spec} #>> '{}' end`,
      sortKey: shape.sortKey ? sql<string | null>`${shape.sortKey}::text` : sql<null>`null`,
      workbookId: workbooksTable.id,
      workbookFolderId: workbooksTable.folderId,
      workbookOwnerUserId: workbooksTable.ownerUserId,
      workbookIsShared: workbooksTable.isShared,
    })
    .from(reportsTable)
    .leftJoin(workbooksTable, eq(workbooksTable.id, reportsTable.workbookId))
    .where(condition)
    .$dynamic();
  if (shape.orderBy) query = query.orderBy(...shape.orderBy);
  if (shape.limit !== undefined) query = query.limit(shape.limit);
  if (shape.offset) query = query.offset(shape.offset);
  const rows = await query;
  return rows.map((entry) => ({
    row: entry.specText === null ? entry.row : { ...entry.row, spec: entry.specText },
    sortKey: entry.sortKey,
    workbook:
      entry.workbookId === null
        ? null
        : {
            id: entry.workbookId,
            folderId: entry.workbookFolderId,
            ownerUserId: entry.workbookOwnerUserId as number,
            isShared: entry.workbookIsShared as boolean,
          },
  }));
}

export async function findReportRecord(
  database: Database,
  deploymentId: number,
  reportId: number,
): Promise<ReportRecord | null> {
  const [record] = await selectReportRecords(
    database,
    and(eq(reportsTable.deploymentId, deploymentId), eq(reportsTable.id, reportId)) as SQL,
  );
  return record ?? null;
}

/** Reports as responses show them: placements and owners read in one query each for the whole page. */
export class ReportPresenter {
  constructor(
    private readonly database: Database,
    private readonly owners: ContentOwners,
  ) {}

  async present(scope: ContentScope, records: readonly ReportRecord[]): Promise<Report[]> {
    if (records.length === 0) return [];
    const ids = records.map((record) => record.row.id);
    const [placements, ownerOf] = await Promise.all([
      this.database
        .select()
        .from(reportPlacementsTable)
        .where(inArray(reportPlacementsTable.reportId, ids))
        .orderBy(asc(reportPlacementsTable.id)),
      this.owners.summariesOf(scope.deployment.accountId, [
        ...new Set(records.map((record) => record.row.ownerUserId)),
      ]),
    ]);
    const placementsOf = new Map<number, Report['externalWorkbookPlacements']>();
    for (const placement of placements) {
      const list = placementsOf.get(placement.reportId) ?? [];
      list.push({
        workbookId: placement.externalWorkbookId,
        resultLocation: placement.resultLocation,
        endResultCell: placement.endResultCell,
      });
      placementsOf.set(placement.reportId, list);
    }
    return records.map((record) => {
      const { row } = record;
      const level = scope.levelOf(contentItemOf(record));
      const preferences = row.preferences as {
        columnFormats?: Report['preferences']['columnFormats'];
      } | null;
      return {
        id: row.id,
        publicId: row.publicId,
        name: row.name,
        title: row.title,
        description: row.description,
        kind: row.kind,
        workbookId: row.workbookId,
        folderId: row.folderId,
        folderPath: scope.tree.pathTo(row.folderId),
        jsonQuery: row.jsonQuery,
        sqlQuery: row.sqlQuery,
        spec: row.spec,
        meta: row.meta,
        preferences: { columnFormats: preferences?.columnFormats ?? {} },
        periodComparisons: row.periodComparisons as PeriodComparison[],
        fillMissingRows: row.fillMissingRows as FillMissingRows | null,
        externalWorkbookPlacements: placementsOf.get(row.id) ?? [],
        canEdit: level >= contentLevels.edit,
        canManage: level >= contentLevels.manage,
        user: ownerOf(row.ownerUserId),
        versionNumber: row.versionNumber,
        lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
}
