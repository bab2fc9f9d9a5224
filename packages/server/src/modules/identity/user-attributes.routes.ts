import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { UserAttributesService } from './user-attributes.service.js';

type UserAttributeOperations = Pick<
  Operations,
  | 'listUserAttributes'
  | 'createUserAttribute'
  | 'deleteUserAttribute'
  | 'getUserAttribute'
  | 'updateUserAttribute'
  | 'getUserAttributeValues'
  | 'setUserAttributeValue'
>;

export function userAttributesRoutes(
  userAttributes: UserAttributesService,
): OperationHandlers<UserAttributeOperations> {
  return {
    listUserAttributes: ({ query, context }) => userAttributes.list(context.principal, query),
    createUserAttribute: ({ body, context }) => userAttributes.create(context.principal, body),
    deleteUserAttribute: ({ params, context }) =>
      userAttributes.delete(context.principal, params.attributeId),
    getUserAttribute: ({ params, context }) => userAttributes.get(context.principal, params.attributeId),
    updateUserAttribute: ({ params, body, context }) =>
      userAttributes.update(context.principal, params.attributeId, body),
    getUserAttributeValues: ({ params, context }) =>
      userAttributes.valuesOf(context.principal, params.userId),
    setUserAttributeValue: ({ body, context }) => userAttributes.setValue(context.principal, body),
  };
}
