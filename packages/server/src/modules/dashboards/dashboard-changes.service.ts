import type * as contract from '@platform/contract';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { DashboardSourcesService } from '../workspace/dashboard-sources.service.js';
import type { DashboardsService } from './dashboards.service.js';
import { dashboardAiThreadsTable, dashboardsTable, dashboardVersionsTable } from './dashboards.tables.js';

type UpdateDashboardInput = z.output<typeof contract.UpdateDashboardInput>;
type AiThreadInput = z.output<typeof contract.UpdatePublishedAiWidgetThreadInput>;
type DashboardSettings = Pick<
  typeof dashboardsTable.$inferSelect,
  'status' | 'allowEmbed' | 'restrictDataDownload' | 'title' | 'description'
>;

/**
 * Changes to a published dashboard that add no version: its status and settings (`PUT
 * .../dashboards/{id}`), and the chat thread an AI widget shows (`POST .../dashboard/ai-widget-thread`).
 */
export class DashboardChangesService {
  constructor(
    private readonly database: Database,
    private readonly sources: DashboardSourcesService,
    private readonly dashboards: DashboardsService,
  ) {}

  /**
   * `status` published ↔ archived, title and description need edit on the dashboard; `allowEmbed` and
   * `restrictDataDownload` need manage when they change. `draft` is a state before the first publish
   * only, and a dashboard exists from its first publish on, so asking for it is always a 400. Sending
   * what the dashboard holds writes nothing.
   */
  async update(
    principal: Principal,
    deploymentId: number,
    dashboardId: number,
    input: UpdateDashboardInput,
  ): Promise<contract.Dashboard> {
    const visible = await this.dashboards.find(principal, deploymentId, dashboardId, 'edit');
    const { row, scope, item } = visible;
    if (input.status === 'draft') {
      throw new AppError(
        'BAD_REQUEST',
        `dashboard ${row.id} has been published: its status moves between published and archived only (draft is the state before the first publish)`,
      );
    }
    const changes: Partial<DashboardSettings> = {};
    for (const key of ['status', 'title', 'description', 'allowEmbed', 'restrictDataDownload'] as const) {
      if (input[key] !== undefined && input[key] !== row[key]) Object.assign(changes, { [key]: input[key] });
    }
    if (changes.allowEmbed !== undefined || changes.restrictDataDownload !== undefined) {
      scope.require(item, 'manage');
    }
    if (Object.keys(changes).length === 0) return this.dashboards.atVersion(visible);
    const [updated] = await this.database
      .update(dashboardsTable)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(dashboardsTable.id, row.id))
      .returning();
    if (!updated) throw notFound(`dashboard ${dashboardId}`);
    return this.dashboards.atVersion({ ...visible, row: updated });
  }

  /**
   * Stores the thread of an AI widget of the latest published version, without a version and without
   * changing its checksum. The dashboard row is locked while checking, so a publish landing meanwhile
   * either comes first (and a stale `checksum` is a 409) or waits.
   */
  async attachAiThread(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
    input: AiThreadInput,
  ): Promise<contract.Dashboard> {
    const scope = await this.sources.scopeOf(principal, deploymentId);
    const [found] = await this.database
      .select()
      .from(dashboardsTable)
      .where(
        and(
          eq(dashboardsTable.workbookId, workbookId),
          eq(dashboardsTable.deploymentId, scope.deployment.id),
        ),
      );
    if (!found) {
      // Whether the workbook exists is told only to those who may see it.
      await this.sources.workbook(scope, workbookId, 'view');
      throw notFound(`a published dashboard of workbook ${workbookId}`);
    }
    const visible = await this.dashboards.visible(
      scope,
      found,
      `dashboard of workbook ${workbookId}`,
      'edit',
    );
    await this.database.transaction(async (transaction) => {
      const [locked] = await transaction
        .select()
        .from(dashboardsTable)
        .where(eq(dashboardsTable.id, found.id))
        .for('update');
      if (!locked) throw notFound(`dashboard ${found.id}`);
      const [version] = await transaction
        .select({ config: dashboardVersionsTable.config, checksum: dashboardVersionsTable.checksum })
        .from(dashboardVersionsTable)
        .where(
          and(
            eq(dashboardVersionsTable.dashboardId, locked.id),
            eq(dashboardVersionsTable.versionNumber, locked.latestVersionNumber),
          ),
        );
      if (!version) throw notFound(`a published dashboard of workbook ${workbookId}`);
      if (input.checksum !== undefined && input.checksum !== null && input.checksum !== version.checksum) {
        throw new AppError(
          'CONFLICT',
          `the dashboard of workbook ${workbookId} was published again since you read it (its checksum is now ${version.checksum}): read it again and attach the thread to the new version`,
          { reason: 'dashboard_published_meanwhile', checksum: version.checksum },
        );
      }
      const widgets = (version.config.widgets ?? []) as Array<Record<string, unknown>>;
      const widget = widgets.find((candidate) => candidate.id === input.widgetId);
      if (!widget) {
        throw new AppError(
          'BAD_REQUEST',
          `the published dashboard of workbook ${workbookId} has no widget "${input.widgetId}"`,
        );
      }
      if (widget.type !== 'AI') {
        throw new AppError(
          'BAD_REQUEST',
          `widget "${input.widgetId}" is a ${String(widget.type)} widget: only AI widgets show a chat thread`,
        );
      }
      await transaction
        .insert(dashboardAiThreadsTable)
        .values({
          dashboardId: locked.id,
          widgetId: input.widgetId,
          threadId: input.threadId,
          updatedByUserId: principal.userId,
        })
        .onConflictDoUpdate({
          target: [dashboardAiThreadsTable.dashboardId, dashboardAiThreadsTable.widgetId],
          set: { threadId: input.threadId, updatedByUserId: principal.userId, updatedAt: sql`now()` },
        });
      visible.row = locked;
    });
    return this.dashboards.atVersion(visible);
  }
}
