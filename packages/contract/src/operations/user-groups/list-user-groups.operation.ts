import { ListUserGroupsQuery, UserGroupsListResponse } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

export const listUserGroups = defineOperation({
  operationId: 'listUserGroups',
  method: 'GET',
  path: '/api/v1/user-groups',
  tag: 'UserGroups',
  summary: 'List the user groups of the account',
  description: 'Any user of the account may read its groups, as its users.',
  action: null,
  query: ListUserGroupsQuery,
  response: UserGroupsListResponse,
});
