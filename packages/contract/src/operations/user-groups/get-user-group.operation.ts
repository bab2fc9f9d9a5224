import { UserGroup, UserGroupIdParams } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

export const getUserGroup = defineOperation({
  operationId: 'getUserGroup',
  method: 'GET',
  path: '/api/v1/user-groups/{groupId}',
  tag: 'UserGroups',
  summary: 'Get one user group',
  action: null,
  params: UserGroupIdParams,
  response: UserGroup,
  errors: ['NOT_FOUND'],
});
