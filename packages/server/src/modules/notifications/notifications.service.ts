import { randomBytes } from 'node:crypto';
import type * as contract from '@platform/contract';
import { and, asc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { openUrl } from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { Principal } from '../identity/principal.js';
import type { ContentScope } from '../workspace/content-access.service.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { checkedFilters, checkedTimeGrains } from './notification-controls.js';
import type { RecipientRow, RecipientValues } from './notification-recipient-keys.js';
import type { NotificationRecipientsStore } from './notification-recipients.store.js';
import { NotificationSchedule } from './notification-schedule.js';
import { type NotificationRow, notificationOf } from './notification-views.js';
import { notificationRecipientsTable, notificationsTable } from './notifications.tables.js';

type ListNotificationsQuery = z.output<typeof contract.ListNotificationsQuery>;
type ListAccountNotificationsQuery = z.output<typeof contract.ListAccountNotificationsQuery>;
type CreateNotificationInput = z.output<typeof contract.CreateNotificationInput>;
type UpdateNotificationInput = z.output<typeof contract.UpdateNotificationInput>;
type NotificationsPage = contract.OperationResult<contract.Operations['listNotifications']>;

export interface NotificationsServiceDependencies {
  deploymentAccess: Pick<DeploymentsServices['deploymentAccess'], 'loadListed' | 'visible'>;
  dashboardSources: Pick<WorkspaceServices['dashboardSources'], 'scopeOf'>;
  dashboards: Pick<DashboardsServices['dashboards'], 'find' | 'findByPublicId' | 'atVersion'>;
  /** The tenant settings' `defaultTimezone`: a schedule given without a time zone reads in it. */
  defaultTimezoneOf(accountId: number): Promise<string>;
}

/** A notification the caller may see, with the dashboard it delivers. */
export interface VisibleNotification {
  row: NotificationRow;
  dashboardPublicId: string;
}

/** The dashboard a notification delivers, once the caller is shown to see it and it is not archived. */
interface NotificationDashboard {
  id: number;
  publicId: string;
  label: string;
  widgets: ReadonlyArray<Record<string, unknown>>;
}

/** What a delivery reads of a notification: everything, the sealed parts opened. For the server's own use. */
export interface NotificationForDelivery {
  notification: NotificationRow;
  dashboardPublicId: string;
  /** The webhook signing secret in clear; null without one. */
  webhookSecret: string | null;
  recipients: Array<RecipientRow & { openedUrl: string | null }>;
}

/** The public id of the notification's dashboard, as a column of a select on `notifications`. */
const dashboardPublicIdColumn = sql<string>`(select d.public_id from dashboards d where d.id = ${notificationsTable.dashboardId})`;

/** A new webhook signing secret: 32 random bytes, base64url. */
function generatedWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Scheduled notifications of dashboards (API-NOTES.md "Notifications"). Reading one needs `ContentRead`
 * on its deployment and sight of its dashboard (a dashboard the caller may not see hides its notifications:
 * 404, and lists leave them out); writing needs `ContentEdit` as well. `nextRunAt` is computed here whenever
 * the schedule, time zone or switch changes (null while disabled); the scheduler reads it, deliveries
 * write `lastRunAt`.
 */
export class NotificationsService {
  constructor(
    private readonly database: Database,
    private readonly secretBox: SecretBox,
    private readonly recipients: NotificationRecipientsStore,
    private readonly dependencies: NotificationsServiceDependencies,
  ) {}

  async list(
    principal: Principal,
    deploymentId: number,
    query: ListNotificationsQuery,
  ): Promise<NotificationsPage> {
    const scope = await this.dependencies.dashboardSources.scopeOf(principal, deploymentId);
    return this.page(principal, query, this.visibleIn(scope, query.dashboardPublicId));
  }

  /** Every deployment of the account the caller may read (a scoped key: its deployments), or one of them. */
  async listAccount(principal: Principal, query: ListAccountNotificationsQuery): Promise<NotificationsPage> {
    const deploymentIds =
      query.deploymentId === undefined
        ? (await this.dependencies.deploymentAccess.visible(principal)).map((row) => row.id)
        : [
            (
              await this.dependencies.deploymentAccess.loadListed(
                principal,
                query.deploymentId,
                'ContentRead',
              )
            ).id,
          ];
    // One scope per deployment (each usually from memory), so every deployment keeps its own rights.
    const scopes = await Promise.all(
      deploymentIds.map((deploymentId) =>
        this.dependencies.dashboardSources.scopeOf(principal, deploymentId),
      ),
    );
    const visibility = scopes.map((scope) => this.visibleIn(scope, query.dashboardPublicId));
    if (visibility.length === 0) return { items: [], pageInfo: { endCursor: null, hasNextPage: false } };
    return this.page(principal, query, or(...visibility) as SQL);
  }

  async get(
    principal: Principal,
    deploymentId: number,
    notificationId: number,
  ): Promise<contract.Notification> {
    const visible = await this.find(principal, deploymentId, notificationId, 'ContentRead');
    return this.viewOf(visible);
  }

  async create(
    principal: Principal,
    deploymentId: number,
    input: CreateNotificationInput,
  ): Promise<contract.Notification> {
    await this.dependencies.deploymentAccess.loadListed(principal, deploymentId, 'ContentEdit');
    const dashboard = await this.dashboardOf(principal, deploymentId, input);
    const timezone = input.timezone ?? (await this.dependencies.defaultTimezoneOf(principal.accountId));
    const schedule = NotificationSchedule.parse(input.schedule, timezone);
    const isEnabled = input.isEnabled ?? true;
    const recipients = await this.recipients.valuesOf(principal, input.recipients ?? []);
    const filters = input.filters ? checkedFilters(dashboard.widgets, input.filters, dashboard.label) : null;
    const timeGrains = input.timeGrains
      ? checkedTimeGrains(dashboard.widgets, input.timeGrains, dashboard.label)
      : null;
    // Every notification gets a secret, so a webhook recipient added later already has one to sign with.
    const webhookSecret = input.webhookSecret ?? generatedWebhookSecret();
    const row = await this.database.transaction(async (transaction) => {
      const [inserted] = await transaction
        .insert(notificationsTable)
        .values({
          accountId: principal.accountId,
          deploymentId,
          dashboardId: dashboard.id,
          name: input.name,
          schedule: schedule.expression,
          timezone,
          format: input.notificationFormat ?? 'pdf',
          filters,
          timeGrains,
          isEnabled,
          webhookSecret: this.secretBox.encrypt(webhookSecret),
          createdByUserId: principal.userId,
          nextRunAt: isEnabled ? schedule.nextAfter(new Date()) : null,
        })
        .returning();
      if (!inserted) throw new Error('the notification was not inserted');
      await this.recipients.insert(transaction, inserted.id, recipients);
      return inserted;
    });
    return this.viewOf({ row, dashboardPublicId: dashboard.publicId }, webhookSecret);
  }

  /** Fields given replace what was there; `recipients` replaces the whole list. */
  async update(
    principal: Principal,
    deploymentId: number,
    notificationId: number,
    input: UpdateNotificationInput,
  ): Promise<contract.Notification> {
    const current = await this.find(principal, deploymentId, notificationId, 'ContentEdit');
    const changesDashboard = input.dashboardId !== undefined || input.dashboardPublicId !== undefined;
    const changesControls = changesDashboard || input.filters !== undefined || input.timeGrains !== undefined;
    const dashboard = changesControls
      ? await this.dashboardOf(
          principal,
          deploymentId,
          changesDashboard ? input : { dashboardId: current.row.dashboardId },
        )
      : null;
    const timezone = input.timezone ?? current.row.timezone;
    const schedule = NotificationSchedule.parse(input.schedule ?? current.row.schedule, timezone);
    const isEnabled = input.isEnabled ?? current.row.isEnabled;
    const timingChanged =
      schedule.expression !== current.row.schedule ||
      timezone !== current.row.timezone ||
      isEnabled !== current.row.isEnabled;
    const changes: Partial<typeof notificationsTable.$inferInsert> = {
      schedule: schedule.expression,
      timezone,
      isEnabled,
      updatedAt: new Date(),
    };
    if (input.name !== undefined) changes.name = input.name;
    if (input.notificationFormat !== undefined) changes.format = input.notificationFormat;
    if (timingChanged) changes.nextRunAt = isEnabled ? schedule.nextAfter(new Date()) : null;
    if (dashboard) {
      // The filters and time grains kept are checked again: a new dashboard may not have their widgets.
      changes.dashboardId = dashboard.id;
      const filters = input.filters === undefined ? current.row.filters : input.filters;
      const timeGrains = input.timeGrains === undefined ? current.row.timeGrains : input.timeGrains;
      changes.filters = filters ? checkedFilters(dashboard.widgets, filters, dashboard.label) : null;
      changes.timeGrains = timeGrains
        ? checkedTimeGrains(dashboard.widgets, timeGrains, dashboard.label)
        : null;
    }
    if (input.webhookSecret !== undefined)
      changes.webhookSecret = this.secretBox.encrypt(input.webhookSecret);
    let recipients: RecipientValues[] | null = null;
    if (input.recipients !== undefined)
      recipients = await this.recipients.valuesOf(principal, input.recipients);
    const row = await this.database.transaction(async (transaction) => {
      const [updated] = await transaction
        .update(notificationsTable)
        .set(changes)
        .where(eq(notificationsTable.id, current.row.id))
        .returning();
      if (!updated) throw notFound(`notification ${notificationId}`);
      if (recipients) {
        await transaction
          .delete(notificationRecipientsTable)
          .where(eq(notificationRecipientsTable.notificationId, updated.id));
        await this.recipients.insert(transaction, updated.id, recipients);
      }
      return updated;
    });
    return this.viewOf(
      { row, dashboardPublicId: dashboard?.publicId ?? current.dashboardPublicId },
      input.webhookSecret ?? null,
    );
  }

  /** The notification with its recipients and delivery history (ON DELETE CASCADE). */
  async delete(principal: Principal, deploymentId: number, notificationId: number): Promise<undefined> {
    const visible = await this.find(principal, deploymentId, notificationId, 'ContentEdit');
    await this.database.delete(notificationsTable).where(eq(notificationsTable.id, visible.row.id));
    return undefined;
  }

  /**
   * The notification of the deployment once the caller holds `action` on the deployment and sees its
   * dashboard: another account's or deployment's, or one on a dashboard the caller may not see, is a 404.
   */
  async find(
    principal: Principal,
    deploymentId: number,
    notificationId: number,
    action: 'ContentRead' | 'ContentEdit',
    reader: Database = this.database,
  ): Promise<VisibleNotification> {
    await this.dependencies.deploymentAccess.loadListed(principal, deploymentId, action);
    const [found] = await reader
      .select({ row: notificationsTable, dashboardPublicId: dashboardPublicIdColumn })
      .from(notificationsTable)
      .where(
        and(
          eq(notificationsTable.id, notificationId),
          eq(notificationsTable.accountId, principal.accountId),
          eq(notificationsTable.deploymentId, deploymentId),
        ),
      );
    if (!found) throw notFound(`notification ${notificationId}`);
    try {
      await this.dependencies.dashboards.find(principal, deploymentId, found.row.dashboardId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw notFound(`notification ${notificationId}`);
      throw error;
    }
    return found;
  }

  /** A notification with its recipients, URLs and secret opened: for the delivery jobs. Null once deleted. */
  async loadForDelivery(notificationId: number): Promise<NotificationForDelivery | null> {
    const [found] = await this.database
      .select({ row: notificationsTable, dashboardPublicId: dashboardPublicIdColumn })
      .from(notificationsTable)
      .where(eq(notificationsTable.id, notificationId));
    if (!found) return null;
    const recipients = await this.recipients.rowsOf([found.row.id]);
    return {
      notification: found.row,
      dashboardPublicId: found.dashboardPublicId,
      webhookSecret:
        found.row.webhookSecret === null ? null : this.secretBox.decrypt(found.row.webhookSecret),
      recipients: recipients.map((recipient) => ({
        ...recipient,
        openedUrl:
          recipient.url === null
            ? null
            : openUrl({ maskedUrl: recipient.url, secretEncrypted: recipient.urlSecret }, this.secretBox),
      })),
    };
  }

  private async viewOf(visible: VisibleNotification, revealedSecret: string | null = null) {
    const recipients = await this.recipients.rowsOf([visible.row.id]);
    return notificationOf(visible.row, visible.dashboardPublicId, recipients, revealedSecret);
  }

  /**
   * The dashboard named by id or public id, in this deployment, which the caller sees (404 otherwise), not
   * archived (400), with the widgets of its published config.
   */
  private async dashboardOf(
    principal: Principal,
    deploymentId: number,
    named: { dashboardId?: number | undefined; dashboardPublicId?: string | undefined },
  ): Promise<NotificationDashboard> {
    const { dashboards } = this.dependencies;
    let visible: Awaited<ReturnType<typeof dashboards.find>>;
    if (named.dashboardId !== undefined) {
      visible = await dashboards.find(principal, deploymentId, named.dashboardId);
    } else if (named.dashboardPublicId !== undefined) {
      visible = await dashboards.findByPublicId(principal, named.dashboardPublicId);
      if (visible.row.deploymentId !== deploymentId) {
        throw notFound(`dashboard ${named.dashboardPublicId} in deployment ${deploymentId}`);
      }
    } else {
      throw new AppError('BAD_REQUEST', 'dashboardId: give exactly one of dashboardId and dashboardPublicId');
    }
    const label = `dashboard ${visible.row.id} (${visible.row.publicId})`;
    if (visible.row.status === 'archived') {
      throw new AppError('BAD_REQUEST', `${label} is archived: restore it before scheduling it`);
    }
    const dashboard = await dashboards.atVersion(visible);
    return { id: visible.row.id, publicId: visible.row.publicId, label, widgets: dashboard.config.widgets };
  }

  /**
   * A condition on `notifications` keeping those of the scope's deployment whose dashboard the caller sees
   * (published with view on it, or archived with edit), and, when asked, of one dashboard's public id.
   */
  private visibleIn(scope: ContentScope, dashboardPublicId: string | undefined): SQL {
    const dashboard = scope.dashboardVisibility({
      id: sql`d.id`,
      workbookId: sql`d.workbook_id`,
      status: sql`d.status`,
    });
    const publicId = dashboardPublicId === undefined ? sql`true` : sql`d.public_id = ${dashboardPublicId}`;
    return and(
      eq(notificationsTable.deploymentId, scope.deployment.id),
      sql`exists (select 1 from dashboards d where d.id = ${notificationsTable.dashboardId} and d.latest_version_number > 0 and ${publicId} and ${dashboard})`,
    ) as SQL;
  }

  /** One page of the account's notifications within `visibility`, with the recipient filters; by id. */
  private async page(
    principal: Principal,
    query: ListNotificationsQuery,
    visibility: SQL,
  ): Promise<NotificationsPage> {
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(notificationsTable.accountId, principal.accountId), visibility];
    if (query.dashboardId !== undefined)
      conditions.push(eq(notificationsTable.dashboardId, query.dashboardId));
    if (afterId !== null) conditions.push(gt(notificationsTable.id, afterId));
    // Each recipient filter is its own recipient: one to user 1 and to a@example.com matches both filters.
    for (const recipient of recipientConditionsOf(query)) {
      conditions.push(
        sql`exists (select 1 from notification_recipients r where r.notification_id = ${notificationsTable.id} and ${recipient})`,
      );
    }
    const rows = await this.database
      .select({
        id: notificationsTable.id,
        row: notificationsTable,
        dashboardPublicId: dashboardPublicIdColumn,
      })
      .from(notificationsTable)
      .where(and(...conditions))
      .orderBy(asc(notificationsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    const recipients = await this.recipients.rowsOf(page.rows.map((row) => row.id));
    return {
      items: page.rows.map((found) =>
        notificationOf(
          found.row,
          found.dashboardPublicId,
          recipients.filter((recipient) => recipient.notificationId === found.id),
        ),
      ),
      pageInfo: page.pageInfo,
    };
  }
}

/** The recipient filters of a list, each a condition on one row of `notification_recipients r`. */
function recipientConditionsOf(query: ListNotificationsQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.recipientUserId !== undefined)
    conditions.push(sql`r.recipient_key = ${`user:${query.recipientUserId}`}`);
  if (query.recipientEmail !== undefined) {
    conditions.push(sql`r.recipient_key = ${`email:${query.recipientEmail.toLowerCase()}`}`);
  }
  if (query.recipientExternalId !== undefined) {
    if (query.recipientEmbedTenantName === undefined) {
      throw new AppError(
        'BAD_REQUEST',
        'recipientExternalId: give it with recipientEmbedTenantName (an external id is unique within its tenant)',
      );
    }
    conditions.push(
      sql`r.recipient_key = ${`embedUser:${query.recipientEmbedTenantName}/${query.recipientExternalId.toLowerCase()}`}`,
    );
  } else if (query.recipientEmbedTenantName !== undefined) {
    conditions.push(sql`r.type = 'embedUser' and r.embed_tenant_name = ${query.recipientEmbedTenantName}`);
  }
  return conditions;
}
