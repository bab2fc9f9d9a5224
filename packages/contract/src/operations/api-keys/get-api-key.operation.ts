import { ApiKey, ApiKeyIdParams } from '../../schemas/api-key.schema.js';
import { defineOperation } from '../operation.js';

export const getApiKey = defineOperation({
  operationId: 'getApiKey',
  method: 'GET',
  path: '/api/v1/api-keys/{apiKeyId}',
  tag: 'ApiKeys',
  summary: 'Get one API key (never the key itself)',
  action: null,
  params: ApiKeyIdParams,
  response: ApiKey,
  errors: ['NOT_FOUND'],
});
