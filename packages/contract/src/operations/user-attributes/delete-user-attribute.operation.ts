import { UserAttributeIdParams } from '../../schemas/user-attribute.schema.js';
import { defineOperation } from '../operation.js';

export const deleteUserAttribute = defineOperation({
  operationId: 'deleteUserAttribute',
  method: 'DELETE',
  path: '/api/v1/user-attributes/{attributeId}',
  tag: 'UserAttributes',
  summary: 'Delete a user attribute definition',
  action: 'UsersManage',
  params: UserAttributeIdParams,
  successStatus: 204,
  errors: ['NOT_FOUND'],
});
