import type { NotificationRecipient } from '@platform/contract';
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { escapeHtml } from '../../http/escape-html.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { openUrl } from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import type { JobContext, JobFailure, JobRunner } from '../../platform/jobs/job-runner.js';
import { jobsTable } from '../../platform/jobs/jobs.tables.js';
import type { ChatModule } from '../chat/chat.module.js';
import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import { DeliveryFailure } from './delivery-failure.js';
import type { EmailChannel } from './email-channel.js';
import type {
  NotificationContent,
  NotificationRenderer,
  NotificationRenderOutcome,
  NotificationViewer,
} from './notification-content.js';
import {
  type NotificationDeliveryJobPayload,
  notificationDeliveryJob,
} from './notification-delivery-job-name.js';
import { deliveryStatusOf } from './notification-delivery-status.js';
import {
  notificationDeliveriesTable,
  notificationDeliveryRecipientsTable,
  notificationRecipientsTable,
  notificationsTable,
} from './notifications.tables.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';
import type { WebhookChannel } from './webhook-channel.js';

/** Tries per recipient (the first and two retries). */
export const maximumRecipientAttempts = 3;
// The second retry waits this many times as long as the first (30 s, then 120 s by default).
const backoffFactor = 4;

export interface NotificationDeliveryJobDependencies {
  database: Database;
  jobs: JobRunner;
  logger: Logger;
  secretBox: SecretBox;
  renderer: NotificationRenderer;
  email: EmailChannel;
  webhooks: WebhookChannel;
  unsubscribeTokens: UnsubscribeTokens;
  users: Pick<IdentityServices['users'], 'activeEmailOf' | 'activeUserIdByEmail'>;
  chatUsers: Pick<ChatModule['services']['chatUsers'], 'find'>;
  dashboards: Pick<DashboardsServices['dashboards'], 'summariesOf'>;
  settings: {
    /** Read at send time: a process that was not told its public URL learns it once it listens. */
    publicUrl: () => string;
    retrySeconds: number;
  };
}

type NotificationRow = typeof notificationsTable.$inferSelect;
type DeliveryRow = typeof notificationDeliveriesTable.$inferSelect;
type RecipientRow = typeof notificationRecipientsTable.$inferSelect;

/** What happened to one recipient in one round. */
type RecipientOutcome =
  | { status: 'sent' }
  | { status: 'skipped'; error: string }
  | { status: 'failed'; error: string; isRetryable: boolean };

/** Whose view a recipient gets and where it goes; or why there is nobody to send to. */
type Target =
  | { kind: 'email'; address: string; viewer: NotificationViewer }
  | { kind: 'webhook'; url: string; viewer: NotificationViewer }
  | { kind: 'none'; reason: string };

interface Round {
  notification: NotificationRow;
  delivery: DeliveryRow;
  dashboard: { publicId: string; title: string | null } | null;
  context: JobContext;
  /** One render per distinct viewer in a round, shared by the recipients who see the same thing. */
  renders: Map<string, Promise<NotificationRenderOutcome>>;
}

/**
 * The `notification-delivery` job: one round over a delivery's pending recipients. Each recipient's viewer
 * is resolved (a user, the account user behind an e-mail address, an embed user, else the notification's
 * creator), the dashboard is rendered once per distinct viewer, and the content is sent by e-mail or
 * webhook. A recipient that failed in a way worth retrying stays pending, and a follow-up job runs the next
 * round after a backoff; after 3 tries it is failed. Every write is fenced by the job's attempt, so a
 * process that lost the job to a takeover records nothing.
 */
export class NotificationDeliveryJob {
  constructor(private readonly dependencies: NotificationDeliveryJobDependencies) {
    dependencies.jobs.register<NotificationDeliveryJobPayload>(
      notificationDeliveryJob,
      (payload, context) => this.run(payload, context),
      {
        // The runner's own retries are for the store failing under a round; recipients retry by rounds.
        maxAttempts: 3,
        concurrency: 8,
        onExhausted: (payload, failure, context) => this.giveUp(payload, failure, context),
      },
    );
  }

  async run({ deliveryId }: NotificationDeliveryJobPayload, context: JobContext): Promise<void> {
    const { database } = this.dependencies;
    const [found] = await database
      .select({ delivery: notificationDeliveriesTable, notification: notificationsTable })
      .from(notificationDeliveriesTable)
      .innerJoin(notificationsTable, eq(notificationsTable.id, notificationDeliveriesTable.notificationId))
      .where(eq(notificationDeliveriesTable.id, deliveryId));
    // The notification was deleted with its deliveries, or the delivery has ended: nothing to do.
    if (found?.delivery.status !== 'pending') return;
    const { delivery, notification } = found;
    await database
      .update(notificationDeliveriesTable)
      .set({ startedAt: sql`coalesce(${notificationDeliveriesTable.startedAt}, now())` })
      .where(and(eq(notificationDeliveriesTable.id, deliveryId), this.fenceOf(context)));
    const pending = await database
      .select()
      .from(notificationDeliveryRecipientsTable)
      .where(
        and(
          eq(notificationDeliveryRecipientsTable.deliveryId, deliveryId),
          eq(notificationDeliveryRecipientsTable.status, 'pending'),
        ),
      );
    const current = await this.currentRecipients(
      notification.id,
      pending.map((row) => row.recipientKey),
    );
    const summaries = await this.dependencies.dashboards.summariesOf(database, [notification.dashboardId]);
    const round: Round = {
      notification,
      delivery,
      dashboard: summaries.get(notification.dashboardId) ?? null,
      context,
      renders: new Map(),
    };
    for (const recipient of pending) {
      context.signal.throwIfAborted();
      const outcome = await this.deliver(round, recipient.recipient, current.get(recipient.recipientKey));
      context.signal.throwIfAborted();
      await this.record(deliveryId, recipient.recipientKey, recipient.attempts, outcome, context);
    }
    await this.endRound(delivery, context);
  }

  private async deliver(
    round: Round,
    snapshot: NotificationRecipient,
    current: RecipientRow | undefined,
  ): Promise<RecipientOutcome> {
    // Removed (or unsubscribed) after the delivery was made: not sent.
    if (!current) return { status: 'skipped', error: 'the recipient was removed from the notification' };
    const target = await this.targetOf(round.notification, current);
    if (target.kind === 'none') return { status: 'skipped', error: target.reason };
    let rendered: NotificationRenderOutcome;
    try {
      rendered = await this.render(round, target.viewer);
    } catch (error) {
      if (round.context.signal.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      return { status: 'failed', error: `the dashboard could not be rendered: ${reason}`, isRetryable: true };
    }
    if (rendered.kind === 'denied') return { status: 'skipped', error: rendered.reason };
    try {
      if (target.kind === 'email') {
        await this.sendEmail(round, snapshot, current, target.address, rendered.content);
      } else {
        await this.sendWebhook(round, target.url, rendered.content);
      }
      return { status: 'sent' };
    } catch (error) {
      if (error instanceof DeliveryFailure) {
        return { status: 'failed', error: error.message, isRetryable: error.isRetryable };
      }
      throw error;
    }
  }

  private async targetOf(notification: NotificationRow, recipient: RecipientRow): Promise<Target> {
    const { users, chatUsers } = this.dependencies;
    const creator = notification.createdByUserId;
    const asCreator = (): NotificationViewer | null =>
      creator === null ? null : { kind: 'user', userId: creator };
    const noCreator = "the notification's creator was deleted: there are no rights to render it with";
    switch (recipient.type) {
      case 'user': {
        const address = recipient.userId
          ? await users.activeEmailOf(notification.accountId, recipient.userId)
          : null;
        if (!recipient.userId || !address) {
          return { kind: 'none', reason: `user ${recipient.userId} is not an active user of the account` };
        }
        return { kind: 'email', address, viewer: { kind: 'user', userId: recipient.userId } };
      }
      case 'email': {
        const address = recipient.email ?? '';
        const userId = await users.activeUserIdByEmail(notification.accountId, address);
        const viewer = userId !== null ? { kind: 'user' as const, userId } : asCreator();
        return viewer ? { kind: 'email', address, viewer } : { kind: 'none', reason: noCreator };
      }
      case 'embedUser': {
        const embedTenantName = recipient.embedTenantName ?? '';
        const externalId = recipient.externalId ?? '';
        const chatUser = await chatUsers.find(notification.accountId, { externalId });
        if (!chatUser?.email) {
          return {
            kind: 'none',
            reason: `no e-mail address is known for embed user ${externalId} of tenant ${embedTenantName} (the host passes it when it opens an embed session)`,
          };
        }
        return {
          kind: 'email',
          address: chatUser.email,
          viewer: { kind: 'embedUser', embedTenantName, externalId },
        };
      }
      case 'webhook': {
        const viewer = asCreator();
        if (!viewer) return { kind: 'none', reason: noCreator };
        const url = openUrl(
          { maskedUrl: recipient.url ?? '', secretEncrypted: recipient.urlSecret },
          this.dependencies.secretBox,
        );
        return { kind: 'webhook', url, viewer };
      }
    }
  }

  private render(round: Round, viewer: NotificationViewer): Promise<NotificationRenderOutcome> {
    const key =
      viewer.kind === 'user'
        ? `user:${viewer.userId}`
        : `embed:${viewer.embedTenantName}/${viewer.externalId}`;
    let render = round.renders.get(key);
    if (!render) {
      const { notification } = round;
      render = this.dependencies.renderer.render(
        {
          accountId: notification.accountId,
          deploymentId: notification.deploymentId,
          dashboardId: notification.dashboardId,
          notificationName: notification.name,
          format: notification.format,
          filters: notification.filters ?? null,
          timeGrains: notification.timeGrains ?? null,
          viewer,
        },
        round.context.signal,
      );
      round.renders.set(key, render);
    }
    return render;
  }

  private async sendEmail(
    round: Round,
    snapshot: NotificationRecipient,
    recipient: RecipientRow,
    address: string,
    content: NotificationContent,
  ): Promise<void> {
    const token = this.dependencies.unsubscribeTokens.sign({
      notificationId: round.notification.id,
      recipientKey: recipient.recipientKey,
    });
    const unsubscribeUrl = `${this.dependencies.settings.publicUrl()}/api/v1/notifications/unsubscribe?token=${token}`;
    const name = escapeHtml(round.notification.name);
    const footer = `<p style="font-family:sans-serif;font-size:12px;color:#6b7280">You receive "${name}" as ${escapeHtml(snapshot.email ?? address)}. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>`;
    const html = content.html.includes('</body>')
      ? content.html.replace('</body>', `${footer}</body>`)
      : `${content.html}${footer}`;
    await this.dependencies.email.send({
      to: address,
      subject: content.subject,
      html,
      text: `${content.text}\n\nUnsubscribe from "${round.notification.name}": ${unsubscribeUrl}\n`,
      attachments: content.attachments,
      unsubscribeUrl,
    });
  }

  private async sendWebhook(round: Round, url: string, content: NotificationContent): Promise<void> {
    const { notification, delivery, dashboard } = round;
    if (!notification.webhookSecret) {
      throw new DeliveryFailure('the notification has no webhook secret to sign the body with', false);
    }
    const secret = this.dependencies.secretBox.decrypt(notification.webhookSecret);
    await this.dependencies.webhooks.send(
      {
        url,
        secret,
        deliveryId: delivery.id,
        body: {
          event: 'notification.delivery',
          notification: { id: notification.id, name: notification.name },
          delivery: {
            id: delivery.id,
            scheduledFor: delivery.scheduledFor.toISOString(),
            trigger: delivery.trigger,
          },
          dashboard: {
            id: notification.dashboardId,
            publicId: dashboard?.publicId ?? null,
            title: dashboard?.title ?? null,
            url: content.dashboardUrl,
          },
          format: notification.format,
          subject: content.subject,
          text: content.text,
          keyNumbers: content.keyNumbers,
          attachments: content.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            contentBase64: attachment.content.toString('base64'),
          })),
        },
      },
      round.context.signal,
    );
  }

  /** Records one recipient's outcome; a retryable failure with tries left stays pending for the next round. */
  private async record(
    deliveryId: number,
    recipientKey: string,
    attemptsBefore: number,
    outcome: RecipientOutcome,
    context: JobContext,
  ): Promise<void> {
    const attempts = attemptsBefore + 1;
    const values =
      outcome.status === 'sent'
        ? { status: 'sent' as const, error: null, attempts, sentAt: sql`now()` }
        : outcome.status === 'skipped'
          ? { status: 'skipped' as const, error: outcome.error }
          : {
              status:
                outcome.isRetryable && attempts < maximumRecipientAttempts
                  ? ('pending' as const)
                  : ('failed' as const),
              error: outcome.error,
              attempts,
            };
    await this.dependencies.database
      .update(notificationDeliveryRecipientsTable)
      .set(values)
      .where(
        and(
          eq(notificationDeliveryRecipientsTable.deliveryId, deliveryId),
          eq(notificationDeliveryRecipientsTable.recipientKey, recipientKey),
          eq(notificationDeliveryRecipientsTable.status, 'pending'),
          eq(notificationDeliveryRecipientsTable.attempts, attemptsBefore),
          this.fenceOf(context),
        ),
      );
  }

  /**
   * Ends the round in one transaction: with recipients left to retry, counts the round and enqueues the
   * next after the backoff; otherwise settles the delivery's status. Fenced, so one follow-up at most.
   */
  private async endRound(delivery: DeliveryRow, context: JobContext): Promise<void> {
    const round = delivery.attempts + 1;
    await this.dependencies.database.transaction(async (transaction) => {
      const recipients = await this.statusesOf(transaction, delivery.id);
      const isDelivery = and(
        eq(notificationDeliveriesTable.id, delivery.id),
        eq(notificationDeliveriesTable.status, 'pending'),
        eq(notificationDeliveriesTable.attempts, delivery.attempts),
        this.fenceOf(context),
      );
      if (recipients.includes('pending')) {
        const counted = await transaction
          .update(notificationDeliveriesTable)
          .set({ attempts: round })
          .where(isDelivery)
          .returning({ id: notificationDeliveriesTable.id });
        if (counted.length === 0) return;
        const delaySeconds = this.dependencies.settings.retrySeconds * backoffFactor ** (round - 1);
        await this.dependencies.jobs.enqueue<NotificationDeliveryJobPayload>(
          notificationDeliveryJob,
          { deliveryId: delivery.id },
          { transaction, runAfter: new Date(Date.now() + delaySeconds * 1000) },
        );
        return;
      }
      await transaction
        .update(notificationDeliveriesTable)
        .set({ attempts: round, status: deliveryStatusOf(recipients), finishedAt: sql`now()` })
        .where(isDelivery);
    });
  }

  /** The job failed for good (the store kept failing, or its processes kept stopping): what is left fails. */
  private async giveUp(
    { deliveryId }: NotificationDeliveryJobPayload,
    failure: JobFailure,
    context: JobContext,
  ): Promise<void> {
    const reason = failure.wasInterrupted
      ? 'the processes making the delivery kept stopping'
      : `the delivery stopped: ${failure.reason}`;
    await this.dependencies.database.transaction(async (transaction) => {
      await transaction
        .update(notificationDeliveryRecipientsTable)
        .set({ status: 'failed', error: reason })
        .where(
          and(
            eq(notificationDeliveryRecipientsTable.deliveryId, deliveryId),
            eq(notificationDeliveryRecipientsTable.status, 'pending'),
            this.fenceOf(context),
          ),
        );
      const recipients = await this.statusesOf(transaction, deliveryId);
      await transaction
        .update(notificationDeliveriesTable)
        .set({
          status: deliveryStatusOf(recipients),
          attempts: sql`${notificationDeliveriesTable.attempts} + 1`,
          finishedAt: sql`now()`,
        })
        .where(
          and(
            eq(notificationDeliveriesTable.id, deliveryId),
            eq(notificationDeliveriesTable.status, 'pending'),
            this.fenceOf(context),
          ),
        );
    });
  }

  private async statusesOf(executor: Database, deliveryId: number) {
    const rows = await executor
      .select({ status: notificationDeliveryRecipientsTable.status })
      .from(notificationDeliveryRecipientsTable)
      .where(eq(notificationDeliveryRecipientsTable.deliveryId, deliveryId));
    return rows.map((row) => row.status);
  }

  private async currentRecipients(
    notificationId: number,
    keys: string[],
  ): Promise<Map<string, RecipientRow>> {
    if (keys.length === 0) return new Map();
    const rows = await this.dependencies.database
      .select()
      .from(notificationRecipientsTable)
      .where(
        and(
          eq(notificationRecipientsTable.notificationId, notificationId),
          inArray(notificationRecipientsTable.recipientKey, keys),
        ),
      );
    return new Map(rows.map((row) => [row.recipientKey, row]));
  }

  /** True only while this attempt still holds the job: a write with it is lost by a process taken over. */
  private fenceOf(context: JobContext) {
    return exists(
      this.dependencies.database
        .select({ id: jobsTable.id })
        .from(jobsTable)
        .where(
          and(
            eq(jobsTable.id, context.jobId),
            eq(jobsTable.attempt, context.attempt),
            eq(jobsTable.state, 'running'),
          ),
        ),
    );
  }
}
