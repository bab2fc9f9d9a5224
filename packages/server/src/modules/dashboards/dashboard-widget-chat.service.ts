import type { ChatStreamMessage, DashboardWidget } from '@platform/contract';
import { AppError, notFound } from '../../errors/app-error.js';
import type { AccountUserChatService, AccountUserQuestion } from '../chat/account-user-chat.service.js';
import type { Principal } from '../identity/principal.js';
import type { DashboardsService } from './dashboards.service.js';

/**
 * The `AI` widgets of a published dashboard: the thread each shows (readable by whoever may view the
 * dashboard) and follow-up questions, answered by the Chat API's agent as the asking user in a thread of
 * their own.
 */
export class DashboardWidgetChatService {
  constructor(
    private readonly dashboards: Pick<DashboardsService, 'get'>,
    private readonly chat: AccountUserChatService,
  ) {}

  async thread(principal: Principal, deploymentId: number, dashboardId: number, widgetId: string) {
    const widget = await this.aiWidget(principal, deploymentId, dashboardId, widgetId);
    const chatId = stringOf(widget.config?.threadId);
    if (chatId === null) return { chatId: null, messages: [] };
    const messages = await this.chat.threadMessages({ accountId: principal.accountId, deploymentId }, chatId);
    return { chatId, messages };
  }

  async stream(
    principal: Principal,
    deploymentId: number,
    dashboardId: number,
    widgetId: string,
    question: AccountUserQuestion,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatStreamMessage>> {
    const widget = await this.aiWidget(principal, deploymentId, dashboardId, widgetId);
    const agent = await this.chat.agentOf(principal, deploymentId, stringOf(widget.config?.agentId));
    return this.chat.stream(principal, agent, question, signal);
  }

  /** The widget of the dashboard's latest version the caller may view; it must be an `AI` widget. */
  private async aiWidget(
    principal: Principal,
    deploymentId: number,
    dashboardId: number,
    widgetId: string,
  ): Promise<DashboardWidget> {
    const dashboard = await this.dashboards.get(principal, deploymentId, dashboardId);
    const widget = (dashboard.config.widgets as DashboardWidget[]).find(
      (candidate) => candidate.id === widgetId,
    );
    if (!widget) throw notFound(`widget ${widgetId} of dashboard ${dashboardId}`);
    if (widget.type !== 'AI') {
      throw new AppError(
        'BAD_REQUEST',
        `widget ${widgetId} is a ${widget.type} widget; only AI widgets have a chat`,
      );
    }
    return widget;
  }
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}
