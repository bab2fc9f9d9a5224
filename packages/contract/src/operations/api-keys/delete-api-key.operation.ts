import { ApiKeyIdParams } from '../../schemas/api-key.schema.js';
import { SuccessResponse } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const deleteApiKey = defineOperation({
  operationId: 'deleteApiKey',
  method: 'DELETE',
  path: '/api/v1/api-keys/{apiKeyId}',
  tag: 'ApiKeys',
  summary: 'Delete an API key; it stops working at once',
  action: null,
  params: ApiKeyIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
