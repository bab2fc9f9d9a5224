import type { ReportRunResult, RunReportInput } from '@platform/contract';
import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { DataApiCaller } from '../data-api/data-api-caller.js';
import { reportDefinitionOf } from '../data-api/report-definition.js';
import type { ReportDefinition } from '../data-api/report-query.service.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService, ContentItem } from './content-access.service.js';
import { contentVersionColumns } from './content-state-cache.js';
import { reportsTable, workbooksTable } from './workspace.tables.js';

/** The data API's side of a run: the report's query as the caller (DataApiServices['reportQueries']). */
export interface ReportQueries {
  run(
    caller: DataApiCaller,
    deploymentId: number,
    definition: ReportDefinition | Promise<ReportDefinition>,
  ): Promise<ReportRunResult>;
}

/** `lastViewedAt` is kept to the minute: a run within a minute of the last one does not write it again. */
const lastViewedPrecisionMilliseconds = 60_000;

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
    // Settles to the write's failure, or null: a handler is attached at once, so a failure while the
    // query still runs is not an unhandled rejection; it is thrown once the run is over.
    let viewed: Promise<unknown> = Promise.resolve(null);
    // The rights and the report are read while the data API finds the model and the warehouse; it runs
    // nothing before `definition` (the view check) settles.
    const definition = (async (): Promise<ReportDefinition> => {
      // One query reads the report and the content versions the scope needs; the deployment is checked
      // before anything of the report is used (a missing report is a 404 only once it is).
      const report = await this.readReport(deploymentId, reportId);
      const scope = await this.contentAccess.scopeOf(principal, deploymentId, report?.versions);
      if (!report) throw notFound(`report ${reportId}`);
      scope.require(report.item, 'view');
      // Opening the report is viewing it, whether or not its query succeeds; a dashboard re-running it
      // (each filter change) writes the time at most once a minute.
      const lastViewedAt = report.row.lastViewedAt?.getTime() ?? 0;
      if (Date.now() - lastViewedAt >= lastViewedPrecisionMilliseconds) {
        // Promise.resolve starts the (lazy) query now, beside the run, not when it is awaited.
        viewed = Promise.resolve(
          this.database
            .update(reportsTable)
            .set({ lastViewedAt: sql`now()` })
            .where(eq(reportsTable.id, reportId)),
        ).then(
          () => null,
          (error: unknown) => error ?? new Error('lastViewedAt could not be written'),
        );
      }
      return {
        ...reportDefinitionOf(report.row, `report ${reportId}`),
        filters: input?.filters,
        timeGrain: input?.timeGrain,
      };
    })();
    const outcome = await this.reportQueries
      .run({ kind: 'management', principal }, deploymentId, definition)
      .then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
    const failure = await viewed;
    if ('error' in outcome) throw outcome.error;
    if (failure !== null) throw failure;
    return outcome.result;
  }

  private async readReport(deploymentId: number, reportId: number) {
    const [row] = await this.database
      .select({
        versions: contentVersionColumns(this.database, deploymentId),
        // Only what a run uses: the embedded store's cost grows with every column read.
        report: {
          id: reportsTable.id,
          folderId: reportsTable.folderId,
          ownerUserId: reportsTable.ownerUserId,
          lastViewedAt: reportsTable.lastViewedAt,
          jsonQuery: reportsTable.jsonQuery,
          sqlQuery: reportsTable.sqlQuery,
          periodComparisons: reportsTable.periodComparisons,
          fillMissingRows: reportsTable.fillMissingRows,
        },
        workbook: {
          id: workbooksTable.id,
          folderId: workbooksTable.folderId,
          ownerUserId: workbooksTable.ownerUserId,
          isShared: workbooksTable.isShared,
        },
      })
      .from(reportsTable)
      .leftJoin(workbooksTable, eq(workbooksTable.id, reportsTable.workbookId))
      .where(and(eq(reportsTable.id, reportId), eq(reportsTable.deploymentId, deploymentId)));
    if (!row) return null;
    const { report, workbook, versions } = row;
    const item: ContentItem = {
      type: 'report',
      id: report.id,
      folderId: report.folderId,
      ownerUserId: report.ownerUserId,
      workbook,
    };
    return { row: report, item, versions };
  }
}
