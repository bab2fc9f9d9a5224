import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../http/operation-handler.js';
import type { OpenApiService } from './openapi.service.js';

export function systemRoutes(openApi: OpenApiService): OperationHandlers<Pick<Operations, 'getOpenApiSpec'>> {
  return {
    getOpenApiSpec: async ({ query }) =>
      openApi.filtered({
        ...(query.operationId ? { operationIds: query.operationId } : {}),
        ...(query.search ? { search: query.search } : {}),
      }) as unknown as Record<string, unknown>,
  };
}
