import { UserAttribute, UserAttributeIdParams } from '../../schemas/user-attribute.schema.js';
import { defineOperation } from '../operation.js';

export const getUserAttribute = defineOperation({
  operationId: 'getUserAttribute',
  method: 'GET',
  path: '/api/v1/user-attributes/{attributeId}',
  tag: 'UserAttributes',
  summary: 'Get one user attribute definition',
  action: null,
  params: UserAttributeIdParams,
  response: UserAttribute,
  errors: ['NOT_FOUND'],
});
