import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DbtRepositoriesService } from './dbt-repositories.service.js';
import type { DbtSyncService } from './dbt-sync.service.js';

type DbtSyncOperations = Pick<
  Operations,
  | 'startDbtSync'
  | 'listDbtSyncs'
  | 'getDbtSyncStatus'
  | 'cancelDbtSync'
  | 'getDbtSyncResult'
  | 'getDbtSyncLogs'
  | 'getDbtRepository'
  | 'connectDbtRepository'
  | 'disconnectDbtRepository'
  | 'receiveDbtWebhook'
>;

export function dbtSyncRoutes(services: {
  dbtSync: DbtSyncService;
  dbtRepositories: DbtRepositoriesService;
}): OperationHandlers<DbtSyncOperations> {
  const { dbtSync, dbtRepositories } = services;
  return {
    // The CLI says so in a header: its syncs are `manual`, every other API caller's are `api`.
    startDbtSync: ({ params, body, context }) =>
      dbtSync.start(
        context.principal,
        params.deploymentId,
        body,
        context.client === 'cli' ? 'manual' : 'api',
      ),
    listDbtSyncs: ({ params, query, context }) => dbtSync.list(context.principal, params.deploymentId, query),
    getDbtSyncStatus: ({ params, context }) =>
      dbtSync.status(context.principal, params.deploymentId, params.syncJobId),
    cancelDbtSync: ({ params, context }) =>
      dbtSync.cancel(context.principal, params.deploymentId, params.syncJobId),
    getDbtSyncResult: ({ params, context }) =>
      dbtSync.result(context.principal, params.deploymentId, params.syncJobId),
    getDbtSyncLogs: ({ params, context }) =>
      dbtSync.logs(context.principal, params.deploymentId, params.syncJobId),
    getDbtRepository: ({ params, context }) => dbtRepositories.get(context.principal, params.deploymentId),
    connectDbtRepository: ({ params, body, context }) =>
      dbtRepositories.connect(context.principal, params.deploymentId, body),
    disconnectDbtRepository: async ({ params, context }) => {
      await dbtRepositories.disconnect(context.principal, params.deploymentId);
    },
    receiveDbtWebhook: ({ params, body, context }) =>
      dbtSync.startFromWebhook(params.deploymentId, context, body),
  };
}
