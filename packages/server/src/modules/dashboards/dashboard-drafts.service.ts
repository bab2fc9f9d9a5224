import type * as contract from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { WorkbooksService } from '../workspace/workbooks.service.js';
import { dashboardsTable, dashboardVersionsTable } from './dashboards.tables.js';

type WorkbookDashboardInput = z.output<typeof contract.WorkbookDashboardInput>;

/**
 * `PUT .../workbooks/{workbookId}/dashboard`: the workspace saves the draft in the workbook's meta (with
 * its rights check: edit on the workbook), and this module answers with the published config beside it.
 * The handler lives here rather than in the workspace so that neither module reads the other's tables
 * and no module depends back on the dashboards (the workspace is built before it).
 */
export class DashboardDraftsService {
  constructor(
    private readonly database: Database,
    private readonly workbooks: Pick<WorkbooksService, 'saveDashboardDraft'>,
  ) {}

  async save(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
    input: WorkbookDashboardInput,
  ): Promise<contract.OperationResult<contract.Operations['updateWorkbookDashboard']>> {
    const { dashboardDraft } = await this.workbooks.saveDashboardDraft(
      principal,
      deploymentId,
      workbookId,
      input,
    );
    return { dashboardDraft, dashboardPublished: await this.publishedConfigOf(deploymentId, workbookId) };
  }

  /** The config of the workbook's dashboard when it is published (null when never published or archived). */
  private async publishedConfigOf(
    deploymentId: number,
    workbookId: number,
  ): Promise<Record<string, unknown> | null> {
    const [published] = await this.database
      .select({ config: dashboardVersionsTable.config })
      .from(dashboardsTable)
      .innerJoin(
        dashboardVersionsTable,
        and(
          eq(dashboardVersionsTable.dashboardId, dashboardsTable.id),
          eq(dashboardVersionsTable.versionNumber, dashboardsTable.latestVersionNumber),
        ),
      )
      .where(
        and(
          eq(dashboardsTable.workbookId, workbookId),
          eq(dashboardsTable.deploymentId, deploymentId),
          eq(dashboardsTable.status, 'published'),
        ),
      );
    return published?.config ?? null;
  }
}
