import { ResourcePolicies, SetGroupResourcePolicyInput } from '../../schemas/resource-policy.schema.js';
import { defineOperation } from '../operation.js';

export const setGroupResourcePolicy = defineOperation({
  operationId: 'setGroupResourcePolicy',
  method: 'PUT',
  path: '/api/v1/resource-policies/group',
  tag: 'ResourcePolicies',
  summary:
    'Grant a user group view, edit or manage on one folder, workbook, report or dashboard, or remove the grant',
  description:
    "Needs manage on the item (a folder's grant applies to everything in it). No `action` removes the grant. Answers the item's grants.",
  action: 'ContentRead',
  body: SetGroupResourcePolicyInput,
  response: ResourcePolicies,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
