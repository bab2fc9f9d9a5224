import { ApiKeysListResponse, ListApiKeysQuery } from '../../schemas/api-key.schema.js';
import { defineOperation } from '../operation.js';

export const listApiKeys = defineOperation({
  operationId: 'listApiKeys',
  method: 'GET',
  path: '/api/v1/api-keys',
  tag: 'ApiKeys',
  summary: "List API keys (the caller's own, or another user's with UsersManage)",
  action: null,
  query: ListApiKeysQuery,
  response: ApiKeysListResponse,
  errors: ['NOT_FOUND'],
});
