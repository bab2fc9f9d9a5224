import { Agent, AgentIdParams, UpdateAgentInput } from '../../schemas/agent.schema.js';
import { defineOperation } from '../operation.js';

export const updateAgent = defineOperation({
  operationId: 'updateAgent',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/agents/{agentId}',
  tag: 'Agents',
  summary: 'Update an agent (fields left out keep their value)',
  description:
    '`isDefault: true` makes it the default agent; the default cannot be unset, only moved to another agent.',
  action: 'DeploymentManage',
  params: AgentIdParams,
  body: UpdateAgentInput,
  response: Agent,
  errors: ['NOT_FOUND'],
});
