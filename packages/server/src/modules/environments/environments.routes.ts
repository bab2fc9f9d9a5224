import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { EnvironmentTokensService } from './environment-tokens.service.js';
import type { EnvironmentsService } from './environments.service.js';

type EnvironmentOperations = Pick<
  Operations,
  'listEnvironments' | 'listEnvironmentTokens' | 'createEnvironmentToken' | 'createEnvironmentMetaSyncToken'
>;

export interface EnvironmentsModuleServices {
  environments: EnvironmentsService;
  environmentTokens: EnvironmentTokensService;
}

export function environmentsRoutes(
  services: EnvironmentsModuleServices,
): OperationHandlers<EnvironmentOperations> {
  const { environments, environmentTokens } = services;
  return {
    listEnvironments: ({ params, query, context }) =>
      environments.list(context.principal, params.deploymentId, query),
    listEnvironmentTokens: ({ params, query, context }) =>
      environmentTokens.list(context.principal, params.deploymentId, params.environmentId, query),
    createEnvironmentToken: ({ params, body, context }) =>
      environmentTokens.create(context.principal, params.deploymentId, params.environmentId, body),
    createEnvironmentMetaSyncToken: ({ params, body, context }) =>
      environmentTokens.createMetaSync(context.principal, params.deploymentId, params.environmentId, body),
  };
}
