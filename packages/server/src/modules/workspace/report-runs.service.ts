import {
  FillMissingRows,
  PeriodComparison,
  type ReportRunResult,
  type RunReportInput,
  SemanticQuery,
} from '@platform/contract';
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { ReportQuery, ReportQueryRequest } from '../data-api/report-query.service.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService } from './content-access.service.js';
import { reportsTable, workbooksTable } from './workspace.tables.js';

/** The data API's side of a run: the report's query as the caller (DataApiServices['reportQueries']). */
export interface ReportQueries {
  run(request: ReportQueryRequest): Promise<ReportRunResult>;
}

const PeriodComparisons = z.array(PeriodComparison);

/** A stored field that no longer fits its schema (written before a rule existed) is a 400 saying which. */
function parseStored<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  reportId: number,
  field: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'BAD_REQUEST',
    `report ${reportId} has an invalid ${field}: ${z.prettifyError(parsed.error)}`,
  );
}

/**
 * Runs a report for someone who may view it: the query runs through the data API as that caller (their
 * access policies and row filters, as `load` with their API key), then `lastViewedAt` is set.
 */
export class ReportRunsService {
  constructor(
    private readonly database: Database,
    private readonly contentAccess: Pick<ContentAccessService, 'scopeOf'>,
    private readonly reportQueries: ReportQueries,
  ) {}

  async run(
    principal: Principal,
    deploymentId: number,
    reportId: number,
    input: RunReportInput | undefined,
  ): Promise<ReportRunResult> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const [row] = await this.database
      .select({
        report: reportsTable,
        workbook: {
          id: workbooksTable.id,
          folderId: workbooksTable.folderId,
          ownerUserId: workbooksTable.ownerUserId,
          isShared: workbooksTable.isShared,
        },
      })
      .from(reportsTable)
      .leftJoin(workbooksTable, eq(workbooksTable.id, reportsTable.workbookId))
      .where(and(eq(reportsTable.id, reportId), eq(reportsTable.deploymentId, scope.deployment.id)));
    if (!row) throw notFound(`report ${reportId}`);
    const { report, workbook } = row;
    scope.require(
      { type: 'report', id: report.id, folderId: report.folderId, ownerUserId: report.ownerUserId, workbook },
      'view',
    );
    const result = await this.reportQueries.run({
      caller: { kind: 'management', principal },
      deploymentId: scope.deployment.id,
      query: queryOf(report),
      filters: input?.filters,
      timeGrain: input?.timeGrain,
      periodComparisons: parseStored(
        PeriodComparisons,
        report.periodComparisons,
        report.id,
        'periodComparisons',
      ),
      fillMissingRows:
        report.fillMissingRows === null
          ? null
          : parseStored(FillMissingRows, report.fillMissingRows, report.id, 'fillMissingRows'),
    });
    await this.database
      .update(reportsTable)
      .set({ lastViewedAt: sql`now()` })
      .where(eq(reportsTable.id, report.id));
    return result;
  }
}

function queryOf(report: typeof reportsTable.$inferSelect): ReportQuery {
  if (report.sqlQuery !== null) return { kind: 'sql', sql: report.sqlQuery };
  if (report.jsonQuery !== null) {
    return { kind: 'json', query: parseStored(SemanticQuery, report.jsonQuery, report.id, 'jsonQuery') };
  }
  throw new AppError(
    'BAD_REQUEST',
    `report ${report.id} has no query to run: give it a jsonQuery or a sqlQuery`,
  );
}
