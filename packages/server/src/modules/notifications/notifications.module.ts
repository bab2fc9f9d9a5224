import type { Platform } from '../../platform/platform.js';
import type { ChatModule } from '../chat/chat.module.js';
import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { EmbedServices } from '../embed/embed.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { DashboardBrowser } from './dashboard-browser.js';
import { EmailChannel } from './email-channel.js';
import { notificationDeliveriesRoutes } from './notification-deliveries.routes.js';
import { NotificationDeliveriesService } from './notification-deliveries.service.js';
import { NotificationDeliveryJob } from './notification-delivery.job.js';
import { notificationDeliveryJob } from './notification-delivery-job-name.js';
import { NotificationRecipientsService } from './notification-recipients.service.js';
import { NotificationRecipientsStore } from './notification-recipients.store.js';
import { NotificationRenderService } from './notification-render.service.js';
import { deriveRenderTokenKey, NotificationRenderTokens } from './notification-render-tokens.js';
import { NotificationScheduler } from './notification-scheduler.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';
import { deriveUnsubscribeKey, UnsubscribeTokens } from './unsubscribe-tokens.js';
import { WebhookChannel } from './webhook-channel.js';

export interface NotificationsDependencies {
  identity: IdentityServices;
  deployments: DeploymentsServices;
  dataApi: DataApiServices;
  workspace: WorkspaceServices;
  /** The dashboard a notification delivers, its widgets (filters, time grains) and runs as a viewer. */
  dashboards: DashboardsServices;
  /** Embed users as recipients: their tenant's rules and rows. */
  embed: EmbedServices;
  /** Embed users' e-mail addresses (the chat user the host provisioned). */
  chat: Pick<ChatModule['services'], 'chatUsers'>;
}

/**
 * Scheduled deliveries of dashboards (API-NOTES.md "Notifications"): notifications with their recipients,
 * a scheduler that claims each due run once across processes, and delivery jobs that render the dashboard
 * for each recipient and send it by e-mail or webhook.
 */
export function createNotificationsModule(
  platform: Pick<Platform, 'config' | 'logger' | 'store' | 'secretBox' | 'secretKey' | 'jobs'>,
  dependencies: NotificationsDependencies,
) {
  const { config, logger, jobs, secretBox } = platform;
  const { database } = platform.store;
  const { authorization, users, tenantSettings } = dependencies.identity;
  const recipientsStore = new NotificationRecipientsStore(
    database,
    secretBox,
    authorization,
    async (accountId, userId) => (await users.activeRoleOf(accountId, userId)) !== null,
  );
  const notifications = new NotificationsService(database, secretBox, recipientsStore, {
    deploymentAccess: dependencies.deployments.deploymentAccess,
    dashboardSources: dependencies.workspace.dashboardSources,
    dashboards: dependencies.dashboards.dashboards,
    defaultTimezoneOf: async (accountId) => (await tenantSettings.settingsOf(accountId)).defaultTimezone,
  });
  const notificationRecipients = new NotificationRecipientsService(database, notifications, recipientsStore);
  // The one headless Chromium of the process for PNG and PDF; started by the first such render.
  const dashboardBrowser = new DashboardBrowser(
    {
      chromiumPath: config.chromiumPath,
      timeoutSeconds: config.renderTimeoutSeconds,
      concurrency: config.renderConcurrency,
    },
    logger,
  );
  const notificationRenderTokens = new NotificationRenderTokens(
    deriveRenderTokenKey(platform.secretKey),
    dependencies.identity.users,
    dependencies.identity.authorization,
  );
  const notificationRenderer = new NotificationRenderService({
    dashboards: dependencies.dashboards,
    embed: dependencies.embed,
    identity: dependencies.identity,
    renderTokens: notificationRenderTokens,
    browser: dashboardBrowser,
    publicUrl: () => config.publicUrl,
  });

  const settings = config.notificationDelivery;
  const unsubscribeTokens = new UnsubscribeTokens(deriveUnsubscribeKey(platform.secretKey));
  const email = new EmailChannel(settings);
  new NotificationDeliveryJob({
    database,
    jobs,
    logger: logger.child({ component: 'notification-delivery' }),
    secretBox,
    renderer: notificationRenderer,
    email,
    webhooks: new WebhookChannel(),
    unsubscribeTokens,
    users,
    chatUsers: dependencies.chat.chatUsers,
    dashboards: dependencies.dashboards.dashboards,
    settings: { publicUrl: () => config.publicUrl, retrySeconds: settings.retrySeconds },
  });
  const scheduler = new NotificationScheduler(
    database,
    jobs,
    dependencies.dashboards.dashboards,
    logger.child({ component: 'notification-scheduler' }),
    { tickMilliseconds: settings.tickMilliseconds },
  );
  const notificationDeliveries = new NotificationDeliveriesService(
    database,
    jobs,
    notifications,
    unsubscribeTokens,
  );
  const services = {
    notifications,
    notificationRecipients,
    /** Render tokens of the render page, which the `embed` scheme accepts for an account user (app.ts). */
    notificationRenderTokens,
    dashboardBrowser,
    /** What the delivery engine renders each recipient's content with. */
    notificationRenderer,
    notificationScheduler: scheduler,
    notificationDeliveries,
  };
  return {
    services,
    handlers: {
      ...notificationsRoutes(notifications, notificationRecipients),
      ...notificationDeliveriesRoutes(notificationDeliveries),
    },
    jobs: [notificationDeliveryJob],
    async start(context) {
      // Only processes that work jobs claim due runs; an api-only process serves the history and send.
      if (context.isWorkingJobs) scheduler.start();
    },
    async close() {
      await scheduler.close();
      await email.close();
      await dashboardBrowser.close();
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
export type NotificationsServices = NotificationsModule['services'];
