import {
  apiRequest,
  apiStream,
  type OperationBody,
  type OperationOutput,
  pathOf,
  queryOf,
} from './api-client.js';

/** The calls the pages make, each typed by its contract operation. */
export const platformApi = {
  signIn: (apiKey: string) => apiRequest<undefined>('POST', '/auth/login', { apiKey }),
  signOut: () => apiRequest<undefined>('POST', '/auth/logout'),
  getSignInOptions: (account: string | null, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'getSignInOptions'>>(
      'GET',
      `/auth/sign-in-options${queryOf({ account: account ?? undefined })}`,
      undefined,
      signal,
    ),
  decideDeviceAuthorization: (input: OperationBody<'decideDeviceAuthorization'>) =>
    apiRequest<OperationOutput<'decideDeviceAuthorization'>>('POST', '/auth/device/decision', input),
  getCurrentUser: (signal?: AbortSignal) =>
    apiRequest<OperationOutput<'getCurrentUser'>>('GET', '/api/v1/users/me', undefined, signal),
  getAppConfig: (signal?: AbortSignal) =>
    apiRequest<OperationOutput<'getAppConfig'>>('GET', '/api/v1/app-config', undefined, signal),
  listDeployments: (signal?: AbortSignal) =>
    apiRequest<OperationOutput<'listDeployments'>>('GET', '/api/v1/deployments', undefined, signal),
  listWorkspace: (deploymentId: number, folderId: number | null, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'listWorkspace'>>(
      'GET',
      `${pathOf('/api/v1/deployments/{deploymentId}/workspace', { deploymentId })}${queryOf({
        folderId: folderId ?? undefined,
        first: 100,
      })}`,
      undefined,
      signal,
    ),
  getWorkbook: (deploymentId: number, workbookId: number, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'getWorkbook'>>(
      'GET',
      pathOf('/api/v1/deployments/{deploymentId}/workbooks/{workbookId}', { deploymentId, workbookId }),
      undefined,
      signal,
    ),
  listWorkbookReports: (deploymentId: number, workbookId: number, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'listReports'>>(
      'GET',
      `${pathOf('/api/v1/deployments/{deploymentId}/reports', { deploymentId })}${queryOf({
        workbookId,
        sortBy: 'name',
        first: 100,
      })}`,
      undefined,
      signal,
    ),
  getReport: (deploymentId: number, reportId: number, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'getReport'>>(
      'GET',
      pathOf('/api/v1/deployments/{deploymentId}/reports/{reportId}', { deploymentId, reportId }),
      undefined,
      signal,
    ),
  runReport: (
    deploymentId: number,
    reportId: number,
    input: OperationBody<'runReport'>,
    signal?: AbortSignal,
  ) =>
    apiRequest<OperationOutput<'runReport'>>(
      'POST',
      pathOf('/api/v1/deployments/{deploymentId}/reports/{reportId}/run', { deploymentId, reportId }),
      input ?? {},
      signal,
    ),
  getDashboardByPublicId: (publicId: string, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'getDashboardByPublicId'>>(
      'GET',
      pathOf('/api/v1/dashboards/by-public-id/{publicId}', { publicId }),
      undefined,
      signal,
    ),
  runDashboardWidget: (
    target: { deploymentId: number; dashboardId: number; widgetId: string },
    input: OperationBody<'runDashboardWidget'>,
    signal?: AbortSignal,
  ) =>
    apiRequest<OperationOutput<'runDashboardWidget'>>(
      'POST',
      pathOf('/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}/widgets/{widgetId}/run', target),
      input ?? {},
      signal,
    ),
  getDashboardWidgetThread: (
    target: { deploymentId: number; dashboardId: number; widgetId: string },
    signal?: AbortSignal,
  ) =>
    apiRequest<OperationOutput<'getDashboardWidgetThread'>>(
      'GET',
      pathOf('/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}/widgets/{widgetId}/thread', target),
      undefined,
      signal,
    ),
  /** A follow-up question to an AI widget: the Chat API's lines as they arrive. */
  streamDashboardWidgetChat: (
    target: { deploymentId: number; dashboardId: number; widgetId: string },
    input: OperationBody<'streamDashboardWidgetChat'>,
    signal?: AbortSignal,
  ) =>
    apiStream<OperationOutput<'streamDashboardWidgetChat'>>(
      pathOf('/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}/widgets/{widgetId}/chat', target),
      input,
      signal,
    ),
  /** The data API's load, as the viewer (what an APP dashboard's queries run through). */
  loadQuery: (deploymentId: number, query: Record<string, unknown>, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'postLoadQuery'>>(
      'POST',
      pathOf('/deployments/{deploymentId}/data/v1/load', { deploymentId }),
      { query },
      signal,
    ),
  /** The published dashboard for the embed token's user (the embed page; same shape as by-public-id). */
  getEmbedDashboard: (publicId: string, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'getEmbedDashboard'>>(
      'GET',
      pathOf('/api/v1/embed/dashboard/{publicId}', { publicId }),
      undefined,
      signal,
    ),
  /** The customer's own JWT exchanged for an embed token of the dashboard's deployment. */
  exchangeEmbedPlatformToken: (platformToken: string, dashboardPublicId: string, signal?: AbortSignal) =>
    apiRequest<OperationOutput<'exchangeEmbedPlatformToken'>>(
      'POST',
      '/api/v1/embed/platform-token',
      { platformToken, dashboardPublicId } satisfies OperationBody<'exchangeEmbedPlatformToken'>,
      signal,
    ),
};
