import { ResourcePolicies, ResourcePoliciesQuery } from '../../schemas/resource-policy.schema.js';
import { defineOperation } from '../operation.js';

export const getResourcePolicies = defineOperation({
  operationId: 'getResourcePolicies',
  method: 'GET',
  path: '/api/v1/resource-policies',
  tag: 'ResourcePolicies',
  summary: 'The users and groups granted rights on one folder, workbook, report or dashboard',
  description:
    'Anyone who may see the item sees its grants. Grants on the folders above the item apply to it too and are listed on those folders.',
  action: 'ContentRead',
  query: ResourcePoliciesQuery,
  response: ResourcePolicies,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
