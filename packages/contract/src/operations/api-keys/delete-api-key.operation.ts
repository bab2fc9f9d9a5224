import { ApiKeyIdParams } from '../../schemas/api-key.schema.js';
import { SuccessResponse } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const deleteApiKey = defineOperation({
  operationId: 'deleteApiKey',
  method: 'DELETE',
  path: '/api/v1/api-keys/{apiKeyId}',
  tag: 'ApiKeys',
  summary: 'Delete an API key; it stops working at once',
  description:
    'A credential never mints or deletes one with more rights than its own (403): a limited key cannot delete a stronger one.',
  action: null,
  params: ApiKeyIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
