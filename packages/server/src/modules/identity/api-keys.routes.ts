import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { ApiKeysService } from './api-keys.service.js';

type ApiKeyOperations = Pick<Operations, 'listApiKeys' | 'createApiKey' | 'getApiKey' | 'deleteApiKey'>;

export function apiKeysRoutes(apiKeys: ApiKeysService): OperationHandlers<ApiKeyOperations> {
  return {
    listApiKeys: ({ query, context }) => apiKeys.list(context.principal, query),
    createApiKey: ({ body, context }) => apiKeys.create(context.principal, body),
    getApiKey: ({ params, context }) => apiKeys.get(context.principal, params.apiKeyId),
    deleteApiKey: ({ params, context }) => apiKeys.delete(context.principal, params.apiKeyId),
  };
}
