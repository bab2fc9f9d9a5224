import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { FoldersService } from './folders.service.js';

type FolderOperations = Pick<
  Operations,
  'listFolders' | 'createFolder' | 'getFolder' | 'updateFolder' | 'deleteFolder' | 'getFolderAncestors'
>;

export function foldersRoutes(folders: FoldersService): OperationHandlers<FolderOperations> {
  return {
    listFolders: ({ params, query, context }) => folders.list(context.principal, params.deploymentId, query),
    createFolder: ({ params, body, context }) => folders.create(context.principal, params.deploymentId, body),
    getFolder: ({ params, context }) => folders.get(context.principal, params.deploymentId, params.folderId),
    updateFolder: ({ params, body, context }) =>
      folders.update(context.principal, params.deploymentId, params.folderId, body),
    deleteFolder: ({ params, query, context }) =>
      folders.delete(context.principal, params.deploymentId, params.folderId, query.recursive ?? false),
    getFolderAncestors: ({ params, context }) =>
      folders.ancestors(context.principal, params.deploymentId, params.folderId),
  };
}
