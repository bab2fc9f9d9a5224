import { CreateApiKeyInput, CreatedApiKey } from '../../schemas/api-key.schema.js';
import { defineOperation } from '../operation.js';

export const createApiKey = defineOperation({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api/v1/api-keys',
  tag: 'ApiKeys',
  summary: 'Create an API key; the key is in `token`, shown this once',
  description:
    'A credential never mints or deletes one with more rights than its own (403): a key limited to a role or to some deployments creates keys within those limits, and a key made without `role` or `deploymentIds` keeps them.',
  action: null,
  body: CreateApiKeyInput,
  successStatus: 201,
  response: CreatedApiKey,
  errors: ['NOT_FOUND'],
});
