import type { Dashboard } from '@platform/contract';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type {
  ContentItem,
  ContentLevel,
  ContentLevelName,
  ContentScope,
  WorkbookAccess,
} from '../workspace/content-access.service.js';
import { contentLevels } from '../workspace/content-access.service.js';
import type { DashboardSourcesService } from '../workspace/dashboard-sources.service.js';
import type { DashboardViewer, EmbedViewerClaims, EmbedViewerGate } from './dashboard-viewer.js';
import { type AiThreads, dashboardOf } from './dashboard-views.js';
import {
  type DashboardReportSnapshotRow,
  type DashboardRow,
  dashboardAiThreadsTable,
  dashboardReportSnapshotsTable,
  dashboardsTable,
  dashboardVersionsTable,
} from './dashboards.tables.js';

/** A dashboard the caller may see, with what later checks need. */
export interface VisibleDashboard {
  scope: ContentScope;
  row: DashboardRow;
  /** The dashboard's access item: its workbook's rights, raised by the dashboard's own grants. */
  item: ContentItem;
  /** The caller's level on the dashboard (`item`). */
  level: ContentLevel;
  workbook: WorkbookAccess;
}

/** A dashboard a viewer opened: what reading it at a version and running its widgets need. */
export type OpenedDashboard = Pick<VisibleDashboard, 'row' | 'level' | 'workbook'>;

/**
 * Reading dashboards. A dashboard's rights are its workbook's, raised by resource policies granted on
 * the dashboard itself; a dashboard that was never published, or that is archived, is a 404 to callers
 * below edit rights on it (viewers and embed users are not served it).
 */
export class DashboardsService {
  private embedViewers: EmbedViewerGate | null = null;

  constructor(
    private readonly database: Database,
    private readonly sources: DashboardSourcesService,
  ) {}

  /** The embed module's decision on embed users, registered once the modules are built. */
  useEmbedViewers(gate: EmbedViewerGate): void {
    this.embedViewers = gate;
  }

  /** getEmbedDashboard: an account user as getDashboardByPublicId; an embed user as its access rules say. */
  async getForViewer(viewer: DashboardViewer, publicId: string): Promise<Dashboard> {
    return this.atVersion(await this.openByPublicId(viewer, publicId));
  }

  /** A dashboard by its public id, once the viewer is shown to open it. */
  async openByPublicId(viewer: DashboardViewer, publicId: string): Promise<OpenedDashboard> {
    if (viewer.kind === 'principal') return this.findByPublicId(viewer.principal, publicId);
    const { claims } = viewer;
    const [found] = await this.database
      .select({
        dashboard: dashboardsTable,
        workbook: this.sources.workbookAccessColumn(dashboardsTable.workbookId),
      })
      .from(dashboardsTable)
      .where(and(eq(dashboardsTable.accountId, claims.accountId), eq(dashboardsTable.publicId, publicId)));
    return this.openedByEmbed(
      claims,
      found?.dashboard,
      `dashboard ${publicId}`,
      this.sources.workbookAccessOf(found?.workbook),
    );
  }

  /**
   * The dashboard once the embed user may open it: published (404 otherwise, as to a viewer), of the
   * token's account (404) and deployment (403), and let through by the embed module's rules (403).
   */
  async openedByEmbed(
    claims: EmbedViewerClaims,
    row: DashboardRow | undefined,
    label: string,
    workbook: WorkbookAccess | null,
  ): Promise<OpenedDashboard> {
    if (!row || row.accountId !== claims.accountId || row.latestVersionNumber === 0) throw notFound(label);
    if (row.status !== 'published' || !workbook) throw notFound(label);
    if (row.deploymentId !== claims.deploymentId) {
      throw new AppError(
        'FORBIDDEN',
        `this embed token is for deployment ${claims.deploymentId}; ${label} is in deployment ${row.deploymentId}`,
      );
    }
    if (!this.embedViewers) throw new Error('no embed access decision registered (useEmbedViewers)');
    await this.embedViewers.requireOpen(claims, row);
    return { row, workbook, level: contentLevels.view };
  }

  async get(
    principal: Principal,
    deploymentId: number,
    dashboardId: number,
    versionNumber?: number,
  ): Promise<Dashboard> {
    const visible = await this.find(principal, deploymentId, dashboardId);
    return this.atVersion(visible, versionNumber);
  }

  async getByPublicId(principal: Principal, publicId: string): Promise<Dashboard> {
    return this.atVersion(await this.findByPublicId(principal, publicId));
  }

  /** A dashboard of the caller's account by its public id, once the caller is shown to see it. */
  async findByPublicId(principal: Principal, publicId: string): Promise<VisibleDashboard> {
    const [row] = await this.database
      .select()
      .from(dashboardsTable)
      .where(and(eq(dashboardsTable.accountId, principal.accountId), eq(dashboardsTable.publicId, publicId)));
    if (!row) throw notFound(`dashboard ${publicId}`);
    const scope = await this.sources.scopeOf(principal, row.deploymentId);
    return this.visible(scope, row, `dashboard ${publicId}`);
  }

  /**
   * Where the dashboards with this public id belong, in every account (a public id is unique in its
   * account and random, so two accounts sharing one is unlikely but possible): for a caller with no
   * account yet, such as the embed page exchanging a customer's own token.
   */
  async locateByPublicId(
    publicId: string,
  ): Promise<Array<{ accountId: number; deploymentId: number; dashboardId: number }>> {
    return this.database
      .select({
        accountId: dashboardsTable.accountId,
        deploymentId: dashboardsTable.deploymentId,
        dashboardId: dashboardsTable.id,
      })
      .from(dashboardsTable)
      .where(eq(dashboardsTable.publicId, publicId))
      .limit(2);
  }

  /** The dashboard of a deployment by id, once the caller is shown to hold `level` on it. */
  async find(
    principal: Principal,
    deploymentId: number,
    dashboardId: number,
    level: ContentLevelName = 'view',
  ): Promise<VisibleDashboard> {
    const scope = await this.sources.scopeOf(principal, deploymentId);
    const [row] = await this.database
      .select()
      .from(dashboardsTable)
      .where(and(eq(dashboardsTable.id, dashboardId), eq(dashboardsTable.deploymentId, scope.deployment.id)));
    return this.visible(scope, row, `dashboard ${dashboardId}`, level);
  }

  /**
   * The dashboard once the caller is shown to see it (404 otherwise: its existence does not leak), and
   * to hold `level` on it (403 otherwise).
   */
  async visible(
    scope: ContentScope,
    row: DashboardRow | undefined,
    label: string,
    level: ContentLevelName = 'view',
    /** The workbook's access fields when the caller's own query read them (`workbookAccessColumn`). */
    readWorkbook?: WorkbookAccess | null,
  ): Promise<VisibleDashboard> {
    if (!row || row.latestVersionNumber === 0) throw notFound(label);
    const workbook =
      readWorkbook === undefined
        ? (await this.sources.workbookOf(scope, row.workbookId))?.access
        : readWorkbook;
    if (!workbook) throw notFound(label);
    const item: ContentItem = { type: 'dashboard', id: row.id, workbook };
    const held = scope.levelOf(item);
    if (held < 1 || (row.status !== 'published' && held < 2)) throw notFound(label);
    scope.require(item, level);
    return { scope, row, item, level: held, workbook };
  }

  /** The dashboard at a version (default the latest), with its snapshots and its AI widgets' threads. */
  async atVersion(visible: OpenedDashboard, versionNumber?: number): Promise<Dashboard> {
    const number = versionNumber ?? visible.row.latestVersionNumber;
    const [version] = await this.database
      .select()
      .from(dashboardVersionsTable)
      .where(
        and(
          eq(dashboardVersionsTable.dashboardId, visible.row.id),
          eq(dashboardVersionsTable.versionNumber, number),
        ),
      );
    if (!version) throw notFound(`version ${number} of dashboard ${visible.row.id}`);
    const [snapshots, threads] = await Promise.all([
      this.snapshotsOf([version.id]),
      this.threadsOf(visible.row.id),
    ]);
    return dashboardOf(visible.row, version, snapshots, {
      isSharedWorkbook: visible.workbook.isShared,
      threads,
    });
  }

  /** The snapshots of versions, in the order they were frozen. */
  async snapshotsOf(versionIds: readonly number[]): Promise<DashboardReportSnapshotRow[]> {
    if (versionIds.length === 0) return [];
    const rows = await this.database
      .select({
        ...getTableColumns(dashboardReportSnapshotsTable),
        // A spec kept as JSON text is a jsonb string; read as text so no driver parses it into an object.
        specText: sql<
          string | null
        >`case when jsonb_typeof(${dashboardReportSnapshotsTable.spec}) = 'string' then ${dashboardReportSnapshotsTable.spec} #>> '{}' end`,
      })
      .from(dashboardReportSnapshotsTable)
      .where(inArray(dashboardReportSnapshotsTable.versionId, [...versionIds]))
      .orderBy(asc(dashboardReportSnapshotsTable.id));
    return rows.map(({ specText, ...row }) => (specText === null ? row : { ...row, spec: specText }));
  }

  async threadsOf(dashboardId: number): Promise<AiThreads> {
    const rows = await this.database
      .select({ widgetId: dashboardAiThreadsTable.widgetId, threadId: dashboardAiThreadsTable.threadId })
      .from(dashboardAiThreadsTable)
      .where(eq(dashboardAiThreadsTable.dashboardId, dashboardId));
    return new Map(rows.map((row) => [row.widgetId, row.threadId]));
  }

  /**
   * A dashboard's public id and status, whoever asks: for a service that acts for a viewer later (a
   * notification says "archived" before it checks the viewer's rights). Null when it no longer exists.
   */
  async statusOf(
    deploymentId: number,
    dashboardId: number,
  ): Promise<{ publicId: string; status: DashboardRow['status']; isPublished: boolean } | null> {
    const [row] = await this.database
      .select({
        publicId: dashboardsTable.publicId,
        status: dashboardsTable.status,
        latestVersionNumber: dashboardsTable.latestVersionNumber,
      })
      .from(dashboardsTable)
      .where(and(eq(dashboardsTable.id, dashboardId), eq(dashboardsTable.deploymentId, deploymentId)));
    if (!row) return null;
    return { publicId: row.publicId, status: row.status, isPublished: row.latestVersionNumber > 0 };
  }

  /**
   * Where a published dashboard with this public id lives, whoever asks (the embed page, before any
   * credential: its token is in the URL fragment). Public ids are unique per account, so in theory
   * more than one account.
   */
  async publishedHoldersOf(publicId: string): Promise<Array<{ accountId: number; deploymentId: number }>> {
    return this.database
      .select({ accountId: dashboardsTable.accountId, deploymentId: dashboardsTable.deploymentId })
      .from(dashboardsTable)
      .where(
        and(
          eq(dashboardsTable.publicId, publicId),
          eq(dashboardsTable.status, 'published'),
          sql`${dashboardsTable.latestVersionNumber} > 0`,
        ),
      );
  }

  /** Each dashboard's status, public id and title, read in the caller's transaction when given one (notifications). */
  async summariesOf(
    executor: Database,
    dashboardIds: readonly number[],
  ): Promise<Map<number, Pick<DashboardRow, 'status' | 'publicId' | 'title'>>> {
    if (dashboardIds.length === 0) return new Map();
    const rows = await executor
      .select({
        id: dashboardsTable.id,
        status: dashboardsTable.status,
        publicId: dashboardsTable.publicId,
        title: dashboardsTable.title,
      })
      .from(dashboardsTable)
      .where(inArray(dashboardsTable.id, [...new Set(dashboardIds)]));
    return new Map(rows.map(({ id, ...summary }) => [id, summary]));
  }
}
