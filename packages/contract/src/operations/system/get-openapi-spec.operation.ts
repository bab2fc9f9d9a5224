import * as z from 'zod';
import { queryArray } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const getOpenApiSpec = defineOperation({
  operationId: 'getOpenApiSpec',
  method: 'GET',
  path: '/api/v1/spec',
  tag: 'System',
  summary: 'The OpenAPI 3.1 description of this API, optionally filtered by operation',
  description:
    'With `operationId` (repeatable) or `search`, the answer is a self-contained document of the matching ' +
    'operations and the schemas they use. No match is a 404.',
  action: null,
  query: z.object({
    operationId: queryArray(z.string().min(1)).optional(),
    search: z.string().trim().min(1).optional(),
  }),
  response: z.record(z.string(), z.unknown()).meta({ id: 'OpenApiDocument' }),
  errors: ['NOT_FOUND'],
});
