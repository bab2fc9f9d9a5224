import { Agent, CreateAgentInput } from '../../schemas/agent.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const createAgent = defineOperation({
  operationId: 'createAgent',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/agents',
  tag: 'Agents',
  summary: 'Create an agent',
  description:
    'The first agent of a deployment is its default; `isDefault: true` moves the default to the new agent. `model.apiKey` is stored encrypted.',
  action: 'DeploymentManage',
  params: DeploymentIdParams,
  body: CreateAgentInput,
  successStatus: 201,
  response: Agent,
  errors: ['NOT_FOUND'],
});
