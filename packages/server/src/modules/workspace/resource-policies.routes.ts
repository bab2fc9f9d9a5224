import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { ResourcePoliciesService } from './resource-policies.service.js';

type ResourcePolicyOperations = Pick<
  Operations,
  'getResourcePolicies' | 'setUserResourcePolicy' | 'setGroupResourcePolicy'
>;

export function resourcePoliciesRoutes(
  resourcePolicies: ResourcePoliciesService,
): OperationHandlers<ResourcePolicyOperations> {
  return {
    getResourcePolicies: ({ query, context }) =>
      resourcePolicies.get(context.principal, query.resourceType, query.resourceId),
    setUserResourcePolicy: ({ body, context }) => resourcePolicies.setForUser(context.principal, body),
    setGroupResourcePolicy: ({ body, context }) => resourcePolicies.setForGroup(context.principal, body),
  };
}
