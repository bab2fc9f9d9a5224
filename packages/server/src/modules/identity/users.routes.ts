import { actionsOfRole, type Operations } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { UsersService } from './users.service.js';

type UserOperations = Pick<
  Operations,
  'getCurrentUser' | 'listUsers' | 'getUser' | 'createUser' | 'updateUser' | 'deleteUser' | 'bulkUpdateUsers'
>;

export function usersRoutes(users: UsersService): OperationHandlers<UserOperations> {
  return {
    getCurrentUser: async ({ context: { principal } }) => {
      // Only the management scheme reaches this, and it knows API keys alone.
      if (principal.credential.type !== 'api-key') {
        throw new AppError('UNAUTHORIZED', 'a notification delivery is not a credential of the API');
      }
      const user = await users.get(principal, principal.userId);
      return {
        ...user,
        username: user.email,
        isAdmin: principal.role === 'admin',
        account: { id: principal.accountId, name: principal.accountName },
        credential: {
          type: principal.credential.type,
          id: principal.credential.id,
          role: principal.role,
          deploymentIds: principal.credential.deploymentIds ? [...principal.credential.deploymentIds] : null,
        },
        actions: [...new Set([...actionsOfRole[principal.role], ...principal.grantedActions])].filter(
          (action) => !principal.withheldActions?.has(action),
        ),
      };
    },
    listUsers: ({ query, context }) => users.list(context.principal, query),
    getUser: ({ params, context }) => users.get(context.principal, params.userId),
    createUser: ({ body, context }) => users.create(context.principal, body),
    updateUser: ({ params, body, context }) => users.update(context.principal, params.userId, body),
    deleteUser: ({ params, context }) => users.delete(context.principal, params.userId),
    bulkUpdateUsers: ({ body, context }) => users.bulk(context.principal, body),
  };
}
