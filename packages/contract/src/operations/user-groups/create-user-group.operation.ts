import { CreateUserGroupInput, UserGroup } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

export const createUserGroup = defineOperation({
  operationId: 'createUserGroup',
  method: 'POST',
  path: '/api/v1/user-groups',
  tag: 'UserGroups',
  summary: 'Create a user group',
  description:
    'Names are unique in the account (409 otherwise). Resource policies grant rights to groups, and access policies of a model see a member as in the group of this name.',
  action: 'UsersManage',
  body: CreateUserGroupInput,
  successStatus: 201,
  response: UserGroup,
  errors: ['CONFLICT'],
});
