import { ChatStreamMessage } from '../../schemas/chat.schema.js';
import { DashboardWidgetChatInput, DashboardWidgetParams } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const streamDashboardWidgetChat = defineOperation({
  operationId: 'streamDashboardWidgetChat',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}/widgets/{widgetId}/chat',
  tag: 'Dashboards',
  summary: 'Ask an AI widget a follow-up question, streamed as the Chat API streams',
  description:
    "Answers through the Chat API's agent (the widget's `config.agentId`, or the deployment's default agent) as the calling user (their own chat user, `internalId` = their e-mail, so the model's access policies apply to them), in the caller's own thread: the widget's stored thread stays as published. The lines are the Chat API's (SPEC.md \"Chat stream\"); the last `__state__` line carries the thread's `chatId` for the next question.",
  action: 'ContentRead',
  params: DashboardWidgetParams,
  body: DashboardWidgetChatInput,
  response: ChatStreamMessage,
  responseContentType: 'application/x-ndjson',
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
