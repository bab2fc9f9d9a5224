import {
  UserAttributeValuesParams,
  UserAttributeValuesResponse,
} from '../../schemas/user-attribute.schema.js';
import { defineOperation } from '../operation.js';

export const getUserAttributeValues = defineOperation({
  operationId: 'getUserAttributeValues',
  method: 'GET',
  path: '/api/v1/user-attribute-values/{userId}',
  tag: 'UserAttributes',
  summary: "A user's value of every attribute of the account (their own, else the default)",
  description: "A user may read their own values; reading another user's needs UsersManage.",
  action: null,
  params: UserAttributeValuesParams,
  response: UserAttributeValuesResponse,
  errors: ['NOT_FOUND'],
});
