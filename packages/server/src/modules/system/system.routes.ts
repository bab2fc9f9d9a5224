import type { ChatOperations, OpenApiFilter, Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { OpenApiService } from './openapi.service.js';

function filterOf(query: { operationId?: string[] | undefined; search?: string | undefined }): OpenApiFilter {
  return {
    ...(query.operationId ? { operationIds: query.operationId } : {}),
    ...(query.search ? { search: query.search } : {}),
  };
}

export function systemRoutes(openApi: OpenApiService): OperationHandlers<Pick<Operations, 'getOpenApiSpec'>> {
  return {
    getOpenApiSpec: async ({ query }) =>
      openApi.filtered(filterOf(query)) as unknown as Record<string, unknown>,
  };
}

/** The chat listener's own document, with the same filters. */
export function chatSpecRoutes(
  chatOpenApi: OpenApiService,
): OperationHandlers<Pick<ChatOperations, 'getChatOpenApiSpec'>> {
  return {
    getChatOpenApiSpec: async ({ query }) =>
      chatOpenApi.filtered(filterOf(query)) as unknown as Record<string, unknown>,
  };
}
