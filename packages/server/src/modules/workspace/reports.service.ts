import {
  type CreateReportInput,
  maximumReportPlacements,
  type Report,
  type UpdateReportInput,
} from '@platform/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService, ContentScope } from './content-access.service.js';
import { newPublicId } from './public-id.js';
import {
  type CheckReportQuery,
  changedColumns,
  checkReportSave,
  emptyReportColumns,
  mergeReportInput,
  placeReport,
  type ReportColumns,
  reportColumnNames,
} from './report-changes.js';
import {
  contentItemOf,
  findReportRecord,
  type ReportPresenter,
  type ReportRecord,
} from './report-records.js';
import { reportPlacementsTable, reportsTable } from './workspace.tables.js';

export interface ConnectWorkbookInput {
  externalWorkbookId: string;
  resultLocation: string;
  endResultCell?: string | null | undefined;
}

/** Reports of a deployment's workspace: every operation goes through the caller's content scope. */
export class ReportsService {
  constructor(
    private readonly database: Database,
    private readonly contentAccess: ContentAccessService,
    private readonly presenter: ReportPresenter,
    private readonly checkQuery: CheckReportQuery,
  ) {}

  async get(principal: Principal, deploymentId: number, reportId: number): Promise<Report> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const record = await this.load(scope, reportId, 'view');
    return this.presentOne(scope, record);
  }

  async create(principal: Principal, deploymentId: number, input: CreateReportInput): Promise<Report> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const { publicId, ...fields } = input;
    const merged = mergeReportInput(emptyReportColumns, fields);
    const columns = await placeReport(this.database, scope.deployment.id, merged, fields, 'the report');
    await checkReportSave(this.saveContext(scope), columns, new Set(reportColumnNames));
    const row = await this.insert(scope, columns, publicId ?? null);
    return this.presentOne(scope, await this.reload(scope, row.id));
  }

  async update(
    principal: Principal,
    deploymentId: number,
    reportId: number,
    input: UpdateReportInput,
  ): Promise<Report> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const record = await this.load(scope, reportId, 'edit');
    return this.applyUpdate(scope, record, input);
  }

  async delete(principal: Principal, deploymentId: number, reportId: number): Promise<undefined> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    await this.load(scope, reportId, 'manage');
    // Placements and resource policies go with the row (foreign keys cascade).
    await this.database.delete(reportsTable).where(eq(reportsTable.id, reportId));
    return undefined;
  }

  /**
   * Content as code: the report with this publicId is created or updated. The publicId is unique in the
   * account, so one used in another deployment is a 409; two clients creating the same one at once end
   * with one row, the loser told to retry (409 `upsert_branch_changed`).
   */
  async upsertByPublicId(
    principal: Principal,
    deploymentId: number,
    publicId: string,
    input: UpdateReportInput,
  ): Promise<Report> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const [existing] = await this.database
      .select({ id: reportsTable.id, deploymentId: reportsTable.deploymentId })
      .from(reportsTable)
      .where(
        and(eq(reportsTable.accountId, scope.deployment.accountId), eq(reportsTable.publicId, publicId)),
      );
    if (existing && existing.deploymentId !== scope.deployment.id) {
      throw new AppError(
        'CONFLICT',
        `publicId ${publicId} is used by a report of another deployment; publicIds are unique in the account`,
      );
    }
    if (existing) return this.applyUpdate(scope, await this.load(scope, existing.id, 'edit'), input);
    if (input.name === undefined) {
      throw new AppError('BAD_REQUEST', `invalid request: body name: required to create report ${publicId}`);
    }
    const merged = mergeReportInput(emptyReportColumns, input);
    const columns = await placeReport(
      this.database,
      scope.deployment.id,
      merged,
      input,
      `report ${publicId}`,
    );
    await checkReportSave(this.saveContext(scope), columns, new Set(reportColumnNames));
    const row = await this.insert(scope, columns, publicId, 'upsert_branch_changed');
    return this.presentOne(scope, await this.reload(scope, row.id));
  }

  /** Read access is enough: placing a report's result in a spreadsheet does not change the report. */
  async connectWorkbook(
    principal: Principal,
    deploymentId: number,
    reportId: number,
    input: ConnectWorkbookInput,
  ): Promise<Report> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const record = await this.load(scope, reportId, 'view');
    await this.database.transaction(async (transaction) => {
      // The report row is locked so that concurrent connects cannot together pass the limit.
      await transaction.execute(sql`select id from reports where id = ${reportId} for update`);
      const [{ placements } = { placements: 0 }] = await transaction
        .select({ placements: count() })
        .from(reportPlacementsTable)
        .where(
          and(
            eq(reportPlacementsTable.reportId, reportId),
            sql`not (${reportPlacementsTable.externalWorkbookId} = ${input.externalWorkbookId} and ${reportPlacementsTable.resultLocation} = ${input.resultLocation})`,
          ),
        );
      if (placements >= maximumReportPlacements) {
        throw new AppError(
          'UNPROCESSABLE_ENTITY',
          `report ${reportId} already has ${maximumReportPlacements} spreadsheet placements, the most a report may have; remove one first`,
        );
      }
      const endResultCell = input.endResultCell ?? null;
      await transaction
        .insert(reportPlacementsTable)
        .values({
          reportId,
          externalWorkbookId: input.externalWorkbookId,
          resultLocation: input.resultLocation,
          endResultCell,
        })
        .onConflictDoUpdate({
          target: [
            reportPlacementsTable.reportId,
            reportPlacementsTable.externalWorkbookId,
            reportPlacementsTable.resultLocation,
          ],
          set: { endResultCell },
        });
    });
    // Read again: the placements are read with the row.
    return this.presentOne(scope, await this.reload(scope, record.row.id));
  }

  /** Checks the report's query against the model the deployment serves now, without running it. */
  async refresh(principal: Principal, deploymentId: number, reportId: number): Promise<Report> {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const record = await this.load(scope, reportId, 'view');
    const { jsonQuery, sqlQuery } = record.row;
    if (jsonQuery !== null) await this.checkQuery(scope.deployment, { jsonQuery });
    else if (sqlQuery !== null) await this.checkQuery(scope.deployment, { sqlQuery });
    return this.presentOne(scope, record);
  }

  private async applyUpdate(scope: ContentScope, record: ReportRecord, input: UpdateReportInput) {
    const current: ReportColumns = record.row;
    const merged = mergeReportInput(current, input);
    const next = await placeReport(
      this.database,
      scope.deployment.id,
      merged,
      input,
      `report ${record.row.id}`,
    );
    const changed = changedColumns(current, next);
    if (changed.length === 0) return this.presentOne(scope, record);
    await checkReportSave(this.saveContext(scope), next, new Set(changed));
    const values = Object.fromEntries(changed.map((key) => [key, next[key]])) as Partial<ReportColumns>;
    const [row] = await this.database
      .update(reportsTable)
      .set({ ...values, versionNumber: sql`${reportsTable.versionNumber} + 1`, updatedAt: new Date() })
      .where(eq(reportsTable.id, record.row.id))
      .returning();
    if (!row) throw notFound(`report ${record.row.id}`);
    return this.presentOne(scope, await this.reload(scope, row.id));
  }

  private async insert(
    scope: ContentScope,
    columns: ReportColumns,
    publicId: string | null,
    clashCode: 'CONFLICT' | 'upsert_branch_changed' = 'CONFLICT',
  ) {
    try {
      const [row] = await this.database
        .insert(reportsTable)
        .values({
          ...columns,
          accountId: scope.deployment.accountId,
          deploymentId: scope.deployment.id,
          publicId: publicId ?? newPublicId(),
          ownerUserId: scope.principal.userId,
        })
        .returning();
      if (!row) throw new Error('the report insert returned no row');
      return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A generated id clashing is a 1-in-2^71 event: the caller may simply retry.
      throw new AppError(
        clashCode,
        publicId === null
          ? 'the generated publicId is taken; retry'
          : clashCode === 'CONFLICT'
            ? `publicId ${publicId} is already used by a report of this account`
            : `report ${publicId} was created by a concurrent request meanwhile; retry to update it`,
      );
    }
  }

  private async load(
    scope: ContentScope,
    reportId: number,
    level: 'view' | 'edit' | 'manage',
  ): Promise<ReportRecord> {
    const record = await findReportRecord(this.database, scope.deployment.id, reportId);
    if (!record) throw notFound(`report ${reportId}`);
    scope.require(contentItemOf(record), level);
    return record;
  }

  /** Read again after a write: `returning()` would hand a spec kept as JSON text back parsed. */
  private async reload(scope: ContentScope, reportId: number): Promise<ReportRecord> {
    const record = await findReportRecord(this.database, scope.deployment.id, reportId);
    if (!record) throw notFound(`report ${reportId}`);
    return record;
  }

  private async presentOne(scope: ContentScope, record: ReportRecord): Promise<Report> {
    const [report] = await this.presenter.present(scope, [record]);
    if (!report) throw notFound(`report ${record.row.id}`);
    return report;
  }

  private saveContext(scope: ContentScope) {
    return { database: this.database, scope, checkQuery: this.checkQuery };
  }
}
