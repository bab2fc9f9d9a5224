import { SetUserAttributeValueInput, UserAttributeValueItem } from '../../schemas/user-attribute.schema.js';
import { defineOperation } from '../operation.js';

export const setUserAttributeValue = defineOperation({
  operationId: 'setUserAttributeValue',
  method: 'POST',
  path: '/api/v1/user-attribute-values',
  tag: 'UserAttributes',
  summary: "Set or clear a user's value of an attribute",
  description:
    "The value must be of the attribute's type; no value clears it (the default applies again). Access policies see the change from the next query on.",
  action: 'UsersManage',
  body: SetUserAttributeValueInput,
  response: UserAttributeValueItem,
  errors: ['NOT_FOUND'],
});
