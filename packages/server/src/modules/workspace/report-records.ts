import type { FillMissingRows, PeriodComparison, Report } from '@platform/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
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
  /** Where the report's result is placed in spreadsheets, read with the row. */
  placements: Report['externalWorkbookPlacements'];
  /** The list's sort key as the store writes it, when asked for (`shape.sortKey`). */
  sortKey?: string | null;
  /** How many rows the condition matches before paging, when asked for (`shape.isCounting`). */
  total?: number;
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

/**
 * Reads report rows with their workbooks and placements, in the order the condition's query gives, in
 * one query (each query costs more than its rows on the embedded store). `isCounting` adds the count of
 * every matching row before the limit (a window over rows the query reads anyway when it sorts them).
 */
export async function selectReportRecords(
  database: Database,
  condition: SQL,
  shape: { orderBy?: SQL[]; limit?: number; offset?: number; sortKey?: SQL; isCounting?: boolean } = {},
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
      // As text, parsed here: the drivers of the two engines do not parse a computed jsonb alike.
      placementsText: sql<string>`(select coalesce(jsonb_agg(jsonb_build_object('workbookId',
        p.external_workbook_id, 'resultLocation', p.result_location, 'endResultCell', p.end_result_cell)
        order by p.id), '[]'::jsonb)::text from ${reportPlacementsTable} p where p.report_id = ${reportsTable.id})`,
      total: shape.isCounting ? sql<string>`(count(*) over ())::text` : sql<null>`null`,
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
    placements: JSON.parse(entry.placementsText) as Report['externalWorkbookPlacements'],
    ...(entry.total === null ? {} : { total: Number(entry.total) }),
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

/** Reports as responses show them: the owners read in one query for the whole page. */
export class ReportPresenter {
  constructor(private readonly owners: ContentOwners) {}

  async present(scope: ContentScope, records: readonly ReportRecord[]): Promise<Report[]> {
    if (records.length === 0) return [];
    const ownerOf = await this.owners.summariesOf(scope.deployment.accountId, [
      ...new Set(records.map((record) => record.row.ownerUserId)),
    ]);
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
        externalWorkbookPlacements: record.placements,
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
