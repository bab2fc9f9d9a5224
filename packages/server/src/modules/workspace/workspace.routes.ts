import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { WorkspaceItemsService } from './workspace-items.service.js';

type WorkspaceOperations = Pick<
  Operations,
  | 'listWorkspace'
  | 'listSharedWorkspace'
  | 'moveWorkspaceItem'
  | 'bulkDeleteWorkspaceItems'
  | 'bulkMoveWorkspaceItems'
>;

export function workspaceRoutes(items: WorkspaceItemsService): OperationHandlers<WorkspaceOperations> {
  return {
    listWorkspace: ({ params, query, context }) => items.list(context.principal, params.deploymentId, query),
    listSharedWorkspace: ({ params, query, context }) =>
      items.listShared(context.principal, params.deploymentId, query),
    moveWorkspaceItem: ({ params, body, context }) =>
      items.move(context.principal, params.deploymentId, body),
    bulkDeleteWorkspaceItems: ({ params, body, context }) =>
      items.bulkDelete(context.principal, params.deploymentId, body),
    bulkMoveWorkspaceItems: ({ params, body, context }) =>
      items.bulkMove(context.principal, params.deploymentId, body),
  };
}
