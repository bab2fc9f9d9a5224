import { CreateApiKeyInput, CreatedApiKey } from '../../schemas/api-key.schema.js';
import { defineOperation } from '../operation.js';

export const createApiKey = defineOperation({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api/v1/api-keys',
  tag: 'ApiKeys',
  summary: 'Create an API key; the key is in `token`, shown this once',
  action: null,
  body: CreateApiKeyInput,
  successStatus: 201,
  response: CreatedApiKey,
  errors: ['NOT_FOUND'],
});
