import { ListUserAttributesQuery, UserAttributesListResponse } from '../../schemas/user-attribute.schema.js';
import { defineOperation } from '../operation.js';

export const listUserAttributes = defineOperation({
  operationId: 'listUserAttributes',
  method: 'GET',
  path: '/api/v1/user-attributes',
  tag: 'UserAttributes',
  summary: 'List the user attributes the account defines',
  action: null,
  query: ListUserAttributesQuery,
  response: UserAttributesListResponse,
});
