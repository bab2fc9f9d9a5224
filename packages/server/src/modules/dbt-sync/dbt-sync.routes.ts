import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../http/operation-handler.js';
import type { DbtSyncService } from './dbt-sync.service.js';

type DbtSyncOperations = Pick<
  Operations,
  | 'startDbtSync'
  | 'listDbtSyncs'
  | 'getDbtSyncStatus'
  | 'cancelDbtSync'
  | 'getDbtSyncResult'
  | 'getDbtSyncLogs'
>;

export function dbtSyncRoutes(services: { dbtSync: DbtSyncService }): OperationHandlers<DbtSyncOperations> {
  const { dbtSync } = services;
  return {
    startDbtSync: ({ params, body, context }) => dbtSync.start(context.principal, params.deploymentId, body),
    listDbtSyncs: ({ params, query, context }) => dbtSync.list(context.principal, params.deploymentId, query),
    getDbtSyncStatus: ({ params, context }) =>
      dbtSync.status(context.principal, params.deploymentId, params.syncJobId),
    cancelDbtSync: ({ params, context }) =>
      dbtSync.cancel(context.principal, params.deploymentId, params.syncJobId),
    getDbtSyncResult: ({ params, context }) =>
      dbtSync.result(context.principal, params.deploymentId, params.syncJobId),
    getDbtSyncLogs: ({ params, context }) =>
      dbtSync.logs(context.principal, params.deploymentId, params.syncJobId),
  };
}
