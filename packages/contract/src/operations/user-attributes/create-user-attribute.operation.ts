import { CreateUserAttributeInput, UserAttribute } from '../../schemas/user-attribute.schema.js';
import { defineOperation } from '../operation.js';

export const createUserAttribute = defineOperation({
  operationId: 'createUserAttribute',
  method: 'POST',
  path: '/api/v1/user-attributes',
  tag: 'UserAttributes',
  summary: 'Define a user attribute',
  description:
    'Chat sessions may set only defined attributes; access policies see them as `userAttributes.<name>`.',
  action: 'UsersManage',
  body: CreateUserAttributeInput,
  successStatus: 201,
  response: UserAttribute,
  errors: ['CONFLICT'],
});
