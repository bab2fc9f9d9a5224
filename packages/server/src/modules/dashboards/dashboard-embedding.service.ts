import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { ContentScope } from '../workspace/content-access.service.js';
import type { DashboardSourcesService } from '../workspace/dashboard-sources.service.js';
import type { DashboardsService } from './dashboards.service.js';
import { type DashboardRow, dashboardsTable } from './dashboards.tables.js';

/** Whether a dashboard may be embedded at all (who among embed users may is the embed module's). */
export interface DashboardEmbedding {
  publicId: string;
  allowEmbed: boolean;
}

/**
 * The `allowEmbed` switch of dashboards, for the embed module's operations: by the dashboard's public id,
 * or as the dashboard of a workbook. Switching it needs manage rights on the dashboard.
 */
export class DashboardEmbeddingService {
  constructor(
    private readonly database: Database,
    private readonly sources: Pick<DashboardSourcesService, 'scopeOf' | 'workbook'>,
    private readonly dashboards: Pick<DashboardsService, 'findByPublicId' | 'visible'>,
  ) {}

  async setByPublicId(
    principal: Principal,
    publicId: string,
    allowEmbed: boolean,
  ): Promise<DashboardEmbedding> {
    const visible = await this.dashboards.findByPublicId(principal, publicId);
    visible.scope.require(visible.item, 'manage');
    return this.write(visible.row, allowEmbed);
  }

  /** The setting of the workbook's dashboard, once the workbook is shown to exist; null while it has none. */
  async ofWorkbook(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
  ): Promise<DashboardEmbedding | null> {
    const { row } = await this.dashboardOf(principal, deploymentId, workbookId);
    return row ? { publicId: row.publicId, allowEmbed: row.allowEmbed } : null;
  }

  async setOfWorkbook(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
    allowEmbed: boolean,
  ): Promise<DashboardEmbedding> {
    const { scope, row } = await this.dashboardOf(principal, deploymentId, workbookId);
    const label = `the dashboard of workbook ${workbookId} (publish the workbook first)`;
    const visible = await this.dashboards.visible(scope, row ?? undefined, label, 'manage');
    return this.write(visible.row, allowEmbed);
  }

  private async dashboardOf(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
  ): Promise<{ scope: ContentScope; row: DashboardRow | null }> {
    const scope = await this.sources.scopeOf(principal, deploymentId);
    await this.sources.workbook(scope, workbookId, 'view');
    const [row] = await this.database
      .select()
      .from(dashboardsTable)
      .where(
        and(
          eq(dashboardsTable.workbookId, workbookId),
          eq(dashboardsTable.deploymentId, scope.deployment.id),
        ),
      );
    return { scope, row: row ?? null };
  }

  private async write(row: DashboardRow, allowEmbed: boolean): Promise<DashboardEmbedding> {
    if (row.allowEmbed !== allowEmbed) {
      const [updated] = await this.database
        .update(dashboardsTable)
        .set({ allowEmbed, updatedAt: sql`now()` })
        .where(eq(dashboardsTable.id, row.id))
        .returning({ id: dashboardsTable.id });
      if (!updated) throw notFound(`dashboard ${row.publicId}`);
    }
    return { publicId: row.publicId, allowEmbed };
  }
}
