import { randomBytes } from 'node:crypto';
import type { Dashboard } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { DashboardViewer, EmbedViewerClaims } from '../dashboards/dashboard-viewer.js';
import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import type { EmbedServices } from '../embed/embed.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { BrowserRenderRequest } from './dashboard-browser.js';
import type {
  NotificationAttachment,
  NotificationContent,
  NotificationRenderer,
  NotificationRenderOutcome,
  NotificationRenderRequest,
} from './notification-content.js';
import {
  type RenderControlValues,
  renderControlValuesOf,
  runInputOf,
} from './notification-render-controls.js';
import { renderTokenLifetimeSeconds } from './notification-render-tokens.js';
import { type SummaryWidget, summaryOf } from './notification-summary.js';

export interface NotificationRenderDependencies {
  dashboards: Pick<DashboardsServices, 'dashboards' | 'dashboardWidgetRuns'>;
  embed: Pick<EmbedServices, 'embedRecipients' | 'embedTokens'>;
  identity: { users: Pick<IdentityServices['users'], 'deliveryPrincipalOf'> };
  /** Signs the token the render page reads the dashboard with, for an account user. */
  renderTokens: { sign(accountId: number, userId: number): Promise<string> };
  browser: { render(request: BrowserRenderRequest, signal: AbortSignal): Promise<Buffer> };
  /** PLATFORM_PUBLIC_URL, read per render (a process learns its port on listening). */
  publicUrl: () => string;
}

/** A dashboard opened for one viewer: who they are to the dashboards module, and the token the page uses. */
interface OpenedForViewer {
  viewer: DashboardViewer;
  dashboard: Dashboard;
  pageToken: () => Promise<string>;
}

type StoredWidget = Record<string, unknown>;

/** The errors that mean "this viewer may not see it" (as opposed to a failure worth retrying). */
const refusals = new Set(['NOT_FOUND', 'FORBIDDEN', 'UNAUTHORIZED']);

function fileNameOf(title: string, extension: string, taken: Set<string>): string {
  const base = title.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'widget';
  let name = `${base}.${extension}`;
  for (let index = 2; taken.has(name); index += 1) name = `${base}-${index}.${extension}`;
  taken.add(name);
  return name;
}

/**
 * Renders a notification's dashboard for one recipient (`NotificationRenderer`): the dashboard's current
 * published version with the notification's filters and time grains, as that viewer sees it. An account
 * user with their own rights (role, groups, resource policies, attributes, row-level policies); an embed
 * user as the embed page would show them, with their latest session's claims. `csv` and `html` run the
 * widgets through the dashboards module as the viewer; `png` and `pdf` are printed by headless Chromium
 * from the render page of packages/web, which reads the dashboard with a two-minute token of the viewer.
 */
export class NotificationRenderService implements NotificationRenderer {
  constructor(private readonly dependencies: NotificationRenderDependencies) {}

  async render(request: NotificationRenderRequest, signal: AbortSignal): Promise<NotificationRenderOutcome> {
    const status = await this.dependencies.dashboards.dashboards.statusOf(
      request.deploymentId,
      request.dashboardId,
    );
    const label = `dashboard ${request.dashboardId}`;
    if (!status) return { kind: 'denied', reason: `${label} no longer exists` };
    if (status.status === 'archived') return { kind: 'denied', reason: `${label} is archived` };
    if (!status.isPublished || status.status !== 'published') {
      return { kind: 'denied', reason: `${label} is not published` };
    }
    try {
      const opened = await this.open(request, status.publicId);
      if ('kind' in opened) return opened;
      signal.throwIfAborted();
      return { kind: 'content', content: await this.contentOf(request, opened, signal) };
    } catch (error) {
      // Refused while opening, or while running (the CSV of a dashboard that restricts downloads): the
      // delivery records why; anything else is a failure worth retrying.
      if (error instanceof AppError && refusals.has(error.code)) {
        return {
          kind: 'denied',
          reason: `${this.viewerLabel(request)} may not see ${label}: ${error.message}`,
        };
      }
      throw error;
    }
  }

  private viewerLabel(request: NotificationRenderRequest): string {
    const { viewer } = request;
    return viewer.kind === 'user'
      ? `user ${viewer.userId}`
      : `embed user "${viewer.externalId}" of tenant "${viewer.embedTenantName}"`;
  }

  private async open(
    request: NotificationRenderRequest,
    publicId: string,
  ): Promise<OpenedForViewer | { kind: 'denied'; reason: string }> {
    const { dashboards } = this.dependencies.dashboards;
    const { viewer } = request;
    if (viewer.kind === 'user') {
      const principal = await this.dependencies.identity.users.deliveryPrincipalOf(
        request.accountId,
        viewer.userId,
      );
      if (!principal) {
        return {
          kind: 'denied',
          reason: `user ${viewer.userId} is deactivated or no longer a user of the account`,
        };
      }
      const visible = await dashboards.find(principal, request.deploymentId, request.dashboardId);
      return {
        viewer: { kind: 'principal', principal },
        dashboard: await dashboards.atVersion(visible),
        pageToken: () => this.dependencies.renderTokens.sign(request.accountId, viewer.userId),
      };
    }
    const recipient = await this.dependencies.embed.embedRecipients.recipientOf(
      request.accountId,
      request.deploymentId,
      viewer.embedTenantName,
      viewer.externalId,
    );
    if (recipient.kind === 'denied') return recipient;
    const claims: EmbedViewerClaims = recipient.claims;
    const embedViewer: DashboardViewer = { kind: 'embed', claims };
    const visible = await dashboards.openByPublicId(embedViewer, publicId);
    return {
      viewer: embedViewer,
      dashboard: await dashboards.atVersion(visible),
      // An embed token of the stored claims, as the embed page would hold; its `jti` names no session.
      pageToken: () =>
        this.dependencies.embed.embedTokens.sign(
          recipient.claims,
          `notification-${randomBytes(16).toString('hex')}`,
          renderTokenLifetimeSeconds,
        ),
    };
  }

  private async contentOf(
    request: NotificationRenderRequest,
    opened: OpenedForViewer,
    signal: AbortSignal,
  ): Promise<NotificationContent> {
    const { dashboard } = opened;
    const widgets = dashboard.config.widgets as StoredWidget[];
    const values = renderControlValuesOf(widgets, request.filters, request.timeGrains);
    const title = dashboard.title ?? dashboard.config.title ?? `Dashboard ${dashboard.publicId}`;
    // An embed user has no sign-in to the app: the host application is where they open it.
    const dashboardUrl =
      request.viewer.kind === 'embedUser'
        ? null
        : `${this.dependencies.publicUrl().replace(/\/+$/, '')}/dashboards/${encodeURIComponent(dashboard.publicId)}`;
    const charts = widgets.filter(
      (widget) =>
        widget.type === 'CHART' && (widget.config as Record<string, unknown> | undefined)?.reportId != null,
    );
    const attachments: NotificationAttachment[] = [];
    let summaryWidgets: SummaryWidget[];
    if (request.format === 'csv') {
      summaryWidgets = await this.csvWidgets(opened, charts, values, attachments);
    } else if (request.format === 'html') {
      summaryWidgets = await this.runWidgets(opened, charts, values);
    } else {
      const [file, runs] = await Promise.all([
        this.printed(request, opened, values, title, signal),
        this.runWidgets(opened, charts, values),
      ]);
      attachments.push(file);
      summaryWidgets = runs;
    }
    const summary = summaryOf({
      notificationName: request.notificationName,
      dashboardTitle: title,
      dashboardUrl,
      widgets: summaryWidgets,
    });
    return { ...summary, attachments, dashboardUrl };
  }

  private titleOf(dashboard: Dashboard, widget: StoredWidget): string {
    const config = (widget.config ?? {}) as Record<string, unknown>;
    if (typeof config.title === 'string' && config.title.trim() !== '') return config.title;
    const snapshot = dashboard.reportSnapshots.find((candidate) => candidate.reportId === config.reportId);
    return snapshot?.title ?? snapshot?.name ?? String(widget.id);
  }

  private kindOf(dashboard: Dashboard, widget: StoredWidget): string {
    const reportId = (widget.config as Record<string, unknown> | undefined)?.reportId;
    const snapshot = dashboard.reportSnapshots.find((candidate) => candidate.reportId === reportId);
    return snapshot?.kind ?? (snapshot?.spec ? 'chart' : 'table');
  }

  private reference(opened: OpenedForViewer, widget: StoredWidget) {
    return {
      deploymentId: opened.dashboard.deploymentId,
      dashboardId: opened.dashboard.id,
      widgetId: String(widget.id),
    };
  }

  /** Every chart widget's run as the viewer; a widget that fails is shown as failed, not the whole mail. */
  private runWidgets(
    opened: OpenedForViewer,
    charts: readonly StoredWidget[],
    values: RenderControlValues,
  ): Promise<SummaryWidget[]> {
    const { dashboardWidgetRuns } = this.dependencies.dashboards;
    return Promise.all(
      charts.map(async (widget): Promise<SummaryWidget> => {
        const base = {
          widgetId: String(widget.id),
          title: this.titleOf(opened.dashboard, widget),
          kind: this.kindOf(opened.dashboard, widget),
        };
        try {
          const result = await dashboardWidgetRuns.run(
            opened.viewer,
            this.reference(opened, widget),
            runInputOf(opened.dashboard.config.widgets as StoredWidget[], values, String(widget.id)),
          );
          return { ...base, outcome: { kind: 'rows', result } };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { ...base, outcome: { kind: 'failed', message: error.message } };
        }
      }),
    );
  }

  /**
   * One CSV per chart widget, as the dashboard's own CSV download gives it to this viewer (a dashboard
   * that restricts downloads refuses viewers without DownloadData: the delivery records why).
   */
  private async csvWidgets(
    opened: OpenedForViewer,
    charts: readonly StoredWidget[],
    values: RenderControlValues,
    attachments: NotificationAttachment[],
  ): Promise<SummaryWidget[]> {
    const { dashboardWidgetRuns } = this.dependencies.dashboards;
    const widgets = opened.dashboard.config.widgets as StoredWidget[];
    const taken = new Set<string>();
    const files = await Promise.all(
      charts.map((widget) =>
        dashboardWidgetRuns.runAsCsvWithRows(
          opened.viewer,
          this.reference(opened, widget),
          runInputOf(widgets, values, String(widget.id)),
        ),
      ),
    );
    return charts.map((widget, index) => {
      const file = files[index] as (typeof files)[number];
      const title = this.titleOf(opened.dashboard, widget);
      attachments.push({
        filename: fileNameOf(title, 'csv', taken),
        contentType: 'text/csv; charset=utf-8',
        content: Buffer.from(file.content, 'utf8'),
      });
      return {
        widgetId: String(widget.id),
        title,
        kind: this.kindOf(opened.dashboard, widget),
        outcome: { kind: 'rows', result: file.result },
      };
    });
  }

  private async printed(
    request: NotificationRenderRequest,
    opened: OpenedForViewer,
    values: RenderControlValues,
    title: string,
    signal: AbortSignal,
  ): Promise<NotificationAttachment> {
    const format = request.format === 'pdf' ? 'pdf' : 'png';
    const fragment = new URLSearchParams({
      token: await opened.pageToken(),
      render: JSON.stringify(values),
    });
    const base = this.dependencies.publicUrl().replace(/\/+$/, '');
    const url = `${base}/render/dashboard/${encodeURIComponent(opened.dashboard.publicId)}#${fragment.toString()}`;
    const content = await this.dependencies.browser.render(
      { url, format, label: `dashboard ${opened.dashboard.id}` },
      signal,
    );
    return {
      filename: fileNameOf(title, format, new Set()),
      contentType: format === 'pdf' ? 'application/pdf' : 'image/png',
      content,
    };
  }
}
