import { apiRequest, type OperationBody, type OperationOutput, pathOf, queryOf } from './api-client.js';

/** The calls the pages make, each typed by its contract operation. */
export const platformApi = {
  signIn: (apiKey: string) => apiRequest<undefined>('POST', '/auth/login', { apiKey }),
  signOut: () => apiRequest<undefined>('POST', '/auth/logout'),
  getCurrentUser: (signal?: AbortSignal) =>
    apiRequest<OperationOutput<'getCurrentUser'>>('GET', '/api/v1/users/me', undefined, signal),
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
};
