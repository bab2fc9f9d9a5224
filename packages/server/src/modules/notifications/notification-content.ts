import type { NotificationFilter, NotificationFormat, NotificationTimeGrain } from '@platform/contract';
import type * as z from 'zod';

/**
 * Whose rights a delivery's content is rendered with: an account user (a `user` recipient, or an `email`
 * recipient whose address is an active user's), or an embed user (tenant + external id), who sees what
 * the embed page would show them. Webhooks and other addresses get the notification's creator's view.
 */
export type NotificationViewer =
  | { kind: 'user'; userId: number }
  | { kind: 'embedUser'; embedTenantName: string; externalId: string };

/** What to render: one dashboard, as one viewer sees it, with the notification's filters and time grains. */
export interface NotificationRenderRequest {
  accountId: number;
  deploymentId: number;
  dashboardId: number;
  notificationName: string;
  format: z.infer<typeof NotificationFormat>;
  filters: Array<z.infer<typeof NotificationFilter>> | null;
  timeGrains: Array<z.infer<typeof NotificationTimeGrain>> | null;
  viewer: NotificationViewer;
}

export interface NotificationAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One key number of the dashboard (a single-value chart), for the e-mail summary and the webhook body. */
export interface NotificationKeyNumber {
  widgetId: string;
  title: string;
  value: string;
}

/** A rendered delivery for one viewer: what the e-mail and the webhook carry. */
export interface NotificationContent {
  subject: string;
  /** E-mail-safe HTML (inline styles, no scripts): the key numbers and a link to the dashboard. */
  html: string;
  text: string;
  /** The PNG, the PDF, or one CSV per table and chart; none for `html`. */
  attachments: NotificationAttachment[];
  keyNumbers: NotificationKeyNumber[];
  /** The dashboard in the app; null for an embed user, who sees it only inside the host application. */
  dashboardUrl: string | null;
}

/**
 * The outcome of rendering: the content, or why this viewer gets nothing (no access to the dashboard,
 * the dashboard archived, an embed user with no session yet), which the delivery records for the recipient.
 */
export type NotificationRenderOutcome =
  | { kind: 'content'; content: NotificationContent }
  | { kind: 'denied'; reason: string };

/** Renders a dashboard for one viewer; a failure to render (browser, time limit) throws and is retried. */
export interface NotificationRenderer {
  render(request: NotificationRenderRequest, signal: AbortSignal): Promise<NotificationRenderOutcome>;
}
