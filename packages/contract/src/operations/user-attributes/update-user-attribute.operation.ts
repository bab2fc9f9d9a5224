import {
  UpdateUserAttributeInput,
  UserAttribute,
  UserAttributeIdParams,
} from '../../schemas/user-attribute.schema.js';
import { defineOperation } from '../operation.js';

export const updateUserAttribute = defineOperation({
  operationId: 'updateUserAttribute',
  method: 'PUT',
  path: '/api/v1/user-attributes/{attributeId}',
  tag: 'UserAttributes',
  summary: 'Change the label, description or default of a user attribute (partial)',
  description:
    'The name and type are fixed (sending them is a 400). A new default applies from the next query on to users without a value of their own.',
  action: 'UsersManage',
  params: UserAttributeIdParams,
  body: UpdateUserAttributeInput,
  response: UserAttribute,
  errors: ['NOT_FOUND'],
});
