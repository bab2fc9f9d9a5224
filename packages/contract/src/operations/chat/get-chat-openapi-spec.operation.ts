import { defineOperation } from '../operation.js';
import { getOpenApiSpec } from '../system/get-openapi-spec.operation.js';

/** The management listener's spec operation, on the chat listener: same filters, the Chat API's document. */
export const getChatOpenApiSpec = defineOperation({
  operationId: 'getChatOpenApiSpec',
  method: 'GET',
  path: '/api/v1/spec',
  tag: 'Chat',
  summary: 'The OpenAPI 3.1 description of the Chat API, optionally filtered by operation',
  description:
    'Served by the chat listener itself, without credentials. With `operationId` (repeatable) or `search`, ' +
    'the answer is a self-contained document of the matching operations and the schemas they use. No ' +
    'match is a 404.',
  action: null,
  authScheme: 'none',
  query: getOpenApiSpec.query,
  response: getOpenApiSpec.response,
  errors: ['NOT_FOUND'],
});
